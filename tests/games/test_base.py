"""The small shared pieces of the contract: the seeded generator, ranks, options."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from app.games.base import (
    Event,
    InvalidOptions,
    Rng,
    options_schema,
    parse_options,
    rank_by,
    seed_state,
)


def test_rng_is_reproducible_and_serializes_as_one_int() -> None:
    a, b = Rng(seed_state(7)), Rng(seed_state(7))
    assert [a.below(100) for _ in range(50)] == [b.below(100) for _ in range(50)]
    c = Rng(a.state)
    assert [a.next64() for _ in range(5)] == [c.next64() for _ in range(5)]
    assert Rng(seed_state(8)).next64() != Rng(seed_state(7)).next64()


def test_rng_shuffle_is_a_permutation_and_depends_on_seed() -> None:
    orders = set()
    for seed in range(20):
        deck = list(range(10))
        Rng(seed_state(seed)).shuffle(deck)
        assert sorted(deck) == list(range(10))
        orders.add(tuple(deck))
    assert len(orders) > 15


def test_rng_below_is_roughly_uniform() -> None:
    rng = Rng(seed_state(1))
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(850 < c < 1150 for c in counts)


def test_rank_by_shares_ties() -> None:
    ranks, winners = rank_by([10, 30, 30, 5])
    assert ranks == (3, 1, 1, 4)
    assert winners == {1, 2}
    ranks, winners = rank_by([(3, 1), (3, 2), (1, 9)])
    assert ranks == (2, 1, 3) and winners == {1}


@dataclass
class Opts:
    target: int = field(default=150, metadata={"label": "Target score", "min": 50})
    rounds: int | None = None
    fancy: bool = False

    def __post_init__(self) -> None:
        if self.target < 50:
            raise ValueError("The target must be at least 50.")


def test_parse_options_validates() -> None:
    assert parse_options(Opts, None) == Opts()
    assert parse_options(Opts, {"target": 99, "rounds": None, "fancy": True}).fancy
    with pytest.raises(InvalidOptions, match=r"^Unknown option: colour\.$"):
        parse_options(Opts, {"colour": "red"})
    for odd in ("k" * 60_000, "<script>", "a\u202eb"):  # never said back
        with pytest.raises(InvalidOptions, match=r"^Unknown option\.$"):
            parse_options(Opts, {odd: 1})
    with pytest.raises(InvalidOptions, match="wrong type"):
        parse_options(Opts, {"target": "99"})
    with pytest.raises(InvalidOptions, match="wrong type"):
        parse_options(Opts, {"fancy": 1})
    with pytest.raises(InvalidOptions, match="at least 50"):
        parse_options(Opts, {"target": 10})


def test_options_schema_lists_fields_with_metadata() -> None:
    schema = options_schema(Opts)
    assert schema[0] == {
        "name": "target", "type": "int", "default": 150, "label": "Target score", "min": 50,
    }


def test_event_visibility_and_json() -> None:
    private = Event("draw", "{p1} draws the 7.", to=frozenset({1}))
    assert private.visible_to(1) and not private.visible_to(0) and not private.visible_to(None)
    assert Event.from_json(private.to_json()) == private
    assert Event("x", "public").visible_to(None)


def test_an_event_is_frozen_and_its_default_data_its_own() -> None:
    import dataclasses

    one, two = Event("x", "a"), Event("x", "a")
    assert one == two and one.data == {} and one.data is not two.data
    assert Event("x", "a", None, {"seat": 1}) == Event("x", "a", data={"seat": 1})
    assert Event("x", "a") != Event("x", "b")
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.text = "b"  # type: ignore[misc]
    assert dataclasses.replace(one, text="b") == Event("x", "b")
    assert repr(one) == "Event(kind='x', text='a', to=None, data={})"
