"""The host's settings after the room is made (issue 37.4): public or private, spectators
on or off, the turn timer of the next game. A part of the room service
(app/rooms/service.py).

Each change is checked whole before anything is written, written in one UPDATE
(app/db/room_settings.py), and then everyone is told (`Notices.announce`): the `room`
notice reaches every process's sockets of the room, and a spectator's socket, asked
again who it is, is closed (4403) once spectators are off (app/web/socket/connection.py:
`reseat`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from app.db.repository import Repository
from app.rooms import errors
from app.rooms.models import RoomInfo
from app.rooms.notices import Notices
from app.rooms.timers import check_turn_timer
from app.rooms.tokens import token_matches


def _choice(value: Any) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    raise errors.BadOptions("Public and spectators are each on (true) or off (false).")


class HostSettings:
    def __init__(self, repo: Repository, notices: Notices,
                 info: Callable[[str], Awaitable[RoomInfo]]) -> None:
        self.repo, self.notices = repo, notices
        self.info = info  # the room as the service shows it (RoomService.room)

    async def change(self, code: str, host_token: str | None, *, public: Any = None,
                     spectators: Any = None, turn_timer: Any = None) -> RoomInfo:
        """Set the settings given (None: as it is); the room as it is then. A setting
        that is not one of its values refuses the whole change."""
        room = await self.repo.load(code) if isinstance(code, str) else None
        if room is None:
            raise errors.RoomNotFound()
        if not token_matches(host_token, room.host_token_hash):
            raise errors.NotHost("Only the host can change the room's settings.")
        if public is None and spectators is None and turn_timer is None:
            raise errors.BadOptions(
                "Choose a setting to change: public, spectators or the turn timer.")
        public, spectators = _choice(public), _choice(spectators)
        timer = None if turn_timer is None else check_turn_timer(turn_timer)
        if not await self.repo.change_settings(code, public=public, spectators=spectators,
                                               turn_timer=timer):
            raise errors.RoomNotFound()
        await self.notices.announce(code)
        return await self.info(code)
