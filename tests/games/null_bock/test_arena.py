"""Every row of the Arena placement table, and the empty-Arena duty.

Each illegal placement is refused with a reason and leaves the state unchanged.
"""

from __future__ import annotations

import pytest

from app.games.null_bock import NullBockState
from tests.games.null_bock.helpers import RULES, play, refused, state_from, to_arena, to_edge

EDGES = "S9 D4 S6"


def arena_state(card: str, arena: str, owner: int | None = 2) -> NullBockState:
    return state_from([f"{card} S10", "D6 S7", "D8 S4"], EDGES, arena=arena, owner=owner)


LEGAL = [
    ("D7", "D3", "a higher normal doe on a doe"),
    ("D7", "D5+", "a higher normal doe on a pretentious doe"),
    ("D1+", "D9", "a pretentious doe on any normal doe, whatever the values"),
    ("D1+", "D15", "a pretentious doe even on the 15"),
    ("D15", "D9+", "a big doe into the Arena"),
    ("S2", "D9", "a stag on a doe, even a lower one"),
    ("S0", "D15", "a Null Bock on a doe"),
    ("S7", "D3 S5", "a higher stag on a stag"),
    ("S2", "D3 S0", "any stag on a Null Bock (every value beats 0)"),
    ("S0", "D3 S10", "a Null Bock on any stag"),
    ("S0", "D3 S0", "a Null Bock on a Null Bock"),
]


@pytest.mark.parametrize(("card", "arena", "why"), LEGAL, ids=[r[2] for r in LEGAL])
def test_legal_arena_plays(card: str, arena: str, why: str) -> None:
    state = arena_state(card, arena)
    new, _ = play(state, 0, to_arena(card))
    assert new.arena == [*arena.split(), card]
    assert new.arena_owner == 0
    assert card not in new.hands[0]


ILLEGAL = [
    ("D5", "D5", "higher than the doe"),
    ("D3", "D7", "higher than the doe"),
    ("D1", "D1+", "higher than the doe"),
    ("D5+", "D3+", "pretentious doe can never be placed on another pretentious"),
    ("D1+", "D9+", "pretentious doe can never be placed on another pretentious"),
    ("D9", "D3 S2", "doe can never be placed on a stag"),
    ("D9+", "D3 S0", "doe can never be placed on a stag"),
    ("D15", "D3 S2", "doe can never be placed on a stag"),
    ("S5", "D3 S5", "higher than the stag"),
    ("S4", "D3 S9", "higher than the stag"),
]


@pytest.mark.parametrize(("card", "arena", "reason"), ILLEGAL)
def test_illegal_arena_plays_are_refused_with_a_reason(card: str, arena: str, reason: str) -> None:
    state = arena_state(card, arena)
    assert reason in refused(state, 0, to_arena(card))


def test_a_doe_of_any_kind_must_open_an_empty_arena() -> None:
    state = state_from(["D15 D1+ D4 S10 S0", "D6 S7", "D8 S4"], EDGES)
    assert RULES.legal_moves(state, 0) == [to_arena("D1+"), to_arena("D4"), to_arena("D15")]
    assert "doe into the empty Arena" in refused(state, 0, to_arena("S10"))
    assert "doe into the empty Arena" in refused(state, 0, to_arena("S0"))
    assert "doe into the empty Arena" in refused(state, 0, to_edge("S10", 1))
    assert "doe into the empty Arena" in refused(state, 0, to_edge("D4", 0))


def test_only_the_seat_to_act_may_play() -> None:
    state = arena_state("D7", "D3")
    assert "not your turn" in refused(state, 1, to_arena("D6"))


def test_unknown_or_malformed_moves_are_refused() -> None:
    state = arena_state("D7", "D3")
    assert "do not hold" in refused(state, 0, to_arena("D9"))
    assert refused(state, 0, {"type": "play", "card": "D7", "to": "cellar"})
    assert refused(state, 0, {"type": "play", "card": "D7", "to": "arena", "edge": 1})
    assert refused(state, 0, {"type": "pass"})
    assert refused(state, 0, {"type": "edge", "card": "D7"})
    assert refused(state, 0, {"type": "play", "card": "S10", "to": "edge", "edge": 9})
    assert refused(state, 0, {"type": "play", "card": "S10", "to": "edge"})
