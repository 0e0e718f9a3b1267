"""Boards made of a skeleton and regions, and board messages that carry only the regions
that changed (docs/contracts.md §3-§5; app/web/render/board.py, app/web/render/regions.py).

Every board of seeded games of every game, for every seat and a spectator, in every
language: its regions' form; its public regions the same text for every viewer of the
version (drawn from the spectator's view, once per version and language in a live
room); no public region and no spectator's board holding a hidden card; and whole games
played over real sockets taking regions, in three languages: each message applied to
the socket's board gives the board a fresh page draws."""

from __future__ import annotations

import html
import random
import re
from collections import Counter
from itertools import islice, pairwise
from typing import Any

import pytest

from app.games.registry import GAMES
from app.i18n import LANGUAGES
from app.rooms.live import Frame
from app.web.render.board import board_of, public_of, public_regions, render_board
from app.web.render.regions import Board
from app.web.socket import messages
from tests import regions
from tests.client import Make, Person, seated_room, start
from tests.live import LiveServer
from tests.web.test_boards import NAMES, played, players
from tests.web.test_leak_oracle import secret_codes, states_by_version

CONTROL = re.compile(r"data-(move|pick|moves)=")
MOVE = re.compile(r"data-move='([^']*)'")
DATA_MOVES = re.compile(r"data-moves='([^']*)'")
CARD = re.compile(r'data-card="([^"]*)"')
# a viewer spoken to ("your turn is lost" is a Smoke card's words, not a viewer's)
VIEWER_WORDS = re.compile(r"\bis-you\b|\b[Yy]ou\b|\bYour\b")


def viewers(game_id: str) -> list[int | None]:
    return [*range(players(game_id)), None]


def states(game_id: str, seed: int, every: int, stop: int | None = None) -> list[Any]:
    """Every `every`-th state of a seeded game (up to `stop`), and its end."""
    out, last = [], None
    for step, (state, _over) in enumerate(islice(played(game_id, seed), stop)):
        if step % every == 0:
            out.append(state)
        last = state
    return out if last is out[-1] or stop is not None else [*out, last]


def boards_at(game_id: str, state: Any, lang: str) -> dict[int | None, Board]:
    """Every viewer's board of `state`, each drawn from its own view alone (a page's)."""
    rules, names = GAMES[game_id], NAMES[:players(game_id)]
    return {v: board_of(game_id, rules.view(state, v), v, names, lang) for v in viewers(game_id)}


