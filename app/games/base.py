"""The contract every game implements, and the few types it speaks in.

A game is one object satisfying `Rules`. The server, the bots, the tests and the
benchmarks talk to games only through it. Everything here is pure: no I/O, no clock,
no global random generator, so `(game, options, players, seed, moves)` replays a game.

Moves are small JSON objects (`{"type": "play", "card": "D7", "to": "arena"}`): they
travel to the browser and back unchanged, and `apply` accepts exactly what
`legal_moves` lists, compared by equality.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar, Final, Generic, Literal, Protocol, TypeVar

# The types a game speaks in live in their own modules; games import them from here.
from app.games.events import Event, last_play, opening_of, who, with_opening
from app.games.options import InvalidOptions, options_schema, options_to_json, parse_options
from app.games.rng import Rng, seed_state

__all__ = [
    "JSON", "OPEN", "Event", "GameState", "IllegalMove", "InvalidOptions", "Move", "NoOptions",
    "Outcome", "Parts", "Refusal", "Rng", "Rules", "RulesBase", "Viewer", "last_play",
    "listed_move", "open_view", "opening_of", "options_schema", "options_to_json",
    "parse_options", "rank_by", "same_json", "seed_state", "who", "with_opening",
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


class Refusal(str):
    """Why a game refuses a move: the English sentence (a `str`, so it reads as one
    wherever a reason is shown) that carries what it is made of, `kind` and `data`, from
    which the game's phrases say it in any language (docs/contracts.md §2). Made by a
    game's `Phrases.refusal`; nothing reads a refusal back from its words."""

    kind: str
    data: Mapping[str, Any]

    def __new__(cls, text: str, kind: str, data: Mapping[str, Any] | None = None) -> Refusal:
        made = super().__new__(cls, text)
        made.kind = kind
        made.data = {} if data is None else data
        return made

    def __getnewargs__(self) -> tuple[str, str, dict[str, Any]]:  # type: ignore[override]
        return str(self), self.kind, dict(self.data)


class IllegalMove(Exception):
    """A move the rules refuse. `reason` is a sentence a player can read: a game's
    `Refusal` (its `kind` and `data` say it in any language), or a refusal of the
    server's own, a message id of the pages' catalogue (then `kind` is None)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.kind: str | None = reason.kind if isinstance(reason, Refusal) else None
        self.data: Mapping[str, Any] = reason.data if isinstance(reason, Refusal) else {}


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
        """Why `move` is not legal for `seat` now: the game's `Refusal` (a sentence a
        player can read, with its kind and data), or the server's own words."""
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


class GameState(Protocol):
    """What `RulesBase` reads of a game's state: its number of seats, and the set-up's
    public events ("Round 1.", the deal), which the first move logs (`with_opening`)."""

    players: int
    opening: list[JSON]


G = TypeVar("G", bound=GameState)


@dataclass
class NoOptions:
    """The room options of a game that has none: it is played as written."""


@dataclass(frozen=True)
class Parts(Generic[G]):
    """A game's rules, as the functions that hold them (each in the module of its
    concern): what its `RulesBase` is made of.

    - `start(players, options, seed, events)`: a new game for a valid player count, its
      set-up's events told in `events`;
    - `fork(state)`: a copy of `state` for a move to change (`state` itself never is);
    - `play(state, seat, move, events)`: a LISTED move done on a fork, and every step
      without a choice after it, telling what happened in `events`;
    - `to_act`, `legal_moves`, `refusal` and the optional `listed`: as in `Rules`;
    - `look(state, seat)`: the view of a seat or a spectator (None); `secret(state,
      seat)`: what only that seat sees (its view's `mine`); `outcome`: as in `Rules`;
    - `encode`, `decode`, `cards` and the optional `bot_move`, `scramble`: as in `Rules`.
    """

    start: Callable[[int, Any, int, list[Event]], G]
    fork: Callable[[G], G]
    play: Callable[[G, int, Move, list[Event]], None]
    to_act: Callable[[G], frozenset[int]]
    legal_moves: Callable[[G, int], Sequence[Move]]
    refusal: Callable[[G, int, Any], str]
    look: Callable[[G, int | None], JSON]
    secret: Callable[[G, int], JSON | None]
    outcome: Callable[[G], Outcome | None]
    encode: Callable[[G], JSON]
    decode: Callable[[Mapping[str, Any]], G]
    cards: Callable[[G], list[str]]
    listed: Callable[[G, int, Any], Move | None] | None = None
    bot_move: Callable[[JSON, int, Random], Move | None] | None = None
    scramble: Callable[[G, int | None, Random], G] | None = None


