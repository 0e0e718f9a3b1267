"""The list helpers a board calls instead of Jinja's `selectattr`/`reject`/`first`
chains: one Python comprehension instead of a generator of test calls per item (the
filter chains were a tenth of a board's render). Items are the view's dicts; a missing
key matches no value (as Jinja's undefined equals nothing)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

_MISSING = object()


def where(items: Iterable[dict[str, Any]] | None, **match: Any) -> list[dict[str, Any]]:
    """The items whose every `key` equals its value: `where(moves, type="take", row=2)`."""
    pairs = tuple(match.items())
    return [i for i in items or () if all(i.get(k, _MISSING) == v for k, v in pairs)]


def first_where(items: Iterable[dict[str, Any]] | None, **match: Any) -> dict[str, Any] | None:
    """The first of `where(items, **match)`, or None."""
    found = where(items, **match)
    return found[0] if found else None


def where_not(items: Iterable[dict[str, Any]] | None, key: str, value: Any
              ) -> list[dict[str, Any]]:
    """The items whose `key` is not `value` (or which have no `key`)."""
    return [i for i in items or () if i.get(key, _MISSING) != value]


def where_in(items: Iterable[dict[str, Any]] | None, key: str, values: Iterable[Any]
             ) -> list[dict[str, Any]]:
    """The items whose `key` is one of `values`."""
    values = list(values)
    return [i for i in items or () if key in i and i[key] in values]


def without(items: Iterable[Any] | None, value: Any) -> list[Any]:
    """`items` less every item equal to `value`."""
    return [i for i in items or () if i != value]


def group(items: Iterable[dict[str, Any]] | None, key: str) -> dict[Any, list[dict[str, Any]]]:
    """The items by their `key` (items without it are left out), in order."""
    out: dict[Any, list[dict[str, Any]]] = {}
    for i in items or ():
        if key in i:
            out.setdefault(i[key], []).append(i)
    return out


def numbered(items: Iterable[Any] | None) -> list[tuple[Any, int]]:
    """Each item with how many equal ones came before it, `["D7", "D7", "S3"]` ->
    `[("D7", 0), ("D7", 1), ("S3", 0)]`: a pick's id per copy of a card."""
    seen: dict[Any, int] = {}
    out = []
    for i in items or ():
        k = seen.get(i, 0)
        seen[i] = k + 1
        out.append((i, k))
    return out
