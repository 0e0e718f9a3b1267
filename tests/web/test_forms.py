"""The lobby form read into create_room's arguments."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from app.rooms.models import SeatInfo
from app.web.routes import forms


@dataclass
class DemoOptions:
    target: int = field(default=150, metadata={"label": "Target", "min": 50, "max": 500})
    rounds: int | None = field(default=None, metadata={"label": "Rounds"})
    variant: bool = field(default=False, metadata={"label": "Variant"})
    deck: str = field(default="full", metadata={"choices": ["full", "short"]})


class Demo:
    id: ClassVar[str] = "demo"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[Any]] = DemoOptions


def test_options_are_typed_from_the_schema() -> None:
    form = {"opt.target": " 80 ", "opt.rounds": "", "opt.deck": "short", "seats": "3"}
    params = forms.room_params(Demo(), form)  # type: ignore[arg-type]
    assert params == {
        "options": {"target": 80, "rounds": None, "variant": False, "deck": "short"},
        "seats": 3,
        "public": False,
        "spectators": False,
        "turn_timer": 0,
    }


def test_the_turn_timer_is_read_as_seconds() -> None:
    assert forms.room_params(Demo(), {"turn_timer": "60"})["turn_timer"] == 60  # type: ignore[arg-type]
    for bad in ("1 min", "\u00b2", "9" * 5000):  # "²" is a digit to `isdigit`, not `int`
        with pytest.raises(forms.FormError, match="turn timer"):
            forms.room_params(Demo(), {"turn_timer": bad})  # type: ignore[arg-type]


def test_ticked_boxes_and_public() -> None:
    form = {"opt.variant": "on", "visibility": "public", "spectators": "on"}
    params = forms.room_params(Demo(), form)  # type: ignore[arg-type]
    assert params["options"]["variant"] is True
    assert params["public"] is True and params["spectators"] is True
    assert "target" not in params["options"]  # empty: the game's default applies


def test_a_word_where_a_number_belongs_is_refused_readably() -> None:
    with pytest.raises(forms.FormError, match="Target must be a whole number"):
        forms.options_from_form(Demo(), {"opt.target": "lots"})  # type: ignore[arg-type]


def test_seat_rows_are_the_services_seats_as_dicts() -> None:
    rows = forms.seat_rows([SeatInfo(index=0, name="Ann", connected=True),
                            SeatInfo(index=1, name="Bot 2", bot=True)], 0)
    keys = ("index", "name", "bot", "connected")
    assert {k: rows[0][k] for k in keys} == {"index": 0, "name": "Ann", "bot": False,
                                             "connected": True}
    assert rows[1]["bot"] is True and rows[1]["connected"] is False


def test_seat_rows_say_how_long_a_person_has_been_offline() -> None:
    now = 10_000_000
    rows = forms.seat_rows([SeatInfo(index=0, name="Ann", connected=True),
                            SeatInfo(index=1, name="Bo", gone_since=now - 125_000),
                            SeatInfo(index=2, name="Cy", gone_since=now - 3_725_000),
                            SeatInfo(index=3, name=None, gone_since=now - 125_000)], now)
    assert [r["offline"] for r in rows] == [None, "offline 2 min", "offline 1 h 2 min", None]
    assert forms.offline_text(59_999) == "offline just now"


def test_the_offline_words_follow_the_viewers_language() -> None:
    rows = forms.seat_rows([SeatInfo(index=0, name="Bo", gone_since=0)], 125_000, "de")
    assert rows[0]["offline"] == "seit 2 Min. offline"
    assert forms.offline_text(3_725_000, "nl") == "al 1 u 2 min offline"