class RulesBase(Generic[G]):
    """A game's `Rules`, made of its `Parts`: the sequence every move goes through is
    here, once, and a game supplies only what is its own (app/games/<game>/rules.py).

    `setup` checks the player count and keeps the set-up's public events for the first
    move; `apply` checks the move against the list (`check`), plays it on a fork and
    logs it after those opening events; `view` makes the OPEN viewer of every seat's
    secrets. `check(state, seat, move)` is the one legality check: it returns the LISTED
    move (so a look-alike such as `4.0` for `4`, or `True` for `1`, never reaches the
    rules' flow) or raises IllegalMove with the game's `refusal`.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[Any]] = NoOptions

    def __init_subclass__(cls, *, id: str | None = None, title: str | None = None,
                          players: tuple[int, int] | None = None,
                          options: type[Any] | None = None, **kwargs: Any) -> None:
        """A game says who it is in its class statement: `class NullBock(RulesBase[...],
        id="null-bock", title="Null Bock!", players=(3, 6), options=NullBockOptions)`
        (a subclass of a game keeps what it does not say again)."""
        super().__init_subclass__(**kwargs)
        if id is not None:
            cls.id = id
        if title is not None:
            cls.title = title
        if players is not None:
            cls.min_players, cls.max_players = players
        if options is not None:
            cls.Options = options

    def __init__(self, parts: Parts[G]) -> None:
        self.parts = parts

    # -- the sequence ------------------------------------------------------------------

    def setup(self, players: int, options: Any, seed: int) -> G:
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions(
                f"{self.title} is for {self.min_players} to {self.max_players} players.")
        events: list[Event] = []
        state = self.parts.start(players, options, seed, events)
        state.opening = opening_of(events)
        return state

    def apply(self, state: G, seat: int, move: Move) -> tuple[G, list[Event]]:
        move = self.check(state, seat, move)
        new = self.parts.fork(state)
        events: list[Event] = []
        self.parts.play(new, seat, move, events)
        if state.opening:
            new.opening = []
            events = with_opening(state.opening, events)
        return new, events

    def view(self, state: G, seat: Viewer) -> JSON:
        if isinstance(seat, str):  # OPEN
            return open_view(self.parts.look(state, None),
                             [self.parts.secret(state, s) for s in range(state.players)])
        return self.parts.look(state, seat)

    def opening_count(self, state: G) -> int:
        return len(state.opening)

    def check(self, state: G, seat: int, move: Any) -> Move:
        listed = self.listed(state, seat, move)
        if listed is None:
            raise IllegalMove(self.refusal(state, seat, move))
        return listed

    # -- the game's parts ----------------------------------------------------------------

    def to_act(self, state: G) -> frozenset[int]:
        return self.parts.to_act(state)

    def legal_moves(self, state: G, seat: int) -> Sequence[Move]:
        return self.parts.legal_moves(state, seat)

    def listed(self, state: G, seat: int, move: Any) -> Move | None:
        if self.parts.listed is not None:
            return self.parts.listed(state, seat, move)
        return listed_move(self.legal_moves(state, seat), move)

    def refusal(self, state: G, seat: int, move: Any) -> str:
        return self.parts.refusal(state, seat, move)

    def outcome(self, state: G) -> Outcome | None:
        return self.parts.outcome(state)

    def encode(self, state: G) -> JSON:
        return self.parts.encode(state)

    def decode(self, data: Mapping[str, Any]) -> G:
        return self.parts.decode(data)

    def cards(self, state: G) -> list[str]:
        return self.parts.cards(state)

    def bot_move(self, view: JSON, seat: int, rng: Random) -> Move | None:
        return None if self.parts.bot_move is None else self.parts.bot_move(view, seat, rng)

    def scramble(self, state: G, seat: int | None, rng: Random) -> G:
        return state if self.parts.scramble is None else self.parts.scramble(state, seat, rng)

    def option_variants(self) -> list[JSON]:
        return [{}]


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
