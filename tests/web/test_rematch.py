"""Play again over the JSON API and the room's forms without JavaScript (issue 34): a
proposal the others accept, shown on every page; "Back to the lobby" leaves the seat;
checked like every state change (tokens, Origin)."""

from __future__ import annotations

import httpx
from fastapi import FastAPI

from tests.conftest import TOY


def browser(app: FastAPI) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test")


async def finished_room(ann: httpx.AsyncClient, bob: httpx.AsyncClient) -> str:
    code: str = (await ann.post("/api/rooms", json={
        "game": TOY.id, "options": {"tricks": 1}, "seats": 2})).json()["code"]
    for person, name in ((ann, "Ann"), (bob, "Bob")):
        assert (await person.post(f"/api/rooms/{code}/seats", json={"name": name})).is_success
    version = (await ann.post(f"/api/rooms/{code}/start")).json()["version"]
    for person in (ann, bob):
        view = (await person.get(f"/api/rooms/{code}/view")).json()
        body = {"version": version, "move": view["view"]["moves"][0]}
        version = (await person.post(f"/api/rooms/{code}/moves", json=body)).json()["version"]
    assert (await ann.get(f"/api/rooms/{code}")).json()["status"] == "finished"
    return code


async def test_play_again_by_form_is_a_proposal_shown_to_everyone(app: FastAPI) -> None:
    async with browser(app) as ann, browser(app) as bob, browser(app) as watcher:
        code = await finished_room(ann, bob)
        page = (await bob.get(f"/r/{code}")).text
        assert f'action="/r/{code}/rematch"' in page and f'href="/r/{code}/games/1"' in page
        assert "Back to the lobby" in page
        posted = await ann.post(f"/r/{code}/rematch")
        assert posted.status_code == 303 and posted.headers["location"] == f"/r/{code}"
        assert (await ann.get(f"/api/rooms/{code}")).json()["status"] == "finished"
        mine = (await ann.get(f"/r/{code}")).text
        assert "You want to play again. Waiting for Bob." in mine
        assert f'action="/r/{code}/rematch"' not in mine  # agreed already
        for person in (bob, watcher):
            panel = (await person.get(f"/r/{code}/panel")).text
            assert "Ann wants to play again." in panel and "plays again" in panel
        assert f'action="/r/{code}/rematch"' not in (await watcher.get(f"/r/{code}")).text
        await bob.post(f"/r/{code}/rematch")
        room = (await bob.get(f"/api/rooms/{code}")).json()
        assert (room["status"], room["game_no"]) == ("playing", 2)


async def test_back_to_the_lobby_leaves_the_seat_and_the_others_are_told(
    app: FastAPI,
) -> None:
    async with browser(app) as ann, browser(app) as bob:
        code = await finished_room(ann, bob)
        await ann.post(f"/r/{code}/rematch")
        left = await bob.post(f"/r/{code}/leave", data={"to": "lobby"})
        assert left.status_code == 303 and left.headers["location"] == "/"
        room = (await ann.get(f"/api/rooms/{code}")).json()
        assert room["seats"][1]["name"] is None
        assert room["status"] == "waiting"  # Ann agreed, a seat to fill: the host's turn
        elsewhere = await ann.post(f"/r/{code}/leave", data={"to": "https://evil.example"})
        assert elsewhere.headers["location"] == f"/r/{code}"  # only the lobby, never away


async def test_a_rematch_from_another_origin_or_a_stranger_changes_nothing(
    app: FastAPI,
) -> None:
    async with browser(app) as ann, browser(app) as bob, browser(app) as stranger:
        code = await finished_room(ann, bob)
        foreign = await ann.post(f"/r/{code}/rematch", headers={"origin": "http://evil.example"})
        assert foreign.status_code == 403
        api = await ann.post(f"/api/rooms/{code}/rematch",
                             headers={"origin": "http://evil.example"})
        assert api.status_code == 403
        refused = await stranger.post(f"/api/rooms/{code}/rematch")
        assert refused.status_code == 403 and refused.json()["code"] == "not_seated"
        form = await stranger.post(f"/r/{code}/rematch")
        assert form.status_code == 303  # back to the room, the refusal in its alert
        room = (await ann.get(f"/api/rooms/{code}")).json()
        assert room["status"] == "finished"
        assert not any(seat["rematch"] for seat in room["seats"])
