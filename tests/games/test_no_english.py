"""Engines say what happened; only the phrases say it (docs/contracts.md §2): no string
literal of a game's engine modules is an English sentence. The words modules are those
that speak through a catalogue (they take a `Gettext` or mark message ids with `N_`:
phrases.py and its helpers, and the entry's lobby words in __init__.py). Left out of the
scan: docstrings; names, which every language keeps (the game's `title`, and the card
data of cards.py, whose names are codes: "Red Ale", "Lenny Lager"); and the room
options' words (their labels and help, and why options are refused), which the lobby
says from the pages' catalogue (app/web/render/words.py)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from app.games.registry import REGISTRY

SENTENCE = re.compile(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}")
"""Two words in a row: a sentence, or a piece of one (an f-string's literal parts)."""
OPTION_WORDS = {"field", "InvalidOptions", "ValueError"}
"""Calls whose strings are the options' words: `field(metadata=...)`, refusals of options."""


def package(game_id: str) -> Path:
    return Path(type(REGISTRY[game_id].rules).__module__.replace(".", "/")).parent


def speaks(tree: ast.Module) -> bool:
    """A words module: it takes a catalogue's `Gettext`, or marks message ids (`N_`)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and any(a.name in ("Gettext", "N_")
                                                     for a in node.names):
            return True
        if isinstance(node, ast.FunctionDef) and node.name == "N_":
            return True
    return False


def docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes (and of a constant's docstring below it)."""
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for first, after in zip([None, *body], body, strict=False):
            is_doc = (isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                      and isinstance(after.value.value, str))
            if is_doc and (first is None or isinstance(first, ast.Assign | ast.AnnAssign)):
                out.add(id(after.value))
    return out


def option_words(tree: ast.Module) -> set[int]:
    """The ids of every node inside a call that makes the options' words."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in OPTION_WORDS:
                out |= {id(inner) for inner in ast.walk(node)}
    return out


def names(tree: ast.Module, path: Path) -> set[int]:
    """The ids of the nodes that are names: a game's `title` (its class statement's), and
    cards.py's data (its module-level constants)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):  # class NullBock(..., title="Null Bock!")
            out |= {id(kw.value) for kw in node.keywords if kw.arg == "title"}
    if path.name == "cards.py":
        for statement in tree.body:
            if isinstance(statement, ast.AnnAssign | ast.Assign):
                out |= {id(inner) for inner in ast.walk(statement)}
    return out


def english(path: Path) -> list[str]:
    """The sentences among the string literals of one engine module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if speaks(tree):
        return []
    left_out = docstrings(tree) | option_words(tree) | names(tree, path)
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in left_out and SENTENCE.search(node.value)):
            found.append(f"{path}:{node.lineno}: {node.value!r}")
    return found


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_no_engine_module_writes_an_english_sentence(game_id: str) -> None:
    modules = sorted(package(game_id).glob("*.py"))
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in modules}
    assert any(speaks(tree) for tree in trees.values()), "the game's phrases are scanned"
    engines = [path for path, tree in trees.items() if not speaks(tree)]
    assert len(engines) >= 5, engines  # the scan sees the engine
    found = [sentence for path in engines for sentence in english(path)]
    assert not found, "\n".join(found)


def test_the_scan_finds_a_sentence_where_an_engine_writes_one(tmp_path: Path) -> None:
    engine = tmp_path / "flow.py"
    engine.write_text('from app.games.base import Event\n\n\ndef play(events, seat):\n'
                      '    """Docstrings are words."""\n'
                      '    events.append(Event("pass", f"{seat} cannot play and passes."))\n'
                      '    raise ValueError("The target score must be a number.")\n')
    assert english(engine) == [f"{engine}:6: ' cannot play and passes.'"]
