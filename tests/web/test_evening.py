"""The regulars' table over HTTP and real sockets (issue 37.1-37.3): four people and a bot
play Null Bock! and then, at the same link, Bullenparty the host chose between games.
The standings after each game are the records' places and scores; a player who left and
came back (under a new name) keeps their line; a restart keeps it all; the history
lists both games with their replays. The host's choice is refused whole, changing
nothing, to anyone else, mid-game, and for a game the table cannot seat."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from tests.client import Make, Person, autoplay, refusal
from tests.live import LiveServer

Start = Callable[..., LiveServer]
NAMES = ["Ann", "Bo", "Cy", "Di"]


async def play_out(code: str, people: list[Person], seed: int) -> None:
    """Every person plays random legal moves over their socket until the game is over
    (the bot plays for itself)."""
    for person in people:
        await person.connect(code)
    await asyncio.gather(*(autoplay(p, random.Random(seed + i)) for i, p in enumerate(people)))
    for person in people:
        assert person.ws is not None
        await person.ws.close()
        person.ws = None


def expected(records: list[dict[str, Any]], key: Callable[[dict[str, Any], int], str]
             ) -> dict[str, list[tuple[int, int, int] | None]]:
    """Per player (as `key` names a record's seat): (place, score, players finished
    ahead of) in each game, worked out from the records alone."""
    lines: dict[str, list[tuple[int, int, int] | None]] = {}
    for column, record in enumerate(records):
        ranks, scores = record["outcome"]["ranks"], record["outcome"]["scores"]
        for seat in range(len(record["players"])):
            line = lines.setdefault(key(record, seat), [None] * len(records))
            line[column] = (ranks[seat], scores[seat],
                            sum(1 for other in ranks if other > ranks[seat]))
    return lines


async def standings_of(person: Person, code: str) -> dict[str, Any]:
    got = await person.api("GET", f"/api/rooms/{code}/standings")
    assert got.status_code == 200, got.text
    body: dict[str, Any] = got.json()
    return body


def results(standings: dict[str, Any]) -> dict[str, list[tuple[int, int, int] | None]]:
    return {line["name"]: [None if r is None else (r["place"], r["score"], r["points"])
                           for r in line["results"]] for line in standings["lines"]}


async def test_an_evening_of_two_games_at_one_table(
    live_server: Start, sqlite_url: str, people: Make,
) -> None:
    server = live_server(sqlite_url)
    ann = people(server)
    made = await ann.api("POST", "/api/rooms", json={
        "game": "null-bock", "options": {"rounds": 1}, "seats": 5})
    assert made.status_code == 201, made.text
    code = made.json()["code"]
    table = [ann] + [people(server) for _ in NAMES[1:]]
    for person, name in zip(table, NAMES, strict=True):
        taken = await person.api("POST", f"/api/rooms/{code}/seats", json={"name": name})
        assert taken.status_code == 201, taken.text
    assert (await ann.api("POST", f"/api/rooms/{code}/bots", json={"seat": 4})).status_code == 201
    assert (await ann.api("POST", f"/api/rooms/{code}/start")).status_code == 200

    # mid-game the next game cannot be chosen; nothing changes
    before = (await ann.api("GET", f"/api/rooms/{code}")).json()
    early = await ann.api("POST", f"/api/rooms/{code}/next-game", json={"game": "bullenparty"})
    assert early.status_code == 409 and early.json()["code"] == "wrong_status"
    await play_out(code, table, 1)

    first = (await ann.api("GET", f"/api/rooms/{code}/games/1/record")).json()
    def by_name(record: dict[str, Any], seat: int) -> str:
        name: str = record["players"][seat]["name"]
        return name

    after_one = await standings_of(table[2], code)
    assert results(after_one) == expected([first], by_name)
    assert [g["game_id"] for g in after_one["games"]] == ["null-bock"]
    assert [line["points"] for line in after_one["lines"]] == sorted(
        (line["points"] for line in after_one["lines"]), reverse=True)
    assert [line["name"] for line in after_one["lines"] if line["bot"]] == ["Bot 5"]

    # Di leaves; only the host may choose the next game, for a table that seats everyone
    di = table[3]
    assert (await di.api("DELETE", f"/api/rooms/{code}/seat")).status_code == 204
    refusals = [
        (table[1], {"game": "bullenparty"}, 403, "not_host"),
        (ann, {"game": "chess"}, 422, "unknown_game"),
        (ann, {"game": "four-pints-please", "seats": 2}, 422, "invalid_options"),
        (ann, {"game": "bullenparty", "seats": 11}, 422, None),
        (ann, {"game": "null-bock", "options": {"rounds": "many"}}, 422, "invalid_options"),
    ]
    finished = (await ann.api("GET", f"/api/rooms/{code}")).json()
    for who, body, status, error in refusals:
        answer = await who.api("POST", f"/api/rooms/{code}/next-game", json=body)
        assert answer.status_code == status, (body, answer.text)
        if error is not None:
            assert answer.json()["code"] == error, answer.text
    assert (await ann.api("GET", f"/api/rooms/{code}")).json() == finished
    assert finished["version"] > before["version"]

    chosen = await ann.api("POST", f"/api/rooms/{code}/next-game",
                           json={"game": "bullenparty", "seats": 5})
    assert chosen.status_code == 200, chosen.text
    room = chosen.json()
    assert room["game_id"] == "bullenparty" and room["status"] == "waiting"
    assert room["code"] == code and room["game_no"] == 1
    # the people first, in their order, then the bot; Di's seat waits for someone
    assert [(s["name"], s["bot"]) for s in room["seats"]] == [
        ("Ann", False), ("Bo", False), ("Cy", False), ("Bot 5", True), (None, False)]

    # Di comes back under another name: the same line, named as she is now
    back = await di.api("POST", f"/api/rooms/{code}/seats", json={"name": "Dina"})
    assert back.status_code == 201 and back.json()["seat"] == 4
    assert (await ann.api("POST", f"/api/rooms/{code}/start")).status_code == 200
    await play_out(code, table, 2)

    second = (await ann.api("GET", f"/api/rooms/{code}/games/2/record")).json()
    assert second["game"] == "bullenparty"
    renamed = {"Di": "Dina"}

    def now_named(record: dict[str, Any], seat: int) -> str:
        name = record["players"][seat]["name"]
        return renamed.get(name, name)

    after_two = await standings_of(di, code)
    assert results(after_two) == expected([first, second], now_named)
    assert len(after_two["lines"]) == 5  # Di and Dina are one player
    assert [g["game_id"] for g in after_two["games"]] == ["null-bock", "bullenparty"]
    for line in after_two["lines"]:
        assert line["points"] == sum(r["points"] for r in line["results"] if r)
        assert line["wins"] == sum(1 for r in line["results"] if r and r["place"] == 1)

    # the room's page: the standings and the history with both replays
    page = (await table[1].api("GET", f"/r/{code}")).text
    for number in (1, 2):
        assert f'href="/r/{code}/games/{number}"' in page
    assert "Dina" in page and 'class="standings__table"' in page

    # a restart keeps them: made from the records
    server.stop()
    again = live_server(sqlite_url)
    await ann.use(again)
    assert await standings_of(ann, code) == after_two


async def test_the_host_chooses_the_next_game_with_the_form(
    live_server: Start, sqlite_url: str, people: Make,
) -> None:
    server = live_server(sqlite_url)
    ann = people(server)
    code = (await ann.api("POST", "/api/rooms", json={
        "game": "four-pints-please", "seats": 2})).json()["code"]
    assert (await ann.api("POST", f"/api/rooms/{code}/seats",
                          json={"name": "Ann"})).status_code == 201
    form = {"game": "null-bock", "seats": "3", "opt.rounds": "2"}
    headers = {"Origin": server.url}
    sent = await ann.api("POST", f"/r/{code}/next-game", data=form, headers=headers)
    assert sent.status_code == 303 and refusal(sent) is None, sent.headers
    room = (await ann.api("GET", f"/api/rooms/{code}")).json()
    assert (room["game_id"], room["options"]["rounds"], len(room["seats"])) == ("null-bock", 2, 3)
    # a refusal comes back to the room's alert; nothing changes
    for bad in ({**form, "seats": "many"}, {**form, "game": "chess"},
                {**form, "opt.rounds": "x"}):
        sent = await ann.api("POST", f"/r/{code}/next-game", data=bad, headers=headers)
        assert sent.status_code == 303 and refusal(sent), bad
        assert (await ann.api("GET", f"/api/rooms/{code}")).json() == room
    page = (await ann.api("GET", f"/r/{code}")).text
    assert f'action="/r/{code}/next-game"' in page  # the host's form, while it waits
    stranger = people(server)
    assert f'action="/r/{code}/next-game"' not in (await stranger.api("GET", f"/r/{code}")).text
