"""The move pipeline on real databases: apply, refuse, stale, concurrency, restart."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from app.games.base import IllegalMove
from app.rooms import errors
from app.rooms.service import RoomService
from tests.rooms.test_service import full_room


async def state_of(service: RoomService, code: str) -> tuple[int, Any, int]:
    record = await service.repo.load(code)
    assert record is not None
    return record.version, record.state, await service.repo.move_count(code)


async def test_a_whole_game_then_a_rematch_in_the_same_room(service: RoomService) -> None:
    code, host, tokens = await full_room(service, 3)
    version = await service.start(code, host)
    async with service.broker.subscribe(f"room:{code}") as notices:
        while (await service.room(code)).status == "playing":
            for seat, token in enumerate(tokens):
                view = (await service.snapshot(code, seat)).view
                assert view is not None
                if view["moves"]:
                    version = await service.submit_move(code, token, version, view["moves"][0])
        got = [await notices.get() for _ in range(version - 1)]
    assert got == [{"room": code, "kind": "state", "version": v} for v in range(2, version + 1)]
    room = await service.room(code)
    assert room.status == "finished" and room.outcome is not None
    assert await service.repo.move_count(code) == version - 1 == 3
    snap = await service.snapshot(code, 1)
    assert "P0 has chosen." in snap.log and any("wins the trick" in s for s in snap.log)
    with pytest.raises(errors.WrongStatus):
        await service.submit_move(code, tokens[0], version, {"type": "pick", "card": 1})
    assert await service.rematch(code, tokens[2]) == code
    room = await service.room(code)
    assert (room.status, room.version, room.game_no) == ("playing", version + 1, 2)
    assert (await service.snapshot(code, 0)).log == []  # the new game's log
    assert await service.repo.move_count(code) == 3  # the old game's moves are kept


async def test_refused_moves_change_nothing(service: RoomService) -> None:
    code, host, (ann, _bob) = await full_room(service)
    version = await service.start(code, host)
    before = await state_of(service, code)
    hand = (await service.snapshot(code, 0)).view["hand"]  # type: ignore[index]
    bobs = (await service.snapshot(code, 1)).view["hand"]  # type: ignore[index]
    with pytest.raises(IllegalMove, match="cannot play that card"):
        await service.submit_move(code, ann, version, {"type": "pick", "card": bobs[0]})
    with pytest.raises(IllegalMove):
        await service.submit_move(code, ann, version, {"type": "nonsense"})
    with pytest.raises(IllegalMove, match="JSON object"):
        await service.submit_move(code, ann, version, ["pick"])
    with pytest.raises(errors.StaleVersion) as stale:
        await service.submit_move(code, ann, version - 1, {"type": "pick", "card": hand[0]})
    assert stale.value.current == version
    with pytest.raises(errors.NotSeated):
        await service.submit_move(code, None, version, {"type": "pick", "card": hand[0]})
    with pytest.raises(errors.NotSeated):
        await service.submit_move(code, "forged", version, {"type": "pick", "card": hand[0]})
    assert await state_of(service, code) == before
    # out of turn: after Ann has chosen she must wait for Bob
    version = await service.submit_move(code, ann, version, {"type": "pick", "card": hand[0]})
    with pytest.raises(IllegalMove):
        await service.submit_move(code, ann, version, {"type": "pick", "card": hand[1]})


async def test_views_and_log_are_filtered_per_viewer(service: RoomService) -> None:
    code, host, _ = await full_room(service)
    await service.start(code, host)
    mine = await service.snapshot(code, 0)
    spectator = await service.snapshot(code, None)
    assert mine.view and mine.view["hand"] and mine.view["moves"]
    assert spectator.view and spectator.view["hand"] is None and spectator.view["moves"] == []


async def test_concurrent_moves_at_one_version_exactly_one_wins(
    make_service: Callable[[], Any],
) -> None:
    """Two "processes" (two services, two engines) and two seats in one process."""
    one: RoomService = await make_service()
    two: RoomService = await make_service()
    code, host, (ann, bob) = await full_room(one)
    version = await one.start(code, host)
    a = (await one.snapshot(code, 0)).view["moves"][0]  # type: ignore[index]
    b = (await one.snapshot(code, 1)).view["moves"][0]  # type: ignore[index]
    results = await asyncio.gather(
        one.submit_move(code, ann, version, a),
        two.submit_move(code, bob, version, b),
        one.submit_move(code, bob, version, b),
        return_exceptions=True,
    )
    wins = [r for r in results if isinstance(r, int)]
    assert wins == [version + 1], results
    assert all(isinstance(r, errors.StaleVersion) for r in results if r not in wins)
    assert (await state_of(one, code))[::2] == (version + 1, 1)


async def test_the_version_guard_holds_without_the_lock(service: RoomService) -> None:
    """Even if two writers got past the version check, the database lets one through."""
    code, host, _ = await full_room(service)
    version = await service.start(code, host)
    record = await service.repo.load(code)
    assert record is not None and record.state is not None
    args = (code, version, record.game_no, 0, {"type": "x"}, [], record.state, "playing")
    first, second = await asyncio.gather(
        service.repo.commit_move(*args), service.repo.commit_move(*args)
    )
    assert sorted([first, second]) == [False, True]
    assert await service.repo.move_count(code) == 1


async def test_a_restarted_service_continues_the_game(
    make_service: Callable[[], Any],
) -> None:
    first: RoomService = await make_service()
    code, host, (ann, bob) = await full_room(first)
    version = await first.start(code, host)
    move = (await first.snapshot(code, 0)).view["moves"][0]  # type: ignore[index]
    version = await first.submit_move(code, ann, version, move)
    await first.chat(code, 1, "still here")
    before = await first.snapshot(code, 1)
    again: RoomService = await make_service()  # a new process on the same database
    after = await again.snapshot(code, 1)
    assert after == before
    assert [c.text for c in await again.chat_history(code)] == ["still here"]
    move = after.view["moves"][0]  # type: ignore[index]
    assert await again.submit_move(code, bob, version, move) == version + 1


async def test_viewers_of_one_notice_share_one_read_but_never_an_older_one(
    service: RoomService, monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, host, (ann, _bob) = await full_room(service)
    version = await service.start(code, host)
    reads = 0
    load = service.repo.load

    async def counting_load(room_code: str) -> Any:
        nonlocal reads
        reads += 1
        return await load(room_code)

    monkeypatch.setattr(service.repo, "load", counting_load)
    snaps = await asyncio.gather(
        *(service.snapshot(code, seat, at_least=version) for seat in [0, 1, None] * 4)
    )
    assert reads == 1 and {s.version for s in snaps} == {version}
    assert [s.seat for s in snaps] == [0, 1, None] * 4
    move = snaps[0].view["moves"][0]  # type: ignore[index]
    newer = await service.submit_move(code, ann, version, move)
    reads = 0
    fresh = await service.snapshot(code, 1, at_least=newer)
    assert fresh.version == newer and reads == 1


async def test_the_bus_carries_versions_never_views_or_hands(service: RoomService) -> None:
    code, host, tokens = await full_room(service)
    async with service.broker.subscribe(f"room:{code}") as bus:
        version = await service.start(code, host)
        for seat, token in enumerate(tokens):
            move = (await service.snapshot(code, seat)).view["moves"][0]  # type: ignore[index]
            version = await service.submit_move(code, token, version, move)
        await service.chat(code, 0, "gg")
        messages = []
        while not bus.queue.empty():
            messages.append(await bus.get())
    assert [m["kind"] for m in messages] == ["state", "state", "state", "chat"]
    for message in messages:
        assert set(message) <= {"room", "kind", "version", "line"}
        assert "hand" not in repr(message) and "view" not in repr(message)
