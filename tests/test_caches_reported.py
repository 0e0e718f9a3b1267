"""Every cache that traffic fills is reported at /metrics (issue 35.6): a function of app/
under `lru_cache` with a bound above what the code itself decides (a few games, a few
languages: 64 entries) is named in a `report(..., lru(<function>))` of its module, or in
its game's registry entry (`caches`)."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[1] / "app"
BOUNDED_BY_THE_CODE = 64


def _maxsize(decorator: ast.expr) -> int | None:
    """The bound of an `lru_cache(maxsize=N)` decorator, else None."""
    if not (isinstance(decorator, ast.Call) and getattr(decorator.func, "id", "") == "lru_cache"):
        return None
    for keyword in decorator.keywords:
        if keyword.arg == "maxsize" and isinstance(keyword.value, ast.Constant):
            return int(keyword.value.value)
    return None


def _reported(tree: ast.Module) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "lru":
            names |= {arg.id for arg in node.args if isinstance(arg, ast.Name)}
        if isinstance(node, ast.keyword) and node.arg == "caches" \
                and isinstance(node.value, ast.Dict):
            names |= {v.id for v in node.value.values if isinstance(v, ast.Name)}
    return names


def test_every_cache_traffic_fills_is_reported() -> None:
    trees = {path: ast.parse(path.read_text()) for path in APP.rglob("*.py")}
    reported = set().union(*(_reported(tree) for tree in trees.values()))
    unreported = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                bounds = [b for b in map(_maxsize, node.decorator_list) if b is not None]
                if bounds and bounds[0] > BOUNDED_BY_THE_CODE and node.name not in reported:
                    unreported.append(f"{path.relative_to(APP.parent)}: {node.name}")
    assert not unreported, unreported
    assert "cached_cover" in reported and "_formatted" in reported  # the scan sees both ways
