"""RoomService: rooms, seats, the move pipeline, bots and chat. No HTTP here.

The web layer (pages, JSON API, WebSocket) reaches it as `app.state.rooms`. It is put
together from one part per concept: `seating.py` (rooms, seats, host rights, rematch),
`pipeline.py` (moves and bots), `chat.py`; this module holds what they share: reading a
room, the live rooms of this process (`live.py`) and publishing on the bus.

Where rooms are read: a room a socket of this process watches lives in memory
(`LiveRooms`); views, the log, seats and admission checks of a watched room never read
the database. A bus notice of a newer version (from another process) makes it read only
the moves after its own version, once for all its sockets. A room nobody watches here
is read fresh for each use (the JSON API, the pages, the bots of an unwatched game).
Seat and status changes are rare: they are written first and then the live room reads
its record again.
- `rematch()` starts a new game in the SAME room (new seed, `game_no` + 1, version keeps
  counting up); if a seat was emptied meanwhile the room goes back to `waiting`.
- Bots: after every state change the service nudges its `BotRunner` (bots.py), which
  plays the bots' turns through the same pipeline as people's moves.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any

from app.db.repository import Repository, RoomRecord
from app.games.base import Rules
from app.i18n import DEFAULT
from app.realtime.broker import Broker, channel
from app.realtime.republish import Republisher
from app.rooms import errors
from app.rooms.bots import BotRunner
from app.rooms.chat import Chat
from app.rooms.live import Frame, LiveRoom, LiveRooms
from app.rooms.locks import RoomLocks
from app.rooms.models import ChatLine, RoomInfo, SeatInfo, Snapshot
from app.rooms.pipeline import Pipeline
from app.rooms.seating import Seating
from app.rooms.timers import TimerRunner, Timers
from app.rooms.tokens import token_matches

log = logging.getLogger(__name__)

LOG_LINES = 200
NOTICES_KEPT = 64

__all__ = ["RoomService", "channel"]


class RoomService(Seating, Pipeline, Chat, Timers):
    def __init__(
        self, repo: Repository, broker: Broker, games: Mapping[str, Rules[Any]],
        presence: Callable[[str], set[int]] | None = None, *, bot_delay_ms: int = 600,
        clock: Callable[[], int] | None = None,
        gone: Callable[[str], dict[int, int]] | None = None, timer_tasks: bool = True,
    ) -> None:
        self.repo = repo
        self.broker = broker
        self.republish = Republisher(broker)  # what the bus refused, again later
        self.games = games  # the live registry: tests may register a game into it
        self.presence = presence or (lambda code: set())
        self.gone = gone or (lambda code: {})  # seat -> epoch ms its last socket closed
        self.locks = RoomLocks()
        self.live = LiveRooms(repo, games, self.locks)
        self.bots = BotRunner(self._bot_waiting, self._bot_step, bot_delay_ms)
        self.clock = clock or (lambda: int(time.time() * 1000))  # epoch ms (turn timers)
        # timer_tasks=False: nothing acts on deadlines by itself (tests call check_timers)
        self.timers = TimerRunner(self, self.clock, enabled=timer_tasks)
        self.origin = secrets.token_hex(8)
        self._notice_ids = itertools.count(1)

    async def close(self) -> None:
        """Stop the bot runners (at shutdown); moves already stored stay stored."""
        await self.bots.close()
        await self.timers.close()
        await self.republish.close()
        await self.repo.close()  # the connection kept for moves goes back to the pool

    # -- reading -------------------------------------------------------------

    async def _load(self, code: str) -> RoomRecord:
        """The room record from the database (for the rare writes: seats, start)."""
        room = await self.repo.load(code) if isinstance(code, str) else None
        if room is None:
            raise errors.RoomNotFound()
        return room

    async def _live(self, code: str) -> LiveRoom:
        # A watched room (every move and view of a socket's room) without the await
        # of a load that is not needed.
        live = self.live.rooms.get(code) if isinstance(code, str) else None
        if live is None and isinstance(code, str):
            live = await self.live.get(code)
        if live is None:
            raise errors.RoomNotFound()
        return live

    def _rules(self, game_id: str) -> Rules[Any]:
        rules = self.games.get(game_id)
        if rules is None:
            raise errors.UnknownGame("There is no game called %(game)s.",
                                     game=repr(game_id)[:40])
        return rules

    def _info(self, live: LiveRoom) -> RoomInfo:
        room = live.record
        rules = self._rules(room.game_id)
        connected = self.presence(room.code)
        deadlines = self.deadlines_of(room) if room.status == "playing" else {}
        gone = self.gone(room.code)
        outcome = live.frame(None).outcome if room.status == "finished" else None
        return RoomInfo(
            code=room.code, game_id=room.game_id, title=rules.title, options=room.options,
            seats=[SeatInfo(index=s.index, name=s.name, bot=s.bot,
                            level=(s.level or "good") if s.bot else None,
                            connected=s.index in connected, away=s.away,
                            deadline=deadlines.get(s.index),
                            gone_since=None if s.index in connected else gone.get(s.index),
                            rematch=room.status == "finished" and (s.rematch or s.bot))
                   for s in room.seats],
            turn_timer=room.turn_timer,
            status=room.status,  # type: ignore[arg-type]
            version=room.version, game_no=room.game_no, public=room.public,
            spectators=room.spectators, host_seat=room.host_seat, outcome=outcome,
        )

    async def room(self, code: str) -> RoomInfo:
        return self._info(await self._live(code))

    async def public_rooms(self) -> list[RoomInfo]:
        out = []
        for code in await self.repo.public_codes():
            live = await self.live.get(code)
            if live is not None and live.record.game_id in self.games:
                out.append(self._info(live))
        return out

    @staticmethod
    def _seat(room: RoomRecord, token: str | None) -> int | None:
        for seat in room.seats:
            if token_matches(token, seat.token_hash):
                return seat.index
        return None

    async def seat_of(self, code: str, token: str | None) -> int | None:
        return (await self._live(code)).seat_of(token)

    async def viewer(self, code: str, token: str | None) -> int | None:
        """The seat of `token`, or None for a spectator. A stranger in a room with
        spectators off is refused: the one check behind the socket, the API and the page."""
        return self.admit(await self._live(code), token)

    @staticmethod
    def admit(live: LiveRoom, token: str | None) -> int | None:
        seat = live.seat_of(token)
        if seat is None and not live.record.spectators:
            raise errors.NotSeated("This room does not allow spectators.")
        return seat

    async def is_host(self, code: str, token: str | None) -> bool:
        return token_matches(token, (await self._live(code)).record.host_token_hash)

    async def frame(self, code: str, seat: int | None, lang: str = DEFAULT) -> Frame:
        """`seat`'s picture of the room now in `lang`, shared by every socket of that
        viewer and language."""
        return (await self._live(code)).frame(seat, lang)

    async def snapshot(
        self, code: str, seat: int | None, *, at_least: int | None = None,
        lang: str = DEFAULT,
    ) -> Snapshot:
        """`seat`'s view, the last LOG_LINES lines of its log (as text) and the names."""
        live = await self._live(code)
        if at_least is not None and live.version < at_least:
            live = await self.live.ensure(code, at_least) or live
        frame = live.frame(seat, lang)
        return Snapshot(
            version=frame.version, seat=seat, status=frame.status,  # type: ignore[arg-type]
            view=frame.view, log=[line["text"] for line in frame.log[-LOG_LINES:]],
            names=frame.names, outcome=frame.outcome,
        )

    # -- the live rooms and the bus ------------------------------------------

    async def watch(self, code: str) -> LiveRoom | None:
        """A socket follows `code` (subscribed to its channel already)."""
        return await self.live.watch(code)

    def unwatch(self, code: str) -> None:
        self.live.unwatch(code)

    async def on_notice(self, code: str, message: dict[str, Any]) -> bool:
        """A bus message for a watched room, taken in once by the room's feed
        (app/web/feed.py) before its sockets hear it. False: a repeat of a chat line or
        room notice already taken in (published again after a publish that failed,
        app/realtime/republish.py), which the sockets here have had; it waits for the
        first to be taken in."""
        live = self.live.rooms.get(code)
        # Its first read may be under way: that read may have begun before the change
        # this notice tells of, even a change of this process's.
        reading = live is None
        if live is None:
            live = await self.live.watched(code)
            if live is None:
                return True
        kind, version = message.get("kind"), message.get("version")
        if kind == "resync":  # the bus lost what was published meanwhile: read it
            async with self.locks(code):
                await self.live.catch_up(live)
            return True
        if kind == "state" and isinstance(version, int):
            if live.version < version:  # another process moved (this one's are in)
                await self.live.ensure(code, version)
            return True  # (a repeat asks for nothing: the version is no newer)
        if message.get("id") is None:  # presence: each report stands on its own
            return True
        key = f"{message.get('origin')}:{message.get('id')}"
        pending = live.notices.get(key)
        if pending is not None:
            await asyncio.shield(pending)
            return False
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        live.notices[key] = done
        while len(live.notices) > NOTICES_KEPT:
            del live.notices[next(iter(live.notices))]
        try:
            if kind == "chat" and isinstance(message.get("line"), dict):
                line = ChatLine(**message["line"])
                # The room's first read may have had it (said after this process
                # subscribed, before that read): kept once. (Chat is rare; the scan of
                # 50 lines is nothing.)
                if line in live.chat:
                    return False  # (every socket here had it: greeted with it, or told)
                live.chat.append(line)
            elif kind == "room" and (reading or message.get("origin") != self.origin):
                async with self.locks(code):
                    await self.live.catch_up(live)
        finally:
            done.set_result(None)
        return True

    async def _refresh(self, code: str) -> None:
        """This process changed seats or status: its live room reads the record again
        (after its first read, if that is under way: it may have read the room before
        the change, and the change's own notice is then not read again)."""
        live = await self.live.watched(code)
        if live is not None:
            async with self.locks(code):
                await self.live.catch_up(live)

    async def _changed(self, code: str, version: int, *, bots: bool) -> None:
        """A move is stored and the live room has it: tell every viewer, wake the bots."""
        await self._publish(code, {"kind": "state", "version": version})
        if bots:
            self.bots.nudge(code)

    @staticmethod
    def _has_bots(room: RoomRecord) -> bool:
        return any(s.bot or s.away for s in room.seats)

    async def _announce(self, code: str, state: int | None = None) -> None:
        """Seats or status changed (with `state`: a new game state at that version)."""
        await self._refresh(code)
        if state is None:
            await self._publish(code, {"kind": "room"})
        else:
            await self._publish(code, {"kind": "state", "version": state})

    async def _publish(self, code: str, message: dict[str, Any]) -> None:
        body = {"room": code, "origin": self.origin, "id": next(self._notice_ids), **message}
        try:
            await self.broker.publish(channel(code), body)
        except Exception:  # stored already: this process's sockets hear it anyway, and
            log.exception("publish to room %s failed", code)  # the others soon after
            self.broker.deliver(channel(code), body)
            self.republish.later(channel(code), body)  # (or a resync, redis.py)
