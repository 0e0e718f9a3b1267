"""Extract the message ids and bring the catalogues in step (a tool, not run by the app).

    python -m app.i18n.extract                  # every domain's .po, de and nl
    python -m app.i18n.extract messages         # only the pages' (make messages)

Domains: `messages` (templates/, app/web/, app/i18n/table_events.py and each game's
entry, app/games/<game>/__init__.py) and one per game (domain = the game id; the rest of
its package is read). The mapping (which extractor reads which files) is the
`[tool.babel]` table of pyproject.toml. New ids
arrive empty in each .po: translate them by hand (the catalogue tests fail until every id
is translated and none is fuzzy).
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

from app.i18n.catalog import LANGUAGES, LOCALE

ROOT = LOCALE.parents[1]
KEYWORDS = ["-k", "n_:1,2"]  # phrases modules call ngettext `n_` (`_`, `N_` are known)


def sources() -> dict[str, list[str]]:
    """domain -> the paths (relative to the repository) its ids come from."""
    from app.games.registry import REGISTRY

    # (the table's own log lines are the pages' words: the same in every game)
    domains = {"messages": ["templates", "app/web", "app/i18n/table_events.py"]}
    for game_id, game in sorted(REGISTRY.items()):
        # A game's words may live beside its phrases module (lingo.py, view_texts.py):
        # its package's modules are read (the engine's mark nothing), but for its entry
        # (__init__.py), whose words the lobby and /cards show: the pages' catalogue.
        package = Path(inspect.getfile(type(game.rules))).parent.relative_to(ROOT)
        domains["messages"].append(str(package / "__init__.py"))
        domains[game_id] = sorted(str(p.relative_to(ROOT)) for p in (ROOT / package).glob("*.py")
                                  if p.name != "__init__.py")
    return domains


def extract(domain: str, paths: list[str], pot: Path) -> None:
    """Write `domain`'s template catalogue (.pot) from `paths` to `pot`."""
    CommandLineInterface().run([
        "pybabel", "-q", "extract", "-F", str(ROOT / "pyproject.toml"), *KEYWORDS,
        "--no-location", "--omit-header", "--sort-output", "-o", str(pot),
        *[str(ROOT / p) for p in paths],
    ])


def update(pot: Path, domain: str) -> None:
    for lang in LANGUAGES[1:]:
        po = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
        command = "update" if po.exists() else "init"
        args = ["pybabel", "-q", command, "-i", str(pot), "-d", str(LOCALE), "-D", domain,
                "-l", lang]
        if command == "update":
            args += ["--no-fuzzy-matching", "--ignore-obsolete", "--no-wrap"]
        CommandLineInterface().run(args)


def main(only: list[str]) -> None:
    """Update the named domains (all without names): a game's catalogue is its words
    engineer's, so `make messages` touches only the pages' own."""
    build = ROOT / "build" / "i18n"
    build.mkdir(parents=True, exist_ok=True)
    for domain, paths in sources().items():
        if only and domain not in only:
            continue
        pot = build / f"{domain}.pot"
        extract(domain, paths, pot)
        update(pot, domain)


if __name__ == "__main__":
    main(sys.argv[1:])
