"""The HTML pages without a browser: the lobby form, the seat form, redirects, cookies,
escaping, the rules page, and errors shown in the page's alert area."""

from __future__ import annotations

import html
import re
from collections.abc import AsyncIterator

import httpx
import pytest
from fastapi import FastAPI

from tests.client import refusal
from tests.games.toy import HighCard


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
        yield c


def browser(app: FastAPI) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test")


async def make_room(client: httpx.AsyncClient, **fields: str) -> str:
    data = {"game": HighCard.id, "seats": "2", "visibility": "private", "spectators": "on"}
    response = await client.post("/rooms", data={**data, **fields})
    assert response.status_code == 303
    return str(response.headers["location"])


async def test_the_lobby_offers_every_game_with_its_option_defaults(
    client: httpx.AsyncClient,
) -> None:
    page = (await client.get("/")).text
    assert f'data-game="{HighCard.id}"' in page
    # the toy's one option, its field holding the game's default (3) and bounds
    field = re.search(r'<input type="number" id="[^"]+" name="opt.tricks"[^>]*>', page)
    assert field is not None, page
    assert re.search(r'value="3"\s', field.group()) and 'min="1"' in field.group() \
        and 'max="3"' in field.group()
    assert 'min="1"' in page and 'max="3"'in page


async def test_the_lobby_form_makes_a_room_without_javascript(
    client: httpx.AsyncClient,
) -> None:
    response = await client.post(
        "/rooms", data={"game": HighCard.id, "seats": "3", "opt.tricks": "2",
                        "visibility": "public", "spectators": "on"},
    )
    assert response.status_code == 303
    link = response.headers["location"]
    code = link.rsplit("/", 1)[-1]
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"sth_{code}=") and "HttpOnly" in cookie
    assert "samesite=lax" in cookie.lower()
    room = (await client.get(link)).text
    assert "Start the game" in room and "Take a seat" in room
    lobby = (await client.get("/")).text
    assert f'href="/r/{code}"' in lobby and "0/3 seats" in lobby


async def test_bad_options_come_back_to_the_lobby_with_the_reason(
    client: httpx.AsyncClient,
) -> None:
    response = await client.post("/rooms", data={"game": HighCard.id, "seats": "2",
                                                 "opt.tricks": "9"})
    assert response.status_code == 303 and response.headers["location"] == "/"
    assert refusal(response) == "Tricks must be between 1 and 3."
    page = (await client.get(response.headers["location"])).text
    assert 'role="alert"' in page and "Tricks must be between 1 and 3." in page
    response = await client.post("/rooms", data={"game": HighCard.id, "seats": "9"})
    page = (await client.get(response.headers["location"])).text
    assert "High card is for 2 to 4 players." in page
    response = await client.post("/rooms", data={"game": HighCard.id, "opt.tricks": "two"})
    page = (await client.get(response.headers["location"])).text
    assert "Tricks must be a whole number." in page


async def test_names_are_escaped_and_a_seat_comes_with_a_cookie(app: FastAPI) -> None:
    async with browser(app) as host, browser(app) as guest:
        link = await make_room(host)
        response = await guest.post(link + "/seat", data={"name": "<script>x()</script>"})
        assert response.status_code == 303
        code = link.rsplit("/", 1)[-1]
        assert f"st_{code}" in guest.cookies
        for client in (host, guest):
            page = (await client.get(link)).text
            assert "<script>x()" not in page
            assert "&lt;script&gt;x()&lt;/script&gt;" in page
        assert "Leave my seat" in (await guest.get(link)).text


async def test_the_host_seats_starts_and_the_board_is_in_the_page(app: FastAPI) -> None:
    async with browser(app) as host, browser(app) as guest:
        link = await make_room(host)
        await host.post(link + "/seat", data={"name": "Ann"})
        await guest.post(link + "/seat", data={"name": "Bo"})
        response = await host.post(link + "/start")
        assert response.status_code == 303 and "error" not in response.headers["location"]
        page = (await host.get(link)).text
        assert 'data-move=' in page and 'data-status="playing"' in page
        spectator = (await browser(app).get(link)).text
        assert 'data-move=' not in spectator and "You are watching" in spectator


