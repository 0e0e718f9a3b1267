"""Game records and replays for the web layer (issue 14): who may fetch a record, the
record of a finished game as JSON, its replay (cached: a finished game never changes)
and the room's standings and history (app/rooms/standings.py).

The record is built from the `games` row written with the game's last move
(app/db/game_records.py); a room whose current game ended before that table existed gets its
record from the rooms row. Nothing here is served while the game runs: the OPEN view and
the seed would show every hand.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from app.db.game_records import Records, StoredGame, players_of
from app.replay import Replay, ReplayError, outcome_of, replay
from app.rooms import errors
from app.rooms.standings import Standings, standings

if TYPE_CHECKING:
    from app.rooms.live import LiveRoom
    from app.rooms.service import RoomService

FORMAT = 1
_CACHED = 32
_replays: OrderedDict[tuple[str, int, int], Replay] = OrderedDict()


async def _room(rooms: RoomService, code: str, token: str | None) -> LiveRoom:
    """The room, once the viewer may see it (the same check as the board's)."""
    await rooms.viewer(code, token)
    return await rooms.current(code)


def _from_room(live: LiveRoom) -> StoredGame | None:
    """The record of a current game that finished before the games table existed."""
    room = live.record
    if room.status != "finished" or room.seed is None or live.rules is None \
            or live.state is None or not live.movers:
        return None
    outcome = outcome_of(live.rules, live.state)
    # a finished game has one (contract §1: an outcome exactly when nobody acts)
    assert outcome is not None
    return StoredGame(room.code, room.game_no, room.game_id, room.options, room.seed,
                      players_of(room), live.movers[0][0] - 1, outcome, None)


async def _stored(rooms: RoomService, live: LiveRoom, game_no: int) -> StoredGame:
    room = live.record
    if not 0 <= game_no <= room.game_no:  # (one too big for a database integer, too)
        raise errors.NoRecord()
    if game_no == room.game_no and room.status == "playing":
        raise errors.GameRunning()
    stored = await Records(rooms.repo.sessions).game(room.code, game_no)
    if stored is None and game_no == room.game_no:
        stored = _from_room(live)
    if stored is None:
        raise errors.NoRecord()
    return stored


async def game_record(rooms: RoomService, code: str, game_no: int,
                      token: str | None) -> dict[str, Any]:
    """The JSON record of a finished game: GameRunning (409) while it runs, NoRecord
    (404) for a game the room never finished."""
    live = await _room(rooms, code, token)
    stored = await _stored(rooms, live, game_no)
    moves = await Records(rooms.repo.sessions).moves(code, game_no)
    return {
        "format": FORMAT, "room": code, "game_no": game_no, "game": stored.game_id,
        "options": stored.options, "seed": stored.seed, "players": stored.players,
        "started_version": stored.started_version, "moves": moves,
        "outcome": stored.outcome,
        "finished_at": stored.finished_at.isoformat() if stored.finished_at else None,
    }


async def game_replay(rooms: RoomService, code: str, game_no: int,
                      token: str | None) -> Replay:
    """The replayed record (every state), from a small cache once made."""
    live = await _room(rooms, code, token)
    stored = await _stored(rooms, live, game_no)
    key = (code, game_no, stored.seed)
    if key in _replays:
        _replays.move_to_end(key)
        return _replays[key]
    record = await game_record(rooms, code, game_no, token)
    try:
        done = replay(record, rooms.games)
    except ReplayError as exc:  # a stored game that does not replay is our bug
        raise errors.NoRecord("This game cannot be replayed: %(why)s", why=str(exc)) from exc
    _replays[key] = done
    while len(_replays) > _CACHED:
        _replays.popitem(last=False)
    return done


async def room_standings(rooms: RoomService, code: str) -> Standings:
    """The evening's standings and the history of the room's finished games (issue 37),
    from their records. The caller has admitted the viewer already."""
    live = await rooms.current(code)
    stored = await Records(rooms.repo.sessions).games(code)
    if not any(g.game_no == live.record.game_no for g in stored):
        current = _from_room(live)
        stored += [current] if current is not None else []
    titles = {game_id: rules.title for game_id, rules in rooms.games.items()}
    return standings(stored, live.record.seats, titles)
