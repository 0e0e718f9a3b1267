"""Stier zoekt Bier (Bull needs Beer) as a `Rules` object: its options, its set-up, and
the parts its rules are made of (moves, flow, views, bots; its words in phrases)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.games.base import Event, Parts, Rng, RulesBase, seed_state
from app.games.stier_zoekt_bier import bots, flow, moves
from app.games.stier_zoekt_bier import cards as C
from app.games.stier_zoekt_bier.scramble import scramble
from app.games.stier_zoekt_bier.state import Seat, State, decode, encode
from app.games.stier_zoekt_bier.views import outcome, private, view

VARIANTS = ("basic", "grand-cafe")


@dataclass
class StierOptions:
    variant: str = field(
        default="basic",
        metadata={
            "label": "Variant",
            "choices": list(VARIANTS),
            "help": "Grand Café: keep 0-2 cards per draft step, draught one beer type only, "
            "and a cellar card that is not served ends your serving.",
        },
    )
    bulls_per_round: int | None = field(
        default=None,
        metadata={
            "label": "Bulls per round",
            "choices": [None, 2, 3],
            "help": "Default: 2 with 3-4 players (14 bulls in play), 3 with 5 (21 bulls).",
        },
    )

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise ValueError("The variant must be 'basic' or 'grand-cafe'.")
        if self.bulls_per_round is not None and self.bulls_per_round not in (2, 3):
            raise ValueError("Bulls per round must be 2 or 3.")


class StierZoektBier(RulesBase[State], id="stier-zoekt-bier", title="Stier zoekt Bier",
                     players=(C.MIN_PLAYERS, C.MAX_PLAYERS), options=StierOptions):
    def __init__(self) -> None:
        super().__init__(Parts(
            start=start, fork=State.fork, play=flow.play, to_act=moves.to_act,
            legal_moves=moves.legal_moves, refusal=moves.refusal, bot_move=bots.bot_move,
            scramble=scramble, look=view, secret=private, outcome=outcome,
            encode=encode, decode=decode, cards=State.every_card,
        ))

    def option_variants(self) -> list[dict[str, Any]]:
        return [{}, {"variant": "grand-cafe"}]


def start(players: int, options: Any, seed: int, events: list[Event]) -> State:
    """A new game: the bulls in play and the beer shuffled, the beer boss drawn, round 1
    begun."""
    per_round = options.bulls_per_round or C.BULLS_PER_ROUND[players]
    rng = Rng(seed_state(seed))
    bulls = C.bull_deck()
    rng.shuffle(bulls)
    in_play = C.ROUNDS * per_round
    beer = C.beer_deck()
    rng.shuffle(beer)
    boss = rng.below(players)
    state = State(
        players=players, variant=options.variant, bulls_per_round=per_round,
        rng=rng.state, boss=boss, beer_deck=beer, bull_deck=bulls[:in_play],
        bulls_out=bulls[in_play:], seats=[Seat() for _ in range(players)],
    )
    flow.start_round(state, events)
    flow.settle(state, events)
    return state
