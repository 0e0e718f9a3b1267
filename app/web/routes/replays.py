"""The replay page of a finished game (issue 14): `/r/{code}/games/{game_no}` steps
through it move by move, drawn by the same board templates (render_board) from one
seat's view or from the OPEN view (every hand face up). Links and a form do it without
JavaScript (`?step=N&seat=S`); static/replay.js fetches `/step/N` fragments instead of
whole pages. Every visible word is in templates/replay.html (translators' file).

Refused while the game runs (409 `game_running`): the OPEN view would show every hand.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from app.games.base import OPEN, Viewer
from app.i18n import DEFAULT
from app.replay import Replay
from app.rooms.errors import RoomError
from app.rooms.records import game_replay
from app.web.deps import LanguageDep, RoomsDep, SeatTokenDep
from app.web.errors import classify
from app.web.render.board import render_board
from app.web.render.templating import templates

router = APIRouter(include_in_schema=False)


class BadStep(ValueError):
    """`step` or `seat` of the query is not one of this game's."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


def _number(text: str) -> bool:
    """Plain decimal digits a step or a seat could be (not "²", which `isdigit` takes
    and `int` refuses, nor thousands of them)."""
    return text.isascii() and text.isdigit() and len(text) <= 9


def _seat(text: str | None, players: int) -> Viewer:
    if text in (None, "", OPEN):
        return OPEN
    if text == "none":
        return None  # as a spectator saw it
    if _number(text) and int(text) < players:
        return int(text)
    raise BadStep("no_such_seat")


def _step(text: str | None, last: int) -> int:
    if text in (None, ""):
        return last
    if _number(text) and int(text) <= last:
        return int(text)
    raise BadStep("no_such_step")


def step_board(done: Replay, step: int, seat: Viewer, lang: str = DEFAULT) -> str:
    """The board after `step` moves, seen by `seat`, with no controls (moves: []), in
    the viewer's language."""
    names = [p["name"] for p in done.record["players"]]
    view = {**done.rules.view(done.states[step], seat), "moves": []}
    return render_board(done.rules.id, view, seat if isinstance(seat, int) else None, names,
                        lang)


def _context(done: Replay, step: int, seat: Viewer, lang: str) -> dict[str, Any]:
    record = done.record
    moves = record["moves"]
    return {
        "record": record, "game_id": done.rules.id, "title": done.rules.title,
        "step": step, "last": len(moves), "seat": "none" if seat is None else seat,
        "mover": moves[step - 1]["seat"] if step else None,
        "names": [p["name"] for p in record["players"]],
        "board_html": step_board(done, step, seat, lang),
    }


async def _load(rooms: RoomsDep, code: str, game_no: int, token: str | None,
                step: str | None, seat: str | None) -> tuple[Replay, int, Viewer]:
    done = await game_replay(rooms, code, game_no, token)
    return done, _step(step, len(done.states) - 1), _seat(seat, len(done.record["players"]))


def _refused(request: Request, code: str, game_no: int, exc: Exception) -> Response:
    if isinstance(exc, BadStep):
        status, problem = 422, exc.problem
    else:
        error = classify(exc)
        status, problem = error.status, error.code
    return templates.TemplateResponse(
        request, "replay.html", {"problem": problem, "code": code, "game_no": game_no},
        status_code=status)


@router.get("/r/{code}/games/{game_no}", response_class=HTMLResponse)
async def replay_page(
    request: Request, code: str, game_no: int, rooms: RoomsDep, token: SeatTokenDep,
    lang: LanguageDep, step: str | None = None, seat: str | None = None,
) -> Response:
    try:
        done, at, viewer = await _load(rooms, code, game_no, token, step, seat)
    except (RoomError, BadStep) as exc:
        return _refused(request, code, game_no, exc)
    context = {**_context(done, at, viewer, lang), "code": code, "game_no": game_no,
               "problem": None}
    return templates.TemplateResponse(request, "replay.html", context)


@router.get("/r/{code}/games/{game_no}/step/{step}", response_class=HTMLResponse)
async def replay_step(
    request: Request, code: str, game_no: int, step: str, rooms: RoomsDep,
    token: SeatTokenDep, lang: LanguageDep, seat: str | None = None,
) -> Response:
    """One step's board and caption, for static/replay.js."""
    try:
        done, at, viewer = await _load(rooms, code, game_no, token, step, seat)
    except (RoomError, BadStep) as exc:
        return _refused(request, code, game_no, exc)
    return templates.TemplateResponse(request, "_replay_step.html",
                                      _context(done, at, viewer, lang))
