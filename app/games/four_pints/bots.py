"""The good bot: decides from its seat's view alone (docs/contracts.md §6).

Push your luck, counted: every buying card on the table is public, so the cards still in
the deck are known as a multiset (only their order is secret). Before each reveal the bot
compares buying the best pint now with the expected value of one more card, trying every
kind of card still in the deck on a copy of the table (the engine's own flow), then
stopping at the best buy (or carrying on, worth `CARRY_ON`). Choices: elbow the leader's
best pint, lose the cheapest pint to a Slip, give the cheaper pint to the weakest friend.
"""

from __future__ import annotations

import random
from collections import Counter

from app.games.base import JSON, Move
from app.games.four_pints import reveals
from app.games.four_pints.cards import (
    BUYING,
    CREDIT,
    POINTS,
    SPILLED,
    ST_PATRICKS,
    WALLET,
    WIN_POINTS,
    beer_deck,
    by_value,
)
from app.games.four_pints.money import money_total, smallest_cover
from app.games.four_pints.moves import REVEAL, buy_moves, cost, elbow_targets, on_me
from app.games.four_pints.state import ELBOW_CHOICE, SLIP_CHOICE, FourPintsState

WIN = 100.0  # reaching 12 points ends the game
CARRY_ON = 1.0  # a turn that goes on without buying yet: worth about a point
EXTRA_TURN = 1.5  # a St Patrick's turn
SAVED_POUND = 0.3  # money a Wallet keeps for the next turn, per £
SAVED_CREDIT = 1.5  # a Credit card a Wallet keeps


def bot_move(view: JSON, seat: int, rng: random.Random) -> Move | None:
    moves: list[Move] = view["moves"]
    if not moves:
        return None
    s = table_from(view)
    kind = moves[0]["type"]
    if kind == "slip":
        return min(moves, key=lambda m: (POINTS[m["pint"]], m["pint"]))
    if kind == "elbow":
        return max(moves, key=lambda m: elbow_value(s, m["seat"], m["pint"]))
    if kind == "give":
        return max(moves, key=lambda m: gift_value(s, seat, other(s.bought, m["pint"]),
                                                   m["pint"], m["to"]))
    buys = [m for m in moves if m["type"] == "buy"]
    if not buys:
        return REVEAL
    best = max(buys, key=lambda m: buy_value(s, seat, m["pints"], m["pay"]))
    stop = buy_value(s, seat, best["pints"], best["pay"])
    return REVEAL if reveal_value(s, seat) > stop else best


def other(pair: list[str], pint: str) -> str:
    rest = list(pair)
    rest.remove(pint)
    return rest[0]


def table_from(view: JSON) -> FourPintsState:
    """The public table as an engine state; the decks hold the unseen cards in any order."""
    areas = view["areas"]
    players = view["players"]
    s = FourPintsState.new(players, 0)
    s.counter, s.removed = list(view["counter"]), list(view["removed"])
    s.beer_discard, s.buying_discard = list(view["beer_discard"]), list(view["buying_discard"])
    s.pints = [list(a["pints"]) for a in areas]
    s.spilled = [a["spilled"] for a in areas]
    s.saved = [list(a["saved"]) for a in areas]
    s.active, s.turn, s.first, s.round = view["active"], view["turn"], view["first"], view["round"]
    s.purse, s.play = list(view["purse"]), list(view["revealed"])
    s.spent, s.bought = list(view["spent"]), list(view["bought"])
    s.must_reveal = view["must_reveal"]
    s.pending = "" if view["phase"] in ("turn", "over") else view["phase"]
    s.extra_turns = view["st_patricks"] - s.play.count(ST_PATRICKS)
    seen = Counter(s.buying_discard + s.purse + s.play + s.spent)
    for i in range(players):
        seen.update(s.saved[i])
        seen[SPILLED] += s.spilled[i]
    unseen = Counter(dict(BUYING)) - seen
    s.buying_deck = sorted(unseen.elements())
    beers = Counter(s.counter + s.removed + s.beer_discard + s.bought)
    for pints in s.pints:
        beers.update(pints)
    s.beer_deck = sorted((Counter(beer_deck()) - beers).elements())
    return s


def weight(s: FourPintsState) -> float:
    """How much an opponent's point counts against one of ours."""
    return 1 / (s.players - 1)