async def test_the_host_removes_a_gone_player_a_bot_plays_on_until_the_host_opens_the_seat(
    app: FastAPI,
) -> None:
    """Without JavaScript: the host removes Bo mid-game and a good bot takes the seat at
    once (whoever took an empty seat would see its hand); the host opens it to a person,
    and only then may a newcomer take it over (issue 35.9)."""
    async with browser(app) as host, browser(app) as guest, browser(app) as newcomer:
        link = await make_room(host)
        await host.post(link + "/seat", data={"name": "Ann"})
        await guest.post(link + "/seat", data={"name": "Bo"})
        await host.post(link + "/start")
        host_page = (await host.get(link)).text
        assert 'action="' + link + '/remove"' in host_page and "Remove Bo" in host_page
        assert "Remove Ann" not in host_page  # not oneself
        assert "/remove" not in (await guest.get(link)).text  # only the host may
        refused = await guest.post(link + "/remove", data={"seat": "0"})
        page = (await guest.get(refused.headers["location"])).text
        assert "Only the host can do that." in page and "Ann" in page
        watching = (await newcomer.get(link)).text
        assert "Take over" not in watching  # no seat is free yet
        removed = await host.post(link + "/remove", data={"seat": "1"})
        assert refusal(removed) is None
        assert "Leave my seat" not in (await guest.get(link)).text
        assert 'data-move=' not in (await guest.get(link)).text  # Bo is a spectator now
        host_page = (await host.get(link)).text
        assert "bot (good)" in host_page and 'action="' + link + '/open"' in host_page
        assert "Take over" not in (await newcomer.get(link)).text  # the bot holds it
        grab = await newcomer.post(link + "/seat", data={"name": "Cy", "index": "1"})
        assert refusal(grab) == "Every seat is taken."
        assert "/open" not in (await guest.get(link)).text  # only the host may
        assert refusal(await guest.post(link + "/open", data={"seat": "1"})) == (
            "Only the host can do that.")
        opened = await host.post(link + "/open", data={"seat": "1"})
        assert refusal(opened) is None
        watching = (await newcomer.get(link)).text
        assert "Take over seat 2" in watching
        taken = await newcomer.post(link + "/seat", data={"name": "Cy", "index": "1"})
        assert refusal(taken) is None
        assert "Take over" not in (await newcomer.get(link)).text
        view = (await newcomer.get(f"/api/rooms/{link.rsplit('/', 1)[1]}/view")).json()
        assert view["seat"] == 1 and view["view"]["hand"]  # the seat's hand, now Cy's


async def test_a_guest_cannot_start_and_is_told_why(app: FastAPI) -> None:
    async with browser(app) as host, browser(app) as guest:
        link = await make_room(host)
        response = await guest.post(link + "/start")
        page = (await guest.get(response.headers["location"])).text
        assert "Only the host can do that." in page


async def test_join_by_code_or_link_and_unknown_rooms(client: httpx.AsyncClient) -> None:
    response = await client.get("/join", params={"code": " http://x.y/r/abc123/ "})
    assert response.headers["location"] == "/r/abc123"
    response = await client.get("/join", params={"code": "no good!"})
    assert response.headers["location"] == "/"
    assert refusal(response) == "That is not a room code."
    response = await client.get("/join", params={"code": "AbC123"})  # a phone's capital
    assert response.headers["location"] == "/r/abc123"
    missing = await client.get("/r/nosuchroom")
    assert missing.status_code == 404 and "No such room" in missing.text


async def test_a_room_link_typed_in_capitals_finds_the_room(app: FastAPI) -> None:
    async with browser(app) as host:
        link = await make_room(host)
        shouted = await host.get(link.upper().replace("/R/", "/r/") + "?from=sms")
        assert shouted.status_code == 307
        assert shouted.headers["location"].endswith(f"{link}?from=sms")
        assert (await host.get(shouted.headers["location"])).status_code == 200


async def test_the_rules_pages(client: httpx.AsyncClient) -> None:
    from app.games.registry import GAMES

    for game_id in GAMES:
        if game_id == HighCard.id:
            continue
        page = await client.get(f"/rules/{game_id}")
        assert page.status_code == 200 and "<h2>" in page.text, game_id
    assert (await client.get("/rules/nope")).status_code == 404


async def test_an_optional_choice_offers_the_default_and_never_the_word_none(
    client: httpx.AsyncClient,
) -> None:
    page = (await client.get("/")).text
    assert 'value="None"' not in page
    # Stier zoekt Bier's bulls per round is optional: its default is offered, selected
    assert 'name="opt.bulls_per_round"' in page and '<option value="" selected>default' in page


