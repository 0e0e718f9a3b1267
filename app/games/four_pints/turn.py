"""What happens on the table during a turn: reveals and their effects, buying, the end
of the turn, the refill and the instant win. Every function changes a state copy in
place and appends readable events."""

from __future__ import annotations

from app.games.base import Event, Rng, who
from app.games.four_pints.cards import (
    BARREL,
    COUNTER_SIZE,
    CREDIT,
    DRUNK,
    DRUNK_LIMIT,
    ELBOW,
    HAPPY_HOUR,
    MONEY,
    MOP,
    ON_ME,
    POINTS,
    PRICE,
    SLIP,
    SMOKE,
    SNACKS,
    SPILLED,
    ST_PATRICKS,
    WALLET,
    WIN_POINTS,
    by_value,
)
from app.games.four_pints.money import money_total, smallest_cover
from app.games.four_pints.state import (
    ELBOW_CHOICE,
    GIFT_CHOICE,
    SLIP_CHOICE,
    TURN,
    FourPintsState,
)

Events = list[Event]


def say(events: Events, kind: str, text: str) -> None:
    events.append(Event(kind, text))


def named(cards: list[str]) -> str:
    return ", ".join(cards) if cards else "nothing"


# --- decks ------------------------------------------------------------------------


def reshuffle(s: FourPintsState, deck: str, discard: str, events: Events) -> None:
    cards = getattr(s, discard)
    rng = Rng(s.rng)
    rng.shuffle(cards)
    s.rng = rng.state
    setattr(s, deck, cards)
    setattr(s, discard, [])
    label = "beer" if deck == "beer_deck" else "buying"
    say(events, "reshuffle", f"The {label} discard pile is shuffled into a new {label} deck.")


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
            say(events, "barrel", f"The Barrel! The counter is cleared: {named(s.counter)}.")
            s.beer_discard += s.counter
            s.counter = []
            s.removed.append(card)
        else:
            s.counter.append(card)
    say(events, "counter", f"The counter now holds {named(s.counter)}.")


# --- areas and the instant win -------------------------------------------------------


def check_win(s: FourPintsState, seats: list[int], events: Events) -> bool:
    """After a change to these areas: the first seat listed at 12 or more wins."""
    for seat in seats:
        if s.score(seat) >= WIN_POINTS:
            s.winner = seat
            say(events, "win", f"{who(seat)} reaches {s.score(seat)} points and wins!")
            return True
    return False


def discard_pint(s: FourPintsState, seat: int, pint: str) -> None:
    s.pints[seat].remove(pint)
    s.beer_discard.append(pint)


def elbow_targets(s: FourPintsState) -> list[tuple[int, str]]:
    """(seat, pint) for every kind of pint in another player's area."""
    out = []
    for seat in range(s.players):
        if seat != s.active:
            out += [(seat, pint) for pint in by_value(list(set(s.pints[seat])))]
    return out


def slip_targets(s: FourPintsState) -> list[str]:
    return by_value(list(set(s.pints[s.active])))


def elbow(s: FourPintsState, seat: int, pint: str, events: Events) -> None:
    discard_pint(s, seat, pint)
    say(events, "elbow", f"{who(s.active)} elbows the {pint} of {who(seat)}.")
    s.pending = TURN


def slip(s: FourPintsState, pint: str, events: Events) -> None:
    discard_pint(s, s.active, pint)
    say(events, "slip", f"{who(s.active)} slips and loses a {pint}.")
    s.pending = TURN
    end_turn(s, events, bought=False)


# --- the turn -------------------------------------------------------------------------


def start_turn(s: FourPintsState, seat: int, events: Events) -> None:
    s.active = seat
    s.turn += 1
    s.purse, s.saved[seat] = s.saved[seat], []
    s.must_reveal = bool(s.purse)
    s.play, s.spent, s.bought, s.pending = [], [], [], TURN
    if s.purse:
        say(events, "turn", f"{who(seat)} starts a turn with {named(s.purse)} from the Wallet.")
    else:
        say(events, "turn", f"It is the turn of {who(seat)}.")


def lose_turn(s: FourPintsState, why: str, events: Events) -> None:
    say(events, "lost", f"{who(s.active)} loses the turn: {why}")
    end_turn(s, events, bought=False)


def end_turn(s: FourPintsState, events: Events, bought: bool) -> None:
    seat = s.active
    extra = s.play.count(ST_PATRICKS)
    if WALLET in s.play and s.purse:
        s.saved[seat] = s.purse
        say(events, "wallet", f"{who(seat)} keeps {named(s.purse)} in the Wallet.")
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
        say(events, "st-patricks", f"St Patrick's: {who(seat)} takes another turn.")
        start_turn(s, seat, events)
    else:
        start_turn(s, (seat + 1) % s.players, events)


