"""Bots on real databases: seated by the host, playing through the move pipeline, for
every game, taking over a removed player, and carrying on after a restart."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from app.games.registry import GAMES
from app.rooms import errors
from app.rooms.bots import bot_rng, choose_move
from app.rooms.service import RoomService
from tests.games.toy import HighCard
from tests.rooms.test_service import full_room

TOY = "toy-high-card"


async def status(service: RoomService, code: str) -> str:
    return (await service.room(code)).status


async def finished(service: RoomService, code: str) -> None:
    """The bots play to the end: once their runner has stopped, the game is over."""
    await asyncio.wait_for(service.bots.idle(code), 120)
    assert await status(service, code) == "finished"


async def bot_room(
    service: RoomService, game: str, seats: int, people: int = 0,
    options: dict[str, Any] | None = None,
) -> tuple[str, str, list[str]]:
    """A room of `seats` seats: `people` people in the first seats (the host first),
    bots in the rest."""
    room, host = await service.create_room(game, options or {}, seats, False, True)
    tokens = []
    for i in range(people):
        _, token = await service.take_seat(room.code, f"P{i}", i,
                                           host_token=host if i == 0 else None)
        tokens.append(token)
    for i in range(people, seats):
        await service.add_bot(room.code, host, i)
    return room.code, host, tokens


async def play_as_person(service: RoomService, code: str, seat: int, token: str,
                         rng: random.Random) -> int:
    """Only this person's moves are sent; returns how many. Bots do the rest."""
    sent = 0
    async with asyncio.timeout(120):
        while True:
            snap = await service.snapshot(code, seat)
            if snap.status == "finished":
                return sent
            moves = (snap.view or {}).get("moves") or []
            if not moves:  # a bot is to act: its runner moves, then stops
                await service.bots.idle(code)
                continue
            try:
                await service.submit_move(code, token, snap.version, rng.choice(moves))
                sent += 1
            except errors.StaleVersion:  # a bot moved first: look again
                continue


async def movers(service: RoomService, code: str) -> set[int]:
    record = await service.repo.load(code)
    assert record is not None
    return {m.seat for m in await service.repo.moves(code, record.game_no)}


# -- choosing ----------------------------------------------------------------


def test_a_bot_picks_a_legal_move_reproducibly() -> None:
    rules = HighCard()
    state = rules.setup(3, rules.Options(), 42)
    first = choose_move(rules, state, 1, bot_rng(42, 1, 1))
    assert first in rules.legal_moves(state, 1)
    assert all(choose_move(rules, state, 1, bot_rng(42, 1, 1)) == first for _ in range(5))
    picks = {str(choose_move(rules, state, 1, bot_rng(42, v, 1))) for v in range(40)}
    assert len(picks) == len(rules.legal_moves(state, 1))  # uniform: every move comes up


def test_a_games_own_bot_is_asked_first_and_an_illegal_answer_is_ignored() -> None:
    class Smart(HighCard):
        answer: Any = None

        def bot_move(self, state: Any, seat: int, rng: random.Random) -> Any:
            return self.answer

    rules = Smart()
    state = rules.setup(2, rules.Options(), 7)
    legal: Sequence[Any] = rules.legal_moves(state, 0)
    rules.answer = legal[-1]
    assert all(choose_move(rules, state, 0, bot_rng(7, v, 0)) == legal[-1] for v in range(10))
    rules.answer = {"type": "pick", "card": 999}
    assert choose_move(rules, state, 0, bot_rng(7, 1, 0)) in legal


def test_a_failing_or_unlisted_bot_answer_is_logged_without_a_card(
    caplog: pytest.LogCaptureFixture
) -> None:
    """A bot's failure says where, never what: its message or move may name a card
    of the bot's hand, and the server's log is read by people who may not see it."""
    class Failing(HighCard):
        error: Exception | None = None
        answer: Any = None

        def bot_move(self, state: Any, seat: int, rng: random.Random) -> Any:
            if self.error is not None:
                raise self.error
            return self.answer

    rules = Failing()
    state = rules.setup(2, rules.Options(), 7)
    secret = state.hands[0][0]
    rules.error = KeyError(f"card {secret}")
    with caplog.at_level("WARNING", logger="app.rooms.bots"):
        assert choose_move(rules, state, 0, bot_rng(7, 1, 0)) in rules.legal_moves(state, 0)
        rules.error, rules.answer = None, {"type": "pick", "card": secret, "hand": [secret]}
        assert choose_move(rules, state, 0, bot_rng(7, 1, 0)) in rules.legal_moves(state, 0)
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 2 and "KeyError at " in said[0] and "unlisted" in said[1]
    assert not any(str(secret) in line.split(" at ")[0] for line in said)
    assert all(r.exc_info is None for r in caplog.records)


