"""The turn's frame: the decks and their reshuffles, the counter's refill, the instant
win, and a turn's start, loss and end. Every function changes a state copy in place and
appends what happened (`say`: the event, said by phrases.py)."""

from __future__ import annotations

from typing import Any

from app.games.base import Event, Rng
from app.games.four_pints.cards import (
    BARREL,
    COUNTER_SIZE,
    ST_PATRICKS,
    WALLET,
    WIN_POINTS,
)
from app.games.four_pints.phrases import PHRASES
from app.games.four_pints.state import TURN, FourPintsState

Events = list[Event]


def say(events: Events, kind: str, **data: Any) -> None:
    """An event of `kind`: `data` holds what its sentence is made of (card names, seats,
    counts), said by phrases.py."""
    events.append(PHRASES.event(kind, **data))


# --- decks ------------------------------------------------------------------------


def reshuffle(s: FourPintsState, deck: str, discard: str, events: Events) -> None:
    cards = getattr(s, discard)
    rng = Rng(s.rng)
    rng.shuffle(cards)
    s.rng = rng.state
    setattr(s, deck, cards)
    setattr(s, discard, [])
    say(events, "reshuffle", deck="beer" if deck == "beer_deck" else "buying")


def draw(s: FourPintsState, deck: str, discard: str, events: Events) -> str | None:
    """The next card of a deck, reshuffling its discard pile when it runs out."""
    if not getattr(s, deck):
        if not getattr(s, discard):
            return None
        reshuffle(s, deck, discard, events)
    cards: list[str] = getattr(s, deck)
    return cards.pop(0)


def refill(s: FourPintsState, events: Events) -> None:
    """Fill the counter to 4; a Barrel clears it. An empty beer supply ends the game."""
    while len(s.counter) < COUNTER_SIZE:
        card = draw(s, "beer_deck", "beer_discard", events)
        if card is None:
            s.exhausted = True
            say(events, "end")
            return
        if card == BARREL:
            say(events, "barrel", cards=list(s.counter))
            s.beer_discard += s.counter
            s.counter = []
            s.removed.append(card)
        else:
            s.counter.append(card)
    say(events, "counter", cards=list(s.counter))


# --- areas and the instant win -------------------------------------------------------


def check_win(s: FourPintsState, seats: list[int], events: Events) -> bool:
    """After a change to these areas: the first seat listed at 12 or more wins."""
    for seat in seats:
        if s.score(seat) >= WIN_POINTS:
            s.winner = seat
            say(events, "win", seat=seat, points=s.score(seat))
            return True
    return False


# --- the turn -------------------------------------------------------------------------


def start_turn(s: FourPintsState, seat: int, events: Events, again: bool = False) -> None:
    """`again`: a St Patrick's turn, which never starts a round."""
    if seat == s.first and not again:
        s.round += 1
        say(events, "round", round=s.round)
    s.active = seat
    s.turn += 1
    s.purse, s.saved[seat] = s.saved[seat], []
    s.must_reveal = bool(s.purse)
    s.play, s.spent, s.bought, s.pending = [], [], [], TURN
    say(events, "turn", seat=seat, cards=list(s.purse))


def lose_turn(s: FourPintsState, why: str, events: Events) -> None:
    """`why`: "empty" (no buying cards left), "drunk" (the third Drunk), "smoke" or
    "slip" (a Slip with no pint to lose)."""
    say(events, "lost", seat=s.active, why=why)
    end_turn(s, events, bought=False)


def end_turn(s: FourPintsState, events: Events, bought: bool) -> None:
    seat = s.active
    extra = s.play.count(ST_PATRICKS)
    if WALLET in s.play and s.purse:
        s.saved[seat] = s.purse
        say(events, "wallet", seat=seat, cards=list(s.purse))
    else:
        s.spent += s.purse
    s.buying_discard += s.play + s.spent
    s.purse, s.play, s.spent = [], [], []
    if bought:
        refill(s, events)
        if s.over:
            return
    s.extra_turns += extra
    if s.extra_turns:
        s.extra_turns -= 1
        say(events, "st-patricks", seat=seat)
        start_turn(s, seat, events, again=True)
    else:
        start_turn(s, (seat + 1) % s.players, events)
