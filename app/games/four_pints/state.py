"""The state of a game of Four pints, please: every card in its place, plus the turn.

Decks are lists with the next card first, so a test can stack a deck by assigning the
list. The whole state is plain lists and ints, so a copy is cheap and JSON is direct.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from app.games.four_pints.cards import POINTS, SPILLED, SPILLED_POINTS

TURN = ""  # the active player reveals or buys
ELBOW_CHOICE = "elbow"  # which pint of another player to discard
SLIP_CHOICE = "slip"  # which own pint to discard
GIFT_CHOICE = "gift"  # which bought pint goes to whom (On me!)


@dataclass
class FourPintsState:
    players: int
    rng: int
    beer_deck: list[str] = field(default_factory=list)
    beer_discard: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # the Barrel, once turned up
    counter: list[str] = field(default_factory=list)
    buying_deck: list[str] = field(default_factory=list)
    buying_discard: list[str] = field(default_factory=list)
    pints: list[list[str]] = field(default_factory=list)  # per seat, its area
    spilled: list[int] = field(default_factory=list)  # Spilled pints per area
    saved: list[list[str]] = field(default_factory=list)  # Wallet cards per seat
    active: int = 0
    turn: int = 0
    purse: list[str] = field(default_factory=list)  # money and Credit cards to spend
    play: list[str] = field(default_factory=list)  # other cards revealed this turn
    spent: list[str] = field(default_factory=list)  # money paid or eaten, used Credit
    must_reveal: bool = False  # started the turn with saved Wallet cards
    pending: str = TURN
    bought: list[str] = field(default_factory=list)  # On me! pints awaiting the gift
    extra_turns: int = 0  # St Patrick's turns still owed to the active player
    winner: int | None = None  # reached the winning score
    exhausted: bool = False  # the beer supply ran out: the game is over
    first: int = 0  # the starting seat: a round begins each time play comes back to it
    round: int = 0
    last: dict[str, Any] | None = None  # the last play, for the board (see views.py)
    # the set-up's public events, logged with the first move (base.opening_of);
    # replaced, never mutated
    opening: list[dict[str, Any]] = field(default_factory=list)
    # `memo` (not a field: never compared, encoded or copied): what the views of this
    # state share, made once. Only a state `apply` made has one: it is never changed
    # after (a test may build a state and then edit it).
    memo: ClassVar[dict[str, Any] | None] = None

    @classmethod
    def new(cls, players: int, rng: int) -> FourPintsState:
        return cls(
            players,
            rng,
            pints=[[] for _ in range(players)],
            spilled=[0] * players,
            saved=[[] for _ in range(players)],
        )

    @property
    def over(self) -> bool:
        return self.winner is not None or self.exhausted

    def score(self, seat: int) -> int:
        return sum(POINTS[p] for p in self.pints[seat]) + SPILLED_POINTS * self.spilled[seat]

    def copy(self) -> FourPintsState:
        """A deep copy, written out: states are copied on every move."""
        return FourPintsState(
            self.players,
            self.rng,
            self.beer_deck[:],
            self.beer_discard[:],
            self.removed[:],
            self.counter[:],
            self.buying_deck[:],
            self.buying_discard[:],
            [p[:] for p in self.pints],
            self.spilled[:],
            [c[:] for c in self.saved],
            self.active,
            self.turn,
            self.purse[:],
            self.play[:],
            self.spent[:],
            self.must_reveal,
            self.pending,
            self.bought[:],
            self.extra_turns,
            self.winner,
            self.exhausted,
            self.first,
            self.round,
            None if self.last is None else {**self.last, "cards": list(self.last["cards"])},
            self.opening,
        )

    def fork(self) -> FourPintsState:
        """A copy for a move to change; never changed once the move is done, so its
        views may share (`memo` is a ClassVar only to keep it out of the fields)."""
        new = self.copy()
        new.memo = {}  # type: ignore[misc]
        return new

    def every_card(self) -> list[str]:
        """Every physical card in every place (a Spilled pint in an area is a card)."""
        every = self.beer_deck + self.beer_discard + self.removed + self.counter + self.bought
        every += self.buying_deck + self.buying_discard + self.purse + self.play + self.spent
        for seat in range(self.players):
            every += self.pints[seat] + self.saved[seat] + [SPILLED] * self.spilled[seat]
        return every

    def encode(self) -> dict[str, Any]:
        return self.copy().__dict__

    @classmethod
    def decode(cls, data: Mapping[str, Any]) -> FourPintsState:
        return cls(**dict(data)).copy()
