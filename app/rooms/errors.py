"""Errors of the room layer, as types.

Each carries a machine `code` (the wire's `error.code`), an HTTP `status` and a readable
`reason`, made from an English message id and its parameters (`message % params`), so the
web layer can say it in the viewer's language (app/web/errors.py). The JSON API turns
them into responses in one handler (app/web/routes/api.py), the
WebSocket into `error` messages in one place (app/web/socket/ws.py). `IllegalMove` comes from
the rules (app.games.base) and is mapped alongside these.
"""

from __future__ import annotations


class RoomError(Exception):
    code = "error"
    status = 400
    default = "That did not work."

    def __init__(self, reason: str | None = None, **params: object) -> None:
        self.message = reason or self.default  # the message id, placeholders unfilled
        self.params = params
        self.reason = self.message % params if params else self.message
        super().__init__(self.reason)


class RoomNotFound(RoomError):
    code, status, default = "not_found", 404, "There is no room with that code."


class UnknownGame(RoomError):
    code, status, default = "unknown_game", 422, "There is no such game."


class BadOptions(RoomError):
    code, status, default = "invalid_options", 422, "These options cannot be played."


class InvalidName(RoomError):
    code, status, default = "invalid_name", 422, "Please choose a name."


class SeatTaken(RoomError):
    code, status, default = "seat_taken", 409, "That seat is taken."


class NoSuchSeat(RoomError):
    code, status, default = "no_such_seat", 422, "There is no such seat."


class NotSeated(RoomError):
    code, status, default = "not_seated", 403, "You do not have a seat in this room."


class NotHost(RoomError):
    code, status, default = "not_host", 403, "Only the host can do that."


class WrongStatus(RoomError):
    code, status, default = "wrong_status", 409, "That cannot be done now."


class StaleVersion(RoomError):
    code, status, default = "stale", 409, "The game has moved on: here is the current table."

    def __init__(self, current: int, reason: str | None = None) -> None:
        super().__init__(reason)
        self.current = current


class AlreadySeated(RoomError):
    code, status, default = "already_seated", 409, "You already have a seat in this room."


class InvalidChat(RoomError):
    code, status, default = "invalid_chat", 422, "A chat message needs some text."


class GameRunning(RoomError):
    code, status, default = ("game_running", 409,
                             "This game is still running: its record opens when it is over.")


class NoRecord(RoomError):
    code, status, default = "no_record", 404, "This room has no such game."
