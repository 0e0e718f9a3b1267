"""No function or method in `app/` is past a cyclomatic complexity of 15 (radon), nested
ones included: a rule that needs more branches is a table (as Null Bock!'s placement
is), a long sequence of steps is split into named ones. `make lint` runs this."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Class, Function

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app"
LIMIT = 15

def _functions(blocks: Iterable[Function | Class]) -> Iterator[Function]:
    """Every function of `blocks`: methods, functions inside functions (radon does not
    count a closure in its parent's complexity) and inner classes' methods."""
    for block in blocks:
        if isinstance(block, Class):
            yield from _functions([*block.methods, *block.inner_classes])
        else:
            yield block
            yield from _functions(block.closures)


def too_complex(path: Path) -> list[str]:
    """`path`'s functions and methods over LIMIT, as "file:line name (complexity)"."""
    # cc_visit lists a class's methods beside the class as well: each is reported once
    found = {(one.lineno, one.col_offset): f"{path}:{one.lineno} {one.name} ({one.complexity})"
             for one in _functions(cc_visit(path.read_text(encoding="utf-8")))
             if one.complexity > LIMIT}
    return [found[key] for key in sorted(found)]


def _modules() -> list[Path]:
    return sorted(APP.rglob("*.py"))


def test_no_function_in_app_is_over_15() -> None:
    modules = _modules()
    assert len(modules) > 150  # the whole app is read, not only the games
    found = [line for path in modules for line in too_complex(path)]
    assert not found, "\n".join(found)


def test_a_function_over_15_is_found(tmp_path: Path) -> None:
    branches = "\n".join(f"    if x == {i}:\n        return {i}" for i in range(16))
    source = tmp_path / "flow.py"
    source.write_text(f"def pick(x):\n{branches}\n    return -1\n", encoding="utf-8")
    assert too_complex(source) == [f"{source}:1 pick (17)"]


def test_a_method_a_closure_and_an_inner_class_s_method_are_found_once(
        tmp_path: Path) -> None:
    def pick(indent: str) -> str:
        branches = "".join(f"{indent}    if x == {i}:\n{indent}        return {i}\n"
                           for i in range(16))
        return f"{indent}def pick(self, x):\n{branches}"

    source = tmp_path / "table.py"
    source.write_text(
        "class Table:\n" + pick("    ")                       # line 1, pick at 2
        + "def outer():\n" + pick("    ")                     # line 35, pick at 36
        + "class Room:\n    class Seat:\n" + pick("        "),  # lines 69-70, pick at 71
        encoding="utf-8")
    assert too_complex(source) == [f"{source}:{line} pick (17)" for line in (2, 36, 71)]
