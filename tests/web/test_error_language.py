"""Refusals in the person's language (issue 15): a form's alert, the JSON API's `detail`
(pydantic's field errors included) and the middleware's answers say why in German or
Dutch from the `lang` cookie or Accept-Language; the `code` stays English, and nothing
changes. Every refusal the web and room layers raise is a message id of the catalogue."""

from __future__ import annotations

import ast
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from app.i18n import translations
from app.i18n.games import refusal_text
from app.rooms import names
from app.rooms.errors import StaleVersion
from app.web.render.words import REFUSALS
from tests.client import Make, refusal, seated_room, start
from tests.live import LiveServer

ROOT = Path(__file__).resolve().parents[2]
# the exceptions whose message reaches a person
SAID = {"FormError", "BadBody", "TooBig", "TooFast", "HTTPException"}


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
        yield c


async def test_a_form_with_a_bad_number_is_refused_in_the_viewers_language(
    client: httpx.AsyncClient,
) -> None:
    client.cookies.set("lang", "de")
    response = await client.post("/rooms", data={"game": "null-bock", "seats": "3",
                                                 "opt.target": "zwölf"})
    assert response.status_code == 303 and response.headers["location"] == "/"
    assert refusal(response) == "Zielpunktzahl muss eine ganze Zahl sein."
    page = (await client.get(response.headers["location"])).text
    assert "Zielpunktzahl muss eine ganze Zahl sein." in page
    assert "must be a whole number" not in page
    client.cookies.set("lang", "nl")
    response = await client.post("/rooms", data={"game": "null-bock", "seats": "9"})
    page = (await client.get(response.headers["location"])).text
    assert "Null Bock! is voor 3 tot 6 spelers." in page
    assert (await client.get("/api/rooms")).json() == []  # no room was made


async def test_the_api_says_why_in_the_requests_language_and_keeps_the_code(
    client: httpx.AsyncClient,
) -> None:
    made = await client.post("/api/rooms", json={"game": "null-bock", "seats": 3})
    code = made.json()["code"]
    before = (await client.get(f"/api/rooms/{code}")).json()
    german = {"accept-language": "de-DE,de;q=0.9"}
    bad = await client.post(f"/api/rooms/{code}/seats", json={"name": 5}, headers=german)
    assert bad.status_code == 422 and bad.json() == {
        "code": "malformed", "detail": "Feld body.name: es muss Text sein"}
    english = await client.post(f"/api/rooms/{code}/seats", json={"name": 5})
    assert english.json()["detail"] == "Field body.name: Input should be a valid string"
    client.cookies.set("lang", "nl")  # the cookie wins over the header
    long = await client.post(f"/api/rooms/{code}/seats", json={"name": "x" * 99},
                             headers=german)
    assert long.status_code == 422 and long.json()["code"] == "invalid_name"
    assert long.json()["detail"] == "Een naam mag hoogstens 24 tekens lang zijn."
    unknown = await client.post("/api/rooms", json={"game": "poker", "seats": 2})
    assert unknown.json() == {"code": "unknown_game",
                              "detail": "Er is geen spel dat 'poker' heet."}
    nan = await client.post(f"/api/rooms/{code}/seats", content=b'{"name": NaN}',
                            headers={"content-type": "application/json"})
    assert nan.status_code == 422 and nan.json()["detail"] == "NaN is geen JSON-getal."
    lost = await client.get("/api/nowhere")
    assert lost.status_code == 404 and lost.json() == {"code": "not_found",
                                                       "detail": "Niet gevonden."}
    assert (await client.get(f"/api/rooms/{code}")).json() == before  # nothing changed


