"""The replay page of a finished game (issue 14): `/r/{code}/games/{game_no}` steps
through it move by move, drawn by the same board templates (render_board) from one
seat's view or from the OPEN view (every hand face up). Links and a form do it without
JavaScript (`?step=N&seat=S`); static/replay.js fetches `/step/N` fragments instead of
whole pages. With `&advice=1` a step also says what the good bot would have played
(app/web/advice.py). Every visible word is in templates/replay.html and the templates it
includes (translators' files).

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
from app.web.advice import Advisor
from app.web.deps import AdvisorDep, LanguageDep, RoomsDep, SeatTokenDep
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


def _advice_on(text: str | None) -> bool:
    if text in (None, "", "0"):
        return False
    if text == "1":
        return True
    raise BadStep("no_such_advice")


def step_board(done: Replay, step: int, seat: Viewer, lang: str = DEFAULT) -> str:
    """The board after `step` moves, seen by `seat`, with no controls (moves: []), in
    the viewer's language."""
    names = [p["name"] for p in done.record["players"]]
    view = {**done.rules.view(done.states[step], seat), "moves": []}
    return render_board(done.rules.id, view, seat if isinstance(seat, int) else None, names,
                        lang)


async def _context(done: Replay, step: int, seat: Viewer, lang: str,
                   advisor: Advisor | None) -> dict[str, Any]:
    """The step's context; with an `advisor`, the good bot's advice too (when asked)."""
    record = done.record
    moves = record["moves"]
    return {
        "record": record, "game_id": done.rules.id, "title": done.rules.title,
        "step": step, "last": len(moves), "seat": "none" if seat is None else seat,
        "mover": moves[step - 1]["seat"] if step else None,
        "names": [p["name"] for p in record["players"]],
        "board_html": step_board(done, step, seat, lang),
        "advice_on": advisor is not None,
        "advice": None if advisor is None else await advisor.advice(done, step, lang),
    }


async def _load(rooms: RoomsDep, code: str, game_no: int, token: str | None,
                step: str | None, seat: str | None, advice: str | None,
                advisor: Advisor) -> tuple[Replay, int, Viewer, Advisor | None]:
    done = await game_replay(rooms, code, game_no, token)
    return (done, _step(step, len(done.states) - 1), _seat(seat, len(done.record["players"])),
            advisor if _advice_on(advice) else None)


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
    lang: LanguageDep, advisor: AdvisorDep, step: str | None = None,
    seat: str | None = None, advice: str | None = None,
) -> Response:
    try:
        done, at, viewer, asked = await _load(rooms, code, game_no, token, step, seat,
                                              advice, advisor)
    except (RoomError, BadStep) as exc:
        return _refused(request, code, game_no, exc)
    context = {**await _context(done, at, viewer, lang, asked), "code": code,
               "game_no": game_no, "problem": None}
    return templates.TemplateResponse(request, "replay.html", context)


@router.get("/r/{code}/games/{game_no}/step/{step}", response_class=HTMLResponse)
async def replay_step(
    request: Request, code: str, game_no: int, step: str, rooms: RoomsDep,
    token: SeatTokenDep, lang: LanguageDep, advisor: AdvisorDep, seat: str | None = None,
    advice: str | None = None,
) -> Response:
    """One step's board and caption (and the advice, when asked), for static/replay.js."""
    try:
        done, at, viewer, asked = await _load(rooms, code, game_no, token, step, seat,
                                              advice, advisor)
    except (RoomError, BadStep) as exc:
        return _refused(request, code, game_no, exc)
    return templates.TemplateResponse(request, "_replay_step.html",
                                      await _context(done, at, viewer, lang, asked))
