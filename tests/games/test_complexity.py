"""No function of the games is past a cyclomatic complexity of 15 (radon): a rule that
needs more branches is a table (as Null Bock!'s placement is). `make lint` runs this."""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_visit

GAMES = Path(__file__).resolve().parents[2] / "app" / "games"
LIMIT = 15


def too_complex(path: Path) -> list[str]:
    """`path`'s functions and methods over LIMIT, as "file:line name (complexity)"."""
    blocks = cc_visit(path.read_text(encoding="utf-8"))
    found = []
    for block in blocks:
        for one in [block, *getattr(block, "methods", [])]:
            if one.complexity > LIMIT:
                found.append(f"{path}:{one.lineno} {one.name} ({one.complexity})")
    return found


def test_no_function_of_the_games_is_over_15() -> None:
    modules = sorted(GAMES.rglob("*.py"))
    assert len(modules) > 40  # the whole rules layer is read
    found = [line for path in modules for line in too_complex(path)]
    assert not found, "\n".join(found)


def test_a_function_over_15_is_found(tmp_path: Path) -> None:
    branches = "\n".join(f"    if x == {i}:\n        return {i}" for i in range(16))
    source = tmp_path / "flow.py"
    source.write_text(f"def pick(x):\n{branches}\n    return -1\n", encoding="utf-8")
    assert too_complex(source) == [f"{source}:1 pick (17)"]
