"""The contract every game implements, and the few types it speaks in.

A game is one object satisfying `Rules`. The server, the bots, the tests and the
benchmarks talk to games only through it. Everything here is pure: no I/O, no clock,
no global random generator, so `(game, options, players, seed, moves)` replays a game.

Moves are small JSON objects (`{"type": "play", "card": "D7", "to": "arena"}`): they
travel to the browser and back unchanged, and `apply` accepts exactly what
`legal_moves` lists, compared by equality.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, ClassVar, Final, Literal, Protocol, TypeVar

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


class InvalidOptions(ValueError):
    """Room options a game cannot be set up with. The message is for the host."""


@dataclass(frozen=True)
class Event:
    """Something that happened, for the game log and animations.

    `text` is a readable sentence in which players appear as `{p0}`, `{p1}`, ... so the
    server can put in display names (`text.format_map(names)`). `to` is the set of seats
    that may see the event; `None` means everyone, spectators included.
    """

    kind: str
    text: str
    to: frozenset[int] | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> JSON:
        return {
            "kind": self.kind,
            "text": self.text,
            "to": None if self.to is None else sorted(self.to),
            "data": dict(self.data),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        to = data.get("to")
        return cls(
            kind=data["kind"],
            text=data["text"],
            to=None if to is None else frozenset(to),
            data=dict(data.get("data", {})),
        )


def last_play(seat: int | None, cards: Sequence[str | int], src: str, dst: str,
              event: Event) -> JSON:
    """A view's `last` (docs/contracts.md §1): the play's seat, cards and places for the
    board, and the public event that says it, its own `kind`, `text` and `data`, so a
    phrasebook says it in another language as it says the event."""
    return {"seat": seat, "cards": list(cards), "from": src, "to": dst, "text": event.text,
            "kind": event.kind, "data": dict(event.data)}


def who(seat: int) -> str:
    """The placeholder for a seat's display name in an event text: `{p2}`."""
    return f"{{p{seat}}}"


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


class Rng:
    """A small seeded generator (SplitMix64) whose whole state is one integer.

    It lives inside a game state, serializes as that integer, and gives the same
    sequence on every platform and Python version. Never use the global `random`.
    """

    _MASK = (1 << 64) - 1

    def __init__(self, state: int) -> None:
        self.state = state & self._MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self._MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self._MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self._MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[Any]) -> Any:
        return items[self.below(len(items))]


def seed_state(seed: int) -> int:
    """The Rng state for a room seed (any int, possibly negative or huge)."""
    return Rng(seed).next64()


# ---------------------------------------------------------------------------
# Options: a dataclass per game, with defaults and a `__post_init__` that validates.
# Field metadata describes the lobby form: {"label": str, "choices": [...], "min": n,
# "max": n, "help": str}.


def parse_options(cls: type[Any], data: Mapping[str, Any] | None) -> Any:
    """Build a game's Options from untrusted JSON, refusing unknown keys and bad types."""
    data = dict(data or {})
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise InvalidOptions(f"Unknown option: {', '.join(unknown)}.")
    for name, value in data.items():
        expected = fields[name].type
        if not _type_ok(expected, value):
            raise InvalidOptions(f"Option {name!r} has the wrong type.")
    try:
        return cls(**data)
    except (TypeError, ValueError) as exc:
        raise InvalidOptions(str(exc)) from exc


def _type_ok(annotation: Any, value: Any) -> bool:
    if isinstance(annotation, str):
        text = annotation
    else:
        text = getattr(annotation, "__name__", None) or str(annotation)
    allowed = {part.strip() for part in str(text).split("|")}
    if value is None:
        return "None" in allowed
    if isinstance(value, bool):
        return "bool" in allowed
    if isinstance(value, int):
        return "int" in allowed
    if isinstance(value, str):
        return "str" in allowed or any(a.startswith("Literal") for a in allowed)
    return False


def options_schema(cls: type[Any]) -> list[JSON]:
    """The lobby form for a game's Options: name, type, default and metadata."""
    out = []
    for f in dataclasses.fields(cls):
        default = f.default if f.default is not dataclasses.MISSING else None
        out.append({"name": f.name, "type": str(f.type), "default": default, **f.metadata})
    return out


def options_to_json(options: Any) -> JSON:
    return dataclasses.asdict(options)


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

    def option_variants(self) -> list[JSON]:
        """Option sets the conformance test plays besides the defaults."""
        ...

    def bot_move(self, view: JSON, seat: int, rng: Random) -> Move | None:
        """A good bot's move, decided from `seat`'s view ALONE (never the state), so a
        bot cannot cheat. None: no opinion (the caller plays a random listed move)."""
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

    def check(self, state: Any, seat: int, move: Any) -> Move:
        listed = listed_move(self.legal_moves(state, seat), move)  # type: ignore[attr-defined]
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


def opening_of(events: Sequence[Event]) -> list[JSON]:
    """The public events of a game's set-up ("Round 1.", the deal), for its state to
    keep: the server logs only what moves return, so the first move logs them
    (docs/contracts.md §2: the log is grouped by round from its first line, so the
    round's event leads even where the set-up deals before it begins the round)."""
    public = [e for e in events if e.to is None]
    return [e.to_json() for e in sorted(public, key=lambda e: e.kind != "round")]


def with_opening(opening: Sequence[Mapping[str, Any]], events: list[Event]) -> list[Event]:
    """`events` of a move, after the set-up's `opening` when this is the first move."""
    return [Event.from_json(e) for e in opening] + events
