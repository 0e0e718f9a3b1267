"""Game records (issue 14): the `games` rows of finished games and the moves to replay
them. The row of a game is written by `Repository.commit_move` in the transaction of the
move that ends it (`INSERT_GAME`); everything else here only reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, DateTime, bindparam, select, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.models import GameRow, MoveRow

if TYPE_CHECKING:  # repository.py imports INSERT_GAME from here
    from app.db.records import RoomRecord, SeatRecord

# The game's first move is the room's smallest version of that game_no: the finishing
# move is already appended in this transaction, so the subquery is never empty. (Its
# parameters have names of their own: PostgreSQL deduces one type per parameter.)
INSERT_GAME = text(
    "INSERT INTO games (room_code, game_no, game_id, options, seed, players, player_keys, "
    "started_version, outcome, finished_at) VALUES (:code, :game_no, :game_id, :options, "
    ":seed, :players, :player_keys, (SELECT MIN(version) - 1 FROM moves WHERE room_code = :in_code "
    "AND game_no = :in_game_no), :outcome, :at)"
).bindparams(bindparam("options", type_=JSON), bindparam("players", type_=JSON),
             bindparam("player_keys", type_=JSON),
             bindparam("outcome", type_=JSON), bindparam("at", type_=DateTime(timezone=True)))


def players_of(room: RoomRecord) -> list[dict[str, Any]]:
    """Who played, as the record names them (names at the end of the game)."""
    return [{"seat": s.index, "name": s.name or f"Seat {s.index + 1}", "bot": s.bot,
             "level": (s.level or "good") if s.bot else None} for s in room.seats]


def player_key(seat: SeatRecord) -> str:
    """Who held `seat`, the same in every game of the room while they keep their token
    (a name change keeps it): the token's hash for a person, the name for a bot."""
    if seat.bot or seat.token_hash is None:
        return f"bot:{seat.name}"
    return seat.token_hash


def game_values(room: RoomRecord, outcome: dict[str, Any]) -> dict[str, Any]:
    """The parameters of INSERT_GAME that the room knows (commit_move adds the rest)."""
    return {"game_id": room.game_id, "options": room.options, "seed": room.seed,
            "players": players_of(room), "outcome": outcome,
            "player_keys": [player_key(s) for s in room.seats]}


@dataclass(frozen=True)
class StoredGame:
    room_code: str
    game_no: int
    game_id: str
    options: dict[str, Any]
    seed: int
    players: list[dict[str, Any]]
    started_version: int
    outcome: dict[str, Any]
    finished_at: datetime | None
    # who each seat was across the room's games (never served; None: recorded before)
    player_keys: list[str] | None = None


def _stored(row: GameRow) -> StoredGame:
    return StoredGame(row.room_code, row.game_no, row.game_id, row.options, row.seed,
                      row.players, row.started_version, row.outcome, row.finished_at,
                      row.player_keys)


class Records:
    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self.sessions = sessions

    async def game(self, code: str, game_no: int) -> StoredGame | None:
        async with self.sessions() as session:
            row = await session.scalar(
                select(GameRow).where(GameRow.room_code == code, GameRow.game_no == game_no))
            return None if row is None else _stored(row)

    async def games(self, code: str) -> list[StoredGame]:
        """The room's recorded games, oldest first."""
        async with self.sessions() as session:
            rows = await session.scalars(
                select(GameRow).where(GameRow.room_code == code).order_by(GameRow.game_no))
            return [_stored(row) for row in rows]

    async def moves(self, code: str, game_no: int) -> list[dict[str, Any]]:
        """`[{"version", "seat", "move"}]` of one game, in order."""
        async with self.sessions() as session:
            rows = await session.execute(
                select(MoveRow.version, MoveRow.seat, MoveRow.move)
                .where(MoveRow.room_code == code, MoveRow.game_no == game_no)
                .order_by(MoveRow.version))
            return [{"version": v, "seat": s, "move": m} for v, s, m in rows]
