"""A timed game of every game, watched in English, German and Dutch to its end.

One idle person and bots: the person's turn timer runs out twice (its bot moves, the seat
goes away) and the bots play the game out. Every viewer's socket must follow to the last
board with the timer's lines in its own language, and the room's page must answer in
each. A timeout's line once had no German or Dutch words in two games: from then on
those viewers got no board and the page answered 500 (issue 35).

The deadlines pass on "another process" (a RoomService on the server's database and
Redis, with a clock run on), so nobody waits 30 s; its moves reach the server's sockets
over Redis, as two real processes' would.
"""

from __future__ import annotations

import asyncio
import time
from contextlib import AsyncExitStack
from typing import Any

import pytest
from markupsafe import escape

from app.db.records import AWAY_AFTER
from app.games.registry import GAMES
from app.realtime.redis import RedisBroker
from tests.client import Make, Person, start
from tests.live import LiveServer
from tests.rooms.test_timers import Clock, services

# Short games: the test is about the timer's lines, not the length of a game.
OPTIONS: dict[str, dict[str, Any]] = {"null-bock": {"rounds": 1},
                                      "stier-zoekt-bier": {},
                                      "four-pints-please": {}, "bullenparty": {}}
TIMED_OUT = {"en": "Ann ran out of time; a bot played for them.",
             "de": "Die Zeit von Ann ist abgelaufen; ein Bot hat den Zug gemacht.",
             "nl": "De tijd van Ann is om; een bot heeft de zet gedaan."}
AWAY = {"en": "Ann is away; a bot plays for them until they are back.",
        "de": "Ann ist abwesend; ein Bot spielt bis zur Rückkehr.",
        "nl": "Ann is afwezig; een bot neemt het over tot de terugkeer."}


async def follow_to_the_end(viewer: Person) -> dict[str, Any]:
    while True:
        message = await viewer.receive(timeout=60)
        if message["type"] == "board" and message["status"] == "finished":
            return message


@pytest.mark.parametrize("game_id", sorted(OPTIONS))
async def test_a_timed_game_reaches_its_end_in_every_language(
    game_id: str, live_server: Any, sqlite_url: str, redis_url: str, people: Make,
) -> None:
    server: LiveServer = live_server(sqlite_url, redis_url)
    host = people(server)
    players = GAMES[game_id].min_players
    created = await host.api("POST", "/api/rooms", json={
        "game": game_id, "seats": players, "options": OPTIONS[game_id], "turn_timer": 30})
    assert created.status_code == 201, created.text
    code = created.json()["code"]
    assert (await host.api("POST", f"/api/rooms/{code}/seats",
                           json={"name": "Ann", "seat": 0})).status_code == 201
    for seat in range(1, players):
        added = await host.api("POST", f"/api/rooms/{code}/bots", json={"seat": seat})
        assert added.status_code == 201, added.text
    viewers = {}
    for lang in ("en", "de", "nl"):
        viewer = viewers[lang] = people(server)
        viewer.http.cookies.set("lang", lang)
        await viewer.connect(code, html=True, regions=True)
        await viewer.expect("room")
    await start(code, host)
    async with AsyncExitStack() as stack:
        clock = Clock()
        other = await (await services(stack, sqlite_url, clock,
                                      broker=lambda: RedisBroker(redis_url)))()
        timeouts = 0
        # Ann's two decisions pass; then her bot plays for her (bounded in time, not in
        # rounds: on a loaded machine the bots' moves between her turns come late)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            # (each step past every deadline either process set, with its own clock)
            clock.now = max(clock.now, int(time.time() * 1000)) + 31_000
            if await other.check_timers(code) is not None:
                timeouts += 1
            room = (await host.api("GET", f"/api/rooms/{code}")).json()
            if room["seats"][0]["away"] or room["status"] == "finished":
                break
            await asyncio.sleep(0.05)
        assert timeouts == AWAY_AFTER
        finals = await asyncio.wait_for(
            asyncio.gather(*(follow_to_the_end(v) for v in viewers.values())), 120)
    assert len({f["version"] for f in finals}) == 1
    for lang, viewer in viewers.items():
        assert TIMED_OUT[lang] in viewer.log, (lang, viewer.log[:12])
        assert AWAY[lang] in viewer.log, (lang, viewer.log[:12])
        page = await viewer.api("GET", f"/r/{code}")
        assert page.status_code == 200 and f'<html lang="{lang}">' in page.text
        assert str(escape(viewer.log[-1])) in page.text  # the page's log, as the socket's