async def test_spectators_off_shows_strangers_no_board_and_no_log(app: FastAPI) -> None:
    async with browser(app) as host, browser(app) as guest, browser(app) as stranger:
        link = await make_room(host, spectators="")
        await host.post(link + "/seat", data={"name": "Ann"})
        await guest.post(link + "/seat", data={"name": "Bo"})
        await host.post(link + "/start")
        api = link.replace("/r/", "/api/rooms/")
        view = (await guest.get(api + "/view")).json()
        move = {"version": view["version"], "move": view["view"]["moves"][0]}
        assert (await guest.post(api + "/moves", json=move)).status_code == 200
        seen = (await guest.get(link)).text
        assert 'class="board' in seen and "Bo has chosen." in seen
        page = (await stranger.get(link)).text
        assert "has chosen" not in page
        assert "This room does not allow spectators." in page
        assert 'data-status="playing"' in page and "board--" not in page


async def test_play_now_with_bots_seats_you_fills_the_rest_with_bots_and_starts(
    client: httpx.AsyncClient,
) -> None:
    lobby = (await client.get("/")).text
    assert 'action="/play"' in lobby and "Play now with bots" in lobby
    response = await client.post("/play", data={"game": HighCard.id, "name": "Ann"})
    assert response.status_code == 303
    link = response.headers["location"]
    code = link.rsplit("/", 1)[-1]
    assert link == f"/r/{code}" and "error" not in link
    cookies = response.headers.get_list("set-cookie")
    assert any(c.startswith(f"st_{code}=") for c in cookies)
    assert any(c.startswith(f"sth_{code}=") for c in cookies)
    page = (await client.get(link)).text
    assert 'data-status="playing"' in page and 'data-seat="0"' in page
    seats = min(max(HighCard.min_players, 3), HighCard.max_players)
    assert page.count("badge badge--bot") == seats - 1
    assert 'data-name="Ann"' in page


async def test_play_now_with_a_bad_name_says_why_and_makes_no_room(
    client: httpx.AsyncClient,
) -> None:
    response = await client.post("/play", data={"game": HighCard.id, "name": "x" * 99})
    assert response.status_code == 303 and response.headers["location"] == "/"
    assert refusal(response)  # the only cookie: no seat, no host token
    assert [c.split("=")[0] for c in response.headers.get_list("set-cookie")] == ["flash"]
    unknown = await client.post("/play", data={"game": "no-such-game"})
    assert unknown.headers["location"] == "/" and refusal(unknown) == "Choose a game."


async def test_the_invite_link_uses_the_address_the_browser_used(app: FastAPI) -> None:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://192.168.1.20:8123") as c:
        link = await make_room(c)
        page = (await c.get(link)).text
    assert f'value="http://192.168.1.20:8123{link}"' in page


async def test_the_add_a_bot_form_sends_the_chosen_level(client: httpx.AsyncClient) -> None:
    link = await make_room(client, seats="3")
    await client.post(link + "/seat", data={"name": "Ann"})
    page = (await client.get(link)).text
    assert 'name="level"' in page and '<option value="random">random</option>' in page
    await client.post(link + "/bot", data={"seat": "1", "level": "random"})
    await client.post(link + "/bot", data={"seat": "2"})
    room = (await client.get(link.replace("/r/", "/api/rooms/"))).json()
    assert [s["level"] for s in room["seats"]] == [None, "random", "good"]
    page = (await client.get(link)).text
    assert "bot (random)" in page and "bot (good)" in page
    bad = await client.post(link + "/bot", data={"seat": "0", "level": "genius"})
    assert bad.headers["location"] == link and refusal(bad)
    room_after = (await client.get(link.replace("/r/", "/api/rooms/"))).json()
    assert room_after["seats"] == room["seats"]


async def test_a_refusal_is_shown_once_and_only_on_its_own_page(app: FastAPI) -> None:
    async with browser(app) as host:
        link = await make_room(host)
        await host.post(link + "/seat", data={"name": "Ann"})
        bad = await host.post(link + "/bot", data={"seat": "0", "level": "genius"})
        assert bad.headers["location"] == link  # the address stays the room's own link
        message = refusal(bad)
        lobby = (await host.get("/")).text  # the room's message waits for the room
        assert message and message not in lobby and "message--error" not in lobby
        page = (await host.get(link)).text
        assert 'class="message message--error"' in page
        assert html.escape(message).replace("&quot;", "&#34;") in page
        again = (await host.get(link)).text  # a reload: the message is used up
        assert 'message--error' not in again and message not in again


async def test_a_link_cannot_put_words_in_the_alert_area(client: httpx.AsyncClient) -> None:
    link = await make_room(client)
    for page in ("/", link):
        text = (await client.get(page, params={"error": "Pay the host at evil.example"})).text
        assert "Pay the host" not in text and "message--error" not in text
    client.cookies.set("flash", "%2Fr%2Fnope|Pay%20at%20evil.example")  # another page's
    assert "Pay at" not in (text := (await client.get(link)).text)
    assert "message--error" not in text
