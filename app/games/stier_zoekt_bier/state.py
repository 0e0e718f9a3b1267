"""The state of a game of Stier zoekt Bier, and its lossless JSON form.

A player's stock is a list from bottom to top: its lowest CELLAR_SIZE cards are the
cellar (face down), the rest the overflow (face up). A pub is a list of slots; a slot is
one bull, or a pair (the top bull first), with the beer served to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar

from app.games.base import JSON
from app.games.stier_zoekt_bier import cards as C

# phases
DRAFT, DRAUGHT, CHOOSE, SERVE, OVER = "draft", "draught", "choose", "serve", "over"
# a player's serving stage
SERVE_DRAUGHTED, SERVE_CELLAR, SERVE_DONE = "draughted", "cellar", "done"


@dataclass(frozen=True)
class Slot:
    """One bull, or a pair (top bull first), with the beer served to it.

    Never changed once made: a bull joining or a beer served makes a new Slot, so copies
    of a state share their slots and each slot works out its totals once."""

    bulls: list[str]
    beer: list[str] = field(default_factory=list)

    @property
    def bull(self) -> str:
        return self.bulls[0]

    @cached_property
    def kind(self) -> str:
        return C.BULLS[self.bulls[0]].beer

    @property
    def paired(self) -> bool:
        return len(self.bulls) > 1

    @cached_property
    def total(self) -> int:
        return sum(C.glasses(card) for card in self.beer)

    @cached_property
    def full(self) -> bool:
        return C.is_full(self.bulls[0], self.total)

    @cached_property
    def points(self) -> int:
        points = C.bull_points(self.bulls[0], self.total)
        return points * C.PAIR_FACTOR if self.paired else points


@dataclass
class Seat:
    stock: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    picks: list[str] = field(default_factory=list)
    picked: bool = False
    draughted: list[str] = field(default_factory=list)
    has_draughted: bool = False
    bid: int = 0
    bid_beer: str | None = None
    pub: list[Slot] = field(default_factory=list)
    served_now: list[int] = field(default_factory=list)
    stage: str = SERVE_DONE
    last: JSON | None = None
    """The seat's own last secret play (a draft pick), shown to it while no public play
    has followed: `last_at` is the `State.plays` count it was made at."""
    last_at: int = -1

    @property
    def cellar(self) -> list[str]:
        return self.stock[: C.CELLAR_SIZE]

    @property
    def overflow(self) -> list[str]:
        return self.stock[C.CELLAR_SIZE :]

    @property
    def points(self) -> int:
        return sum(slot.points for slot in self.pub)

    @property
    def served_cards(self) -> int:
        return sum(len(slot.beer) for slot in self.pub)

    @property
    def served_glasses(self) -> int:
        return sum(slot.total for slot in self.pub)

    def clone(self) -> Seat:
        return Seat(
            list(self.stock), list(self.hand), list(self.picks), self.picked,
            list(self.draughted), self.has_draughted, self.bid, self.bid_beer,
            list(self.pub), list(self.served_now), self.stage, self.last, self.last_at,
        )


@dataclass
class State:
    players: int
    variant: str
    bulls_per_round: int
    rng: int
    round: int = 1
    phase: str = DRAFT
    draft_step: int = 1
    boss: int = 0
    beer_deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    bull_deck: list[str] = field(default_factory=list)
    bulls_out: list[str] = field(default_factory=list)
    middle: list[str] = field(default_factory=list)
    seats: list[Seat] = field(default_factory=list)
    draught_pos: int = 0
    ranking: list[int] = field(default_factory=list)
    choose_pos: int = 0
    plays: int = 0
    """Public plays so far; a seat's secret play is current while this has not moved."""
    last: JSON | None = None
    """The last public play: {"seat", "cards", "from", "to", "text"} (docs/contracts.md)."""
    summary_round: int | None = None
    """The round whose summary shows, until the next public play (`summary_at`)."""
    summary_at: int = -1
    opening: list[JSON] = field(default_factory=list)
    """The set-up's public events, logged with the first move (base.opening_of).
    Replaced, never mutated."""
    # `memo` (not a field: never compared, encoded or copied): what the views of this
    # state share, made once. Only a state `apply` made has one: it is never changed
    # after (a test may build a state and then edit it).
    memo: ClassVar[dict[str, Any] | None] = None

    @property
    def grand_cafe(self) -> bool:
        return self.variant == "grand-cafe"

    @property
    def bonus(self) -> bool:
        return self.round > C.ROUNDS

    def draught_order(self) -> list[int]:
        return [(self.boss + i) % self.players for i in range(self.players)]

    def clone(self) -> State:
        return State(
            self.players, self.variant, self.bulls_per_round, self.rng, self.round,
            self.phase, self.draft_step, self.boss, list(self.beer_deck), list(self.discard),
            list(self.bull_deck), list(self.bulls_out), list(self.middle),
            [seat.clone() for seat in self.seats], self.draught_pos, list(self.ranking),
            self.choose_pos, self.plays, self.last, self.summary_round, self.summary_at,
            self.opening,
        )

    def fork(self) -> State:
        """A copy for a move to change; never changed once the move is done, so its
        views may share (`memo` is a ClassVar only to keep it out of the fields)."""
        new = self.clone()
        new.memo = {}  # type: ignore[misc]
        return new

    def every_card(self) -> list[str]:
        """Every physical card in every place, the beer boss card included."""
        every = [C.BEER_BOSS, *self.beer_deck, *self.discard, *self.bull_deck,
                 *self.bulls_out, *self.middle]
        for seat in self.seats:
            every += seat.stock + seat.hand + seat.picks + seat.draughted
            for slot in seat.pub:
                every += slot.bulls + slot.beer
        return every


