"""Four pints, please: the `Rules` object (rules: four-pints-please.md).

The rules live in the modules: cards.py (data), state.py, moves.py (what is legal and
why not), flow.py (what a move does; the turn's frame in turns.py, a revealed card in
reveals.py), views.py (what a seat sees), bots.py.
"""

from __future__ import annotations

from typing import Any

from app.games.base import Event, Move, Parts, Rng, RulesBase, seed_state
from app.games.four_pints import bots, flow, moves, turns, views
from app.games.four_pints.cards import beer_deck, buying_deck
from app.games.four_pints.state import FourPintsState


class FourPintsPlease(RulesBase[FourPintsState], id="four-pints-please",
                      title="Four pints, please", players=(2, 6)):
    """No room options: the game is played as written."""

    def __init__(self) -> None:
        super().__init__(Parts(
            start=start, fork=FourPintsState.fork, play=play, to_act=to_act,
            legal_moves=moves.legal_moves, refusal=moves.refusal, bot_move=bots.bot_move,
            look=views.view, secret=views.mine, outcome=views.outcome,
            scramble=views.scramble, cards=FourPintsState.every_card,
            encode=FourPintsState.encode, decode=FourPintsState.decode,
        ))


def start(players: int, options: Any, seed: int, events: list[Event]) -> FourPintsState:
    """A new game: both decks shuffled, the first player drawn, the counter filled."""
    rng = Rng(seed_state(seed))
    state = FourPintsState.new(players, 0)
    state.beer_deck, state.buying_deck = beer_deck(), buying_deck()
    rng.shuffle(state.beer_deck)
    rng.shuffle(state.buying_deck)
    state.first = rng.below(players)
    state.rng = rng.state
    turns.refill(state, events)
    turns.start_turn(state, state.first, events)
    return state


def play(state: FourPintsState, seat: int, move: Move, events: list[Event]) -> None:
    flow.apply(state, move, events)  # (the seat that moves is the active one)


def to_act(state: FourPintsState) -> frozenset[int]:
    return frozenset() if state.over else frozenset({state.active})
