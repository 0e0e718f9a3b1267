"""`scramble`: the same game as one seat sees it, with everything it may not see dealt
anew. The conformance sweep checks that the seat's view does not change, so no view can
depend on a hidden card (docs/contracts.md, section 7)."""

from __future__ import annotations

from random import Random

from app.games.stier_zoekt_bier import cards as C
from app.games.stier_zoekt_bier.state import State


def scramble(state: State, seat: int | None, rng: Random) -> State:
    """Other seats' draft hands, secret picks and cellars, the beer deck and the discard
    pile (face down) are re-dealt among themselves, keeping every count; the bulls still to
    come and those left out unseen at the start are reshuffled."""
    new = state.clone()
    others = [me for s, me in enumerate(new.seats) if s != seat]
    places: list[list[str]] = [new.beer_deck, new.discard]
    for me in others:
        places += [me.hand, me.picks]
    cellars = [me.stock[: C.CELLAR_SIZE] for me in others]
    pool = [card for place in places + cellars for card in place]
    rng.shuffle(pool)
    for place in places:
        place[:] = [pool.pop() for _ in place]
    for me, cellar in zip(others, cellars, strict=True):
        me.stock[: len(cellar)] = [pool.pop() for _ in cellar]
        # a secret last play named the cards picked, which are now others
        me.last, me.last_at = None, -1
    unseen = len(C.bull_deck()) - C.ROUNDS * new.bulls_per_round
    bulls = new.bull_deck + new.bulls_out[:unseen]
    rng.shuffle(bulls)
    new.bull_deck, new.bulls_out = bulls[: len(new.bull_deck)], (
        bulls[len(new.bull_deck) :] + new.bulls_out[unseen:])
    return new
