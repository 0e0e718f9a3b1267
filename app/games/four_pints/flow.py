"""What happens on the table during a turn: reveals and their effects, buying, the end
of the turn, the refill and the instant win. Every function changes a state copy in
place and appends readable events. `apply` runs one listed move (moves.py lists them)."""

from __future__ import annotations

from typing import Any

from app.games.base import Event, Move, Rng, last_play, who
from app.games.four_pints.cards import (
    BARREL,
    COUNTER_SIZE,
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
    ST_PATRICKS,
    WALLET,
    WIN_POINTS,
    a,
    by_value,
    listed,
    plural,
)
from app.games.four_pints.money import smallest_cover
from app.games.four_pints.moves import cost, elbow_targets, on_me, slip_targets
from app.games.four_pints.state import (
    ELBOW_CHOICE,
    GIFT_CHOICE,
    SLIP_CHOICE,
    TURN,
    FourPintsState,
)

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
    return getattr(s, deck).pop(0)


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


def discard_pint(s: FourPintsState, seat: int, pint: str) -> None:
    s.pints[seat].remove(pint)
    s.beer_discard.append(pint)


def elbow(s: FourPintsState, seat: int, pint: str, events: Events) -> None:
    discard_pint(s, seat, pint)
    say(events, "elbow", f"{who(s.active)} elbows {a(pint)} of {who(seat)} off the table.",
        seat=s.active, target=seat, pint=pint)
    s.pending = TURN


def slip(s: FourPintsState, pint: str, events: Events) -> None:
    discard_pint(s, s.active, pint)
    say(events, "slip", f"{who(s.active)} slips and loses {a(pint)}.", seat=s.active, pint=pint)
    s.pending = TURN
    end_turn(s, events, bought=False)


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


def reveal(s: FourPintsState, events: Events) -> str | None:
    """Turn up the next buying card and apply it; returns it (None: none left)."""
    card = draw(s, "buying_deck", "buying_discard", events)
    if card is None:
        lose_turn(s, "empty", events)
        return None
    s.must_reveal = False
    seat = s.active
    face = "a -1 Spilled pint" if card == SPILLED else a(card)
    say(events, "reveal", f"{who(seat)} reveals {face}.", seat=seat, card=card)
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
            say(events, "elbow", "Nobody else has a pint to elbow.", seat=seat)
    elif card == MOP:
        mopped = s.spilled[seat]
        s.spilled[seat] = 0
        s.buying_discard += [SPILLED] * mopped
        if mopped:
            say(events, "mop", f"{who(seat)} mops up {plural(mopped, 'Spilled pint')}.",
                seat=seat, count=mopped)
        else:
            say(events, "mop", f"{who(seat)} has no Spilled pint to mop up.", seat=seat, count=0)
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
    if cards:
        say(events, "snack", f"The {snack} cost {who(s.active)} {listed(cards)}.",
            seat=s.active, snack=snack, cards=list(cards))
    else:
        say(events, "snack", f"The {snack} find no money on {who(s.active)}.",
            seat=s.active, snack=snack, cards=[])


# --- buying ---------------------------------------------------------------------------


def buy(s: FourPintsState, pints: list[str], pay: str, events: Events) -> None:
    seat = s.active
    # legal_moves has checked that the money covers the price
    paid = [CREDIT] if pay == "credit" else (smallest_cover(s.purse, cost(s, pints)) or [])
    for card in paid:
        s.purse.remove(card)
    s.spent += paid
    for pint in pints:
        s.counter.remove(pint)
    with_ = "the Credit card" if pay == "credit" else listed(paid, article=False)
    say(events, "buy", f"{who(seat)} buys {listed(pints)} with {with_}.",
        seat=seat, pints=list(pints), pay=pay, paid=list(paid))
    if len(pints) == 2 and on_me(s):
        if s.players > 2:
            s.bought = list(pints)
            s.pending = GIFT_CHOICE
            return
        keep, drop = by_value(pints)
        s.beer_discard.append(drop)
        say(events, "on-me", f"With two players the {drop} that was on {who(seat)} is discarded.",
            seat=seat, pint=drop)
        pints = [keep]
    s.pints[seat] += pints
    if not check_win(s, [seat], events):
        end_turn(s, events, bought=True)


def give(s: FourPintsState, pint: str, to: int, events: Events) -> None:
    seat = s.active
    s.bought.remove(pint)
    s.pints[seat] += s.bought
    s.pints[to].append(pint)
    s.bought, s.pending = [], TURN
    say(events, "give", f"{who(seat)} gives {a(pint)} to {who(to)}: on me!",
        seat=seat, pint=pint, target=to)
    if not check_win(s, [seat, to], events):
        end_turn(s, events, bought=True)


# --- one move ---------------------------------------------------------------------------


def apply(s: FourPintsState, move: Move, events: Events) -> None:
    """Run a listed move on the copy `s` and note it as the last play (views.py)."""
    seat, kind, turn = s.active, move["type"], s.turn
    if kind == "reveal":
        card = reveal(s, events)
        if card is None or s.turn != turn:
            to = "buying-discard"  # the turn ended, the card with it
        elif card in MONEY or card == CREDIT:
            to = "purse"
        else:
            to = f"area-{seat}" if card == SPILLED else "play"
        face = "a -1 Spilled pint" if card == SPILLED else (a(card) if card else "no card")
        note(s, seat, [card] if card else [], "buying-deck", to, f"reveals {face}", "reveal",
             card=card)
    elif kind == "buy":
        pints = list(move["pints"])
        # with two players the second pint of an On me! is discarded, not kept
        dropped = len(pints) == 2 and on_me(s) and s.players == 2
        buy(s, pints, move["pay"], events)
        to = "bought" if s.pending == GIFT_CHOICE else f"area-{seat}"
        kept = by_value(pints)[:1] if dropped else pints
        note(s, seat, kept, "counter", to, f"buys {listed(pints)}", "buy", pints=pints)
    elif kind == "elbow":
        elbow(s, move["seat"], move["pint"], events)
        note(s, seat, [move["pint"]], f"area-{move['seat']}", "beer-discard",
             f"elbows {a(move['pint'])} of {who(move['seat'])}", "elbow", pint=move["pint"],
             target=move["seat"])
    elif kind == "slip":
        slip(s, move["pint"], events)
        note(s, seat, [move["pint"]], f"area-{seat}", "beer-discard",
             f"slips and loses {a(move['pint'])}", "slip", pint=move["pint"])
    else:
        give(s, move["pint"], move["to"], events)
        note(s, seat, [move["pint"]], "bought", f"area-{move['to']}",
             f"gives {a(move['pint'])} to {who(move['to'])}", "give", pint=move["pint"],
             target=move["to"])


def note(s: FourPintsState, seat: int, cards: list[str], src: str, dst: str,
         what: str, kind: str, **data: Any) -> None:
    """The last play, said as an event of its own (not the log's: the board's words are
    shorter); its `kind` and `data` (the seat, the card or every pint bought, the other
    seat) let phrases.py say it in another language."""
    said = Event(kind, f"{who(seat)} {what}.", data={"seat": seat, **data})
    s.last = last_play(seat, cards, src, dst, said)
