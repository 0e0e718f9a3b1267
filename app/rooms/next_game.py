"""The next game at the same table (issue 37.1): between games the host picks any game
the server has, its options and its player count, for the same room. The link stays,
the people keep their seats and tokens (app/db/table.py: people first, then bots, then
empty seats), and the room waits for the host's start as a new room does: people may
leave or join, the host fills empty seats with bots on request. A part of the room
service (app/rooms/service.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from app.db.repository import Repository
from app.games.base import InvalidOptions, Rules, options_to_json, parse_options
from app.rooms import errors
from app.rooms.live import LiveRooms
from app.rooms.models import RoomInfo
from app.rooms.notices import Notices
from app.rooms.tokens import token_matches


class NextGame:
    def __init__(self, repo: Repository, live: LiveRooms, notices: Notices,
                 info: Callable[[str], Awaitable[RoomInfo]]) -> None:
        self.repo, self.live, self.notices = repo, live, notices
        self.info = info  # the room as the service shows it (RoomService.room)

    async def choose(self, code: str, host_token: str | None, game_id: str,
                     options: Mapping[str, Any] | None = None,
                     seats: int | None = None) -> RoomInfo:
        """The room waits for `game_id` with `seats` seats (None: as many as now, within
        the game's count); the room as it is then. Refused whole, changing nothing:
        not the host, a game running, a game or options that cannot be played, fewer
        seats than people at the table."""
        room = await self.repo.load(code) if isinstance(code, str) else None
        if room is None:
            raise errors.RoomNotFound()
        if not token_matches(host_token, room.host_token_hash):
            raise errors.NotHost("Only the host can choose the next game.")
        if room.status == "playing":
            raise errors.WrongStatus("The next game can be chosen once this one is over.")
        rules = self.live.rules(game_id) if isinstance(game_id, str) else None
        if rules is None:
            raise errors.UnknownGame()
        people = sum(1 for s in room.seats if s.name is not None and not s.bot)
        seats = _seat_count(rules, seats, len(room.seats), people)
        version = await self.repo.change_game(code, room.version, rules.id,
                                              _playable(rules, options, seats), seats)
        if version is None:  # a start, a seat or another choice came first
            raise errors.StaleVersion(room.version, "The room changed meanwhile: try again.")
        await self.notices.announce(code, state=version)
        return await self.info(code)


def _seat_count(rules: Rules[Any], seats: Any, now: int, people: int) -> int:
    """The seats asked for (None: as many as `now`, within the game's count), checked:
    within the game's count and enough for the `people` at the table."""
    if seats is None:
        seats = min(max(now, people, rules.min_players), rules.max_players)
    if isinstance(seats, bool) or not isinstance(seats, int) \
            or not rules.min_players <= seats <= rules.max_players:
        raise errors.BadOptions("%(game)s is for %(min)s to %(max)s players.",
                                game=rules.title, min=rules.min_players,
                                max=rules.max_players)
    if people > seats:
        raise errors.BadOptions(
            "%(people)s people sit at this table: choose at least %(people)s seats.",
            people=people)
    return seats


def _playable(rules: Rules[Any], options: Mapping[str, Any] | None, seats: int
              ) -> dict[str, Any]:
    """The options as stored, once the game has been set up with them (options that
    cannot be played fail now, not at the start)."""
    try:
        parsed = parse_options(rules.Options, options)
        rules.setup(seats, parsed, 0)
    except InvalidOptions as exc:
        raise errors.BadOptions(str(exc)) from exc
    return options_to_json(parsed)
