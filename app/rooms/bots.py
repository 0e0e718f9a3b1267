"""Bots for empty seats: how a bot chooses, and the per-room runner that lets bots move.

Choosing is generic over every game: a "good" bot asks the game's
`rules.bot_move(view, seat, rng)`, which decides from the seat's own view alone
(docs/contracts.md §6); a "random" bot, a `None` answer, or a move that is not listed
falls back to a uniform random choice from `legal_moves`. The
generator is seeded from (room seed, version, seat), so a bot's move is reproducible.

`Bots`, a part of the room service (app/rooms/service.py), makes a bot's move through
the same pipeline as people's moves (its `commit`); the `BotRunner` only decides WHEN:
after a nudge (any state change), while a bot seat is to act, one bot move at a time
after a short delay. One runner task per room in a process; a nudge that arrives while
it runs makes it look again before it stops. `close()` cancels them all.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from app.db.repository import Repository
from app.games.base import Rules, listed_move
from app.rooms import errors
from app.rooms.live import LiveRoom, LiveRooms
from app.rooms.locks import RoomLocks
from app.rooms.notices import Notices
from app.rooms.tasks import RoomTasks

log = logging.getLogger(__name__)


def bot_rng(seed: int | None, version: int, seat: int) -> random.Random:
    """The bot's generator for this room seed, state version and seat (reproducible)."""
    return random.Random(f"stammtisch-bot:{seed}:{version}:{seat}")


def choose_move(rules: Rules[Any], state: Any, seat: int, rng: random.Random,
                level: str = "good") -> Any | None:
    """A legal move for `seat`, or None if it has none. A "good" bot decides from the
    seat's view alone (`choose_from_view`); otherwise a uniform random choice."""
    if level == "good":
        return choose_from_view(rules, rules.view(state, seat), seat, rng)
    moves: Sequence[Any] = rules.legal_moves(state, seat)
    return rng.choice(list(moves)) if moves else None


def choose_from_view(rules: Rules[Any], view: dict[str, Any], seat: int,
                     rng: random.Random) -> Any | None:
    """The good bot's move for `seat` from its view and nothing else: `rules.bot_move`,
    or a uniform random choice of the view's moves (exactly `legal_moves`,
    docs/contracts.md §1) when it gives none or one not listed. None without moves. (The
    replay's advice asks it too: app/rooms/advice.py.)"""
    moves: Sequence[Any] = view["moves"]
    if not moves:
        return None
    try:
        move = rules.bot_move(view, seat, rng)
    except Exception as exc:  # a game's bot must never stop the table
        # where it failed, not its message or the move: either may name a card of
        # the bot's hand, and logs are read by people who may not see it
        log.error("%s: bot_move failed (%s at %s); playing a random move", rules.id,
                  type(exc).__name__, _where(exc))
    else:
        listed = listed_move(moves, move) if move is not None else None
        if listed is not None:
            return listed
        if move is not None:
            log.warning("%s: bot_move gave an unlisted move; playing a random one",
                        rules.id)
    return rng.choice(list(moves))


def _where(exc: BaseException) -> str:
    """The file and line an exception was raised at."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return "?" if tb is None else f"{tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}"


class Bots:
    """The bots' turns: whether a bot is to act in a room, and one bot move at a time
    through the pipeline's `commit`, when the runner says."""

    def __init__(
        self, repo: Repository, live: LiveRooms, locks: RoomLocks, notices: Notices,
        commit: Callable[[LiveRoom, int, int, Any, str], Awaitable[int]],
        runner: BotRunner,
    ) -> None:
        self.repo, self.live, self.locks, self.notices = repo, live, locks, notices
        self.commit = commit
        self.runner = runner
        runner.attach(self.waiting, self.step)

    def nudge(self, code: str) -> None:
        """Let the bots of `code` look whether it is their turn (after any change, or a
        socket connected after a restart)."""
        self.runner.nudge(code)

    def running(self, code: str) -> bool:
        return self.runner.running(code)

    async def idle(self, code: str) -> None:
        """Returns once no bot of `code` is to move here (for tests and shutdown)."""
        await self.runner.idle(code)

    def _to_act(self, live: LiveRoom | None) -> tuple[Rules[Any], int, str] | None:
        """(rules, seat, level) of the first bot seat that must act now, if any."""
        if live is None or live.record.status != "playing" or live.state is None:
            return None
        rules = self.live.games.get(live.record.game_id)
        if rules is None:
            return None
        bots = {s.index: s.level or "good" for s in live.record.seats if s.bot or s.away}
        if not bots:
            return None
        acting = sorted(set(bots) & set(rules.to_act(live.state)))
        return (rules, acting[0], bots[acting[0]]) if acting else None

    async def waiting(self, code: str) -> bool:
        """Whether a bot of `code` is to act now."""
        return self._to_act(await self.live.get(code)) is not None

    async def step(self, code: str) -> bool:
        """One bot move through the pipeline, with the current version. False when no
        bot is to act (any more). A stale loss (another process moved first) is fine:
        the runner looks again."""
        async with self.locks(code):
            live = await self.live.get(code)
            found = self._to_act(live)
            if live is None or found is None:
                return False
            rules, seat, level = found
            rng = bot_rng(live.record.seed, live.version, seat)
            move = choose_move(rules, live.state, seat, rng, level)
            if move is None:
                log.warning("room %s: bot seat %d must act but has no legal move", code, seat)
                return False
            try:
                new = await self.commit(live, seat, live.version, move, "bot")
            except errors.StaleVersion:
                return True
        await self.notices.publish(code, {"kind": "state", "version": new})
        self.runner.nudge(code)
        return True

    async def resume(self) -> int:
        """At start-up: nudge every running game with a bot. Returns how many."""
        codes = await self.repo.playing_codes_with_bots()
        for code in codes:
            self.runner.nudge(code)
        return len(codes)

    async def close(self) -> None:
        await self.runner.close()


async def _nobody(code: str) -> bool:
    return False


class BotRunner:
    """One background task per room that plays its bots' turns.

    `waiting(code)` says whether a bot is to act now; `step(code)` makes one bot move
    through the move pipeline (under the room lock, with the current version) and says
    whether to look again. Both are the `Bots` part's, given by `attach`: the runner is
    made before it, since every part that makes a move nudges the runner.
    """

    def __init__(self, delay_ms: int) -> None:
        self._waiting: Callable[[str], Awaitable[bool]] = _nobody
        self._step: Callable[[str], Awaitable[bool]] = _nobody
        self.delay = max(0, delay_ms) / 1000
        self.tasks = RoomTasks("bots")
        self._again: set[str] = set()

    def attach(self, waiting: Callable[[str], Awaitable[bool]],
               step: Callable[[str], Awaitable[bool]]) -> None:
        self._waiting, self._step = waiting, step

    def nudge(self, code: str) -> None:
        """Something changed in `code`: make sure a runner looks at it."""
        if self.tasks.running(code):
            self._again.add(code)
            return
        self.tasks.start(code, lambda: self._run(code))

    def running(self, code: str) -> bool:
        return self.tasks.running(code)

    async def idle(self, code: str) -> None:
        """Returns once no bot of `code` is to move here (for tests and shutdown)."""
        await self.tasks.idle(code)

    async def _run(self, code: str) -> None:
        try:
            while True:
                self._again.discard(code)
                if not await self._waiting(code):
                    if code in self._again:
                        continue
                    return
                await asyncio.sleep(self.delay)
                await self._step(code)
        finally:
            self._again.discard(code)

    async def close(self) -> None:
        """Cancel every runner and wait for them (at app shutdown)."""
        await self.tasks.close()
