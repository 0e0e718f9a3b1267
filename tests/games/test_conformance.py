"""Every registered game against the contract: hundreds of seeded random games each."""

from __future__ import annotations

import os
from typing import Any

import pytest

from app.games.base import IllegalMove, Rules, parse_options
from app.games.registry import GAMES
from tests.games.conformance import check_replay, play_checked, scrambles
from tests.games.toy import HighCard

# Per (game, player count, options): this many random games, the first THOROUGH of them
# checked at every step, the rest checked at the end (cards, round-trip, outcome).
GAMES_PER_COUNT = int(os.environ.get("CONFORMANCE_GAMES", "200"))
THOROUGH = int(os.environ.get("CONFORMANCE_THOROUGH", "10"))


def cases() -> list[Any]:
    out = []
    for rules in [*GAMES.values(), HighCard()]:
        variants = rules.option_variants()
        for players in range(rules.min_players, rules.max_players + 1):
            for i, options in enumerate(variants):
                out.append(pytest.param(rules, players, options, id=f"{rules.id}-{players}p-v{i}"))
    return out


@pytest.mark.parametrize(("rules", "players", "options"), cases())
def test_random_games_keep_the_contract(
    rules: Rules[Any], players: int, options: dict[str, Any]
) -> None:
    scrambled: list[bool] = []
    for seed in range(GAMES_PER_COUNT):
        history = play_checked(rules, players, options, seed, thorough=seed < THOROUGH,
                               scrambled=scrambled)
        if seed < THOROUGH:
            check_replay(rules, players, options, seed, history)
    if scrambles(rules):
        # A scramble that never changes anything would make the leak check vacuous.
        assert any(scrambled), "scramble never changed a hidden card"


class LeakyHighCard(HighCard):
    """Broken on purpose: accepts a card the player does not hold."""

    def apply(self, state: Any, seat: int, move: Any) -> Any:
        if move.get("type") == "pick" and move.get("card") not in state.hands[seat]:
            new = self.decode(self.encode(state))
            new.pending[seat] = move["card"]
            return new, []
        return super().apply(state, seat, move)


class MutatingHighCard(HighCard):
    """Broken on purpose: changes its input state."""

    def apply(self, state: Any, seat: int, move: Any) -> Any:
        if move in self.legal_moves(state, seat):
            state.scores[seat] += 1
        return super().apply(state, seat, move)


@pytest.mark.parametrize("broken", [LeakyHighCard(), MutatingHighCard()])
def test_harness_catches_a_broken_game(broken: HighCard) -> None:
    with pytest.raises(AssertionError):
        for seed in range(20):
            play_checked(broken, 3, {}, seed, thorough=True)


def test_toy_refuses_with_reason() -> None:
    toy = HighCard()
    state = toy.setup(2, toy.Options(), 1)
    with pytest.raises(IllegalMove) as exc:
        toy.apply(state, 0, {"type": "pick", "card": 999})
    assert "cannot" in exc.value.reason


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_first_move_logs_round_1_first_and_only_once(game_id: str) -> None:
    """docs/contracts.md §2: the log is grouped by round from its first line. Set-up
    events reach the log only through the first move; the state goes through its JSON
    between moves, as it does in the database."""
    rules = GAMES[game_id]
    state = rules.decode(rules.encode(rules.setup(
        rules.min_players, parse_options(rules.Options, {}), 3)))
    kinds = []
    for _ in range(2):
        seat = min(rules.to_act(state))
        state, events = rules.apply(state, seat, rules.legal_moves(state, seat)[0])
        state = rules.decode(rules.encode(state))
        kinds.append([e.kind for e in events])
    assert kinds[0][0] == "round", kinds[0]
    assert "round" not in kinds[1], kinds[1]
