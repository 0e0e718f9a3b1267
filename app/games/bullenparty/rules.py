"""Bullenparty as a `Rules` object: its set-up, and the parts its rules are made of
(moves, flow, rounds, views, bots; its words in phrases)."""

from __future__ import annotations

from typing import Any

from app.games.base import Event, Parts, Rng, RulesBase, seed_state
from app.games.bullenparty import bots, flow, moves, rounds, scramble, views
from app.games.bullenparty.cards import (
    BULL_STACK,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBER_CARDS,
    REMOVED_FOR_PLAYERS,
    ZERO_CARDS,
)
from app.games.bullenparty.state import Seat, State, decode, encode


class Bullenparty(RulesBase[State], id="bullenparty", title="Bullenparty",
                 players=(MIN_PLAYERS, MAX_PLAYERS)):
    """No room options: the rules fix everything by the player count."""

    def __init__(self) -> None:
        super().__init__(Parts(
            start=start, fork=State.fork, play=flow.play, legal_moves=moves.legal_moves,
            to_act=moves.to_act, refusal=moves.refusal, look=views.view, secret=views.mine,
            outcome=views.outcome, bot_move=bots.bot_move, scramble=scramble.scramble,
            encode=encode, decode=decode, cards=State.every_card,
        ))


def start(players: int, options: Any, seed: int, events: list[Event]) -> State:
    """A new game: the number cards for the player count and the zero cards shuffled,
    the hands dealt, round 1's rows laid out."""
    rng = Rng(seed_state(seed))
    deck = list(NUMBER_CARDS)
    rng.shuffle(deck)
    cut = REMOVED_FOR_PLAYERS.get(players, 0)
    removed, deck = deck[:cut], deck[cut:]
    zeros = list(ZERO_CARDS)
    rng.shuffle(zeros)
    seats = [Seat(hand=sorted(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]), zero=zeros[i])
             for i in range(players)]
    state = State(
        players=players, rng=rng.state, seats=seats, draw=deck[players * HAND_SIZE :],
        removed=removed, zeros_out=zeros[players:], bull_stack=list(BULL_STACK),
    )
    rounds.start_round(state, events)
    return state
