"""A live room remembers which seat a token holds, and forgets it when the seats change
(app/rooms/live.py: `seat_of`, `seats_epoch`)."""

from __future__ import annotations

import dataclasses

from app.db.records import RoomRecord, SeatRecord
from app.rooms.live import LiveRoom
from app.rooms.tokens import hash_token


def record(hashes: list[str | None], spectators: bool = True) -> RoomRecord:
    seats = tuple(SeatRecord(index=i, name=f"P{i}", token_hash=h, bot=False)
                  for i, h in enumerate(hashes))
    return RoomRecord(code="abc", game_id="toy", options={}, public=False,
                      spectators=spectators, status="waiting", version=1, game_no=1,
                      seed=None, state=None, host_token_hash="", host_seat=0, seats=seats)


def test_a_removed_player_is_no_longer_seated_and_the_epoch_moves() -> None:
    live = LiveRoom(record([hash_token("ann"), hash_token("bob")]), None, [], [])
    assert (live.seat_of("ann"), live.seat_of("bob"), live.seat_of("eve")) == (0, 1, None)
    epoch = live.seats_epoch
    live.absorb(record([None, hash_token("bob")]), [])  # Ann removed
    assert live.seats_epoch == epoch + 1
    assert (live.seat_of("ann"), live.seat_of("bob")) == (None, 1)
    live.absorb(record([hash_token("eve"), hash_token("bob")]), [])  # Eve sits down
    assert live.seat_of("eve") == 0


def test_the_epoch_stays_while_who_may_watch_stays() -> None:
    first = record([hash_token("ann"), None])
    live = LiveRoom(first, None, [], [])
    epoch = live.seats_epoch
    live.absorb(dataclasses.replace(first, version=2), [])  # same seats, newer version
    assert live.seats_epoch == epoch
    live.absorb(dataclasses.replace(first, version=3, spectators=False), [])
    assert live.seats_epoch == epoch + 1


def test_whether_a_bot_plays_is_asked_again_when_the_seats_change() -> None:
    first = record([hash_token("ann"), hash_token("bob")])
    live = LiveRoom(first, None, [], [])
    assert not live.has_bots() and live.version == 1
    live.absorb(dataclasses.replace(first, version=2), [])  # same seats
    assert not live.has_bots() and live.version == 2
    bot = dataclasses.replace(first.seats[1], bot=True)
    live.absorb(dataclasses.replace(first, version=3, seats=(first.seats[0], bot)), [])
    assert live.has_bots() and live.version == 3
    away = dataclasses.replace(first.seats[0], away=True)
    live.absorb(dataclasses.replace(first, version=4, seats=(away, first.seats[1])), [])
    assert live.has_bots()  # an away seat's bot plays for it
    live.absorb(dataclasses.replace(first, version=5), [])
    assert not live.has_bots()


def test_the_frames_timers_follow_deadlines_away_seats_and_status() -> None:
    """`Frame.timers` is made again only when what it reads changed (live.py: frame)."""
    first = dataclasses.replace(record([hash_token("ann"), hash_token("bob")]),
                                status="playing", deadlines={"0": 5})
    live = LiveRoom(first, None, [], [])
    timers = live.frame(0).timers
    assert timers == {"deadlines": {"0": 5}, "away": []}
    live.advance(dataclasses.replace(first, version=2), None, 0, [], frozenset())
    assert live.frame(0).timers is timers  # a move's record: the same seats and deadlines
    live.advance(dataclasses.replace(first, version=3, deadlines={"1": 9}), None, 0, [],
                 frozenset())
    assert live.frame(1).timers == {"deadlines": {"1": 9}, "away": []}
    away = (dataclasses.replace(first.seats[0], away=True), first.seats[1])
    live.advance(dataclasses.replace(first, version=4, deadlines={"1": 9}, seats=away),
                 None, 0, [], frozenset())
    assert live.frame(None).timers == {"deadlines": {"1": 9}, "away": [0]}
    live.advance(dataclasses.replace(first, version=5, deadlines={"1": 9}, seats=away,
                                     status="finished"), None, 0, [], frozenset())
    assert live.frame(None).timers == {"deadlines": {}, "away": [0]}
