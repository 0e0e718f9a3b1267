"""Golden views of Bullenparty (see tests/games/golden.py)."""

from pathlib import Path

from tests.games.golden import check, record


def test_golden_views() -> None:
    steps = record("bullenparty", 3, {}, 7)
    check(Path(__file__).parent / "golden" / "3p-seed7.json", steps)
