"""Read-side helpers of the room service: shared room reads and the per-viewer game log.

Both exist because every move is followed by one view per connected viewer: a room with
six players and twenty spectators must not cost 26 reads of the room and 26 reads of the
whole move log per move.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from app.db.repository import Repository, RoomRecord
from app.games.base import Event

EVENT_CACHE_GAMES = 256


class SharedReads:
    """Concurrent readers of one room share one database read, as long as that read
    shows at least the version they were told about (a read that began before the
    announced move was stored is never handed out for it)."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo
        self._reads: dict[str, asyncio.Future[RoomRecord | None]] = {}

    async def load(self, code: str, at_least: int) -> RoomRecord | None:
        pending = self._reads.get(code)
        if pending is not None:
            room = await asyncio.shield(pending)
            if room is None or room.version >= at_least:
                return room
        read = asyncio.ensure_future(self.repo.load(code))
        self._reads[code] = read
        try:
            return await asyncio.shield(read)
        finally:
            if self._reads.get(code) is read:
                del self._reads[code]


class EventLog:
    """A game's events by version. The move log is append-only, so this process keeps
    what it has read and asks the database only when the room has moved past it."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo
        self._games: OrderedDict[tuple[str, int], tuple[int, list[tuple[int, list[Event]]]]] = (
            OrderedDict()
        )

    async def events(self, code: str, game_no: int, version: int) -> list[tuple[int, list[Event]]]:
        """Every move's events of this game, up to at least `version`."""
        key = (code, game_no)
        checked, cached = self._games.pop(key, (0, []))
        if checked < version:
            after = cached[-1][0] if cached else 0
            cached = list(cached)
            for move in await self.repo.moves(code, game_no, after_version=after):
                cached.append((move.version, [Event.from_json(e) for e in move.events]))
            checked = version
        self._games[key] = (checked, cached)
        while len(self._games) > EVENT_CACHE_GAMES:
            self._games.popitem(last=False)
        return cached

    async def lines(self, code: str, game_no: int, version: int, seat: int | None,
                    names: list[str]) -> list[str]:
        """The log `seat` may read at `version`, with display names filled in."""
        out: list[str] = []
        for at, events in await self.events(code, game_no, version):
            if at <= version:
                out.extend(log_line(e, names) for e in events if e.visible_to(seat))
        return out


class _Names(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "?"


def log_line(event: Event, names: list[str]) -> str:
    """The event's sentence with `{p0}`, `{p1}`, ... replaced by display names."""
    try:
        return event.text.format_map(_Names({f"p{i}": n for i, n in enumerate(names)}))
    except (ValueError, IndexError, AttributeError):
        return event.text
