"""Every row of the Edge placement table: what may go on any Edge, and what it wins."""

from __future__ import annotations

import pytest

from app.games.null_bock import NullBockState
from tests.games.null_bock.helpers import RULES, play, refused, state_from, texts, to_edge

ARENA = "D3"  # a non-empty Arena: Edge plays are allowed


def edge_state(card: str, edge: str) -> NullBockState:
    """Seat 0 holds `card`; seat 1's Edge holds `edge`."""
    return state_from([f"{card} D2", "D6 S7", "D8 S4"], f"S9 {edge} S6", arena=ARENA, owner=2)


@pytest.mark.parametrize(
    ("card", "edge"),
    [("S7", "D7"), ("S10", "D9+"), ("S7", "D5"), ("S2", "D1+")],
)
def test_a_stag_at_least_as_high_wins_the_edge_doe(card: str, edge: str) -> None:
    state = edge_state(card, edge)
    new, events = play(state, 0, to_edge(card, 1))
    assert new.edges[1] == card
    assert new.harems[0] == [edge]
    assert card not in new.hands[0] and edge not in new.hands[0]
    assert "wins" in texts(events)


@pytest.mark.parametrize("edge", ["D9", "D15", "D13", "D11", "D1"])
def test_a_null_bock_wins_any_edge_doe(edge: str) -> None:
    state = edge_state("S0", edge)
    new, _ = play(state, 0, to_edge("S0", 1))
    assert new.edges[1] == "S0" and new.harems[0] == [edge]


@pytest.mark.parametrize("edge", ["S10", "S2", "S0"])
@pytest.mark.parametrize("card", ["D1", "D9+", "D5"])
def test_a_doe_on_an_edge_stag_takes_the_stag_into_hand(card: str, edge: str) -> None:
    state = edge_state(card, edge)
    new, events = play(state, 0, to_edge(card, 1))
    assert new.edges[1] == card
    assert edge in new.hands[0] and card not in new.hands[0]
    assert new.harems[0] == []
    assert "into their hand" in texts(events)


def test_a_card_may_go_on_the_players_own_edge() -> None:
    state = state_from(["S8 D2", "D6 S7", "D8 S4"], "D5 S9 S6", arena=ARENA, owner=2)
    new, _ = play(state, 0, to_edge("S8", 0))
    assert new.edges[0] == "S8" and new.harems[0] == ["D5"]


def test_edges_of_all_seats_are_offered() -> None:
    state = state_from(["S8 D2", "D6 S7", "D8 S4"], "D5 S9 D8", arena="D9", owner=2)
    moves = RULES.legal_moves(state, 0)
    assert to_edge("S8", 0) in moves and to_edge("S8", 2) in moves
    assert to_edge("D2", 1) in moves
    assert len([m for m in moves if m["to"] == "edge"]) == 3


@pytest.mark.parametrize(
    ("card", "edge", "reason"),
    [
        ("S6", "D7", "at least as high"),
        ("S2", "D9+", "at least as high"),
        ("S10", "D11", "at least as high"),
        ("D11", "S5", "11, 13 and 15"),
        ("D13", "S0", "11, 13 and 15"),
        ("D15", "D3", "11, 13 and 15"),
        ("S8", "S5", "stag cannot be played on a stag"),
        ("S0", "S5", "stag cannot be played on a stag"),
        ("S10", "S0", "stag cannot be played on a stag"),
        ("D7", "D5", "doe cannot be played on a doe"),
        ("D1+", "D5", "doe cannot be played on a doe"),
    ],
)
def test_illegal_edge_plays_are_refused_with_a_reason(card: str, edge: str, reason: str) -> None:
    state = edge_state(card, edge)
    assert reason in refused(state, 0, to_edge(card, 1))


def test_pretentious_does_are_plain_on_an_edge() -> None:
    """The "+" matters only in the Arena: a pretentious doe is won like any doe."""
    state = edge_state("S5", "D5+")
    new, _ = play(state, 0, to_edge("S5", 1))
    assert new.harems[0] == ["D5+"]
    assert "at least as high" in refused(edge_state("S4", "D5+"), 0, to_edge("S4", 1))
