"""Replaying a game record (issue 14) through the rules: pure, like app/games.

A record is what `GET /api/rooms/{code}/games/{game_no}/record` returns: the game, its
options, seed and players, every move with its seat and version, and the stored outcome.
`replay(record, games)` sets the game up again, applies every move and checks that the
moves are legal, numbered without gaps and end in the stored outcome. Its `states[i]` is
the state after `i` moves, i.e. at version `started_version + i`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.games.base import IllegalMove, InvalidOptions, Rules, listed_move, parse_options


class ReplayError(Exception):
    """The record does not replay; the message says where and why."""


@dataclass(frozen=True)
class Replay:
    rules: Rules[Any]
    record: dict[str, Any]
    states: list[Any]

    @property
    def outcome(self) -> dict[str, Any] | None:
        return outcome_of(self.rules, self.states[-1])


def outcome_of(rules: Rules[Any], state: Any) -> dict[str, Any] | None:
    """The outcome as the server shows it: the view's, set once there (docs/contracts.md
    §1), never computed again."""
    outcome: dict[str, Any] | None = rules.view(state, None)["outcome"]
    return outcome


def _field(record: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = record.get(key) if isinstance(record, Mapping) else None
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ReplayError(f"The record has no valid {key!r}.")
    return value


def replay(record: Mapping[str, Any], games: Mapping[str, Rules[Any]]) -> Replay:
    """Every state of the recorded game. Raises ReplayError when it does not replay."""
    game_id = _field(record, "game", str)
    rules = games.get(game_id)
    if rules is None:
        raise ReplayError(f"There is no game called {game_id!r}.")
    players = _field(record, "players", list)
    seed = _field(record, "seed", int)
    start = _field(record, "started_version", int)
    moves = _field(record, "moves", list)
    try:
        state = rules.setup(len(players), parse_options(rules.Options,
                                                        _field(record, "options", dict)), seed)
    except InvalidOptions as exc:
        raise ReplayError(f"The game cannot be set up: {exc}") from exc
    states = [state]
    for i, entry in enumerate(moves):
        at = start + i + 1
        if not isinstance(entry, Mapping) or entry.get("version") != at:
            raise ReplayError(f"Move {i + 1} should be version {at}.")
        seat, move = entry.get("seat"), entry.get("move")
        if not isinstance(seat, int) or not 0 <= seat < len(players):
            raise ReplayError(f"Move {i + 1} (version {at}) has no valid seat.")
        listed = listed_move(rules.legal_moves(state, seat), move)
        try:
            if listed is None:  # exactly what the server accepts, types included
                raise IllegalMove(rules.refusal(state, seat, move))
            state, _events = rules.apply(state, seat, listed)
        except IllegalMove as exc:
            raise ReplayError(f"Move {i + 1} (version {at}) by seat {seat} is illegal: "
                              f"{exc.reason}") from exc
        states.append(state)
    done = Replay(rules, dict(record), states)
    if rules.to_act(state):
        raise ReplayError(f"The game is not over after its {len(moves)} moves.")
    if done.outcome != record.get("outcome"):
        raise ReplayError(f"The replay ends in {done.outcome}, the record says "
                          f"{record.get('outcome')}.")
    return done
