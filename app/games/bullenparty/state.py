"""The state of a Bullenparty game: plain data, JSON-ready, cheap to copy."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from app.games.bullenparty.cards import ROW_LIMIT, bull_label, zero_label

Bid = int | str
"""A number card (int) or a zero card (its letter)."""

# Phases where somebody must decide. RESOLVE is never seen outside `apply`: it is the
# moment between two automatic steps (see flow.advance).
BID, TAKE, REDUCE, EXTEND, FINAL, OVER = "bid", "take", "reduce", "extend", "final", "over"
RESOLVE = "resolve"


@dataclass
class Row:
    cards: list[int]
    bull: int | None = None  # heads of the bull card laid beside it when it closed
    taker: int | None = None  # the seat that took it this round

    @property
    def remaining(self) -> bool:
        return self.taker is None

    @property
    def open(self) -> bool:
        """A remaining row a zero bid may extend."""
        return self.taker is None and len(self.cards) < ROW_LIMIT

    def copy(self) -> Row:
        return Row(list(self.cards), self.bull, self.taker)


@dataclass
class Seat:
    hand: list[int]  # number cards, sorted; a pending bid card is still here
    zero: str  # the letter of this seat's zero card
    zero_known: bool = False  # turned up once: everybody knows the letter
    piles: list[list[int]] = field(default_factory=list)  # bottom first
    bulls: list[int] = field(default_factory=list)  # heads of the bull cards won
    pending: Bid | None = None  # secret bid, not yet revealed
    bid: Bid | None = None  # revealed bid, on the table until it is resolved
    last_bid: Bid | None = None  # what was revealed at the last reveal (for the board)
    draft_hand: list[int] | None = None  # final placement: cards still to lay (secret)
    draft_piles: list[list[int]] | None = None  # final placement: the piles being built

    def copy(self) -> Seat:
        return Seat(
            list(self.hand),
            self.zero,
            self.zero_known,
            [list(p) for p in self.piles],
            list(self.bulls),
            self.pending,
            self.bid,
            self.last_bid,
            None if self.draft_hand is None else list(self.draft_hand),
            None if self.draft_piles is None else [list(p) for p in self.draft_piles],
        )


@dataclass
class State:
    players: int
    rng: int
    seats: list[Seat]
    draw: list[int]  # top first
    discard: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)  # out of the game unseen (2-3 players)
    zeros_out: list[str] = field(default_factory=list)  # zero cards nobody was dealt
    set_aside: list[int] = field(default_factory=list)  # laid out when the game ended
    bull_stack: list[int] = field(default_factory=list)  # top first
    rows: list[Row] = field(default_factory=list)
    phase: str = BID
    round: int = 0
    last_round: bool = False
    zero_blocked: bool = False  # no card could be drawn: no zero bids this round
    queue: list[int] = field(default_factory=list)  # revealed bidders still to resolve
    drawn: int | None = None  # the card a zero bidder turned up, before placing it
    # The last play, public only (see views.last_view): seat, cards, from, to, text.
    last: dict[str, Any] | None = None
    # the set-up's public events, logged with the first move (base.opening_of);
    # replaced, never mutated
    opening: list[dict[str, Any]] = field(default_factory=list)
    # `memo` (not a field: never compared, encoded or copied): what the views of this
    # state share, made once. Only a state `apply` made has one: it is never changed
    # after (a test may build a state and then edit it).
    memo: ClassVar[dict[str, Any] | None] = None

    @property
    def current(self) -> int | None:
        """The seat whose revealed bid is being resolved."""
        return self.queue[0] if self.queue and self.phase in (TAKE, REDUCE, EXTEND) else None

    def copy(self) -> State:
        return State(
            self.players,
            self.rng,
            [s.copy() for s in self.seats],
            list(self.draw),
            list(self.discard),
            list(self.removed),
            list(self.zeros_out),
            list(self.set_aside),
            list(self.bull_stack),
            [r.copy() for r in self.rows],
            self.phase,
            self.round,
            self.last_round,
            self.zero_blocked,
            list(self.queue),
            self.drawn,
            None if self.last is None else {**self.last, "cards": list(self.last["cards"])},
            self.opening,
        )

    def fork(self) -> State:
        """A copy for a move to change; never changed once the move is done, so its
        views may share (`memo` is a ClassVar only to keep it out of the fields)."""
        new = self.copy()
        new.memo = {}  # type: ignore[misc]
        return new

    def every_card(self) -> list[str]:
        """Every physical card in every place, as labels: number cards by their number,
        bull cards and zero cards by `bull_label` and `zero_label`."""
        numbers = [*self.draw, *self.discard, *self.removed, *self.set_aside]
        if self.drawn is not None:
            numbers.append(self.drawn)
        bulls = list(self.bull_stack)
        for row in self.rows:
            numbers.extend(row.cards)
            if row.bull is not None:
                bulls.append(row.bull)
        for seat in self.seats:
            numbers.extend(seat.draft_hand if seat.draft_hand is not None else seat.hand)
            for pile in seat.draft_piles if seat.draft_piles is not None else seat.piles:
                numbers.extend(pile)
            if isinstance(seat.bid, int):
                numbers.append(seat.bid)
            bulls.extend(seat.bulls)
        zeros = [s.zero for s in self.seats] + self.zeros_out
        return ([str(n) for n in numbers] + [bull_label(b) for b in bulls]
                + [zero_label(z) for z in zeros])


def encode(state: State) -> dict[str, Any]:
    data = dict(state.copy().__dict__)
    data["seats"] = [dict(s.__dict__) for s in data["seats"]]
    data["rows"] = [dict(r.__dict__) for r in data["rows"]]
    return data


def decode(data: Mapping[str, Any]) -> State:
    fields = dict(data)
    fields["seats"] = [Seat(**s) for s in fields["seats"]]
    fields["rows"] = [Row(**r) for r in fields["rows"]]
    return State(**fields).copy()
