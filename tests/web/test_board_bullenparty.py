"""The Bullenparty board, rendered by the production `render_board` from engine states.

Cards are the controls: every legal move is exactly one control (a card with one move, a
row to take, or a destination of a picked card: tests/boards.py), named for the whole
action; nothing of another seat's hand, pending bid, unplayed zero card or final lay-out
reaches the HTML. Number cards are unique and each seat has one zero card, so there are
no duplicate copies.
"""

from __future__ import annotations

import html
import json
import random
import re
from collections import Counter
from typing import Any

from app.games.bullenparty import Bullenparty
from app.games.bullenparty.state import OVER, State
from app.web.render.board import render_board
from tests import boards
from tests.games.bullenparty.helpers import bids, play, state_from, take

RULES = Bullenparty()
NAMES = ["Ann", "<b>Bo</b>", "Cy & Di", "Ed", "Flo"]
BUTTON = re.compile(r"<button\b([^>]*)>(.*?)</button>", re.S)


def render(state: State, seat: int | None) -> str:
    return render_board("bullenparty", RULES.view(state, seat), seat, NAMES[: state.players])


def text(out: str) -> str:
    """What a reader sees: the HTML without tags, spaces collapsed."""
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", out).split())).replace(" .", ".")


def controls(out: str) -> list[tuple[dict[str, Any], str]]:
    """(move, accessible name) of every control that makes a move."""
    return [(c.move, c.label) for c in boards.controls(out) if c.move is not None]


def secrets(state: State, seat: int | None) -> set[str]:
    """data-card values `seat` must never be shown."""
    hidden: set[str] = set()
    for s, player in enumerate(state.seats):
        if s == seat:
            continue
        hidden.update(str(c) for c in player.hand)
        if not player.zero_known:
            hidden.add(f"0{player.zero}")
    hidden.update(str(c) for c in state.removed)
    hidden.update(f"0{z}" for z in state.zeros_out)
    return hidden


def check(state: State) -> None:
    for seat in [*range(state.players), None]:
        out = render(state, seat)
        moves = list(RULES.legal_moves(state, seat)) if seat is not None else []
        found = controls(out)
        canon = Counter(json.dumps(m, sort_keys=True) for m, _ in found)
        assert canon == Counter(json.dumps(m, sort_keys=True) for m in moves), seat
        assert boards.problems(out, moves) == [], seat
        shown = set(re.findall(r'data-card="([^"]+)"', out))
        # a hand card of another seat may be public elsewhere (a pile's card is not a hand
        # card), so compare against cards only that seat holds
        assert not shown & secrets(state, seat), (seat, shown & secrets(state, seat))
        assert "<b>Bo</b>" not in out and "style=" not in out and "<script" not in out
        if seat is None:
            assert 'class="mine' not in out


def test_the_board_through_seeded_games_of_every_size() -> None:
    for players, seed in [(2, 1), (3, 2), (4, 3), (5, 4)]:
        rnd = random.Random(seed)
        state = RULES.setup(players, RULES.Options(), seed)
        phases = set()
        while RULES.to_act(state):
            if rnd.random() < 0.3 or state.phase in ("extend", "final"):
                check(state)
            phases.add(state.phase)
            seat = rnd.choice(sorted(RULES.to_act(state)))
            state, _ = RULES.apply(state, seat, rnd.choice(list(RULES.legal_moves(state, seat))))
        check(state)
        assert {"bid", "take", "reduce", "final"} <= phases


def names_of(out: str) -> list[str]:
    return [name for _, name in controls(out)]


def test_a_bid_is_a_card_and_the_status_says_who_is_still_choosing() -> None:
    state = state_from([[10, 11], [20, 21], [30, 31]], [[1, 2], [3, 4], [5, 6]], draw=[40])
    state, _ = play(state, (1, {"type": "bid", "card": 21}))
    mine = render(state, 0)
    assert names_of(mine) == ["Bid 10", "Bid 11", "Bid zero card A"]
    assert "Your turn: choose a card to bid. Also choosing: Cy & Di." in text(mine)
    # the table waits for both; the bidder is told their own bid in their own region
    status = text(mine.split("table-status__round")[0])
    assert "Waiting for Ann and Cy & Di to choose a bid." in status
    assert "You bid 21." in text(render(state, 1).split('<section class="mine')[1])
    assert "21" not in render(state, 0).split('class="opponents"')[1].split('class="middle"')[0]
    spectator = render(state, None)
    assert "has chosen a bid" in spectator and "choosing a bid" in spectator


def test_the_lowest_bidder_is_asked_to_take_a_row_and_every_row_is_a_control() -> None:
    state = state_from([[10, 11], [20, 21], [30, 31]], [[1, 2], [3, 4], [5, 6]], draw=[40])
    state, _ = bids(state, {0: 11, 1: 20, 2: 30})
    out = render(state, 0)
    assert "Your turn: take a row (your bid: 11)." in text(out)
    assert names_of(out) == ["Take row 1: 1, 2 (2 heads)", "Take row 2: 3, 4 (3 heads)",
                             "Take row 3: 5, 6 (5 heads)"]
    taps = [(c.place, c.word) for c in boards.controls(out) if c.kind == "at"]
    assert taps == [("row-1", "Take"), ("row-2", "Take"), ("row-3", "Take")]
    assert "Waiting for Ann to take a row." in text(render(state, None))


