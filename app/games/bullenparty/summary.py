"""The end of a round or of the game, explained in the rule's words (docs/contracts.md §1).

Each row breaks a score into the plus pile, the bull cards and the other piles; a tie on
points gets a note saying how the tie-break (the higher positive part) ranks it, or that
the place is shared. The words are the phrases' (from the seats' scores and `data.facts`),
said in English with the view; players appear in them as `{p0}`, as in event texts.
"""

from __future__ import annotations

from itertools import groupby, pairwise

from app.games.base import JSON, Outcome
from app.games.bullenparty.scoring import Score, score
from app.games.bullenparty.state import State


def summary(state: State, final: bool = False, outcome: Outcome | None = None,
            round_no: int | None = None) -> JSON:
    """`round_no` (the round that is over, None for the game) and `data.facts` (each
    note's makings): what phrases.py says the title and notes from."""
    scores = [score(s.piles, s.bulls) for s in state.seats]
    order = sorted(range(state.players), key=lambda s: (tuple(-k for k in scores[s].rank_key), s))
    winners = outcome.winners if outcome is not None else frozenset()
    rows = [
        {
            "seat": s,
            "score": scores[s].total,
            "parts": [],
            "winner": s in winners,
        }
        for s in order
    ]
    facts = tie_facts(scores, order, final)
    return {"title": "", "final": final, "round": round_no, "rows": rows, "notes": [],
            "data": {"facts": facts}}


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
