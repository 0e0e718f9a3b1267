"""Load one language's catalogue of one domain, once per process."""

from __future__ import annotations

from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from app.sizes import lru, report

LOCALE = Path(__file__).resolve().parents[1] / "locale"
LANGUAGES = ("en", "de", "nl")
DEFAULT = "en"


@cache
def translations(lang: str, domain: str = "messages") -> NullTranslations:
    """The catalogue for `lang`; English (or a language without a catalogue) is the ids."""
    path = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
    if lang == DEFAULT or not path.exists():
        return NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=lang, domain=domain)
    compiled = BytesIO()
    # Fuzzy entries are drafts: never shown (a test fails on them anyway).
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=domain)


# bounded by the code: LANGUAGES x the catalogues (messages and one per game)
report("i18n.catalogues", lru(translations))
