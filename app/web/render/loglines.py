"""The game log as a viewer reads it: each event's sentence with the players' names put
in, and split at those names (`parts`) so a client can colour them per seat without
HTML in the message (docs/contracts.md §3). The rooms layer hands a frame's events
(app/rooms/live.py); they are phrased here, once per game, viewer and language, in the
live room's `phrased` cache (`log_of`)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from string import Formatter
from typing import TYPE_CHECKING, Any, overload

from app.games.base import Event
from app.i18n import DEFAULT
from app.i18n.games import event_text
from app.sizes import lru, report

if TYPE_CHECKING:
    from app.rooms.live import Frame

LogLine = dict[str, Any]
LOG_LINES = 200  # the newest lines a page or a socket's first board carries
_FORMATTER = Formatter()


@lru_cache(maxsize=4096)
def _pieces(text: str) -> tuple[tuple[str, int | None], ...] | None:
    """`text` split into literals (seat None) and seats; None: no template. Texts repeat
    across viewers and moves ("{p1} plays D7 into the Arena."), so each is parsed once."""
    pieces: list[tuple[str, int | None]] = []
    try:
        for literal, field, _spec, _conv in _FORMATTER.parse(text):
            if literal:
                pieces.append((literal, None))
            if field is None:
                continue
            if not (field.startswith("p") and field[1:].isdigit()):
                return None
            pieces.append(("", int(field[1:])))
    except ValueError:
        return None
    return tuple(pieces)


report("log.pieces", lru(_pieces))


def log_line(event: Event, names: list[str], game_id: str = "", lang: str = DEFAULT
             ) -> LogLine:
    """`{"kind", "text", "parts"}` for one event in `lang`; `{p0}`, `{p1}`... become names."""
    # In English a game's phrases give exactly the engine's words (app/i18n/games.py; a
    # test holds them to it: tests/games/phrase_check.py): the engine's text as it is.
    text = event_text(game_id, event, lang) if game_id and lang != DEFAULT else event.text
    pieces = _pieces(text)
    if pieces is None:
        parts: list[list[Any]] = [[text, None]]  # no template: shown as it is
    else:
        parts = [[literal, None] if seat is None
                 else [names[seat] if seat < len(names) else "?", seat]
                 for literal, seat in pieces]
    return {"kind": event.kind, "text": "".join(p[0] for p in parts), "parts": parts}


class LogPrefix(Sequence[LogLine]):
    """The first `n` lines of a viewer's log, without copying them: a `ViewerLog` only
    ever appends, so what a frame of an older version holds never changes under it (a
    copy per viewer per version grew with the game)."""

    __slots__ = ("_lines", "_n")

    def __init__(self, lines: list[LogLine], n: int) -> None:
        self._lines, self._n = lines, n

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> LogLine: ...

    @overload
    def __getitem__(self, index: slice) -> list[LogLine]: ...

    def __getitem__(self, index: int | slice) -> LogLine | list[LogLine]:
        if isinstance(index, slice):
            start = index.start
            if index.stop is None and index.step is None and type(start) is int and start >= 0:
                return self._lines[start:self._n]  # log[start:], every message's slice
            return self._lines[slice(*index.indices(self._n))]
        if not -self._n <= index < self._n:
            raise IndexError(index)  # the sequence protocol, not a message for a person
        return self._lines[index % self._n]


class SaidLines:
    """Every event's line of one game in one language, made once for all its viewers
    (an event most of them see reads the same for each); `ViewerLog` picks a viewer's.
    A move whose events everyone sees (most) is marked so: a viewer takes its lines as
    they are, without asking each event."""

    def __init__(self, game_id: str = "", lang: str = DEFAULT) -> None:
        self.game_id, self.lang = game_id, lang
        self.lines: list[list[LogLine]] = []  # per move, per event
        self.public: list[bool] = []  # per move: every event is for everyone

    def upto(self, moves: Sequence[tuple[int, list[Event]]], count: int, names: list[str]
             ) -> list[list[LogLine]]:
        """The lines of the first `count` moves (at least)."""
        if len(self.lines) < count:
            game_id, lang = self.game_id, self.lang
            for _, events in moves[len(self.lines):count]:
                self.lines.append([log_line(e, names, game_id, lang) for e in events])
                self.public.append(all(e.to is None for e in events))
        return self.lines


class ViewerLog:
    """One viewer's log of one game in one language, formatted once and extended move by
    move."""

    def __init__(self, seat: int | None, game_id: str = "", lang: str = DEFAULT) -> None:
        self.seat, self.game_id, self.lang = seat, game_id, lang
        self.lines: list[LogLine] = []
        self.ends: list[int] = []  # per move: how many lines the log has after it

    def extend(self, moves: Sequence[tuple[int, list[Event]]], names: list[str],
               said: SaidLines, count: int | None = None) -> LogPrefix:
        """The log of the first `count` moves (None: all). `said`: the same game's
        lines in this log's language, shared by its viewers."""
        count = len(moves) if count is None else count
        if len(self.ends) < count:
            lines, public = said.upto(moves, count, names), said.public
            seat, mine, ends = self.seat, self.lines, self.ends
            for index in range(len(ends), count):
                if public[index]:
                    mine.extend(lines[index])
                else:
                    mine.extend(line for event, line in zip(moves[index][1], lines[index],
                                                            strict=True)
                                if event.visible_to(seat))
                ends.append(len(mine))
        return LogPrefix(self.lines, self.ends[count - 1] if count else 0)


def log_of(frame: Frame) -> LogPrefix:
    """`frame`'s log for its viewer in its language: phrased once per game, viewer and
    language in the live room's `phrased` (a frame of an older version reads its prefix:
    a log only ever grows), and kept in the frame for its messages."""
    made: LogPrefix | None = frame.cache.get("log")
    if made is None:
        phrased, key = frame.phrased, (frame.seat, frame.lang)
        log = phrased.get(key)
        if log is None:
            log = phrased[key] = ViewerLog(frame.seat, frame.rules_id, frame.lang)
        said = phrased.get(frame.lang)
        if said is None:
            said = phrased[frame.lang] = SaidLines(frame.rules_id, frame.lang)
        made = frame.cache["log"] = log.extend(frame.moves, frame.names, said,
                                               frame.move_count)
    return made
