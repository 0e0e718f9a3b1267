"""The board templates' layout whitespace, dropped once when a template is compiled.

A board travels in every live update (~6 KB a message, docs/contracts.md §3): the
newlines and indentation that make a template readable were a twelfth of it, and every
byte is written, framed and read again. So the templates stay laid out for people, and
their compiled form says the same with less: only the template's own text (Jinja's
`data` tokens) is touched, never a value it puts in, never a `{% trans %}` text (its
message id), never a `<pre>`'s content.

Two rules, each drawing exactly what the browser drew before (white-space: normal):
- a run of whitespace holding a newline, or of two or more, is one space (the browser
  collapses it so);
- such a run next to the tag of an element laid out as a block is nothing (a block's
  first and last line lose their leading and trailing space, and whitespace between
  blocks draws no box). The element is known by its tag: no board styles one of these
  tags inline (static/css: the inline-flex ones are spans, buttons and `.pile` divs of
  Bullenparty laid out in a flex row, where whitespace draws nothing either).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream

COMPACTED = "boards/"  # the templates compacted: the boards and their toolkit
BLOCKS = frozenset({
    "article", "details", "div", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header",
    "li", "nav", "ol", "p", "section", "summary", "table", "tbody", "td", "tfoot", "th",
    "thead", "tr", "ul",
})
_RUN = re.compile(r"\s*\n\s*|\s{2,}")
_TAG_BEFORE = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*>\Z")
_TAG_AFTER = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)\b")
_PRE = re.compile(r"<(pre|textarea)\b")


def _is_block(match: re.Match[str] | None) -> bool:
    return match is not None and match.group(1).lower() in BLOCKS


def squeeze(text: str) -> str:
    """`text` (a template's own HTML) without its layout whitespace."""
    out, at = [], 0
    for run in _RUN.finditer(text):
        start = run.start()
        out.append(text[at:start])
        before = _TAG_BEFORE.search(text, 0, start) if text[start - 1:start] == ">" else None
        after = _TAG_AFTER.match(text, run.end())
        out.append("" if _is_block(before) or _is_block(after) else " ")
        at = run.end()
    out.append(text[at:])
    return "".join(out)


def _compacted(text: str, in_pre: bool) -> tuple[str, bool]:
    """`text` squeezed outside a `<pre>`/`<textarea>`; whether it ends inside one."""
    out = []
    while text:
        if in_pre:
            end = re.search(r"</(pre|textarea)\s*>", text)
            if end is None:
                out.append(text)
                return "".join(out), True
            out.append(text[:end.end()])
            text, in_pre = text[end.end():], False
        else:
            start = _PRE.search(text)
            if start is None:
                out.append(squeeze(text))
                break
            out.append(squeeze(text[:start.start()]))
            text, in_pre = text[start.start():], True
    return "".join(out), in_pre


class Compact(Extension):
    """The Jinja extension: `squeeze`s the data of the templates under `COMPACTED`."""

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        if not (stream.name or "").startswith(COMPACTED):
            yield from stream
            return
        in_trans = in_pre = False
        previous: Token | None = None
        for token in stream:
            if previous is not None and previous.type == "block_begin" and token.type == "name":
                if token.value == "trans":
                    in_trans = True
                elif token.value == "endtrans":
                    in_trans = False
            if token.type == "data" and not in_trans:
                value, in_pre = _compacted(token.value, in_pre)
                token = Token(token.lineno, token.type, value)
            previous = token
            yield token
