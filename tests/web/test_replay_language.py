"""The replay page in the viewer's language (issue 15): its words, its board and the
room's list of finished games in German or Dutch, from the `lang` cookie or
Accept-Language; a refused step says why in that language too."""

from __future__ import annotations

import random

import httpx
from fastapi import FastAPI

from app.games.base import OPEN
from app.games.registry import GAMES
from app.replay import replay
from app.web.routes.replays import step_board
from tests.web.test_records import client, seated_room


async def play_fast(code: str, people: list[httpx.AsyncClient]) -> None:
    """The game to its end by the good bot's choices: one view read per move (the
    mover's own; it names who acts next)."""
    rng, rules, seat = random.Random(3), GAMES["null-bock"], 0
    for _ in range(500):
        snap = (await people[seat].get(f"/api/rooms/{code}/view")).json()
        if snap["status"] == "finished":
            return
        if seat not in snap["view"]["to_act"]:
            seat = snap["view"]["to_act"][0]
            continue
        view = snap["view"]
        move = rules.bot_move(view, seat, rng) or rng.choice(view["moves"])
        answer = await people[seat].post(f"/api/rooms/{code}/moves",
                                         json={"version": snap["version"], "move": move})
        assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end")


async def test_a_german_and_a_dutch_viewer_read_the_replay_in_their_language(
    app: FastAPI,
) -> None:
    code, people = await seated_room(app, "null-bock", 3)
    ann = people[0]
    await play_fast(code, people)
    record = (await ann.get(f"/api/rooms/{code}/games/1/record")).json()
    done, last = replay(record, GAMES), len(record["moves"])

    ann.cookies.set("lang", "de")
    page = (await ann.get(f"/r/{code}/games/1?step={last}&seat=open")).text
    assert '<html lang="de">' in page
    for german in ("Wiederholung von Spiel 1", "Das Spiel Zug um Zug ansehen", "Gesehen von",
                   "allen, mit offenen Karten", f"Zug {last} von {last}", "Pos1"):
        assert german in page, german
    for english in ("Step through the game", "Seen by", "every hand open", "Move ", "Keys:"):
        assert english not in page, english
    german_board = step_board(done, last, OPEN, "de")
    assert german_board in page and step_board(done, last, OPEN) not in page
    room = (await ann.get(f"/r/{code}")).text
    assert "Spiel 1: Null Bock!" in room and "Wiederholung ansehen" in room
    assert "Gewonnen von" in room and "Der Stand des Abends" in room
    assert "Watch the replay" not in room and "Won by" not in room
    refused = await ann.get(f"/r/{code}/games/1?step=x")
    assert refused.status_code == 422 and "Dieses Spiel hat keinen solchen Zug." in refused.text

    async with client(app) as dutch:  # a spectator whose browser asks for Dutch
        step = await dutch.get(f"/r/{code}/games/1/step/1?seat=none",
                               headers={"accept-language": "nl-NL,nl;q=0.9"})
        assert step.status_code == 200 and f"Zet 1 van {last}: P" in step.text
        assert step_board(done, 1, None, "nl") in step.text
        assert "Move 1 of" not in step.text
    for person in people:
        await person.aclose()
