"""Replays that teach (issue 37.5): at a step of a finished game, the move the good bot
would have made for the seat that moved next, beside the move that seat made.

The bot is the table's own good bot (app/rooms/bots.py) with the generator it would have
had at that version in that seat, and it is given that seat's view and nothing else: not
the state, not the OPEN view (docs/contracts.md §8). So its advice is the move a good bot
in that seat would have made in the game itself, and it knows no card the player did not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.games.base import same_json
from app.replay import Replay
from app.rooms.bots import bot_rng, choose_from_view


@dataclass(frozen=True)
class Advice:
    step: int  # the board after this many moves; the advice is for the next one
    seat: int  # who made the next move
    view: dict[str, Any]  # that seat's view at the step: all the bot was given
    played: Any  # the move the seat made
    suggested: Any  # the good bot's move there

    @property
    def same(self) -> bool:
        return bool(same_json(self.played, self.suggested))


def advise(done: Replay, step: int) -> Advice | None:
    """The advice on the move made after `step` moves; None after the last move."""
    moves = done.record["moves"]
    if not 0 <= step < len(moves):
        return None
    seat, played = moves[step]["seat"], moves[step]["move"]
    view = done.rules.view(done.states[step], seat)
    rng = bot_rng(done.record["seed"], done.record["started_version"] + step, seat)
    return Advice(step, seat, view, played, choose_from_view(done.rules, view, seat, rng))
