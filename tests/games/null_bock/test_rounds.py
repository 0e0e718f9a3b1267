"""Round ends 2 and 3, round scoring, the next round, game end and shared wins."""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.games.base import Event
from app.games.null_bock import NullBockState, flow, rounds
from app.games.null_bock.cards import full_deck, is_doe, is_stag
from tests.games.null_bock.helpers import (
    RULES,
    kinds,
    play,
    state_from,
    texts,
    to_arena,
    to_edge,
)

# -- round ends ----------------------------------------------------------------


def test_end_2_the_last_stag_in_the_arena_wins_it() -> None:
    state = state_from(["S7 D6", "", "D8"], "D9 S9 S8", arena="D3 S5", owner=2, rounds=1)
    new, events = play(state, 0, to_arena("S7"))
    assert new.phase == "over"
    assert new.harems[0] == ["D3", "S5", "S7"]
    assert new.last_round is not None and new.last_round["end"] == 2
    assert kinds(events)[:3] == ["arena", "empty", "clean"]
    assert "P1 has no cards left" in texts(events)


def test_end_2_without_a_stag_in_the_arena_discards_it() -> None:
    state = state_from(["D7 S6", "", "D8"], "D9 S9 S8", arena="D3", owner=2, rounds=1)
    new, events = play(state, 0, to_arena("D7"))
    assert new.harems == [[], [], []]
    assert Counter(new.discard) - Counter(state.discard) == Counter(["D3", "D7"])
    assert "discarded" in texts(events)
    assert new.last_round is not None and new.last_round["points"] == [0, 0, -8]


def test_the_empty_hand_check_comes_before_the_great_stag() -> None:
    """Ruling: the round ends there, the stag's owner still winning the Arena."""
    state = state_from(["D7 S6", "", "D8"], "D9 S9 S8", arena="D3 S7", owner=1, turn=0, rounds=1)
    new, events = play(state, 0, to_edge("D7", 1))
    assert new.harems[1] == ["D3", "S7"]
    assert new.last_round is not None and new.last_round["end"] == 2
    assert "duty" not in kinds(events)


def test_end_3_every_player_passes_in_a_row() -> None:
    """Ruling (safety): a full circle with no card played ends the round as end 2."""
    state = state_from(["D9 D2", "D3", "D4"], "D5 D6 D7", arena="D5", owner=2, rounds=1)
    new, events = play(state, 0, to_arena("D9"))
    assert kinds(events) == ["arena", "pass", "pass", "pass", "discard", "round_end", "game_end"]
    assert new.last_round is not None and new.last_round["end"] == 3
    assert new.last_round["points"] == [-2, -3, -4]


def test_passes_are_counted_from_the_state() -> None:
    state = state_from(["D2", "D3", "D4"], "D5 D6 D7", arena="D9", owner=2, rounds=1, passes=2)
    events: list[Event] = []
    flow.start_turn(state, 0, events)
    assert kinds(events)[:2] == ["pass", "discard"]
    assert state.last_round is not None and state.last_round["end"] == 3


# -- scoring -------------------------------------------------------------------


def terms(harem: str, hand: str) -> list[int]:
    state = state_from([hand, "", ""], "S9 S8 S7", harems=[harem, "", ""])
    return rounds.score_terms(state, 0)


def test_scoring_terms() -> None:
    assert rounds.SCORE_TERMS == ("harem_does", "null_bocks_won", "hand_does", "null_bocks_in_hand")
    assert terms("D5 D7+ D15 S9 S10", "") == [27, 0, 0, 0]  # stags are worth nothing
    assert terms("D1 S0 S0", "") == [1, 30, 0, 0]  # a Null Bock won with an Arena: +15
    assert terms("", "D4 D9+ S8") == [0, 0, -13, 0]  # does in hand cost their value
    assert terms("", "S0 S5") == [0, 0, 0, -15]  # a Null Bock in hand: -15
    assert terms("D6 S0", "D2 S0 S0") == [6, 15, -2, -30]


def test_a_null_bock_won_at_end_2_earns_15() -> None:
    state = state_from(["S0 D6", "", "D8"], "D9 S9 S8", arena="D3 S5", owner=2, rounds=1)
    new, _ = play(state, 0, to_arena("S0"))
    assert new.harems[0] == ["D3", "S5", "S0"]
    assert new.last_round is not None
    assert new.last_round["terms"][0] == [3, 15, -6, 0]
    assert new.scores == [12, 0, -8]


def test_a_null_bock_won_by_great_stag_earns_15() -> None:
    state = state_from(["S0 D6", "D8", "D9"], "D15 D13 D11", arena="D5", owner=2)
    new, events = play(state, 0, to_arena("S0"))
    assert kinds(events) == ["arena", "pass", "pass", "clean"]
    assert new.harems[0] == ["D5", "S0"]
    assert rounds.score_terms(new, 0) == [5, 15, -6, 0]


