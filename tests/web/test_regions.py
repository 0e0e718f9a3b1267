"""Boards made of a skeleton and regions, and board messages that carry only the regions
that changed (docs/contracts.md §3, §5; app/web/regions.py).

Every board of seeded games of every game (every seat and a spectator) is checked for
its regions' form, and whole games are played over real sockets taking regions: each
message applied to the socket's board gives the board a fresh socket is greeted with."""

from __future__ import annotations

import html
import json
import random
import re
from itertools import islice, pairwise
from typing import Any

import pytest

from app.games.registry import GAMES
from app.web.regions import Board
from app.web.render import board_of, render_board
from tests import regions
from tests.client import Make, Person, seated_room, start
from tests.live import LiveServer
from tests.web.test_boards import NAMES, played, players
from tests.web.test_leak_oracle import states_by_version
from tests.web.test_memo import CARD, secret_cards

CONTROL = re.compile(r"data-(move|pick|pick-for)=")
MOVE = re.compile(r"data-move='([^']*)'")


def boards_of(game_id: str, seed: int, every: int) -> list[dict[int | None, Board]]:
    """Every viewer's board at every `every`-th step of a seeded game, the boards of a
    step sharing their pieces as a live room's do."""
    rules = GAMES[game_id]
    n = players(game_id)
    out = []
    for state, _over in islice(played(game_id, seed), 0, None, every):
        views = {v: rules.view(state, v) for v in [*range(n), None]}
        pieces = {"public": lambda views=views: views[None]}
        out.append({v: board_of(game_id, view, v, NAMES[:n], "en", pieces)
                    for v, view in views.items()})
    return out


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_control_lies_in_a_region_and_each_region_is_its_element(game_id: str) -> None:
    seen: set[str] = set()
    for seed in (3, 8):
        for step in boards_of(game_id, seed, 2):
            for viewer, board in step.items():
                whole = board.html
                assert "<!--@-->" not in whole
                spans = regions.spans(whole)
                # the names are the regions a browser finds, in order, once each
                assert tuple(spans) == board.names, (board.names, list(spans))
                for name, text in zip(board.names, board.texts, strict=True):
                    start, end = spans[name]
                    assert whole[start:end] == text  # the region is its element, whole
                    assert regions.REGION.findall(text) == [name]  # none nested inside
                skeleton = "".join(board.skeleton)
                assert not CONTROL.search(skeleton), (game_id, viewer)
                assert regions.skeleton(whole) == list(board.skeleton)
                seen.update(board.names)
    assert {"status", "middle", "turn", "mine", "opponent-1"} <= seen, seen


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_changed_regions_turn_one_board_into_the_next(game_id: str) -> None:
    steps = boards_of(game_id, 5, 1)
    changed = whole = 0
    for before, after in pairwise(steps):
        for viewer, board in after.items():
            diff = board.changed_since(before[viewer])
            if diff is None:  # another skeleton or other names: the whole board goes
                assert (before[viewer].skeleton, before[viewer].names) != (
                    board.skeleton, board.names)
                whole += 1
                continue
            assert regions.apply(before[viewer].html, diff) == board.html
            assert all(before[viewer].texts[board.names.index(k)] != v
                       for k, v in diff.items())  # only what differs
            changed += 1
    assert changed > 3 * whole  # most moves keep the skeleton (a summary comes and goes)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_board_is_the_render_drawn_alone(game_id: str) -> None:
    rules = GAMES[game_id]
    n = players(game_id)
    for state, _over in islice(played(game_id, 9), 0, 120, 7):
        for v in [*range(n), None]:
            view = rules.view(state, v)
            board = board_of(game_id, view, v, NAMES[:n], "de")
            assert board.html == render_board(game_id, view, v, NAMES[:n], "de")


def same_cookies(server: LiveServer, person: Person) -> Person:
    """Another browser tab of `person` (its cookies)."""
    other = Person(server)
    other.http.cookies = person.http.cookies
    return other


