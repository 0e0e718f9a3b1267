"""The view's summary (a round's end, the game's end) and its last play."""

from __future__ import annotations

from app.games.bullenparty.state import OVER, State
from tests.games.bullenparty.helpers import RULES, bids, new_pile, play, state_from, take, texts

HANDS2 = [[10, 11, 12, 13, 14], [50, 51, 52, 55, 57]]


def over(piles: dict[int, list[list[int]]], bulls: dict[int, list[int]], players: int) -> State:
    state = state_from([[] for _ in range(players)], [], piles=piles, bulls=bulls)
    state.phase, state.rows = OVER, []
    return state


def test_the_final_summary_breaks_each_score_down_in_the_rules_words() -> None:
    # seat 0: plus pile 8 (5 heads); seat 1: plus pile 10 (6 heads), bull 4, other pile 1
    state = over({0: [[8]], 1: [[10], [1]]}, {1: [4]}, players=2)
    summary = RULES.view(state, 0)["summary"]
    assert summary["title"] == "The game is over" and summary["final"] is True
    assert [r["seat"] for r in summary["rows"]] == [1, 0]
    assert summary["rows"][0] == {
        "seat": 1, "score": 9, "winner": True,
        "parts": ["Plus pile: 6 heads", "Bull cards: 4 heads (1 bull card)",
                  "Other piles: -1 head"],
    }
    assert summary["rows"][1]["parts"] == [
        "Plus pile: 5 heads", "Bull cards: none", "Other piles: none",
    ]
    assert summary["notes"] == []


def test_a_tie_on_points_split_by_the_tie_break_says_why() -> None:
    # seat 0: 5 (positive 5); seats 1 and 2: 4 + 4 bull - 3 = 5 (positive 8); seat 3: 5
    state = over({0: [[8]], 1: [[7], [5]], 2: [[16], [14]], 3: [[17]]}, {1: [4], 2: [4]}, 4)
    summary = RULES.view(state, None)["summary"]
    assert [r["seat"] for r in summary["rows"]] == [1, 2, 0, 3]
    assert [r["winner"] for r in summary["rows"]] == [True, True, False, False]
    assert summary["notes"] == [
        "{p1}, {p2}, {p0} and {p3} have 5 points each; "
        "{p1} and {p2} are level on every count and share the win; "
        "{p2} places ahead of {p0}: more heads on the plus pile and bull cards (8 against 5); "
        "{p0} and {p3} are level on every count and share the place."
    ]


def test_a_tie_with_equal_positive_parts_is_shared_and_said_so() -> None:
    # seat 0: plus pile 10 (6 heads) - pile 1 (1 head) = 5; seat 1: plus pile 8 (5) + bull 4
    # - pile 7 (4) = 5, positive 9; seat 2: nothing
    state = over({0: [[10], [1]], 1: [[8], [7]]}, {1: [4]}, 3)
    assert RULES.view(state, None)["summary"]["notes"] == [
        "{p1} and {p0} have 5 points each; {p1} places ahead of {p0}: more heads on the "
        "plus pile and bull cards (9 against 6)."
    ]
    # equal points and equal positive parts mean equal minus heads too: a shared place
    state = over({0: [[10], [1]], 1: [[19], [2]]}, {}, 2)
    assert RULES.view(state, None)["summary"]["notes"] == [
        "{p0} and {p1} have 5 points each; {p0} and {p1} are level on every count and share "
        "the win."
    ]
    assert RULES.outcome(state).winners == {0, 1}  # type: ignore[union-attr]


def round_one_played() -> State:
    state = state_from(HANDS2, [[1, 2], [3, 4]], draw=list(range(60, 80)))
    state, _ = bids(state, {0: 10, 1: 50})
    state, _ = play(state, (0, take(0)), (0, new_pile(1)), (1, new_pile(3)))
    return state


def test_a_rounds_summary_shows_until_the_next_rounds_first_bid() -> None:
    state = round_one_played()
    assert state.round == 2 and state.phase == "bid"
    for seat in (0, 1, None):
        summary = RULES.view(state, seat)["summary"]
        assert summary["title"] == "Round 1 is over" and summary["final"] is False
        assert not any(r["winner"] for r in summary["rows"])
    # seat 1: pile 3 (2 heads); seat 0: pile 1 (1 head)
    assert [r["seat"] for r in RULES.view(state, 0)["summary"]["rows"]] == [1, 0]
    state, _ = play(state, (1, {"type": "bid", "card": 51}))
    assert RULES.view(state, 0)["summary"] is None


def test_the_last_play_names_cards_and_places_but_never_a_secret_bid() -> None:
    state = state_from(HANDS2, [[1, 2], [3, 4]], draw=list(range(60, 80)))
    state, events = play(state, (1, {"type": "bid", "card": 52}))
    for seat in (0, 1, None):
        assert RULES.view(state, seat)["last"] == {
            "seat": 1, "cards": [], "from": "hand", "to": "bid",
            "text": "{p1} has chosen a bid.", "kind": "bid", "data": {"seat": 1},
        }
    state, _ = bids(state, {0: 10})
    state, events = play(state, (0, take(1)))
    last = RULES.view(state, None)["last"]
    assert last == {"seat": 0, "cards": [3, 4], "from": "row-2", "to": "hand-0",
                    "text": texts(events)[-1], "kind": "take", "data": dict(events[-1].data)}
    state, events = play(state, (0, new_pile(3)))
    # seat 0 lays 3 onto a new pile; then seat 1 takes the one row left without asking
    assert "{p0} starts a new pile with 3." in texts(events)
    last = RULES.view(state, 1)["last"]
    assert {k: v for k, v in last.items() if k not in ("kind", "data")} == {
        "seat": 1, "cards": [1, 2], "from": "row-1", "to": "hand-1", "text": texts(events)[-1],
    }


def test_event_texts_count_heads_in_words() -> None:
    state = state_from(HANDS2, [[1, 2], [9, 11]], draw=list(range(60, 80)))
    state, events = bids(state, {0: 10, 1: 50})
    state, events = play(state, (0, take(1)))
    assert "{p0} discards 10 and takes row 2: 9, 11 (2 heads)." in texts(events)
    assert all("(s)" not in t for t in texts(events))
