"""The board, rendered by the production `render_board` from views of real game states:
cards are the controls, picks have a destination on each place (as data the client puts
there, tests/boards.py), nothing secret leaks."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

from app.games.base import parse_options
from app.games.registry import GAMES
from app.web.render.board import render_board
from tests import boards
from tests.games.null_bock.helpers import RULES, play, state_from, to_arena

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def render(state: Any, seat: int | None, names: list[str] = NAMES) -> str:
    return render_board("null-bock", RULES.view(state, seat), seat, names[:state.players])


def canon(move: Any) -> str:
    return json.dumps(move, sort_keys=True)


def check_controls(state: Any, seat: int) -> None:
    """One control per physical card with moves; a card with one move is that move; a
    card with several is a pick whose destinations are exactly its moves."""
    view = RULES.view(state, seat)
    page = render(state, seat)
    offered = boards.controls(page)
    assert boards.problems(page, view["moves"]) == []
    hand = Counter(view["mine"]["hand"])
    by_card: dict[str, list[dict[str, Any]]] = {}
    for m in view["moves"]:
        by_card.setdefault(m["card"], []).append(m)
    picks = [c for c in offered if c.kind == "pick"]
    singles = [c for c in offered if c.kind == "move"]
    for card, mvs in by_card.items():
        if len(mvs) == 1:
            mine = [c for c in singles if c.move == mvs[0]]
            assert len(mine) == hand[card] and {c.face for c in mine} == {card}  # every copy
        else:
            ids = [c.pick for c in picks if c.pick and c.pick.startswith(card + "-")]
            assert sorted(ids) == [f"{card}-{k}" for k in range(hand[card])]
            for pick_id in ids:
                dests = [c for c in offered if c.kind == "dest" and c.pick == pick_id]
                assert sorted(canon(c.move) for c in dests) == sorted(map(canon, mvs))
                assert {c.place for c in dests} == {
                    "arena" if m["to"] == "arena" else f"edge-{m['edge']}" for m in mvs}
    assert len(singles) + len(picks) == sum(hand[c] for c in by_card)
    assert all(c.place is None for c in picks)  # a card of the hand: its button is in mine


def test_controls_through_a_seeded_game() -> None:
    rules = GAMES["null-bock"]
    rnd = random.Random(5)
    state = rules.setup(5, parse_options(rules.Options, {"rounds": 2}), 5)
    steps = 0
    while rules.to_act(state):
        for seat in range(5):
            check_controls(state, seat)
        spectator = render(state, None)
        # a spectator may fold the summary panel, but has no card control
        assert 'class="move' not in spectator and 'class="pick' not in spectator
        assert 'class="mine' not in spectator
        assert " style=" not in spectator and "<script" not in spectator  # the CSP
        seat = rnd.choice(sorted(rules.to_act(state)))
        state, _ = rules.apply(state, seat, rnd.choice(list(rules.legal_moves(state, seat))))
        steps += 1
    assert steps > 50
    final = render(state, 0)
    assert "The game is over" in final and "{p" not in final


def test_a_picked_card_goes_to_the_arena_and_each_edge_by_buttons_there() -> None:
    state = state_from(["S9 S9 D2", "D6", "D8 S3"], "D5 D4 S7", arena="D3", owner=1, turn=0)
    page = render(state, 0)
    picks = [c for c in boards.controls(page) if c.kind == "pick"]
    assert [c.pick for c in picks] == ["S9-0", "S9-1"]
    assert picks[0].label == "9 stag: choose where to play it (3 places)"
    assert boards.dests_at(page, "arena").count("Play 9 stag into the Arena") == 2
    assert boards.dests_at(page, "edge-1") == ["Play 9 stag on Bob's Edge, winning the 4 doe"] * 2
    assert boards.dests_at(page, "edge-0") == ["Play 9 stag on your Edge, winning the 5 doe"] * 2
    assert boards.dests_at(page, "edge-2") == []  # a stag never goes on a stag
    words = {c.place: c.word for c in boards.controls(page) if c.kind == "dest"}
    assert words == {"arena": "Play into the Arena", "edge-0": "Play here", "edge-1": "Play here"}
    single = [c for c in boards.controls(page) if c.kind == "move"]
    # the 2 doe has one place only (it is not higher than the Arena's 3 doe)
    assert [c.label for c in single] == [
        "Play 2 doe on Cy's Edge, taking the 7 stag into your hand"
    ]


def test_one_move_cards_are_move_buttons_with_the_face_inside() -> None:
    state = state_from(["D7 D7 S2", "D6", "D8"], "S5 S6 S7", arena="", turn=0)
    page = render(state, 0)
    buttons = [c for c in boards.controls(page) if c.kind == "move"]
    assert [c.label for c in buttons] == ["Play 7 doe into the Arena"] * 2
    assert re.search(r'aria-label="Play 7 doe into the Arena"><span class="card card--doe', page)
    assert "Your turn: play a doe into the empty Arena." in page


def test_the_edge_choice_and_who_is_still_choosing() -> None:
    state = RULES.setup(4, RULES.Options(), seed=9)
    card = state.hands[2][0]
    state, _ = RULES.apply(state, 2, {"type": "edge", "card": card})
    page = render(state, 0)
    assert "Your turn: choose a card for your Edge." in page
    labels = [c.label for c in boards.controls(page)]
    assert all(label.startswith("Put the ") and label.endswith("on your Edge, face down")
               for label in labels)
    assert len(labels) == len(state.hands[0])  # every copy
    waiting = render(state, 2)
    assert "Waiting for" in waiting and "Ann" in waiting and "Bob" in waiting and "Dee" in waiting
    assert "<button" not in waiting and "face down" in waiting
    assert 'aria-label="Cy has chosen an Edge card"' in page


def test_no_secret_of_another_seat_reaches_the_html() -> None:
    rules = GAMES["null-bock"]
    rnd = random.Random(3)
    state = rules.setup(4, parse_options(rules.Options, {"rounds": 1}), 3)
    checked = 0
    while rules.to_act(state):
        for viewer in (0, 1, None):
            other = rules.scramble(state, viewer, random.Random(checked))
            assert render(other, viewer) == render(state, viewer)
            checked += 1
        seat = rnd.choice(sorted(rules.to_act(state)))
        state, _ = rules.apply(state, seat, rnd.choice(list(rules.legal_moves(state, seat))))
    assert checked > 60


def test_the_last_play_is_marked() -> None:
    state = state_from(["D5 D7 S2", "D6 D8 S9", "D9 S3 S0"], "D11 S6 S7", arena="D5+", owner=2)
    new, _ = play(state, 0, to_arena("D7"))
    page = render(new, 1)
    assert "Ann plays a 7 doe into the Arena." in page
    assert re.search(r'class="card card--doe is-last" data-card="D7"', page)
    assert 'class="arena is-last"' in page


def test_the_round_summary_and_the_final_summary() -> None:
    state = state_from(["S7 D6", "", "D8"], "D9 S9 S8", arena="D5 S6", owner=2, rounds=2,
                       scores=[10, 0, 20])
    new, _ = play(state, 0, to_arena("S7"))
    page = render(new, 1)
    assert "Round 1 is over" in page and "Does won (5 doe): 5 points" in page
    assert "Cy has the most points and begins round 2." in page
    assert "Final scores" not in page
    end = state_from(["S7 D6", "", "D8"], "D9 S9 S8", arena="D5 S6", owner=2, rounds=1,
                     scores=[21, 0, 28])
    done, _ = play(end, 0, to_arena("S7"))
    page = render(done, None)
    assert "The game is over" in page
    assert "Ann and Cy have 20 points each and share the win." in page
    assert page.count("badge--win") == 2  # the summary is the one result display
    assert "Final scores" not in page


def test_names_are_escaped_everywhere() -> None:
    state = state_from(["D5 S2", "D6", "D9 S8"], "D11 S6 S7", arena="D5", owner=2, turn=2)
    names = ["<script>x</script>", "B&B", "O'Neil"]
    new, _ = play(state, 2, to_arena("S8"))
    page = render(new, None, names)
    assert "<script>x" not in page and "&lt;script&gt;x" in page
    assert "B&amp;B" in page and "B&amp;amp;B" not in page
