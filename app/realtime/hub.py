"""Who is connected: this process's sockets per room, and what other processes report.

Each process publishes its own presence for a room (`{kind: presence, origin, seats,
spectators}`) whenever a socket comes or goes, answers a newcomer process once with its
own, and repeats it every HEARTBEAT seconds while it has sockets there. A report older
than PRESENCE_TTL counts for nothing, so a process that died without saying goodbye
stops showing its people as connected within a minute.

Reports are coalesced: a room's comings and goings within `coalesce` seconds (250 ms)
make one report, so 100 sockets joining at once cost 1 presence message per socket, not
100 (O(n) instead of O(n^2)). When only the number of spectators changed, the window
grows with the room's sockets here (`coalesce` x sockets / SOCKETS_PER_WINDOW, at most
MAX_WINDOWS windows): every report reaches every socket, so a crowd of spectators
arriving one by one would otherwise cost ~sockets sends per arrival; a seat coming or
going is still reported after one window.

A seat's last socket closing (here, or in another process's report) is remembered with
its wall-clock time, so the seat list can say how long a player has been gone.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import secrets
import time
from collections import Counter, OrderedDict, defaultdict
from typing import Any

from app.realtime.broker import Broker, channel

log = logging.getLogger(__name__)

HEARTBEAT = 20.0
PRESENCE_TTL = 3 * HEARTBEAT
COALESCE = 0.25
SOCKETS_PER_WINDOW = 8  # spectator-only news: one more window per this many sockets
MAX_WINDOWS = 20  # ... up to 5 s with the default window
GONE_ROOMS = 10_000  # rooms whose gone seats are remembered (the least recent forgotten)


class Hub:
    def __init__(self, broker: Broker, clock: Any = time.monotonic, *,
                 coalesce: float = COALESCE, sleep: Any = asyncio.sleep,
                 wall: Any = time.time, gone_rooms: int = GONE_ROOMS) -> None:
        self.broker = broker
        self.clock = clock
        self.coalesce, self.sleep = coalesce, sleep
        self._due: dict[str, asyncio.Task[None]] = {}
        self._reported: dict[str, frozenset[int]] = {}  # the seats of the last report
        self.wall = wall  # epoch seconds, for `gone_since`
        # Rooms stay here after their last socket (the seat list says how long a player
        # has been gone): at most `gone_rooms` of them, the least recently changed first out.
        self.gone: OrderedDict[str, dict[int, int]] = OrderedDict()
        self.gone_rooms = max(1, gone_rooms)
        self.origin = secrets.token_hex(8)
        self.local: dict[str, dict[int, int | None]] = defaultdict(dict)
        # How many of a room's sockets here are on each seat (None: spectators), kept
        # with `local`: presence is asked at every connect and every report, and
        # counting a crowd's sockets each time was O(sockets) per ask.
        self._here: dict[str, Counter[int | None]] = defaultdict(Counter)
        self.remote: dict[str, dict[str, tuple[frozenset[int], int, float]]] = (
            defaultdict(dict)
        )
        self._ids = itertools.count(1)
        # A room's presence message, made once per change (and second) for all its
        # sockets: each report reaches every socket, and making it is O(sockets).
        self._epoch: dict[str, int] = defaultdict(int)
        self._texts: dict[str, tuple[tuple[int, int], str]] = {}
        # Other messages that are the same for many sockets of a room (its `room`
        # message), by what they are made from: (key, {variant: text}) per room.
        self._shared: dict[str, tuple[Any, dict[Any, str]]] = {}

    def presence_text(self, code: str, make: Any) -> str:
        """`make()` (the room's presence message), remade when presence here changed
        or at most once a second (reports of other processes expire with time)."""
        key = (self._epoch[code], int(self.clock()))
        hit = self._texts.get(code)
        if hit is not None and hit[0] == key:
            return hit[1]
        text: str = make()
        self._texts[code] = (key, text)
        return text

    def shared_text(self, code: str, key: Any, variant: Any) -> str | None:
        """A text kept by `keep_text` for this room, if it was made from `key`."""
        hit = self._shared.get(code)
        return hit[1].get(variant) if hit is not None and hit[0] == key else None

    def keep_text(self, code: str, key: Any, variant: Any, text: str) -> None:
        """Keep `text` (made from `key`) for the room's other sockets, until its key
        changes or the room's last socket here leaves."""
        hit = self._shared.get(code)
        if hit is None or hit[0] != key:
            hit = self._shared[code] = (key, {})
        hit[1][variant] = text

    def _changed(self, code: str) -> None:
        self._epoch[code] += 1

    def _count(self, code: str, seat: int | None, by: int) -> None:
        here = self._here[code]
        here[seat] += by
        if not here[seat]:
            del here[seat]

    async def join(self, code: str, seat: int | None) -> int:
        conn = next(self._ids)
        self.local[code][conn] = seat
        self._count(code, seat, 1)
        self._changed(code)
        await self._announce(code)
        return conn

    async def move(self, code: str, conn: int, seat: int | None) -> None:
        before = self.local[code].get(conn, -1)
        if before != seat:
            if before != -1:
                self._count(code, before, -1)
            self.local[code][conn] = seat
            self._count(code, seat, 1)
            self._changed(code)
            await self._announce(code)

    async def leave(self, code: str, conn: int) -> None:
        before = self.connected_seats(code)
        if conn in self.local[code]:
            self._count(code, self.local[code].pop(conn), -1)
        self._changed(code)
        if not self.local[code]:
            del self.local[code]
            self._here.pop(code, None)
            self.remote.pop(code, None)
            self._texts.pop(code, None)
            self._shared.pop(code, None)
            self._epoch.pop(code, None)
        self._note_gone(code, before)
        await self._announce(code)

    def observe(self, message: dict[str, Any]) -> bool:
        """Take in another process's report. True if this process should answer it
        (the first report from that process for this room)."""
        origin, code = message.get("origin"), message.get("room")
        if not isinstance(origin, str) or not isinstance(code, str) or origin == self.origin:
            return False
        if code not in self.local:
            # no socket here (a report heard as the room's last one left): keeping it
            # would keep the room's tables for ever; a newcomer here is answered anew
            return False
        new = origin not in self.remote[code]
        self._changed(code)
        before = self.connected_seats(code)
        seats = frozenset(s for s in message.get("seats", []) if isinstance(s, int))
        spectators = message.get("spectators", 0)
        spectators = spectators if isinstance(spectators, int) else 0
        if seats or spectators:
            self.remote[code][origin] = (seats, spectators, self.clock())
        else:
            self.remote[code].pop(origin, None)
        self._note_gone(code, before)
        return new and bool(self.local.get(code))

    def _note_gone(self, code: str, before: set[int]) -> None:
        now = self.connected_seats(code)
        gone = self.gone.pop(code, {})
        for seat in before - now:
            gone[seat] = int(self.wall() * 1000)
        for seat in now:
            gone.pop(seat, None)
        if gone:
            self.gone[code] = gone  # the most recent last
            while len(self.gone) > self.gone_rooms:
                self.gone.popitem(last=False)

    def sizes(self) -> dict[str, tuple[int, int | None]]:
        """Its tables, for /metrics: rooms with sockets here, and rooms remembered."""
        return {"presence.rooms_here": (len(self.local), None),
                "presence.gone_rooms": (len(self.gone), self.gone_rooms)}

    def gone_since(self, code: str) -> dict[int, int]:
        """Seat -> epoch ms its last socket closed, for seats not connected now."""
        now = self.connected_seats(code)
        return {s: at for s, at in self.gone.get(code, {}).items() if s not in now}

    def _reports(self, code: str) -> list[tuple[frozenset[int], int]]:
        oldest = self.clock() - PRESENCE_TTL
        return [(seats, n) for seats, n, at in self.remote.get(code, {}).values() if at >= oldest]

    def _seats_here(self, code: str) -> frozenset[int]:
        here = self._here.get(code)
        return frozenset(s for s in here if s is not None) if here else frozenset()

    def connected_seats(self, code: str) -> set[int]:
        seats = set(self._seats_here(code))
        for remote_seats, _ in self._reports(code):
            seats |= remote_seats
        return seats

    def spectators(self, code: str) -> int:
        here = self._here.get(code)
        return (here[None] if here else 0) + sum(n for _, n in self._reports(code))

    async def answer(self, code: str) -> None:
        await self._announce(code)

    async def heartbeat(self, interval: float = HEARTBEAT) -> None:
        """Repeat this process's presence in every room it has sockets in (a task)."""
        while True:
            await asyncio.sleep(interval)
            for code in list(self.local):
                await self._announce(code)

    async def _announce(self, code: str) -> None:
        """Report this room's presence now, or once when `coalesce` seconds are over."""
        if self.coalesce <= 0:
            await self._publish(code)
        elif code not in self._due:
            self._due[code] = asyncio.create_task(self._later(code))

    def _windows(self, code: str) -> int:
        """How many windows this room's news may wait: one if its seats changed since
        the last report, more for a crowd whose only news is its spectators."""
        if self._seats_here(code) != self._reported.get(code, frozenset()):
            return 1
        return max(1, min(MAX_WINDOWS, len(self.local.get(code, ())) // SOCKETS_PER_WINDOW))

    async def _later(self, code: str) -> None:
        try:
            waited = 0
            while waited < self._windows(code):  # asked again: a seat may come meanwhile
                await self.sleep(self.coalesce)
                waited += 1
        finally:
            self._due.pop(code, None)
        await self._publish(code)

    async def close(self) -> None:
        """Cancel the reports still waiting (at shutdown)."""
        for task in list(self._due.values()):
            task.cancel()
        self._due.clear()

    async def _publish(self, code: str) -> None:
        seats = self._seats_here(code)
        if self.local.get(code):
            self._reported[code] = seats
        else:
            self._reported.pop(code, None)
        try:
            await self.broker.publish(channel(code), self._report(code, seats))
        except Exception:  # presence is best effort: never break a socket over it
            log.warning("presence publish for %s failed", code, exc_info=True)

    def _report(self, code: str, seats: frozenset[int]) -> dict[str, Any]:
        here = self._here.get(code)
        return {
            "kind": "presence", "room": code, "origin": self.origin,
            "seats": sorted(seats), "spectators": here[None] if here else 0,
        }
