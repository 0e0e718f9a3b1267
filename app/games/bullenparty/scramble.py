"""A state that differs only in what one viewer may not see (for the leak check).

Hidden from a viewer: the other hands (the counts are public), the draw pile and the
cards removed for the player count, the zero letters not yet played, the others'
pending bids and their final lay-outs in progress.
"""

from __future__ import annotations

from random import Random

from app.games.bullenparty.moves import placements, zero_allowed
from app.games.bullenparty.state import FINAL, State


def scramble(state: State, viewer: int | None, rng: Random) -> State:
    new = state.copy()
    others = [s for s in range(new.players) if s != viewer]
    redeal_numbers(new, others, rng)
    redeal_zeros(new, others, rng)
    for s in others:
        player = new.seats[s]
        if player.pending is not None:
            choices: list[int | str] = list(player.hand)
            if zero_allowed(new):
                choices.append(player.zero)
            player.pending = rng.choice(choices)
        if new.phase == FINAL and player.draft_hand is not None:
            redraft(new, s, rng)
    return new


def redeal_numbers(state: State, others: list[int], rng: Random) -> None:
    """Shuffle the unseen number cards among the places that hide them, keeping counts."""
    places = [state.seats[s].hand for s in others] + [state.draw, state.removed]
    pool = [c for place in places for c in place]
    rng.shuffle(pool)
    for place in places:
        size = len(place)
        place[:], pool = pool[:size], pool[size:]
    for s in others:
        state.seats[s].hand.sort()


def redeal_zeros(state: State, others: list[int], rng: Random) -> None:
    unknown = [s for s in others if not state.seats[s].zero_known]
    letters = [state.seats[s].zero for s in unknown] + state.zeros_out
    rng.shuffle(letters)
    for s, letter in zip(unknown, letters, strict=False):
        state.seats[s].zero = letter
    state.zeros_out = sorted(letters[len(unknown) :])


def redraft(state: State, seat: int, rng: Random) -> None:
    """Another final lay-out in progress: as many cards still to lay as keep the seat's
    'still choosing' the same (done stays done)."""
    player = state.seats[seat]
    assert player.draft_hand is not None
    done = not player.draft_hand
    hand, piles = list(player.hand), [list(p) for p in player.piles]
    laid = len(hand) if done else rng.randrange(len(hand))
    for _ in range(laid):
        move = rng.choice(placements(hand, piles))
        hand.remove(move["card"])
        if move["type"] == "new_pile":
            piles.append([move["card"]])
        else:
            piles[move["pile"]].append(move["card"])
    player.draft_hand, player.draft_piles = hand, piles
