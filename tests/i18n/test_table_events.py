"""Every event kind any layer makes, said through every game's phrasebook in every
language: the engines' own (from seeded whole games) and the table's (a turn timer's
timeout, a seat gone away). A timeout's line once had no words in two games'
phrasebooks and stopped every German and Dutch viewer of the room (issue 35)."""

from __future__ import annotations

import logging

import pytest

from app.games.base import Event
from app.games.registry import GAMES
from app.i18n import LANGUAGES
from app.i18n import games as game_words
from app.i18n.table_events import KINDS, english
from app.web.render.loglines import log_line
from tests.games.phrasebook import play

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
# The table's lines as German and Dutch readers must see them (a fallback to English, or
# a line without the name, fails).
SAID = {
    ("timeout", "de"): "Die Zeit von Bob ist abgelaufen; ein Bot hat den Zug gemacht.",
    ("timeout", "nl"): "De tijd van Bob is om; een bot heeft de zet gedaan.",
    ("away", "de"): "Bob ist abwesend; ein Bot spielt bis zur Rückkehr.",
    ("away", "nl"): "Bob is afwezig; een bot neemt het over tot de terugkeer.",
}


def engine_events(game_id: str) -> dict[str, Event]:
    """One event of every kind the engine made in a few seeded whole games."""
    rules = GAMES[game_id]
    played = play(game_id, range(rules.min_players, rules.max_players + 1), range(2))
    return {event.kind: event for event in played.events}


def table_events() -> dict[str, Event]:
    return {kind: Event(kind, english(kind, {"seat": 1}), data={"seat": 1})
            for kind in sorted(KINDS)}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_event_kind_is_said_in_every_language(game_id: str, lang: str) -> None:
    events = {**engine_events(game_id), **table_events()}
    assert set(KINDS) <= set(events) and len(events) > len(KINDS)
    for kind, event in events.items():
        line = log_line(event, NAMES, game_id, lang)
        assert line["kind"] == kind and line["text"] and "{p" not in line["text"], line
        if kind in KINDS:
            expected = (SAID[kind, lang] if lang != "en"
                        else event.text.replace("{p1}", "Bob"))
            assert line["text"] == expected
            assert ["Bob", 1] in line["parts"]  # the name, coloured as seat 1


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_a_table_line_stored_before_its_data_is_said_from_its_text(lang: str) -> None:
    stored = Event("timeout", "{p1} ran out of time; a bot played for them.")
    for game_id in GAMES:
        assert log_line(stored, NAMES, game_id, lang)["text"] == SAID["timeout", lang]


def test_a_phrase_missing_from_a_phrasebook_falls_back_to_english_logged_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    unknown = Event("brand-new-kind", "{p0} does something new.", data={"seat": 0})
    caplog.set_level(logging.ERROR, logger="app.i18n.games")
    for game_id in sorted(GAMES):
        for _ in range(3):  # every viewer of every notice: one log line per game
            for lang in ("de", "nl"):
                line = log_line(unknown, NAMES, game_id, lang)
                assert line["text"] == "Ann does something new."
    # (a phrasebook that says unknown kinds in English anyway logs nothing)
    logged = [r for r in caplog.records if "brand-new-kind" in r.getMessage()]
    keys = [(r.args[0], r.args[3]) for r in logged]  # type: ignore[index]
    assert len(keys) == len(set(keys)) and keys, keys
    assert all(key[0] in GAMES for key in keys)


def test_a_view_a_phrasebook_cannot_say_is_shown_in_english() -> None:
    broken = {"last": {"kind": "no-such-kind", "text": "{p0} did it.", "data": {"x": 1},
                       "seat": 0, "cards": [], "from": "hand", "to": "arena"},
              "summary": None, "moves": [], "to_act": [], "mine": None, "outcome": None}
    for game_id in GAMES:
        for lang in ("de", "nl"):
            assert game_words.localize_view(game_id, broken, lang) is not None
