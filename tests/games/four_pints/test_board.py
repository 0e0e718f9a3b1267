"""The board, rendered by the production `render_board`: cards are the controls (a move,
or a pick with its dests), every copy is playable, names are escaped, nothing hidden."""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

from app.web.render import render_board
from tests.games.four_pints.table import RULES, act, buy, reveal, state_from

NAMES = ["<b>Ann</b>", "Bob & Co", "Cy'", "Di", "Ed", "Flo"]
BUTTON = re.compile(r"<button ([^>]*)>(.*?)</button>", re.S)
ATTR = re.compile(r'([\w-]+)=(?:"([^"]*)"|\'([^\']*)\')')


def render(state: Any, seat: int | None, names: list[str] = NAMES) -> str:
    return render_board(RULES.id, RULES.view(state, seat), seat, names)


def controls(out: str) -> list[dict[str, str]]:
    """Every button's attributes, unescaped, and its accessible `name`."""
    found = []
    for attrs, content in BUTTON.findall(out):
        found.append({k: html.unescape(a or b) for k, a, b in ATTR.findall(attrs)})
        # its accessible name: the aria-label, else its text
        found[-1]["name"] = found[-1].get("aria-label") or html.unescape(
            re.sub(r"<[^>]+>", "", content)).strip()
    return found


def moves_in(out: str) -> list[Any]:
    return [json.loads(c["data-move"]) for c in controls(out) if "data-move" in c]


def test_every_legal_move_has_a_control_and_nothing_else_does_in_random_games() -> None:
    for players, seed in [(2, 1), (3, 2), (6, 3)]:
        rnd = random.Random(seed)
        s = RULES.setup(players, RULES.Options(), seed)
        while True:
            for seat in [*range(players), None]:
                out = render(s, seat)
                legal = list(RULES.legal_moves(s, seat)) if seat is not None else []
                found = moves_in(out)
                assert all(m in found for m in legal) and all(m in legal for m in found)
                picks = {c["data-pick"] for c in controls(out) if "data-pick" in c}
                fors = {c["data-pick-for"] for c in controls(out) if "data-pick-for" in c}
                assert picks == fors, "every pick has its dests and every dest its pick"
                assert all(c["name"] for c in controls(out))
                assert "<b>Ann" not in out and "(s)" not in out
                assert 'class="board board--four-pints-please"' in out
                assert ('class="mine' in out) == (seat is not None)
            if not RULES.to_act(s):
                break
            s, _ = RULES.apply(s, s.active, rnd.choice(list(RULES.legal_moves(s, s.active))))
        end = render(s, None)
        assert 'class="summary summary--final"' in end and "final-scores" not in end


def test_a_counter_pint_with_one_way_to_buy_is_the_button() -> None:
    s = state_from(purse=["£3"])
    out = render(s, 0)
    labels = {c["name"]: c for c in controls(out)}
    assert json.loads(labels["Buy the Lager for £3"]["data-move"]) == buy("Lager")
    assert 'data-card="Lager"' in out.split('aria-label="Buy the Lager for £3"')[1][:200]
    assert labels["Reveal a buying card"]["class"].startswith("move")


def test_several_ways_to_buy_make_a_pick_with_dests_in_your_place() -> None:
    s = state_from(purse=["£5", "£2"], play=["Happy Hour"], counter=["Stout", "Lager", "Lager"])
    out = render(s, 0)
    picks = [c for c in controls(out) if "data-pick" in c]
    assert [p["data-pick"] for p in picks] == ["buy-stout-0", "buy-lager-0", "buy-lager-1"]
    assert picks[0]["aria-label"] == "Buy the Stout: then choose how"
    dests = {(c["data-pick-for"], c["name"]) for c in controls(out) if "data-pick-for" in c}
    assert ("buy-stout-0", "Buy the Stout and a Lager for £7") in dests
    assert ("buy-lager-1", "Buy the Lager and a Lager for £4") in dests  # both copies
    assert ("buy-lager-0", "Buy the Stout and a Lager for £7") in dests
    mine = out.split('<section class="mine')[1]
    assert mine.count('data-pick-for="buy-') == len(dests)


def test_elbow_controls_sit_on_every_copy_of_the_pint() -> None:
    s = reveal(state_from(buying=["Elbow a pint"], pints={1: ["Stout", "Stout"], 2: ["IPA"]}))
    out = render(s, 0)
    labels = [c["name"] for c in controls(out)]
    assert labels.count("Elbow the Stout of Bob & Co off the table") == 2
    assert labels.count("Elbow the IPA of Cy' off the table") == 1
    assert len(labels) == 3
    assert "Your turn: choose a pint of another player to elbow off the table." in out
    waiting = render(s, 1)
    assert "Waiting for &lt;b&gt;Ann&lt;/b&gt; to choose a pint to elbow." in waiting


def test_a_slip_asks_for_one_of_your_own_pints() -> None:
    s = reveal(state_from(buying=["Slip"], pints={0: ["IPA", "Lager", "Lager"]}))
    labels = [c["name"] for c in controls(render(s, 0))]
    assert labels == ["Lose your IPA to the Slip", "Lose your Lager to the Slip",
                      "Lose your Lager to the Slip"]


def test_the_on_me_gift_is_a_pick_with_a_dest_in_each_friends_place() -> None:
    s = act(state_from(purse=["£5", "£5"], play=["On me!"]), buy("Red Ale", "Lager"))
    out = render(s, 0)
    picks = [c for c in controls(out) if "data-pick" in c]
    assert [p["aria-label"] for p in picks] == [
        "Give away the Red Ale: then choose who gets it",
        "Give away the Lager: then choose who gets it",
    ]
    friend = out.split('data-seat="2"')[1].split("</article>")[0]
    names = {c["name"] for c in controls(friend)}
    assert {"Give the Lager to Cy'", "Give the Red Ale to Cy'"} <= names
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
    assert moves_in(out) == []


def test_the_board_shows_nothing_a_viewer_may_not_see() -> None:
    a = state_from(buying=["£5", "Smoke"], beer=["IPA", "Lager"], purse=["£3"])
    b = RULES.scramble(a, 1, random.Random(1))
    b.buying_deck, b.beer_deck = ["Smoke", "£5"], ["Lager", "IPA"]
    for seat in [0, 1, None]:
        assert render(a, seat) == render(b, seat)
    assert moves_in(render(a, None)) == [] and 'class="mine' not in render(a, None)


def test_names_are_escaped_once() -> None:
    s = state_from(purse=["£3"])
    out = render(s, 1)
    assert "&lt;b&gt;Ann&lt;/b&gt;" in out and "<b>Ann</b>" not in out
    assert "&amp;lt;" not in out and "Bob &amp;amp; Co" not in out
