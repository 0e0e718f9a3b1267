"""`listed_move`: the one legality check returns the listed move, types included."""

from app.games.base import listed_move, same_json

MOVES = [{"type": "draught", "cards": 4}, {"type": "play", "cards": ["D4", "L2"]}]


def test_the_listed_move_is_returned() -> None:
    move = {"type": "draught", "cards": 4}
    assert listed_move(MOVES, move) is MOVES[0]


def test_look_alikes_of_other_types_are_not_listed() -> None:
    assert listed_move(MOVES, {"type": "draught", "cards": 4.0}) is None
    assert listed_move(MOVES, {"type": "draught", "cards": True}) is None
    assert listed_move(MOVES, {"type": "draught", "cards": "4"}) is None
    assert listed_move(MOVES, "draught") is None


def test_lists_and_tuples_compare_by_their_items() -> None:
    assert listed_move(MOVES, {"type": "play", "cards": ["D4", "L2"]}) is MOVES[1]
    assert same_json(("D4",), ["D4"])
    assert not same_json({"a": 1}, {"a": 1, "b": 2})
