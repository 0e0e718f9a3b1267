"""Rooms in memory while this process has sockets on them.

A `LiveRoom` holds what every view needs: the room record (seats, version, status), the
decoded state, this game's moves with their events, and who was to act at each version.
A move is applied to it only after the database has stored it (write-through), so it is
never ahead of the database; a room another process moved is caught up by reading only
the moves after this room's version, once for all the sockets here.

A `Frame` is one viewer's picture at one version (view, names, the game's events so
far), made once per viewer and language and shared by every socket of that viewer and
language. The rooms layer hands events; the web layer phrases them (its log lines per
viewer and language live in `LiveRoom.phrased` for the game, app/web/render/loglines.py),
keeps its messages in `Frame.cache`, and what it draws of the room's boards in
`LiveRoom.drawn`
(docs/contracts.md §5: the public regions per (version, language), each seat's own region
per (version, seat, language); made again when the seats change). A room nobody here
watches is not kept: each use reads it fresh, so a process never serves a copy it has
stopped following on the bus.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from app.db.repository import MoveRecord, Repository, RoomRecord
from app.games.base import Event, Rules, parse_options
from app.i18n import DEFAULT
from app.rooms import errors
from app.rooms.locks import RoomLocks
from app.rooms.models import ChatLine
from app.rooms.tokens import token_matches

CHAT_HISTORY = 50
MEMO_TOKENS = 64


@dataclass(slots=True)  # four or five a move, dropped at the next: no __dict__ each
class Frame:
    version: int
    game_no: int
    seat: int | None
    status: str
    names: list[str]
    view: dict[str, Any] | None
    outcome: dict[str, Any] | None
    # this game's moves and their events (the live room's list, which only grows within
    # a game) and how many of them this version has
    moves: Sequence[tuple[int, list[Event]]]
    move_count: int
    rules_id: str
    cache: dict[Any, Any] = field(default_factory=dict)
    # turn timers: {"deadlines": {"seat": epoch ms}, "away": [seats]} (issue 11)
    timers: dict[str, Any] = field(default_factory=dict)
    lang: str = DEFAULT
    # the spectator's view of this version, when asked (the public regions are drawn
    # from it), and the room's drawn regions (`LiveRoom.drawn`)
    spectator: Callable[[], dict[str, Any] | None] = field(default=lambda: None)
    drawn: dict[Any, Any] = field(default_factory=dict)
    # the web layer's phrased log lines of this game (`LiveRoom.phrased`)
    phrased: dict[Any, Any] = field(default_factory=dict)


def timers_of(record: RoomRecord) -> dict[str, Any]:
    """What every viewer may know of the turn timers: deadlines and away seats."""
    playing = record.status == "playing"
    return {"deadlines": (record.deadlines or {}) if playing else {},
            "away": [s.index for s in record.seats if s.away]}


def display_names(record: RoomRecord) -> list[str]:
    return [s.name or f"Seat {s.index + 1}" for s in record.seats]


class LiveRoom:
    def __init__(self, record: RoomRecord, rules: Rules[Any] | None, moves: list[MoveRecord],
                 chat: list[ChatLine]) -> None:
        self.rules = rules
        self.chat: deque[ChatLine] = deque(chat, maxlen=CHAT_HISTORY)
        self.watchers = 0
        self.notices: dict[str, asyncio.Future[None]] = {}
        # Who sits where, by token: hashed once per token while the seats stay the same
        # (every socket asks on every notice). `seats_epoch` counts the changes of who
        # may be here (seat tokens, spectators on/off): a socket re-checks its admission
        # when it moved on (app/web: Connection.reseat).
        self.seats_epoch = 0
        self._seating: tuple[Any, ...] = ()
        self._seat_memo: dict[str | None, int | None] = {}
        # timers_of's answer and what it was made of: seats, deadlines, playing
        self._timers: tuple[Any, Any, bool, dict[str, Any]] = (None, None, False, {})
        self._bots: tuple[tuple[Any, ...] | None, bool] = (None, False)
        self._reset(record, moves)

    def _reset(self, record: RoomRecord, moves: list[MoveRecord],
               state: Any = None) -> None:
        """`state`: the decoded `record.state` when the caller has it."""
        self._take(record)
        if state is None and self.rules is not None and record.state is not None:
            state = self.rules.decode(record.state)
        self.state = state
        self.moves: list[tuple[int, list[Event]]] = []
        self.movers: list[tuple[int, int]] = []  # (version, seat) of this game's moves
        self.acting: dict[int, frozenset[int]] = {}
        # the web layer's log lines of this game, by viewer and language: a new dict for
        # a new game or new names (a frame of the old keeps its own)
        self.phrased: dict[Any, Any] = {}
        self._renew()
        self._add(moves)

    def _renew(self) -> None:
        """The state or the seats changed: views and names are made again."""
        self.names = display_names(self.record)
        self.frames: dict[tuple[int | None, str], Frame] = {}  # (seat, language)
        self.drawn: dict[Any, Any] = {}  # the web layer's regions, by (version, viewer, language)
        if self.state is not None and self.rules is not None:
            self.acting[self.record.version] = frozenset(self.rules.to_act(self.state))

    def _add(self, moves: list[MoveRecord]) -> None:
        for move in moves:
            self.moves.append((move.version, [Event.from_json(e) for e in move.events]))
            self.movers.append((move.version, move.seat))
            if move.to_act is not None:
                self.acting[move.version] = move.to_act

    def _take(self, record: RoomRecord) -> None:
        """A record read from the database: its seats may have changed."""
        self.record = record
        self.version = record.version  # asked many times a move: kept, not a property
        seating = (record.spectators, *(s.token_hash for s in record.seats))
        if seating != self._seating:
            self._seating, self._seat_memo = seating, {}
            self.seats_epoch += 1

    def has_bots(self) -> bool:
        """Whether a bot plays any seat (a bot seat, or an away seat's bot): asked after
        every move, answered once per seating (records are frozen, and a move's record
        keeps its seats tuple)."""
        seats = self.record.seats
        if self._bots[0] is not seats:
            self._bots = (seats, any(s.bot or s.away for s in seats))
        return self._bots[1]

    def seat_of(self, token: str | None) -> int | None:
        if token in self._seat_memo:
            return self._seat_memo[token]
        found = None
        for seat in self.record.seats:
            if token_matches(token, seat.token_hash):
                found = seat.index
                break
        if len(self._seat_memo) < MEMO_TOKENS:  # strangers' tokens must not grow it
            self._seat_memo[token] = found
        return found

    def begin(self, record: RoomRecord, state: Any) -> None:
        """A new game this process has just stored (`record`, its first `state`): the
        same room as a read of it would make, without decoding the state again."""
        self._reset(record, [], state)

    def absorb(self, record: RoomRecord, moves: list[MoveRecord]) -> None:
        """Take in a newer read: the moves after this room's version (same game), or the
        whole new game."""
        if record.game_no != self.record.game_no or record.state is None:
            self._reset(record, moves)
            return
        names = display_names(record)
        self._take(record)
        if self.rules is not None:
            self.state = self.rules.decode(record.state)
        self._add(moves)
        if names != self.names:
            self.phrased = {}
        self._renew()

    def advance(self, record: RoomRecord, state: Any, seat: int, events: list[Event],
                to_act: frozenset[int]) -> None:
        """A move this process has just stored."""
        self.record, self.state, self.version = record, state, record.version
        self.moves.append((record.version, events))
        self.movers.append((record.version, seat))
        self.frames, self.drawn = {}, {}
        self.acting[record.version] = to_act

    def release(self) -> None:
        """Every socket here has been sent this version's frames: drop them now, while
        the memory they use is still in the CPU's cache. Dropped at the next move they
        are cold (every other room moved meanwhile). A frame asked for again (a socket
        greeted later, a stale move's reply) is made again, the same."""
        self.frames, self.drawn = {}, {}

    def fits(self, seat: int, seen: int, move: Any) -> Any | None:
        """The listed move when `move`, sent at version `seen`, does not conflict with
        what happened since (issue 11): `seat` was to act at `seen` and still is, every
        move since was another seat's, and the move is legal now. Else None."""
        if self.rules is None or self.state is None or not seen < self.version:
            return None
        if seen < self.record.version - len(self.movers):
            return None  # older than this game
        if seat not in self._acting_at(seen):
            return None
        if seat not in self.acting.get(self.version, frozenset()):
            return None
        for version, mover in reversed(self.movers):  # in version order: only those since
            if version <= seen:
                break
            if mover == seat:
                return None
        return self.rules.listed(self.state, seat, move)

    def _acting_at(self, version: int) -> frozenset[int]:
        """Who was to act at `version` of this game: known from the moves, and for the
        game's first version from its set-up (seeded, so it is made again exactly)."""
        known = self.acting.get(version)
        start = self.record.version - len(self.movers)
        if known is None and version == start and self.rules is not None:
            options = parse_options(self.rules.Options, self.record.options)
            first = self.rules.setup(len(self.record.seats), options, self.record.seed or 0)
            known = self.acting[version] = frozenset(self.rules.to_act(first))
        return known or frozenset()

    def _public_view(self) -> Callable[[], dict[str, Any] | None]:
        """The spectator's view of this version, when asked (only HTML boards ask)."""
        state, rules = self.state, self.rules
        if state is None or rules is None:
            return lambda: None
        return partial(rules.view, state, None)

    def frame(self, seat: int | None, lang: str = DEFAULT) -> Frame:
        """`seat`'s picture now (None: a spectator) in `lang`, made once per version."""
        made = self.frames.get((seat, lang))
        if made is not None:
            return made
        view = outcome = None
        if self.state is not None and self.rules is not None:
            view = self.rules.view(self.state, seat)
            outcome = view["outcome"]  # set once, in the view (docs/contracts.md §1)
        # made again only when what it reads changed, not per record (a move's record
        # keeps its seats and deadlines: the same objects; records are frozen and a
        # change of deadlines makes a new dict); read only, shared by every frame
        record, timers = self.record, self._timers
        playing = record.status == "playing"
        if (timers[0] is not record.seats or timers[1] is not record.deadlines
                or timers[2] is not playing):
            timers = self._timers = (record.seats, record.deadlines, playing,
                                     timers_of(record))
        made = Frame(self.version, record.game_no, seat, record.status,
                     self.names, view, outcome, self.moves,
                     len(self.moves) if view is not None else 0, record.game_id,
                     timers=timers[3], lang=lang, spectator=self._public_view(),
                     drawn=self.drawn, phrased=self.phrased)
        self.frames[seat, lang] = made
        return made


class LiveRooms:
    """The rooms this process watches, loaded once, caught up from the database."""

    def __init__(self, repo: Repository, games: Mapping[str, Rules[Any]],
                 locks: RoomLocks) -> None:
        self.repo, self.games, self.locks = repo, games, locks
        self.rooms: dict[str, LiveRoom] = {}
        self._loading: dict[str, asyncio.Future[LiveRoom | None]] = {}
        self._waiting: dict[str, int] = {}  # sockets waiting on a room's first read

    async def load(self, code: str) -> LiveRoom | None:
        """A fresh LiveRoom from one database session (not kept)."""
        found = await self.repo.load_live(code, chat=CHAT_HISTORY)
        if found is None:
            return None
        record, moves, chat = found
        lines = [ChatLine.said(r.seat, r.name, r.text, r.created_at) for r in chat]
        return LiveRoom(record, self.games.get(record.game_id), moves, lines)

    async def get(self, code: str) -> LiveRoom | None:
        """The watched room, or a fresh read of one nobody here watches."""
        live = self.rooms.get(code)
        if live is not None:
            return live
        pending = self._loading.get(code)
        if pending is not None:
            return await asyncio.shield(pending)
        return await self.load(code)

    async def current(self, code: str) -> LiveRoom:
        """`get`, or RoomNotFound. A watched room (every move and view of a socket's
        room) comes without the await of a load that is not needed."""
        live = self.rooms.get(code) if isinstance(code, str) else None
        if live is None and isinstance(code, str):
            live = await self.get(code)
        if live is None:
            raise errors.RoomNotFound()
        return live

    def rules(self, game_id: str) -> Rules[Any]:
        """The rules of a game this process serves, or UnknownGame."""
        rules = self.games.get(game_id)
        if rules is None:
            raise errors.UnknownGame("There is no game called %(game)s.",
                                     game=repr(game_id)[:40])
        return rules

    async def settled(self, code: str) -> LiveRoom | None:
        """The watched room, waiting for its first read if that is under way: a notice
        that comes meanwhile must be taken in by the room that read may have missed it
        (a move stored after the read began), not dropped for want of a room."""
        live = self.rooms.get(code)
        if live is not None:
            return live
        pending = self._loading.get(code)
        return None if pending is None else await asyncio.shield(pending)

    async def watch(self, code: str) -> LiveRoom | None:
        """A socket follows `code` (it has subscribed to the bus first): keep it here."""
        live = self.rooms.get(code)
        if live is None:
            pending = self._loading.get(code)
            if pending is None:
                pending = self._loading[code] = asyncio.ensure_future(self._first_read(code))
                pending.add_done_callback(partial(self._loaded, code))
            self._waiting[code] = self._waiting.get(code, 0) + 1
            try:
                live = await asyncio.shield(pending)
            finally:
                self._waiting[code] -= 1
                if not self._waiting[code]:
                    del self._waiting[code]
                    kept = self.rooms.get(code)
                    if kept is not None and not kept.watchers and live is None:
                        del self.rooms[code]  # the last waiter left as the read ended
        if live is not None:
            live.watchers += 1
        return live

    async def _first_read(self, code: str) -> LiveRoom | None:
        """The first read of a watched room, kept as it ends (while a socket still waits
        for it: the one that began it may have left). Kept here, not by a waiter when it
        comes back: in between, a notice or this process's own seat change (`settled`)
        would find neither a room nor a read under way, and be lost to the room."""
        live = await self.load(code)
        if live is not None and self._waiting.get(code):
            live = self.rooms.setdefault(code, live)
        return live

    def _loaded(self, code: str, pending: asyncio.Future[LiveRoom | None]) -> None:
        """A first read is over (done, failed, or every waiter gone)."""
        if self._loading.get(code) is pending:
            del self._loading[code]
        if not pending.cancelled():
            pending.exception()  # its waiters have it; none left: not "never retrieved"

    def unwatch(self, code: str) -> None:
        live = self.rooms.get(code)
        if live is None:
            return
        live.watchers -= 1
        if live.watchers <= 0:
            del self.rooms[code]

    async def begun(self, record: RoomRecord, state: Any) -> None:
        """This process has just stored a new game at `record.version`: a watched room
        takes it in memory (under the lock, after any read already under way, which
        is older). A room already past it read it meanwhile and is left as it is."""
        live = self.rooms.get(record.code)
        if live is None:
            return
        async with self.locks(record.code):
            if live.version < record.version:
                live.begin(record, state)

    async def catch_up(self, live: LiveRoom) -> None:
        """Read what is newer than `live` (the caller holds the room lock)."""
        found = await self.repo.load_live(
            live.record.code, after=(live.record.game_no, live.version))
        if found is not None:
            if found[0].game_id != live.record.game_id:  # the host chose another game
                live.rules = self.games.get(found[0].game_id)
            live.absorb(found[0], found[1])

    async def ensure(self, code: str, version: int) -> LiveRoom | None:
        """The watched room at `version` or newer (a bus notice): one read for all."""
        live = self.rooms.get(code) or await self.settled(code)
        if live is None or live.version >= version:
            return live
        async with self.locks(code):
            if live.version < version:
                await self.catch_up(live)
        return live
