"""The board templates' layout whitespace dropped at compile time (app/web/render/compact.py)."""

from __future__ import annotations

from jinja2 import DictLoader, Environment

from app.web.render.board import render_board
from app.web.render.compact import Compact, squeeze


def test_a_newline_run_between_inline_elements_stays_one_space() -> None:
    assert squeeze("<span>a</span>\n      <span>b</span>") == "<span>a</span> <span>b</span>"
    assert squeeze("<strong>1</strong>\n   · 5 in hand") == "<strong>1</strong> · 5 in hand"
    assert squeeze("<b>x</b>    <i>y</i>") == "<b>x</b> <i>y</i>"


def test_a_run_between_blocks_is_one_space_too_and_a_no_break_space_stays() -> None:
    assert squeeze("<div class=\"a\">\n  <span>x</span>\n</div>\n<p>y</p>") == (
        '<div class="a"> <span>x</span> </div> <p>y</p>')
    assert squeeze("</section>\n\n  <section>") == "</section> <section>"
    assert squeeze("a\u00a0\u00a0b\n\u00a0c") == "a\u00a0\u00a0b \u00a0c"


def test_single_spaces_stay() -> None:
    assert squeeze("Arena <span>3</span> <div>") == "Arena <span>3</span> <div>"
    assert squeeze('">\n  x') == '"> x'
    assert squeeze("\n  ") == " "


def _env(templates: dict[str, str]) -> Environment:
    env = Environment(loader=DictLoader(templates), extensions=["jinja2.ext.i18n", Compact])
    env.policies["ext.i18n.trimmed"] = True  # as the app's: the trans text is one line
    return env


def test_only_board_templates_and_never_a_trans_text_a_pre_or_a_value() -> None:
    source = ("<div>\n  <span>{{ v }}</span>\n  {% trans %}Two\n   lines{% endtrans %}\n"
              "  <pre>a\n    b {{ v }}\n  c</pre>\n</div>")
    env = _env({"boards/x.html": source, "page.html": source})
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    value = "x\n   y"
    board = env.get_template("boards/x.html").render(v=value)
    assert board == ("<div> <span>x\n   y</span> Two lines <pre>a\n    b x\n   y\n  c</pre> </div>")
    assert env.get_template("page.html").render(v=value) == env.from_string(source).render(
        v=value)


def test_a_rendered_board_has_no_layout_whitespace_and_still_its_spaces() -> None:
    view = {"moves": [{"type": "play", "card": "D7"}], "phase": "play"}
    out = render_board("no-such-game", view, 0, ["Ann"])
    before_pre = out.split("<pre")[0]
    # (at most a space from each side of a tag: `{{ x }}` between two runs)
    assert "\n" not in before_pre and "   " not in before_pre
    assert ">play D7</button>" in out
    assert 'class="move" data-move=' in out  # no class noise either
