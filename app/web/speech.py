"""The language of the render under way: a `ContextVar`, so two renders in two languages
at once (two tasks, two threads) never mix. `speaking(lang)` sets it for a block; `_`
translates a `messages` string into it (for Python code; templates use gettext)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from app.i18n import DEFAULT, translations

LANG: ContextVar[str] = ContextVar("lang", default=DEFAULT)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Render in `lang` inside this block (and only in this context)."""
    token = LANG.set(lang)
    try:
        yield
    finally:
        LANG.reset(token)


def _(message: str) -> str:
    """`message` in the current language (the `messages` catalogue)."""
    return translations(LANG.get()).gettext(message)


def current_language() -> str:
    return LANG.get()
