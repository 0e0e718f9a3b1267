"""Replays that teach (issue 37.5): a replay step asked for the good bot's advice names
the move the seat to move next made and the move the good bot would have made there,
which is `choose_move` on that seat's view (compared over HTTP for every game), never
depends on another seat's cards (the scramble check), is marked when it differs, and
says so readably when the bot runs out of time."""

from __future__ import annotations

import dataclasses
import html
import json
import random
import re
import threading
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from app.games.base import Move, parse_options
from app.games.registry import GAMES
from app.main import create_app
from app.replay import Replay, replay
from app.rooms.advice import advise
from app.rooms.bots import bot_rng, choose_from_view, choose_move
from app.rooms.service import RoomService
from app.web.render.board import own_region
from tests.boards import attrs, canon, controls
from tests.conftest import TOY, TOY_GAME, settings_for
from tests.games import toy as toy_module

SHORT = {"null-bock": {"rounds": 1}}
ADVICE = re.compile(r'<section\b([^>]*\bid="replay-advice"[^>]*)>(.*?)</section>', re.S)


def client(app: FastAPI) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test")


async def finished_game(rooms: RoomService, game: str, seed: int) -> str:
    """A game of `game` played to its end through the room service, watched as a socket
    would (its views from memory): the other seats play the good bot's moves (as a bot
    seat would: its own generator), seat 0 a move the good bot would not have made
    whenever it has another. Returns the room code."""
    rules = GAMES[game]
    seats = max(rules.min_players, 3)
    room, host = await rooms.create_room(game, SHORT.get(game, {}), seats, False, True)
    tokens = [(await rooms.take_seat(room.code, f"P{i}", i, host_token=host))[1]
              for i in range(seats)]
    live = await rooms.watch(room.code)
    assert live is not None
    await rooms.start(room.code, host)
    rng = random.Random(seed)
    try:
        while live.record.status == "playing":
            seat = min(live.frame(None).view["to_act"])  # type: ignore[index]
            view = live.frame(seat).view
            assert view is not None
            good = choose_from_view(rules, view, seat,
                                    bot_rng(live.record.seed, live.version, seat))
            others = [m for m in view["moves"] if canon(m) != canon(good)]
            move = rng.choice(others) if seat == 0 and others else good
            await rooms.submit_move(room.code, tokens[seat], live.version, move)
    finally:
        rooms.unwatch(room.code)
    return room.code


def advice_on(page: str) -> dict[str, Any]:
    """What a step's advice says: its attributes (the moves as JSON) and its words."""
    found = ADVICE.search(page)
    assert found is not None, page[:2000]
    tag, inside = found.groups()
    said = {k: html.unescape(v).strip() for k, v in re.findall(
        r'<dd class="advice__(played|suggested)">(.*?)</dd>', inside, re.S)}
    text = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", inside)))
    return {**attrs(tag), **said, "text": text}


def labels_of(done: Replay, step: int, seat: int) -> dict[str, str]:
    """Every move of `seat` at `step` with the name its own board's control gives it
    (tests/boards.py reads the controls as a browser has them)."""
    names = [p["name"] for p in done.record["players"]]
    view = done.rules.view(done.states[step], seat)
    mine = own_region(done.rules.id, view, seat, names)
    return {canon(c.move): c.label for c in controls(mine) if c.move is not None}


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_steps_advice_is_choose_move_on_the_view_of_the_seat_to_move(
    app: FastAPI, game: str,
) -> None:
    code = await finished_game(app.state.rooms, game, seed=len(game))
    async with client(app) as viewer:
        record = (await viewer.get(f"/api/rooms/{code}/games/1/record")).json()
        done = replay(record, GAMES)
        moves = record["moves"]
        # the random player's first five choices among several moves, the bots' first
        # five moves, and the last step
        by_person = [i for i, m in enumerate(moves) if m["seat"] == 0
                     and len(done.rules.legal_moves(done.states[i], 0)) > 1][:5]
        by_bots = [i for i, m in enumerate(moves) if m["seat"] != 0][:5]
        for step in sorted(by_person + by_bots):
            page = await viewer.get(f"/r/{code}/games/1/step/{step}?seat=open&advice=1")
            assert page.status_code == 200, page.text
            said = advice_on(page.text)
            seat = moves[step]["seat"]
            expected = choose_move(done.rules, done.states[step], seat,
                                   bot_rng(record["seed"], record["started_version"] + step,
                                           seat), "good")
            assert json.loads(said["data-suggested"]) == expected, (step, seat)
            assert json.loads(said["data-played"]) == moves[step]["move"]
            assert said["data-seat"] == str(seat)
            same = canon(expected) == canon(moves[step]["move"])
            assert said["data-same"] == ("true" if same else "false")
            labels = labels_of(done, step, seat)
            assert said["played"] == labels[canon(moves[step]["move"])]
            assert said["suggested"] == labels[canon(expected)]
            assert f"P{seat} played" in said["text"]
            assert ("differs from the good bot" in said["text"]) == (not same)
            assert ("The same move as the good bot's." in said["text"]) == same
            assert same == (seat != 0), (step, seat)  # as the seats played
        last = await viewer.get(f"/r/{code}/games/1?step={len(moves)}&seat=open&advice=1")
        assert "there is no next move to advise on" in advice_on(last.text)["text"]