def reveal(s: FourPintsState, events: Events) -> None:
    card = draw(s, "buying_deck", "buying_discard", events)
    if card is None:
        lose_turn(s, "there are no buying cards left.", events)
        return
    s.must_reveal = False
    seat = s.active
    say(events, "reveal", f"{who(seat)} reveals {card}.")
    if card in MONEY or card == CREDIT:
        s.purse.append(card)
    elif card == SPILLED:
        s.spilled[seat] += 1
    else:
        s.play.append(card)
        effect(s, card, events)


def effect(s: FourPintsState, card: str, events: Events) -> None:
    seat = s.active
    if card == DRUNK and s.play.count(DRUNK) >= DRUNK_LIMIT:
        lose_turn(s, "that is the third Drunk.", events)
    elif card == SMOKE:
        lose_turn(s, "off for a smoke.", events)
    elif card == SLIP:
        own = slip_targets(s)
        if len(own) > 1:
            s.pending = SLIP_CHOICE
        elif own:
            slip(s, own[0], events)
        else:
            lose_turn(s, "a slip, with no pint to lose.", events)
    elif card == ELBOW:
        targets = elbow_targets(s)
        if len(targets) > 1:
            s.pending = ELBOW_CHOICE
        elif targets:
            elbow(s, *targets[0], events)
        else:
            say(events, "elbow", "Nobody else has a pint to elbow.")
    elif card == MOP:
        mopped = s.spilled[seat]
        s.spilled[seat] = 0
        s.buying_discard += [SPILLED] * mopped
        say(events, "mop", f"{who(seat)} mops up {mopped} Spilled pint(s).")
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
    say(events, "snack", f"The {snack} cost {who(s.active)} {named(cards)}.")


# --- buying ---------------------------------------------------------------------------


def on_me(s: FourPintsState) -> bool:
    return ON_ME in s.play


def happy_hour(s: FourPintsState) -> bool:
    return HAPPY_HOUR in s.play and not on_me(s)


def cost(s: FourPintsState, pints: list[str]) -> int:
    prices = sorted(PRICE[p] for p in pints)
    if len(pints) == 2 and happy_hour(s):
        return prices[1] + prices[0] // 2
    return sum(prices)


def pint_choices(s: FourPintsState) -> list[list[str]]:
    """The pints (one or two, most valuable first) the active player may buy now."""
    kinds = by_value(list(set(s.counter)))
    pairs = [
        [a, b]
        for i, a in enumerate(kinds)
        for b in kinds[i:]
        if a != b or s.counter.count(a) > 1
    ]
    if on_me(s) and len(s.counter) > 1:
        return pairs
    singles = [[k] for k in kinds]
    return singles + pairs if happy_hour(s) else singles


def buy_moves(s: FourPintsState) -> list[dict[str, object]]:
    if s.must_reveal:
        return []
    money = money_total(s.purse)
    credit = CREDIT in s.purse
    moves: list[dict[str, object]] = []
    for pints in pint_choices(s):
        if credit:
            moves.append({"type": "buy", "pints": pints, "pay": "credit"})
        if (not credit or WALLET in s.play) and money >= cost(s, pints):
            moves.append({"type": "buy", "pints": pints, "pay": "money"})
    return moves


def buy(s: FourPintsState, pints: list[str], pay: str, events: Events) -> None:
    seat = s.active
    # legal_moves has checked that the money covers the price
    paid = [CREDIT] if pay == "credit" else (smallest_cover(s.purse, cost(s, pints)) or [])
    for card in paid:
        s.purse.remove(card)
    s.spent += paid
    for pint in pints:
        s.counter.remove(pint)
    say(events, "buy", f"{who(seat)} buys {named(pints)} with {named(paid)}.")
    if len(pints) == 2 and on_me(s):
        if s.players > 2:
            s.bought = list(pints)
            s.pending = GIFT_CHOICE
            return
        keep, drop = by_value(pints)
        s.beer_discard.append(drop)
        say(events, "on-me", f"With two players the {drop} that was on {who(seat)} is discarded.")
        pints = [keep]
    s.pints[seat] += pints
    if not check_win(s, [seat], events):
        end_turn(s, events, bought=True)


def gift_choices(s: FourPintsState) -> list[tuple[str, int]]:
    kinds = by_value(list(set(s.bought)))
    return [(p, to) for p in kinds for to in range(s.players) if to != s.active]


def give(s: FourPintsState, pint: str, to: int, events: Events) -> None:
    seat = s.active
    s.bought.remove(pint)
    s.pints[seat] += s.bought
    s.pints[to].append(pint)
    s.bought, s.pending = [], TURN
    say(events, "give", f"{who(seat)} gives a {pint} to {who(to)}: it is on them!")
    if not check_win(s, [seat, to], events):
        end_turn(s, events, bought=True)


def tiebreak_key(s: FourPintsState, seat: int) -> tuple[int, ...]:
    """Score, then the pints' values from the highest (more pints beat a prefix)."""
    return (s.score(seat), *(POINTS[p] for p in by_value(s.pints[seat])))
