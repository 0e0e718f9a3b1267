"""Golden views of Stier zoekt Bier (see tests/games/golden.py)."""

from pathlib import Path

from tests.games.golden import check, record


def test_golden_views() -> None:
    steps = record("stier-zoekt-bier", 3, {}, 7, constant=("bull_info",))
    check(Path(__file__).parent / "golden" / "3p-seed7.json", steps)
