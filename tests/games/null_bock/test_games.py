"""Whole games through the registry, and the fast paths agreeing with the rule tables."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from app.games.base import IllegalMove, parse_options
from app.games.null_bock import moves as nb_moves
from app.games.null_bock.cards import full_deck
from app.games.null_bock.moves import arena_error, edge_error, has_legal_play
from app.games.registry import GAMES


def random_game(players: int, options: dict[str, Any], seed: int) -> list[Any]:
    """Every state of one random game played through GAMES["null-bock"] alone."""
    rules = GAMES["null-bock"]
    rnd = random.Random(seed)
    state = rules.setup(players, parse_options(rules.Options, options), seed)
    states = [state]
    while rules.to_act(state):
        seat = rnd.choice(sorted(rules.to_act(state)))
        state, _ = rules.apply(state, seat, rnd.choice(list(rules.legal_moves(state, seat))))
        states.append(state)
    return states


def test_a_random_five_player_game_plays_to_the_end() -> None:
    rules = GAMES["null-bock"]
    states = random_game(5, {}, seed=2024)
    final = states[-1]
    outcome = rules.outcome(final)
    assert outcome is not None and max(outcome.scores) >= 150
    assert outcome.winners == {s for s in range(5) if outcome.scores[s] == max(outcome.scores)}
    assert rules.view(final, None)["phase"] == "over"
    assert final.round == len(final.round_points) >= 1
    assert [sum(r[s] for r in final.round_points) for s in range(5)] == list(outcome.scores)
    assert Counter(rules.cards(final)) == Counter(full_deck())


def test_rounds_mode_plays_exactly_that_many_rounds() -> None:
    for rounds in (1, 3):
        assert random_game(4, {"rounds": rounds}, seed=rounds)[-1].round == rounds


def test_the_move_list_and_the_refusals_agree() -> None:
    """A move is refused exactly when it is not listed, and the list follows the
    placement tables (arena_error / edge_error) for every card and place."""
    rules = GAMES["null-bock"]
    deck = sorted(set(full_deck()))
    checked = 0
    for players in (3, 6):
        for state in random_game(players, {"rounds": 1}, seed=players)[::3]:
            for seat in range(players):
                listed = rules.legal_moves(state, seat)
                for card in deck:
                    moves: list[dict[str, Any]] = [{"type": "edge", "card": card}]
                    moves.append({"type": "play", "card": card, "to": "arena"})
                    moves += [
                        {"type": "play", "card": card, "to": "edge", "edge": e}
                        for e in range(players)
                    ]
                    for move in moves:
                        if move in listed:
                            rules.apply(state, seat, move)
                        else:
                            with pytest.raises(IllegalMove) as exc:
                                rules.apply(state, seat, move)
                            assert exc.value.reason == rules.refusal(state, seat, move)
                        checked += 1
                if state.phase == "play" and seat == state.turn:
                    assert has_legal_play(state, seat) == bool(listed)
                    for card in set(state.hands[seat]):
                        arena = {"type": "play", "card": card, "to": "arena"}
                        assert (arena in listed) == (arena_error(state.arena, card) is None)
                        for e, edge in enumerate(state.edges):
                            ok = edge_error(state.arena, edge, card) is None
                            on_edge = {"type": "play", "card": card, "to": "edge", "edge": e}
                            assert (on_edge in listed) == ok
    assert checked > 10_000


def test_has_legal_play_agrees_with_the_tables_for_every_seat_and_any_hand() -> None:
    """The folded answer against the placement tables card by card, for every seat of
    states met in play (not only the seat to act, which always can) and for hands
    dealt at random against those places."""
    deck = full_deck()
    rnd = random.Random(12)
    answers = Counter()
    for players in (3, 4, 6):
        for state in random_game(players, {"rounds": 2}, seed=40 + players):
            for seat in range(players):
                hands = [state.hands[seat]] + [rnd.sample(deck, rnd.randint(0, 6))
                                               for _ in range(3)]
                for hand in hands:
                    state.hands[seat] = hand
                    by_tables = any(
                        arena_error(state.arena, c) is None
                        or any(edge_error(state.arena, e, c) is None for e in state.edges)
                        for c in hand
                    )
                    assert has_legal_play(state, seat) == by_tables, (state.edges, hand)
                    answers[by_tables] += 1
                state.hands[seat] = hands[0]
    assert answers[True] > 100 and answers[False] > 100


def by_tables(state: Any, seat: int) -> list[dict[str, Any]]:
    """The turn's move list straight from the placement tables, card by card, place by
    place, in hand order: what the fast list must equal, order included."""
    out: list[dict[str, Any]] = []
    for card in dict.fromkeys(state.hands[seat]):
        if arena_error(state.arena, card) is None:
            out.append({"type": "play", "card": card, "to": "arena"})
        out += [{"type": "play", "card": card, "to": "edge", "edge": owner}
                for owner, edge in enumerate(state.edges)
                if edge_error(state.arena, edge, card) is None]
    return out


def test_the_move_list_is_the_tables_list_in_order_for_any_hand() -> None:
    deck = full_deck()
    rnd = random.Random(7)
    made = 0
    for players in (3, 4, 6):
        for state in random_game(players, {"rounds": 2}, seed=60 + players):
            if state.phase != "play":
                continue
            seat = state.turn
            assert nb_moves.legal_moves(state, seat) == by_tables(state, seat)
            for _ in range(3):
                state.hands[seat] = sorted(rnd.sample(deck, rnd.randint(1, 8)))
                assert nb_moves._legal_moves(state, seat) == by_tables(state, seat)
                made += 1
    assert made > 300


def test_a_move_list_handed_out_is_the_callers_own() -> None:
    """The list is made once per state; changing what one caller got changes neither
    the next caller's list nor the seat's view."""
    rules = GAMES["null-bock"]
    state = next(s for s in random_game(4, {"rounds": 1}, seed=5)[8:] if s.phase == "play")
    seat = state.turn
    first = rules.legal_moves(state, seat)
    listed = list(first)
    first.clear()
    assert rules.legal_moves(state, seat) == listed == rules.view(state, seat)["moves"]


def test_a_look_alike_of_a_listed_move_is_refused() -> None:
    rules = GAMES["null-bock"]
    state = random_game(3, {"rounds": 1}, seed=3)[5]
    seat = min(rules.to_act(state))
    move = dict(rules.legal_moves(state, seat)[0])
    move["extra"] = 1
    with pytest.raises(IllegalMove):
        rules.apply(state, seat, move)