# -- seating -----------------------------------------------------------------


async def test_add_bot_names_the_seat_and_marks_it(service: RoomService) -> None:
    room, host = await service.create_room(TOY, {}, 3, False, True)
    await service.take_seat(room.code, "Bot 2", 0, host_token=host)
    assert await service.add_bot(room.code, host, 1) != "Bot 2"  # names stay unique
    assert await service.add_bot(room.code, host, 2) == "Bot 3"
    info = await service.room(room.code)
    assert [s.bot for s in info.seats] == [False, True, True]
    assert len({s.name for s in info.seats}) == 3
    record = await service.repo.load(room.code)
    assert record is not None and record.seats[1].token_hash is None  # no token


async def test_add_bot_is_refused_with_clear_reasons(service: RoomService) -> None:
    code, host, (ann, _bob) = await full_room(service, 2)
    with pytest.raises(errors.NotHost, match="Only the host can add a bot"):
        await service.add_bot(code, ann, 1)
    with pytest.raises(errors.SeatTaken, match="That seat is taken"):
        await service.add_bot(code, host, 1)
    with pytest.raises(errors.NoSuchSeat):
        await service.add_bot(code, host, 5)
    with pytest.raises(errors.RoomNotFound):
        await service.add_bot("nope", host, 0)
    await service.remove_player(code, host, 1)
    await service.add_bot(code, host, 1)
    await service.start(code, host)
    await play_as_person(service, code, 0, ann, random.Random(1))
    await service.remove_player(code, host, 1)
    await service.add_bot(code, host, 1)  # after the end: a bot for the next game
    with pytest.raises(errors.SeatTaken, match="That seat is taken"):
        await service.add_bot(code, host, 1)


async def test_the_host_removes_a_bot_while_waiting(service: RoomService) -> None:
    room, host = await service.create_room(TOY, {}, 2, False, True)
    await service.add_bot(room.code, host, 1)
    with pytest.raises(errors.WrongStatus, match="Every seat"):
        await service.start(room.code, host)
    await service.remove_player(room.code, host, 1)
    seat = (await service.room(room.code)).seats[1]
    assert seat.name is None and not seat.bot
    assert (await service.take_seat(room.code, "Cy", 1))[0] == 1


# -- playing -----------------------------------------------------------------


@pytest.mark.parametrize("game", [TOY, *sorted(GAMES)])
async def test_a_person_and_bots_play_a_whole_game(service: RoomService, game: str) -> None:
    rules = service.games[game]
    seats = max(3, rules.min_players) if rules.max_players >= 3 else rules.min_players
    code, host, (ann,) = await bot_room(service, game, seats, people=1)
    async with service.broker.subscribe(f"room:{code}") as notices:
        version = await service.start(code, host)
        sent = await play_as_person(service, code, 0, ann, random.Random(3))
        await finished(service, code)
        room = await service.room(code)
        states = []
        while not notices.empty():
            message = await notices.get()
            if message["kind"] == "state":
                states.append(message["version"])
    assert room.outcome is not None and sent > 0
    # every bot move went through the pipeline: stored, versioned, published in order
    assert await service.repo.move_count(code) == room.version - version
    assert states == list(range(version, room.version + 1))
    assert await movers(service, code) == set(range(seats))


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_an_all_bot_room_finishes_by_itself(service: RoomService, game: str) -> None:
    rules = service.games[game]
    code, host, _ = await bot_room(service, game, rules.min_players)
    await service.start(code, host)  # the host has no seat: people only watch
    await finished(service, code)
    room = await service.room(code)
    assert room.outcome is not None and all(s.bot for s in room.seats)
    assert await movers(service, code) == set(range(rules.min_players))


