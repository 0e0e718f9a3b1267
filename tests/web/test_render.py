"""The board renderer: escaping, the move-button convention, one result display."""

from __future__ import annotations

import html
import json
import re

from markupsafe import Markup, escape

from app.games.registry import GAMES
from app.web.render.board import render_board
from app.web.render.render import with_names
from tests.web.test_boards import NAMES, played, players


def test_generic_board_lists_moves_as_buttons_and_escapes() -> None:
    view = {"moves": [{"type": "play", "card": "<b>"}], "note": "<script>x</script>"}
    out = render_board("no-such-game", view, 0, ["Ann"])
    assert "<script>x" not in out
    assert len(re.findall(r'class="move\b', out)) == 1
    start = out.index("data-move='") + len("data-move='")
    attr = html.unescape(out[start : out.index("'", start)])
    assert json.loads(attr) == {"type": "play", "card": "<b>"}


def test_final_scores_follow_the_board_best_first_and_escaped() -> None:
    view = {
        "moves": [],
        "outcome": {"scores": [3, 9, 9], "ranks": [3, 1, 1], "winners": [1, 2]},
    }
    out = render_board("no-such-game", view, 0, ["<Ann>", "Bo", "Cy"])
    assert "Final scores" in out
    assert "&lt;Ann&gt;" in out and "<Ann>" not in out
    assert out.index("Bo") < out.index("Cy") < out.index("&lt;Ann&gt;")
    assert out.count("is-winner") == 2


def test_a_final_summary_is_the_one_result_display() -> None:
    summary = {
        "title": "The game is over", "final": True, "notes": ["Bo places first: fewer pints."],
        "rows": [{"seat": 1, "score": 9, "parts": ["3 bulls: 9 points"], "winner": True},
                 {"seat": 0, "score": 9, "parts": ["9 points"], "winner": False}],
    }
    view = {"moves": [], "summary": summary,
            "outcome": {"scores": [9, 9], "ranks": [2, 1], "winners": [1]}}
    out = render_board("no-such-game", view, 0, ["Ann", "Bo"])
    assert "Final scores" not in out
    assert out.count('class="summary summary--final"') == 1
    assert "3 bulls: 9 points" in out and "Bo places first: fewer pints." in out


def test_the_final_scores_not_a_round_summary_are_the_one_result_display() -> None:
    summary = {"title": "Round 1 is over", "final": False, "notes": [],
               "rows": [{"seat": 0, "score": 2, "parts": [], "winner": False}]}
    view = {"moves": [], "summary": summary,
            "outcome": {"scores": [2], "ranks": [1], "winners": [0]}}
    out = render_board("no-such-game", view, 0, ["Ann"])
    assert "Final scores" in out and 'class="summary' not in out


def test_the_board_tells_the_shell_who_must_act() -> None:
    out = render_board("no-such-game", {"moves": [], "to_act": [0, 2]}, 1, ["A", "B", "C"])
    assert '<div class="board-turn" hidden data-to-act="0 2" data-region="turn"></div>' in out
    out = render_board("no-such-game", {"moves": [], "to_act": []}, 1, ["A", "B", "C"])
    assert 'data-to-act=""' in out


def test_the_turn_made_once_says_each_views_own_phase_and_seats() -> None:
    """The `.board-turn` is made once per (seats, phase) and shared: a phase that prints
    differently (1, True, "1", markup) is never served another's text, nor a view
    without a phase one with it."""
    turns = {}
    for phase in (1, True, "1", "<b>", Markup("<b>"), "play"):
        for to_act in ([0, 2], [2], [], [True]):
            for _ in range(2):  # made, then taken from the cache
                out = render_board("no-such-game", {"moves": [], "to_act": to_act,
                                                    "phase": phase}, 1, ["A", "B", "C"])
                turn = out[out.index('<div class="board-turn"'):]
                seats = " ".join(str(int(s)) for s in to_act)
                assert f'data-to-act="{seats}" data-phase="{escape(phase)}"' in turn
                turns.setdefault((type(phase), phase, tuple(to_act)), set()).add(turn)
    assert all(len(made) == 1 for made in turns.values())
    assert 'data-phase="True"' in render_board("no-such-game", {"moves": [], "phase": True},
                                               1, [])
    assert "data-phase" not in render_board("no-such-game", {"moves": []}, 1, [])


def test_final_scores_only_once_there_is_an_outcome() -> None:
    """The same board without and with an outcome: the scores come with the outcome
    (and the board itself is drawn both times)."""
    playing = render_board("no-such-game", {"moves": [], "outcome": None}, None, ["Ann", "Bo"])
    over = render_board("no-such-game", {"moves": [], "outcome": {
        "scores": [1, 2], "ranks": [2, 1], "winners": [1]}}, None, ["Ann", "Bo"])
    assert 'class="board' in playing and 'class="board' in over
    assert "Final scores" not in playing and "Final scores" in over


def test_every_game_ends_with_one_result_display_for_players_and_spectators() -> None:
    for game_id in GAMES:
        *_, (state, over) = played(game_id, seed=3)
        assert over
        for seat in (0, None):
            out = render_board(game_id, GAMES[game_id].view(state, seat), seat,
                               NAMES[:players(game_id)])
            shown = out.count('class="final-scores"') + out.count("summary--final")
            assert shown == 1, f"{game_id} seat {seat}: {shown} result displays"


def test_with_names_puts_in_each_name_in_seat_order_and_escapes() -> None:
    """A view's text with the room's names: every "{pN}" of a seat at the table, escaped
    once; a name is put in before the next seat's, so a name that spells "{p1}" is
    replaced in turn."""
    said = with_names("{p0} plays a 7 doe on {p1}'s Edge; {p3} waits.",
                      ["<Ann>", "{p2} & Bo", "Cy"])
    assert type(said) is Markup
    assert said == ("&lt;Ann&gt; plays a 7 doe on Cy &amp; Bo&#39;s Edge; {p3} waits.")
    assert with_names("{p0} <b>", []) == "{p0} &lt;b&gt;"


def test_tojson_writes_what_json_dumps_with_sorted_keys_writes() -> None:
    """`tojson` goes through one encoder made once (render._sorted_json): the text is
    Jinja's default, `json.dumps(..., sort_keys=True)`, with or without an indent."""
    from jinja2.utils import htmlsafe_json_dumps

    from app.web.render.render import environment

    value = {"to": "edge", "card": "D7+", "edge": 2, "x": [None, True, 1.5, "<&'>"]}
    drawn = environment().from_string("{{ v|tojson }}|{{ v|tojson(indent=1) }}").render(
        v=value)
    assert drawn == (f"{htmlsafe_json_dumps(value, dumps=json.dumps, sort_keys=True)}|"
                     f"{htmlsafe_json_dumps(value, dumps=json.dumps, sort_keys=True, indent=1)}")