# Card lists are stored as space-separated strings ("L1 W3 A5"): compact and quick to
# serialize, and still readable in the database.


def _pack(cards: list[str]) -> str:
    return " ".join(cards)


def _unpack(text: str) -> list[str]:
    return text.split()


_STATE_PILES = ("beer_deck", "discard", "bull_deck", "bulls_out", "middle")
_SEAT_PILES = ("stock", "hand", "picks", "draughted")


def encode(state: State) -> JSON:
    data: JSON = {
        "players": state.players,
        "variant": state.variant,
        "bulls_per_round": state.bulls_per_round,
        "rng": state.rng,
        "round": state.round,
        "phase": state.phase,
        "draft_step": state.draft_step,
        "boss": state.boss,
        "draught_pos": state.draught_pos,
        "ranking": list(state.ranking),
        "choose_pos": state.choose_pos,
        "plays": state.plays,
        "last": state.last,
        "summary_round": state.summary_round,
        "summary_at": state.summary_at,
        "opening": state.opening,
        "seats": [_encode_seat(seat) for seat in state.seats],
    }
    for pile in _STATE_PILES:
        data[pile] = _pack(getattr(state, pile))
    return data


def _encode_seat(seat: Seat) -> JSON:
    data: JSON = {
        "picked": seat.picked,
        "has_draughted": seat.has_draughted,
        "bid": seat.bid,
        "bid_beer": seat.bid_beer,
        "pub": [[_pack(slot.bulls), _pack(slot.beer)] for slot in seat.pub],
        "served_now": list(seat.served_now),
        "stage": seat.stage,
        "last": seat.last,
        "last_at": seat.last_at,
    }
    for pile in _SEAT_PILES:
        data[pile] = _pack(getattr(seat, pile))
    return data


def decode(data: Mapping[str, Any]) -> State:
    return State(
        players=data["players"],
        variant=data["variant"],
        bulls_per_round=data["bulls_per_round"],
        rng=data["rng"],
        round=data["round"],
        phase=data["phase"],
        draft_step=data["draft_step"],
        boss=data["boss"],
        beer_deck=_unpack(data["beer_deck"]),
        discard=_unpack(data["discard"]),
        bull_deck=_unpack(data["bull_deck"]),
        bulls_out=_unpack(data["bulls_out"]),
        middle=_unpack(data["middle"]),
        seats=[_decode_seat(seat) for seat in data["seats"]],
        draught_pos=data["draught_pos"],
        ranking=list(data["ranking"]),
        choose_pos=data["choose_pos"],
        plays=data.get("plays", 0),
        last=data.get("last"),
        summary_round=data.get("summary_round"),
        summary_at=data.get("summary_at", -1),
        opening=list(data.get("opening", [])),
    )


def _decode_seat(data: dict[str, Any]) -> Seat:
    return Seat(
        stock=_unpack(data["stock"]),
        hand=_unpack(data["hand"]),
        picks=_unpack(data["picks"]),
        picked=data["picked"],
        draughted=_unpack(data["draughted"]),
        has_draughted=data["has_draughted"],
        bid=data["bid"],
        bid_beer=data["bid_beer"],
        pub=[Slot(_unpack(bulls), _unpack(beer)) for bulls, beer in data["pub"]],
        served_now=list(data["served_now"]),
        stage=data["stage"],
        last=data.get("last"),
        last_at=data.get("last_at", -1),
    )
