"""The viewer's language: the picker's cookie, else Accept-Language, else English; the
pages, the board and the log in it; each viewer of one room in their own."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from app.web.language import choose, from_accept
from app.web.render.render import environment, speaking
from tests.client import Make, seated_room, start
from tests.live import LiveServer


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
        yield c


@pytest.mark.parametrize(("header", "lang"), [
    ("de-AT,de;q=0.9,en;q=0.5", "de"),
    ("en;q=0.4, nl-BE;q=0.8, de;q=0.7", "nl"),  # quality decides, not the order
    ("fr-FR, nl;q=0.2", "nl"),  # French is not spoken here: the next best
    ("de;q=0.5, nl;q=0.5", "de"),  # equal quality: the first named
    ("nl;q=0, de;q=0.1", "de"),  # q=0 means "not this one"
    ("fr, es;q=0.9", None),
    ("de;q=abc, nl", "nl"),  # a broken quality is skipped, not an error
    ("", None),
    (None, None),
])
def test_accept_language_honours_quality_values(header: str | None, lang: str | None) -> None:
    assert from_accept(header) == lang


def test_the_cookie_wins_over_the_header_and_english_is_the_last_resort() -> None:
    assert choose("nl", "de") == "nl"
    assert choose("xx", "de;q=0.3") == "de"  # an unknown cookie is ignored
    assert choose(None, "fr") == "en"


async def test_the_picker_stores_the_choice_and_goes_back(client: httpx.AsyncClient) -> None:
    lobby = (await client.get("/")).text
    assert '<html lang="en">' in lobby and 'action="/lang"' in lobby
    response = await client.post("/lang", data={"lang": "nl", "next": "/rules/null-bock"})
    assert response.status_code == 303
    assert response.headers["location"] == "/rules/null-bock"
    assert response.cookies["lang"] == "nl"
    page = (await client.get("/", headers={"accept-language": "de"})).text
    assert '<html lang="nl">' in page and "Schuif aan" in page and "Pull up a chair" not in page


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x", "evil"])
async def test_the_picker_never_sends_anyone_off_the_site(
    client: httpx.AsyncClient, target: str
) -> None:
    response = await client.post("/lang", data={"lang": "de", "next": target})
    assert response.headers["location"] == "/"


async def test_an_unknown_language_changes_nothing(client: httpx.AsyncClient) -> None:
    response = await client.post("/lang", data={"lang": "fr", "next": "/"})
    assert response.status_code == 303 and "lang" not in response.cookies


async def test_the_lobby_in_german_by_accept_language(client: httpx.AsyncClient) -> None:
    page = (await client.get("/", headers={"accept-language": "de-DE,de;q=0.9"})).text
    assert '<html lang="de">' in page
    assert "Setz dich dazu" in page and "Jetzt mit Bots spielen" in page
    assert "Pull up a chair" not in page and "Play now with bots" not in page


async def test_a_refused_form_is_told_in_the_viewers_language(
    client: httpx.AsyncClient,
) -> None:
    client.cookies.set("lang", "de")
    response = await client.get("/join", params={"code": "not a code!"})
    page = (await client.get(response.headers["location"])).text
    assert "Das ist kein Raumcode." in page and "That is not a room code." not in page


async def test_two_languages_rendered_at_once_never_mix() -> None:
    template = environment().from_string("{% trans %}Pull up a chair{% endtrans %}")

    async def render(lang: str) -> list[str]:
        out = []
        for _ in range(50):
            with speaking(lang):
                await asyncio.sleep(0)  # the other language's task runs in between
                out.append(template.render())
        return out

    german, dutch = await asyncio.gather(render("de"), render("nl"))
    assert set(german) == {"Setz dich dazu"} and set(dutch) == {"Schuif aan"}


def test_rules_in_the_viewers_language_else_english(tmp_path: Path) -> None:
    from app.games.registry import REGISTRY
    from app.web.render import rulebook
    (tmp_path / "en.md").write_text("# Rules\n", encoding="utf-8")
    (tmp_path / "de.md").write_text("# Regeln\n", encoding="utf-8")
    game = dataclasses.replace(REGISTRY["null-bock"], rulebook=tmp_path)
    assert "Regeln" in str(rulebook.rules_html(game, "de"))
    assert rulebook.rules_lang(game, "de") == "de"
    assert "Rules" in str(rulebook.rules_html(game, "nl"))  # not translated yet
    assert rulebook.rules_lang(game, "nl") == "en"
    assert rulebook.rules_file(None, "de") is None  # no such game: never a path


async def test_each_viewer_of_one_room_reads_it_in_their_own_language(
    server: LiveServer, people: Make
) -> None:
    """Three seats, three languages: each socket's board, log and errors in its own,
    from the same version of the same room."""
    code, (ann, ben, cat) = await seated_room(server, people, 3, game="null-bock",
                                              options={"rounds": 1})
    ann.http.cookies.set("lang", "de")
    ben.http.cookies.set("lang", "nl")
    await start(code, ann)
    boards = {}
    for person, lang in ((ann, "de"), (ben, "nl"), (cat, "en")):
        await person.connect(code, html=True)
        boards[lang] = await person.expect("board")
    assert "Deine Hand" in boards["de"]["html"] and "Your hand" not in boards["de"]["html"]
    assert "Jouw hand" in boards["nl"]["html"] and "Deine Hand" not in boards["nl"]["html"]
    assert "Your hand" in boards["en"]["html"]
    assert len({b["version"] for b in boards.values()}) == 1
    # the first Edge choice: every log gets the line, each in its own language
    move = (await ann.api("GET", f"/api/rooms/{code}/view")).json()["view"]["moves"][0]
    await ann.send({"type": "move", "version": boards["de"]["version"], "move": move})
    lines = {}
    for person, lang in ((ann, "de"), (ben, "nl"), (cat, "en")):
        update = await person.expect("board", version=boards[lang]["version"] + 1)
        lines[lang] = " ".join(update["log_text"])
    assert lines["de"] != lines["en"] and lines["nl"] != lines["en"] and lines["de"]
    await ben.send("not json")
    error = await ben.expect("error")
    assert error["reason"] == "De inhoud is geen geldige JSON."  # said in English: "The body..."


@pytest.mark.parametrize("lang", ["de", "nl"])
@pytest.mark.parametrize("stem", ["null-bock", "stier-zoekt-bier", "four-pints-please",
                                  "bullenparty"])
def test_every_game_has_its_rules_in_german_and_dutch(lang: str, stem: str) -> None:
    from app.games.registry import REGISTRY
    from app.web.render import rulebook
    game = REGISTRY[stem]
    assert rulebook.rules_lang(game, lang) == lang
    html = str(rulebook.rules_html(game, lang))
    english = str(rulebook.rules_html(game))
    assert html != english
    for tag in ("<h1>", "<h2>", "<table>", "<li>"):  # the same kind of text as English
        assert tag in html, (stem, lang, tag)


async def test_the_card_faces_and_the_docs_frame_in_the_viewers_language(
    client: httpx.AsyncClient,
) -> None:
    cards = (await client.get("/cards", headers={"accept-language": "de"})).text
    for german in ("Kartenbilder", "Hirschkuh 7+", "Hirsch 9", "2 Weißbier", "Bierboss",
                   "Pistazien", "-1 Verschüttetes Pint", "(10: 2 Pkt., 19: 4 Pkt.)"):
        assert german in cards, german
    for english in ("3 doe", "9 stag", "2 white", "Beer boss", ">Pistachios<", "pts"):
        assert english not in cards, english
    assert "Pietje Pils" in (await client.get("/cards", headers={"accept-language": "nl"})).text
    client.cookies.set("lang", "nl")
    docs = (await client.get("/docs")).text
    assert '<html lang="nl">' in docs and "de JSON-interface" in docs
    assert "Terug naar de lobby" in docs
    assert "Every room, seat and move" not in docs and 'id="swagger-ui"' in docs
