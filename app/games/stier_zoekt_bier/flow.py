"""The course of a game: rounds, draft, draught, bull choice, serving, bonus round.

Everything here works on a State the caller owns (already copied), appending Events and
recording the last play (`State.last`, a seat's own secret one in `Seat.last`). `settle`
plays every step in which a seat has no choice (see `moves.forced_move`), so the game
never waits for a pointless click. What happened is said by phrases.py.
Serving is in `serving`, the record of the last play in `plays`.
"""

from __future__ import annotations

from app.games.base import Event, Move, Rng, last_play
from app.games.stier_zoekt_bier import cards as C
from app.games.stier_zoekt_bier.moves import bid_of, forced_move, keep_count, ranking, to_act
from app.games.stier_zoekt_bier.phrases import PHRASES as say
from app.games.stier_zoekt_bier.plays import record, record_secret
from app.games.stier_zoekt_bier.serving import serve, start_serve
from app.games.stier_zoekt_bier.state import (
    CHOOSE,
    DRAFT,
    DRAUGHT,
    OVER,
    SERVE,
    SERVE_DONE,
    Slot,
    State,
)

# ---------------------------------------------------------------------------
# doing a (legal) move


def play(state: State, seat: int, move: Move, events: list[Event]) -> None:
    """Apply a move already known to be legal, then every forced step after it."""
    {DRAFT: _pick, DRAUGHT: _draught, CHOOSE: _take, SERVE: serve}[state.phase](
        state, seat, move, events
    )
    settle(state, events)


def settle(state: State, events: list[Event]) -> None:
    while True:
        if state.phase == DRAFT and all(seat.picked for seat in state.seats):
            _end_draft_step(state, events)
            continue
        if state.phase == SERVE and all(seat.stage == SERVE_DONE for seat in state.seats):
            _end_round(state, events)
            continue
        for seat in sorted(to_act(state)):
            move = forced_move(state, seat)
            if move is not None:
                play(state, seat, move, events)
                return
        return


# --- rounds


def start_round(state: State, events: list[Event]) -> None:
    state.ranking = []
    for seat in state.seats:
        seat.served_now = []
        seat.has_draughted, seat.bid, seat.bid_beer = False, 0, None
    if state.bonus:
        events.append(say.event("round", round=state.round))
        start_serve(state, events)
        return
    drawn = state.bull_deck[: state.bulls_per_round]
    del state.bull_deck[: state.bulls_per_round]
    state.middle = drawn
    events.append(say.event("round", round=state.round, bulls=drawn))
    _deal(state, events)


def _draw(state: State, events: list[Event]) -> str:
    if not state.beer_deck:
        rng = Rng(state.rng)
        state.beer_deck, state.discard = state.discard, []
        rng.shuffle(state.beer_deck)
        state.rng = rng.state
        events.append(say.event("reshuffle"))
    return state.beer_deck.pop()


