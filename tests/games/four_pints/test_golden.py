"""Golden views of Four pints, please (see tests/games/golden.py)."""

from pathlib import Path

from tests.games.golden import check, record


def test_golden_views() -> None:
    steps = record("four-pints-please", 3, {}, 11)
    check(Path(__file__).parent / "golden" / "3p-seed11.json", steps)
