"""A board's regions as a browser finds them (docs/contracts.md §3, §5): each element whose
root tag carries `data-region`, found in the whole board's text, so a test can apply a
regions message as static/room/board.js does and compare with a whole board."""

from __future__ import annotations

import re

REGION = re.compile(r'data-region="([^"]*)"')
TAG = re.compile(r"<(/?)([a-zA-Z][\w-]*)[^>]*>")


def spans(html: str) -> dict[str, tuple[int, int]]:
    """Each region's (start, end) in `html`, in board order. (Attribute values hold no
    `<` or `>`: the boards escape them, and `tojson` writes them as \\u003c.)"""
    out: dict[str, tuple[int, int]] = {}
    for found in REGION.finditer(html):
        start = html.rfind("<", 0, found.start())
        root = TAG.match(html, start)
        assert root is not None and root.end() > found.start(), html[start:found.end()]
        name, depth = root.group(2), 0
        for tag in TAG.finditer(html, start):
            if tag.group(2) != name:
                continue
            depth += -1 if tag.group(1) else 1
            if depth == 0:
                break
        assert depth == 0, f"region {found.group(1)} is never closed"
        assert found.group(1) not in out, f"region {found.group(1)} twice"
        out[found.group(1)] = (start, tag.end())
    return out


def skeleton(html: str) -> list[str]:
    """The text around the regions."""
    out, at = [], 0
    for start, end in spans(html).values():
        out.append(html[at:start])
        at = end
    return [*out, html[at:]]


def apply(html: str, regions: dict[str, str]) -> str:
    """`html` with each named region's element replaced by its new outer HTML."""
    for name, text in regions.items():
        start, end = spans(html)[name]
        html = html[:start] + str(text) + html[end:]  # (a Markup would escape the rest)
    return html
