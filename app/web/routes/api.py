"""The JSON API: everything the pages do, under /api, documented in OpenAPI.

Errors become `{"detail": reason, "code": code}` responses (plus `version` for stale) in
one place, app/web/errors.py.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictBool
from pydantic_core import PydanticCustomError

from app.games.base import IllegalMove, options_schema
from app.i18n import DEFAULT
from app.i18n.games import refusal_text
from app.rooms.errors import StaleVersion, UnknownGame
from app.rooms.models import ChatLine, RoomInfo
from app.rooms.models import Snapshot as Picture
from app.rooms.names import CHAT_MAX, NAME_MAX
from app.rooms.records import game_record, room_standings
from app.rooms.standings import Standings
from app.web.deps import (
    GamesDep,
    HostTokenDep,
    LanguageDep,
    RoomsDep,
    SeatTokenDep,
    SettingsDep,
    host_cookie,
    limit_chat,
    limit_new_rooms,
    limit_refused_moves,
    limit_seat_changes,
    limit_settings_changes,
    seat_cookie,
    set_token_cookie,
)
from app.web.middleware.bodies import MAX_INT
from app.web.render.loglines import LOG_LINES, log_of

router = APIRouter(prefix="/api", tags=["api"])


class GameInfo(BaseModel):
    id: str
    title: str
    min_players: int
    max_players: int
    options: list[dict[str, Any]]


# A request body with a property we do not know is refused (422), and the schema says so
# (additionalProperties: false). What the schema says beyond the models (the game ids,
# the seats' bounds) depends on the games served: app/web/routes/schema.py adds it.
class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _whole(value: Any) -> Any:
    """A JSON whole number, as JSON Schema's "integer" has it: 2 or 2.0, but not
    `true` (not version 1), "2" or 2.5."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


# (and whole numbers in a body are refused above 2**53: app/web/middleware/bodies.py)
Whole = Annotated[int, Field(ge=-MAX_INT, le=MAX_INT), BeforeValidator(_whole)]
Index = Annotated[int, Field(ge=0, le=MAX_INT), BeforeValidator(_whole)]


class CreateRoom(_Body):
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: Whole
    # strict: a JSON true or false only (lax, 0, 0.0 and "no" passed as a choice)
    public: StrictBool = False
    spectators: StrictBool = True
    turn_timer: Whole = 0  # seconds per decision: 0 (off), 30, 60, 120 or 300


# Lengths are the schema's word and the room layer's check (app/rooms/names.py), so a
# refusal keeps its own code (invalid_name, invalid_chat), not `malformed`.
class TakeSeat(_Body):
    name: str = Field(json_schema_extra={"minLength": 1, "maxLength": NAME_MAX})
    seat: Index | None = None


class MoveBody(_Body):
    version: Index  # strict: `true` is not version 1
    move: dict[str, Any]


class ChatBody(_Body):
    text: str = Field(json_schema_extra={"minLength": 1, "maxLength": CHAT_MAX})


class ChangeSettings(_Body):
    """The host's settings: each field left out stays as it is (the schema says no
    defaults: app/web/routes/schema.py). At least one."""

    public: StrictBool = False  # listed in the lobby
    spectators: StrictBool = True  # may people without a seat watch
    turn_timer: Whole = 0  # the NEXT game's seconds per decision: 0, 30, 60, 120 or 300


class ChooseGame(_Body):
    """The next game at the same table: any game served, its options and seats (left
    out: as many as now, within the game's count; never fewer than the people seated)."""

    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: Whole | None = None


class Snapshot(Picture):
    """One viewer's picture of a room at one version, with the newest lines of its log."""

    log: list[str]


class Version(BaseModel):
    version: int


class SeatTaken(BaseModel):
    seat: int


class AddBot(_Body):
    seat: Index
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
# What a request with a body may meet besides (app/web/middleware/bodies.py): too large, too slow.
CHANGES: dict[int | str, dict[str, Any]] = {
    **ERRORS, **{code: {"model": Problem} for code in (408, 413)}}


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


@router.post("/rooms", response_model=RoomInfo, status_code=201, responses=CHANGES)
async def create_room(
    body: CreateRoom, rooms: RoomsDep, games: GamesDep, settings: SettingsDep,
    response: Response, request: Request,
) -> RoomInfo:
    if body.game not in games:  # refused before the limit: a made-up game makes no key
        raise UnknownGame("There is no game called %(game)s.", game=repr(body.game)[:40])
    limit_new_rooms(request)
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
    """Your view now, the newest lines of your log (in English) and the names."""
    frame = await rooms.frame(code, await rooms.viewer(code, seat_token))
    return Snapshot(version=frame.version, seat=frame.seat,
                    status=frame.status,  # type: ignore[arg-type]
                    view=frame.view, names=frame.names, outcome=frame.outcome,
                    log=[line["text"] for line in log_of(frame)[-LOG_LINES:]])


@router.post("/rooms/{code}/seats", response_model=SeatTaken, status_code=201,
             responses=CHANGES)
async def take_seat(
    code: str, body: TakeSeat, rooms: RoomsDep, settings: SettingsDep, response: Response,
    seat_token: SeatTokenDep, host_token: HostTokenDep,
) -> SeatTaken:
    seat, token = await rooms.take_seat(
        code, body.name, body.seat, host_token=host_token, current_token=seat_token
    )
    set_token_cookie(response, settings, seat_cookie(code), token)
    return SeatTaken(seat=seat)