async def board_at(person: Person, version: int) -> dict[str, Any]:
    """The socket's board message of `version` (taken in by the client: `board`)."""
    while True:
        message = await person.expect("board", timeout=20)
        if message["version"] >= version:
            assert message["version"] == version, (message["version"], version)
            return message


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_regions_over_sockets_give_the_board_a_fresh_socket_is_greeted_with(
    game_id: str, server: LiveServer, people: Make, sqlite_url: str
) -> None:
    GAMES[game_id]
    count = players(game_id)
    code, seated = await seated_room(server, people, count, game=game_id, options={})
    watcher, plain = people(server), people(server)
    viewers: list[tuple[int | None, Person]] = [*enumerate(seated), (None, watcher)]
    for _seat, person in viewers:
        await person.connect(code, html=True, regions=True)
        await person.expect("room")
    await plain.connect(code, html=True)  # a spectator's socket without regions=1
    await start(code, seated[0])
    got: dict[int | None, list[dict[str, Any]]] = {v: [] for v, _p in viewers}
    plain_got: list[dict[str, Any]] = []
    rng = random.Random(game_id)
    # the start's boards: one whole board each (the greeting had no board yet)
    firsts = {v: await person.expect("board", timeout=20) for v, person in viewers}
    version = firsts[0]["version"]
    for v, message in firsts.items():
        got[v].append(message)
        assert message["version"] == version
    plain_got.append(await board_at(plain, version))
    stale_sent = False
    for step in range(120):
        acting = [(v, p) for v, p in viewers
                  if v is not None and MOVE.search(got[v][-1]["board"])]
        if not acting or got[0][-1]["status"] == "finished":
            break
        seat, person = rng.choice(acting)
        moves = MOVE.findall(got[seat][-1]["board"])
        await person.send({"type": "move", "version": version,
                           "move": json.loads(html.unescape(rng.choice(moves)))})
        version += 1
        for v, p in viewers:
            got[v].append(await board_at(p, version))
        plain_got.append(await board_at(plain, version))
        if step % 9 == 4:  # a fresh tab of each viewer is greeted with the same board
            for v, p in viewers:
                fresh = same_cookies(server, p)
                try:
                    await fresh.connect(code, html=True, regions=True)
                    greeted = await fresh.expect("board", timeout=20)
                finally:
                    await fresh.close()
                assert greeted["version"] == version and "html" in greeted
                assert greeted["html"] == got[v][-1]["board"], (game_id, v, version)
        if step == 6 and not stale_sent:  # a stale move: a resync, a whole board
            stale_sent = True
            await seated[0].send({"type": "move", "version": version - 1,
                                  "move": {"type": "nothing"}})
            await seated[0].expect("error", code="stale", timeout=20)
            resync = await seated[0].expect("board", timeout=20)
            assert resync["log_reset"] and "html" in resync and "regions" not in resync
            assert resync["html"] == got[0][-1]["board"]
    assert version >= 8, version
    # every socket without regions got whole boards only
    assert all("html" in m and "regions" not in m for m in plain_got)
    rules_of, states = states_by_version(sqlite_url.split("///", 1)[1], code)
    regions_messages = 0
    for v, messages in got.items():
        for before, message in pairwise(messages):
            if "regions" in message:
                regions_messages += 1
                assert message["base"] == before["version"]
                # a skeleton kept: only regions; one changed: the whole board (below)
                assert regions.skeleton(before["board"]) == regions.skeleton(message["board"])
                state = states[message["version"]]
                own = str(rules_of.view(state, v))
                secrets = {c for s in range(count) if s != v
                           for c in secret_cards(rules_of.view(state, s).get("mine"))
                           if f"'{c}'" not in own}
                for text in message["regions"].values():
                    assert not secrets & set(CARD.findall(text)), (game_id, v)
            elif not message["log_reset"]:
                assert (regions.skeleton(before["board"]), list(regions.spans(before["board"])))\
                    != (regions.skeleton(message["board"]), list(regions.spans(message["board"])))
    assert regions_messages > len(got) * (version - firsts[0]["version"]) * 0.8
