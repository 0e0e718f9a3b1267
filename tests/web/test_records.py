"""Game records and replays (issue 14), over the JSON API and the pages (ASGI, real
SQLite made by the migrations): whole games of all four games played by people through
the API, their records replayed by `python -m app.replay` to the stored outcome, the
replay's view at every step equal to the view the API served at that version, and the
refusals (a running game, an unknown game, a stranger in a private room, bad steps).

The API serves a room two ways: from the live room a socket keeps in memory (moved on
by each move), or read fresh from the database for each request when no socket watches.
Null Bock! (the shortest game) is served fresh at every version; the three longer games
from the watched room: a fresh read costs one read of every move so far, which made a
whole long game quadratic (four-pints took 72 s on the 2-core CI machine)."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from app.games.base import OPEN
from app.games.registry import GAMES
from app.replay import replay

ROOT = Path(__file__).resolve().parents[2]
SHORT = {"null-bock": {"rounds": 1}}  # options that keep the games short
FRESH = {"null-bock"}  # served by fresh reads; the others from the watched room


def client(app: FastAPI) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test")


async def seated_room(app: FastAPI, game: str, seats: int,
                      spectators: bool = True) -> tuple[str, list[httpx.AsyncClient]]:
    people = [client(app) for _ in range(seats)]
    made = await people[0].post("/api/rooms", json={
        "game": game, "options": SHORT.get(game, {}), "seats": seats,
        "spectators": spectators})
    assert made.status_code == 201, made.text
    code = made.json()["code"]
    for i, person in enumerate(people):
        taken = await person.post(f"/api/rooms/{code}/seats", json={"name": f"P{i}"})
        assert taken.status_code == 201, taken.text
    assert (await people[0].post(f"/api/rooms/{code}/start")).status_code == 200
    return code, people


async def play_out(code: str, people: list[httpx.AsyncClient], watcher: httpx.AsyncClient,
                   seed: int) -> dict[tuple[int, int | None], dict[str, Any]]:
    """Play to the end, each seat moving by the good bot's choice from the view the API
    serves it; returns every served view by (version, seat), the spectator's as None."""
    rng, served = random.Random(seed), {}
    game = GAMES[(await watcher.get(f"/api/rooms/{code}")).json()["game_id"]]
    for _ in range(5000):
        snaps = [(await p.get(f"/api/rooms/{code}/view")).json() for p in people]
        snaps.append((await watcher.get(f"/api/rooms/{code}/view")).json())
        for snap in snaps:
            served[(snap["version"], snap["seat"])] = snap["view"]
        if snaps[0]["status"] == "finished":
            return served
        seat = snaps[0]["view"]["to_act"][0]
        view = snaps[seat]["view"]
        move = game.bot_move(view, seat, rng) or rng.choice(view["moves"])
        answer = await people[seat].post(f"/api/rooms/{code}/moves",
                                         json={"version": snaps[seat]["version"], "move": move})
        assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_whole_game_replays_to_its_outcome_and_every_served_view(
    app: FastAPI, game: str, tmp_path: Path,
) -> None:
    seats = max(GAMES[game].min_players, 3)
    code, people = await seated_room(app, game, seats)
    rooms = app.state.rooms
    if game not in FRESH:  # as a socket's connection does (app/web/socket/ws.py)
        assert await rooms.watch(code) is not None
    async with client(app) as watcher:
        running = await watcher.get(f"/api/rooms/{code}/games/1/record")
        assert running.status_code == 409 and running.json()["code"] == "game_running"
        page = await watcher.get(f"/r/{code}/games/1")
        assert page.status_code == 409 and "still running" in page.text
        served = await play_out(code, people, watcher, seed=len(game))
        assert (rooms.watched(code) is not None) == (game not in FRESH)  # served as intended
        if game not in FRESH:
            rooms.unwatch(code)
        answer = await watcher.get(f"/api/rooms/{code}/games/1/record")
    assert answer.status_code == 200, answer.text
    record = answer.json()
    room = (await people[0].get(f"/api/rooms/{code}")).json()
    assert record["outcome"] == room["outcome"] and record["game"] == game
    assert [p["name"] for p in record["players"]] == [f"P{i}" for i in range(seats)]
    assert record["moves"][-1]["version"] == room["version"]

    done = replay(record, GAMES)
    start = record["started_version"]
    for version in range(start, room["version"] + 1):
        state = done.states[version - start]
        for seat in [*range(seats), None]:
            assert done.rules.view(state, seat) == served[(version, seat)], (version, seat)
    assert done.rules.view(done.states[-1], OPEN)["open"] is not None

    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    ran = subprocess.run([sys.executable, "-m", "app.replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout.strip().splitlines()[-1]) == record["outcome"]
    for person in people:
        await person.aclose()


async def test_a_record_that_does_not_replay_is_refused_with_the_reason(
    app: FastAPI, tmp_path: Path,
) -> None:
    code, people = await seated_room(app, "null-bock", 3)
    async with client(app) as watcher:
        await play_out(code, people, watcher, seed=3)
        record = (await watcher.get(f"/api/rooms/{code}/games/1/record")).json()
    cases = {
        "outcome": {**record, "outcome": {**record["outcome"], "winners": [9]}},
        "illegal": {**record, "moves": [{**record["moves"][0], "move": {"type": "x"}},
                                        *record["moves"][1:]]},
        "short": {**record, "moves": record["moves"][:-1]},
    }
    for name, bad in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(bad))
        ran = subprocess.run([sys.executable, "-m", "app.replay", str(path)], cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
        assert ran.returncode == 1 and "does not replay" in ran.stderr, (name, ran.stderr)
        assert {"outcome": "the record says", "illegal": "is illegal",
                "short": "not over"}[name] in ran.stderr
    for person in people:
        await person.aclose()


async def test_replay_pages_step_and_refuse_bad_input_and_strangers(
    app: FastAPI, sqlite_url: str,
) -> None:
    code, people = await seated_room(app, "null-bock", 3, spectators=False)
    async with client(app) as stranger:
        await play_out(code, people, people[0], seed=5)
        refused = await stranger.get(f"/api/rooms/{code}/games/1/record")
        assert refused.status_code == 403 and refused.json()["code"] == "not_seated"
        assert (await stranger.get(f"/r/{code}/games/1")).status_code == 403
    ann = people[0]
    record = (await ann.get(f"/api/rooms/{code}/games/1/record")).json()
    last = len(record["moves"])
    unknown = await ann.get(f"/api/rooms/{code}/games/2/record")
    assert unknown.status_code == 404 and unknown.json()["code"] == "no_record"
    assert (await ann.get("/api/rooms/NOPE/games/1/record")).status_code == 404
    huge = "9" * 20  # too big for a database integer: still "no record", not a 500
    unknown = await ann.get(f"/api/rooms/{code}/games/{huge}/record")
    assert unknown.status_code == 404 and unknown.json()["code"] == "no_record"
    assert (await ann.get(f"/r/{code}/games/{huge}")).status_code == 404
    for query in ("step=-1", f"step={last + 1}", "step=x", "seat=7", "seat=-1",
                  "step=\u00b2", "seat=\u00b2", f"seat={'9' * 5000}", f"step={'9' * 5000}"):
        bad = await ann.get(f"/r/{code}/games/1?{query}")
        assert bad.status_code == 422 and "no such" in bad.text, query[:20]
    bad = await ann.get(f"/r/{code}/games/1/step/\u00b2")
    assert bad.status_code == 422 and "no such" in bad.text
    page = await ann.get(f"/r/{code}/games/1?step=1&seat=open")
    assert page.status_code == 200
    assert 'href="?step=0&amp;seat=open"' in page.text and f"Move 1 of {last}" in page.text
    done = replay(record, GAMES)
    first = done.rules.view(done.states[1], OPEN)
    for secrets in first["open"]:  # every hand face up, none as a control
        for card in secrets["hand"]:
            assert f'data-card="{card}"' in page.text
    assert 'class="move' not in page.text
    mine = await ann.get(f"/r/{code}/games/1/step/1?seat=1")
    bobs = done.rules.view(done.states[1], 1)["mine"]["hand"]
    ann_only = set(done.rules.view(done.states[1], 0)["mine"]["hand"]) - set(bobs)
    assert mine.status_code == 200 and all(f'data-card="{c}"' in mine.text for c in bobs)
    assert not any(f'data-card="{c}"' in mine.text for c in ann_only)  # seat 1's eyes
    room_page = await ann.get(f"/r/{code}")
    assert f'href="/r/{code}/games/1"' in room_page.text
    # A game that ended before the games table existed: its record comes from the room.
    with sqlite3.connect(sqlite_url.split("///", 1)[1]) as db:
        assert db.execute("DELETE FROM games WHERE room_code = ?", (code,)).rowcount == 1
    rebuilt = (await ann.get(f"/api/rooms/{code}/games/1/record")).json()
    assert rebuilt == {**record, "finished_at": None}
    assert f'href="/r/{code}/games/1"' in (await ann.get(f"/r/{code}")).text
    with sqlite3.connect(sqlite_url.split("///", 1)[1]) as db:  # put the row back
        db.execute("INSERT INTO games (room_code, game_no, game_id, options, seed, players, "
                   "started_version, outcome, finished_at) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?)",
                   (code, record["game"], json.dumps(record["options"]), record["seed"],
                    json.dumps(record["players"]), record["started_version"],
                    json.dumps(record["outcome"]), record["finished_at"]))
    for person in people:  # everyone agrees: game 2 runs, game 1 stays replayable
        await person.post(f"/api/rooms/{code}/rematch")
    assert (await ann.get(f"/api/rooms/{code}/games/1/record")).json()["moves"] == record[
        "moves"]
    running = await ann.get(f"/r/{code}/games/2/step/0")
    assert running.status_code == 409
    for person in people:
        await person.aclose()
