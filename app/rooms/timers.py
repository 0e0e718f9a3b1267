"""Turn timers (issue 11): a room's `turn_timer` gives every person who must act that
many seconds per decision; the deadlines (epoch ms) are stored with the room, written in
the same transaction as the move that made those seats act, so they survive a restart
and every process sees the same. When one passes, the seat's "good" bot makes the move
through the move pipeline at the room's current version: of several processes that try,
the version check lets exactly one win. Two timeouts in a row mark the seat away: from
then on the bot runner plays for it at bot speed until the person is back ("I'm back",
or any move of their own).

What every move asks of the timers (`stamp`, `begin_deadlines`) is a function of the
record and the clock; `Timers` is the part of the room service (app/rooms/service.py)
that acts on them: a passed deadline's move, a person back, and the `TimerRunner` that
watches each room's deadlines. The clock is the service's (epoch ms), so tests move time
by hand.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from app.db.records import AWAY_AFTER, replaced
from app.db.repository import Repository, RoomRecord
from app.games.base import Event
from app.i18n.table_events import english
from app.rooms import errors
from app.rooms.bots import bot_rng, choose_move
from app.rooms.live import LiveRoom, LiveRooms
from app.rooms.locks import RoomLocks
from app.rooms.notices import Notices
from app.rooms.tasks import RoomTasks

log = logging.getLogger(__name__)

TURN_TIMERS = (0, 30, 60, 120, 300)  # seconds per decision; 0: off (the default)
LONGEST_SLEEP = 60.0  # a timer task looks again at least this often (seconds)


def check_turn_timer(value: Any) -> int:
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value not in TURN_TIMERS:
        raise errors.BadOptions("The turn timer is off, 30, 60, 120 or 300 seconds.")
    return value


@dataclass
class Stamp:
    """What a move adds for the timers: log lines before the move's own, the columns
    to write with it, and how the stored record changes."""

    events: list[Event] = field(default_factory=list)
    write: dict[str, Any] = field(default_factory=dict)

    def apply(self, record: RoomRecord, seat: int, **changes: Any) -> RoomRecord:
        """`record` after the move: `changes` (version, state, status) and the timers'
        part, in one copy of the record."""
        if "deadlines" in self.write:
            changes["deadlines"] = self.write["deadlines"]
        timeout = self.write.get("timeout")
        if timeout is None:
            return replaced(record, **changes)
        seats = tuple(
            s if s.index != seat else dataclasses.replace(
                s, timeouts=s.timeouts + 1 if timeout else 0,
                away=(s.away or s.timeouts + 1 >= AWAY_AFTER) if timeout else False)
            for s in record.seats)
        return dataclasses.replace(record, seats=seats, **changes)


# The stamp of a move in a room with no timer by a seat with nothing to count or clear
# (most moves): shared, never changed.
NO_STAMP = Stamp()


def new_deadlines(record: RoomRecord, to_act: frozenset[int], now: int,
                  moved: int | None = None, away: frozenset[int] = frozenset(),
                  acted: frozenset[int] = frozenset()) -> dict[str, int] | None:
    """The deadlines after a change of who acts: a person still choosing since before
    keeps theirs, a new decision (or the mover's next one) gets a fresh one; bots and
    away seats get none. None when the room has no timer.

    `acted`: who had to act before the move. A mover that chose alongside others and
    still acts made part of a hidden choice (one of two picks, one card of a lay-out):
    it keeps its deadline, since a fresh one, which every seat and spectator sees,
    would tell them so (the rules let them see only whether a seat has chosen)."""
    if not record.turn_timer:
        return None
    old = record.deadlines or {}
    people = {s.index for s in record.seats if not s.bot and s.index not in away}
    partly = moved is not None and moved in to_act and len(acted) > 1
    out = {}
    for seat in sorted(to_act & people):
        kept = old.get(str(seat))
        out[str(seat)] = (kept if kept is not None and (seat != moved or partly)
                          else now + record.turn_timer * 1000)
    return out


def away_seats(record: RoomRecord) -> frozenset[int]:
    return frozenset(s.index for s in record.seats if s.away and not s.bot)


def stamp(record: RoomRecord, seat: int, to_act: frozenset[int], cause: str,
          clock: Callable[[], int], acted: frozenset[int] = frozenset()) -> Stamp:
    """The timers' part of a move by `seat`: cause "person", "bot" (a bot seat, or the
    bot of an away seat) or "timeout"; `acted`: who had to act before it."""
    mover = record.seats[seat]
    if not record.turn_timer and cause != "timeout" and not mover.away \
            and not mover.timeouts:
        return NO_STAMP  # no timer, nothing to count or clear: most moves
    made = Stamp()
    away = away_seats(record)
    if cause == "timeout":
        made.write["timeout"] = True
        said = {"seat": seat}
        made.events.append(Event("timeout", english("timeout", said), data=said))
        if mover.timeouts + 1 >= AWAY_AFTER and not mover.away:
            made.events.append(Event("away", english("away", said), data=said))
            away |= {seat}
    elif cause == "person" and (mover.away or mover.timeouts):
        made.write["timeout"] = False
        away -= {seat}
    deadlines = new_deadlines(record, to_act, clock(), seat, away, acted)
    if deadlines is not None:
        made.write["deadlines"] = deadlines
    return made


def begin_deadlines(record: RoomRecord, to_act: frozenset[int], now: int
                    ) -> dict[str, int] | None:
    """The deadlines of a new game's first decisions."""
    return new_deadlines(dataclasses.replace(record, deadlines=None), to_act, now, None,
                         away_seats(record))


