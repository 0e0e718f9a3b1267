"""The end of a round or of the game, explained in the rule's words (docs/contracts.md §1).

Each row breaks a score into the plus pile, the bull cards and the other piles; a tie on
points gets a note saying how the tie-break (the higher positive part) ranks it, or that
the place is shared. Player names appear as `{p0}` placeholders, as in event texts.
"""

from __future__ import annotations

from itertools import groupby, pairwise

from app.games.base import JSON, Outcome, who
from app.games.bullenparty.scoring import Score, score
from app.games.bullenparty.state import State
from app.games.bullenparty.texts import and_list, plural


def parts(sc: Score, bulls: int) -> list[str]:
    cards = plural(bulls, "bull card")
    return [
        f"Plus pile: {plural(sc.plus_pile, 'head')}",
        f"Bull cards: {plural(sc.bulls, 'head')} ({cards})" if bulls else "Bull cards: none",
        f"Other piles: -{plural(sc.minus, 'head')}" if sc.minus else "Other piles: none",
    ]


def summary(state: State, title: str, final: bool = False,
            outcome: Outcome | None = None, round_no: int | None = None) -> JSON:
    """`round_no` (the round that is over, None for the game) and `data.facts` (each
    note's makings) let phrases.py say the title and notes in another language."""
    scores = [score(s.piles, s.bulls) for s in state.seats]
    order = sorted(range(state.players), key=lambda s: (tuple(-k for k in scores[s].rank_key), s))
    winners = outcome.winners if outcome is not None else frozenset()
    rows = [
        {
            "seat": s,
            "score": scores[s].total,
            "parts": parts(scores[s], len(state.seats[s].bulls)),
            "winner": s in winners,
        }
        for s in order
    ]
    facts = tie_facts(scores, order, final)
    return {"title": title, "final": final, "round": round_no, "rows": rows,
            "notes": [note_text(f) for f in facts], "data": {"facts": facts}}


def tie_facts(scores: list[Score], order: list[int], final: bool) -> list[JSON]:
    """One fact per group of players level on points: how the tie-break ranks each pair."""
    facts: list[JSON] = []
    for total, group in groupby(order, key=lambda s: scores[s].total):
        tied = list(group)
        if len(tied) < 2:
            continue
        best = scores[order[0]].rank_key
        pairs = [split(scores, a, b, final and scores[a].rank_key == best)
                 for a, b in pairwise(tied)]
        facts.append({"seats": tied, "points": total, "pairs": pairs})
    return facts


def split(scores: list[Score], a: int, b: int, for_the_win: bool) -> JSON:
    """Why `a` ranks above `b` (or that they share the place)."""
    sa, sb = scores[a], scores[b]
    if sa.positive != sb.positive:
        return {"a": a, "b": b, "how": "ahead", "positive": [sa.positive, sb.positive]}
    # The rule's last tie-break (fewer minus heads) never splits: equal points and an
    # equal positive part leave equal minus heads.
    return {"a": a, "b": b, "how": "share-win" if for_the_win else "share-place"}


def note_text(fact: JSON) -> str:
    players = and_list([who(s) for s in fact["seats"]])
    head = f"{players} have {plural(fact['points'], 'point')} each"
    return f"{head}; " + "; ".join(pair_text(p) for p in fact["pairs"]) + "."


def pair_text(pair: JSON) -> str:
    a, b = who(pair["a"]), who(pair["b"])
    if pair["how"] == "ahead":
        more, less = pair["positive"]
        return (f"{a} places ahead of {b}: more heads on the plus pile and bull cards "
                f"({more} against {less})")
    shared = "the win" if pair["how"] == "share-win" else "the place"
    return f"{a} and {b} are level on every count and share {shared}"