def test_edge_and_arena_cards_score_nothing() -> None:
    state = state_from(["D7 S6", "", "D8"], "D9 S0 D15", arena="D5", owner=2, rounds=1)
    new, _ = play(state, 0, to_arena("S6"))
    assert new.last_round is not None
    assert new.last_round["points"] == [5 - 7, 0, -8]
    assert new.scores == [-2, 0, -8]


def test_a_null_bock_taken_from_an_edge_into_hand_costs_15() -> None:
    state = state_from(["D7", "", "D8"], "D9 S0 D11", arena="D3", owner=2, rounds=1)
    new, _ = play(state, 0, to_edge("D7", 1))
    assert new.hands[0] == ["S0"]
    assert new.last_round is not None and new.last_round["terms"][0] == [0, 0, 0, -15]


# -- the next round and the end of the game ----------------------------------------

# Seat 0 plays S7 on the Arena; seat 1 has no cards: end 2. Seat 0 wins D5 S6 S7 and
# keeps D6 (-1 in all), seat 1 scores 0, seat 2 keeps D8 (-8).
HANDS = ["S7 D6", "", "D8"]
EDGES = "D9 S9 S8"


def end_round(**kwargs: Any) -> tuple[NullBockState, list[Event]]:
    state = state_from(HANDS, EDGES, arena="D5 S6", owner=2, **kwargs)
    new, events = play(state, 0, to_arena("S7"))
    return new, events


def test_round_points_are_added_and_the_next_round_is_dealt() -> None:
    new, events = end_round(scores=[10, 0, 20], first=1)
    assert new.round_points == [[-1, 0, -8]] and new.scores == [9, 0, 12]
    assert new.round == 2 and new.phase == "edge"
    assert RULES.to_act(new) == {0, 1, 2}
    assert new.first == 2  # the highest total begins
    assert new.harems == [[], [], []] and new.edges == [None] * 3 and new.arena == []
    for hand in new.hands:
        assert len([c for c in hand if is_doe(c)]) == 6
        assert len([c for c in hand if is_stag(c)]) == 6
    assert Counter(RULES.cards(new)) == Counter(full_deck())
    assert kinds(events)[-3:] == ["round_end", "round", "deal"]
    summary = new.last_round
    assert summary is not None
    assert summary["hands"] == [["D6"], [], ["D8"]]
    assert summary["harems"][0] == ["D5", "S6", "S7"]


def test_a_tie_for_first_goes_clockwise_from_the_previous_first_player() -> None:
    assert end_round(scores=[21, 0, 28], first=1)[0].first == 2
    assert end_round(scores=[21, 0, 28], first=2)[0].first == 2
    assert end_round(scores=[21, 0, 28], first=0)[0].first == 0
    state = state_from(HANDS, EDGES)
    for first, scores, expected in [
        (0, [5, 9, 9], 1),
        (2, [5, 9, 9], 2),
        (2, [9, 5, 9], 2),
        (1, [9, 5, 9], 2),
        (1, [9, 9, 9], 1),
        (0, [-3, -7, -5], 0),
    ]:
        state.first, state.scores = first, scores
        assert rounds.next_first(state) == expected


def test_the_game_ends_when_a_total_reaches_the_target() -> None:
    new, events = end_round(scores=[9, 0, 20], target=12)
    assert new.phase == "over" and RULES.to_act(new) == frozenset()
    outcome = RULES.outcome(new)
    assert outcome is not None
    assert outcome.scores == (8, 0, 12) and outcome.winners == {2}
    assert outcome.ranks == (2, 3, 1)
    assert "P2 wins" in texts(events)
    assert RULES.view(new, 0)["outcome"] == outcome.to_json()


def test_below_the_target_the_game_goes_on() -> None:
    new, _ = end_round(scores=[9, 0, 20], target=13)
    assert new.phase == "edge" and RULES.outcome(new) is None


def test_equal_totals_share_the_win() -> None:
    new, events = end_round(scores=[21, 0, 28], target=20)
    outcome = RULES.outcome(new)
    assert outcome is not None and outcome.winners == {0, 2}
    assert outcome.ranks == (1, 3, 1)
    assert "P0 and P2 share the win with 20 points each." in texts(events)


def test_a_fixed_number_of_rounds_ignores_the_target() -> None:
    new, _ = end_round(rounds=2, target=1, scores=[50, 50, 50])
    assert new.phase == "edge" and new.round == 2
    new, _ = end_round(rounds=2, round_no=2)
    assert new.phase == "over"
    outcome = RULES.outcome(new)
    assert outcome is not None and outcome.winners == {1}