def played_game(game: str, seed: int) -> Replay:
    """A seeded game of random moves, played by the rules alone, as a replay."""
    rules, rng = GAMES[game], random.Random(seed)
    players = max(rules.min_players, 3)
    state = rules.setup(players, parse_options(rules.Options, SHORT.get(game, {})), seed)
    states, moves = [state], []
    while to_act := sorted(rules.to_act(state)):
        seat = rng.choice(to_act)
        move: Move = rng.choice(list(rules.legal_moves(state, seat)))
        state, _events = rules.apply(state, seat, move)
        states.append(state)
        moves.append({"version": len(moves) + 1, "seat": seat, "move": move})
    record = {"game": game, "seed": seed, "started_version": 0, "moves": moves,
              "players": [{"seat": s, "name": f"P{s}"} for s in range(players)]}
    return Replay(rules, record, states)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_advice_never_reads_another_seats_cards(game: str) -> None:
    """The scramble check: every card the seat to move may not see (the others' hands,
    the draw pile, a secret choice) scrambled consistently by the game's own
    `rules.scramble`, at every step: the advice stays the same, and the scramble did
    change something."""
    done = played_game(game, seed=7)
    rules, changed = done.rules, 0
    for step in range(len(done.record["moves"])):
        advice = advise(done, step)
        assert advice is not None
        for salt in range(2):
            scrambled = rules.scramble(done.states[step], advice.seat,
                                       random.Random(f"{step}:{salt}"))
            changed += rules.encode(scrambled) != rules.encode(done.states[step])
            states = [*done.states[:step], scrambled, *done.states[step + 1:]]
            other = advise(Replay(rules, done.record, states), step)
            assert other is not None and other.suggested == advice.suggested, step
    assert changed > len(done.record["moves"])  # most steps had something hidden


class SlowBot(toy_module.HighCard):
    """The toy game whose good bot thinks until it is let go."""

    let_go = threading.Event()

    def bot_move(self, view: Any, seat: int, rng: random.Random) -> Move | None:
        self.let_go.wait(30)
        return None


@pytest.fixture
async def slow_app(sqlite_url: str) -> AsyncIterator[FastAPI]:
    """An app serving the toy game with a slow bot, which waits 0.3 s for advice."""
    SlowBot.let_go.clear()
    games = {TOY.id: dataclasses.replace(TOY_GAME, rules=SlowBot())}
    app = create_app(settings_for(sqlite_url).model_copy(update={"advice_seconds": 0.3}),
                     games)
    async with app.router.lifespan_context(app):
        yield app
    SlowBot.let_go.set()


async def test_a_bot_that_runs_out_of_time_is_said_readably(slow_app: FastAPI) -> None:
    rooms: RoomService = slow_app.state.rooms
    room, host = await rooms.create_room(TOY.id, {"tricks": 1}, 2, False, True)
    tokens = [(await rooms.take_seat(room.code, f"P{i}", i))[1] for i in range(2)]
    await rooms.start(room.code, host)
    for seat, token in enumerate(tokens):
        snap = await rooms.snapshot(room.code, seat)
        await rooms.submit_move(room.code, token, snap.version, snap.view["moves"][0])  # type: ignore[index]
    async with client(slow_app) as viewer:
        try:
            page = await viewer.get(f"/r/{room.code}/games/1/step/0?seat=open&advice=1")
            said = advice_on(page.text)
            assert page.status_code == 200 and said["data-state"] == "late"
            assert "The good bot ran out of time thinking about this move" in said["text"]
            assert 'class="board ' in page.text  # the step itself is shown
        finally:
            SlowBot.let_go.set()
        page = await viewer.get(f"/r/{room.code}/games/1/step/0?seat=open&advice=1")
        assert advice_on(page.text)["data-state"] == "ready"


async def test_advice_is_shown_only_when_asked_and_a_bad_ask_is_refused(app: FastAPI) -> None:
    code = await finished_game(app.state.rooms, "null-bock", seed=1)
    async with client(app) as viewer:
        plain = await viewer.get(f"/r/{code}/games/1?step=2")
        assert plain.status_code == 200 and 'id="replay-advice"' not in plain.text
        assert 'id="replay-advice-on" name="advice" value="1">' in plain.text  # unticked
        asked = await viewer.get(f"/r/{code}/games/1?step=2&seat=1&advice=1")
        assert 'id="replay-advice"' in asked.text
        assert 'name="advice" value="1" checked' in asked.text
        assert 'href="?step=3&amp;seat=1&amp;advice=1"' in asked.text  # the steps keep it
        for bad in ("yes", "2", "on"):
            refused = await viewer.get(f"/r/{code}/games/1?step=2&advice={bad}")
            assert refused.status_code == 422
            assert "advice=1" in refused.text and 'id="replay-advice"' not in refused.text
        viewer.cookies.set("lang", "de")
        german = await viewer.get(f"/r/{code}/games/1/step/2?advice=1")
        said = advice_on(german.text)
        assert said["data-state"] == "ready"
        assert "Der Rat des starken Bots zu Zug 3" in said["text"]
        assert "The good bot" not in said["text"] and "played" not in said["text"]
