"""The contract check every game must pass (in the spirit of OpenSpiel's random_sim_test).

`play_checked` plays one seeded random game and asserts, at every step, the invariants of
`app/games/base.py`: listed moves apply, unlisted moves are refused and change nothing,
cards are conserved, states round-trip through JSON, views are JSON and carry the
viewer's moves, and the game ends. It returns the move list so a replay can be checked.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from app.games.base import OPEN, Event, IllegalMove, Move, Outcome, Rules, RulesBase, parse_options

MAX_STEPS = 20_000
NONSENSE: list[Move] = [{}, {"type": "__nonsense__"}, {"type": None}]


def canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def all_views(rules: Rules[Any], state: Any, players: int) -> list[str]:
    return [canon(rules.view(state, seat)) for seat in [*range(players), None]]


def check_event(event: Event, players: int) -> None:
    assert isinstance(event, Event)
    assert event.text, "an event needs a readable sentence"
    names = {f"p{i}": f"Player{i}" for i in range(players)}
    event.text.format_map(names)  # every placeholder names a seat
    if event.to is not None:
        assert event.to <= set(range(players))
    json.dumps(event.to_json())


def check_state(
    rules: Rules[Any], state: Any, players: int, deck: Counter[str],
) -> tuple[dict[int | None, str], str]:
    """The invariants of one state. Returns every viewer's view and the state, as
    canonical JSON: the step's other checks compare with them instead of making them
    again (views are pure: the same state gives the same view)."""
    acting = rules.to_act(state)
    assert acting <= set(range(players))
    outcome = rules.outcome(state)
    assert (outcome is None) == bool(acting), "outcome exists exactly when nobody acts"
    views = {seat: rules.view(state, seat) for seat in [*range(players), None]}
    texts = {seat: canon(view) for seat, view in views.items()}  # every view is JSON
    for seat in range(players):
        moves = list(rules.legal_moves(state, seat))
        assert bool(moves) == (seat in acting), f"seat {seat}: moves iff it must act"
        assert canon(views[seat]["moves"]) == canon(moves), "a view carries the viewer's moves"
    spectator = views[None]
    assert spectator["moves"] == []
    # The OPEN viewer (docs/contracts.md §1): the spectator's view plus every seat's `mine`.
    secrets = [views[seat].get("mine") for seat in range(players)]
    assert canon(rules.view(state, OPEN)) == canon({**spectator, "open": secrets})
    assert Counter(rules.cards(state)) == deck, "cards are conserved"
    before = canon(rules.encode(state))
    encoded = json.loads(before)
    assert canon(rules.encode(rules.decode(encoded))) == canon(encoded), "JSON round-trip"
    if outcome is not None:
        check_outcome(outcome, players)
    return texts, before


def scrambles(rules: Rules[Any]) -> bool:
    """Whether the game has its own `scramble`: a part of its RulesBase's, or a method
    of its own (the toy has neither: it keeps the state)."""
    if isinstance(rules, RulesBase) and rules.parts.scramble is not None:
        return True
    return getattr(type(rules), "scramble", None) is not RulesBase.scramble


def check_hidden(
    rules: Rules[Any], state: Any, players: int, rnd: random.Random,
    texts: dict[int | None, str], before: str,
) -> bool:
    """No viewer's view changes when everything that viewer may not see is scrambled
    (`texts`, `before`: the views and the state from `check_state`). Returns whether
    some scramble changed the state (it must, in a game with secrets)."""
    changed = False
    for viewer in [*range(players), None]:
        other = rules.scramble(state, viewer, random.Random(rnd.random()))
        assert canon(rules.encode(state)) == before, "scramble mutated its input"
        assert canon(rules.view(other, viewer)) == texts[viewer], (
            f"viewer {viewer}'s view depends on something it may not see"
        )
        changed = changed or canon(rules.encode(other)) != before
    return changed


def check_outcome(outcome: Outcome, players: int) -> None:
    assert len(outcome.scores) == players and len(outcome.ranks) == players
    assert outcome.winners, "somebody wins"
    assert outcome.winners == {s for s in range(players) if outcome.ranks[s] == 1}


def refuse(rules: Rules[Any], state: Any, seat: int, move: Move, before: str) -> None:
    """`before`: the state's canonical JSON (the state is unchanged since it was made)."""
    try:
        rules.apply(state, seat, move)
    except IllegalMove as exc:
        assert isinstance(exc.reason, str) and exc.reason.strip(), "refusal needs a reason"
    else:
        raise AssertionError(f"seat {seat} was allowed an unlisted move {move!r}")
    assert canon(rules.encode(state)) == before, "a refused move changed the state"


def play_checked(
    rules: Rules[Any], players: int, options: dict[str, Any], seed: int, thorough: bool,
    scrambled: list[bool] | None = None,
) -> list[tuple[int, Move]]:
    """Play one random game, checking every step (`thorough`) or a light subset.
    `scrambled` collects, per thorough step, whether a hidden-card scramble changed the
    state (see `check_hidden`)."""
    rnd = random.Random(seed)
    opts = parse_options(rules.Options, options)
    state = rules.setup(players, opts, seed)
    deck = Counter(rules.cards(state))
    seen: list[Move] = list(NONSENSE)
    history: list[tuple[int, Move]] = []
    for _ in range(MAX_STEPS):
        if thorough:
            texts, before = check_state(rules, state, players, deck)
            changed = check_hidden(rules, state, players, rnd, texts, before)
            if scrambled is not None:
                scrambled.append(changed)
        acting = sorted(rules.to_act(state))
        if not acting:
            check_state(rules, state, players, deck)
            return history
        seat = rnd.choice(acting)
        moves = list(rules.legal_moves(state, seat))
        assert moves, "a seat that must act has a move"
        if thorough:  # `seen` feeds the refusals, which only thorough steps try
            seen.extend(m for m in moves if m not in seen[-200:])
            for move in rnd.sample(moves, min(len(moves), 6)):
                rules.apply(state, seat, move)  # every listed move applies
            assert canon(rules.encode(state)) == before, "apply mutated its input"
            for move in rnd.sample(seen, min(len(seen), 6)):
                if move not in moves:
                    refuse(rules, state, seat, move, before)
            idle = [s for s in range(players) if s not in acting]
            if idle:
                refuse(rules, state, rnd.choice(idle), moves[0], before)
        move = rnd.choice(moves)
        state, events = rules.apply(state, seat, move)
        for event in events:
            check_event(event, players)
        history.append((seat, move))
    raise AssertionError(f"game did not end within {MAX_STEPS} moves")


def check_replay(
    rules: Rules[Any], players: int, options: dict[str, Any], seed: int,
    history: list[tuple[int, Move]],
) -> None:
    """Replaying (options, players, seed, moves) twice gives identical views at every step."""
    opts = parse_options(rules.Options, options)
    a = rules.setup(players, opts, seed)
    b = rules.setup(players, opts, seed)
    for seat, move in history:
        assert all_views(rules, a, players) == all_views(rules, b, players)
        a, _ = rules.apply(a, seat, move)
        # the other copy goes through storage, as the server does
        b = rules.decode(json.loads(canon(rules.encode(b))))
        b, _ = rules.apply(b, seat, json.loads(canon(move)))
    assert all_views(rules, a, players) == all_views(rules, b, players)
    assert rules.outcome(a) == rules.outcome(b)
