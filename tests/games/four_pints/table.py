"""Compact rule cases: build a table from card literals, with stacked decks."""

from __future__ import annotations

from typing import Any

from app.games.base import Event, Move
from app.games.four_pints import FourPintsPlease
from app.games.four_pints.state import FourPintsState

RULES = FourPintsPlease()
COUNTER = ["Lager", "Bitter", "Red Ale", "Stout"]
REVEAL: Move = {"type": "reveal"}


def state_from(
    players: int = 3,
    *,
    buying: list[str] | None = None,
    counter: list[str] | None = None,
    beer: list[str] | None = None,
    pints: dict[int, list[str]] | None = None,
    spilled: dict[int, int] | None = None,
    saved: dict[int, list[str]] | None = None,
    wallet: list[str] | None = None,
    purse: list[str] | None = None,
    play: list[str] | None = None,
    active: int = 0,
) -> FourPintsState:
    """A table at the start of `active`'s turn (or mid-turn with `purse` / `play`).

    `buying` and `beer` are the decks, next card first; their discard piles start empty.
    `wallet` is what the active player saved last turn (so they must reveal first).
    """
    s = RULES.setup(players, RULES.Options(), 0)
    s.buying_deck = list(buying or [])
    s.buying_discard = []
    s.beer_deck = list(beer if beer is not None else ["Lager"] * 8)
    s.beer_discard = []
    s.removed = []
    s.counter = list(counter if counter is not None else COUNTER)
    s.pints = [list((pints or {}).get(i, [])) for i in range(players)]
    s.spilled = [(spilled or {}).get(i, 0) for i in range(players)]
    s.saved = [list((saved or {}).get(i, [])) for i in range(players)]
    s.active, s.turn, s.extra_turns = active, 1, 0
    s.purse = list(wallet or []) + list(purse or [])
    s.must_reveal = bool(wallet)
    s.play, s.spent, s.bought, s.pending = list(play or []), [], [], ""
    s.opening = []  # the set-up's events told of another table than this one
    return s


def act(s: FourPintsState, *moves: Move) -> FourPintsState:
    """Apply moves by the active player, one after the other."""
    for move in moves:
        s, _ = RULES.apply(s, s.active, move)
    return s


def act_events(s: FourPintsState, move: Move) -> tuple[FourPintsState, list[Event]]:
    return RULES.apply(s, s.active, move)


def reveal(s: FourPintsState, times: int = 1) -> FourPintsState:
    return act(s, *[REVEAL] * times)


def buy(*pints: str, pay: str = "money") -> Move:
    return {"type": "buy", "pints": list(pints), "pay": pay}


def moves(s: FourPintsState) -> list[Move]:
    return list(RULES.legal_moves(s, s.active))


def buys(s: FourPintsState) -> list[tuple[tuple[str, ...], str]]:
    return [(tuple(m["pints"]), m["pay"]) for m in moves(s) if m["type"] == "buy"]


def encoded(s: FourPintsState) -> Any:
    return RULES.encode(s)
