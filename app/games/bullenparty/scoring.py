"""Scoring: the plus pile and the bulls count for a player, every other pile against."""

from __future__ import annotations

from dataclasses import dataclass

from app.games.bullenparty.cards import heads


@dataclass(frozen=True)
class Score:
    plus_pile: int  # heads on the pile with the most heads (0 without piles)
    bulls: int  # heads on the bull cards
    minus: int  # heads on every other pile

    @property
    def positive(self) -> int:
        return self.plus_pile + self.bulls

    @property
    def total(self) -> int:
        return self.positive - self.minus

    @property
    def rank_key(self) -> tuple[int, int, int]:
        """Higher is better: the score, then the positive part, then fewer minus heads."""
        return (self.total, self.positive, -self.minus)

    def to_json(self) -> dict[str, int]:
        return {
            "plus_pile": self.plus_pile,
            "bulls": self.bulls,
            "minus": self.minus,
            "total": self.total,
        }


def score(piles: list[list[int]], bulls: list[int]) -> Score:
    return score_of_heads([heads(p) for p in piles], bulls)


def score_of_heads(pile_heads: list[int], bulls: list[int]) -> Score:
    """The score from the heads on each pile (`pile_heads`) and the bull cards."""
    plus = max(pile_heads, default=0)
    return Score(plus, sum(bulls), sum(pile_heads) - plus)


def plus_pile_index(pile_heads: list[int]) -> int | None:
    """Which pile is the plus pile (the first of equal ones), for the board."""
    if not pile_heads:
        return None
    return pile_heads.index(max(pile_heads))