def public_of_board(board: Board) -> dict[str, str]:
    return {n: t for n, t in zip(board.names, board.texts, strict=True) if n != "mine"}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_region_is_its_element_and_only_mine_holds_controls(game_id: str) -> None:
    seen: set[str] = set()
    for seed, lang in ((3, "en"), (8, "de"), (4, "nl")):
        for state in states(game_id, seed, 4):
            for viewer, board in boards_at(game_id, state, lang).items():
                whole = board.html
                spans = regions.spans(whole)
                # the names are the regions a browser finds, in order, once each
                assert tuple(spans) == board.names, (board.names, list(spans))
                for name, text in zip(board.names, board.texts, strict=True):
                    start, end = spans[name]
                    assert whole[start:end] == text  # the region is its element, whole
                    assert regions.REGION.findall(text) == [name]  # none nested inside
                    if name != "mine":  # every control and the moves' data are the viewer's
                        assert not CONTROL.search(text), (game_id, viewer, name)
                assert not CONTROL.search("".join(board.skeleton)), (game_id, viewer)
                assert regions.skeleton(whole) == list(board.skeleton)
                me = "" if viewer is None else viewer
                assert board.skeleton[0] == f'<div class="board board--{game_id}" data-me="{me}">'
                seen.update(board.names)
    assert {"status", "middle", "turn", "mine", "opponent-1", "summary"} <= seen, seen


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_public_regions_are_the_same_text_for_every_viewer_of_a_version(game_id: str) -> None:
    """Drawn from the spectator's view, the public regions of a (version, language) are
    one text for everyone: a seated viewer's board has them all but their own panel,
    and adds `mine`; nothing in them speaks to one viewer ("you", is-you)."""
    rules, n = GAMES[game_id], players(game_id)
    names = NAMES[:n]
    compared = 0
    for seed in (5, 13):
        for state in states(game_id, seed, 3):
            lang = LANGUAGES[compared % len(LANGUAGES)]
            public = public_regions(game_id, rules.view(state, None), names, lang)
            boards = boards_at(game_id, state, lang)
            for viewer, board in boards.items():
                own = f"opponent-{viewer}"
                assert public_of_board(board) == {k: v for k, v in public.items() if k != own}
                assert ("mine" in board.names) == (viewer is not None), (game_id, viewer)
                assert own not in board.names
                if viewer is None:
                    assert {f"opponent-{s}" for s in range(n)} <= set(board.names)
            if lang == "en":
                for name, text in public.items():
                    said = re.sub(r"<[^>]*>", " ", text)
                    assert not VIEWER_WORDS.search(said), (game_id, name, said)
                    assert "is-you" not in text
            compared += 1
    assert compared > 20, compared


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_public_view_of_a_seats_view_is_the_spectators_view(game_id: str) -> None:
    """A page draws the public regions from its viewer's view without `mine` and
    `moves` (app/web/render/board.py `public_of`): that is the spectator's view, so the page's
    board is the one the live room draws from the spectator's view."""
    rules = GAMES[game_id]
    for state in states(game_id, 2, 1):
        spectator = rules.view(state, None)
        for seat in range(players(game_id)):
            assert public_of(rules.view(state, seat)) == spectator, (game_id, seat)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_spectator_board_or_public_region_holds_a_hidden_card(game_id: str) -> None:
    """A spectator's board and every public region depend on nothing a spectator may not
    see (a state scrambled where only seats can look draws the same public regions), and
    no card any seat hides from the others is in them."""
    rules, n = GAMES[game_id], players(game_id)
    names = NAMES[:n]
    scrambler = random.Random(game_id)
    checked = 0
    for seed in (6, 9):
        for state in states(game_id, seed, 2):
            lang = LANGUAGES[checked % len(LANGUAGES)]
            public = public_regions(game_id, rules.view(state, None), names, lang)
            other = rules.scramble(state, None, scrambler)
            assert public_regions(game_id, rules.view(other, None), names, lang) == public
            hidden = secret_codes(rules, state, None, n)
            spectator = render_board(game_id, rules.view(state, None), None, names, lang)
            for text in [*public.values(), spectator]:
                assert not hidden & set(CARD.findall(text)), (game_id, hidden & set(
                    CARD.findall(text)))
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_changed_regions_turn_one_board_into_the_next(game_id: str) -> None:
    steps = [boards_at(game_id, state, "en") for state in states(game_id, 5, 1, 150)]
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


class Drawn(dict[Any, Any]):
    """A live room's drawn regions, counting how often each key is drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.made: Counter[Any] = Counter()

    def __setitem__(self, key: Any, value: Any) -> None:
        self.made[key] += 1
        super().__setitem__(key, value)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_live_room_draws_each_region_once_and_its_boards_are_the_pages(game_id: str) -> None:
    """Frames of one version share the room's drawn regions (app/web/socket/messages.py): the
    public regions are drawn once per (version, language) from the spectator's view,
    each seat's own once per (version, seat, language), and every viewer's board is the
    board a page draws from that viewer's view alone."""
    rules, names = GAMES[game_id], NAMES[:players(game_id)]
    for version, state in enumerate(states(game_id, 7, 9)):
        drawn = Drawn()
        spectator = rules.view(state, None)
        for lang in LANGUAGES:
            for _twice in range(2):
                for v in viewers(game_id):
                    view = rules.view(state, v)
                    frame = Frame(version, 1, v, "playing", names, view, view["outcome"], [],
                                  0, game_id, lang=lang, spectator=lambda s=spectator: s,
                                  drawn=drawn)
                    assert messages.board_of(frame).html == render_board(
                        game_id, view, v, names, lang), (game_id, v, lang)
        assert set(drawn.made) == {(version, who, lang) for lang in LANGUAGES
                                   for who in [messages.PUBLIC, *range(len(names))]}
        assert set(drawn.made.values()) == {1}


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


HOLDER = '<div id="board" class="board-holder">'


