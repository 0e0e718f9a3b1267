"""A request pydantic refuses, said for a person: the first problem's field (our names)
and what is wrong with it, never the input.

English keeps pydantic's own sentence ("Field body.version: Input should be a valid
integer"); German and Dutch readers get our message for the problem's `type`, with the
numbers of its `ctx` (a length, a bound) filled in, and a plain one for a type we do not
name. The wire `code` stays `malformed` either way.
"""

from __future__ import annotations

from typing import Any

from app.web.render.words import N_

FIELD = N_("Field %(field)s: %(problem)s")
OTHER = N_("this value cannot be used")
# pydantic's error type -> our message id (its placeholders are pydantic's ctx keys)
PROBLEMS = {
    "missing": N_("a value is required"),
    "int_type": N_("it should be a whole number"),
    "int_parsing": N_("it should be a whole number"),
    "int_from_float": N_("it should be a whole number"),
    "float_type": N_("it should be a number"),
    "float_parsing": N_("it should be a number"),
    "string_type": N_("it should be text"),
    "bool_type": N_("it should be true or false"),
    "bool_parsing": N_("it should be true or false"),
    "dict_type": N_("it should be an object"),
    "model_type": N_("it should be an object"),
    "model_attributes_type": N_("it should be an object"),
    "list_type": N_("it should be a list"),
    "string_too_short": N_("it should have at least %(min_length)s characters"),
    "string_too_long": N_("it should have at most %(max_length)s characters"),
    "too_short": N_("it should have at least %(min_length)s items"),
    "too_long": N_("it should have at most %(max_length)s items"),
    "greater_than": N_("it should be greater than %(gt)s"),
    "greater_than_equal": N_("it should be at least %(ge)s"),
    "less_than": N_("it should be less than %(lt)s"),
    "less_than_equal": N_("it should be at most %(le)s"),
    "literal_error": N_("it should be one of %(expected)s"),
    "enum": N_("it should be one of %(expected)s"),
    "extra_forbidden": N_("this field is not known"),
    "union_tag_invalid": N_("its type is not known"),
    "union_tag_not_found": N_("its type is missing"),
}
NUMBERS = ("min_length", "max_length", "gt", "ge", "lt", "le", "expected")


def _clean(text: str, limit: int) -> str:
    return text.encode("utf-8", "replace").decode("utf-8")[:limit]


def validation_problem(errors: Any) -> tuple[str, str, dict[str, Any]] | None:
    """(English reason, message id, its parameters) for the first problem (the reason
    may be empty); None when `errors` is not pydantic's list. The `problem` parameter is
    itself a message id."""
    try:
        first = next(iter(errors))
        where = ".".join(str(p) for p in first.get("loc", ()) if isinstance(p, str | int))
        text = _clean(str(first.get("msg", "")), 200)
        kind = str(first.get("type", ""))
        ctx = first.get("ctx") or {}
    except (StopIteration, TypeError, AttributeError):
        return None
    if kind == "json_invalid":
        return "The body is not valid JSON.", "The body is not valid JSON.", {}
    problem = PROBLEMS.get(kind, OTHER)
    params: dict[str, Any] = {"problem": problem}
    for key in NUMBERS:  # the schema's bounds, never the input
        value = ctx.get(key) if isinstance(ctx, dict) else None
        params[key] = value if isinstance(value, int | float) else _clean(str(value), 80)
    where = _clean(where, 80)
    if not where:
        return text, problem, params
    return f"Field {where}: {text}", FIELD, {**params, "field": where}
