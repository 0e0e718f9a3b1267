"""Extract the message ids and bring the catalogues in step (a tool, not run by the app).

    python -m app.i18n.extract                  # every domain's .po, de and nl
    python -m app.i18n.extract messages         # only the pages' (make messages)

Domains: `messages` (templates/, app/web/ and app/i18n/table_events.py) and one per game
with a `phrases.py` (domain = the game id; its package is read). The mapping (which
extractor reads which files) is the `[tool.babel]` table of pyproject.toml. New ids
arrive empty in each .po: translate them by hand (the catalogue tests fail until every id
is translated and none is fuzzy).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

from app.i18n.catalog import LANGUAGES, LOCALE

ROOT = LOCALE.parents[1]
KEYWORDS = ["-k", "n_:1,2"]  # phrases modules call ngettext `n_` (`_`, `N_` are known)


def sources() -> dict[str, list[str]]:
    """domain -> the paths (relative to the repository) its ids come from."""
    from app.games.registry import GAMES

    # (the table's own log lines are the pages' words: the same in every game)
    domains = {"messages": ["templates", "app/web", "app/i18n/table_events.py"]}
    for game_id, rules in sorted(GAMES.items()):
        # A game's words may live beside its phrases module (lingo.py, view_texts.py):
        # its whole package is read; the engine's modules mark nothing.
        package = Path(sys.modules[type(rules).__module__].__file__ or "").parent
        if (package / "phrases.py").is_file():
            domains[game_id] = [str(package.relative_to(ROOT))]
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
