"""The evening's standings and the room's history (issue 37.2, 37.3), made from the game
records alone (app/db/game_records.py), so they survive restarts and are drawn the same
for every viewer.

A player is one line across the room's games: the key their seat's record names (their
seat token's hash, which a new name keeps; a bot is its name). Each game gives a player
as many table points as players it finished ahead of (ties share), so a win at a table
of five is worth four and games of every size and scoring add up; the evening's place
is by table points, then wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from app.db.game_records import StoredGame, player_key
from app.db.records import SeatRecord


class PlayedGame(BaseModel):
    """One finished game of the room, as its history lists it."""

    game_no: int
    game_id: str
    title: str
    finished_at: str | None  # ISO 8601, UTC; None for a game recorded before it was kept
    players: list[str]
    winners: list[str]


class Result(BaseModel):
    """One player's result in one game."""

    place: int
    score: int
    points: int  # table points: the players finished ahead of


class StandingLine(BaseModel):
    place: int
    name: str
    bot: bool
    points: int
    wins: int
    played: int
    results: list[Result | None]  # per game of `Standings.games`, None: not at the table


class Standings(BaseModel):
    games: list[PlayedGame]  # oldest first
    lines: list[StandingLine]  # best first


def standings(records: Sequence[StoredGame], seats: Sequence[SeatRecord],
              titles: Mapping[str, str]) -> Standings:
    """The standings over `records` (the room's finished games, any order); a player
    seated now is named as they are called now."""
    games = sorted(records, key=lambda g: g.game_no)
    now = {player_key(s): s.name for s in seats if s.name is not None}
    lines: dict[str, dict[str, Any]] = {}
    played: list[PlayedGame] = []
    for column, game in enumerate(games):
        names = [p["name"] for p in game.players]
        ranks, scores = game.outcome["ranks"], game.outcome["scores"]
        keys = game.player_keys or [f"name:{name}" for name in names]
        for seat, key in enumerate(keys):
            line = lines.setdefault(key, {"results": [None] * len(games), "wins": 0,
                                          "bot": bool(game.players[seat]["bot"])})
            line["name"] = names[seat]
            ahead_of = sum(1 for other in ranks if other > ranks[seat])
            line["results"][column] = Result(place=ranks[seat], score=scores[seat],
                                             points=ahead_of)
            line["wins"] += ranks[seat] == 1
        played.append(PlayedGame(
            game_no=game.game_no, game_id=game.game_id,
            title=titles.get(game.game_id, game.game_id),
            finished_at=game.finished_at.isoformat() if game.finished_at else None,
            players=names, winners=[names[s] for s in game.outcome["winners"]]))
    made = [StandingLine(
        place=0, name=now.get(key) or line["name"], bot=line["bot"],
        points=sum(r.points for r in line["results"] if r is not None), wins=line["wins"],
        played=sum(1 for r in line["results"] if r is not None), results=line["results"])
        for key, line in lines.items()]
    made.sort(key=lambda s: (-s.points, -s.wins, s.name.casefold()))
    for standing in made:  # competition places: equal points and wins share one
        standing.place = 1 + sum(
            1 for other in made if (other.points, other.wins) > (standing.points, standing.wins))
    return Standings(games=played, lines=made)
