"""The catalogues: every message id of every domain translated in German and Dutch, none
fuzzy, the same placeholders as the id, and in step with what the extractor finds now
(a string added to a template or a phrases module fails here until it is translated)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from app.games.base import options_schema
from app.games.registry import GAMES
from app.i18n.catalog import LANGUAGES, LOCALE
from app.i18n.extract import extract, sources
from app.rooms import errors
from app.web.render.words import OPTIONS, REFUSALS

DOMAINS = sources()
TRANSLATED = LANGUAGES[1:]
PLACEHOLDER = re.compile(r"%\([a-z_0-9]+\)s|\{p?\d*[a-z_]*\}")


def catalogue(lang: str, domain: str) -> Catalog:
    path = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
    assert path.is_file(), f"{path} is missing"
    with path.open("rb") as po:
        return read_po(po, locale=lang, domain=domain)


def ids(cat: Catalog) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in cat if m.id}


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_id_is_translated_none_fuzzy_placeholders_kept(lang: str, domain: str) -> None:
    problems = []
    for message in catalogue(lang, domain):
        if not message.id:
            continue
        singular = message.id if isinstance(message.id, str) else message.id[0]
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        if message.fuzzy:
            problems.append(f"fuzzy: {singular!r}")
        if not all(forms):
            problems.append(f"untranslated: {singular!r}")
        sources_ = [message.id] if isinstance(message.id, str) else list(message.id)
        wanted = placeholders(sources_[-1])
        for form in forms:
            # a singular may say "one" for %(num)s; every other placeholder must stay
            got = placeholders(form)
            if got != wanted and set(wanted) - {"%(num)s"} != set(got) - {"%(num)s"}:
                problems.append(f"placeholders {got} != {wanted}: {singular!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_the_catalogues_are_in_step_with_the_extraction(domain: str, tmp_path: Path) -> None:
    pot = tmp_path / f"{domain}.pot"
    extract(domain, DOMAINS[domain], pot)
    with pot.open("rb") as fh:
        extracted = ids(read_po(fh))
    assert extracted, f"the extractor found nothing for {domain}"
    for lang in TRANSLATED:
        held = ids(catalogue(lang, domain))
        assert extracted - held == set(), f"{lang}/{domain}.po lacks: run `make messages`"
        assert held - extracted == set(), f"{lang}/{domain}.po holds stale ids"


def test_every_option_label_help_and_choice_has_an_id() -> None:
    shown = set()
    for rules in GAMES.values():
        for spec in options_schema(rules.Options):
            shown |= {spec[k] for k in ("label", "help") if spec.get(k)}
            shown |= {c for c in spec.get("choices") or [] if isinstance(c, str)}
    assert shown - set(OPTIONS) == set()


def test_every_room_error_default_has_an_id() -> None:
    defaults = {cls.default for cls in vars(errors).values()
                if isinstance(cls, type) and issubclass(cls, errors.RoomError)}
    assert defaults - set(REFUSALS) == set()
