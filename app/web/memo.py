"""Board fragments made once: a macro's output memoised by its inputs.

Most of a board is the same between viewers and between consecutive versions (one card
moves per move), so a card face, a label or an opponent's panel is rendered once per
(language, macro, inputs) and then reused by every board that draws the same thing.

`memo(macro, *args, also=(...), **kwargs)` in a template calls `macro(*args, **kwargs)`
at most once per key: the macro's code (so two templates' `face` never meet), the
language of the render, the arguments, and `also`, the values the macro reads that are
not its arguments (e.g. `names`, `seat`). A macro may be memoised only if its output
depends on nothing else: arguments, `also`, the language and pure globals (gettext,
card_words, filters). So a fragment keyed on public data is shared, and a fragment built
from a seat's secrets is keyed by those secrets (and by `seat` where it reads it): it
can only ever be served to a board that would have drawn exactly the same thing.

Keys tell apart values that print differently (`1`, `1.0`, `True` and `"1"`; a `Markup`
is not escaped where an equal `str` is). A value that cannot be frozen (a
namespace, an undefined) makes the call go straight to the macro, uncached. The cache
is bounded (two generations, `Fragments`).

`FastContext.call` calls macros without Jinja's generic dispatch (three `hasattr`s and
a pass-arg lookup per call, a tenth of a board's render); the output is the same.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from types import FunctionType
from typing import Any

import orjson
from jinja2.nodes import EvalContext
from jinja2.runtime import Context, Macro
from jinja2.utils import pass_eval_context
from markupsafe import Markup

from app.web.speech import LANG

MAX_FRAGMENTS = 50_000


class Unfreezable(Exception):
    pass


def _tagged(value: Any) -> Any:
    if type(value) is Markup:
        return {"\x00markup": str(value)}
    raise Unfreezable(type(value).__name__)


def freeze(value: Any) -> bytes:
    """A hashable key for `value` that tells apart what renders differently: JSON (orjson,
    in C: a tenth of the cost of a tuple walk), a `Markup` tagged apart from an equal
    `str`; `1`, `1.0`, `true` and `"1"` are already apart in JSON. (A tuple keys like a
    list: the same items.) Anything else JSON cannot say is `Unfreezable`."""
    try:
        return orjson.dumps(value, default=_tagged, option=orjson.OPT_PASSTHROUGH_SUBCLASS)
    except orjson.JSONEncodeError as why:
        raise Unfreezable(str(why)) from None


class Fragments:
    """A bounded cache of rendered fragments, with hit and miss counts for benchmarks.

    Two generations of plain dicts instead of an LRU's ordered dict: a hit in the young
    one is one dict look-up (an ordered dict's `move_to_end` hashed every key again, and
    a board looks up ~20 keys); a hit in the old one moves the fragment back to the young
    one. When the young one holds half of `size`, it becomes the old one and the old one
    is dropped: what a board used since then survives, at most `size` are kept."""

    def __init__(self, size: int = MAX_FRAGMENTS) -> None:
        self.size = size
        self.young: dict[Any, Any] = {}
        self.old: dict[Any, Any] = {}
        self.hits = self.misses = 0

    def get(self, key: Any) -> Any:
        found = self.young.get(key)
        if found is None:
            found = self.old.pop(key, None)
            if found is None:
                return None
            self._keep(key, found)
        self.hits += 1
        return found

    def put(self, key: Any, value: Any) -> None:
        self.misses += 1
        self._keep(key, value)

    def _keep(self, key: Any, value: Any) -> None:
        young = self.young
        young[key] = value
        if len(young) >= max(1, self.size // 2):
            self.old, self.young = young, {}

    def __len__(self) -> int:
        return len(self.young) + len(self.old)

    def entries(self) -> dict[Any, Any]:
        """Every fragment kept (a copy): for tests and benchmarks."""
        return {**self.old, **self.young}

    def load(self, entries: dict[Any, Any]) -> None:
        """Keep exactly `entries` (a copy of `entries()`), counts unchanged."""
        self.old, self.young = {}, {}
        for key, value in entries.items():
            self._keep(key, value)

    def clear(self) -> None:
        self.young, self.old = {}, {}
        self.hits = self.misses = 0


FRAGMENTS = Fragments()


class Viewing:
    """Who a render is for: the room's names and the viewer's seat, with their keys
    frozen once per render (every memoised call of the board keys on one of them)."""

    __slots__ = ("names", "names_key", "seat", "viewer_key")

    def __init__(self, names: list[str], seat: int | None) -> None:
        self.names, self.seat = names, seat
        self.names_key = freeze(names)
        self.viewer_key = freeze([names, seat])


@lru_cache(maxsize=4096)
def _viewing(names: tuple[str, ...], seat: int | None) -> Viewing:
    return Viewing(list(names), seat)


def viewing_of(names: list[str], seat: int | None) -> Viewing:
    """The `Viewing` of (`names`, `seat`), made once for every board drawn for them (its
    two keys frozen once, not per render; and one bytes object, so a kept region's key
    compares with the key it was kept under by identity). Made of a copy of `names`: a
    list changed later keys a new one."""
    return _viewing(tuple(names), seat)


NOBODY = Viewing([], None)  # outside a render: no names, no seat
VIEWING: ContextVar[Viewing] = ContextVar("viewing", default=NOBODY)


@contextmanager
def viewing(names: list[str], seat: int | None) -> Iterator[None]:
    """Render for (`names`, `seat`) inside this block (and only in this context)."""
    token = VIEWING.set(Viewing(names, seat))
    try:
        yield
    finally:
        VIEWING.reset(token)


class Viewer:
    """The template global `viewer`: `viewer.names`, `viewer.seat` of the render under
    way. The toolkit is imported without context (one module for every render), so its
    macros read these instead of the board's variables."""

    @property
    def names(self) -> list[str]:
        return VIEWING.get().names

    @property
    def seat(self) -> int | None:
        return VIEWING.get().seat


