"""Components and setup: the card tables, removals by player count, the first round."""

from __future__ import annotations

from collections import Counter

import pytest

from app.games.base import parse_options
from app.games.bullenparty.cards import BULL_STACK, HEADS, HEADS_TEXT, ZERO_CARDS
from app.games.bullenparty.state import BID
from tests.games.bullenparty.helpers import RULES


def test_head_table_matches_the_spec() -> None:
    counts = Counter(HEADS[1:])
    assert counts == {1: 39, 2: 20, 3: 10, 4: 10, 5: 10, 6: 9, 7: 2}
    assert sum(HEADS) == 267
    assert HEADS[53] == 5
    assert len(HEADS) == 101 and HEADS_TEXT[77] == "7"


def test_bull_stack_is_ordered_four_on_top() -> None:
    assert BULL_STACK == (4, 4, 4, 5, 5, 5, 6, 6, 7, 7)
    assert RULES.setup(4, RULES.Options(), 3).bull_stack == list(BULL_STACK)


@pytest.mark.parametrize(("players", "removed"), [(2, 50), (3, 25), (4, 0), (5, 0)])
def test_setup_removes_cards_by_player_count_and_deals(players: int, removed: int) -> None:
    state = RULES.setup(players, parse_options(RULES.Options, {}), 11)
    assert len(state.removed) == removed
    assert all(len(seat.hand) == 5 for seat in state.seats)
    assert len(state.rows) == players and all(len(r.cards) == 2 for r in state.rows)
    assert len(state.draw) == 100 - removed - 5 * players - 2 * players
    letters = [seat.zero for seat in state.seats] + state.zeros_out
    assert sorted(letters) == list(ZERO_CARDS)
    assert not any(seat.zero_known for seat in state.seats)
    assert state.phase == BID and state.round == 1
    assert RULES.to_act(state) == frozenset(range(players))
    assert len(RULES.cards(state)) == 100 + 10 + 5


def test_setup_is_seeded() -> None:
    a = RULES.encode(RULES.setup(3, RULES.Options(), 5))
    assert a == RULES.encode(RULES.setup(3, RULES.Options(), 5))
    assert a != RULES.encode(RULES.setup(3, RULES.Options(), 6))


@pytest.mark.parametrize("players", [1, 6])
def test_player_count_outside_two_to_five_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 5"):
        RULES.setup(players, RULES.Options(), 1)


def test_options_are_empty_and_unknown_keys_refused() -> None:
    from app.games.base import InvalidOptions

    with pytest.raises(InvalidOptions):
        parse_options(RULES.Options, {"rounds": 3})
