"""The board, rendered by the production `render_board`: cards are the controls (a move
of your own, or the table's places lit from `data-moves`: a tap, or a pick with its
destinations, tests/boards.py), every copy is playable, names are escaped, nothing
hidden."""

from __future__ import annotations

import random
from typing import Any

from app.web.render.board import render_board
from tests import boards
from tests.games.four_pints.table import RULES, act, buy, reveal, state_from

NAMES = ["<b>Ann</b>", "Bob & Co", "Cy'", "Di", "Ed", "Flo"]


def render(state: Any, seat: int | None, names: list[str] = NAMES) -> str:
    return render_board(RULES.id, RULES.view(state, seat), seat, names[:state.players])


def named(out: str) -> dict[str, boards.Control]:
    return {c.label: c for c in boards.controls(out)}


def test_every_legal_move_has_a_control_and_nothing_else_does_in_random_games() -> None:
    for players, seed in [(2, 1), (3, 2), (6, 3)]:
        rnd = random.Random(seed)
        s = RULES.setup(players, RULES.Options(), seed)
        while True:
            for seat in [*range(players), None]:
                out = render(s, seat)
                legal = list(RULES.legal_moves(s, seat)) if seat is not None else []
                assert boards.problems(out, legal) == []
                assert "<b>Ann" not in out and "(s)" not in out
                assert 'class="board board--four-pints-please"' in out
                assert ('class="mine' in out) == (seat is not None)
            if not RULES.to_act(s):
                break
            s, _ = RULES.apply(s, s.active, rnd.choice(list(RULES.legal_moves(s, s.active))))
        end = render(s, None)
        assert 'class="summary summary--final"' in end and "final-scores" not in end


def test_a_counter_pint_with_one_way_to_buy_is_tapped_on_the_counter() -> None:
    s = state_from(purse=["£3"])
    out = render(s, 0)
    labels = named(out)
    lager = labels["Buy the Lager for £3"]
    assert (lager.kind, lager.move, lager.place) == ("at", buy("Lager"), "counter-0")
    assert 'data-place="counter-0"><span class="card card--beer card--lager"' in out
    deck = labels["Reveal a buying card"]  # the deck says what a tap does (issue 34.9)
    assert (deck.kind, deck.place, deck.word) == ("at", "deck", "Reveal")


def test_several_ways_to_buy_a_pint_make_a_pick_with_dests_in_your_tray() -> None:
    s = state_from(purse=["£5", "£2", "Credit card"], play=["Wallet"],
                   counter=["Stout", "Lager", "Lager"])
    out = render(s, 0)
    picks = [c for c in boards.controls(out) if c.kind == "pick"]
    assert sorted((p.place, p.pick) for p in picks) == [
        ("counter-0", "buy-stout-0"), ("counter-1", "buy-lager-0"), ("counter-2", "buy-lager-1")]
    assert {p.label for p in picks if p.pick == "buy-stout-0"} == {"Buy the Stout: then choose how"}
    assert boards.dests_at(out, "buy-ways", "buy-lager-1") == [
        "Buy the Lager with the Credit card", "Buy the Lager for £3"]  # both copies
    assert boards.dests_at(out, "buy-ways", "buy-stout-0") == [
        "Buy the Stout with the Credit card", "Buy the Stout for £6"]
    assert "Buy two pints" not in out  # no two at once without Happy Hour or On me!
    assert out.count('data-place="buy-ways"') == 1
    assert 'data-place="buy-ways"' in out.split('<section class="mine')[1]


def test_two_pints_at_once_are_the_ways_of_one_pick_in_your_place() -> None:
    s = state_from(purse=["£5", "£2"], play=["Happy Hour"], counter=["Stout", "Lager", "Lager"])
    out = render(s, 0)
    offered = boards.controls(out)
    assert {(c.label, c.place) for c in offered if c.kind == "at"} == {
        ("Reveal a buying card", "deck"), ("Buy the Stout for £6", "counter-0"),
        ("Buy the Lager for £3", "counter-1"), ("Buy the Lager for £3", "counter-2")}
    pairs = [c for c in offered if c.kind == "pick"]
    assert [(c.pick, c.place, c.label) for c in pairs] == [
        ("pairs", None, "Buy two pints: then choose which")]
    assert boards.dests_at(out, "buy-ways", "pairs") == [
        "Buy the Stout and a Lager for £7", "Buy the Lager and a Lager for £4"]