class _Also:
    """`also=by_names` / `also=by_viewer`: the fragment reads the names (and the seat)
    of the render; keyed by their frozen form, made once per render."""

    __slots__ = ("attr",)

    def __init__(self, attr: str) -> None:
        self.attr = attr


BY_NAMES, BY_VIEWER = _Also("names_key"), _Also("viewer_key")


@pass_eval_context
def memo(__eval: EvalContext, __macro: Macro, *args: Any, also: Any = (),
         **kwargs: Any) -> Any:
    """`__macro(*args, **kwargs)`, rendered once per (macro, language, escaping,
    inputs, also)."""
    key: tuple[Any, ...]
    try:
        if type(also) is _Also:
            key = (__macro._func.__code__, LANG.get(), __eval.autoescape,
                   getattr(VIEWING.get(), also.attr), freeze((args, kwargs)))
        else:
            key = (__macro._func.__code__, LANG.get(), __eval.autoescape,
                   freeze((args, also, kwargs)))
    except Unfreezable:
        return __macro(__eval, *args, **kwargs)
    found = FRAGMENTS.get(key)
    if found is None:
        found = __macro(__eval, *args, **kwargs)
        FRAGMENTS.put(key, found)
    return found


class Memoised:
    """`memoised(macro, also=...)` in a template: a stand-in for `macro` whose every call
    goes through `memo` with the same `also` (bound for this render), so a board can
    write `{% set face = memoised(face) %}` once and keep its call sites."""

    __slots__ = ("also", "macro")

    def __init__(self, macro: Macro, also: Any = ()) -> None:
        self.macro, self.also = macro, also

    @pass_eval_context
    def __call__(self, __eval: EvalContext, *args: Any, **kwargs: Any) -> Any:
        return memo(__eval, self.macro, *args, also=self.also, **kwargs)


def memoised(macro: Macro, also: Any = ()) -> Memoised:
    return Memoised(macro, also)


class FastContext(Context):
    """Jinja's Context, with macros, `memo` and the `direct` functions called directly
    (see the module doc). `direct`: `pass_context` functions that read nothing of the
    context but its eval context (gettext, ngettext), so the context of a loop need not
    be derived for them."""

    direct: frozenset[Any] = frozenset()

    def call(__self, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        if type(__obj) is Macro:
            if kwargs:
                kwargs.pop("_loop_vars", None)
                kwargs.pop("_block_vars", None)
            return __obj(__self.eval_ctx, *args, **kwargs)
        if type(__obj) is Memoised:
            if kwargs:
                kwargs.pop("_loop_vars", None)
                kwargs.pop("_block_vars", None)
            return memo(__self.eval_ctx, __obj.macro, *args, also=__obj.also, **kwargs)
        if __obj is memo:
            if kwargs:
                kwargs.pop("_loop_vars", None)
                kwargs.pop("_block_vars", None)
            return memo(__self.eval_ctx, *args, **kwargs)
        if type(__obj) is FunctionType and __obj in __self.direct:
            if kwargs:
                kwargs.pop("_loop_vars", None)
                kwargs.pop("_block_vars", None)
            return __obj(__self, *args, **kwargs)
        return super().call(__obj, *args, **kwargs)
