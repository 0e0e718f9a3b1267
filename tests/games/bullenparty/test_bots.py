"""The bot decides from its seat's view alone, always makes a listed move, and plays the
game's strategy: one pile upwards, the rest bid away or kept small."""

from __future__ import annotations

import random

from app.games.bullenparty.state import State
from tests.games.bullenparty.helpers import RULES, bids, play, state_from, take


def bot(state: State, seat: int) -> dict[str, object] | None:
    return RULES.bot_move(RULES.view(state, seat), seat, random.Random(0))


def test_the_bots_move_is_always_listed_and_blind_to_hidden_cards() -> None:
    for players in range(2, 6):
        rnd = random.Random(players)
        state = RULES.setup(players, RULES.Options(), players)
        steps = 0
        while RULES.to_act(state):
            seat = rnd.choice(sorted(RULES.to_act(state)))
            move = bot(state, seat)
            assert move in RULES.legal_moves(state, seat)
            if steps % 7 == 0:  # the same view with other hidden cards: the same move
                other = RULES.scramble(state, seat, random.Random(steps))
                assert RULES.encode(other) != RULES.encode(state)
                assert bot(other, seat) == move
            state, _ = RULES.apply(state, seat, move)
            steps += 1
        assert RULES.outcome(state) is not None
    assert bot(state, 0) is None  # nothing to decide at the end


def test_reducing_lays_the_lowest_card_that_fits_the_main_pile_and_keeps_high_ones() -> None:
    # main pile tops at 30; seat 0 takes 31 and 95 with 11..14 in hand: one card to lay
    state = state_from([[10, 11, 12, 13, 14], [20, 21, 22, 23, 24]], [[31, 95], [1, 2]],
                       draw=list(range(40, 90)), piles={0: [[8, 30]]})
    state, _ = bids(state, {0: 10, 1: 20})
    state, _ = play(state, (0, take(0)))
    assert state.phase == "reduce"
    assert bot(state, 0) == {"type": "place", "card": 31, "pile": 0}


def test_the_final_lay_out_goes_up_the_main_pile_from_the_lowest_card() -> None:
    state = state_from([[40, 60, 90, 5, 6], [20, 21, 22, 23, 24]], [[1, 2], [3, 4]],
                       draw=[70], last_round=True, piles={0: [[8, 30]]})
    state, _ = bids(state, {0: 5, 1: 20})
    state, _ = play(state, (0, take(0)))
    laid = []  # seat 0's cards from its reduce to the end of the final lay-out
    while RULES.to_act(state):
        seat = sorted(RULES.to_act(state))[0]
        move = bot(state, seat)
        assert move is not None
        if seat == 0:
            laid.append(move)
        state, _ = RULES.apply(state, seat, move)
    onto_main = [m["card"] for m in laid if m.get("pile") == 0]
    assert onto_main == [40, 60, 90]
    assert state.seats[0].piles[0] == [8, 30, 40, 60, 90]


def test_a_bid_spends_a_card_that_no_longer_fits_the_main_pile() -> None:
    # main pile tops at 50: 12 and 19 cannot go onto it (19 has 6 heads, 12 has 2)
    state = state_from([[12, 19, 61, 77, 82], [20, 21, 22, 23, 24]], [[1, 2], [3, 4]],
                       draw=list(range(40, 90)), piles={0: [[50]]})
    move = bot(state, 0)
    assert move is not None and move["card"] in (12, 19)


def test_the_bot_beats_random_players_in_seeded_games() -> None:
    wins = 0.0
    for seed in range(12):
        rnd = random.Random(seed)
        state = RULES.setup(3, RULES.Options(), seed)
        good = seed % 3
        while RULES.to_act(state):
            seat = rnd.choice(sorted(RULES.to_act(state)))
            moves = list(RULES.legal_moves(state, seat))
            move = bot(state, seat) if seat == good else rnd.choice(moves)
            state, _ = RULES.apply(state, seat, move)  # type: ignore[arg-type]
        outcome = RULES.outcome(state)
        assert outcome is not None
        if good in outcome.winners:
            wins += 1 / len(outcome.winners)
    assert wins >= 9  # random players would win about 4 of 12
