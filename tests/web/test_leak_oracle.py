"""The leak oracle: whole games of every game over real sockets, three players and a
spectator. Every view each viewer receives is compared with the view computed from the
server's state at that version (replayed from the move log) AND from that state with
every card the viewer may not see scrambled (`rules.scramble`): equal views mean the
message depends on nothing hidden. Every message (views, room, chat, presence, errors)
is also searched for the codes of cards the viewer may not see."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from typing import Any

import pytest

from app.games.base import parse_options
from app.games.registry import GAMES
from tests.client import Make, Person, autoplay, seated_room, start
from tests.live import LiveServer


class Recorder(Person):
    """A person that keeps every message it receives. (The log's continuity is checked
    by the socket tests; here only what the messages hold matters.)"""

    def __init__(self, server: LiveServer) -> None:
        super().__init__(server)
        self.record: list[dict[str, Any]] = []

    def take(self, message: dict[str, Any]) -> dict[str, Any]:
        self.record.append(message)
        return message


async def watch(person: Recorder) -> None:
    while True:
        message = await person.receive(timeout=60)
        if message["type"] == "view" and message["status"] == "finished":
            return


def states_by_version(db: str, code: str) -> tuple[Any, dict[int, Any]]:
    """The game's state at every version, replayed from the stored set-up and moves."""
    with sqlite3.connect(db) as conn:
        game_id, options, seats, seed = conn.execute(
            "SELECT game_id, options, seat_count, seed FROM rooms WHERE code = ?", (code,)
        ).fetchone()
        moves = conn.execute("SELECT version, seat, move FROM moves WHERE room_code = ? "
                             "AND game_no = 1 ORDER BY version", (code,)).fetchall()
    rules = GAMES[game_id]
    state = rules.setup(seats, parse_options(rules.Options, json.loads(options)), seed)
    states = {moves[0][0] - 1: state}
    for version, seat, move in moves:
        state, _ = rules.apply(state, seat, json.loads(move))
        states[version] = state
    return rules, states


def card_codes(value: Any, codes: set[str]) -> set[str]:
    """The card codes among the strings (and numbers) of a JSON value."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            found |= card_codes(key, codes) | card_codes(item, codes)
    elif isinstance(value, list):
        for item in value:
            found |= card_codes(item, codes)
    elif isinstance(value, str | int) and not isinstance(value, bool) and str(value) in codes:
        found.add(str(value))
    return found


def secret_codes(rules: Any, state: Any, viewer: int | None, seats: int) -> set[str]:
    """Codes that sit in another seat's private part and nowhere the viewer may look."""
    codes = set(map(str, rules.cards(state)))
    secret: set[str] = set()
    for seat in range(seats):
        if seat != viewer:
            secret |= card_codes(rules.view(state, seat).get("mine"), codes)
    public = card_codes(rules.view(state, None), codes) | card_codes(
        rules.view(state, viewer), codes)
    return secret - public


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_no_message_to_any_viewer_depends_on_a_hidden_card(
    game_id: str, server: LiveServer, sqlite_url: str,
) -> None:
    rules = GAMES[game_id]
    count = max(rules.min_players, 3)
    made: list[Recorder] = []

    def make(live: LiveServer) -> Person:
        made.append(Recorder(live))
        return made[-1]

    people: Make = make
    try:
        code, seated = await seated_room(server, people, count, game=game_id, options={})
        watcher = make(server)
        viewers: list[tuple[int | None, Recorder]] = [
            *((i, p) for i, p in enumerate(made[:count])), (None, made[-1])]
        for person in [*seated, watcher]:
            await person.connect(code)
            await person.expect("room")
        await start(code, seated[0])
        rng = random.Random(game_id)
        await asyncio.wait_for(asyncio.gather(
            *(autoplay(p, rng) for p in seated), watch(made[-1])), timeout=240)
        for person in made:
            person.record.extend(await person.quiet(0.2))
    finally:
        for person in made:
            await person.close()

    rules, states = states_by_version(sqlite_url.split("///", 1)[1], code)
    scrambler = random.Random(f"scramble-{game_id}")
    compared = 0
    for seat, person in viewers:
        hidden = {v: secret_codes(rules, state, seat, count) for v, state in states.items()}
        always_hidden = set.intersection(*hidden.values())
        for message in person.record:
            forbidden = always_hidden
            if message["type"] == "view" and message["view"] is not None:
                state = states[message["version"]]
                assert message["seat"] == seat
                assert message["view"] == rules.view(state, seat), (seat, message["version"])
                scrambled = rules.scramble(state, seat, scrambler)
                assert message["view"] == rules.view(scrambled, seat), (
                    f"{game_id}: seat {seat}'s view at {message['version']} shows something "
                    "hidden")
                forbidden = hidden[message["version"]]
                compared += 1
            text = json.dumps(message)
            leaked = {c for c in forbidden if json.dumps(c) in text}
            assert not leaked, f"{game_id}: seat {seat} got hidden cards {leaked}: {text[:300]}"
    assert compared >= 4 * len(viewers)  # the oracle really compared whole games


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_oracle_knows_what_each_viewer_may_not_see(game_id: str) -> None:
    """The grep has teeth: at the deal, another seat's private cards are secret to this
    one, and none of them is in this seat's own view."""
    rules = GAMES[game_id]
    state = rules.setup(3, parse_options(rules.Options, {}), 7)
    codes = set(map(str, rules.cards(state)))
    for viewer in (0, None):
        secret = secret_codes(rules, state, viewer, 3)
        others = set().union(*(card_codes(rules.view(state, s).get("mine"), codes)
                               for s in range(3) if s != viewer))
        # (A game whose seats hold no private cards at the deal has nothing to find.)
        assert secret <= others and bool(secret) == bool(others - set(
            card_codes(rules.view(state, viewer), codes))), (game_id, viewer)
        assert not secret & card_codes(rules.view(state, viewer), codes)
