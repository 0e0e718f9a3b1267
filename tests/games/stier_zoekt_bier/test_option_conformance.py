"""The contract harness for the bulls-per-round room option (kept out of option_variants
so the shared conformance sweep stays fast)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.conformance import check_replay, play_checked
from tests.games.stier_zoekt_bier.helpers import RULES


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {"bulls_per_round": 3}), (5, {"bulls_per_round": 2, "variant": "grand-cafe"})],
)
def test_bulls_per_round_keeps_the_contract(players: int, options: dict[str, Any]) -> None:
    for seed in range(12):
        history = play_checked(RULES, players, options, seed, thorough=seed < 2)
        if seed < 2:
            check_replay(RULES, players, options, seed, history)
