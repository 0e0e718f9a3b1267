"""Outside app/rooms the room service is reached only through its public methods
(issue 36): what the web layer (and app/main.py) reads off `rooms`, `self.rooms` or
`app.state.rooms` is a method of RoomService, never one of its parts (`rooms.live`,
`rooms.broker`, `rooms.locks`...) nor an underscore name. Read from the source's syntax
tree; the rule is shown to catch planted reaches."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from fastapi import FastAPI

from app.rooms.service import RoomService

APP = Path(__file__).resolve().parents[2] / "app"


def public_methods(service: RoomService) -> frozenset[str]:
    """The service's public methods: its own, and its parts' it offers as its own (not
    a callable it was given, such as the hub's presence)."""
    held = [service, *vars(service).values()]
    names = set()
    for name in dir(service):
        value = getattr(service, name)
        if name.startswith("_"):
            continue
        if (inspect.ismethod(value) and any(value.__self__ is part for part in held)) or (
                isinstance(inspect.getattr_static(RoomService, name, None), staticmethod)):
            names.add(name)
    return frozenset(names)


def _is_service(node: ast.expr) -> bool:
    """`rooms`, `self.rooms` or `<...>.state.rooms`."""
    if isinstance(node, ast.Name):
        return node.id == "rooms"
    return isinstance(node, ast.Attribute) and node.attr == "rooms" and (
        (isinstance(node.value, ast.Name) and node.value.id == "self")
        or (isinstance(node.value, ast.Attribute) and node.value.attr == "state"))


def reaches(source: str, allowed: frozenset[str]) -> list[tuple[int, str]]:
    """(line, name) for every attribute read off the room service that is not one of
    `allowed`."""
    return sorted((node.lineno, node.attr) for node in ast.walk(ast.parse(source))
                  if isinstance(node, ast.Attribute) and _is_service(node.value)
                  and node.attr not in allowed)


def test_outside_app_rooms_only_public_methods_are_called(app: FastAPI) -> None:
    allowed = public_methods(app.state.rooms)
    assert {"submit_move", "watched", "chat", "admit", "room"} <= allowed
    assert not allowed & {"live", "broker", "locks", "bots", "repo", "clock", "notices",
                          "presence", "gone"}
    found = [f"{path.relative_to(APP)}:{line}: rooms.{name}"
             for path in sorted(APP.rglob("*.py")) if APP / "rooms" not in path.parents
             for line, name in reaches(path.read_text(), allowed)]
    assert found == []


def test_the_rule_catches_reaches_inside(app: FastAPI) -> None:
    allowed = public_methods(app.state.rooms)
    planted = """
live = self.rooms.live.rooms.get(code)
async with rooms.broker.subscribe(channel(code)) as s: ...
await request.app.state.rooms._live(code)
rooms.clock()
await self.rooms.submit_move(code, token, 1, {})
"""
    assert reaches(planted, allowed) == [(2, "live"), (3, "broker"), (4, "_live"),
                                         (5, "clock")]
