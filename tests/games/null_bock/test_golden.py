"""Golden views of Null Bock! (see tests/games/golden.py)."""

from pathlib import Path

from tests.games.golden import check, record


def test_golden_views() -> None:
    steps = record("null-bock", 4, {"rounds": 1}, 7)
    check(Path(__file__).parent / "golden" / "4p-rounds1-seed7.json", steps)