def _refusals_raised() -> list[tuple[str, ast.expr]]:
    """(where, the message argument) of every `raise` of a refusal a person reads."""
    found = []
    for path in sorted((ROOT / "app" / "web").glob("*.py")) + sorted(
            (ROOT / "app" / "rooms").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            func = node.exc.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            said = name in SAID or (path.parent.name == "rooms" and name[:1].isupper()
                                    and path.name != "tasks.py")
            position = 1 if name == "HTTPException" else 0  # (status, detail)
            if said and len(node.exc.args) > position:
                found.append((f"{path.name}:{node.lineno} {name}", node.exc.args[position]))
    return found


def test_every_refusal_raised_is_a_message_id_never_an_f_string() -> None:
    refusals = _refusals_raised()
    assert len(refusals) > 10  # the scan sees them
    german = translations("de").gettext
    problems = []
    for where, arg in refusals:
        if isinstance(arg, ast.JoinedStr):
            problems.append(f"{where}: an f-string cannot be translated")
        elif (isinstance(arg, ast.Constant) and isinstance(arg.value, str)
              and arg.value not in REFUSALS and german(arg.value) == arg.value):
                problems.append(f"{where}: {arg.value!r} is not in the catalogue")
    assert not problems, "\n".join(problems)


def test_the_length_refusals_say_the_limits() -> None:
    source = (ROOT / "app" / "rooms" / "names.py").read_text(encoding="utf-8")
    assert f"at most {names.NAME_MAX} characters" in source.split("def clean_name")[1]
    assert f"at most {names.CHAT_MAX} characters" in source.split("def clean_chat")[1]


async def test_an_illegal_move_over_the_api_is_refused_in_the_games_words(
    app: FastAPI,
) -> None:
    people = [httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                base_url="http://test") for _ in range(3)]
    made = await people[0].post("/api/rooms", json={"game": "null-bock", "seats": 3})
    code = made.json()["code"]
    for i, person in enumerate(people):
        await person.post(f"/api/rooms/{code}/seats", json={"name": f"P{i}", "seat": i})
    await people[0].post(f"/api/rooms/{code}/start")
    view = (await people[0].get(f"/api/rooms/{code}/view")).json()
    mover = people[view["view"]["to_act"][0]]
    move = {"type": "play", "card": "X99", "to": "arena"}
    english = await mover.post(f"/api/rooms/{code}/moves",
                               json={"version": view["version"], "move": move})
    german = await mover.post(f"/api/rooms/{code}/moves", headers={"accept-language": "de"},
                              json={"version": view["version"], "move": move})
    assert english.status_code == german.status_code == 422, german.text
    assert english.json()["code"] == german.json()["code"] == "illegal"
    assert german.json()["detail"] != english.json()["detail"]
    # (a play while the Edges are chosen; said from its kind, never read from its words)
    assert english.json()["detail"] == refusal_text("null-bock", "choose_edge", {})
    assert german.json()["detail"] == refusal_text("null-bock", "choose_edge", {}, "de")
    assert (await people[0].get(f"/api/rooms/{code}/view")).json()["version"] == view["version"]
    for person in people:
        await person.aclose()


async def test_a_refused_socket_move_is_said_in_the_viewers_language(
        server: LiveServer, people: Make) -> None:
    """The socket's `error` reaches a person in their language: a game's own refusal in
    the game's words, a room's refusal (stale) from the catalogue; the code stays."""
    code, players = await seated_room(server, people, 3, game="null-bock", options={})
    await start(code, players[0])
    german = players[1]
    german.http.cookies.set("lang", "de")
    await german.connect(code)
    view = await german.expect("view")
    edge = view["view"]["moves"][0]
    await german.send({"type": "move", "version": view["version"], "move": edge})
    await german.expect("view", version=view["version"] + 1)
    again = view["view"]["moves"][-1]  # chosen already: refused
    await german.send({"type": "move", "version": view["version"] + 1, "move": again})
    refused = await german.expect("error")
    english = "You have already chosen your Edge card; waiting for the others."
    assert refused["code"] == "illegal"
    assert refusal_text("null-bock", "chosen", {}) == english
    assert refused["reason"] == refusal_text("null-bock", "chosen", {}, "de") != english
    await german.send({"type": "move", "version": 1, "move": again})
    stale = await german.expect("error")
    assert stale["code"] == "stale"
    assert stale["reason"] == translations("de").gettext(StaleVersion.default)
    assert stale["reason"] != StaleVersion.default