async def page_board(person: Person, code: str) -> tuple[int, str, str]:
    """The version, the board and the language of the page `person` loads now."""
    page = (await person.api("GET", f"/r/{code}")).text
    version = re.search(r'data-version="(\d+)"', page)
    lang = re.search(r'<html lang="([a-z]+)"', page)
    assert version is not None and lang is not None
    board = page[page.index(HOLDER) + len(HOLDER):]
    return int(version.group(1)), board[:board.index("</div>\n  </section>")], lang.group(1)


# Each seat and the spectator read the board in a language of their own.
LANGS = {0: "en", 1: "de", 2: "nl", None: "de"}


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_regions_over_sockets_give_the_board_a_fresh_page_draws(
    game_id: str, server: LiveServer, people: Make, sqlite_url: str
) -> None:
    count = players(game_id)
    code, seated = await seated_room(server, people, count, game=game_id, options={})
    watcher, plain = people(server), people(server)
    viewers_: list[tuple[int | None, Person]] = [*enumerate(seated), (None, watcher)]
    for seat, person in viewers_:
        person.http.cookies.set("lang", LANGS[seat])
        await person.connect(code, html=True, regions=True)
        await person.expect("room")
    await plain.connect(code, html=True)  # a spectator's socket without regions=1
    await start(code, seated[0])
    got: dict[int | None, list[dict[str, Any]]] = {v: [] for v, _p in viewers_}
    plain_got: list[dict[str, Any]] = []
    rng = random.Random(game_id)
    # the start's boards: one whole board each (the greeting had no board yet)
    firsts = {v: await person.expect("board", timeout=20) for v, person in viewers_}
    version = firsts[0]["version"]
    for v, message in firsts.items():
        got[v].append(message)
        assert message["version"] == version
    plain_got.append(await board_at(plain, version))
    stale_sent = False
    pages = 0
    for step in range(120):
        acting = [(v, p) for v, p in viewers_ if v is not None and (
            MOVE.search(got[v][-1]["board"]) or '"move"' in html.unescape(
                "".join(DATA_MOVES.findall(got[v][-1]["board"]))))]
        if not acting or got[0][-1]["status"] == "finished":
            break
        seat, person = rng.choice(acting)
        moves = (await person.api("GET", f"/api/rooms/{code}/view")).json()["view"]["moves"]
        await person.send({"type": "move", "version": version, "move": rng.choice(moves)})
        version += 1
        for v, p in viewers_:
            got[v].append(await board_at(p, version))
        plain_got.append(await board_at(plain, version))
        if step % 7 == 3:  # a fresh page of each viewer draws the board its socket holds
            for v, p in viewers_:
                at, page, lang = await page_board(p, code)
                assert (at, lang) == (version, LANGS[v])  # (no bots: only this test moves)
                assert page == got[v][-1]["board"], (game_id, v, version)
                pages += 1
        if step == 6 and not stale_sent:  # a stale move: a resync, a whole board
            stale_sent = True
            await seated[0].send({"type": "move", "version": version - 1,
                                  "move": {"type": "nothing"}})
            await seated[0].expect("error", code="stale", timeout=20)
            resync = await seated[0].expect("board", timeout=20)
            assert resync["log_reset"] and "html" in resync and "regions" not in resync
            assert resync["html"] == got[0][-1]["board"]
    assert version >= 8, version
    assert pages >= 8, pages
    # every socket without regions got whole boards only
    assert all("html" in m and "regions" not in m for m in plain_got)
    rules_of, states_ = states_by_version(sqlite_url.split("///", 1)[1], code)
    regions_messages = 0
    for v, got_v in got.items():
        for before, message in pairwise(got_v):
            if "regions" in message:
                regions_messages += 1
                assert message["base"] == before["version"]
                # a skeleton kept: only regions; one changed: the whole board (below)
                assert regions.skeleton(before["board"]) == regions.skeleton(message["board"])
                state = states_[message["version"]]
                hidden = secret_codes(rules_of, state, v, count)
                for text in message["regions"].values():
                    assert not hidden & set(CARD.findall(text)), (game_id, v)
            elif not message["log_reset"]:
                assert (regions.skeleton(before["board"]), list(regions.spans(before["board"])))\
                    != (regions.skeleton(message["board"]), list(regions.spans(message["board"])))
    assert regions_messages > len(got) * (version - firsts[0]["version"]) * 0.8
