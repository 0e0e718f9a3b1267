"""The board templates' layout whitespace, dropped once when a template is compiled.

A board travels in every live update (~6 KB a message, docs/contracts.md §3): the
newlines and indentation that make a template readable were a twelfth of it, and every
byte is written, framed and read again. So the templates stay laid out for people, and
their compiled form says the same with less: only the template's own text (Jinja's
`data` tokens) is touched, never a value it puts in, never a `{% trans %}` text (its
message id), never a `<pre>`'s content.

One rule: a run of whitespace holding a newline, or of two or more, is one space (the
browser collapses it so, white-space: normal). (Dropping such a run beside a block's
tag as well saved another 1-2 % but moved some Bullenparty and Four Pints boards by a
pixel in a screenshot comparison: not done.)
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream

COMPACTED = "boards/"  # the templates compacted: the boards and their toolkit
# HTML's own whitespace only (a no-break space is text)
_RUN = re.compile(r"[ \t\r\f]*\n[ \t\n\r\f]*|[ \t\n\r\f]{2,}")
_PRE = re.compile(r"<(pre|textarea)\b")


def squeeze(text: str) -> str:
    """`text` (a template's own HTML) without its layout whitespace."""
    return _RUN.sub(" ", text)


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
