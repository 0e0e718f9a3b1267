"""Scoring: plus pile + bulls - every other pile; ties broken by the positive part."""

from __future__ import annotations

from app.games.bullenparty.scoring import score
from app.games.bullenparty.state import OVER, State
from tests.games.bullenparty.helpers import RULES, state_from


def test_plus_pile_is_the_pile_with_most_heads_not_most_cards() -> None:
    # 1, 2, 4, 9: four cards of 1 head; 10: one card of 6 heads
    result = score([[1, 2, 4, 9], [10]], [4, 7])
    assert (result.plus_pile, result.bulls, result.minus) == (6, 11, 4)
    assert result.total == 13


def test_a_player_with_no_pile_has_a_plus_pile_of_zero() -> None:
    assert score([], [5]).to_json() == {"plus_pile": 0, "bulls": 5, "minus": 0, "total": 5}
    assert score([], []).total == 0
    state = state_from([[10, 11, 12, 13, 14], [50, 51, 52, 53, 54]], [[1, 2], [3, 4]],
                       bulls={1: [6]})
    view = RULES.view(state, None)
    assert view["scores"] == [0, 6] and view["seats"][1]["plus_pile"] is None


def over(piles: dict[int, list[list[int]]], bulls: dict[int, list[int]]) -> State:
    state = state_from([[] for _ in range(4)], [], piles=piles, bulls=bulls)
    state.phase = OVER
    state.rows = []
    return state


def test_ties_go_to_the_higher_positive_part_then_are_shared() -> None:
    state = over(
        piles={0: [[8]], 1: [[7], [5]], 2: [[16], [14]], 3: [[17]]},
        bulls={1: [4], 2: [4]},
    )
    # seat 0: 5; seat 1: 4 + 4 bull - 3 = 5 with positive 8; seat 2 the same as seat 1;
    # seat 3: 5 with positive 5
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.scores == (5, 5, 5, 5)
    assert outcome.ranks == (3, 1, 1, 3)
    assert outcome.winners == {1, 2}


def test_no_outcome_before_the_end() -> None:
    state = state_from([[10, 11, 12, 13, 14], [50, 51, 52, 53, 54]], [[1, 2], [3, 4]])
    assert RULES.outcome(state) is None
    assert RULES.view(state, 0)["outcome"] is None


def test_of_equal_piles_the_first_is_marked_as_plus_pile() -> None:
    from app.games.bullenparty.scoring import plus_pile_index

    assert plus_pile_index([3, 5, 5]) == 1 and plus_pile_index([]) is None
    assert score([[5], [14]], []).total == 0  # 3 heads each: one plus, one minus
