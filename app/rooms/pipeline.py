"""The move pipeline, for people and bots alike: seat check -> version check (or the
non-conflict check of a simultaneous choice) -> rules.apply on the live state -> one
transaction with the version as optimistic lock -> the live room advances -> publish.
A part of the room service (app/rooms/service.py): people's moves come in by
`submit_move`, and the bots' and the timers' moves (app/rooms/bots.py, timers.py) go
through its `commit` as well."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from app.db.game_records import game_values
from app.db.moves import seat_holder
from app.db.records import RoomRecord, moved
from app.db.repository import Repository
from app.games.base import IllegalMove, Rules
from app.replay import outcome_of
from app.rooms import errors
from app.rooms.live import LiveRoom, LiveRooms
from app.rooms.locks import RoomLocks
from app.rooms.notices import Notices
from app.rooms.timers import NO_STAMP, stamp

log = logging.getLogger(__name__)

# How often a move that loses the database race is tried again on the newer state
# (only a move that does not conflict with the winner's is).
ATTEMPTS = 4


class Pipeline:
    def __init__(
        self, repo: Repository, live: LiveRooms, locks: RoomLocks, notices: Notices,
        nudge_bots: Callable[[str], None], nudge_timers: Callable[[str], None],
        clock: Callable[[], int],
    ) -> None:
        self.repo, self.live, self.locks, self.notices = repo, live, locks, notices
        self.nudge_bots, self.nudge_timers, self.clock = nudge_bots, nudge_timers, clock

    async def submit_move(
        self, code: str, token: str | None, version: int, move: Any
    ) -> int:
        """A person's move; returns the version it made. Every viewer is told, and the
        bots look whether it is their turn."""
        async with self.locks(code):
            live = await self.live.current(code)
            seat = live.seat_of(token)
            if seat is None:
                raise errors.NotSeated("Spectators cannot make moves.")
            new = await self.commit(live, seat, version, move)
            bots = live.has_bots()
        await self.notices.publish(code, {"kind": "state", "version": new})
        if bots:
            self.nudge_bots(code)
        return new

    async def commit(self, live: LiveRoom, seat: int, version: int, move: Any,
                     cause: str = "person") -> int:
        """The checks, rules.apply and the one transaction. The caller holds the lock.
        A move sent at an older version is applied when it does not conflict with the
        moves made since (LiveRoom.fits); anything else is `stale`, as before.
        The move stands only while its seat is held as here (`holder`): one the host
        emptied or gave a bot on another process (not told here yet) is refused."""
        holder = seat_holder(live.record.seats[seat])
        if version > live.version:  # another process moved; its notice is on its way
            await self.live.catch_up(live)
        for _ in range(ATTEMPTS):
            chosen = _admitted(live, seat, version, move, holder, cause)
            rules = self.live.rules(live.record.game_id)
            # who had to act before: only a timer asks (a part of a hidden choice)
            acted = (frozenset(rules.to_act(live.state)) if live.record.turn_timer
                     else frozenset())
            state, events = self._apply(rules, live.state, seat, chosen)
            to_act = frozenset(rules.to_act(state))
            status = "playing" if to_act else "finished"
            at, encoded = live.version, rules.encode(state)
            before = live.record
            timers = stamp(before, seat, to_act, cause, self.clock, acted)  # turn timers
            if timers is not NO_STAMP:  # the timer's lines: after the game's opening lines
                opening = rules.opening_count(live.state)
                events = events[:opening] + timers.events + events[opening:]
            # the move that ends the game writes the game's record (issue 14)
            game = None if to_act else _game_record(rules, state, before)
            if await self.repo.commit_move(
                before.code, at, before.game_no, seat, chosen,
                [e.to_json() for e in events], encoded, status,
                seen_version=version, to_act=sorted(to_act), game=game, holder=holder,
                **timers.write,
            ):
                if timers is NO_STAMP:  # the common move: the record's three columns
                    record = moved(before, at + 1, encoded, status)
                else:
                    record = timers.apply(before, seat, version=at + 1, state=encoded,
                                          status=status)
                live.advance(record, state, seat, events, to_act)
                if record.turn_timer:
                    self.nudge_timers(record.code)
                return at + 1
            await self.live.catch_up(live)  # another process won this version, or seated
        raise errors.StaleVersion(live.version)

    @staticmethod
    def _apply(rules: Rules[Any], state: Any, seat: int, move: dict[str, Any]) -> Any:
        try:
            return rules.apply(state, seat, move)
        except IllegalMove:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            # A malformed move the rules did not expect: refuse it, never crash.
            # (not the move itself: it may be a secret choice, and logs are read by
            # people who may not see it)
            log.warning("rules %s choked on a move: %s", rules.id, type(exc).__name__)
            raise IllegalMove("That move is not possible now.") from exc


def _admitted(live: LiveRoom, seat: int, version: int, move: Any, holder: str,
              cause: str) -> dict[str, Any]:
    """The move to apply to `live` as it is now (`move` itself, or what it comes to
    after the moves made since `version`), or the refusal."""
    if seat_holder(live.record.seats[seat]) != holder:  # read since: changed
        # stale: the answer's table is the one this token may see now
        if cause == "person":
            raise errors.StaleVersion(live.version, "You no longer have a seat in this room.")
        raise errors.StaleVersion(live.version)
    if live.record.status != "playing" or live.state is None:
        if version < live.version:  # the game ended after this seat's view
            raise errors.StaleVersion(live.version)
        raise errors.WrongStatus("The game is not running.")
    if not isinstance(move, dict):
        raise IllegalMove("A move must be a JSON object.")
    chosen = move if version == live.version else live.fits(seat, version, move)
    if chosen is None:
        raise errors.StaleVersion(live.version)
    return chosen


def _game_record(rules: Rules[Any], state: Any, before: RoomRecord) -> dict[str, Any]:
    """The game's record, written by the move that ends it."""
    outcome = outcome_of(rules, state)
    # an outcome exactly when nobody acts (contract §1, tests/games/conformance)
    assert outcome is not None
    return game_values(before, outcome)
