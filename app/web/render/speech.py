"""The language of the render under way, and for a board the names of its table's seats:
`ContextVar`s, so two renders in two languages at once (two tasks, two threads) never
mix. `speaking(lang, names)` sets them for a block; `_` translates a `messages` string
into it (for Python code; templates use gettext), `seat_names()` gives the names (the
boards' toolkit, made once for every board, reads them so)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from app.i18n import DEFAULT, translations

LANG: ContextVar[str] = ContextVar("lang", default=DEFAULT)
NAMES: ContextVar[Sequence[str]] = ContextVar("names", default=())


@contextmanager
def speaking(lang: str, names: Sequence[str] = ()) -> Iterator[None]:
    """Render in `lang` inside this block (and only in this context), a board of a table
    whose seats are `names`."""
    token, seated = LANG.set(lang), NAMES.set(names)
    try:
        yield
    finally:
        NAMES.reset(seated)
        LANG.reset(token)


def _(message: str) -> str:
    """`message` in the current language (the `messages` catalogue)."""
    return translations(LANG.get()).gettext(message)


def current_language() -> str:
    return LANG.get()


def seat_names() -> Sequence[str]:
    return NAMES.get()
