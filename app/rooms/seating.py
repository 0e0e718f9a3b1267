"""Rooms and seats: open a room, take and leave seats, the host's rights (remove a
player, add a bot, start), and the rematch. A part of the room service
(app/rooms/service.py). Seat and status changes are rare: each is written first, then
the live room here reads its record again and everyone is told (`Notices.announce`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from sqlalchemy.exc import IntegrityError

from app.db.records import replaced
from app.db.repository import Repository, RoomRecord, SeatRecord
from app.games.base import InvalidOptions, options_to_json, parse_options
from app.rooms import errors
from app.rooms.live import LiveRooms
from app.rooms.models import RoomInfo
from app.rooms.names import clean_name
from app.rooms.notices import Notices
from app.rooms.timers import begin_deadlines, check_turn_timer
from app.rooms.tokens import hash_token, new_room_code, new_seed, new_token, token_matches

BOT_LEVELS = ("random", "good")


class Seating:
    def __init__(
        self, repo: Repository, live: LiveRooms, notices: Notices,
        nudge_bots: Callable[[str], None], nudge_timers: Callable[[str], None],
        clock: Callable[[], int], info: Callable[[str], Awaitable[RoomInfo]],
    ) -> None:
        self.repo, self.live, self.notices = repo, live, notices
        self.nudge_bots, self.nudge_timers, self.clock = nudge_bots, nudge_timers, clock
        self.info = info  # the room as the service shows it (RoomService.room)

    async def _load(self, code: str) -> RoomRecord:
        """The room record from the database (a seat change reads it fresh)."""
        room = await self.repo.load(code) if isinstance(code, str) else None
        if room is None:
            raise errors.RoomNotFound()
        return room

    async def create_room(
        self, game_id: str, options: Mapping[str, Any] | None, seats: int, public: bool,
        spectators: bool, turn_timer: int | None = 0,
    ) -> tuple[RoomInfo, str]:
        rules = self.live.rules(game_id)
        timer = check_turn_timer(turn_timer)
        try:
            parsed = parse_options(rules.Options, options)
        except InvalidOptions as exc:
            raise errors.BadOptions(str(exc)) from exc
        if not isinstance(seats, int) or not rules.min_players <= seats <= rules.max_players:
            raise errors.BadOptions("%(game)s is for %(min)s to %(max)s players.",
                                    game=rules.title, min=rules.min_players,
                                    max=rules.max_players)
        try:
            rules.setup(seats, parsed, 0)  # options that cannot be played fail now
        except InvalidOptions as exc:
            raise errors.BadOptions(str(exc)) from exc
        host_token = new_token()
        for _ in range(5):
            code = new_room_code()
            try:
                await self.repo.create_room(
                    code, game_id, options_to_json(parsed), seats, bool(public),
                    bool(spectators), hash_token(host_token), timer,
                )
                break
            except IntegrityError:  # a code collision: astronomically rare
                continue
        else:
            raise errors.RoomError("Could not make a room; please try again.")
        return await self.info(code), host_token

    async def take_seat(
        self, code: str, name: str, index: int | None = None, *,
        host_token: str | None = None, current_token: str | None = None,
    ) -> tuple[int, str]:
        room = await self._load(code)
        if room.status == "finished":
            raise errors.WrongStatus("This game is over.")
        if _seat_of(room, current_token) is not None:
            raise errors.AlreadySeated()
        name = clean_name(name)
        if _name_taken(room, name):
            raise errors.InvalidName("Someone in this room already has that name.")
        free = [s.index for s in room.seats if s.name is None]
        token = await self._returning(code, current_token) or new_token()
        if index is None:
            if not free:
                raise errors.SeatTaken("Every seat is taken.")
            index = await self._claim_any(code, free, name, token)
        else:
            if not isinstance(index, int) or not 0 <= index < len(room.seats):
                raise errors.NoSuchSeat()
            if not await self.repo.claim_seat(code, index, name, hash_token(token)):
                raise await self._why_not_seated(code, name)
        if room.host_seat is None and token_matches(host_token, room.host_token_hash):
            await self.repo.set_host_seat(code, index)
        await self.notices.announce(code)
        return index, token

    async def _returning(self, code: str, token: str | None) -> str | None:
        """The token of a person coming back to the room (it played a recorded game
        here, and leaving kept it in their cookie): seated with it again, they keep
        their line in the evening's standings (app/rooms/standings.py)."""
        if not isinstance(token, str) or not token or len(token) > 128:
            return None
        return token if await self.repo.past_player(code, hash_token(token)) else None

    async def _claim_any(self, code: str, free: list[int], name: str, token: str) -> int:
        """The first of the `free` seats this person gets: one taken meanwhile (others
        joined at the same moment) is passed over, not refused."""
        for index in free:
            if await self.repo.claim_seat(code, index, name, hash_token(token)):
                return index
        raise await self._why_not_seated(code, name)

    async def _why_not_seated(self, code: str, name: str) -> errors.RoomError:
        """Why a claim found its seat taken: the name came first, or the seat(s)."""
        room = await self._load(code)
        if _name_taken(room, name):
            return errors.InvalidName("Someone in this room already has that name.")
        if all(s.name is not None for s in room.seats):
            return errors.SeatTaken("Every seat is taken.")
        return errors.SeatTaken()

    async def leave_seat(self, code: str, token: str | None) -> None:
        room = await self._load(code)
        seat = _seat_of(room, token)
        if seat is None:
            raise errors.NotSeated()
        # A finished game may be left: the rematch then reopens the room for a new
        # player or a bot (as when the host removes someone).
        if not await self.repo.free_seat(code, seat, only_status=("waiting", "finished")):
            raise errors.WrongStatus("You cannot leave once the game has started.")
        await self._seats_changed(code)

    async def remove_player(self, code: str, host_token: str | None, seat: int) -> None:
        """The host empties a seat. In a running game a good bot takes it over at once:
        whoever took an empty seat mid-game would see that hand, so a person gets it
        only once the host opens it (`open_seat`)."""
        room = await self._load(code)
        if not token_matches(host_token, room.host_token_hash):
            raise errors.NotHost()
        if not isinstance(seat, int) or not 0 <= seat < len(room.seats):
            raise errors.NoSuchSeat()
        if room.seats[seat].name is None:
            raise errors.NoSuchSeat("That seat is already empty.")
        if room.status == "playing" and await self.repo.bot_takes_over(
                code, seat, _bot_name(room, seat), "good"):
            await self.notices.announce(code)
            self.nudge_bots(code)  # it may be the bot's turn now
            return
        # (a game that ended meanwhile: emptied as in any finished game)
        await self.repo.free_seat(code, seat, only_status=None)
        await self._seats_changed(code)

    async def open_seat(self, code: str, host_token: str | None, seat: int) -> None:
        """The host opens a bot's seat of a running game to a person: the bot leaves,
        and whoever takes the seat next plays on with its hand (the host's choice)."""
        room = await self._load(code)
        if not token_matches(host_token, room.host_token_hash):
            raise errors.NotHost()
        if not isinstance(seat, int) or not 0 <= seat < len(room.seats):
            raise errors.NoSuchSeat()
        if room.status != "playing":
            raise errors.WrongStatus(
                "Only a seat of a running game can be opened to a person.")
        if not room.seats[seat].bot:
            raise errors.SeatTaken("Only a bot's seat can be opened to a person.")
        if not await self.repo.free_seat(code, seat, only_status=("playing",)):
            raise errors.WrongStatus(
                "Only a seat of a running game can be opened to a person.")
        await self.notices.announce(code)

    async def add_bot(self, code: str, host_token: str | None, seat: int,
                      level: str = "good") -> str:
        """The host puts a bot of `level` ("random" or "good") in an empty seat: before
        the start, mid-game in a seat the host emptied with `remove_player` (the bot
        takes over), or after the end for the next game (a bot agrees to it). Returns
        its name."""
        room = await self._load(code)
        if not token_matches(host_token, room.host_token_hash):
            raise errors.NotHost("Only the host can add a bot.")
        if level not in BOT_LEVELS:
            raise errors.BadOptions('A bot plays at level "random" or "good".')
        if not isinstance(seat, int) or not 0 <= seat < len(room.seats):
            raise errors.NoSuchSeat()
        if room.seats[seat].name is not None:
            raise errors.SeatTaken("That seat is taken: a bot needs an empty seat.")
        name = _bot_name(room, seat)
        if not await self.repo.claim_bot_seat(code, seat, name, level):
            raise errors.SeatTaken("That seat was just taken.")
        await self._seats_changed(code)
        if room.status == "playing":  # a bot takes over mid-game: it may be its turn
            self.nudge_bots(code)
        return name

    async def start(self, code: str, host_token: str | None) -> int:
        room = await self._load(code)
        if not token_matches(host_token, room.host_token_hash):
            raise errors.NotHost()
        if room.status != "waiting":
            raise errors.WrongStatus("The game has already started.")
        return await self._begin(room)

    async def rematch(self, code: str, token: str | None) -> str:
        """"Play again" after the end: a proposal the others accept (issue 34). A seat's
        holder agrees to the next game; once every person seated has agreed (a bot always
        does) it starts, or, with a seat left empty, the room goes back to waiting for it
        to be filled. The host without a seat agrees for nobody: their press starts a
        room of bots only."""
        # A watched room whose last agreement this is starts its next game from the
        # live record, without a read: this process's writes and the bus's notices keep
        # it current, and the UPDATE (version, status, every seat taken) says whether
        # the database still agrees. Anything else (an agreement to store, a refusal, a
        # seat to fill, another process's change not heard yet) is decided from a fresh
        # read.
        live = self.live.rooms.get(code) if isinstance(code, str) else None
        if live is not None and self._may_rematch(live.record, token) \
                and await self._try_begin(live.record) is not None:
            return code
        room = await self._load(code)
        seat = _seat_of(room, token)
        if seat is None and not token_matches(token, room.host_token_hash):
            raise errors.NotSeated()
        if room.status != "finished":
            raise errors.WrongStatus("A rematch can start only after the end.")
        if seat is not None and not room.seats[seat].rematch:
            if not await self.repo.agree_rematch(code, seat):
                raise errors.WrongStatus("A rematch can start only after the end.")
            room = replaced(room, seats=tuple(
                dataclasses.replace(s, rematch=True) if s.index == seat else s
                for s in room.seats))
        elif seat is None and _people(room):
            raise errors.WrongStatus("Every player must agree to play again.")
        await self._rematch_if_agreed(room)
        return code

    async def _rematch_if_agreed(self, room: RoomRecord) -> None:
        """After a change at the end of a game (an agreement, a seat left or given to a
        bot): the next game starts once every person seated agreed and no seat is empty;
        with a seat empty (and someone agreed) the room waits for it to be filled; else
        the room's people are told what changed."""
        code = room.code
        agreed = all(s.rematch for s in _people(room))
        if room.status != "finished" or not agreed:
            await self.notices.announce(code)
        elif all(s.name is not None for s in room.seats):
            if await self._try_begin(room) is None:  # another writer came first
                await self.notices.announce(code)
        elif _people(room):
            if not await self.repo.reopen(code, room.version):
                raise errors.StaleVersion(room.version + 1)
            await self.notices.announce(code, state=room.version + 1)
        else:
            await self.notices.announce(code)

    async def _seats_changed(self, code: str) -> None:
        """A seat was taken, left or emptied: after the end of a game that may be the
        change the next game waited for."""
        room = await self._load(code)
        if room.status == "finished":
            await self._rematch_if_agreed(room)
        else:
            await self.notices.announce(code)

    def _may_rematch(self, room: RoomRecord, token: str | None) -> bool:
        """Whether `token`'s press starts the next game of `room` at once: finished,
        every seat taken, and it is the last agreement missing (a seat's whose holder is
        the only person not yet agreed, or the host's in a room of bots only)."""
        if room.status != "finished" or any(s.name is None for s in room.seats):
            return False
        seat = _seat_of(room, token)
        if seat is None:
            return not _people(room) and token_matches(token, room.host_token_hash)
        return all(s.rematch for s in _people(room) if s.index != seat)

    async def _begin(self, room: RoomRecord) -> int:
        if any(s.name is None for s in room.seats):
            raise errors.WrongStatus("Every seat must be taken first.")
        version = await self._try_begin(room)
        if version is None:
            raise errors.StaleVersion(room.version + 1, "The game has already started.")
        return version

    async def _try_begin(self, room: RoomRecord) -> int | None:
        """A new game in `room` (every seat taken) at its next version; None when the
        database no longer holds `room` as it is (another writer came first)."""
        rules = self.live.rules(room.game_id)
        # a new game starts every seat present, with the timer the host chose for it
        # (begin_game writes the same)
        room = replaced(room, turn_timer=room.next_game_timer, next_turn_timer=None,
                        seats=tuple(
            s if not (s.away or s.timeouts or s.rematch)
            else dataclasses.replace(s, away=False, timeouts=0, rematch=False)
            for s in room.seats))
        seed = new_seed()
        options = parse_options(rules.Options, room.options)
        first = rules.setup(len(room.seats), options, seed)
        state = rules.encode(first)
        deadlines = begin_deadlines(room, frozenset(rules.to_act(first)), self.clock())
        seats = await self.repo.begin_game(room.code, room.version, room.status, state,
                                           seed, deadlines, room.turn_timer)
        if seats is None:
            return None
        # The live room takes the new game from what was just written, not from a read
        # of the room back: the UPDATE matched `room`'s version, status and full seats,
        # and the seats are as the same transaction read them.
        begun = replaced(room, status="playing", version=room.version + 1, state=state,
                         seed=seed, game_no=room.game_no + 1, deadlines=deadlines,
                         seats=seats)
        await self.live.begun(begun, first)
        await self.notices.publish(room.code, {"kind": "state", "version": begun.version})
        if any(s.bot or s.away for s in begun.seats):
            self.nudge_bots(room.code)
        if room.turn_timer:
            self.nudge_timers(room.code)
        return room.version + 1


def _seat_of(room: RoomRecord, token: str | None) -> int | None:
    for seat in room.seats:
        if token_matches(token, seat.token_hash):
            return seat.index
    return None


def _people(room: RoomRecord) -> list[SeatRecord]:
    """The seats people hold (not bots, not empty)."""
    return [s for s in room.seats if s.name is not None and not s.bot]


def _bot_name(room: RoomRecord, seat: int) -> str:
    """"Bot <seat>", or another number that no one else in the room is called."""
    taken = {s.name.casefold() for s in room.seats if s.name and s.index != seat}
    candidates = [f"Bot {seat + 1}"] + [f"Bot {n}" for n in range(1, len(room.seats) + 2)]
    return next(c for c in candidates if c.casefold() not in taken)


def _name_taken(room: RoomRecord, name: str) -> bool:
    return any(s.name and s.name.casefold() == name.casefold() for s in room.seats)
