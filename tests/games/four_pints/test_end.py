"""The instant win at 12 points and the end when the beer runs out."""

from __future__ import annotations

import pytest

from app.games.base import IllegalMove
from tests.games.four_pints.table import RULES, act, buy, moves, reveal, state_from


def test_reaching_12_points_wins_at_once() -> None:
    s = act(state_from(purse=["£3"], pints={0: ["IPA", "IPA", "Lager"]}), buy("Lager"))
    assert s.winner == 0 and RULES.to_act(s) == frozenset() and moves(s) == []
    out = RULES.outcome(s)
    assert out is not None and out.winners == {0} and out.scores == (12, 0, 0)
    with pytest.raises(IllegalMove) as exc:
        RULES.apply(s, s.active, {"type": "reveal"})
    assert exc.value.reason == "The game is over."


def test_spilled_pints_count_against_the_score() -> None:
    pints = {0: ["IPA", "IPA", "Lager"]}
    s = act(state_from(purse=["£3"], pints=pints, spilled={0: 1}), buy("Lager"))
    assert s.winner is None and s.score(0) == 12 - 1
    s = act(state_from(purse=["£3"], pints=pints), buy("Lager"))
    assert s.winner == 0


def test_a_mop_can_win_the_game() -> None:
    s = reveal(state_from(buying=["Mop"], pints={0: ["IPA", "IPA", "Bitter"]}, spilled={0: 2}))
    assert s.winner == 0 and s.score(0) == 12


def test_a_gifted_pint_can_win_the_game_for_the_friend() -> None:
    s = state_from(purse=["£5", "£5"], play=["On me!"], pints={2: ["IPA", "IPA", "Lager"]})
    s = act(s, buy("Red Ale", "Lager"), {"type": "give", "pint": "Lager", "to": 2})
    assert s.winner == 2


def test_when_both_reach_12_with_a_gift_the_active_player_wins() -> None:
    s = state_from(
        purse=["Credit card"],
        play=["On me!"],
        pints={0: ["IPA", "IPA"], 1: ["IPA", "IPA"]},
        counter=["Bitter", "Bitter"],
    )
    s = act(s, buy("Bitter", "Bitter", pay="credit"), {"type": "give", "pint": "Bitter", "to": 1})
    assert s.score(0) == 12 and s.score(1) == 12 and s.winner == 0


def test_the_game_ends_when_the_beer_supply_is_exhausted() -> None:
    s = state_from(purse=["£5"], beer=[], pints={0: ["Stout"], 1: ["IPA"], 2: ["Lager"]})
    s = act(s, buy("Red Ale"))
    assert s.exhausted and s.counter == ["Lager", "Bitter", "Stout"]
    assert RULES.to_act(s) == frozenset()
    out = RULES.outcome(s)
    assert out is not None and out.scores == (7, 5, 1) and out.winners == {0}
    assert out.ranks == (1, 2, 3)


@pytest.mark.parametrize(
    ("pints", "spilled", "winners"),
    [
        ([["IPA", "Lager"], ["Stout", "Bitter"]], [0, 0], {0}),  # 5 beats 4
        ([["Stout", "Bitter"], ["Stout", "Lager", "Lager"]], [0, 0], {0}),  # then 2 beats 1
        ([["IPA", "Lager", "Lager"], ["IPA", "Lager"]], [1, 0], {0}),  # a longer list
        ([["Red Ale", "Bitter"], ["Bitter", "Red Ale"]], [0, 0], {0, 1}),  # shared
    ],
)
def test_ties_at_the_end_go_to_the_more_valuable_pints(
    pints: list[list[str]], spilled: list[int], winners: set[int]
) -> None:
    s = state_from(2, purse=["£3"], beer=[], pints=dict(enumerate(pints)),
                   spilled=dict(enumerate(spilled)), counter=["Lager"])
    s = act(s, buy("Lager"))
    s.pints[0].remove("Lager")  # the pint that emptied the supply, out of the comparison
    s.beer_discard.append("Lager")
    out = RULES.outcome(s)
    assert out is not None and out.scores[0] == out.scores[1]
    assert out.winners == winners


def test_an_instant_winner_ranks_first_the_others_by_score() -> None:
    s = act(state_from(purse=["£3"], pints={0: ["IPA", "IPA", "Lager"], 1: ["Lager"], 2: ["IPA"]}),
            buy("Lager"))
    out = RULES.outcome(s)
    assert out is not None and out.ranks == (1, 3, 2)
