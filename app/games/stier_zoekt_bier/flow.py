"""The course of a game: rounds, draft, draught, bull choice, serving, bonus round.

Everything here works on a State the caller owns (already copied), appending Events and
recording the last play (`State.last`, a seat's own secret one in `Seat.last`). `settle`
plays every step in which a seat has no choice (see `moves.forced_move`), so the game
never waits for a pointless click. Texts name cards as their faces do (`words`).
Serving is in `serving`, the record of the last play in `plays`.
"""

from __future__ import annotations

from app.games.base import Event, Move, Rng, last_play, who
from app.games.stier_zoekt_bier import cards as C
from app.games.stier_zoekt_bier import words as W
from app.games.stier_zoekt_bier.moves import bid_of, forced_move, keep_count, ranking, to_act
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
        events.append(Event("round", "The bonus round: serve your bulls from your cellar.",
                            data={"round": state.round}))
        start_serve(state, events)
        return
    drawn = state.bull_deck[: state.bulls_per_round]
    del state.bull_deck[: state.bulls_per_round]
    state.middle = drawn
    verb = "comes" if len(drawn) == 1 else "come"
    events.append(Event("round", f"Round {state.round}: {W.cards(drawn)} {verb} into town.",
                        data={"round": state.round, "bulls": drawn}))
    _deal(state, events)


def _draw(state: State, events: list[Event]) -> str:
    if not state.beer_deck:
        rng = Rng(state.rng)
        state.beer_deck, state.discard = state.discard, []
        rng.shuffle(state.beer_deck)
        state.rng = rng.state
        events.append(Event("reshuffle", "The discard pile is shuffled into a new beer deck."))
    return state.beer_deck.pop()