async def test_a_bot_takes_over_a_removed_player_mid_game(service: RoomService) -> None:
    info, host = await service.create_room(TOY, {"tricks": 3}, 2, False, True)
    code = info.code
    _, ann = await service.take_seat(code, "Ann", 0, host_token=host)
    _, bob = await service.take_seat(code, "Bob", 1)
    version = await service.start(code, host)
    for seat, token in ((0, ann), (1, bob)):
        move = (await service.snapshot(code, seat)).view["moves"][0]  # type: ignore[index]
        version = await service.submit_move(code, token, version, move)
    await service.remove_player(code, host, 1)  # Bob has gone: a good bot, at once
    seat = (await service.room(code)).seats[1]
    assert (seat.name, seat.bot, seat.level) == ("Bot 2", True, "good")
    sent = await play_as_person(service, code, 0, ann, random.Random(5))
    await finished(service, code)
    assert sent == 2 and await service.seat_of(code, bob) is None
    moves = await service.repo.moves(code, 1)
    assert [m.seat for m in moves].count(1) == 3  # Bob's one move, then the bot's two


async def test_one_runner_per_room_and_a_clean_shutdown(
    make_service: Callable[..., Any],
) -> None:
    slow: RoomService = await make_service(bot_delay_ms=60_000)
    code, host, _ = await bot_room(slow, TOY, 2)
    await slow.start(code, host)
    for _ in range(5):
        slow.nudge_bots(code)
    assert slow.bots.running(code) and len(slow.bots.runner.tasks) == 1
    await slow.close()  # cancels the sleeping runner
    assert not slow.bots.running(code)
    assert (await slow.room(code)).version == 1  # no bot moved


async def test_bots_carry_on_after_a_restart(make_service: Callable[..., Any]) -> None:
    before: RoomService = await make_service(bot_delay_ms=60_000)
    first, host1, _ = await bot_room(before, TOY, 3)
    second, host2, _ = await bot_room(before, TOY, 2)
    await before.start(first, host1)
    await before.start(second, host2)
    await before.close()  # the server stops before any bot moved
    after: RoomService = await make_service()
    after.nudge_bots(first)  # e.g. a socket connected to it
    await finished(after, first)
    assert (await after.room(second)).version == 1  # not nudged: still waits
    assert await after.resume_bots() == 1  # start-up: every running game with a bot
    await finished(after, second)


async def test_a_rematch_of_an_all_bot_room_plays_itself_again(service: RoomService) -> None:
    code, host, _ = await bot_room(service, TOY, 3, options={"tricks": 2})
    await service.start(code, host)
    await finished(service, code)
    assert await service.rematch(code, host) == code
    await finished(service, code)
    room = await service.room(code)
    assert room.game_no == 2 and room.outcome is not None
    assert await movers(service, code) == {0, 1, 2}


async def test_resume_bots_carries_on_every_running_game_with_a_bot(
    make_service: Callable[..., Any],
) -> None:
    """The real start-up path: a new service finds the game, its runner moves the bot."""
    first: RoomService = await make_service(bot_delay_ms=60_000)
    info, host = await first.create_room(TOY, {"tricks": 1}, 2, False, True)
    code = info.code
    await first.take_seat(code, "Ann", 0, host_token=host)
    await first.add_bot(code, host, 1, level="random")
    await first.start(code, host)
    await first.close()  # a shutdown before the bot's (slow) move
    assert (await first.room(code)).version == 1
    second: RoomService = await make_service()
    assert await second.resume_bots() == 1
    await second.bots.idle(code)  # the runner plays the bot's turn, then stops
    room = await second.room(code)
    assert room.version == 2 and room.seats[1].bot and room.seats[1].level == "random"
    assert [m.seat for m in await second.repo.moves(code, 1)] == [1]


async def test_a_bot_removed_on_another_process_unheard_here_does_not_move(
    make_service: Callable[..., Any],
) -> None:
    """The bot's move is checked as a person's (app/db/moves.py: HELD): the seat it
    plays for must still be a bot's. Its runner is slow here, so the step is taken by
    hand, as the runner takes it."""
    slow: RoomService = await make_service(bot_delay_ms=60_000)
    other: RoomService = await make_service(bot_delay_ms=60_000)  # its own bus: `slow`
    code, host, _ = await bot_room(slow, TOY, 2, people=1)      # hears nothing of it
    assert await slow.live.watch(code) is not None
    version = await slow.start(code, host)
    await other.remove_player(code, host, 1)  # mid-game: another bot takes it ...
    await other.open_seat(code, host, 1)  # ... until the host opens it to a person
    assert slow.live.rooms[code].record.seats[1].bot  # not heard here
    assert await slow.bots.step(code)  # the runner would look again: nothing to do
    assert (await other.room(code)).version == version and not await other.repo.moves(code, 1)
    assert not await slow.bots.waiting(code)  # the refusal read the seat: empty now
    slow.unwatch(code)
    await slow.close()