def _deal(state: State, events: list[Event]) -> None:
    k = min(C.DRAFT_DEAL, (len(state.beer_deck) + len(state.discard)) // state.players)
    if k == 0:
        events.append(say.event("draft"))
        _start_draught(state, events)
        return
    for seat in state.seats:
        seat.hand = [_draw(state, events) for _ in range(k)]
    state.phase, state.draft_step = DRAFT, 1
    _open_draft_step(state)
    events.append(say.event("deal", cards=k))
    for s, seat in enumerate(state.seats):
        events.append(say.event("hand", frozenset({s}), cards=list(seat.hand), step=1))


def _open_draft_step(state: State) -> None:
    for seat in state.seats:
        seat.picks, seat.picked = [], not seat.hand


# --- draft


def _pick(state: State, seat: int, move: Move, events: list[Event]) -> None:
    me = state.seats[seat]
    if move["type"] == "pick":
        me.hand.remove(move["card"])
        me.picks.append(move["card"])
    keep = say.event("pick", frozenset({seat}), cards=list(me.picks))
    if move["type"] == "done" or len(me.picks) == keep_count(me):
        me.picked = True
        chosen = say.event("picked", seat=seat)
        events += [keep, chosen]
        record(state, last_play(seat, [], "hand", f"stock-{seat}", chosen))
    record_secret(state, seat, last_play(seat, list(me.picks), "hand", f"stock-{seat}", keep))


def _end_draft_step(state: State, events: list[Event]) -> None:
    overflow = []
    for s, seat in enumerate(state.seats):
        seat.stock.extend(seat.picks)
        seat.picks = []
        if len(seat.stock) > C.CELLAR_SIZE:
            overflow.append([s, seat.stock[C.CELLAR_SIZE :]])
    events.append(say.event("stock", overflow=overflow))
    if state.draft_step == 1:
        hands = [seat.hand for seat in state.seats]
        for s, seat in enumerate(state.seats):
            seat.hand = hands[(s - 1) % state.players]
            if seat.hand:
                events.append(say.event("hand", frozenset({s}), cards=list(seat.hand), step=2))
        state.draft_step = 2
        _open_draft_step(state)
        return
    leftovers = [card for seat in state.seats for card in seat.hand]
    for seat in state.seats:
        seat.hand = []
    state.discard.extend(leftovers)
    if leftovers:
        events.append(say.event("discard", cards=len(leftovers)))
    _start_draught(state, events)


# --- draught


def _start_draught(state: State, events: list[Event]) -> None:
    state.phase, state.draught_pos = DRAUGHT, 0
    for seat in state.seats:
        seat.draughted, seat.has_draughted, seat.bid, seat.bid_beer = [], False, 0, None
    events.append(say.event("draught", boss=state.boss))


def _draught(state: State, seat: int, move: Move, events: list[Event]) -> None:
    me = state.seats[seat]
    overflow = me.overflow
    del me.stock[C.CELLAR_SIZE :]
    kind = move.get("beer")
    if state.grand_cafe and kind is not None:
        poured = [card for card in overflow if C.beer_type(card) != kind]
        overflow = [card for card in overflow if C.beer_type(card) == kind]
        if poured:
            state.discard.extend(poured)
            events.append(say.event("pour", seat=seat, cards=poured, **{"from": "overflow"}))
    k = move["cards"]
    turned = list(reversed(me.stock[len(me.stock) - k :])) if k else []
    del me.stock[len(me.stock) - k :]
    me.draughted = overflow + turned
    me.has_draughted = True
    me.bid, me.bid_beer = bid_of(me.draughted)
    if me.draughted:
        src = f"cellar-{seat}" if k and not overflow else f"stock-{seat}"
    else:  # a pass
        src = f"cellar-{seat}"
    event = say.event("draught", seat=seat, cards=list(me.draughted), bid=me.bid,
                      beer=me.bid_beer, cellar=k)
    events.append(event)
    record(state, last_play(seat, me.draughted, src, f"draughted-{seat}", event))
    state.draught_pos += 1
    if state.draught_pos == state.players:
        _start_choose(state, events)


# --- choosing bulls


def _start_choose(state: State, events: list[Event]) -> None:
    state.phase, state.choose_pos = CHOOSE, 0
    state.ranking = ranking(state)
    if state.ranking and state.middle:
        events.append(say.event("ranking", order=list(state.ranking)))
    else:
        _end_choose(state, events)


def _take(state: State, seat: int, move: Move, events: list[Event]) -> None:
    me = state.seats[seat]
    bull = move["bull"]
    state.middle.remove(bull)
    if "join" in move:
        index = move["join"]
        old = me.pub[index]
        me.pub[index] = Slot([*old.bulls, bull], old.beer)
        me.served_now.append(index)
        event = say.event("take", seat=seat, bull=bull, join=index)
    else:
        index = len(me.pub)
        me.pub.append(Slot([bull]))
        event = say.event("take", seat=seat, bull=bull)
    events.append(event)
    record(state, last_play(seat, [bull], "middle", f"pub-{seat}-{index}", event))
    state.choose_pos += 1
    if state.choose_pos == len(state.ranking) or not state.middle:
        _end_choose(state, events)


def _end_choose(state: State, events: list[Event]) -> None:
    if state.middle:
        events.append(say.event("bulls_out", bulls=list(state.middle)))
        state.bulls_out.extend(state.middle)
        state.middle = []
    start_serve(state, events)


def _end_round(state: State, events: list[Event]) -> None:
    state.summary_round, state.summary_at = state.round, state.plays
    if state.bonus:
        state.phase = OVER
        events.append(say.event("over", scores=[seat.points for seat in state.seats]))
        return
    if state.ranking:
        state.boss = state.ranking[0]
        events.append(say.event("boss", seat=state.boss))
    state.round += 1
    start_round(state, events)
