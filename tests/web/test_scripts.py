"""The pages' scripts are ES modules that share nothing through `window` (issue 36): no
script of ours hangs a name on the global object for another to find, the room page
loads its script as modules only (idiomorph, vendored as a plain script, aside), and
its preloads are exactly the modules static/app.js imports, each of them a file."""

from __future__ import annotations

import posixpath
import re
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from tests.games.toy import HighCard

STATIC = Path(__file__).resolve().parents[2] / "static"
OURS = sorted(p for p in STATIC.rglob("*.js") if "vendor" not in p.relative_to(STATIC).parts)
# The one plain script the room page loads: a vendored file, as npm packs it, read by
# static/room/morph.js alone.
IDIOMORPH = "/static/vendor/idiomorph/idiomorph.min.js"

# `window.x =`, `globalThis.x +=`, `self["x"] =`, `Object.assign(window, ...)`: a name
# put on the global object (not `==`, `===`: those only read).
_SHARED = re.compile(
    r"\b(?:window|globalThis|self)\s*(?:\.\s*[\w$]+|\[[^\]]+\])\s*(?:[-+*/|&]|\?\?)?=(?!=)"
    r"|Object\.(?:assign|defineProperty)\(\s*(?:window|globalThis|self)\b")
_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"']+)["']"""
                     r"""|^\s*import\s*["']([^"']+)["']""", re.M)
_TAG = re.compile(r"<(script|link)\b([^>]*)>")


def _attrs(text: str) -> dict[str, str]:
    return {name: value for name, value in re.findall(r'([\w-]+)(?:="([^"]*)")?', text)}


def test_the_check_sees_a_shared_global() -> None:
    for shared in ["window.stammtisch = { receive };", "window.StammtischRoom={}",
                   "globalThis.T = 1", 'window["x"] = 2', "self.y ??= 3",
                   "Object.assign(window, { z })"]:
        assert _SHARED.search(shared), shared
    for read in ["if (window.Idiomorph) x()", "window.x === 1", "window.addEventListener('a', f)",
                 "const lib = globalThis.Idiomorph;"]:
        assert not _SHARED.search(read), read


@pytest.mark.parametrize("path", OURS, ids=lambda p: str(p.relative_to(STATIC)))
def test_no_script_of_ours_shares_a_global(path: Path) -> None:
    found = [line.strip() for line in path.read_text().splitlines() if _SHARED.search(line)]
    assert found == [], f"{path.relative_to(STATIC)} puts names on window: {found}"


def _closure(entry: str) -> set[str]:
    """The URLs of `entry` and every module it imports, directly or not."""
    seen: set[str] = set()
    todo = [entry]
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        file = STATIC / url.removeprefix("/static/")
        assert file.is_file(), f"{url} is imported but is no file"
        for found in _IMPORT.findall(file.read_text()):
            target = found[0] or found[1]
            assert target.startswith("."), f"{url} imports {target}: only our files"
            todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(url), target)))
    return seen


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
        yield c


async def test_the_room_page_loads_modules_only(client: httpx.AsyncClient) -> None:
    made = await client.post("/rooms", data={"game": HighCard.id, "seats": "2",
                                             "visibility": "private"})
    page = (await client.get(made.headers["location"])).text
    tags = [(name, _attrs(text)) for name, text in _TAG.findall(page)]
    scripts = [attrs for name, attrs in tags if name == "script"]
    assert all("src" in s for s in scripts), "an inline script"
    plain = [s["src"] for s in scripts if s.get("type") != "module"]
    assert plain == [IDIOMORPH], plain
    entries = [s["src"] for s in scripts if s.get("type") == "module"]
    assert "/static/app.js" in entries, entries
    wanted = set().union(*(_closure(src) for src in entries))
    preloaded = {a["href"] for name, a in tags
                 if name == "link" and a.get("rel") == "modulepreload"}
    # every module the page runs is fetched at once (not one import after another)
    assert preloaded | set(entries) == wanted, (preloaded, wanted)