def saved_value(cards: list[str]) -> float:
    return SAVED_POUND * money_total(cards) + SAVED_CREDIT * cards.count(CREDIT)


def buy_value(s: FourPintsState, seat: int, pints: list[str], pay: str) -> float:
    """Points this buy gains (kept pints, the instant win, what a Wallet keeps), less
    what an On me! gift gives away."""
    kept, given = list(pints), None
    if len(pints) == 2 and on_me(s):
        kept, other = by_value(pints)[:1], by_value(pints)[1]
        given = None if s.players == 2 else other
    gain = float(sum(POINTS[p] for p in kept))
    mine = s.score(seat) + gain
    if mine >= WIN_POINTS:
        return WIN + gain
    if given is not None:
        to = weakest(s, seat, kept[0], given)
        gain = gift_value(s, seat, kept[0], given, to)
    if WALLET in s.play:
        left = list(s.purse)
        paid = [CREDIT] if pay == "credit" else (smallest_cover(left, cost(s, pints)) or [])
        for card in paid:
            left.remove(card)
        gain += saved_value(left)
    return gain


def weakest(s: FourPintsState, seat: int, kept: str, pint: str) -> int:
    others = [i for i in range(s.players) if i != seat]
    return max(others, key=lambda i: gift_value(s, seat, kept, pint, i))


def gift_value(s: FourPintsState, seat: int, kept: str, pint: str, to: int) -> float:
    """Keeping `kept` and giving `pint` to `to`: a gift to the player with the fewest
    points hurts least; one that lets them win is the worst."""
    if s.score(to) + POINTS[pint] >= WIN_POINTS and s.score(seat) + POINTS[kept] < WIN_POINTS:
        return -WIN
    return POINTS[kept] - weight(s) * POINTS[pint] * (1 + s.score(to) / WIN_POINTS)


def elbow_value(s: FourPintsState, target: int, pint: str) -> float:
    """Knocking a pint off the table is worth more the closer its owner is to winning."""
    return POINTS[pint] * (1 + 2 * s.score(target) / WIN_POINTS)


def reveal_value(s: FourPintsState, seat: int) -> float:
    """The expected value of one more card, then the best of buying or carrying on."""
    deck = Counter(s.buying_deck) if s.buying_deck else Counter(s.buying_discard)
    total = sum(deck.values())
    if not total:
        return -WIN  # no card left: revealing loses the turn
    base = score_line(s, seat)
    value = 0.0
    best: dict[tuple[object, ...], float] = {}  # many cards leave the same ways to buy
    for card, n in deck.items():
        t = s.copy()
        rest = list(s.buying_deck or s.buying_discard)
        rest.remove(card)
        t.buying_deck = [card, *rest]
        if not s.buying_deck:
            t.buying_discard = []  # the discard pile has become the deck
        value += n * after(t, seat, card, base, best)
    return value / total


def score_line(s: FourPintsState, seat: int) -> float:
    """My points less the weighted points of the others (Elbow and gifts move these)."""
    others = sum(s.score(i) for i in range(s.players) if i != seat)
    return s.score(seat) - weight(s) * others


def after(t: FourPintsState, seat: int, card: str, base: float,
          best: dict[tuple[object, ...], float]) -> float:
    turn = t.turn
    reveals.reveal(t, [])
    if t.pending == SLIP_CHOICE:
        reveals.slip(t, by_value(t.pints[seat])[-1], [])
    elif t.pending == ELBOW_CHOICE:
        target, pint = max(elbow_targets(t), key=lambda tp: elbow_value(t, *tp))
        reveals.elbow(t, target, pint, [])
    value = score_line(t, seat) - base + (EXTRA_TURN if card == ST_PATRICKS else 0.0)
    if t.winner == seat:
        return WIN + value
    if t.turn != turn or t.over:
        return value + saved_value(t.saved[seat])
    key = (tuple(sorted(t.purse)), tuple(sorted(set(t.play))), tuple(t.counter),
           tuple(t.score(i) for i in range(t.players)))
    if key not in best:
        buys = [buy_value(t, seat, m["pints"], m["pay"]) for m in buy_moves(t)]
        best[key] = max([CARRY_ON, *buys])
    return value + best[key]
