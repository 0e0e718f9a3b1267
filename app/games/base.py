"""The contract every game implements, and the few types it speaks in.

A game is one object satisfying `Rules`. The server, the bots, the tests and the
benchmarks talk to games only through it. Everything here is pure: no I/O, no clock,
no global random generator, so `(game, options, players, seed, moves)` replays a game.

Moves are small JSON objects (`{"type": "play", "card": "D7", "to": "arena"}`): they
travel to the browser and back unchanged, and `apply` accepts exactly what
`legal_moves` lists, compared by equality.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar, Final, Literal, Protocol, TypeVar

# The types a game speaks in live in their own modules; games import them from here.
from app.games.events import Event, last_play, opening_of, who, with_opening
from app.games.options import InvalidOptions, options_schema, options_to_json, parse_options
from app.games.rng import Rng, seed_state

__all__ = [
    "JSON", "OPEN", "Event", "IllegalMove", "InvalidOptions", "Move", "Outcome", "Rng",
    "Rules", "RulesBase", "Viewer", "last_play", "listed_move", "open_view",
    "opening_of", "options_schema", "options_to_json", "parse_options", "rank_by",
    "same_json", "seed_state", "who", "with_opening",
]

Move = dict[str, Any]
"""A JSON object. Its keys and values are chosen by the game."""

JSON = dict[str, Any]

S = TypeVar("S")

OPEN: Final = "open"
"""The viewer who sees every hand and secret: `rules.view(state, OPEN)`. Only for a game
that is over (the server refuses it while a game runs; docs/contracts.md §1). A string,
not a seat number, so an engine that forgets it fails loudly instead of showing seat -1."""

Viewer = int | None | Literal["open"]
"""Who looks: a seat, None for a spectator, or OPEN."""


def open_view(spectator: JSON, secrets: Sequence[JSON | None]) -> JSON:
    """The OPEN view: the spectator's view, with `open[s]` what `mine` is for seat s."""
    return {**spectator, "open": list(secrets)}


class IllegalMove(Exception):
    """A move the rules refuse. `reason` is a sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game. `ranks[i]` is 1 for the winners of seat i's game."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: frozenset[int]

    def to_json(self) -> JSON:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": sorted(self.winners),
        }


def rank_by(keys: Sequence[Sequence[int] | int]) -> tuple[tuple[int, ...], frozenset[int]]:
    """Competition ranks (1, 1, 3, ...) from per-seat sort keys, higher is better.

    Equal keys share a rank, so ties are shared wins. Returns (ranks, winners).
    """
    norm = [tuple(k) if isinstance(k, Sequence) else (k,) for k in keys]
    ranks = tuple(1 + sum(1 for other in norm if other > mine) for mine in norm)
    winners = frozenset(seat for seat, rank in enumerate(ranks) if rank == 1)
    return ranks, winners


# ---------------------------------------------------------------------------


class Rules(Protocol[S]):
    """What every game provides. `S` is the game's state type (opaque to everyone else)."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[Any]]

    def setup(self, players: int, options: Any, seed: int) -> S:
        """A new game. Raises InvalidOptions if `players` or `options` cannot be played."""
        ...

    def to_act(self, state: S) -> frozenset[int]:
        """Seats that must act now. Empty means the game is over."""
        ...

    def legal_moves(self, state: S, seat: int) -> Sequence[Move]:
        """Every move `seat` may make now; empty if it need not act."""
        ...

    def apply(self, state: S, seat: int, move: Move) -> tuple[S, list[Event]]:
        """A new state and what happened. Never mutates `state`; raises IllegalMove."""
        ...

    def view(self, state: S, seat: Viewer) -> JSON:
        """What `seat` (None: a spectator) may see, JSON-ready, with its legal moves
        under the key "moves". `OPEN`: `open_view` of the spectator's view."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """Scores, ranks and winners once the game is over, else None."""
        ...

    def encode(self, state: S) -> JSON:
        """The state as JSON-ready data, for storage. `decode(encode(s))` equals `s`."""
        ...

    def decode(self, data: Mapping[str, Any]) -> S:
        ...

    def cards(self, state: S) -> list[str]:
        """Every physical card in every place (hands, piles, out of play). The
        conformance test checks this multiset never changes during a game."""
        ...

    # -- hooks with defaults in RulesBase ----------------------------------------

    def refusal(self, state: S, seat: int, move: Any) -> str:
        """Why `move` is not legal for `seat` now: a sentence a player can read."""
        ...

    def listed(self, state: S, seat: int, move: Any) -> Move | None:
        """The listed move that `move` is (`listed_move` of `legal_moves`), or None. A
        game may answer it without making the list (a move is checked on every move)."""
        ...

    def option_variants(self) -> list[JSON]:
        """Option sets the conformance test plays besides the defaults."""
        ...

    def bot_move(self, view: JSON, seat: int, rng: Random) -> Move | None:
        """A good bot's move, decided from `seat`'s view ALONE (never the state), so a
        bot cannot cheat. None: no opinion (the caller plays a random listed move)."""
        ...

    def opening_count(self, state: S) -> int:
        """How many of the next move's events are the game's opening lines (the set-up's
        public events, which the first move carries: `with_opening`), so the server
        puts its own lines for that move (a timeout) after them."""
        ...

    def scramble(self, state: S, seat: int | None, rng: Random) -> S:
        """A state that differs from `state` only in what `seat` (None: a spectator)
        may not see: hidden cards re-dealt among the places `seat` cannot see, draw
        piles reshuffled, others' secret choices changed. The leak check asserts that
        `view(scramble(s, seat), seat)` equals `view(s, seat)`."""
        ...


class RulesBase:
    """Defaults for the optional hooks of `Rules`; every game inherits from it.

    `check(state, seat, move)` is the one legality check: it returns the LISTED move
    (so a look-alike such as `4.0` for `4`, or `True` for `1`, never reaches the rules'
    flow) or raises IllegalMove with the game's `refusal`.
    """

    def refusal(self, state: Any, seat: int, move: Any) -> str:
        return "That move is not possible now."

    def option_variants(self) -> list[JSON]:
        return [{}]

    def bot_move(self, view: JSON, seat: int, rng: Random) -> Move | None:
        return None

    def scramble(self, state: Any, seat: int | None, rng: Random) -> Any:
        return state

    def opening_count(self, state: Any) -> int:
        return 0

    def listed(self, state: Any, seat: int, move: Any) -> Move | None:
        return listed_move(self.legal_moves(state, seat), move)  # type: ignore[attr-defined]

    def check(self, state: Any, seat: int, move: Any) -> Move:
        listed = self.listed(state, seat, move)
        if listed is None:
            raise IllegalMove(self.refusal(state, seat, move))
        return listed


def same_json(a: Any, b: Any) -> bool:
    """Equality of JSON values that also compares types: 4 != 4.0, 1 != True."""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    return bool(a == b)


def listed_move(moves: Sequence[Move], move: Any) -> Move | None:
    """The move of `moves` that `move` is, types included; None when it is none of them."""
    if not isinstance(move, dict):
        return None
    return next((m for m in moves if same_json(m, move)), None)
