"""The tiny Markdown converter and the rules texts it renders."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.web.markdown import to_html
from app.web.rulebook import RULES_DIR, rules_html


def test_blocks_and_inline_marks() -> None:
    source = "# Title\n\nSome **bold** and *it* and `code`.\n\n- a\n- b\n  more b\n\n1. one\n"
    out = to_html(source)
    assert "<h1>Title</h1>" in out
    assert "<p>Some <strong>bold</strong> and <em>it</em> and <code>code</code>.</p>" in out
    assert "<ul><li>a</li><li>b more b</li></ul>" in out
    assert "<ol><li>one</li></ol>" in out


def test_nested_list_and_text_after_it_belongs_to_the_parent() -> None:
    out = to_html("1. step:\n   - sub\n   back in step\n2. next\n")
    assert out == "<ol><li>step:<ul><li>sub</li></ul><p>back in step</p></li><li>next</li></ol>"


def test_table_with_header() -> None:
    out = to_html("| a | b |\n|---|---|\n| 1 | 2 |\n")
    assert "<tr><th>a</th><th>b</th></tr>" in out
    assert "<tr><td>1</td><td>2</td></tr>" in out


def test_everything_is_escaped() -> None:
    out = to_html("<script>alert(1)</script> & **<b>**\n\n| <i> |\n")
    assert "<script>" not in out and "<b>" not in out and "<i>" not in out
    assert "&lt;script&gt;" in out


RULES = ["null-bock", "stier-zoekt-bier", "four-pints-please", "bullenparty"]


@pytest.mark.parametrize("stem", RULES)
def test_every_rules_text_renders(stem: str) -> None:
    html = rules_html(stem)
    assert html is not None and "<h2>" in html and "<table>" in html


def _shared_rules() -> Path | None:
    root = Path(__file__).resolve().parents[2]
    for candidate in (root.parent / "shared" / "rules", Path("/work/shared/rules")):
        if candidate.is_dir():
            return candidate
    return None


@pytest.mark.skipif(_shared_rules() is None, reason="the shared rules folder is not here")
def test_rules_texts_are_identical_to_the_binding_rules() -> None:
    shared = _shared_rules()
    assert shared is not None
    for copy in sorted(RULES_DIR.glob("*.md")):
        assert copy.read_text() == (shared / copy.name).read_text(), copy.name
