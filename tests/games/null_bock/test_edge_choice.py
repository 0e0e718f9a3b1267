"""The simultaneous, face-down Edge choice at the start of every round."""

from __future__ import annotations

from app.games.base import Event
from app.games.null_bock import NullBockOptions, NullBockState
from tests.games.null_bock.helpers import RULES, as_json, refused, texts


def choose(state: NullBockState, seat: int, card: str) -> tuple[NullBockState, list[Event]]:
    return RULES.apply(state, seat, {"type": "edge", "card": card})


def test_every_seat_chooses_at_once_and_cards_stay_hidden_until_the_last() -> None:
    state = RULES.setup(3, NullBockOptions(), seed=5)
    assert RULES.to_act(state) == {0, 1, 2}
    picks = {seat: state.hands[seat][0] for seat in range(3)}
    before = list(state.hands[1])
    state, events = choose(state, 1, picks[1])
    assert RULES.to_act(state) == {0, 2}
    assert len(state.hands[1]) == len(before) - 1
    assert state.hands[1].count(picks[1]) == before.count(picks[1]) - 1
    assert state.edges == [None, None, None] and state.pending[1] == picks[1]
    public = [e for e in events if e.to is None]
    private = [e for e in events if e.to is not None]
    assert picks[1] not in as_json([e.to_json() for e in public])
    assert [sorted(e.to or ()) for e in private] == [[1]]
    for seat in (0, 2, None):
        view = RULES.view(state, seat)
        assert view["edge_chosen"] == [False, True, False]
        assert view["mine"] is None or view["mine"]["edge_choice"] is None
        assert view["edges"] == [None, None, None]
    assert RULES.view(state, 1)["mine"]["edge_choice"] == picks[1]
    state, _ = choose(state, 0, picks[0])
    state, events = choose(state, 2, picks[2])
    assert state.edges == [picks[0], picks[1], picks[2]]
    assert state.pending == [None, None, None]
    assert state.phase == "play"
    assert "The Edge cards are turned up" in texts(events)


def test_a_seat_that_has_chosen_waits_and_may_not_choose_again() -> None:
    state = RULES.setup(4, NullBockOptions(), seed=2)
    state, _ = choose(state, 0, state.hands[0][0])
    reason = refused(state, 0, {"type": "edge", "card": state.hands[0][0]})
    assert "already chosen" in reason
    assert RULES.legal_moves(state, 0) == []


def test_the_choice_must_be_a_card_in_hand() -> None:
    state = RULES.setup(4, NullBockOptions(), seed=2)
    missing = next(c for c in ("D3", "D4", "D5", "D6", "S9", "S10") if c not in state.hands[0])
    assert "do not hold" in refused(state, 0, {"type": "edge", "card": missing})
    assert "Edge" in refused(state, 0, {"type": "play", "card": state.hands[0][0], "to": "arena"})


def test_any_card_may_be_chosen_even_an_11_13_or_15_doe() -> None:
    """Ruling: the ban on the big does is for plays onto an Edge, not for the choice."""
    for seed in range(50):
        state = RULES.setup(5, NullBockOptions(), seed)
        seat, big = next(
            ((s, c) for s in range(5) for c in state.hands[s] if c in ("D11", "D13", "D15")),
            (None, None),
        )
        if big is not None and seat is not None:
            moves = RULES.legal_moves(state, seat)
            assert {"type": "edge", "card": big} in moves
            assert len(moves) == len(set(state.hands[seat]))
            return
    raise AssertionError("no seed dealt a big doe")


def test_play_starts_with_the_first_player_after_the_reveal() -> None:
    state = RULES.setup(3, NullBockOptions(), seed=9)
    for seat in range(3):
        state, _ = choose(state, seat, state.hands[seat][-1])  # a stag: keep the does
    assert state.turn == state.first
    moves = RULES.legal_moves(state, state.first)
    assert moves and all(m["to"] == "arena" and m["card"].startswith("D") for m in moves)
