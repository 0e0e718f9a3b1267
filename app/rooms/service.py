"""RoomService: rooms, seats, the move pipeline, bots, timers and chat. No HTTP here.

The web layer (pages, JSON API, WebSocket) reaches it as `app.state.rooms` and calls
only its public methods. It is composed of one part per concept, each an object given
what it needs and calling only the others' public methods:

    Notices    the bus both ways: publishing, taking in (notices.py)
    Pipeline   people's moves, and `commit` for every move (pipeline.py)
    Bots       a bot's turn through `commit` (bots.py)
    Timers     a passed deadline's move, "I'm back" (timers.py)
    Seating    rooms, seats, host rights, start and rematch (seating.py)
    HostSettings  public, spectators, the next game's turn timer (host_settings.py)
    NextGame   the host's choice of the next game at the same table (next_game.py)
    Chat       (chat.py)

The two runners (when bots move, when deadlines are looked at) are made first, since
every part that makes a move nudges them; the Bots and Timers parts tell them what to
run. This module wires them together and holds the reading side (the room, views, the
log, who may watch).

Where rooms are read: a room a socket of this process watches lives in memory
(`LiveRooms`, live.py); views, the log, seats and admission checks of a watched room
never read the database. A bus notice of a newer version (from another process) makes it
read only the moves after its own version, once for all its sockets. A room nobody
watches here is read fresh for each use (the JSON API, the pages, the bots of an
unwatched game). Seat and status changes are rare: they are written first and then the
live room reads its record again.
- `rematch()` starts a new game in the SAME room (new seed, `game_no` + 1, version keeps
  counting up); if a seat was emptied meanwhile the room goes back to `waiting`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from contextlib import AbstractAsyncContextManager
from typing import Any

from app.db.repository import Repository
from app.games.base import Rules
from app.i18n import DEFAULT
from app.realtime.broker import Broker, Subscriber, channel
from app.rooms import errors
from app.rooms.bots import BotRunner, Bots
from app.rooms.chat import Chat
from app.rooms.host_settings import HostSettings
from app.rooms.live import Frame, LiveRoom, LiveRooms
from app.rooms.locks import RECENT, RoomLocks
from app.rooms.models import RoomInfo, SeatInfo, Snapshot
from app.rooms.next_game import NextGame
from app.rooms.notices import Notices
from app.rooms.pipeline import Pipeline
from app.rooms.seating import Seating
from app.rooms.timers import TimerRunner, Timers, deadlines_of
from app.rooms.tokens import token_matches

__all__ = ["RoomService", "channel"]


class RoomService:
    def __init__(
        self, repo: Repository, broker: Broker, games: Mapping[str, Rules[Any]],
        presence: Callable[[str], set[int]] | None = None, *, bot_delay_ms: int = 600,
        clock: Callable[[], int] | None = None,
        gone: Callable[[str], dict[int, int]] | None = None, timer_tasks: bool = True,
    ) -> None:
        self.repo = repo
        self.broker = broker
        self.games = games  # the live registry: tests may register a game into it
        self.presence = presence or (lambda code: set())
        self.gone = gone or (lambda code: {})  # seat -> epoch ms its last socket closed
        self.clock = clock or (lambda: int(time.time() * 1000))  # epoch ms (turn timers)
        self.locks = RoomLocks()
        self.live = LiveRooms(repo, games, self.locks)
        self.notices = Notices(broker, self.live, self.locks)
        bot_runner = BotRunner(bot_delay_ms)
        # timer_tasks=False: nothing acts on deadlines by itself (tests call check_timers)
        timer_runner = TimerRunner(self.clock, enabled=timer_tasks)
        self.pipeline = Pipeline(repo, self.live, self.locks, self.notices, bot_runner.nudge,
                                 timer_runner.nudge, self.clock)
        commit = self.pipeline.commit
        self.bots = Bots(repo, self.live, self.locks, self.notices, commit, bot_runner)
        self.timers = Timers(repo, self.live, self.locks, self.clock, self.notices, commit,
                             bot_runner.nudge, timer_runner)
        self.seating = Seating(repo, self.live, self.notices, bot_runner.nudge,
                               timer_runner.nudge, self.clock, self.room)
        self.chats = Chat(repo, self.live, self.notices)
        self.host_settings = HostSettings(repo, self.notices, self.room)
        self.next_game = NextGame(repo, self.live, self.notices, self.room)

        # The parts' methods the web layer calls, bound here rather than wrapped in a
        # method of this class: a move would pay for a coroutine that only awaits another.
        self.submit_move = self.pipeline.submit_move
        self.create_room = self.seating.create_room
        self.take_seat = self.seating.take_seat
        self.leave_seat = self.seating.leave_seat
        self.remove_player = self.seating.remove_player
        self.open_seat = self.seating.open_seat
        self.add_bot = self.seating.add_bot
        self.start = self.seating.start
        self.rematch = self.seating.rematch
        self.change_settings = self.host_settings.change
        self.choose_game = self.next_game.choose
        self.chat = self.chats.say
        self.chat_as = self.chats.say_as
        self.chat_history = self.chats.history
        self.back = self.timers.back
        self.check_timers = self.timers.check
        self.resume_timers = self.timers.resume
        self.nudge_bots = self.bots.nudge
        self.resume_bots = self.bots.resume
        self.on_notice = self.notices.take_in
        self.current = self.live.current

    async def close(self) -> None:
        """Stop the bot runners (at shutdown); moves already stored stay stored."""
        await self.bots.close()
        await self.timers.close()
        await self.notices.close()
        await self.repo.close()  # the connection kept for moves goes back to the pool

    def now(self) -> int:
        """The service's time (epoch ms): the turn timers' deadlines are on it."""
        return self.clock()

    def sizes(self) -> dict[str, tuple[int, int | None]]:
        """The service's tables that grow with traffic, and their bounds (/metrics):
        the live rooms, the room locks kept, the channels with notices to publish again."""
        return {"rooms.live": (len(self.live.rooms), None),
                "rooms.locks_kept": (len(self.locks), RECENT),
                "rooms.republish_channels": (len(self.notices.republish.pending), None)}

    # -- reading -------------------------------------------------------------

    def _info(self, live: LiveRoom) -> RoomInfo:
        room = live.record
        rules = self.live.rules(room.game_id)
        connected = self.presence(room.code)
        deadlines = deadlines_of(room) if room.status == "playing" else {}
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
            turn_timer=room.turn_timer, next_turn_timer=room.next_game_timer,
            status=room.status,  # type: ignore[arg-type]
            version=room.version, game_no=room.game_no, public=room.public,
            spectators=room.spectators, host_seat=room.host_seat, outcome=outcome,
        )

    async def room(self, code: str) -> RoomInfo:
        return self._info(await self.live.current(code))

    async def public_rooms(self) -> list[RoomInfo]:
        out = []
        for code in await self.repo.public_codes():
            live = await self.live.get(code)
            if live is not None and live.record.game_id in self.games:
                out.append(self._info(live))
        return out

    async def seat_of(self, code: str, token: str | None) -> int | None:
        return (await self.live.current(code)).seat_of(token)

    async def viewer(self, code: str, token: str | None) -> int | None:
        """The seat of `token`, or None for a spectator. A stranger in a room with
        spectators off is refused: the one check behind the socket, the API and the page."""
        return self.admit(await self.live.current(code), token)

    @staticmethod
    def admit(live: LiveRoom, token: str | None) -> int | None:
        seat = live.seat_of(token)
        if seat is None and not live.record.spectators:
            raise errors.NotSeated("This room does not allow spectators.")
        return seat

    async def is_host(self, code: str, token: str | None) -> bool:
        return token_matches(token, (await self.live.current(code)).record.host_token_hash)

    async def frame(self, code: str, seat: int | None, lang: str = DEFAULT) -> Frame:
        """`seat`'s picture of the room now in `lang`, shared by every socket of that
        viewer and language."""
        return (await self.live.current(code)).frame(seat, lang)

    async def snapshot(self, code: str, seat: int | None) -> Snapshot:
        """`seat`'s view now and the names."""
        frame = (await self.live.current(code)).frame(seat)
        return Snapshot(
            version=frame.version, seat=seat, status=frame.status,  # type: ignore[arg-type]
            view=frame.view, names=frame.names, outcome=frame.outcome,
        )

    # -- the live rooms and the bus ------------------------------------------

    async def watch(self, code: str) -> LiveRoom | None:
        """A socket follows `code` (subscribed to its channel already)."""
        return await self.live.watch(code)

    def unwatch(self, code: str) -> None:
        self.live.unwatch(code)

    def watched(self, code: str) -> LiveRoom | None:
        """The room as this process keeps it while a socket here follows it, else None:
        no read, no await (asked by every socket on every notice)."""
        return self.live.rooms.get(code)

    def subscribe(self, code: str) -> AbstractAsyncContextManager[Subscriber]:
        """The bus notices of room `code` (app/web/socket/feed.py: one subscription per room)."""
        return self.notices.subscribe(code)
