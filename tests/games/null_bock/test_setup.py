"""Components, player counts, removals, hand sizes, the first player of round 1, options."""

from __future__ import annotations

from collections import Counter

import pytest

from app.games.base import InvalidOptions, parse_options
from app.games.null_bock import NullBockOptions
from app.games.null_bock.cards import (
    full_deck,
    is_doe,
    is_pretentious,
    is_stag,
    value,
)
from app.games.registry import GAMES
from tests.games.null_bock.helpers import RULES


def test_the_deck_has_30_does_and_30_stags() -> None:
    deck = full_deck()
    does = [c for c in deck if is_doe(c)]
    stags = [c for c in deck if is_stag(c)]
    assert len(does) == 30 and len(stags) == 30
    assert Counter(value(c) for c in does) == {**{v: 3 for v in range(1, 10)}, 11: 1, 13: 1, 15: 1}
    assert sorted(c for c in does if is_pretentious(c)) == ["D1+", "D3+", "D5+", "D7+", "D9+"]
    assert Counter(stags) == {**{f"S{v}": 3 for v in range(2, 11)}, "S0": 3}


@pytest.mark.parametrize(
    ("players", "removed_stags", "removed_does", "per_kind"),
    [
        (3, {2, 3, 4, 5}, {1, 2, 3, 4}, 6),
        (4, {2, 3}, {1, 2}, 6),
        (5, set(), set(), 6),
        (6, set(), set(), 5),
    ],
)
def test_removals_and_hands_per_player_count(
    players: int, removed_stags: set[int], removed_does: set[int], per_kind: int
) -> None:
    state = RULES.setup(players, NullBockOptions(), seed=3)
    assert {value(c) for c in state.removed if is_stag(c)} == removed_stags
    assert {value(c) for c in state.removed if is_doe(c)} == removed_does
    assert len(state.removed) == 3 * (len(removed_stags) + len(removed_does))
    for hand in state.hands:
        assert sum(1 for c in hand if is_doe(c)) == per_kind
        assert sum(1 for c in hand if is_stag(c)) == per_kind
    assert Counter(RULES.cards(state)) == Counter(full_deck())
    assert state.discard == [] and state.arena == []
    assert state.phase == "edge" and RULES.to_act(state) == frozenset(range(players))


def test_three_players_keep_the_pretentious_5_7_9() -> None:
    state = RULES.setup(3, NullBockOptions(), seed=1)
    in_hands = [c for h in state.hands for c in h]
    assert sorted(c for c in in_hands if is_pretentious(c)) == ["D5+", "D7+", "D9+"]
    assert sorted({value(c) for c in in_hands if is_doe(c)}) == [5, 6, 7, 8, 9, 11, 13, 15]
    assert sorted({value(c) for c in in_hands if is_stag(c)}) == [0, 6, 7, 8, 9, 10]


def test_first_player_of_round_one_is_random_from_the_seed() -> None:
    firsts = {RULES.setup(4, NullBockOptions(), seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert RULES.setup(4, NullBockOptions(), 7).first == RULES.setup(4, NullBockOptions(), 7).first


def test_deals_depend_on_the_seed_only() -> None:
    a = RULES.setup(5, NullBockOptions(), 11)
    b = RULES.setup(5, NullBockOptions(), 11)
    c = RULES.setup(5, NullBockOptions(), 12)
    assert RULES.encode(a) == RULES.encode(b)
    assert a.hands != c.hands


def test_player_counts_outside_3_to_6_are_refused() -> None:
    for players in (2, 7):
        with pytest.raises(InvalidOptions):
            RULES.setup(players, NullBockOptions(), 0)


def test_options_defaults_and_validation() -> None:
    assert NullBockOptions() == NullBockOptions(target=150, rounds=None)
    assert parse_options(NullBockOptions, {"rounds": 20}).rounds == 20
    for bad in ({"rounds": 0}, {"rounds": 21}, {"target": 0}, {"target": "x"}, {"x": 1}):
        with pytest.raises(InvalidOptions):
            parse_options(NullBockOptions, bad)


def test_registered_under_its_id() -> None:
    assert GAMES["null-bock"].title == "Null Bock!"
    assert {"rounds": 1} in RULES.option_variants()
