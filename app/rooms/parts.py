"""What the parts of RoomService (seating, pipeline, chat, timers) use of each other.

Each part is a mixin of `RoomService` (app/rooms/service.py) and calls attributes and
methods that another part or the service itself defines. The parts take this Protocol
as their base for the type checker only (at run time their base is `object`), so mypy
checks those calls without the import cycle of naming `RoomService` as a base.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from app.db.repository import Repository, RoomRecord
    from app.games.base import Rules
    from app.realtime.broker import Broker
    from app.rooms.bots import BotRunner
    from app.rooms.live import LiveRoom, LiveRooms
    from app.rooms.locks import RoomLocks
    from app.rooms.models import RoomInfo
    from app.rooms.timers import Stamp, TimerRunner


class ServiceParts(Protocol):
    # set by RoomService.__init__
    repo: Repository
    broker: Broker
    games: Mapping[str, Rules[Any]]
    locks: RoomLocks
    live: LiveRooms
    bots: BotRunner
    clock: Callable[[], int]
    timers: TimerRunner

    # defined by RoomService (service.py)
    async def _load(self, code: str) -> RoomRecord: ...
    async def _live(self, code: str) -> LiveRoom: ...
    def _rules(self, game_id: str) -> Rules[Any]: ...
    async def room(self, code: str) -> RoomInfo: ...
    @staticmethod
    def _seat(room: RoomRecord, token: str | None) -> int | None: ...
    @staticmethod
    def _has_bots(room: RoomRecord) -> bool: ...
    async def _changed(self, code: str, version: int, *, bots: bool) -> None: ...
    async def _announce(self, code: str, state: int | None = None) -> None: ...
    async def _publish(self, code: str, message: dict[str, Any]) -> None: ...

    # defined by Pipeline (pipeline.py)
    async def _commit(self, live: LiveRoom, seat: int, version: int, move: Any,
                      cause: str = "person") -> int: ...

    # defined by Timers (timers.py)
    def _stamp(self, record: RoomRecord, seat: int, to_act: frozenset[int],
               cause: str, acted: frozenset[int] = ...) -> Stamp: ...
    def _begin_deadlines(self, record: RoomRecord, to_act: frozenset[int]
                         ) -> dict[str, int] | None: ...
