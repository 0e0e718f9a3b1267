"""The JSON API: everything the pages do, under /api, documented in OpenAPI.

Errors become `{"detail": reason, "code": code}` responses (plus `version` for stale) in
one place, app/web/errors.py.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field, StrictInt

from app.games.base import IllegalMove, options_schema
from app.i18n import DEFAULT
from app.i18n.games import refusal_text
from app.rooms.errors import StaleVersion
from app.rooms.models import ChatLine, RoomInfo, Snapshot
from app.rooms.records import game_record
from app.web.deps import (
    GamesDep,
    HostTokenDep,
    LanguageDep,
    LimitChat,
    LimitNewRooms,
    RoomsDep,
    SeatTokenDep,
    SettingsDep,
    clear_token_cookie,
    host_cookie,
    limit_refused_moves,
    seat_cookie,
    set_token_cookie,
)

router = APIRouter(prefix="/api", tags=["api"])


class GameInfo(BaseModel):
    id: str
    title: str
    min_players: int
    max_players: int
    options: list[dict[str, Any]]


class CreateRoom(BaseModel):
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: StrictInt
    public: bool = False
    spectators: bool = True
    turn_timer: StrictInt = 0  # seconds per decision: 0 (off), 30, 60, 120 or 300


class TakeSeat(BaseModel):
    name: str = Field(max_length=200)
    seat: StrictInt | None = None


class MoveBody(BaseModel):
    version: StrictInt  # strict: `true` is not version 1
    move: dict[str, Any]


class ChatBody(BaseModel):
    text: str = Field(max_length=2000)


class Version(BaseModel):
    version: int


class SeatTaken(BaseModel):
    seat: int


class AddBot(BaseModel):
    seat: StrictInt
    level: Literal["random", "good"] = "good"


class BotAdded(BaseModel):
    seat: int
    name: str


class Rematch(BaseModel):
    code: str
    # "playing": the next game began; "finished": agreed, waiting for the others;
    # "waiting": every person agreed and a seat is to be filled first
    status: str


class RoomForYou(RoomInfo):
    my_seat: int | None = None
    is_host: bool = False


class RecordedPlayer(BaseModel):
    seat: int
    name: str
    bot: bool
    level: str | None = None


class RecordedMove(BaseModel):
    version: int
    seat: int
    move: dict[str, Any]


class GameRecord(BaseModel):
    """A finished game: replay it with `python -m app.replay record.json`."""

    format: int
    room: str
    game_no: int
    game: str
    options: dict[str, Any]
    seed: int
    players: list[RecordedPlayer]
    started_version: int  # the version after the deal; move i has version started + i
    moves: list[RecordedMove]
    outcome: dict[str, Any]
    finished_at: str | None  # None for a game finished before records were kept


class Problem(BaseModel):
    detail: str
    code: str
    version: int | None = None


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem} for code in (403, 404, 409, 422, 429)
}


@router.get("/games", response_model=list[GameInfo])
async def list_games(games: GamesDep) -> list[GameInfo]:
    return [
        GameInfo(id=r.id, title=r.title, min_players=r.min_players,
                 max_players=r.max_players, options=options_schema(r.Options))
        for r in sorted(games.values(), key=lambda r: r.title)
    ]


@router.get("/rooms", response_model=list[RoomInfo])
async def list_public_rooms(rooms: RoomsDep) -> list[RoomInfo]:
    return await rooms.public_rooms()


@router.post("/rooms", response_model=RoomInfo, status_code=201, responses=ERRORS,
             dependencies=[LimitNewRooms])
async def create_room(
    body: CreateRoom, rooms: RoomsDep, settings: SettingsDep, response: Response
) -> RoomInfo:
    room, host_token = await rooms.create_room(
        body.game, body.options, body.seats, body.public, body.spectators, body.turn_timer
    )
    set_token_cookie(response, settings, host_cookie(room.code), host_token)
    return room


@router.get("/rooms/{code}", response_model=RoomForYou, responses=ERRORS)
async def get_room(
    code: str, rooms: RoomsDep, seat_token: SeatTokenDep, host_token: HostTokenDep
) -> RoomForYou:
    room = await rooms.room(code)
    return RoomForYou(
        **room.model_dump(), my_seat=await rooms.seat_of(code, seat_token),
        is_host=await rooms.is_host(code, host_token),
    )


@router.get("/rooms/{code}/view", response_model=Snapshot, responses=ERRORS)
async def get_view(code: str, rooms: RoomsDep, seat_token: SeatTokenDep) -> Snapshot:
    return await rooms.snapshot(code, await rooms.viewer(code, seat_token))


@router.post("/rooms/{code}/seats", response_model=SeatTaken, status_code=201,
             responses=ERRORS)
async def take_seat(
    code: str, body: TakeSeat, rooms: RoomsDep, settings: SettingsDep, response: Response,
    seat_token: SeatTokenDep, host_token: HostTokenDep,
) -> SeatTaken:
    seat, token = await rooms.take_seat(
        code, body.name, body.seat, host_token=host_token, current_token=seat_token
    )
    set_token_cookie(response, settings, seat_cookie(code), token)
    return SeatTaken(seat=seat)


@router.delete("/rooms/{code}/seat", status_code=204, responses=ERRORS)
async def leave_seat(
    code: str, rooms: RoomsDep, settings: SettingsDep, seat_token: SeatTokenDep,
) -> Response:
    await rooms.leave_seat(code, seat_token)
    response = Response(status_code=204)
    clear_token_cookie(response, settings, seat_cookie(code))
    return response


@router.post("/rooms/{code}/back", status_code=204, responses=ERRORS)
async def back(code: str, rooms: RoomsDep, seat_token: SeatTokenDep) -> Response:
    """"I'm back": the bot that plays for this away seat (turn timers) stops."""
    await rooms.back(code, seat_token)
    return Response(status_code=204)


@router.delete("/rooms/{code}/seats/{seat}", status_code=204, responses=ERRORS)
async def remove_player(
    code: str, seat: int, rooms: RoomsDep, host_token: HostTokenDep
) -> Response:
    await rooms.remove_player(code, host_token, seat)
    return Response(status_code=204)


@router.post("/rooms/{code}/bots", response_model=BotAdded, status_code=201,
             responses=ERRORS)
async def add_bot(
    code: str, body: AddBot, rooms: RoomsDep, host_token: HostTokenDep
) -> BotAdded:
    """The host seats a bot in an empty seat: before the start, or mid-game in a seat
    the host emptied (the bot takes over). Bots move by themselves."""
    name = await rooms.add_bot(code, host_token, body.seat, body.level)
    return BotAdded(seat=body.seat, name=name)


@router.post("/rooms/{code}/start", response_model=Version, responses=ERRORS)
async def start(code: str, rooms: RoomsDep, host_token: HostTokenDep) -> Version:
    return Version(version=await rooms.start(code, host_token))


@router.post("/rooms/{code}/rematch", response_model=Rematch, responses=ERRORS)
async def rematch(
    code: str, rooms: RoomsDep, seat_token: SeatTokenDep, host_token: HostTokenDep
) -> Rematch:
    """"Play again" after the end: a proposal the others accept (or leave). The seat's
    holder agrees; the next game starts when every person seated has agreed (bots
    always do) and no seat is empty; the room's `seats[].rematch` says who agreed."""
    seat = await rooms.seat_of(code, seat_token)
    await rooms.rematch(code, seat_token if seat is not None else host_token)
    return Rematch(code=code, status=(await rooms.room(code)).status)


