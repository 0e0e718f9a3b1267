"""Markdown to HTML for the rules pages, by markdown-it-py (CommonMark plus pipe tables).

Raw HTML in the source is not passed through (`html: False`): it is escaped like any
other text, so the output is safe whatever the rules files hold. Links stay as links;
markdown-it's own validator refuses `javascript:` and similar URLs.
"""

from __future__ import annotations

from markdown_it import MarkdownIt

_MD = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
_MD.enable("table")


def to_html(source: str) -> str:
    return _MD.render(source)
