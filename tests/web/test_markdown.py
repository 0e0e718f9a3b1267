"""The rules' Markdown (markdown-it-py) and the rules texts it renders."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.games.registry import REGISTRY
from app.web.render.markdown import to_html
from app.web.render.rulebook import rules_html


def test_blocks_and_inline_marks() -> None:
    source = "# Title\n\nSome **bold** and *it* and `code`.\n\n- a\n- b\n  more b\n\n1. one\n"
    out = to_html(source)
    assert "<h1>Title</h1>" in out
    assert "<p>Some <strong>bold</strong> and <em>it</em> and <code>code</code>.</p>" in out
    assert "<ul>\n<li>a</li>\n<li>b\nmore b</li>\n</ul>" in out
    assert "<ol>\n<li>one</li>\n</ol>" in out


def test_a_bare_address_and_quotes_stay_as_written() -> None:
    """Our settings (no linkify, no typographer): a rules text's URL is not made a link
    and its straight quotes and dashes are not "smartened" (the copy stays the binding
    text's words)."""
    out = to_html('See https://example.org -- "quoted" and \'single\'.\n')
    assert "<a " not in out
    assert '-- &quot;quoted&quot; and \'single\'' in out


def test_table_with_header() -> None:
    out = to_html("| a | b |\n|---|---|\n| 1 | *2* |\n")
    assert "<table>" in out and "<th>a</th>" in out and "<th>b</th>" in out
    assert "<td>1</td>" in out and "<td><em>2</em></td>" in out


def test_everything_is_escaped() -> None:
    out = to_html("<script>alert(1)</script> & **<b>**\n\n| <i> |\n|---|\n\n"
                  "[x](javascript:alert(1))\n")
    assert "<script>" not in out and "<b>" not in out and "<i>" not in out
    assert "&lt;script&gt;" in out and "javascript:" not in out.replace("](javascript:", "")
    assert 'href="javascript' not in out


RULES = ["null-bock", "stier-zoekt-bier", "four-pints-please", "bullenparty"]


@pytest.mark.parametrize("stem", RULES)
def test_every_rules_text_renders_headings_lists_tables_and_emphasis(stem: str) -> None:
    html = rules_html(REGISTRY[stem])
    assert html is not None
    for tag in ("<h1>", "<h2>", "<table>", "<th>", "<td>", "<li>", "<strong>"):
        assert tag in html, (stem, tag)
    assert "**" not in html and "\n| " not in html  # no Markdown left unconverted


# Relative to the work tree (the project's layout), never an absolute path.
SHARED_RULES = Path(__file__).resolve().parents[2].parent / "shared" / "rules"


@pytest.mark.skipif(not SHARED_RULES.is_dir(), reason="../shared/rules is not here")
def test_rules_texts_are_identical_to_the_binding_rules() -> None:
    """Each game's English rulebook (its entry's `rulebook/en.md`) is a copy of the
    binding rules file, byte for byte."""
    assert sorted(REGISTRY) == sorted(RULES)
    for game_id, game in REGISTRY.items():
        assert game.rulebook is not None, game_id
        copy = (game.rulebook / "en.md").read_bytes()
        assert copy == (SHARED_RULES / f"{game_id}.md").read_bytes(), game_id
