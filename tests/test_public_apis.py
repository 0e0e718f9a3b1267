"""app/ uses its libraries through their public APIs only (issue 38): it meets the server
through ASGI and Starlette's `WebSocket`, never uvicorn's or websockets' protocol
objects; it reads no private attribute of a library object and replaces no library
method. Read from the source's syntax tree (`ast`), so a comment or a string that names
one of these is not a use; every rule is shown to catch a planted example.

A private name (`x._name`) is a library's when app/ itself defines no such name (a
function, class, attribute or variable): `rooms._live` is ours, `driver._execute` is
aiosqlite's.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[1] / "app"

# Packages whose modules app/ must not import: the server's insides and its protocol.
# (uvicorn's own top-level API, `uvicorn.run`/`Config`/`Server`, is how app/serve.py
# starts the server: documented, and the only part of uvicorn app/ may name.)
SERVER = ("uvicorn", "websockets")
PUBLIC_ENTRY = frozenset({"uvicorn"})
# Libraries' internal packages (SQLAlchemy's own helpers: `greenlet_spawn`...).
INTERNAL = ("sqlalchemy.util",)
# What no app code touches, on any object: the ASGI callables behind Starlette's
# WebSocket, closures, the protocol's input, code objects and generator frames.
FORBIDDEN = frozenset({"_send", "_receive", "__closure__", "cell_contents", "data_received",
                       "__code__", "__func__", "__self__", "gi_code", "gi_frame",
                       "gi_yieldfrom", "cr_frame", "f_locals", "f_back"})

# Reaches that other branches remove: file -> the start of the reaches let be there
# ("": all). The lead drops a line when its branch lands.
def _root(node: ast.expr) -> ast.expr:
    while isinstance(node, ast.Attribute | ast.Subscript | ast.Call):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def defined_names(trees: list[ast.Module]) -> set[str]:
    """Every name app/ defines: functions, classes, arguments, variables, attributes
    it assigns (`self._x = ...`), slots."""
    names: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.alias):
                names.add(node.asname or node.name.split(".")[-1])
            elif (isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets)):
                names |= {c.value for c in ast.walk(node.value)
                          if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return names


def library_names(tree: ast.Module) -> set[str]:
    """The names a module binds by importing anything but app itself."""
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bound |= {(a.asname or a.name).split(".")[0] for a in node.names
                      if not a.name.startswith("app")}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and not (
                node.module or "").startswith("app"):
            bound |= {a.asname or a.name for a in node.names}
    return bound


def library_imports(tree: ast.Module) -> dict[str, tuple[str, str | None]]:
    """name -> (module, attribute or None) for what a module imports from libraries."""
    found: dict[str, tuple[str, str | None]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if not a.name.startswith("app"):
                    found[a.asname or a.name.split(".")[0]] = (
                        a.name if a.asname else a.name.split(".")[0], None)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and not (
                node.module or "").startswith("app"):
            for a in node.names:
                found[a.asname or a.name] = (node.module or "", a.name)
    return found


def _library_class(base: ast.expr, imports: dict[str, tuple[str, str | None]]) -> object:
    """The library class a class statement's base names (`Queue`, `asyncio.Queue`), or
    None (ours, or not a plain name)."""
    path: list[str] = []
    if isinstance(base, ast.Subscript):  # `Queue[Any]`
        base = base.value
    while isinstance(base, ast.Attribute):
        path.insert(0, base.attr)
        base = base.value
    if not isinstance(base, ast.Name) or base.id not in imports:
        return None
    module, attribute = imports[base.id]
    found: object = importlib.import_module(module)
    for name in ([attribute] if attribute else []) + path:
        found = getattr(found, name, None)
    return found if isinstance(found, type) else None


def reaches(tree: ast.Module, ours: set[str]) -> Iterator[tuple[int, str]]:
    """(line, what) for every reach into a library's internals in `tree`."""
    libraries, imports = library_names(tree), library_imports(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            modules = ([a.name for a in node.names] if isinstance(node, ast.Import)
                       else [node.module or ""] if node.level == 0 else [])
            for module in modules:
                if module.split(".")[0] in SERVER and module not in PUBLIC_ENTRY:
                    yield node.lineno, f"imports {module}"
                elif not module.startswith("app") and (any(
                        _private(part) for part in module.split(".")) or any(
                        (module + ".").startswith(inner + ".") for inner in INTERNAL)):
                    yield node.lineno, f"imports a library's private module {module}"
            if isinstance(node, ast.ImportFrom) and node.level == 0 and not (
                    node.module or "").startswith("app"):
                for alias in node.names:
                    if _private(alias.name):
                        yield node.lineno, f"imports a library's private {alias.name}"
        elif isinstance(node, ast.Attribute):
            if node.attr in FORBIDDEN:
                yield node.lineno, f"touches .{node.attr}"
            elif node.attr == "transport" or (
                    isinstance(node.value, ast.Name | ast.Attribute)
                    and getattr(node.value, "id", getattr(node.value, "attr", None))
                    == "transport" and node.attr == "write"):
                yield node.lineno, f"touches a server's transport (.{node.attr})"
            elif _private(node.attr) and not (
                    isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                root = _root(node.value)
                if node.attr not in ours or (
                        isinstance(root, ast.Name) and root.id in libraries
                        and node.value is root):
                    yield node.lineno, f"reads a library's private .{node.attr}"
            if isinstance(node.ctx, ast.Store | ast.Del):
                root = _root(node.value)
                if node.attr == "__class__":
                    yield node.lineno, "swaps an object's class"
                elif node.attr.endswith("_class") and not (
                        isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                    yield node.lineno, f"installs a class into a library object (.{node.attr})"
                elif isinstance(root, ast.Name) and root.id in libraries:
                    yield node.lineno, f"replaces {root.id}'s .{node.attr}"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
                node.func.id in ("getattr", "setattr", "delattr") and len(node.args) >= 2):
            target, name = node.args[0], node.args[1]
            text = name.value if isinstance(name, ast.Constant) else None
            root = _root(target)
            if isinstance(text, str) and (text in FORBIDDEN or (
                    _private(text) and text not in ours)):
                yield node.lineno, f"{node.func.id}s .{text}"
            elif node.func.id != "getattr" and isinstance(root, ast.Name) and (
                    root.id in libraries):
                yield node.lineno, f"{node.func.id}s on {root.id}"
        elif isinstance(node, ast.ClassDef):
            bases = [base for b in node.bases if (base := _library_class(b, imports))]
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and _private(
                        item.name) and any(hasattr(base, item.name) for base in bases):
                    yield item.lineno, f"overrides a library class's private {item.name}"


def scan(root: Path, let_be: dict[str, str] | None = None) -> list[str]:
    """Every reach in the modules under `root` (but those `let_be` there), as
    "path:line: what"."""
    trees = {str(path.relative_to(root)): ast.parse(path.read_text(), str(path))
             for path in sorted(root.rglob("*.py"))}
    ours = defined_names(list(trees.values()))
    let_be = let_be or {}
    return [f"{name}:{line}: {what}" for name, tree in trees.items()
            for line, what in reaches(tree, ours)
            if name not in let_be or not what.startswith(let_be[name])]


def test_app_reaches_into_no_library() -> None:
    assert scan(APP) == []


PLANTED = {
    "import uvicorn.protocols.websockets.websockets_sansio_impl": "imports uvicorn",
    "from websockets.frames import Frame": "imports websockets.frames",
    "def f(websocket):\n    return websocket._send": "touches ._send",
    "async def f(ws):\n    await ws._receive()": "touches ._receive",
    "def f(g):\n    return [c.cell_contents for c in g.__closure__]": "touches .__closure__",
    "def f(p, d):\n    p.data_received(d)": "touches .data_received",
    "def f(p, d):\n    p.transport.write(d)": "touches a server's transport (.transport)",
    "def f(transport, d):\n    transport.write(d)": "touches a server's transport (.write)",
    "def f(engine):\n    return engine.dialect._json_serializer": "reads a library's private",
    "def f(driver):\n    return getattr(driver, '_conn')": "getattrs ._conn",
    "from jinja2.runtime import Context\nContext.call = print": "replaces Context's .call",
    "import asyncio\nasyncio.Queue.get = print": "replaces asyncio's .get",
    "def f(q, Inbox):\n    q.__class__ = Inbox": "swaps an object's class",
    "def f(env, Fast):\n    env.context_class = Fast": "installs a class into a library",
    "import asyncio\nclass Inbox(asyncio.Queue[int]):\n    def _get_loop(self):\n        pass":
        "overrides a library class's private _get_loop",
    "from asyncio import Queue\nclass Inbox(Queue):\n    def _get_loop(self):\n        pass":
        "overrides a library class's private _get_loop",
    "from starlette._utils import is_async_callable": "private module starlette._utils",
    "from sqlalchemy.util import _collections": "imports a library's private _collections",
    "from sqlalchemy.util.concurrency import greenlet_spawn":
        "private module sqlalchemy.util.concurrency",
}


@pytest.mark.parametrize("source", PLANTED)
def test_each_rule_catches_a_planted_reach(source: str, tmp_path: Path) -> None:
    (tmp_path / "planted.py").write_text(f"# a comment naming ._send is no use\n{source}\n")
    found = scan(tmp_path)
    assert any(PLANTED[source] in what for what in found), found


def test_what_is_ours_or_public_or_only_named_is_not_a_reach(tmp_path: Path) -> None:
    source = '''
"""Mentions websocket._send and transport.write in a docstring."""
import asyncio
from starlette.websockets import WebSocket

class Room:
    def __init__(self):
        self._live = {}

    async def _refresh(self, other: "Room", websocket: WebSocket) -> None:
        await websocket.send_text("x")  # not websocket._send
        await other._refresh(other, websocket)
        print(other._live, "._receive", asyncio.get_running_loop())
'''
    (tmp_path / "ours.py").write_text(source)
    assert scan(tmp_path) == []