@router.delete("/rooms/{code}/seat", status_code=204, responses=CHANGES)
async def leave_seat(
    code: str, rooms: RoomsDep, seat_token: SeatTokenDep,
) -> Response:
    await rooms.leave_seat(code, seat_token)
    response = Response(status_code=204)
    # the cookie keeps the token: taking a seat again, the person keeps their line in
    # the evening's standings (app/rooms/seating.py: `_returning`)
    return response


@router.post("/rooms/{code}/back", status_code=204, responses=CHANGES)
async def back(code: str, rooms: RoomsDep, seat_token: SeatTokenDep) -> Response:
    """"I'm back": the bot that plays for this away seat (turn timers) stops."""
    await rooms.back(code, seat_token)
    return Response(status_code=204)


@router.delete("/rooms/{code}/seats/{seat}", status_code=204, responses=CHANGES)
async def remove_player(
    code: str, seat: int, rooms: RoomsDep, host_token: HostTokenDep, request: Request,
) -> Response:
    """The host empties a seat. In a running game a good bot takes it over at once; the
    host may then open it to a person (`POST .../seats/{seat}/open`)."""
    await limit_seat_changes(request, rooms, code, host_token)
    await rooms.remove_player(code, host_token, seat)
    return Response(status_code=204)


@router.post("/rooms/{code}/seats/{seat}/open", status_code=204, responses=CHANGES)
async def open_seat(
    code: str, seat: int, rooms: RoomsDep, host_token: HostTokenDep, request: Request,
) -> Response:
    """The host opens a bot's seat of a running game to a person: the bot leaves, and
    whoever takes the seat next (`POST .../seats`) plays on with its hand."""
    await limit_seat_changes(request, rooms, code, host_token)
    await rooms.open_seat(code, host_token, seat)
    return Response(status_code=204)


@router.post("/rooms/{code}/bots", response_model=BotAdded, status_code=201,
             responses=CHANGES)
async def add_bot(
    code: str, body: AddBot, rooms: RoomsDep, host_token: HostTokenDep, request: Request,
) -> BotAdded:
    """The host seats a bot in an empty seat: before the start, or mid-game in a seat
    the host opened to a person that nobody has taken. Bots move by themselves."""
    await limit_seat_changes(request, rooms, code, host_token)
    name = await rooms.add_bot(code, host_token, body.seat, body.level)
    return BotAdded(seat=body.seat, name=name)


@router.patch("/rooms/{code}/settings", response_model=RoomInfo, responses=CHANGES)
async def change_settings(
    code: str, body: ChangeSettings, rooms: RoomsDep, host_token: HostTokenDep,
    request: Request,
) -> RoomInfo:
    """The host changes the room's settings: `public` (listed in the lobby),
    `spectators` (off: every spectator's socket is closed with code 4403, and new ones
    are refused) and `turn_timer` (the next game's: a running game keeps its own; the
    room's `next_turn_timer` says it). A value that is not one of a setting's changes
    nothing."""
    await limit_settings_changes(request, rooms, code, host_token)
    given = {name: getattr(body, name) for name in body.model_fields_set}
    return await rooms.change_settings(code, host_token, **given)


@router.post("/rooms/{code}/next-game", response_model=RoomInfo, responses=CHANGES)
async def choose_game(
    code: str, body: ChooseGame, rooms: RoomsDep, host_token: HostTokenDep,
    request: Request,
) -> RoomInfo:
    """Between games (or before the first) the host picks the next game for the same
    room: the link stays, the people keep their seats (people first, then bots, then
    empty seats), and the room waits for the host's start. Counted as a settings
    change."""
    await limit_settings_changes(request, rooms, code, host_token)
    return await rooms.choose_game(code, host_token, body.game, body.options, body.seats)


@router.get("/rooms/{code}/standings", response_model=Standings, responses=ERRORS)
async def standings(code: str, rooms: RoomsDep, seat_token: SeatTokenDep) -> Standings:
    """The evening's standings and the history of the room's finished games, from their
    records: the same for every viewer the room admits."""
    await rooms.viewer(code, seat_token)
    return await room_standings(rooms, code)


@router.post("/rooms/{code}/start", response_model=Version, responses=CHANGES)
async def start(code: str, rooms: RoomsDep, host_token: HostTokenDep) -> Version:
    return Version(version=await rooms.start(code, host_token))


@router.post("/rooms/{code}/rematch", response_model=Rematch, responses=CHANGES)
async def rematch(
    code: str, rooms: RoomsDep, seat_token: SeatTokenDep, host_token: HostTokenDep
) -> Rematch:
    """"Play again" after the end: a proposal the others accept (or leave). The seat's
    holder agrees; the next game starts when every person seated has agreed (bots
    always do) and no seat is empty; the room's `seats[].rematch` says who agreed."""
    seat = await rooms.seat_of(code, seat_token)
    await rooms.rematch(code, seat_token if seat is not None else host_token)
    return Rematch(code=code, status=(await rooms.room(code)).status)


@router.post("/rooms/{code}/moves", response_model=Version, responses=CHANGES)
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


@router.post("/rooms/{code}/chat", response_model=ChatLine, status_code=201, responses=CHANGES)
async def chat(code: str, body: ChatBody, rooms: RoomsDep, seat_token: SeatTokenDep,
               request: Request) -> ChatLine:
    seat = await rooms.viewer(code, seat_token)  # first: a made-up code makes no key
    limit_chat(request, code)
    return await rooms.chat(code, seat, body.text)


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