def test_elbow_controls_sit_on_every_copy_of_the_pint() -> None:
    s = reveal(state_from(buying=["Elbow a pint"], pints={1: ["Stout", "Stout"], 2: ["IPA"]}))
    out = render(s, 0)
    offered = boards.controls(out)
    assert [(c.kind, c.label, c.place) for c in offered] == [
        ("at", "Elbow the Stout of Bob & Co off the table", "pint-1-0"),
        ("at", "Elbow the Stout of Bob & Co off the table", "pint-1-1"),
        ("at", "Elbow the IPA of Cy' off the table", "pint-2-0")]
    assert "Your turn: choose a pint of another player to elbow off the table." in out
    waiting = render(s, 1)
    assert "Waiting for &lt;b&gt;Ann&lt;/b&gt; to choose a pint to elbow." in waiting


def test_a_slip_asks_for_one_of_your_own_pints() -> None:
    s = reveal(state_from(buying=["Slip"], pints={0: ["IPA", "Lager", "Lager"]}))
    offered = boards.controls(render(s, 0))
    assert [(c.kind, c.label, c.face) for c in offered] == [
        ("move", "Lose your IPA to the Slip", "IPA"),
        ("move", "Lose your Lager to the Slip", "Lager"),
        ("move", "Lose your Lager to the Slip", "Lager")]


def test_the_on_me_gift_is_a_pick_with_a_dest_in_each_friends_place() -> None:
    s = act(state_from(purse=["£5", "£5"], play=["On me!"]), buy("Red Ale", "Lager"))
    out = render(s, 0)
    picks = [c for c in boards.controls(out) if c.kind == "pick"]
    assert sorted((p.place, p.label) for p in picks) == [
        ("bought-0", "Give away the Red Ale: then choose who gets it"),
        ("bought-1", "Give away the Lager: then choose who gets it"),
    ]
    assert sorted(boards.dests_at(out, "area-2")) == ["Give the Lager to Cy'",
                                                      "Give the Red Ale to Cy'"]
    assert 'data-seat="2" data-place="area-2"' in out
    assert "Waiting for &lt;b&gt;Ann&lt;/b&gt; to give one of the two pints to a friend." in (
        render(s, 1))


def test_the_last_play_is_marked() -> None:
    s = act(state_from(purse=["£3"], pints={0: ["Stout"]}), buy("Lager"))
    out = render(s, 2)
    ann = out.split('data-seat="0"')[1].split("</article>")[0]
    assert ann.count("is-last") == 1 and 'card--lager is-last" data-card="Lager"' in ann
    s = reveal(state_from(buying=["£5"]))
    assert 'card--money is-last" data-card="£5"' in render(s, 1)


def test_the_summary_is_the_result_with_names_filled_in() -> None:
    s = act(state_from(purse=["£3"], pints={0: ["IPA", "IPA", "Lager"]}), buy("Lager"))
    out = render(s, 1)
    assert "The game is over: &lt;b&gt;Ann&lt;/b&gt; wins." in out
    assert "&lt;b&gt;Ann&lt;/b&gt; reaches 12 points and wins at once." in out
    assert "2 IPAs: 10 points" in out and "{p0}" not in out
    assert boards.controls(out) == []


def test_the_board_shows_nothing_a_viewer_may_not_see() -> None:
    a = state_from(buying=["£5", "Smoke"], beer=["IPA", "Lager"], purse=["£3"])
    b = RULES.scramble(a, 1, random.Random(1))
    b.buying_deck, b.beer_deck = ["Smoke", "£5"], ["Lager", "IPA"]
    for seat in [0, 1, None]:
        assert render(a, seat) == render(b, seat)
    assert boards.controls(render(a, None)) == [] and 'class="mine' not in render(a, None)


def test_names_are_escaped_once() -> None:
    s = state_from(purse=["£3"])
    out = render(s, 1)
    assert "&lt;b&gt;Ann&lt;/b&gt;" in out and "<b>Ann</b>" not in out
    assert "&amp;lt;" not in out and "Bob &amp;amp; Co" not in out
