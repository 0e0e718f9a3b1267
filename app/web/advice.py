"""The replay's advice (issue 37.5, docs/contracts.md §8): on a step, the move the seat to
move next made and the move the good bot would have made there (app/rooms/advice.py),
each named as that seat's own board named it, and whether they differ.

Worked out only when a step asks for it (`&advice=1`), in a worker thread of its own
pool, so a slow bot never holds up the server's loop; the page waits `seconds` for it
and else says the bot ran out of time (the thread finishes its one move by itself; a
job still queued when its page gave up is dropped).
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from app.replay import Replay
from app.rooms.advice import advise
from app.web.render.board import own_region
from app.web.render.move_labels import canon, move_labels
from app.web.render.render import move_label

WORKERS = 2  # the machine's cores: advice is asked for now and then, never by crowds


class Advisor:
    def __init__(self, seconds: float, workers: int = WORKERS) -> None:
        self.seconds = seconds
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="advice")

    async def advice(self, done: Replay, step: int, lang: str) -> dict[str, Any]:
        """The template's `advice` for the move after `step`: `state` "ready" (with the
        moves and their names), "over" (no move after it) or "late" (out of time)."""
        job = asyncio.get_running_loop().run_in_executor(
            self.pool, partial(work_out, done, step, lang))
        try:
            return await asyncio.wait_for(job, self.seconds)
        except TimeoutError:
            return {"state": "late", "next": step + 1}

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


def work_out(done: Replay, step: int, lang: str) -> dict[str, Any]:
    """The advice on the move after `step`, its moves named by the mover's own board
    (drawn from the mover's view, the bot's only input) in `lang`."""
    found = advise(done, step)
    if found is None:
        return {"state": "over", "next": step + 1}
    names = [p["name"] for p in done.record["players"]]
    labels = move_labels(own_region(done.rules.id, found.view, found.seat, names, lang))

    def name(move: Any) -> str:
        return labels.get(canon(move)) or move_label(move)

    return {"state": "ready", "next": step + 1, "seat": found.seat,
            "name": names[found.seat], "played": name(found.played),
            "suggested": name(found.suggested), "same": found.same,
            "played_move": found.played, "suggested_move": found.suggested}
