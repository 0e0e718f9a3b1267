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
        f"Other piles: -{plural(sc.minus, 'head')}",
    ]


def summary(state: State, title: str, final: bool = False,
            outcome: Outcome | None = None) -> JSON:
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
    return {"title": title, "final": final, "rows": rows, "notes": tie_notes(scores, order, final)}


def tie_notes(scores: list[Score], order: list[int], final: bool) -> list[str]:
    """One note per group of players level on points, saying how the tie-break ranks them."""
    notes: list[str] = []
    for total, group in groupby(order, key=lambda s: scores[s].total):
        tied = list(group)
        if len(tied) < 2:
            continue
        head = f"{and_list([who(s) for s in tied])} have {plural(total, 'point')} each"
        best = scores[order[0]].rank_key
        reasons = [split(scores, a, b, final and scores[a].rank_key == best)
                   for a, b in pairwise(tied)]
        notes.append(f"{head}; " + "; ".join(reasons) + ".")
    return notes


def split(scores: list[Score], a: int, b: int, for_the_win: bool) -> str:
    """Why `a` ranks above `b` (or that they share the place)."""
    sa, sb = scores[a], scores[b]
    if sa.positive != sb.positive:
        return (
            f"{who(a)} places ahead of {who(b)}: more heads on the plus pile and bull cards "
            f"({sa.positive} against {sb.positive})"
        )
    # The rule's last tie-break (fewer minus heads) never splits: equal points and an
    # equal positive part leave equal minus heads.
    shared = "the win" if for_the_win else "the place"
    return f"{who(a)} and {who(b)} are level on every count and share {shared}"
