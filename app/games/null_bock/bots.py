"""The good bot: a one-move look-ahead in points, decided from its seat's view alone
(docs/contracts.md §6).

Each listed move is scored by what it is worth to the bot against the average other
player, in the round's own terms (null-bock.md, "Scoring a round"):
- a doe left in hand at the end costs its value, a Null Bock 15, so getting rid of one
  is worth that much times the chance of being stuck with it (`STUCK`);
- a stag on a doe Edge wins that doe now, for sure;
- a stag on top of the Arena wins the whole Arena if nobody covers it before the bot's
  next turn; the chance of that is estimated from the cards the bot has not seen;
- a doe left on an Edge is a gift to whoever brings a high enough stag;
- a stag kept in hand is worth something later (`keep`), more the higher it is.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from random import Random

from app.games.base import JSON, Move
from app.games.null_bock.cards import (
    INFO,
    NULL_BOCK,
    NULL_BOCK_POINTS,
    SETUPS,
    full_deck,
    is_removed,
)

STUCK = 0.55
"""The chance that a card still in hand is in hand when the round ends."""
NULL_BOCK_KEEP = 3.0
"""What a Null Bock in hand is worth as a weapon (it covers any stag in the Arena)."""
OPPONENT_COVERS = 0.5
"""How often an opponent who could cover the bot's Arena stag does so (tuned with
bench.bots at 3 players: 0.35 to 0.5 play best; 1.0, assuming every chance is taken,
makes the bot too timid)."""


def keep(card: str) -> float:
    """What a stag is worth to keep in hand for later (does are worth nothing kept)."""
    doe, val, _, _ = INFO[card]
    if doe:
        return 0.0
    return NULL_BOCK_KEEP if card == NULL_BOCK else 0.5 + 0.35 * val


def liability(card: str) -> float:
    """What a card costs if the round ends with it in hand."""
    doe, val, _, _ = INFO[card]
    if doe:
        return float(val)
    return float(NULL_BOCK_POINTS) if card == NULL_BOCK else 0.0


@cache
def in_play(players: int) -> tuple[str, ...]:
    setup = SETUPS[players]
    return tuple(c for c in full_deck() if not is_removed(c, setup))


def unseen(view: JSON) -> Counter[str]:
    """The cards this seat cannot see: other hands and harems (and earlier discards)."""
    cards = Counter(in_play(view["players"]))
    mine = view["mine"]
    seen = [*mine["hand"], *mine["harem"], *view["arena"]]
    seen += [c for c in view["edges"] if c is not None]
    if mine["edge_choice"]:
        seen.append(mine["edge_choice"])
    cards.subtract(Counter(seen))
    return +cards


def survive(view: JSON, seat: int, stag: str, hidden: Counter[str]) -> float:
    """The chance that `stag`, put on top of the Arena now, is still on top at the bot's
    next turn: no other player covers it with a higher stag or a Null Bock."""
    _, val, _, _ = INFO[stag]
    total = sum(hidden.values())
    if total == 0:
        return 1.0
    covers = sum(
        k for c, k in hidden.items() if not INFO[c][0] and (c == NULL_BOCK or INFO[c][1] > val)
    )
    share = covers / total
    harems = sum(view["harem_sizes"][s] for s in range(view["players"]) if s != seat)
    in_hands = total - harems
    p = 1.0
    for s in range(view["players"]):
        if s == seat:
            continue
        # each of their cards is one of the unseen ones; the harems hold the rest
        held = view["hand_sizes"][s] * (in_hands / total if total else 1.0)
        p *= (1 - share) ** held if share < 1 else 0.0
    return 1 - OPPONENT_COVERS * (1 - p)


def score(view: JSON, seat: int, move: Move, hidden: Counter[str]) -> float:
    n: int = view["players"]
    card = move["card"]
    others = n - 1
    doe, val, _, _ = INFO[card]
    gain = STUCK * liability(card) - keep(card)
    if move["type"] == "edge":
        # a doe on the Edge is a gift to the next high enough stag; a stag there lets
        # others swap a doe for it
        return -liability(card) * 0.5 - keep(card) + (0.0 if doe else 1.0)
    if move["to"] == "arena":
        if doe:
            return gain
        pot = sum(INFO[c][1] for c in view["arena"] if INFO[c][0])
        bocks = sum(1 for c in [*view["arena"], card] if c == NULL_BOCK)
        pot += NULL_BOCK_POINTS * bocks
        p = survive(view, seat, card, hidden)
        return gain + p * pot - (1 - p) * pot / others
    old = view["edges"][move["edge"]]
    if not INFO[old][0]:  # a doe on a stag: the stag comes into the hand
        return gain + keep(old) - STUCK * liability(old) - 0.8 * val / others
    return gain + INFO[old][1]  # a stag on a doe: the doe is won


def bot_move(view: JSON, seat: int, rng: Random) -> Move | None:
    moves: list[Move] = view["moves"]
    if not moves or view["mine"] is None:
        return None
    if len(moves) == 1:
        return moves[0]
    hidden = unseen(view)
    scores = [score(view, seat, m, hidden) for m in moves]
    best = max(scores)
    top = [m for m, v in zip(moves, scores, strict=True) if v >= best - 1e-9]
    return top[0] if len(top) == 1 else rng.choice(top)
