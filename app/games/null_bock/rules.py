"""Null Bock! for the table: the `Rules` contract, put together from this package's parts
(cards, state, moves, flow, rounds, views, bots; its words in phrases). Rules:
null-bock.md."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.games.base import JSON, Event, Parts, Rng, RulesBase, seed_state
from app.games.null_bock import bots, flow, moves, rounds, views
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
    is_removed,
    sort_key,
)
from app.games.null_bock.state import EDGE_PHASE, NullBockState


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


class NullBock(RulesBase[NullBockState], id="null-bock", title="Null Bock!",
               players=(MIN_PLAYERS, MAX_PLAYERS), options=NullBockOptions):
    def __init__(self) -> None:
        super().__init__(Parts(
            start=start, fork=NullBockState.fork, play=flow.play,
            to_act=views.to_act, legal_moves=moves.legal_moves, listed=moves.listed,
            refusal=moves.refusal,
            look=views.view, secret=views.mine, outcome=views.outcome, bot_move=bots.bot_move,
            scramble=views.scramble,
            encode=NullBockState.encode, decode=NullBockState.decode,
            cards=NullBockState.every_card,
        ))

    def option_variants(self) -> list[JSON]:
        """Options the conformance test covers besides the defaults."""
        return [{}, {"rounds": 1}]


def start(players: int, options: Any, seed: int, events: list[Event]) -> NullBockState:
    """A new game: the cards for the player count, the first player drawn, round 1 dealt."""
    setup = SETUPS[players]
    deck = full_deck()
    removed = sorted((c for c in deck if is_removed(c, setup)), key=sort_key)
    rng = Rng(seed_state(seed))
    first = rng.below(players)
    state = NullBockState(
        players=players, target=options.target, rounds=options.rounds, rng=rng.state,
        round=0, phase=EDGE_PHASE, first=first, turn=None,
        hands=[[] for _ in range(players)], edges=[None] * players, pending=[None] * players,
        arena=[], arena_owner=None, harems=[[] for _ in range(players)],
        # gathered, shuffled and dealt like at every round
        discard=[c for c in deck if not is_removed(c, setup)],
        removed=removed, passes=0, scores=[0] * players,
    )
    rounds.deal(state, first, events)
    return state
