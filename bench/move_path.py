"""The common move path in one process, deterministic, for instruction counts.

`python -m bench.move_path [ROOMS] [ROUNDS]`: ROOMS Null Bock! rooms of 4 on a migrated
SQLite file, watched as a socket would watch them; each round every room's first seat
to act submits a seeded random legal move (all rooms together, so the writer batches
them as under load), then each room's four seats' frames and JSON view messages are
made as the feed makes them, and the version's frames released. A finished game is
rematched. No sockets, no HTTP: what is left is the pipeline (check, apply, the write,
advance) and the fan-out's frames and messages. Prints CPU ms per move (process time)
and the moves made; run it under `valgrind --tool=cachegrind` to compare two trees by
instructions (the room codes, tokens and seeds are seeded, so two runs of one tree make
the same games).
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

from app.db.engine import make_engine, migrate_sync, sessions
from app.db.repository import Repository
from app.games.registry import GAMES
from app.realtime.memory import MemoryBroker
from app.rooms import tokens
from app.rooms.service import RoomService
from app.web.socket.messages import state_text

GAME, PLAYERS = "null-bock", 4


class _Seeded(random.Random):
    """Stands in for `secrets` in app/rooms/tokens.py: the same rooms every run."""

    def randbits(self, k: int) -> int:
        return self.getrandbits(k)

    def token_urlsafe(self, nbytes: int) -> str:
        return self.randbytes(nbytes).hex()


async def _room(service: RoomService) -> tuple[str, list[str]]:
    room, host = await service.create_room(GAME, {}, PLAYERS, False, True)
    seats = []
    for i in range(PLAYERS):
        _, token = await service.take_seat(room.code, f"P{i}", None,
                                           host_token=host if i == 0 else None)
        seats.append(token)
    await service.start(room.code, host)
    await service.live.watch(room.code)
    return room.code, seats


async def _move(service: RoomService, code: str, seats: list[str], rng: random.Random
                ) -> bool:
    live = service.live.rooms[code]
    if live.state is None or live.record.status != "playing":
        for token in seats:  # "Play again" starts once everyone agreed
            await service.rematch(code, token)
        return False
    rules = live.rules
    assert rules is not None
    seat = min(rules.to_act(live.state))
    move = rng.choice(list(rules.legal_moves(live.state, seat)))
    await service.submit_move(code, seats[seat], live.version, move)
    return True


def _fan_out(service: RoomService, code: str, sent: dict[tuple[str, int], int]) -> None:
    """Each seat's frame and JSON message, as `Connection.send_state` makes them."""
    live = service.live.rooms[code]
    for seat in range(PLAYERS):
        frame = live.frame(seat)
        start = sent.get((code, seat), 0)
        if start > len(frame.log):
            start = 0
        state_text(frame, False, start, start == 0)
        sent[code, seat] = len(frame.log)
    live.release()


async def run(rooms: int, rounds: int, path: Path) -> tuple[float, int]:
    tokens.secrets = _Seeded(12)  # type: ignore[assignment]
    url = f"sqlite+aiosqlite:///{path}"
    engine = make_engine(url)
    broker = MemoryBroker()
    await broker.connect()
    service = RoomService(Repository(sessions(engine)), broker, GAMES, bot_delay_ms=0)
    try:
        made = [await _room(service) for _ in range(rooms)]
        rng, sent = random.Random(7), {}
        moves, began = 0, time.process_time()
        for _ in range(rounds):
            done = await asyncio.gather(*(_move(service, c, s, rng) for c, s in made))
            moves += sum(done)
            for code, _ in made:
                _fan_out(service, code, sent)
        return (time.process_time() - began) * 1000 / max(moves, 1), moves
    finally:
        await service.close()
        await broker.disconnect()
        await engine.dispose()


def main(argv: list[str]) -> None:
    rooms = int(argv[0]) if argv else 50
    rounds = int(argv[1]) if len(argv) > 1 else 100
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "m.sqlite3"
        migrate_sync(f"sqlite+aiosqlite:///{path}")
        ms, moves = asyncio.run(run(rooms, rounds, path))
    print(f"{moves} moves, {ms:.3f} ms CPU per move")


if __name__ == "__main__":
    main(sys.argv[1:])