def test_a_taken_row_says_by_whom_in_each_language() -> None:
    state = state_from([[10, 11], [20, 21], [30, 31]], [[1, 2], [3, 4], [5, 6]], draw=[40])
    state, _ = bids(state, {0: 11, 1: 20, 2: 30})
    state, _ = play(state, (0, take(0)))

    def taker(seat: int | None, lang: str) -> str:
        out = render_board("bullenparty", RULES.view(state, seat), seat, NAMES[:3], lang)
        return text(out.split('class="row__taker">')[1].split("</span></span>")[0])

    # the rows are the same for everyone, the taker named: "taken by you" would be one
    # viewer's words in a region every viewer shares
    for seat in (0, 1, None):
        assert [taker(seat, lang) for lang in ("en", "de", "nl")] == [
            "taken by Ann", "genommen von Ann", "genomen door Ann"]


def reducing() -> State:
    state = state_from([[10, 11, 12, 13, 14], [20, 21, 22, 23, 24]], [[1, 2], [30, 40]],
                       draw=list(range(50, 60)), piles={0: [[5]]})
    state, _ = bids(state, {0: 10, 1: 20})
    state, _ = play(state, (0, take(1)))
    return state


def test_a_card_with_several_piles_is_picked_and_its_piles_are_the_destinations() -> None:
    state = reducing()  # seat 0 holds 11 12 13 14 30 40 with a pile topped by 5
    out = render(state, 0)
    assert 'data-pick="n30"' in out and 'aria-label="Lay 30: choose a pile"' in out
    assert boards.dests_at(out, "pile-0-1", "n30") == ["Put 30 onto pile 1"]
    assert boards.dests_at(out, "new-pile", "n30") == ["Start a new pile with 30"]
    assert 'data-place="pile-0-1"' in out.split('<section class="mine')[1]
    assert "Your turn: lay 1 more card onto your piles; 5 stay in your hand." in text(out)
    taken = out.split('<span class="row__label">Row 2</span>')[0]
    assert 'class="row row--taken is-last"' in taken[taken.rindex("<div"):]


def test_a_card_with_one_place_to_go_is_a_single_move() -> None:
    state = state_from([[10, 11, 12, 13, 14], [20, 21, 22, 23, 24]], [[1, 2], [3, 4]],
                       draw=list(range(50, 60)))
    state, _ = bids(state, {0: 10, 1: 20})
    state, _ = play(state, (0, take(1)))  # no piles yet: every card can only start one
    out = render(state, 0)
    assert "data-pick=" not in out
    assert "Start a new pile with 3" in names_of(out)


def test_the_turned_up_card_is_picked_and_the_open_rows_are_its_destinations() -> None:
    state = state_from([[10, 11], [20, 21], [30, 31]], [[1, 2], [3, 4], [5, 6]], draw=[77, 78])
    state, _ = bids(state, {0: "A", 1: "B", 2: 30})
    state, _ = play(state, (2, take(0)))
    assert state.phase == "extend" and state.drawn == 77
    out = render(state, 0)
    picks = [(c.pick, c.place) for c in boards.controls(out) if c.kind == "pick"]
    assert picks == [("drawn-77", "drawn")] and "Ann turned up" in text(out)
    for row in (2, 3):
        assert boards.dests_at(out, f"row-{row}", "drawn-77") == [f"Add 77 to row {row}"]
    assert "Waiting for Ann to add 77 to an open row." in text(render(state, 1))


def test_the_final_summary_explains_scores_and_ties_with_names() -> None:
    state = state_from([[] for _ in range(3)], [], piles={0: [[10], [1]], 1: [[8], [7]]},
                       bulls={1: [4]})
    state.phase, state.rows = OVER, []
    out = render(state, 2)
    assert "The game is over" in out and out.count("summary--final") == 1
    assert "final-scores" not in out  # the summary is the one result display
    assert "Plus pile: 6 heads" in out and "Other piles: -1 head<" in out
    assert ("&lt;b&gt;Bo&lt;/b&gt; and Ann have 5 points each; &lt;b&gt;Bo&lt;/b&gt; places "
            "ahead of Ann: more heads on the plus pile and bull cards (9 against 6).") in out
    assert "{p" not in out
    assert boards.controls(out) == []


def test_a_rounds_summary_shows_at_the_start_of_the_next_round() -> None:
    state = state_from([[10, 11, 12, 13, 14], [50, 51, 52, 55, 57]], [[1, 2], [3, 4]],
                       draw=list(range(60, 80)))
    state, _ = bids(state, {0: 10, 1: 50})
    state, _ = play(state, (0, take(0)), (0, {"type": "new_pile", "card": 1}),
                    (1, {"type": "new_pile", "card": 3}))
    out = render(state, 1)
    assert "Round 1 is over" in out and "Round 2" in out

