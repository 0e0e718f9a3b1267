"""The board, rendered through the production `render_board`: cards are the controls,
every legal move is clickable (every copy of a card), nothing else is, and no seat's
secret reaches anyone else's HTML."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from app.games.base import parse_options
from app.games.stier_zoekt_bier.state import CHOOSE, DRAFT, OVER, SERVE, State
from app.web.render.board import render_board
from tests import boards
from tests.games.stier_zoekt_bier.helpers import RULES, STOP, play, seat, table
from tests.games.stier_zoekt_bier.test_views import _mutate_hidden

NAMES = ["<b>Anton</b>", "Bas & co", "Charlotte", "Dirk", "Eva"]
CODE = re.compile(r"\b[LWDA][1-5]\b|\bB[LWDA]\b")


def board(state: State, viewer: int | None) -> str:
    return render_board("stier-zoekt-bier", RULES.view(state, viewer), viewer,
                        NAMES[:state.players])


def check_controls(state: State, viewer: int | None) -> list[boards.Control]:
    page = board(state, viewer)
    assert " style=" not in page and "<script" not in page, "no inline style or script (the CSP)"
    moves = list(RULES.legal_moves(state, viewer)) if viewer is not None else []
    assert boards.problems(page, moves) == []
    found = boards.controls(page)
    for c in found:
        assert not CODE.search(c.label), c.label
    assert "<b>Anton</b>" not in page
    if viewer != 0:
        assert "&lt;b&gt;Anton&lt;/b&gt;" in page
    return found


@pytest.mark.parametrize(("players", "options"), [(3, {}), (5, {"variant": "grand-cafe"})])
def test_whole_games_every_move_is_a_control_and_secrets_stay_home(
    players: int, options: dict[str, Any]
) -> None:
    rnd = random.Random(players)
    state = RULES.setup(players, parse_options(RULES.Options, options), players)
    step = 0
    while RULES.to_act(state):
        acting = sorted(RULES.to_act(state))
        for viewer in [*range(players), None] if step % 5 == 0 else [*acting, None]:
            check_controls(state, viewer)
        if step % 5 == 0:
            assert board(_mutate_hidden(state), None) == board(state, None)
            for viewer in range(players):
                other = (viewer + 1) % players
                assert board(_mutate_hidden(state, only=other), viewer) == board(state, viewer)
        s = rnd.choice(acting)
        state, _ = RULES.apply(state, s, rnd.choice(RULES.legal_moves(state, s)))
        step += 1
    page = board(state, 0)
    assert 'class="summary summary--final"' in page and "The game is over" in page
    assert "Result" not in page and "place 2" not in page


def test_the_start_every_copy_of_a_draft_card_is_a_control() -> None:
    state = table(phase=DRAFT, seats=[
        seat(hand="L1 L1 W3 W3 W3 A5"), seat(hand="D1 D2 D3 A1 A2 A3"),
        seat(hand="L5 L5 W5 W5 D5 A5"),
    ])
    found = check_controls(state, 0)
    keeps = Counter(c.label for c in found)
    assert keeps == {"Keep 1 lager": 2, "Keep 3 white": 3, "Keep 5 ale": 1}
    page = board(state, 0)
    assert "Your turn: keep 2 more beer cards for your stock" in page
    # seat 1 sees only its own hand; the table waits for everyone
    other = board(state, 1)
    assert 'data-card="W3"' not in other and "Keep 1 dark" in other
    assert "Waiting for" in other and "Your turn: keep 2 more beer cards" in other


def test_a_simultaneous_choice_says_who_is_still_choosing() -> None:
    state = table(phase=DRAFT, seats=[
        seat(hand="L1 L1 W3 W3 W3 A5"), seat(hand="D1 D2 D3 A1 A2 A3"),
        seat(hand="L5 L5 W5 W5 D5 A5"),
    ])
    state = play(state, (0, {"type": "pick", "card": "L1"}), (0, {"type": "pick", "card": "A5"}))
    page = board(state, 0)
    assert "Waiting for" in page and "Bas &amp; co" in page and "Charlotte" in page
    assert "to buy beer." in page and "kept so far: 1 lager and 5 ale" in page
    assert "kept so far" not in board(state, 1)
    assert "has chosen" in board(state, 1)  # seat 0's label for the others


def choosing() -> State:
    return table(boss=0, middle="BL BL", phase=CHOOSE, seats=[
        seat(draughted="L5 L5", pub=["BL:L4", "BA", "BL"]), seat(), seat(),
    ], ranking=[0])


def test_a_bull_with_several_places_is_a_pick_with_a_destination_at_each_bull() -> None:
    found = check_controls(choosing(), 0)
    picks = [c for c in found if c.kind == "pick"]
    assert [(c.pick, c.place) for c in picks] == [("take-BL-0", "middle-0"),
                                                  ("take-BL-1", "middle-1")]  # both copies
    dests = sorted((c for c in found if c.kind == "dest" and c.pick == "take-BL-0"),
                   key=lambda c: c.place or "")
    assert [d.label for d in dests] == [
        "Take Lenny Lager and put him together with your 1st bull, Lenny Lager: "
        "the pair scores double",
        "Take Lenny Lager and put him together with your 3rd bull, Lenny Lager: "
        "the pair scores double",
        "Take Lenny Lager on his own",
    ]
    # the destinations sit in the bulls they join, or in a new slot of your own
    assert [d.place for d in dests] == ["pub-0-0", "pub-0-2", "pub-0-new"]
    mine = board(choosing(), 0).split('<section class="mine')[1]
    assert all(f'data-place="{d.place}"' in mine for d in dests)


def test_draughted_beer_for_several_bulls_is_a_pick_served_at_the_bulls() -> None:
    state = table(phase=SERVE, seats=[
        seat(stock="A1", draughted="L5 L5 A3", pub=["BL", "BA", "BL"]),
        seat(stock="L1"), seat(stock="L1"),
    ], deck=" ".join(["W1"] * 30), bull_deck="BL BA BD BW BL BA")
    found = check_controls(state, 0)
    picks = [c.pick for c in found if c.kind == "pick"]
    assert picks == ["serve-L5-0-of-3", "serve-L5-1-of-3"]
    assert {c.place for c in found if c.kind == "dest"} == {"pub-0-0", "pub-0-2"}
    labels = [c.label for c in found if c.kind == "move"]
    assert labels == ["Serve 3 ale to your 2nd bull, Andy Ale",
                      "Pour away the rest of your draughted beer (5 lager, 5 lager and 3 ale)"]


def test_the_top_cellar_card_goes_to_a_bull_or_the_discard_pile() -> None:
    state = table(phase=SERVE, seats=[
        seat(stock="L2 A4", pub=["BA", "BA"]), seat(stock="L1"), seat(stock="L1"),
    ], deck=" ".join(["W1"] * 30), bull_deck="BL BA BD BW BL BA")
    found = check_controls(state, 0)
    dests = [(c.label, c.place) for c in found if c.kind == "dest" and c.pick == "cellar-A4-2"]
    assert sorted(dests) == [("Pour away 4 ale from your cellar", "pour"),
                             ("Serve 4 ale from your cellar to your 1st bull, Andy Ale", "pub-0-0"),
                             ("Serve 4 ale from your cellar to your 2nd bull, Andy Ale", "pub-0-1")]
    page = board(state, 0)
    # pouring away is done by your cellar, in reach, beside Stop serving
    cellar = page.index('data-place="stock-0"')
    assert cellar < page.index('data-place="pour"') < page.index(">Stop serving</button>")
    # once poured, every viewer sees the card face up as the last play
    state = play(state, (0, {"type": "pour", "card": "A4"}))
    for viewer in (1, None):
        assert "pours away 4 ale from the cellar" in board(state, viewer)
        assert 'data-card="A4"' in board(state, viewer)


def round_over(round_no: int, first: str, second: str) -> State:
    """Round `round_no` just ended, two seats with a Derek Dark each, the third with none."""
    state = table(phase=SERVE, round=round_no, seats=[
        seat(stock="L1", pub=[first]), seat(stock="L1", pub=[second]), seat(stock="L1"),
    ], deck=" ".join(["W1"] * 30), bull_deck="BL BA BD BW BL BA BL BA")
    return play(state, (0, STOP), (1, STOP), (2, STOP))


def test_leaders_level_after_a_round_share_the_lead_not_the_win() -> None:
    state = round_over(1, "BD:D5 D3", "BD:D4 D4")
    page = board(state, 2)
    assert "Round 1 is over" in page and "share the win" not in page
    assert "(8): they share the lead." in page
    german = render_board("stier-zoekt-bier", RULES.view(state, 2), 2, NAMES[:3], "de")
    assert "Sie teilen sich die Führung." in german and "Sieg" not in german


def test_the_draught_turns_up_cellar_cards_by_clicking_them() -> None:
    state = table(boss=0, seats=[seat(stock="L1 L2 A3 W4 W5 D1"), seat(stock="L1"),
                                 seat(stock="L1")])
    found = check_controls(state, 0)
    labels = [c.label for c in found]
    assert labels[0] == "Draught: turn up your top cellar card (5 white)"
    assert labels[4] == ("Draught: turn up your top 5 cellar cards (5 white, 4 white, 3 ale, "
                         "2 lager and 1 lager)")
    assert labels[5] == "Draught only your overflow (1 dark)"
    page = board(state, 1)
    assert "Waiting for" in page and "to draught" in page
    assert ">draughting<" in page and ">draughts later<" in page


def test_a_round_end_and_the_end_show_the_summary_only() -> None:
    state = round_over(3, "BD:D5 D2", "BD:D4 D4")
    page = board(state, 2)
    assert "Round 3 is over" in page
    assert ("Bas &amp; co and &lt;b&gt;Anton&lt;/b&gt; have 3 points each; Bas &amp; co "
            "places ahead: as many beer cards served (2), more glasses (8 to 7).") in page
    over = table(phase=OVER, seats=[seat(pub=["BD:D5 D2"]), seat(pub=["BD:D1 D1 D1 D4"]),
                                    seat()])
    page = board(over, None)
    assert page.count('<section class="summary') == 1 and "The game is over" in page
    assert 'class="final-scores"' not in page
    assert "Derek Dark: 7 glasses, 3 points" in page
    assert "Bas &amp; co places ahead: more beer cards served (4 to 2)." in page
    assert "<h3>Result</h3>" not in page
