"""The turn's frame: the decks and their reshuffles, the counter's refill, the instant
win, and a turn's start, loss and end. Every function changes a state copy in place and
appends readable events (`say`)."""

from __future__ import annotations

from typing import Any

from app.games.base import Event, Rng, who
from app.games.four_pints.cards import (
    BARREL,
    COUNTER_SIZE,
    ST_PATRICKS,
    WALLET,
    WIN_POINTS,
    listed,
)
from app.games.four_pints.state import TURN, FourPintsState

Events = list[Event]


def say(events: Events, kind: str, text: str, **data: Any) -> None:
    """`data` holds what the sentence is made of, so phrases.py can say it in another
    language (card names, seats, counts)."""
    events.append(Event(kind, text, data=data))


# --- decks ------------------------------------------------------------------------


def reshuffle(s: FourPintsState, deck: str, discard: str, events: Events) -> None:
    cards = getattr(s, discard)
    rng = Rng(s.rng)
    rng.shuffle(cards)
    s.rng = rng.state
    setattr(s, deck, cards)
    setattr(s, discard, [])
    label = "beer" if deck == "beer_deck" else "buying"
    say(events, "reshuffle", f"The {label} discard pile is shuffled into a new {label} deck.",
        deck=label)


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
            say(events, "end", "The beer has run out: the game ends.")
            return
        if card == BARREL:
            go = "goes" if len(s.counter) == 1 else "go"
            cleared = f": {listed(s.counter)} {go} to the discard pile" if s.counter else ""
            say(events, "barrel", f"The Barrel! The counter is cleared{cleared}.",
                cards=list(s.counter))
            s.beer_discard += s.counter
            s.counter = []
            s.removed.append(card)
        else:
            s.counter.append(card)
    say(events, "counter", f"The counter now holds {listed(s.counter)}.", cards=list(s.counter))


# --- areas and the instant win -------------------------------------------------------


def check_win(s: FourPintsState, seats: list[int], events: Events) -> bool:
    """After a change to these areas: the first seat listed at 12 or more wins."""
    for seat in seats:
        if s.score(seat) >= WIN_POINTS:
            s.winner = seat
            say(events, "win", f"{who(seat)} reaches {s.score(seat)} points and wins!",
                seat=seat, points=s.score(seat))
            return True
    return False


# --- the turn -------------------------------------------------------------------------


def start_turn(s: FourPintsState, seat: int, events: Events, again: bool = False) -> None:
    """`again`: a St Patrick's turn, which never starts a round."""
    if seat == s.first and not again:
        s.round += 1
        say(events, "round", f"Round {s.round}.", round=s.round)
    s.active = seat
    s.turn += 1
    s.purse, s.saved[seat] = s.saved[seat], []
    s.must_reveal = bool(s.purse)
    s.play, s.spent, s.bought, s.pending = [], [], [], TURN
    if s.purse:
        say(events, "turn", f"{who(seat)} starts a turn with {listed(s.purse)} from the Wallet.",
            seat=seat, cards=list(s.purse))
    else:
        say(events, "turn", f"It is {who(seat)}'s turn.", seat=seat, cards=[])


# Why a turn is lost: a key for phrases.py, and the English words.
LOST = {
    "empty": "no buying cards are left.",
    "drunk": "that is the third Drunk.",
    "smoke": "off for a Smoke.",
    "slip": "a Slip, with no pint to lose.",
}


def lose_turn(s: FourPintsState, why: str, events: Events) -> None:
    say(events, "lost", f"{who(s.active)} loses the turn: {LOST[why]}", seat=s.active, why=why)
    end_turn(s, events, bought=False)


def end_turn(s: FourPintsState, events: Events, bought: bool) -> None:
    seat = s.active
    extra = s.play.count(ST_PATRICKS)
    if WALLET in s.play and s.purse:
        s.saved[seat] = s.purse
        say(events, "wallet", f"{who(seat)} keeps {listed(s.purse)} in the Wallet.",
            seat=seat, cards=list(s.purse))
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
        say(events, "st-patricks", f"St Patrick's: {who(seat)} takes another turn.", seat=seat)
        start_turn(s, seat, events, again=True)
    else:
        start_turn(s, (seat + 1) % s.players, events)
