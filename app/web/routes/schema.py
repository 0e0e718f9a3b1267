"""The OpenAPI schema says what the server accepts (issue 35.4).

The request models (app/web/routes/api.py) carry the bounds that never change: lengths, whole
numbers within 2**53, no unknown properties. What depends on the games this app serves
is added here, to the schema FastAPI makes: `game` is one of their ids, `seats` lies
between the fewest and the most players any of them takes, a seat number below the
most. Links say how one answer leads to the next call (a room's code into its seats,
moves, chat...), for readers and for schemathesis' stateful run (tests/web/test_schema.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from fastapi import FastAPI

from app.rooms.timers import TURN_TIMERS

# Operations a room's code leads to: (path, method) -> a link name.
ROOM_LINKS = {
    ("/api/rooms/{code}", "get"): "GetRoom",
    ("/api/rooms/{code}/view", "get"): "GetView",
    ("/api/rooms/{code}/seats", "post"): "TakeSeat",
    ("/api/rooms/{code}/seat", "delete"): "LeaveSeat",
    ("/api/rooms/{code}/bots", "post"): "AddBot",
    ("/api/rooms/{code}/seats/{seat}", "delete"): "RemovePlayer",
    ("/api/rooms/{code}/seats/{seat}/open", "post"): "OpenSeat",
    ("/api/rooms/{code}/start", "post"): "Start",
    ("/api/rooms/{code}/moves", "post"): "Move",
    ("/api/rooms/{code}/chat", "get"): "ChatHistory",
    ("/api/rooms/{code}/chat", "post"): "Chat",
    ("/api/rooms/{code}/back", "post"): "Back",
    ("/api/rooms/{code}/rematch", "post"): "Rematch",
    ("/api/rooms/{code}/settings", "patch"): "ChangeSettings",
    ("/api/rooms/{code}/next-game", "post"): "ChooseGame",
    ("/api/rooms/{code}/standings", "get"): "Standings",
}
# Answers that name a room, and where its code is in them.
ROOM_CODE_FROM = {
    ("/api/rooms", "post", "201"): "$response.body#/code",
    ("/api/rooms/{code}/rematch", "post", "200"): "$response.body#/code",
    ("/api/rooms/{code}", "get", "200"): "$response.body#/code",
}


def describe_games(app: FastAPI, games: Mapping[str, Any]) -> None:
    """Make `app.openapi()` say what depends on `games` (FastAPI's documented way to
    extend the schema: the app's `openapi` replaced by one that refines its answer)."""
    made: Callable[[], dict[str, Any]] = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            refine(made(), games)
        assert app.openapi_schema is not None
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def refine(schema: dict[str, Any], games: Mapping[str, Any]) -> None:
    components = schema["components"]["schemas"]
    fewest = min(r.min_players for r in games.values())
    most = max(r.max_players for r in games.values())
    create = components["CreateRoom"]["properties"]
    create["game"] = {"type": "string", "enum": sorted(games), "title": "Game",
                      "description": "The id of a game, as GET /api/games lists them."}
    create["seats"] = {"type": "integer", "minimum": fewest, "maximum": most,
                       "title": "Seats",
                       "description": "Within the game's own range (GET /api/games)."}
    create["turn_timer"] = {"type": "integer", "enum": list(TURN_TIMERS), "default": 0,
                            "title": "Turn Timer",
                            "description": "Seconds per decision; 0: off."}
    _settings(components["ChangeSettings"])
    choose = components["ChooseGame"]["properties"]
    choose["game"] = create["game"]
    choose["seats"] = {"anyOf": [dict(create["seats"]), {"type": "null"}], "title": "Seats",
                       "description": "Within the game's own range; left out: as many as "
                                      "now, within it."}
    # what a body may hold inside an object of its own (app/web/middleware/bodies.py: whole numbers
    # within 2**53, nesting at most 32 deep; a game's options are flat)
    create["options"] = {"type": "object", "additionalProperties": _json_value(0),
                         "title": "Options",
                         "description": "The game's options, as GET /api/games lists them."}
    choose["options"] = create["options"]
    components["MoveBody"]["properties"]["move"] = {
        "type": "object", "additionalProperties": _json_value(1), "title": "Move",
        "description": "One of the moves the view lists (`view.moves`)."}
    for model in ("TakeSeat", "AddBot"):
        _bound_seat(components[model]["properties"]["seat"], most)
    for path in ("/api/rooms/{code}/seats/{seat}", "/api/rooms/{code}/seats/{seat}/open"):
        for operation in schema["paths"][path].values():
            for parameter in operation.get("parameters", ()):
                if parameter["name"] == "seat":
                    _bound_seat(parameter["schema"], most)
    _link(schema)


def _settings(model: dict[str, Any]) -> None:
    """A settings change: a field left out stays as it is (no default), and at least
    one is given; the timer is one of the timers."""
    props = model["properties"]
    for prop in props.values():
        prop.pop("default", None)
    props["public"]["description"] = "Listed in the lobby. Left out: as it is."
    props["spectators"]["description"] = (
        "Whether people without a seat may watch; off closes their sockets (4403). "
        "Left out: as it is.")
    props["turn_timer"] = {"type": "integer", "enum": list(TURN_TIMERS), "title": "Turn Timer",
                           "description": "The next game's seconds per decision; 0: off. "
                                          "Left out: as it is."}
    model["minProperties"] = 1


def _json_value(depth: int) -> dict[str, Any]:
    """A JSON value the server takes: numbers within 2**53, `depth` levels of lists and
    objects below it."""
    kinds: list[dict[str, Any]] = [
        {"type": "null"}, {"type": "boolean"}, {"type": "string"},
        {"type": "number", "minimum": -(2**53), "maximum": 2**53}]
    if depth:
        inner = _json_value(depth - 1)
        kinds += [{"type": "array", "items": inner},
                  {"type": "object", "additionalProperties": inner}]
    return {"anyOf": kinds}


def _bound_seat(prop: dict[str, Any], most: int) -> None:
    """A seat number: 0 up to the most seats a game has, less one (maybe null)."""
    for option in prop.get("anyOf", [prop]):
        if option.get("type") == "integer":
            option["minimum"], option["maximum"] = 0, most - 1


def _link(schema: dict[str, Any]) -> None:
    ids = {(path, method): operation["operationId"]
           for path, item in schema["paths"].items() for method, operation in item.items()}
    for (path, method, status), expression in ROOM_CODE_FROM.items():
        answer = schema["paths"][path][method]["responses"][status]
        answer["links"] = {
            name: {"operationId": ids[target], "parameters": {"code": expression}}
            for target, name in ROOM_LINKS.items()}
