"""What a viewer sees (docs/contracts.md §1), the outcome and the end-of-game summary.

Everything on the table is public; only the order of the two decks (and the generator
that will reshuffle them) is secret, so every seat sees the same view except `moves`, and
`mine` is `{}` (a spectator's is None). The words of `last` and `summary` are the
phrases', said in English here; they name players as `{p0}`, like event texts, and the
board fills in the names.
"""

from __future__ import annotations

from itertools import groupby
from random import Random

from app.games.base import JSON, Outcome, rank_by
from app.games.four_pints import moves as rules_moves
from app.games.four_pints.cards import (
    BEERS,
    CREDIT,
    DRUNK,
    POINTS,
    SPILLED,
    ST_PATRICKS,
    WALLET,
    WIN_POINTS,
    by_value,
)
from app.games.four_pints.money import money_total
from app.games.four_pints.phrases import PHRASES
from app.games.four_pints.state import FourPintsState


def view(s: FourPintsState, seat: int | None) -> JSON:
    memo = s.memo
    shared = None if memo is None else memo.get("table")
    if shared is None:
        shared = table(s)
        if memo is not None:  # made once per state (views are read, never changed)
            memo["table"] = shared
    out = shared.copy()
    if seat is not None:
        out["mine"] = mine(s, seat)
        out["moves"] = rules_moves.legal_moves(s, seat)
    return out


def mine(s: FourPintsState, seat: int) -> JSON:
    """A seat's own: nothing (every card on the table is public)."""
    return {}


def scramble(s: FourPintsState, seat: int | None, rng: Random) -> FourPintsState:
    """Only the decks' order (and the generator that reshuffles them) is hidden, and
    from every viewer alike: reshuffle both decks and pick a new generator."""
    new = s.copy()
    rng.shuffle(new.beer_deck)
    rng.shuffle(new.buying_deck)
    new.rng = rng.getrandbits(64)
    return new


def table(s: FourPintsState) -> JSON:
    """What everyone sees, in the view's key order ("mine" and "moves" empty)."""
    result = outcome(s)
    return PHRASES.english_view({
        "players": s.players,
        "to_act": [] if s.over else [s.active],
        "phase": "over" if s.over else (s.pending or "turn"),
        "round": s.round,
        "turn": s.turn,
        "first": s.first,
        "active": s.active,
        "scores": [s.score(i) for i in range(s.players)],
        "areas": [
            {"pints": list(s.pints[i]), "spilled": s.spilled[i], "saved": list(s.saved[i])}
            for i in range(s.players)
        ],
        "counter": list(s.counter),
        "beer_deck": len(s.beer_deck),
        "beer_discard": list(s.beer_discard),
        "removed": list(s.removed),
        "buying_deck": len(s.buying_deck),
        "buying_discard": list(s.buying_discard),
        "purse": list(s.purse),
        "money": money_total(s.purse),
        "revealed": list(s.play),
        "spent": list(s.spent),
        "bought": list(s.bought),
        "drunk": s.play.count(DRUNK),
        "on_me": rules_moves.on_me(s),
        "happy_hour": rules_moves.happy_hour(s),
        "wallet": WALLET in s.play,
        "credit": s.purse.count(CREDIT),
        "st_patricks": s.play.count(ST_PATRICKS) + s.extra_turns,
        "must_reveal": s.must_reveal,
        "beers": {b.name: {"price": b.price, "points": b.points} for b in BEERS},
        "offers": [
            {"pints": pints, "cost": rules_moves.cost(s, pints)}
            for pints in ([] if s.over or s.pending else rules_moves.pint_choices(s))
        ],
        "spilled_card": SPILLED,
        "winner": s.winner,
        "mine": None,
        "last": None if s.last is None else {**s.last, "cards": list(s.last["cards"])},
        "summary": summary(s, result),
        "outcome": result.to_json() if result else None,
        "moves": [],
    })


def tiebreak_key(s: FourPintsState, seat: int) -> tuple[int, ...]:
    """Score, then the pints' values from the highest (more pints beat a prefix)."""
    return (s.score(seat), *(POINTS[p] for p in by_value(s.pints[seat])))


def outcome(s: FourPintsState) -> Outcome | None:
    if not s.over:
        return None
    keys = [(int(seat == s.winner), *tiebreak_key(s, seat)) for seat in range(s.players)]
    ranks, winners = rank_by(keys)
    return Outcome(tuple(s.score(i) for i in range(s.players)), ranks, winners)


def summary(s: FourPintsState, result: Outcome | None) -> JSON | None:
    """The one result display, at the end of the game (the game has no scored rounds):
    the rows best first, their words said by the phrases from the areas, the notes from
    `data.facts`."""
    if result is None:
        return None
    order = sorted(range(s.players), key=lambda i: (result.ranks[i], i))
    rows = [{"seat": i, "score": s.score(i), "parts": [], "winner": i in result.winners}
            for i in order]
    return {"title": "", "final": True, "round": None, "rows": rows, "notes": [],
            "data": {"facts": facts(s, result, order)}}


def facts(s: FourPintsState, result: Outcome, order: list[int]) -> list[JSON]:
    """How the game was decided, and why players level on points placed apart: one fact
    per note, so phrases.py can say each in another language."""
    out: list[JSON] = []
    if s.winner is not None:
        out.append({"kind": "win", "seat": s.winner, "points": s.score(s.winner)})
        late = [i for i in order if i != s.winner and s.score(i) >= WIN_POINTS]
        if late:
            out.append({"kind": "late", "seats": late})
    else:
        out.append({"kind": "exhausted"})
    by_score = sorted(order, key=lambda i: (-s.score(i), result.ranks[i], i))
    for score, group in groupby(by_score, key=s.score):
        seats = list(group)
        if len(seats) < 2:
            continue
        level: JSON = {"kind": "level", "seats": seats, "points": score}
        ranks = {result.ranks[i] for i in seats}
        if len(ranks) == 1:
            out.append({**level, "how": "share-win" if ranks == {1} else "share-place"})
            continue
        best = [i for i in seats if result.ranks[i] == min(ranks)]
        if s.winner in best:
            out.append({**level, "how": "turn", "winner": s.winner})
        else:
            out.append({**level, "how": "wins" if min(ranks) == 1 else "higher", "best": best})
    return out