@router.post("/rooms/{code}/moves", response_model=Version, responses=ERRORS)
async def submit_move(
    code: str, body: MoveBody, rooms: RoomsDep, seat_token: SeatTokenDep, request: Request,
    lang: LanguageDep,
) -> Version:
    try:
        return Version(version=await rooms.submit_move(code, seat_token, body.version,
                                                       body.move))
    except (StaleVersion, IllegalMove) as exc:
        # A refused move costs a lookup and an answer: a client hammering them is slowed
        # down (a real player meets a few stale answers, never hundreds a minute).
        limit_refused_moves(request, code)
        if isinstance(exc, IllegalMove) and exc.kind is not None and lang != DEFAULT:
            game_id = (await rooms.room(code)).game_id  # the game's own words
            raise IllegalMove(refusal_text(game_id, exc.kind, exc.data, lang, exc.reason)) from exc
        raise


@router.get("/rooms/{code}/chat", response_model=list[ChatLine], responses=ERRORS)
async def chat_history(code: str, rooms: RoomsDep, seat_token: SeatTokenDep) -> list[ChatLine]:
    await rooms.viewer(code, seat_token)
    return await rooms.chat_history(code)


@router.post("/rooms/{code}/chat", response_model=ChatLine, status_code=201, responses=ERRORS,
             dependencies=[LimitChat])
async def chat(code: str, body: ChatBody, rooms: RoomsDep, seat_token: SeatTokenDep) -> ChatLine:
    return await rooms.chat(code, await rooms.viewer(code, seat_token), body.text)


@router.get("/rooms/{code}/games/{game_no}/record", response_model=GameRecord,
            responses=ERRORS)
async def get_game_record(
    code: str, game_no: int, rooms: RoomsDep, seat_token: SeatTokenDep
) -> GameRecord:
    """A finished game's record (issue 14): game, options, seed, players, every move
    with its seat and version, the outcome. `python -m app.replay` replays it. 409
    `game_running` while the game runs (the seed would show every hand), 404
    `no_record` for a game the room has not finished; whoever may watch the room may
    fetch it."""
    return GameRecord(**await game_record(rooms, code, game_no, seat_token))