def _deal(state: State, events: list[Event]) -> None:
    k = min(C.DRAFT_DEAL, (len(state.beer_deck) + len(state.discard)) // state.players)
    if k == 0:
        events.append(Event("draft", "There is no beer left to buy this round."))
        _start_draught(state, events)
        return
    for seat in state.seats:
        seat.hand = [_draw(state, events) for _ in range(k)]
    state.phase, state.draft_step = DRAFT, 1
    _open_draft_step(state)
    events.append(Event("deal", f"Each player is dealt {W.count(k, 'beer card')}.",
                        data={"cards": k}))
    for s, seat in enumerate(state.seats):
        events.append(Event("hand", f"You are dealt {W.cards(seat.hand)}.", frozenset({s}),
                            data={"cards": list(seat.hand), "step": 1}))


def _open_draft_step(state: State) -> None:
    for seat in state.seats:
        seat.picks, seat.picked = [], not seat.hand


# --- draft


def _pick(state: State, seat: int, move: Move, events: list[Event]) -> None:
    me = state.seats[seat]
    if move["type"] == "pick":
        me.hand.remove(move["card"])
        me.picks.append(move["card"])
    kept = W.cards(me.picks) if me.picks else "nothing"
    keep = Event("pick", f"You keep {kept}.", frozenset({seat}), data={"cards": list(me.picks)})
    if move["type"] == "done" or len(me.picks) == keep_count(me):
        me.picked = True
        chosen = Event("picked", f"{who(seat)} has chosen.", data={"seat": seat})
        events += [keep, chosen]
        record(state, last_play(seat, [], "hand", f"stock-{seat}", chosen))
    record_secret(state, seat, last_play(seat, list(me.picks), "hand", f"stock-{seat}", keep))


def _end_draft_step(state: State, events: list[Event]) -> None:
    shown, overflow = [], []
    for s, seat in enumerate(state.seats):
        seat.stock.extend(seat.picks)
        seat.picks = []
        if len(seat.stock) > C.CELLAR_SIZE:
            shown.append(f"{who(s)}: {W.cards(seat.stock[C.CELLAR_SIZE :])}")
            overflow.append([s, seat.stock[C.CELLAR_SIZE :]])
    up = f" Face up on top of the cellar: {'; '.join(shown)}." if shown else ""
    events.append(Event("stock", f"Everyone stocks the beer they kept.{up}",
                        data={"overflow": overflow}))
    if state.draft_step == 1:
        hands = [seat.hand for seat in state.seats]
        for s, seat in enumerate(state.seats):
            seat.hand = hands[(s - 1) % state.players]
            if seat.hand:
                events.append(Event("hand", f"You receive {W.cards(seat.hand)}.",
                                    frozenset({s}), data={"cards": list(seat.hand), "step": 2}))
        state.draft_step = 2
        _open_draft_step(state)
        return
    leftovers = [card for seat in state.seats for card in seat.hand]
    for seat in state.seats:
        seat.hand = []
    state.discard.extend(leftovers)
    if leftovers:
        n = len(leftovers)
        verb = "goes" if n == 1 else "go"
        events.append(Event("discard", f"{W.count(n, 'leftover card')} {verb} to the discard "
                                       "pile, face down.", data={"cards": n}))
    _start_draught(state, events)


# --- draught


def _start_draught(state: State, events: list[Event]) -> None:
    state.phase, state.draught_pos = DRAUGHT, 0
    for seat in state.seats:
        seat.draughted, seat.has_draughted, seat.bid, seat.bid_beer = [], False, 0, None
    events.append(Event("draught", f"{who(state.boss)}, the beer boss, draughts first.",
                        data={"boss": state.boss}))


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
            events.append(Event("pour", f"{who(seat)} pours away {W.cards(poured)} "
                                        f"from the overflow.",
                                data={"seat": seat, "cards": poured, "from": "overflow"}))
    k = move["cards"]
    turned = list(reversed(me.stock[len(me.stock) - k :])) if k else []
    del me.stock[len(me.stock) - k :]
    me.draughted = overflow + turned
    me.has_draughted = True
    me.bid, me.bid_beer = bid_of(me.draughted)
    if me.draughted:
        cellar = f" ({k} from the cellar)" if k else ""
        text = f"{who(seat)} draughts {W.cards(me.draughted)}{cellar}: " \
               f"{W.bid(me.bid, me.bid_beer)}."
        src = f"cellar-{seat}" if k and not overflow else f"stock-{seat}"
    else:
        text, src = f"{who(seat)} passes.", f"cellar-{seat}"
    event = Event("draught", text, data={"seat": seat, "cards": list(me.draughted),
                                         "bid": me.bid, "beer": me.bid_beer, "cellar": k})
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
        order = W.listing([who(s) for s in state.ranking])
        events.append(Event("ranking", f"Bulls are chosen in this order: {order}.",
                            data={"order": list(state.ranking)}))
    else:
        _end_choose(state, events)


def _take(state: State, seat: int, move: Move, events: list[Event]) -> None:
    me = state.seats[seat]
    bull = move["bull"]
    state.middle.remove(bull)
    name = C.BULLS[bull].name
    if "join" in move:
        index = move["join"]
        old = me.pub[index]
        me.pub[index] = Slot([*old.bulls, bull], old.beer)
        me.served_now.append(index)
        text = (f"{who(seat)} takes {name} and puts him together with their "
                f"{W.ordinal(index + 1)} bull, {name}: the pair scores double.")
        data = {"seat": seat, "bull": bull, "join": index}
    else:
        index = len(me.pub)
        me.pub.append(Slot([bull]))
        text = f"{who(seat)} takes {name}."
        data = {"seat": seat, "bull": bull}
    event = Event("take", text, data=data)
    events.append(event)
    record(state, last_play(seat, [bull], "middle", f"pub-{seat}-{index}", event))
    state.choose_pos += 1
    if state.choose_pos == len(state.ranking) or not state.middle:
        _end_choose(state, events)


def _end_choose(state: State, events: list[Event]) -> None:
    if state.middle:
        events.append(Event("bulls_out", f"Nobody takes {W.cards(state.middle)}: "
                                         "out of the game.", data={"bulls": list(state.middle)}))
        state.bulls_out.extend(state.middle)
        state.middle = []
    start_serve(state, events)


def _end_round(state: State, events: list[Event]) -> None:
    state.summary_round, state.summary_at = state.round, state.plays
    if state.bonus:
        state.phase = OVER
        scores = ", ".join(f"{who(s)} {W.points(seat.points)}"
                           for s, seat in enumerate(state.seats))
        events.append(Event("over", f"The game is over. {scores}.",
                            data={"scores": [seat.points for seat in state.seats]}))
        return
    if state.ranking:
        state.boss = state.ranking[0]
        events.append(Event("boss", f"{who(state.boss)} is the beer boss.",
                            data={"seat": state.boss}))
    state.round += 1
    start_round(state, events)
