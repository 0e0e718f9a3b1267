"""The lobby form read into create_room's arguments."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from app.web import forms


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
    }


def test_ticked_boxes_and_public() -> None:
    form = {"opt.variant": "on", "visibility": "public", "spectators": "on"}
    params = forms.room_params(Demo(), form)  # type: ignore[arg-type]
    assert params["options"]["variant"] is True
    assert params["public"] is True and params["spectators"] is True
    assert "target" not in params["options"]  # empty: the game's default applies


def test_a_word_where_a_number_belongs_is_refused_readably() -> None:
    with pytest.raises(forms.FormError, match="Target must be a whole number"):
        forms.options_from_form(Demo(), {"opt.target": "lots"})  # type: ignore[arg-type]


def test_seat_rows_from_objects_or_dicts() -> None:
    @dataclass
    class Seat:
        index: int
        name: str | None
        bot: bool = False
        connected: bool = True

    rows = forms.seat_rows([Seat(0, "Ann"), {"index": 1, "name": None}])
    assert rows == [
        {"index": 0, "name": "Ann", "bot": False, "connected": True},
        {"index": 1, "name": None, "bot": False, "connected": False},
    ]
