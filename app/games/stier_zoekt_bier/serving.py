"""Serving: each seat serves its draughted beer, then its cellar, to its bulls, or pours
it away; a cellar card taken while serving is turned face up for everyone."""

from __future__ import annotations

from app.games.base import Event, Move, last_play
from app.games.stier_zoekt_bier.phrases import PHRASES as say
from app.games.stier_zoekt_bier.plays import record
from app.games.stier_zoekt_bier.state import (
    SERVE,
    SERVE_CELLAR,
    SERVE_DONE,
    SERVE_DRAUGHTED,
    Seat,
    Slot,
    State,
)


def next_stage(seat: Seat) -> str:
    if seat.draughted:
        return SERVE_DRAUGHTED
    return SERVE_CELLAR if seat.stock else SERVE_DONE


def start_serve(state: State, events: list[Event]) -> None:
    state.phase = SERVE
    for seat in state.seats:
        seat.stage = next_stage(seat)


def serve(state: State, seat: int, move: Move, events: list[Event]) -> None:
    me = state.seats[seat]
    kind = move["type"]
    if me.stage == SERVE_DRAUGHTED:
        if kind == "serve":
            me.draughted.remove(move["card"])
            give(state, seat, move, events, f"draughted-{seat}")
        else:
            state.discard.extend(me.draughted)
            event = say.event("pour", seat=seat, cards=list(me.draughted),
                              **{"from": "draughted"})
            events.append(event)
            record(state, last_play(seat, me.draughted, f"draughted-{seat}", "discard", event))
            me.draughted = []
        me.stage = next_stage(me)
        return
    if kind == "stop":
        me.stage = SERVE_DONE
        event = say.event("stop", seat=seat)
        events.append(event)
        record(state, last_play(seat, [], f"cellar-{seat}", f"cellar-{seat}", event))
        return
    # The ruling: a cellar card taken while serving is turned face up for everyone.
    card = me.stock.pop()
    if kind == "serve":
        give(state, seat, move, events, f"cellar-{seat}")
    else:
        state.discard.append(card)
        event = say.event("pour", seat=seat, card=card, **{"from": "cellar"})
        events.append(event)
        record(state, last_play(seat, [card], f"cellar-{seat}", "discard", event))
        if state.grand_cafe:
            me.stage = SERVE_DONE
            return
    me.stage = next_stage(me)


def give(state: State, seat: int, move: Move, events: list[Event], src: str) -> None:
    me = state.seats[seat]
    index = move["bull"]
    old = me.pub[index]
    slot = me.pub[index] = Slot(old.bulls, [*old.beer, move["card"]])
    me.served_now.append(index)
    event = say.event("serve", seat=seat, card=move["card"], bull=index, name=slot.bull,
                      glasses=slot.total, full=slot.full, cellar=src.startswith("cellar"))
    events.append(event)
    record(state, last_play(seat, [move["card"]], src, f"pub-{seat}-{index}", event))
