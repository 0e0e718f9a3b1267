"""One move: `apply` runs a listed move (moves.py lists them) on a state copy, buying and
giving a pint here, a reveal through reveals.py, the turn's frame through turns.py, and
notes it as the last play for the board."""

from __future__ import annotations

from typing import Any

from app.games.base import Event, Move, last_play, who
from app.games.four_pints.cards import (
    CREDIT,
    MONEY,
    SPILLED,
    a,
    by_value,
    listed,
)
from app.games.four_pints.money import smallest_cover
from app.games.four_pints.moves import cost, on_me
from app.games.four_pints.reveals import elbow, reveal, slip
from app.games.four_pints.state import GIFT_CHOICE, TURN, FourPintsState
from app.games.four_pints.turns import Events, check_win, end_turn, say

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
