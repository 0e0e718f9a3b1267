"""One move: `apply` runs a listed move (moves.py lists them) on a state copy, buying and
giving a pint here, a reveal through reveals.py, the turn's frame through turns.py, and
notes it as the last play for the board."""

from __future__ import annotations

from typing import Any

from app.games.base import Move, last_play
from app.games.four_pints.cards import CREDIT, MONEY, SPILLED, by_value
from app.games.four_pints.money import smallest_cover
from app.games.four_pints.moves import cost, on_me
from app.games.four_pints.phrases import PHRASES
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
    say(events, "buy", seat=seat, pints=list(pints), pay=pay, paid=list(paid))
    if len(pints) == 2 and on_me(s):
        if s.players > 2:
            s.bought = list(pints)
            s.pending = GIFT_CHOICE
            return
        keep, drop = by_value(pints)
        s.beer_discard.append(drop)
        say(events, "on-me", seat=seat, pint=drop)
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
    say(events, "give", seat=seat, pint=pint, target=to)
    if not check_win(s, [seat, to], events):
        end_turn(s, events, bought=True)


# --- one move ---------------------------------------------------------------------------


def apply(s: FourPintsState, move: Move, events: Events) -> None:
    """Run a listed move on the copy `s` and note it as the last play (views.py)."""
    seat, kind = s.active, move["type"]
    if kind == "reveal":
        _reveal(s, seat, events)
    elif kind == "buy":
        _buy(s, seat, list(move["pints"]), move["pay"], events)
    elif kind == "elbow":
        elbow(s, move["seat"], move["pint"], events)
        note(s, seat, [move["pint"]], f"area-{move['seat']}", "beer-discard", "elbow",
             pint=move["pint"], target=move["seat"])
    elif kind == "slip":
        slip(s, move["pint"], events)
        note(s, seat, [move["pint"]], f"area-{seat}", "beer-discard", "slip",
             pint=move["pint"])
    else:
        give(s, move["pint"], move["to"], events)
        note(s, seat, [move["pint"]], "bought", f"area-{move['to']}", "give",
             pint=move["pint"], target=move["to"])


def _reveal(s: FourPintsState, seat: int, events: Events) -> None:
    turn = s.turn
    card = reveal(s, events)
    if card is None or s.turn != turn:
        to = "buying-discard"  # the turn ended, the card with it
    elif card in MONEY or card == CREDIT:
        to = "purse"
    else:
        to = f"area-{seat}" if card == SPILLED else "play"
    note(s, seat, [card] if card else [], "buying-deck", to, "reveal", card=card)


def _buy(s: FourPintsState, seat: int, pints: list[str], pay: str, events: Events) -> None:
    # with two players the second pint of an On me! is discarded, not kept
    dropped = len(pints) == 2 and on_me(s) and s.players == 2
    buy(s, pints, pay, events)
    to = "bought" if s.pending == GIFT_CHOICE else f"area-{seat}"
    kept = by_value(pints)[:1] if dropped else pints
    note(s, seat, kept, "counter", to, "buy", pints=pints)


def note(s: FourPintsState, seat: int, cards: list[str], src: str, dst: str, kind: str,
         **data: Any) -> None:
    """The last play, said as a play of its own (not the log's line: the board's words
    are shorter); its `kind` and `data` (the seat, the card or every pint bought, the
    other seat) let phrases.py say it in any language."""
    s.last = last_play(seat, cards, src, dst, PHRASES.play(kind, seat=seat, **data))
