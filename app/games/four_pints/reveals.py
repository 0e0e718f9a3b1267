"""What a revealed buying card does: money to the purse, a Spilled pint to the area,
an action card's effect (Drunk, Smoke, Slip, Elbow, Mop, the snacks), and the elbow and
slip that may follow it."""

from __future__ import annotations

from app.games.four_pints.cards import (
    CREDIT,
    DRUNK,
    DRUNK_LIMIT,
    ELBOW,
    MONEY,
    MOP,
    SLIP,
    SMOKE,
    SNACKS,
    SPILLED,
)
from app.games.four_pints.money import smallest_cover
from app.games.four_pints.moves import elbow_targets, slip_targets
from app.games.four_pints.state import ELBOW_CHOICE, SLIP_CHOICE, TURN, FourPintsState
from app.games.four_pints.turns import Events, check_win, draw, end_turn, lose_turn, say


def reveal(s: FourPintsState, events: Events) -> str | None:
    """Turn up the next buying card and apply it; returns it (None: none left)."""
    card = draw(s, "buying_deck", "buying_discard", events)
    if card is None:
        lose_turn(s, "empty", events)
        return None
    s.must_reveal = False
    seat = s.active
    say(events, "reveal", seat=seat, card=card)
    if card in MONEY or card == CREDIT:
        s.purse.append(card)
    elif card == SPILLED:
        s.spilled[seat] += 1
    else:
        s.play.append(card)
        effect(s, card, events)
    return card


def effect(s: FourPintsState, card: str, events: Events) -> None:
    seat = s.active
    if card == DRUNK and s.play.count(DRUNK) >= DRUNK_LIMIT:
        lose_turn(s, "drunk", events)
    elif card == SMOKE:
        lose_turn(s, "smoke", events)
    elif card == SLIP:
        own = slip_targets(s)
        if len(own) > 1:
            s.pending = SLIP_CHOICE
        elif own:
            slip(s, own[0], events)
        else:
            lose_turn(s, "slip", events)
    elif card == ELBOW:
        targets = elbow_targets(s)
        if len(targets) > 1:
            s.pending = ELBOW_CHOICE
        elif targets:
            elbow(s, *targets[0], events)
        else:
            say(events, "elbow", seat=seat)  # nobody else has a pint to elbow
    elif card == MOP:
        mopped = s.spilled[seat]
        s.spilled[seat] = 0
        s.buying_discard += [SPILLED] * mopped
        say(events, "mop", seat=seat, count=mopped)
        check_win(s, [seat], events)
    elif card in SNACKS:
        eat(s, SNACKS[card], card, events)


def eat(s: FourPintsState, amount: int, snack: str, events: Events) -> None:
    cards = smallest_cover(s.purse, amount)
    if cards is None:
        cards = [c for c in s.purse if c in MONEY]
    for card in cards:
        s.purse.remove(card)
    s.spent += cards
    say(events, "snack", seat=s.active, snack=snack, cards=list(cards))


def discard_pint(s: FourPintsState, seat: int, pint: str) -> None:
    s.pints[seat].remove(pint)
    s.beer_discard.append(pint)


def elbow(s: FourPintsState, seat: int, pint: str, events: Events) -> None:
    discard_pint(s, seat, pint)
    say(events, "elbow", seat=s.active, target=seat, pint=pint)
    s.pending = TURN


def slip(s: FourPintsState, pint: str, events: Events) -> None:
    discard_pint(s, s.active, pint)
    say(events, "slip", seat=s.active, pint=pint)
    s.pending = TURN
    end_turn(s, events, bought=False)
