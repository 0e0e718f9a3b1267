"""A game as the server offers it: one package (`app/games/<game>/`), declared in one
registry entry (`app/games/registry.py`). The entry names every part; nothing else is
found by convention."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from app.games.base import Rules
from app.games.phrasing import Phrases


def N_(message: str) -> str:
    """Marks a message id of the pages' catalogue (the lobby's and /cards' words in a
    game's entry); the page says it in the viewer's language."""
    return message


class Face(NamedTuple):
    """A card face as /cards shows it beside the others, drawn as the board draws it: its
    classes after "card--", its `data-card`, the words on its face and its small print.
    Words are message ids (`N_`), but a label that is `same`: a name the same in every
    language."""

    kind: str
    card: str
    label: str = ""
    small: str = ""
    same: bool = False


@dataclass(frozen=True, eq=False)
class Game:
    """One game's parts.

    - `rules`: the engine (`Rules`), pure;
    - `phrases`: everything it says, in every language (app/games/phrasing.py);
    - `blurb`, `time`: what the lobby says of it, one line and a typical playing time
      (for a first game at the default options with three people);
    - `how_to_play`: two to four lines before the start (the aim, a turn, the end);
    - `samples`: its card faces for /cards;
    - `rulebook`: a folder with `en.md`, the binding rules (a byte-identical copy of
      ../shared/rules/<id>.md: the app never reads outside its tree), and their
      translations `de.md`, `nl.md` (a language without one shows the English);
    - `board`: its board template, or None for the generic board;
    - `caches`: its engine's process-wide caches (`functools` caches) by name, so /metrics
      can report them without the pure rules layer knowing of the server's reports.

    The lobby's words (blurb, time, how to play, the faces' words) are message ids of
    the pages' catalogue (`N_`); the phrases have a catalogue of their own.
    """

    rules: Rules[Any]
    phrases: Phrases
    blurb: str = ""
    time: str = ""
    how_to_play: tuple[str, ...] = ()
    samples: tuple[Face, ...] = ()
    rulebook: Path | None = None
    board: str | None = None
    caches: Mapping[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.rules.id


def registry(games: Iterable[Game]) -> dict[str, Game]:
    """Entries by game id, in the order given (the order /cards shows them in)."""
    out: dict[str, Game] = {}
    for game in games:
        if game.id in out:
            raise ValueError(f"two games are called {game.id!r}")
        out[game.id] = game
    return out
