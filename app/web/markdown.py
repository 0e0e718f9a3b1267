"""A tiny Markdown-to-HTML converter for the rules pages.

It knows just what the rules files use: headings, paragraphs, bullet and numbered lists
(nested by indentation), pipe tables, **bold**, *italic* and `code`. Everything is
escaped first, so the output is safe whatever the text holds.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_ITEM = re.compile(r"^(\s*)([-*+]|\d+\.)\s+(.*)$")
_TABLE_RULE = re.compile(r"^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_INLINE = [
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
    (re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<em>\1</em>"),
]


def inline(text: str) -> str:
    """Escape `text` and apply the inline marks."""
    out = html.escape(text.strip(), quote=False)
    for pattern, repl in _INLINE:
        out = pattern.sub(repl, out)
    return out


def to_html(source: str) -> str:
    lines = source.replace("\r\n", "\n").split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif m := _HEADING.match(line):
            level = len(m.group(1))
            out.append(f"<h{level}>{inline(m.group(2))}</h{level}>")
            i += 1
        elif line.lstrip().startswith("|"):
            i = _table(lines, i, out)
        elif _ITEM.match(line):
            i = _list(lines, i, out)
        else:
            i = _paragraph(lines, i, out)
    return "\n".join(out)


def _paragraph(lines: list[str], i: int, out: list[str]) -> int:
    text: list[str] = []
    while i < len(lines) and lines[i].strip() and not _starts_block(lines[i]):
        text.append(lines[i])
        i += 1
    out.append(f"<p>{inline(' '.join(t.strip() for t in text))}</p>")
    return i


def _starts_block(line: str) -> bool:
    return bool(_HEADING.match(line) or _ITEM.match(line) or line.lstrip().startswith("|"))


def _table(lines: list[str], i: int, out: list[str]) -> int:
    rows: list[list[str]] = []
    has_head = False
    while i < len(lines) and lines[i].lstrip().startswith("|"):
        if _TABLE_RULE.match(lines[i].strip()):
            has_head = len(rows) == 1
        else:
            rows.append([c.strip() for c in lines[i].strip().strip("|").split("|")])
        i += 1
    out.append("<table>")
    for n, row in enumerate(rows):
        tag = "th" if has_head and n == 0 else "td"
        cells = "".join(f"<{tag}>{inline(c)}</{tag}>" for c in row)
        out.append(f"<tr>{cells}</tr>")
    out.append("</table>")
    return i


@dataclass
class _Item:
    indent: int
    content: int  # the column where the item's text starts
    ordered: bool
    text: list[str]
    children: list[_Item] = field(default_factory=list)
    tail: list[str] = field(default_factory=list)  # text after the nested list


def _list(lines: list[str], i: int, out: list[str]) -> int:
    roots: list[_Item] = []
    stack: list[_Item] = []
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            # A blank line ends the list unless an indented item or text follows.
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            if nxt.startswith(" ") and stack:
                i += 1
                continue
            break
        if line.lstrip().startswith("|"):
            break  # a table inside an item is drawn after the list, full width
        if m := _ITEM.match(line):
            indent = len(m.group(1))
            content = indent + len(m.group(2)) + 1
            item = _Item(indent, content, m.group(2)[0].isdigit(), [m.group(3)])
            while stack and stack[-1].indent >= item.indent:
                stack.pop()
            (stack[-1].children if stack else roots).append(item)
            stack.append(item)
        elif stack and (line.startswith(" ") or not _starts_block(line)):
            col = len(line) - len(line.lstrip())
            while len(stack) > 1 and col < stack[-1].content:
                stack.pop()
            owner = stack[-1]
            (owner.tail if owner.children else owner.text).append(line)
        else:
            break
        i += 1
    out.append(_render_items(roots))
    return i


def _render_items(items: list[_Item]) -> str:
    tag = "ol" if items and items[0].ordered else "ul"
    parts = [f"<{tag}>"]
    for item in items:
        body = inline(" ".join(t.strip() for t in item.text))
        children = _render_items(item.children) if item.children else ""
        tail = f"<p>{inline(' '.join(t.strip() for t in item.tail))}</p>" if item.tail else ""
        parts.append(f"<li>{body}{children}{tail}</li>")
    parts.append(f"</{tag}>")
    return "".join(parts)
