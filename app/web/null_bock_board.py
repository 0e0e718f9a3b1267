"""Null Bock!'s board, put together in Python from its template's macros
(templates/boards/null-bock.html owns every tag; this module only picks the regions and
keeps them).

A board is a handful of regions: the status bar, the last play, the other players'
panels, the middle, the viewer's own cards, a summary. Each region is made once per its
exact inputs and then joined, so a board whose regions did not change (three of four
seats after a move) is a few dictionary look-ups and one join, not a template run:

- the panels and the middle are the same for every viewer of a version but for the
  acting viewer's destinations: made once per (room, version, language) from the
  spectator's view, with a hole for those (app/web/pieces.py);
- every other region is kept in the fragment cache (app/web/memo.py) under a key of
  everything it is drawn from: the language, the room's names and the viewer's seat
  (`Viewing.viewer_key`) and the region's own inputs. A region holding a seat's hand is
  keyed by that seat and that hand (a card's control by its move and what its label
  reads of the viewer), so it is only ever served to a board that would have drawn
  exactly the same string; a key is never a version, so a kept string cannot be stale.

Keys are tuples of the view's own values (ints, strings, None; no bools where an int
could stand) and `freeze`d JSON for its lists and dicts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from markupsafe import Markup

from app.web.lists import group
from app.web.memo import FRAGMENTS, VIEWING, Unfreezable, freeze
from app.web.pieces import HOLE, PIECES, piece, plain_piece
from app.web.regions import MARK as REGION_MARK
from app.web.regions import Board, unmarked
from app.web.speech import LANG

TEMPLATE = "boards/null-bock.html"


@lru_cache(maxsize=1)
def macros() -> Any:
    """The board template as a module: its macros, made once."""
    from app.web.render import environment

    return environment().get_template(TEMPLATE).module


def kept(key: tuple[Any, ...], make: Callable[..., Any], *args: Any) -> Markup:
    """The region under `key`, made by `make(*args)` the first time. (The arguments
    passed, not bound in a lambda: a board looks up a few dozen regions, and a function
    object made for each look-up cost more than most look-ups.)"""
    fragments = FRAGMENTS
    found = fragments.young.get(key)  # (most hits: no call of `get`)
    if found is not None:
        fragments.hits += 1
        return found
    found = fragments.get(key)
    if found is None:
        found = make(*args)
        if type(found) is not Markup:  # (a macro's output already is: no copy)
            found = Markup(found)
        FRAGMENTS.put(key, found)
    return found


def places_of(hand: list[str], by_card: dict[str, list[dict[str, Any]]]
              ) -> dict[tuple[Any, Any], list[tuple[str, dict[str, Any]]]]:
    """Every copy of a card with several moves is a pick: (pick id, move) for each of its
    destinations, by the place it goes to ((to, edge): ("edge", 2), ("arena", None))."""
    out: dict[tuple[Any, Any], list[tuple[str, dict[str, Any]]]] = {}
    seen: dict[str, int] = {}
    for c in hand:
        k = seen[c] = seen.get(c, -1) + 1
        mvs = by_card.get(c, ())
        if len(mvs) > 1:
            for mv in mvs:
                out.setdefault((mv.get("to"), mv.get("edge")), []).append((f"{c}-{k}", mv))
    return out


def _top(mv: dict[str, Any], edges: list[Any]) -> Any:
    return edges[mv["edge"]] if "edge" in mv else None


def dests(items: list[tuple[str, dict[str, Any]]], edges: list[Any], lang: str,
          names: bytes, seat: int | None) -> str:
    """The destination buttons of one place (all of them go to the same Edge or the
    Arena, so one `top`), each button kept apart by its label's inputs. (Joined, not
    kept together: a key of every button's move cost as much as the join.) HTML as
    text: to join, or to hand to a macro as `Markup`.

    A button reads the viewer only as its label does (`label`): the room's names and
    whether the move goes to the viewer's own Edge ("your Edge"). So it is keyed by
    those, not by the seat: another seat holding the same card with the same move (three
    copies of most cards) is served the same button, which it would draw the same."""
    m = macros()
    top = _top(items[0][1], edges)
    dest_of = m.dest_of
    return "".join([kept(("nb-dest", lang, names, pid, freeze(mv), top, mv.get("edge") == seat),
                         dest_of, pid, mv, top)
                    for pid, mv in items])


def hand(cards: list[str], by_card: dict[str, list[dict[str, Any]]], edges: list[Any],
         lang: str, names: bytes, seat: int) -> str:
    """The viewer's hand, each card (its control) kept apart, joined inside the
    `hand_cards` frame (drawn once per language). A card's move button is keyed as a
    destination is (`dests`: its label reads the names and whether it goes to the
    viewer's own Edge); a pick or a face reads nothing of the viewer: keyed by the card
    (and a pick by its id and count of places) alone."""
    if not by_card:  # faces alone (a seat without moves): kept whole by its cards
        return kept(("nb-faces", lang, *cards), _hand, cards, by_card, edges, lang, names,
                    seat)
    return _hand(cards, by_card, edges, lang, names, seat)


def _hand(cards: list[str], by_card: dict[str, list[dict[str, Any]]], edges: list[Any],
          lang: str, names: bytes, seat: int) -> str:
    m = macros()
    hand_card = m.hand_card
    out = []
    seen: dict[str, int] = {}
    for c in cards:
        k = seen[c] = seen.get(c, -1) + 1
        mvs = by_card.get(c, [])
        if len(mvs) == 1:
            mv = mvs[0]
            key: tuple[Any, ...] = ("nb-card", lang, names, c, freeze(mv), _top(mv, edges),
                                    mv.get("edge") == seat)
        else:  # a pick (its id, its count of places) or the face alone
            key = ("nb-card", lang, c, k if mvs else 0, len(mvs))
        out.append(kept(key, hand_card, c, k, mvs, edges))
    if not out:
        return kept(("nb-hand-empty", lang), m.hand_cards, [])
    return joined(("nb-hand", lang), lambda mark: m.hand_cards([mark]),
                  ["".join(out)])


def board(view: dict[str, Any], public: dict[str, Any], seat: int | None) -> Board:
    """The board of `seat` (None: a spectator) from its `view` and the version's
    spectator's view `public`; inside `speaking`, `viewing` and `sharing`."""
    m = macros()
    lang, viewer = LANG.get(), VIEWING.get()
    key = viewer.viewer_key
    me = seat if seat is not None and view.get("mine") is not None else None
    to_act = view.get("to_act") or []
    last = view.get("last")
    moves = view.get("moves") or []
    edges = view["edges"]
    mine_hand = view["mine"]["hand"] if me is not None else []
    by_card = group(moves, "card") if moves else {}
    by_place = places_of(mine_hand, by_card) if moves else {}

    def fill(place: tuple[Any, ...]) -> str:
        items = by_place.get(place)
        return dests(items, edges, lang, viewer.names_key, seat) if items else ""

    # the status bar reads the viewer only through `yours` and `my_turn` (the names of
    # those it waits for are never "you"): one for every seat that waits
    yours, my_turn = me is not None and me in to_act, me is not None and view.get("turn") == me
    status_args = (bool(view.get("outcome")), view["phase"], tuple(to_act), view.get("turn"),
                   yours, my_turn, not view.get("arena"), view.get("round"),
                   view.get("rounds"), view.get("target"))
    # (the status bar is kept unmarked and handed over as it is)
    status = kept(("nb-status", lang, viewer.names_key, *status_args), _status_bar,
                  *status_args)
    said = None
    if last:
        said = kept(("nb-last", lang, viewer.names_key, last["text"]), m.last_play,
                    last["text"])
    if view.get("open"):  # a replay: every hand face up, nothing to share
        panels = [panel(view, s, "", lang, viewer.names_key)
                  for s in range(view["players"]) if s != me]
    else:
        names_key = viewer.names_key
        if by_place:
            panels = [piece(("opponent", s), panel, public, s, HOLE, lang, names_key,
                            fill=fill(("edge", s)))
                      for s in range(view["players"]) if s != me]
        else:  # (most boards: each panel as the version's first board left it)
            panels = _plain_panels(public, view["players"], me, lang, names_key)
    top_is_mine = view.get("top_stag_owner") is not None and view["top_stag_owner"] == me
    middle = piece(("middle", top_is_mine), _middle, public, top_is_mine, lang,
                   viewer.names_key, fill=fill(("arena", None)) if by_place else "")
    mine = None
    if me is not None:
        mine = _mine(view, me, to_act, last, moves, by_card,
                     fill(("edge", me)) if by_place else "", lang, key, viewer.names_key)
    summary = round_summary(view["summary"], lang, key) if view.get("summary") else None
    seats = [s for s in range(view["players"]) if s != me]
    return put_together(view["phase"], status, said, panels, seats, middle, mine, summary,
                        lang)


_OPPONENT = [("opponent", s) for s in range(16)]  # (a piece's key made once per seat)


def _plain_panels(public: dict[str, Any], players: int, me: int | None, lang: str,
                  names: bytes) -> list[str]:
    """The other seats' panels of a board without destinations on them: `piece` with
    nothing in its hole, the version's pieces looked up once for all of them."""
    pieces = PIECES.get()
    if pieces is None:
        return [piece(("opponent", s), panel, public, s, HOLE, lang, names)
                for s in range(players) if s != me]
    out = []
    for s in range(players):
        if s != me:
            key = _OPPONENT[s] if s < 16 else ("opponent", s)
            found = plain_piece(pieces, key)
            out.append(found if found is not None
                       else piece(key, panel, public, s, HOLE, lang, names))
    return out


def _status_bar(*args: Any) -> str:
    """The toolkit's status bar, which marks itself a region: kept unmarked."""
    return unmarked(macros().status_bar(*args))


def round_summary(summary: dict[str, Any], lang: str, viewer: bytes) -> str:
    """A round's (or the game's) summary, kept by the viewer (its table marks the
    viewer's own row, its notes name the players) and everything it says: it stays on
    the board for a few versions, the same each time (3 of 4 of its drawings were)."""
    m = macros()
    try:
        said = freeze(summary)
    except Unfreezable:  # (a view is JSON: never, but then drawn each time)
        return m.summary_of(summary)
    return kept(("nb-summary", lang, viewer, said), m.summary_of, summary)


_MARK = re.compile(r"<!--region-->")
MARK = Markup("<!--region-->")  # no escaped text can spell it, and no template writes it


def frame(shape: tuple[Any, ...], draw: Callable[[Markup], Any]) -> list[str]:
    """A frame macro's text between its marks: `draw(MARK)` draws the frame with a mark
    where each region goes, once per `shape` (everything the frame itself is drawn from
    but the regions)."""
    fragments = FRAGMENTS
    between = fragments.young.get(shape)  # (as `kept`)
    if between is not None:
        fragments.hits += 1
        return between  # type: ignore[no-any-return]
    between = fragments.get(shape)
    if between is None:
        between = _MARK.split(str(draw(MARK)))
        FRAGMENTS.put(shape, between)
    return between


def joined(shape: tuple[Any, ...], draw: Callable[[Markup], Any], regions: list[str]
           ) -> str:
    """A frame macro's output around `regions`: each call joins its regions into the
    text between the frame's marks (`frame`). Plain text (HTML to join or keep, never
    handed to a template: no `Markup` copy)."""
    between = frame(shape, draw)
    if len(between) == 2:
        return between[0] + regions[0] + between[1]
    out = [between[0]]
    for region, text in zip(regions, between[1:], strict=True):
        out += (region, text)
    return "".join(out)


@lru_cache(maxsize=64)
def _region_names(said: bool, seats: tuple[int, ...], mine: bool) -> tuple[str, ...]:
    """The names of a board's regions, in order: the same few for every board (one tuple
    each, not made again per board)."""
    return ("status", *(["last"] if said else []), *[f"opponent-{s}" for s in seats],
            "middle", *(["mine"] if mine else []))


def put_together(phase: str, status: str, said: str | None, panels: list[str],
                 seats: list[int], middle: str, mine: str | None, summary: str | None,
                 lang: str) -> Board:
    """The `board` macro's output for these regions (`panels`: those of `seats`), handed
    over as its skeleton and regions (app/web/regions.py): no join, no split."""
    names = _region_names(said is not None, tuple(seats), mine is not None)
    regions = (status, *panels, middle) if said is None else (status, said, *panels, middle)
    if mine is not None:
        regions = (*regions, mine)
    between = frame(
        ("nb-board", lang, phase, said is not None, len(panels), mine is not None,
         summary is not None),
        lambda mark: macros().board(phase, mark, mark if said is not None else None,
                                    [mark] * len(panels), mark,
                                    mark if mine is not None else None,
                                    mark if summary is not None else None))
    if summary is None:
        return Board(tuple(between), names, regions)
    # a round's end: the toolkit's summary marks itself a region, so the board is joined
    # marked and taken apart (rare: one board in many)
    marked = [f"{REGION_MARK}{n}{REGION_MARK}{r}{REGION_MARK}" for n, r in zip(names, regions,
                                                                              strict=True)]
    out = [between[0]]
    for region, text in zip([*marked, summary], between[1:], strict=True):
        out += (region, text)
    return Board.split("".join(out))


def panel(v: dict[str, Any], s: int, edge_dests: str, lang: str, names: bytes) -> str:
    """Seat `s`'s panel as the view `v` shows it, `edge_dests` on its Edge: its name, its
    numbers and its Edge each kept apart (a move changes one or two of them)."""
    m = macros()
    last = v.get("last")
    edge_last = bool(last and last.get("to") in (f"edge-{s}", "edges"))
    shown = v["open"][s] if v.get("open") else None
    began, score = s == v.get("first"), v["scores"][s]
    hand_size, harem_size = v["hand_sizes"][s], v["harem_sizes"][s]
    edge, chosen = v["edges"][s], v["edge_chosen"][s]
    name = kept(("nb-oname", lang, names, s, began), m.opponent_name, s, began)
    stats = kept(("nb-ostats", lang, score, hand_size, harem_size), m.opponent_stats, score,
                 hand_size, harem_size)
    edge_part = kept(("nb-oedge", lang, names, s, edge, edge_last, chosen, freeze(shown),
                      str(edge_dests)),
                     m.opponent_edge, s, edge, edge_last, chosen, shown, edge_dests)
    acting = s in v["to_act"]
    if shown is not None:  # a replay's open cards: not kept
        return m.opponent(s, acting, name, stats, edge_part, shown)
    return joined(("nb-opponent", lang, s, acting),
                  lambda mark: m.opponent(s, acting, mark, mark, mark, None),
                  [name, stats, edge_part])


def _middle(v: dict[str, Any], top_is_mine: bool, lang: str, names: bytes) -> str:
    """The Arena as the view `v` shows it, a hole for the viewer's destinations: its
    frame kept by what it says, the pile joined from faces kept one by one."""
    m = macros()
    last, arena = v.get("last"), v["arena"]
    at_arena = bool(last and last.get("to") == "arena")
    args = (len(arena), at_arena, v.get("top_stag_owner"), top_is_mine, v.get("passes"))
    if not arena:
        return kept(("nb-middle-empty", lang, names, *args), m.middle, 0, None, *args[1:],
                    HOLE)
    final = len(arena) - 1
    face = m.face
    pile = "".join([kept(("nb-face", lang, c, cls), face, c, cls)
                    for i, c in enumerate(arena)
                    for cls in ("is-last" if at_arena and i == final else "",)])
    return joined(("nb-middle", lang, names, *args),
                  lambda mark: m.middle(args[0], mark, *args[1:], HOLE), [pile])


def _mine(view: dict[str, Any], me: int, to_act: list[int], last: dict[str, Any] | None,
          moves: list[dict[str, Any]], by_card: dict[str, list[dict[str, Any]]],
          edge_dests: str, lang: str, viewer: bytes, names: bytes) -> str:
    """The viewer's own cards: put together from their parts, each kept; a seat without
    moves (most boards: no control, no destination) keeps the whole of it by all it is
    drawn from, so a seat that did not move gets the same string again."""
    edge_last = bool(last and last.get("to") in (f"edge-{me}", "edges"))
    mine, edges, phase = view["mine"], view["edges"], view["phase"]
    acting, score, began = me in to_act, view["scores"][me], me == view.get("first")

    if moves:  # the seat to act: its controls changed with the table, so no whole key
        return _mine_parts(me, acting, score, began, edges, edge_last, mine, phase,
                           by_card, edge_dests, lang, names)
    # (the parts read of `mine` exactly its hand, harem and Edge choice; without moves
    # the hand's cards are faces alone and no destination is drawn: no `edges` but its own)
    key = ("nb-mine", lang, viewer, me, acting, score, began, edges[me], edge_last, phase,
           tuple(mine["hand"]), tuple(mine["harem"]), mine.get("edge_choice"))
    return kept(key, _mine_parts, me, acting, score, began, edges, edge_last, mine, phase,
                by_card, edge_dests, lang, names)


def _mine_parts(me: int, acting: bool, score: int, began: bool, edges: list[Any],
                edge_last: bool, mine: dict[str, Any], phase: str,
                by_card: dict[str, list[dict[str, Any]]], edge_dests: str,
                lang: str, names: bytes) -> str:
    m = macros()
    choice = mine.get("edge_choice")
    stats = kept(("nb-mstats", lang, score, began), m.mine_stats, score, began)
    if edge_dests:  # the seat to act: its Edge's frame kept apart from its destinations
        # (they change with its hand and the table; the frame with its Edge card)
        edge = joined(("nb-medge-frame", lang, me, edges[me], edge_last, choice, phase),
                      lambda mark: m.mine_edge(me, edges[me], edge_last, choice, phase, mark),
                      [edge_dests])
    else:
        edge = kept(("nb-medge", lang, me, edges[me], edge_last, choice, phase),
                    m.mine_edge, me, edges[me], edge_last, choice, phase, "")
    cards = hand(mine["hand"], by_card, edges, lang, names, me)
    harem = kept(("nb-harem", lang, *mine["harem"]), m.harem_cards, mine["harem"])
    count = len(mine["hand"])
    return joined(("nb-mine-frame", lang, me, acting, count),
                  lambda mark: m.mine_section(me, acting, mark, mark, count, mark, mark),
                  [stats, edge, cards, harem])
