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
    lines: dict[str, _Line] = {}
    for column, game in enumerate(games):
        ranks, scores = game.outcome["ranks"], game.outcome["scores"]
        for seat, key in enumerate(_keys(game)):
            line = lines.get(key)
            if line is None:
                line = lines[key] = _Line(bool(game.players[seat]["bot"]), len(games))
            line.name = game.players[seat]["name"]
            line.results[column] = Result(
                place=ranks[seat], score=scores[seat],
                points=sum(1 for other in ranks if other > ranks[seat]))
    made = [line.made(now.get(key)) for key, line in lines.items()]
    made.sort(key=lambda s: (-s.points, -s.wins, s.name.casefold()))
    for standing in made:  # competition places: equal points and wins share one
        standing.place = 1 + sum(
            1 for other in made if (other.points, other.wins) > (standing.points, standing.wins))
    return Standings(games=[_played(game, titles) for game in games], lines=made)


class _Line:
    """One player's results while they are gathered, game by game."""

    def __init__(self, bot: bool, games: int) -> None:
        self.bot, self.name = bot, ""
        self.results: list[Result | None] = [None] * games

    def made(self, name_now: str | None) -> StandingLine:
        played = [r for r in self.results if r is not None]
        return StandingLine(place=0, name=name_now or self.name, bot=self.bot,
                            points=sum(r.points for r in played),
                            wins=sum(1 for r in played if r.place == 1),
                            played=len(played), results=self.results)


def _keys(game: StoredGame) -> list[str]:
    """Who each seat was: the record's keys, or, in a game recorded before them, names."""
    return game.player_keys or [f"name:{p['name']}" for p in game.players]


def _played(game: StoredGame, titles: Mapping[str, str]) -> PlayedGame:
    names = [p["name"] for p in game.players]
    return PlayedGame(
        game_no=game.game_no, game_id=game.game_id, title=titles.get(game.game_id, game.game_id),
        finished_at=game.finished_at.isoformat() if game.finished_at else None,
        players=names, winners=[names[s] for s in game.outcome["winners"]])
