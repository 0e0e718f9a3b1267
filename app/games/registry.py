"""Every game the server offers, by id. A fifth game is one more entry in `_ALL`."""

from __future__ import annotations

from typing import Any

from app.games.base import Rules
from app.games.bullenparty import Bullenparty
from app.games.four_pints import FourPintsPlease
from app.games.null_bock import NullBock
from app.games.stier_zoekt_bier import StierZoektBier

_ALL: tuple[Rules[Any], ...] = (
    StierZoektBier(),
    FourPintsPlease(),
    NullBock(),
    Bullenparty(),
)

GAMES: dict[str, Rules[Any]] = {rules.id: rules for rules in _ALL}
