"""The start of a turn (Great Stag), the empty-Arena duty, automatic passing."""

from __future__ import annotations

from app.games.base import Event
from app.games.null_bock import flow
from tests.games.null_bock.helpers import (
    RULES,
    kinds,
    play,
    state_from,
    texts,
    to_arena,
    to_edge,
)


def test_great_stag_cleans_the_arena_at_the_start_of_the_turn() -> None:
    state = state_from(
        ["D5 S2", "D4", "D6 S3"], "D9 S9 S8", arena="D3 S7", owner=0, turn=2, rounds=1
    )
    new, events = play(state, 2, to_edge("D6", 1))  # an Edge play does not cover the stag
    assert new.harems[0] == ["D3", "S7"]
    assert new.arena == [] and new.arena_owner is None
    assert new.turn == 0
    assert RULES.legal_moves(new, 0) == [to_arena("D5")]
    assert "Great Stag" in texts(events)


def test_a_covered_stag_is_no_great_stag() -> None:
    state = state_from(["D5 S2", "S9 D4", "D6 S3"], "D9 D8 D7", arena="D3 S7", owner=0, turn=1)
    new, events = play(state, 1, to_arena("S9"))
    # seats 2 and 0 cannot play; seat 0's S7 is covered, so only seat 1 cleans
    assert kinds(events) == ["arena", "pass", "pass", "clean"]
    assert "P1 is the Great Stag" in texts(events)
    assert new.harems == [[], ["D3", "S7", "S9"], []]
    assert new.turn == 1 and RULES.legal_moves(new, 1) == [to_arena("D4")]


def test_the_stag_owner_cleans_even_when_they_would_pass() -> None:
    """Ruling: the Great Stag check comes first, also for a player with no legal play.
    Having no doe, the cleaner hands the empty-Arena duty on."""
    state = state_from(["S2", "D4 S3", "D6"], "S9 S8 S7", arena="D3 S7", owner=0, turn=2)
    new, events = play(state, 2, to_edge("D6", 0))
    assert new.harems[0] == ["D3", "S7"]
    assert new.turn == 1
    assert kinds(events) == ["edge", "clean", "duty"]
    assert RULES.legal_moves(new, 1) == [to_arena("D4")]


def test_the_empty_arena_duty_passes_clockwise_to_the_next_seat_with_a_doe() -> None:
    state = state_from(["S2", "S3 S4", "S5", "D4 S6"], "S9 S8 S7 S6")
    events: list[Event] = []
    flow.start_turn(state, 0, events)
    assert state.turn == 3
    assert "duty passes to P3" in texts(events)
    state.hands[1].append("D9")
    flow.start_turn(state, 0, events)
    assert state.turn == 1


def test_the_duty_skips_a_seat_without_cards_and_does_not_end_the_round() -> None:
    """Ruling: the duty goes straight to the next seat holding a doe; seats in between
    get no turn, so an empty hand on the way is no end 2."""
    state = state_from(["S2", "", "D4 S6"], "S9 S8 S7")
    events: list[Event] = []
    flow.start_turn(state, 0, events)
    assert state.turn == 2 and state.phase == "play"
    assert kinds(events) == ["duty"]


def test_round_end_1_when_nobody_can_open_the_empty_arena() -> None:
    state = state_from(["S2", "S3 S4", "S5"], "S9 S8 S7", rounds=1)
    events: list[Event] = []
    flow.start_turn(state, 1, events)
    assert state.phase == "over"
    assert state.last_round is not None and state.last_round["end"] == 1
    assert "nobody can play a doe" in texts(events)


def test_a_player_without_a_legal_play_passes_automatically() -> None:
    state = state_from(["S8 D2", "D3 D4", "S9 D7"], "D9 D8 D7", arena="D5", owner=2)
    new, events = play(state, 0, to_arena("S8"))
    # seat 1 holds only does: none may go on a stag, nor on a doe Edge
    assert kinds(events) == ["arena", "pass"]
    assert "P1 cannot play and passes" in texts(events)
    assert new.turn == 2 and new.passes == 1
    assert RULES.legal_moves(new, 1) == []
    assert RULES.to_act(new) == {2}


def test_a_played_card_resets_the_passes() -> None:
    state = state_from(["S8 D2", "D3 D4", "S9 D7"], "D9 D8 D7", arena="D5", owner=2)
    new, _ = play(state, 0, to_arena("S8"))
    assert new.passes == 1
    new, events = play(new, 2, to_arena("S9"))
    assert kinds(events) == ["arena", "pass", "pass", "clean"]
    assert new.passes == 2 and new.turn == 2
    new, _ = play(new, 2, to_arena("D7"))
    assert new.passes == 0
