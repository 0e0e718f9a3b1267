"""A viewer's log: lines made once per language for all viewers, a private event's line
only in the log of the seats it is for, whichever viewer asks first."""

from __future__ import annotations

from app.games.base import Event
from app.web.render.loglines import SaidLines, ViewerLog


def test_private_lines_reach_only_their_seat_and_public_ones_everyone() -> None:
    moves: list[tuple[int, list[Event]]] = [
        (1, [Event("a", "{p0} opens.")]),
        (2, [Event("b", "{p1} hides a card.", to=frozenset({1})),
             Event("c", "{p1} is done.")]),
        (3, [Event("d", "{p2} passes."), Event("e", "{p0} sees it.", to=frozenset({0}))]),
    ]
    names = ["Ann", "Bob", "Cy"]
    said = SaidLines()
    logs = {seat: ViewerLog(seat) for seat in (1, None, 0, 2)}  # the private one first
    texts: dict[int | None, list[str]] = {}
    for upto in (1, 3):  # extended move by move, as versions come
        for seat, log in logs.items():
            texts[seat] = [line["text"] for line in log.extend(moves[:upto], names, said)]
    assert texts[1] == ["Ann opens.", "Bob hides a card.", "Bob is done.", "Cy passes."]
    assert texts[0] == ["Ann opens.", "Bob is done.", "Cy passes.", "Ann sees it."]
    assert texts[2] == texts[None] == ["Ann opens.", "Bob is done.", "Cy passes."]
    # a public line is the same object for every viewer: made once
    assert logs[2].lines[0] is logs[1].lines[0] is logs[None].lines[0]
    assert said.public == [True, False, False]


def test_an_older_versions_log_is_the_prefix_of_its_moves() -> None:
    """A frame of an older version (a socket greeted late) reads only its moves' lines,
    though the log was extended past them for a newer one."""
    moves: list[tuple[int, list[Event]]] = [
        (1, [Event("a", "{p0} opens.")]),
        (2, [Event("b", "{p1} hides a card.", to=frozenset({1}))]),
        (3, [Event("c", "{p0} passes."), Event("d", "{p1} passes.")]),
    ]
    said, log = SaidLines(), ViewerLog(0)
    assert len(log.extend(moves, ["Ann", "Bob"], said)) == 3
    assert [line["text"] for line in log.extend(moves, ["Ann", "Bob"], said, 2)] == [
        "Ann opens."]
    assert list(log.extend(moves, ["Ann", "Bob"], said, 0)) == []