def deadlines_of(record: RoomRecord) -> dict[int, int]:
    return {int(k): v for k, v in (record.deadlines or {}).items()}


def expired(live: LiveRoom, now: int) -> int | None:
    """The first person to act whose deadline has passed, if any."""
    record = live.record
    if (not record.turn_timer or record.status != "playing" or live.state is None
            or live.rules is None):
        return None
    acting = live.rules.to_act(live.state)
    for key, at in sorted((record.deadlines or {}).items(), key=lambda kv: kv[1]):
        seat = int(key)
        if at <= now and seat in acting and not record.seats[seat].bot \
                and not record.seats[seat].away:
            return seat
    return None


class Timers:
    """A passed deadline's move (by the seat's "good" bot, through the pipeline's
    `commit`), a person back, and the runner that looks at each room's deadlines."""

    def __init__(
        self, repo: Repository, live: LiveRooms, locks: RoomLocks, clock: Callable[[], int],
        notices: Notices, commit: Callable[[LiveRoom, int, int, Any, str], Awaitable[int]],
        nudge_bots: Callable[[str], None], runner: TimerRunner,
    ) -> None:
        self.repo, self.live, self.locks, self.clock = repo, live, locks, clock
        self.notices, self.commit, self.nudge_bots = notices, commit, nudge_bots
        self.runner = runner
        runner.attach(self.next_deadline, self.check)

    def nudge(self, code: str) -> None:
        """Something changed in `code`: its runner looks at the deadlines again."""
        self.runner.nudge(code)

    async def check(self, code: str) -> int | None:
        """Make the move of a seat whose deadline has passed (by its "good" bot); the
        version it made, or None if none passed or another process was first."""
        async with self.locks(code):
            live = await self.live.current(code)
            await self.live.catch_up(live)  # the deadlines as stored, not as last seen
            seat = expired(live, self.clock())
            if seat is None or live.rules is None:
                return None
            rng = bot_rng(live.record.seed, live.version, seat)
            move = choose_move(live.rules, live.state, seat, rng, "good")
            if move is None:
                return None
            try:
                new = await self.commit(live, seat, live.version, move, "timeout")
            except errors.StaleVersion:
                return None  # another process acted first
        await self.notices.publish(code, {"kind": "state", "version": new})
        self.nudge_bots(code)
        return new

    async def back(self, code: str, token: str | None) -> None:
        """The person of `token` is back: the bot stops playing for them; if they must
        act, their clock starts now."""
        async with self.locks(code):
            live = await self.live.current(code)
            seat = live.seat_of(token)
            if seat is None:
                raise errors.NotSeated("Only a seated player can be back.")
            record = live.record
            if not (record.seats[seat].away or record.seats[seat].timeouts):
                return
            deadlines = None
            if record.turn_timer and live.rules is not None and live.state is not None:
                acting = frozenset(live.rules.to_act(live.state))
                deadlines = dict(record.deadlines or {})
                if seat in acting:
                    deadlines[str(seat)] = self.clock() + record.turn_timer * 1000
            await self.repo.set_back(code, seat, deadlines, record.version)
        await self.notices.announce(code)
        self.runner.nudge(code)

    async def next_deadline(self, code: str) -> int | None:
        """The earliest deadline of a person (not away) in `code`'s running game."""
        live = await self.live.get(code)
        if live is None or not live.record.turn_timer or live.record.status != "playing":
            return None
        pending = [at for seat, at in deadlines_of(live.record).items()
                   if not live.record.seats[seat].away]
        return min(pending) if pending else None

    async def resume(self) -> int:
        """At start-up: watch the deadlines of every running game with a timer."""
        codes = await self.repo.playing_codes_with_timers()
        for code in codes:
            self.runner.nudge(code)
        return len(codes)

    async def close(self) -> None:
        await self.runner.close()


async def _nothing(code: str) -> int | None:
    return None


class TimerRunner:
    """One task per room with a timer: sleeps until its earliest deadline, then acts on
    it. A nudge (any change) makes it look again. Made before the parts that nudge it
    (every part that makes a move); `Timers` tells it what the deadline and the act are."""

    def __init__(self, clock: Callable[[], int], enabled: bool = True) -> None:
        self.clock = clock
        self.tasks = RoomTasks("turn timer", enabled)
        self._due: Callable[[str], Awaitable[int | None]] = _nothing
        self._act: Callable[[str], Awaitable[int | None]] = _nothing

    def attach(self, due: Callable[[str], Awaitable[int | None]],
               act: Callable[[str], Awaitable[int | None]]) -> None:
        """`due(code)`: the room's earliest deadline (epoch ms), None for none; `act(code)`:
        act on a passed one, None when it was not this process's to act on."""
        self._due, self._act = due, act

    def nudge(self, code: str) -> None:
        # only ever cancelled while it sleeps (the act is shielded)
        self.tasks.cancel(code)
        self.tasks.start(code, lambda: self._run(code))

    async def _run(self, code: str) -> None:
        while True:
            due = await self._due(code)
            if due is None:
                return
            wait = (due - self.clock()) / 1000
            if wait > 0:
                await asyncio.sleep(min(wait, LONGEST_SLEEP))
                continue
            if await asyncio.shield(self._act(code)) is None:
                await asyncio.sleep(1)  # passed but not ours to act on: look again

    async def close(self) -> None:
        await self.tasks.close()
