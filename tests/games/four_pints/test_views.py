"""Views: the order of the decks is never visible; everything else is public."""

from __future__ import annotations

import json
import random

from app.games.four_pints.state import FourPintsState
from tests.games.four_pints.table import RULES, act, reveal, state_from


def all_views(s: FourPintsState, players: int) -> list[str]:
    views = [RULES.view(s, seat) for seat in [*range(players), None]]
    for v in views:
        v.pop("moves")
        v.pop("mine")
    return [json.dumps(v, sort_keys=True) for v in views]


def test_deck_order_is_never_visible() -> None:
    a = state_from(buying=["£5", "Smoke", "Drunk"], beer=["IPA", "Lager", "Stout"])
    b = state_from(buying=["Drunk", "£5", "Smoke"], beer=["Stout", "IPA", "Lager"])
    for seat in [0, 1, 2, None]:
        assert RULES.view(a, seat) == RULES.view(b, seat)
    assert RULES.view(a, 0)["buying_deck"] == 3 and RULES.view(a, 0)["beer_deck"] == 3


def test_deck_order_stays_hidden_through_a_random_game() -> None:
    rnd = random.Random(5)
    s = RULES.setup(4, RULES.Options(), 5)
    while RULES.to_act(s):
        other = RULES.decode(RULES.encode(s))
        rnd.shuffle(other.buying_deck)
        rnd.shuffle(other.beer_deck)
        for seat in [*range(4), None]:
            assert RULES.view(s, seat) == RULES.view(other, seat)
        s, events = RULES.apply(s, s.active, rnd.choice(list(RULES.legal_moves(s, s.active))))
        assert all(e.to is None for e in events)  # the log is public too


def test_everything_on_the_table_is_public() -> None:
    s = state_from(
        buying=["Wallet", "£5", "Happy Hour", "Drunk"],
        pints={0: ["Stout"], 1: ["IPA", "Lager"]},
        spilled={2: 1},
        saved={2: ["£3", "Credit card"]},
    )
    s = reveal(s, 4)
    s.beer_discard = ["Bitter"]
    s.buying_discard = ["Smoke"]
    views = all_views(s, 3)
    assert views[0] == views[1] == views[2] == views[3]  # seats and spectator alike
    v = RULES.view(s, None)
    assert v["moves"] == [] and v["phase"] == "turn" and v["to_act"] == [0]
    assert v["areas"][2] == {"pints": [], "spilled": 1, "saved": ["£3", "Credit card"]}
    assert v["areas"][1]["pints"] == ["IPA", "Lager"] and v["scores"] == [4, 6, -1]
    assert v["purse"] == ["£5"] and v["money"] == 5
    assert v["revealed"] == ["Wallet", "Happy Hour", "Drunk"] and v["drunk"] == 1
    assert v["wallet"] and v["happy_hour"] and not v["on_me"]
    assert v["counter"] == ["Lager", "Bitter", "Red Ale", "Stout"]
    assert v["beer_discard"] == ["Bitter"] and v["buying_discard"] == ["Smoke"]
    assert v["outcome"] is None and v["players"] == 3
    assert v["mine"] is None and RULES.view(s, 1)["mine"] == {}  # no per-seat secret


def test_the_active_seat_sees_its_moves_and_nobody_else_does() -> None:
    s = state_from(purse=["£3"])
    assert RULES.view(s, 0)["moves"] == list(RULES.legal_moves(s, 0))
    assert RULES.view(s, 1)["moves"] == [] and RULES.view(s, None)["moves"] == []


def test_a_pending_choice_and_the_outcome_show_in_the_view() -> None:
    s = reveal(state_from(buying=["Slip"], pints={0: ["IPA", "Lager"]}))
    assert RULES.view(s, 2)["phase"] == "slip"
    s = act(state_from(purse=["£3"], pints={0: ["IPA", "IPA", "Lager"]}),
            {"type": "buy", "pints": ["Lager"], "pay": "money"})
    v = RULES.view(s, 1)
    assert v["phase"] == "over" and v["winner"] == 0 and v["to_act"] == []
    assert v["outcome"]["winners"] == [0]
