"""Null Bock! as a `Rules` object: options, setup, moves, apply, views, outcome.

Moves:
- {"type": "edge", "card": "D5"}: the secret Edge choice at the start of a round.
- {"type": "play", "card": "D7+", "to": "arena"}: a card into the Arena.
- {"type": "play", "card": "S8", "to": "edge", "edge": 2}: a card on seat 2's Edge.

There is no pass move: a player with no legal play passes automatically, and the Great
Stag cleaning and the empty-Arena duty are automatic too (see flow.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
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
from app.games.null_bock import flow
from app.games.null_bock.cards import (
    DEFAULT_TARGET,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_TARGET,
    MIN_PLAYERS,
    MIN_ROUNDS,
    MIN_TARGET,
    SETUPS,
    full_deck,
    is_doe,
    is_removed,
    is_stag,
    name,
    sort_key,
)
from app.games.null_bock.placement import ARENA, EDGE, legal_plays, play_error
from app.games.null_bock.state import (
    EDGE_PHASE,
    OVER_PHASE,
    PLAY_PHASE,
    NullBockState,
    copy_summary,
)


@dataclass
class NullBockOptions:
    target: int = field(
        default=DEFAULT_TARGET,
        metadata={
            "label": "Target score",
            "min": MIN_TARGET,
            "max": MAX_TARGET,
            "help": "The game ends after the round in which someone reaches this total.",
        },
    )
    rounds: int | None = field(
        default=None,
        metadata={
            "label": "Fixed number of rounds",
            "min": MIN_ROUNDS,
            "max": MAX_ROUNDS,
            "help": "If set, play exactly this many rounds instead of playing to the target.",
        },
    )

    def __post_init__(self) -> None:
        if not MIN_TARGET <= self.target <= MAX_TARGET:
            raise ValueError(f"The target score must be between {MIN_TARGET} and {MAX_TARGET}.")
        if self.rounds is not None and not MIN_ROUNDS <= self.rounds <= MAX_ROUNDS:
            raise ValueError(f"The number of rounds must be between {MIN_ROUNDS} and {MAX_ROUNDS}.")


class NullBock(RulesBase):
    id: ClassVar[str] = "null-bock"
    title: ClassVar[str] = "Null Bock!"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    Options: ClassVar[type[Any]] = NullBockOptions

    def option_variants(self) -> list[dict[str, Any]]:
        """Options the conformance test covers besides the defaults."""
        return [{}, {"rounds": 1}]

    # -- setup ---------------------------------------------------------------

    def setup(self, players: int, options: Any, seed: int) -> NullBockState:
        if players not in SETUPS:
            raise InvalidOptions(f"Null Bock! is for {MIN_PLAYERS} to {MAX_PLAYERS} players.")
        setup = SETUPS[players]
        deck = full_deck()
        removed = sorted((c for c in deck if is_removed(c, setup)), key=sort_key)
        in_play = [c for c in deck if not is_removed(c, setup)]
        rng = Rng(seed_state(seed))
        first = rng.below(players)
        state = NullBockState(
            players=players,
            target=options.target,
            rounds=options.rounds,
            rng=rng.state,
            round=0,
            phase=EDGE_PHASE,
            first=first,
            turn=None,
            hands=[[] for _ in range(players)],
            edges=[None] * players,
            pending=[None] * players,
            arena=[],
            arena_owner=None,
            harems=[[] for _ in range(players)],
            discard=in_play,  # gathered, shuffled and dealt like at every round
            removed=removed,
            passes=0,
            scores=[0] * players,
        )
        flow.deal(state, first, [])
        return state

    # -- whose turn, what they may do --------------------------------------------

    def to_act(self, state: NullBockState) -> frozenset[int]:
        if state.phase == EDGE_PHASE:
            return frozenset(s for s in range(state.players) if state.pending[s] is None)
        if state.phase == PLAY_PHASE and state.turn is not None:
            return frozenset((state.turn,))
        return frozenset()

    def legal_moves(self, state: NullBockState, seat: int) -> Sequence[Move]:
        if state.phase == EDGE_PHASE:
            if not 0 <= seat < state.players or state.pending[seat] is not None:
                return []
            return [{"type": "edge", "card": c} for c in _distinct(state.hands[seat])]
        if state.phase != PLAY_PHASE or seat != state.turn:
            return []
        return [_play_move(card, to, edge) for card, to, edge in legal_plays(state, seat)]

    # -- apply ---------------------------------------------------------------

    def apply(
        self, state: NullBockState, seat: int, move: Move
    ) -> tuple[NullBockState, list[Event]]:
        reason = self.refusal(state, seat, move)
        if reason is not None:
            raise IllegalMove(reason)
        new = state.copy()
        events: list[Event] = []
        card = move["card"]
        new.hands[seat].remove(card)
        if move["type"] == "edge":
            new.pending[seat] = card
            events.append(Event("edge_chosen", f"{who(seat)} has chosen an Edge card."))
            events.append(
                Event(
                    "edge_secret",
                    f"{who(seat)} puts {name(card)} on the Edge, face down.",
                    to=frozenset((seat,)),
                )
            )
            if all(p is not None for p in new.pending):
                flow.reveal_edges(new, events)
            return new, events
        if move["to"] == ARENA:
            _play_arena(new, seat, card, events)
        else:
            _play_edge(new, seat, card, move["edge"], events)
        new.passes = 0
        flow.start_turn(new, (seat + 1) % new.players, events)
        return new, events

    def refusal(self, state: NullBockState, seat: int, move: Move) -> str | None:
        """Why `move` is refused, or None exactly when it is one of `legal_moves`.

        Checked directly rather than by searching the move list (apply is hot); a test
        checks both agree.
        """
        if state.phase == OVER_PHASE:
            return "The game is over."
        if seat not in self.to_act(state):
            if state.phase == EDGE_PHASE:
                return "You have already chosen your Edge card; waiting for the others."
            return "It is not your turn."
        if not isinstance(move, Mapping) or move.get("type") not in ("edge", "play"):
            return "That is not a Null Bock! move."
        kind = move["type"]
        card = move.get("card")
        hand = state.hands[seat]
        if state.phase == EDGE_PHASE:
            if kind != "edge":
                return "First choose a card from your hand for your Edge."
            if not isinstance(card, str) or card not in hand:
                return "You do not hold that card."
            if move != {"type": "edge", "card": card}:
                return "That is not a valid Edge choice."
            return None
        if kind != "play":
            return "The Edge cards are already chosen; play a card."
        if not isinstance(card, str) or card not in hand:
            return "You do not hold that card."
        to = move.get("to")
        edge = move.get("edge")
        if to == ARENA:
            expected = _play_move(card, ARENA, None)
        elif to == EDGE:
            if type(edge) is not int or not 0 <= edge < state.players:
                return "There is no such Edge."
            expected = _play_move(card, EDGE, edge)
        else:
            return "Play into the Arena or on an Edge."
        if move != expected:
            return "That is not a valid move."
        return play_error(state, seat, card, to, edge if to == EDGE else None)

    # -- views ---------------------------------------------------------------

    def view(self, state: NullBockState, seat: int | None) -> JSON:
        n = state.players
        outcome = self.outcome(state)
        own = seat if seat is not None and 0 <= seat < n else None
        return {
            "players": n,
            "phase": state.phase,
            "round": state.round,
            "rounds": state.rounds,
            "target": state.target,
            "to_act": sorted(self.to_act(state)),
            "turn": state.turn,
            "first": state.first,
            "scores": list(state.scores),
            "round_points": [list(p) for p in state.round_points],
            "arena": list(state.arena),
            "arena_owner": state.arena_owner,
            "top_stag_owner": (
                state.arena_owner if state.arena and is_stag(state.arena[-1]) else None
            ),
            "edges": list(state.edges),
            "edge_chosen": [p is not None for p in state.pending]
            if state.phase == EDGE_PHASE
            else [True] * n,
            "hand_sizes": [len(h) for h in state.hands],
            "harem_sizes": [len(h) for h in state.harems],
            "passes": state.passes,
            "removed": list(state.removed),
            "hand": None if own is None else list(state.hands[own]),
            "harem": None if own is None else sorted(state.harems[own], key=sort_key),
            "my_edge_choice": None if own is None else state.pending[own],
            "last_round": copy_summary(state.last_round),
            "score_terms": list(flow.SCORE_TERMS),
            "outcome": outcome.to_json() if outcome else None,
            "moves": [] if own is None else list(self.legal_moves(state, own)),
        }

    def outcome(self, state: NullBockState) -> Outcome | None:
        if state.phase != OVER_PHASE:
            return None
        ranks, winners = rank_by(state.scores)
        return Outcome(tuple(state.scores), ranks, winners)

    # -- storage -------------------------------------------------------------

    def encode(self, state: NullBockState) -> JSON:
        return state.encode()

    def decode(self, data: Mapping[str, Any]) -> NullBockState:
        return NullBockState.decode(data)

    def cards(self, state: NullBockState) -> list[str]:
        return state.every_card()


def _distinct(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(cards))


def _play_move(card: str, to: str, edge: int | None) -> Move:
    if to == ARENA:
        return {"type": "play", "card": card, "to": ARENA}
    return {"type": "play", "card": card, "to": EDGE, "edge": edge}


def _play_arena(state: NullBockState, seat: int, card: str, events: list[Event]) -> None:
    state.arena.append(card)
    state.arena_owner = seat
    events.append(Event("arena", f"{who(seat)} plays {name(card)} into the Arena."))


def _play_edge(state: NullBockState, seat: int, card: str, owner: int, events: list[Event]) -> None:
    old = state.edges[owner]
    assert old is not None
    state.edges[owner] = card
    where = "their own Edge" if owner == seat else f"{who(owner)}'s Edge"
    if is_doe(old):
        state.harems[seat].append(old)
        result = f"wins {name(old)}"
    else:
        state.hands[seat].append(old)
        state.hands[seat].sort(key=sort_key)
        result = f"takes {name(old)} into hand"
    events.append(Event("edge", f"{who(seat)} plays {name(card)} on {where} and {result}."))
