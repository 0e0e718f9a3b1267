"""Game options: a dataclass per game, with defaults and a `__post_init__` that
validates. Field metadata describes the lobby form: {"label": str, "choices": [...],
"min": n, "max": n, "help": str}. Options come from untrusted JSON: unknown keys and
wrong types are refused."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

_PLAIN_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")


class InvalidOptions(ValueError):
    """Room options a game cannot be set up with. The message is for the host."""


def parse_options(cls: type[Any], data: Mapping[str, Any] | None) -> Any:
    """Build a game's Options from untrusted JSON, refusing unknown keys and bad types."""
    data = dict(data or {})
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        # named back only when it reads as an option's name: the message never carries
        # a client's long or odd text (markup, direction overrides) back
        if len(unknown) <= 5 and all(_PLAIN_NAME.fullmatch(str(n)) for n in unknown):
            raise InvalidOptions(f"Unknown option: {', '.join(unknown)}.")
        raise InvalidOptions("Unknown option.")
    for name, value in data.items():
        expected = fields[name].type
        if not _type_ok(expected, value):
            raise InvalidOptions(f"Option {name!r} has the wrong type.")
    try:
        return cls(**data)
    except (TypeError, ValueError) as exc:
        raise InvalidOptions(str(exc)) from exc


def _type_ok(annotation: Any, value: Any) -> bool:
    if isinstance(annotation, str):
        text = annotation
    else:
        text = getattr(annotation, "__name__", None) or str(annotation)
    allowed = {part.strip() for part in str(text).split("|")}
    if value is None:
        return "None" in allowed
    if isinstance(value, bool):
        return "bool" in allowed
    if isinstance(value, int):
        return "int" in allowed
    if isinstance(value, str):
        return "str" in allowed or any(a.startswith("Literal") for a in allowed)
    return False


def options_schema(cls: type[Any]) -> list[dict[str, Any]]:
    """The lobby form for a game's Options: name, type, default and metadata."""
    out = []
    for f in dataclasses.fields(cls):
        default = f.default if f.default is not dataclasses.MISSING else None
        out.append({"name": f.name, "type": str(f.type), "default": default, **f.metadata})
    return out


def options_to_json(options: Any) -> dict[str, Any]:
    return dataclasses.asdict(options)
