"""What a seat sees: the public table, its own secrets under `mine`, the last play and
the summary of a round's or the game's end (docs/contracts.md §1).

The summary's words are the phrases' (view_texts.py), said in English here; the last
play's are its event's. Players appear in them as `{p0}`, `{p1}`, ...; the board puts in
the names.
"""

from __future__ import annotations

from typing import Any

from app.games.base import JSON, Outcome, rank_by
from app.games.null_bock.cards import is_doe, is_stag, sort_key
from app.games.null_bock.moves import shared_moves
from app.games.null_bock.state import EDGE_PHASE, OVER_PHASE, NullBockState
from app.games.null_bock.view_texts import said_summary
from app.games.phrasing import ENGLISH


def outcome(state: NullBockState) -> Outcome | None:
    if state.phase != OVER_PHASE:
        return None
    ranks, winners = rank_by(state.scores)
    return Outcome(tuple(state.scores), ranks, winners)


def seats_to_act(state: NullBockState) -> list[int]:
    """The seats that must act now, in order (the view's `to_act`)."""
    if state.phase == EDGE_PHASE:
        return [s for s in range(state.players) if state.pending[s] is None]
    return [] if state.turn is None or state.phase == OVER_PHASE else [state.turn]


def to_act(state: NullBockState) -> frozenset[int]:
    return frozenset(seats_to_act(state))


def view(state: NullBockState, seat: int | None) -> JSON:
    n = state.players
    own = seat if seat is not None and 0 <= seat < n else None
    memo = state.memo
    table = None if memo is None else memo.get("table")
    if table is None:
        table = public(state)
        if memo is not None:
            memo["table"] = table
    out = table.copy()  # the seats share the table's values (views are read, never changed)
    if own is not None:
        out["mine"] = mine(state, own)
        if own in table["to_act"]:  # any other seat's list is empty: the table's own
            out["moves"] = shared_moves(state, own)
    return out


def public(state: NullBockState) -> JSON:
    """What everyone sees, in the view's key order ("mine" and "moves" empty)."""
    n = state.players
    result = outcome(state)
    arena = state.arena
    top_stag = bool(arena) and is_stag(arena[-1])
    edge_phase = state.phase == EDGE_PHASE
    return {
        "players": n,
        "phase": state.phase,
        "round": state.round,
        "rounds": state.rounds,
        "target": state.target,
        "to_act": seats_to_act(state),
        "turn": state.turn,
        "first": state.first,
        "scores": list(state.scores),
        "arena": list(arena),
        "arena_owner": state.arena_owner,
        "top_stag_owner": state.arena_owner if top_stag else None,
        "edges": list(state.edges),
        "edge_chosen": [p is not None for p in state.pending] if edge_phase else [True] * n,
        "hand_sizes": [len(h) for h in state.hands],
        "harem_sizes": [len(h) for h in state.harems],
        "passes": state.passes,
        "removed": list(state.removed),
        "mine": None,
        # the state's own: `last` is replaced, never changed (state.py), and views
        # are read, never changed
        "last": state.last,
        "summary": summary(state),
        "outcome": result.to_json() if result else None,
        "moves": [],
    }


def mine(state: NullBockState, seat: int) -> JSON:
    """Only `seat` sees these: its hand, its face-down harem, its hidden Edge choice.
    Kept from the state before while the seat's lists are the same objects (a move
    replaces the lists it changes: state.py `fork`), so a move makes only its mover's."""
    hand, harem, choice = state.hands[seat], state.harems[seat], state.pending[seat]
    memo = state.memo
    kept: tuple[list[str], list[str], str | None, JSON] | None = (
        None if memo is None else memo["mine"].get(seat))
    if kept is not None and kept[1] is harem:
        if kept[0] is hand and kept[2] == choice:
            return kept[3]
        shown = kept[3]["harem"]  # a new hand, the same harem: its sorted copy is kept
    else:
        shown = sorted(harem, key=sort_key)
    made = {"hand": list(hand), "harem": shown, "edge_choice": choice}
    if memo is not None:
        memo["mine"][seat] = (hand, harem, choice, made)
    return made


def summary(state: NullBockState) -> JSON | None:
    """The last round explained while the next round's Edges are chosen; the whole game
    at its end."""
    last = state.last_round
    if last is None:
        return None
    final = state.phase == OVER_PHASE
    if not final and not (state.phase == EDGE_PHASE and last["round"] == state.round - 1):
        return None
    # the same while the Edges are chosen (four moves or more): kept from the state
    # before when everything it is made of is (replaced objects, equal scalars)
    key = (last, state.round_points, final, state.round, state.first, state.scores)
    memo = state.memo
    kept: tuple[tuple[object, ...], JSON] | None = (
        None if memo is None else memo.get("summary"))
    if kept is not None and all(a is b or a == b for a, b in zip(kept[0], key, strict=True)):
        return kept[1]
    made = _summary(state, last, final)
    if memo is not None:
        memo["summary"] = (key, made)
    return made


def _summary(state: NullBockState, last: JSON, final: bool) -> JSON:
    """What the summary is made of, said in English by the phrases (view_texts.py)."""
    best = max(state.scores)
    rows: list[JSON] = []
    for s in range(state.players):
        rounds = [p[s] for p in state.round_points]
        does = {"won": [c for c in last["harems"][s] if is_doe(c)],
                "left": [c for c in last["hands"][s] if is_doe(c)]}
        rows.append({"seat": s, "score": state.scores[s], "parts": [],
                     "winner": final and state.scores[s] == best,
                     # what the phrases say `parts` from: nothing more (the points of
                     # every round only at the game's end: a view carries no history
                     # that grows with the game)
                     "data": {"terms": list(last["terms"][s]), **does,
                              "rounds": rounds if final else rounds[-1:]}})
    rows.sort(key=lambda r: (-r["score"], r["seat"]))
    data = {"end": last["end"], "began": last.get("first", state.first),
            "first": state.first, "next": state.round}
    made = {"title": "", "final": final, "round": last["round"], "rows": rows, "notes": [],
            "data": data}
    return said_summary(made, *ENGLISH)


def scramble(state: NullBockState, seat: int | None, rnd: Any) -> NullBockState:
    """`state` with everything `seat` may not see dealt anew: the other seats' hands,
    harems and face-down Edge choices trade cards (each place keeps its count), and the
    next deal's shuffle changes. `rnd` is a `random.Random`."""
    new = state.copy()
    others = [s for s in range(state.players) if s != seat]
    pool = [c for s in others for c in new.hands[s] + new.harems[s]]
    pool += [card for s in others if (card := new.pending[s]) is not None]
    rnd.shuffle(pool)
    for s in others:
        k = len(new.hands[s])
        new.hands[s] = sorted(pool[:k], key=sort_key)
        del pool[:k]
        k = len(new.harems[s])
        new.harems[s] = pool[:k]
        del pool[:k]
        if new.pending[s] is not None:
            new.pending[s] = pool.pop()
    new.rng = rnd.getrandbits(64)
    return new
