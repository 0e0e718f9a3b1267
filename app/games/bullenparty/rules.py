"""Bullenparty as a `Rules` object: setup, the decisions, and the checks on them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from app.games.base import (
    JSON,
    Event,
    IllegalMove,
    InvalidOptions,
    Move,
    Outcome,
    Rng,
    RulesBase,
    rank_by,
    seed_state,
    who,
)
from app.games.bullenparty import flow
from app.games.bullenparty.cards import (
    BULL_STACK,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBER_CARDS,
    REMOVED_FOR_PLAYERS,
    ZERO_CARDS,
    bull_label,
    zero_label,
)
from app.games.bullenparty.scoring import score
from app.games.bullenparty.state import (
    BID,
    EXTEND,
    FINAL,
    OVER,
    REDUCE,
    TAKE,
    Seat,
    State,
    decode,
    encode,
)
from app.games.bullenparty.views import view


@dataclass
class BullenpartyOptions:
    """Bullenparty has no room options: the rules fix everything by player count."""


def placements(hand: list[int], piles: list[list[int]]) -> list[Move]:
    """Every way to lay one card from `hand`: onto a pile whose top is lower, or a new pile."""
    moves: list[Move] = []
    for card in hand:
        for i, pile in enumerate(piles):
            if card > pile[-1]:
                moves.append({"type": "place", "card": card, "pile": i})
        moves.append({"type": "new_pile", "card": card})
    return moves


# The fields each kind of move has, to tell a malformed move from a forbidden one.
MOVE_FIELDS: dict[str, set[str]] = {
    "bid": {"type", "card"},
    "take": {"type", "row"},
    "extend": {"type", "row"},
    "place": {"type", "card", "pile"},
    "new_pile": {"type", "card"},
}


class Bullenparty(RulesBase):
    id: ClassVar[str] = "bullenparty"
    title: ClassVar[str] = "Bullenparty"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    Options: ClassVar[type[Any]] = BullenpartyOptions

    def setup(self, players: int, options: Any, seed: int) -> State:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidOptions(f"Bullenparty is for {MIN_PLAYERS} to {MAX_PLAYERS} players.")
        rng = Rng(seed_state(seed))
        deck = list(NUMBER_CARDS)
        rng.shuffle(deck)
        cut = REMOVED_FOR_PLAYERS.get(players, 0)
        removed, deck = deck[:cut], deck[cut:]
        zeros = list(ZERO_CARDS)
        rng.shuffle(zeros)
        seats = [
            Seat(hand=sorted(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]), zero=zeros[i])
            for i in range(players)
        ]
        state = State(
            players=players,
            rng=rng.state,
            seats=seats,
            draw=deck[players * HAND_SIZE :],
            removed=removed,
            zeros_out=zeros[players:],
            bull_stack=list(BULL_STACK),
        )
        flow.start_round(state, [])
        return state

    # -- who acts, and how --------------------------------------------------------------

    def to_act(self, state: State) -> frozenset[int]:
        if state.phase == BID:
            return frozenset(s for s in flow.bidders(state) if state.seats[s].pending is None)
        if state.phase in (TAKE, EXTEND, REDUCE):
            return frozenset(state.queue[:1])
        if state.phase == FINAL:
            return frozenset(s for s, seat in enumerate(state.seats) if seat.draft_hand)
        return frozenset()

    def legal_moves(self, state: State, seat: int) -> Sequence[Move]:
        if seat not in self.to_act(state):
            return []
        player = state.seats[seat]
        if state.phase == BID:
            moves: list[Move] = [{"type": "bid", "card": c} for c in player.hand]
            if self.zero_allowed(state):
                moves.append({"type": "bid", "card": player.zero})
            return moves
        if state.phase == TAKE:
            return [{"type": "take", "row": i} for i, r in enumerate(state.rows) if r.remaining]
        if state.phase == EXTEND:
            return [{"type": "extend", "row": i} for i, r in enumerate(state.rows) if r.open]
        if state.phase == REDUCE:
            return placements(player.hand, player.piles)
        assert player.draft_hand is not None and player.draft_piles is not None
        return placements(player.draft_hand, player.draft_piles)

    @staticmethod
    def zero_allowed(state: State) -> bool:
        return not state.zero_blocked and any(row.open for row in state.rows)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        moves = self.legal_moves(state, seat)
        if move not in moves:
            raise IllegalMove(self.refusal(state, seat, move))
        move = moves[moves.index(move)]  # the listed move: no 17.0 or True for 1
        new = state.copy()
        events: list[Event] = []
        kind = move["type"]
        if kind == "bid":
            new.seats[seat].pending = move["card"]
            events.append(Event("bid", f"{who(seat)} has chosen a bid."))
            events.append(Event(
                "my-bid", f"You bid {flow.bid_text(move['card'])}.", frozenset({seat})
            ))
        elif kind == "take":
            flow.take_row(new, seat, move["row"], events)
        elif kind == "extend":
            flow.extend_row(new, seat, move["row"], events)
        elif new.phase == REDUCE:
            self.lay_card(new.seats[seat].hand, new.seats[seat].piles, move)
            events.append(Event("place", f"{who(seat)} {self.laid_text(move)}."))
            if len(new.seats[seat].hand) == HAND_SIZE:
                flow.end_reduce(new)
        else:
            player = new.seats[seat]
            assert player.draft_hand is not None and player.draft_piles is not None
            self.lay_card(player.draft_hand, player.draft_piles, move)
            events.append(Event("draft", f"You {self.laid_text(move, you=True)}.",
                                frozenset({seat})))
            if not player.draft_hand:
                events.append(Event("done", f"{who(seat)} has laid all their cards."))
        flow.advance(new, events)
        return new, events

    @staticmethod
    def lay_card(hand: list[int], piles: list[list[int]], move: Move) -> None:
        hand.remove(move["card"])
        if move["type"] == "new_pile":
            piles.append([move["card"]])
        else:
            piles[move["pile"]].append(move["card"])

    @staticmethod
    def laid_text(move: Move, you: bool = False) -> str:
        s = "" if you else "s"
        if move["type"] == "new_pile":
            return f"start{s} a new pile with {move['card']}"
        return f"lay{s} {move['card']} on pile {move['pile'] + 1}"

    # -- refusals ------------------------------------------------------------------------

    def refusal(self, state: State, seat: int, move: Move) -> str:
        """Why `move` is not allowed, in words a player can read."""
        if not isinstance(move, Mapping) or not isinstance(move.get("type"), str):
            return "That is not a move in Bullenparty."
        if not 0 <= seat < state.players:
            return "There is no such seat."
        if state.phase == OVER:
            return "The game is over."
        if seat not in self.to_act(state):
            return self.not_your_turn(state, seat)
        kind = move["type"]
        expected = {BID: {"bid"}, TAKE: {"take"}, EXTEND: {"extend"}}.get(
            state.phase, {"place", "new_pile"}
        )
        if kind not in expected:
            return {
                BID: "Choose a card to bid.",
                TAKE: "Choose a row to take.",
                EXTEND: "Choose an open row for the card you turned up.",
                REDUCE: "Lay your extra cards onto your piles first.",
                FINAL: "Lay all your cards onto your piles.",
            }[state.phase]
        if set(move) != MOVE_FIELDS[kind]:
            return "That move is not understood: " + ", ".join(sorted(MOVE_FIELDS[kind])) + "."
        if kind == "bid":
            return self.bad_bid(state, seat, move.get("card"))
        if kind in ("take", "extend"):
            row = move.get("row")
            if not isinstance(row, int) or isinstance(row, bool) or not (
                0 <= row < len(state.rows)
            ):
                return "There is no such row."
            if not state.rows[row].remaining:
                return "That row has already been taken."
            return "That row is closed: a zero card only adds to an open row."
        return self.bad_placement(state, seat, move)

    def not_your_turn(self, state: State, seat: int) -> str:
        if state.phase == BID:
            if seat in flow.bidders(state):
                return "You have already chosen your bid."
            return "You have taken a row this round: wait for the next round."
        if state.phase == FINAL:
            return "You have laid all your cards: wait for the others."
        return "It is not your turn."

    def bad_bid(self, state: State, seat: int, card: Any) -> str:
        player = state.seats[seat]
        if isinstance(card, str) and card == player.zero:
            if state.zero_blocked:
                return "No cards are left to draw: zero cards may not be bid this round."
            return "Every remaining row is closed: you must bid a number card."
        if isinstance(card, str):
            return "That is not your zero card."
        return f"You do not hold {card}."

    def bad_placement(self, state: State, seat: int, move: Move) -> str:
        player = state.seats[seat]
        hand, piles = player.hand, player.piles
        if state.phase == FINAL and player.draft_hand is not None:
            hand, piles = player.draft_hand, player.draft_piles or []
        card = move.get("card")
        if card not in hand or isinstance(card, bool):
            return f"You do not hold {card}."
        if move["type"] == "new_pile":
            return "That move is not possible."
        index = move.get("pile")
        if not isinstance(index, int) or isinstance(index, bool) or not (
            0 <= index < len(piles)
        ):
            return "There is no such pile."
        top = piles[index][-1]
        if card > top:
            return "That move is not possible."
        return (
            f"{card} may not go onto pile {index + 1}: a pile goes up, and its top card is "
            f"{top}."
        )

    # -- the rest of the contract ---------------------------------------------------------

    def view(self, state: State, seat: int | None) -> JSON:
        moves = list(self.legal_moves(state, seat)) if seat is not None else []
        return view(state, seat, sorted(self.to_act(state)), moves, self.outcome(state))

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = [score(s.piles, s.bulls) for s in state.seats]
        ranks, winners = rank_by([sc.rank_key for sc in scores])
        return Outcome(tuple(sc.total for sc in scores), ranks, winners)

    def encode(self, state: State) -> JSON:
        return encode(state)

    def decode(self, data: Mapping[str, Any]) -> State:
        return decode(data)

    def cards(self, state: State) -> list[str]:
        numbers = [*state.draw, *state.discard, *state.removed, *state.set_aside]
        if state.drawn is not None:
            numbers.append(state.drawn)
        for row in state.rows:
            numbers.extend(row.cards)
        bulls = list(state.bull_stack)
        for row in state.rows:
            if row.bull is not None:
                bulls.append(row.bull)
        for seat in state.seats:
            numbers.extend(seat.draft_hand if seat.draft_hand is not None else seat.hand)
            for pile in seat.draft_piles if seat.draft_piles is not None else seat.piles:
                numbers.extend(pile)
            if isinstance(seat.bid, int):
                numbers.append(seat.bid)
            bulls.extend(seat.bulls)
        zeros = [s.zero for s in state.seats] + state.zeros_out
        return (
            [str(n) for n in numbers]
            + [bull_label(b) for b in bulls]
            + [zero_label(z) for z in zeros]
        )
