"""Simultaneous choices in real games (issue 11.1): two seats choose at one version in
the same instant, over WebSockets and over the JSON API, in one process and across two
(PostgreSQL + Redis). None is refused, both count, and each stored move records the
version its seat saw and the version it made. Two tabs of one seat: exactly one wins.

Each of the 50 pairs has its own room, written straight into the database at its game's
first step, where every seat chooses at once: Null Bock!'s Edge choice (3 players;
seats 0 and 1 choose) and Bullenparty's bids (2 players), the pairs alternating between
the two games. All 50 pairs go out at once."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest

from app.db.engine import make_engine, sessions
from app.db.models import RoomRow, SeatRow
from app.db.repository import Repository
from app.games.base import Rules, options_to_json, parse_options
from app.main import create_app
from app.rooms.tokens import hash_token, new_room_code, new_token
from app.web.deps import seat_cookie
from tests.client import Person
from tests.conftest import settings_for
from tests.live import LiveServer

PAIRS = 50
# 100 requests at once on a shared 2-core machine may take longer than a person's
# usual 10 s; this is not a speed test (bench/ measures speed).
PATIENCE = 60
PLAYERS = {"null-bock": 3, "bullenparty": 2}  # every seat chooses at the first step
Servers = list[LiveServer]
Rooms = list[tuple[str, list[Person]]]


@pytest.fixture(params=["one process", "two processes"])
def servers(request: pytest.FixtureRequest, games: dict[str, Any]) -> Iterator[Servers]:
    """Real uvicorn servers on one database: one on SQLite, or two processes' worth on
    PostgreSQL with Redis between them."""
    if request.param == "one process":
        urls: tuple[str, str | None] = (request.getfixturevalue("sqlite_url"), None)
    else:
        urls = (request.getfixturevalue("postgres_url"), request.getfixturevalue("redis_url"))
    started: list[LiveServer] = []
    for _ in range(1 if request.param == "one process" else 2):
        started.append(LiveServer(create_app(settings_for(*urls), games)))
        started[-1].start()
    yield started
    for server in started:
        server.stop()


def database_of(servers: Servers) -> str:
    url: str = servers[0].app.state.settings.database_url
    return url


def started_room(rules: Rules[Any], players: int, seed: int) -> tuple[RoomRow, list[str]]:
    """A room as `start` leaves it (version 1, game 1), and its seats' tokens."""
    at = datetime.now(UTC)
    options = parse_options(rules.Options, {})
    state = rules.encode(rules.setup(players, options, seed))
    room = RoomRow(code=new_room_code(), game_id=rules.id, options=options_to_json(options),
                   seat_count=players, public=False, spectators=True, status="playing",
                   version=1, game_no=1, seed=seed, state=state,
                   host_token_hash=hash_token(new_token()), host_seat=0, turn_timer=0,
                   deadlines=None, created_at=at, updated_at=at)
    return room, [new_token() for _ in range(players)]


async def rooms_at_first_step(servers: Servers, games: dict[str, Any],
                              count: int = PAIRS) -> Rooms:
    """`count` started rooms in one transaction (the set-up is not under test). Seat 1's
    person talks to the last server: the other process, when there are two."""
    made = [started_room(games[game].rules, PLAYERS[game], seed)
            for seed, game in zip(range(count), sorted(PLAYERS) * count, strict=False)]
    engine = make_engine(database_of(servers))
    try:
        async with sessions(engine).begin() as session:
            session.add_all(room for room, _ in made)
            await session.flush()
            session.add_all(
                SeatRow(room_code=room.code, index=i, name=f"P{i}", token_hash=hash_token(t),
                        bot=False, timeouts=0, away=False)
                for room, tokens in made for i, t in enumerate(tokens))
    finally:
        await engine.dispose()
    rooms: Rooms = []
    for room, tokens in made:
        people = [Person(servers[-1] if i == 1 else servers[0]) for i in range(2)]
        for person, token in zip(people, tokens, strict=False):
            person.http.timeout = httpx.Timeout(PATIENCE)
            person.http.cookies.set(seat_cookie(room.code), token, domain="127.0.0.1")
        rooms.append((room.code, people))
    return rooms


async def stored_moves(url: str, codes: list[str]) -> list[list[tuple[int, int, int | None]]]:
    """Per room, (seat, version made, version seen) of its stored moves."""
    engine = make_engine(url)
    try:
        repo = Repository(sessions(engine))
        return [[(r.seat, r.version, r.seen_version) for r in await repo.moves(code, 1)]
                for code in codes]
    finally:
        await engine.dispose()


async def assert_both_stored(servers: Servers, rooms: Rooms) -> None:
    """Both seats' moves, chosen at version 1, made versions 2 and 3 (in either order)."""
    for moves in await stored_moves(database_of(servers), [code for code, _ in rooms]):
        assert sorted((v, seen) for _, v, seen in moves) == [(2, 1), (3, 1)], moves
        assert sorted(seat for seat, _, _ in moves) == [0, 1], moves


async def settled(person: Person) -> dict[str, Any]:
    """The first refusal this socket gets, or the view at version 3 (both choices in)."""
    while True:
        message = await person.receive(timeout=PATIENCE)
        if message["type"] == "error" or (message["type"] == "view"
                                          and message["version"] == 3):
            return message


async def outcome_of_pair(pair: list[Person]) -> list[dict[str, Any]]:
    """Both sockets' version-3 views; or, as soon as one is refused, that refusal (the
    other socket would wait for version 3 in vain)."""
    waiting = {asyncio.ensure_future(settled(p)): i for i, p in enumerate(pair)}
    got: list[dict[str, Any]] = [{}, {}]
    try:
        while waiting:
            done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                got[waiting.pop(task)] = task.result()
                if task.result()["type"] == "error":
                    return [task.result()]
    finally:
        for task in waiting:
            task.cancel()
    return got


async def close_all(people: list[Person]) -> None:
    await asyncio.gather(*(p.close() for p in people))


async def test_fifty_pairs_over_websockets_none_refused(
    servers: Servers, games: dict[str, Any],
) -> None:
    rooms = await rooms_at_first_step(servers, games)
    people = [p for _, pair in rooms for p in pair]
    try:
        await asyncio.gather(*(p.connect(code) for code, pair in rooms for p in pair))
        firsts = await asyncio.gather(*(p.expect("view", PATIENCE, version=1)
                                        for p in people))
        moves = [{"type": "move", "version": 1, "move": f["view"]["moves"][0]} for f in firsts]
        await asyncio.gather(*(p.send(m) for p, m in zip(people, moves, strict=True)))
        # Version 3 on both sockets of a room: both choices were applied (a refused
        # choice makes no version, so the room would stop at 2).
        after = [m for pair in await asyncio.gather(*(outcome_of_pair(pair) for _, pair in rooms))
                 for m in pair]
        assert [m["type"] for m in after] == ["view"] * (2 * PAIRS), [
            m for m in after if m["type"] == "error"][:3]
        for a, b in zip(after[::2], after[1::2], strict=True):
            assert a["view"]["to_act"] == b["view"]["to_act"]
        await assert_both_stored(servers, rooms)
    finally:
        await close_all(people)


async def test_fifty_pairs_over_the_json_api_none_refused(
    servers: Servers, games: dict[str, Any],
) -> None:
    rooms = await rooms_at_first_step(servers, games)
    people = [p for _, pair in rooms for p in pair]
    codes = [code for code, pair in rooms for _ in pair]
    try:
        views = await asyncio.gather(*(p.api("GET", f"/api/rooms/{c}/view")
                                       for p, c in zip(people, codes, strict=True)))
        moves = [{"version": 1, "move": json.loads(v.text)["view"]["moves"][0]} for v in views]
        sent = await asyncio.gather(*(p.api("POST", f"/api/rooms/{c}/moves", json=m)
                                      for p, c, m in zip(people, codes, moves, strict=True)))
        assert [r.status_code for r in sent] == [200] * (2 * PAIRS), [
            r.text for r in sent if r.status_code != 200]
        for a, b in zip(sent[::2], sent[1::2], strict=True):
            assert sorted([a.json()["version"], b.json()["version"]]) == [2, 3]
        await assert_both_stored(servers, rooms)
    finally:
        await close_all(people)


async def test_two_tabs_of_one_seat_at_one_version_exactly_one_wins(
    servers: Servers, games: dict[str, Any],
) -> None:
    """One seat's two tabs (one per process when there are two) bid different cards at
    version 1: one bid counts, the other is stale, whichever lands first."""
    [(code, (ann, bob))] = await rooms_at_first_step(servers, games, count=1)  # Bullenparty
    second_tab = Person(servers[-1])
    second_tab.http.cookies = ann.http.cookies
    tabs = (ann, second_tab)
    try:
        for tab in tabs:
            await tab.connect(code)
        first = (await asyncio.gather(*(t.expect("view", version=1) for t in tabs)))[0]
        bids = first["view"]["moves"][:2]
        assert bids[0] != bids[1]
        await asyncio.gather(*(tab.send({"type": "move", "version": 1, "move": bid})
                               for tab, bid in zip(tabs, bids, strict=True)))
        # Each tab then chats: a socket answers its messages in order, so a refusal of
        # its move arrives before its own chat line comes back.
        await asyncio.gather(*(tab.send({"type": "chat", "text": f"tab {i}"})
                               for i, tab in enumerate(tabs)))
        for i, tab in enumerate(tabs):
            await tab.expect("chat", text=f"tab {i}")
        refused = [m for tab in tabs for m in tab.inbox if m["type"] == "error"]
        assert [m["code"] for m in refused] == ["stale"], refused
        [moves] = await stored_moves(database_of(servers), [code])
        assert [(seat, v, seen) for seat, v, seen in moves] == [(0, 2, 1)]
    finally:
        await close_all([*tabs, bob])
