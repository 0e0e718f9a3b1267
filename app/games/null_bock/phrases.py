"""What Null Bock! says, in every language, English included (docs/contracts.md §2).

The engine says what happened (an event's kind and data, a refusal's kind) and makes its
events and refusals through `PHRASES`, which says each here from its kind and data with
the catalogue's `_`/`n_`: the English msgids ARE the engine's English. Placeholders are
named and filled after translating; `{p0}` names stay unfilled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.games.base import JSON, who
from app.games.null_bock import lingo as L
from app.games.null_bock.cards import NULL_BOCK_POINTS, is_doe, is_null_bock, value
from app.games.null_bock.lingo import card_words
from app.games.null_bock.view_texts import said_summary
from app.games.phrasing import Gettext, Ngettext, Phrases, Sayer, say_last

__all__ = ["PHRASES", "card_words", "event_text", "localize_view", "refusal_text"]

Data = Mapping[str, Any]


def _edge_secret(d: Data, _: Gettext, n_: Ngettext) -> str:
    return _("{player} puts {card} on their Edge, face down until everyone has chosen."
             ).format(player=who(d["seat"]), card=L.a(d["card"], _))


def _reveal(d: Data, _: Gettext, n_: Ngettext) -> str:
    shown = ", ".join(L.shown(who(s), card, _) for s, card in enumerate(d["edges"]) if card)
    return _("The Edge cards are turned up: {shown}.").format(shown=shown)


def _edge(d: Data, _: Gettext, n_: Ngettext) -> str:
    own, wins = d["owner"] == d["seat"], is_doe(d["old"])
    if own and wins:
        text = _("{player} plays {card} on their own Edge and wins {old}.")
    elif own:
        text = _("{player} plays {card} on their own Edge and takes {old} into their hand.")
    elif wins:
        text = _("{player} plays {card} on {owner}'s Edge and wins {old}.")
    else:
        text = _("{player} plays {card} on {owner}'s Edge and takes {old} into their hand.")
    return text.format(player=who(d["seat"]), card=L.a(d["card"], _), owner=who(d["owner"]),
                       old=L.the(d["old"], _))


def _clean(d: Data, _: Gettext, n_: Ngettext) -> str:
    won = d["cards"]
    worth = []
    if any(is_doe(c) for c in won):
        does = sum(value(c) for c in won if is_doe(c))
        worth.append(n_("does worth {n} point", "does worth {n} points", does).format(n=does))
    bocks = sum(1 for c in won if is_null_bock(c))
    if bocks:
        worth.append(n_("{k} Null Bock worth {m} more", "{k} Null Bocks worth {m} more",
                        bocks).format(k=bocks, m=NULL_BOCK_POINTS * bocks))
    what = f": {L.listing(worth, _)}" if worth else ""
    n = len(won)
    if d["great"]:
        text = n_("{player} is the Great Stag and wins the Arena, {n} card{worth}.",
                  "{player} is the Great Stag and wins the Arena, {n} cards{worth}.", n)
    else:
        text = n_("{player} played the last stag, {top}, and wins the Arena, {n} card{worth}.",
                  "{player} played the last stag, {top}, and wins the Arena, {n} cards{worth}.",
                  n)
    return text.format(player=who(d["seat"]), top=L.the(won[-1], _), n=n, worth=what)


def _round_end(d: Data, _: Gettext, n_: Ngettext) -> str:
    points = ", ".join(_("{player} {points}").format(player=who(s), points=L.points(p, n_))
                       for s, p in enumerate(d["points"]))
    text = {
        1: _("Round {round} is over: nobody can play a doe into the empty Arena. "
             "Points this round: {points}."),
        2: _("Round {round} is over: the player to act has no cards left. "
             "Points this round: {points}."),
        3: _("Round {round} is over: every player passed in a row. "
             "Points this round: {points}."),
    }[d["end"]]
    return text.format(round=d["round"], points=points)


def _game_end(d: Data, _: Gettext, n_: Ngettext) -> str:
    winners = [who(s) for s in d["winners"]]
    names = winners[0]
    for name in winners[1:]:  # "a and b and c", as the engine joins them
        names = _("{items} and {last}").format(items=names, last=name)
    n = d["points"]  # the count goes with its preposition: German "mit 9 Punkten"
    if len(winners) == 1:
        text = n_("The game is over: {names} wins with {n} point.",
                  "The game is over: {names} wins with {n} points.", abs(n))
    else:
        text = n_("The game is over: {names} share the win with {n} point each.",
                  "The game is over: {names} share the win with {n} points each.", abs(n))
    return text.format(names=names, n=n)


def _player(d: Data, key: str = "seat") -> str:
    return who(d[key])


_EVENTS: dict[str, Sayer] = {
    "edge_chosen": lambda d, _, n_: _("{player} has chosen an Edge card.").format(
        player=_player(d)),
    "chose_edge": lambda d, _, n_: _("{player} chose an Edge card.").format(player=_player(d)),
    "edge_secret": _edge_secret,
    "reveal": _reveal,
    "arena": lambda d, _, n_: _("{player} plays {card} into the Arena.").format(
        player=_player(d), card=L.a(d["card"], _)),
    "edge": _edge,
    "empty": lambda d, _, n_: _("{player} has no cards left.").format(player=_player(d)),
    "clean": _clean,
    "duty": lambda d, _, n_: _("{player} has no doe for the empty Arena; the duty passes to "
                               "{holder}.").format(player=_player(d),
                                                   holder=_player(d, "holder")),
    "pass": lambda d, _, n_: _("{player} cannot play and passes.").format(player=_player(d)),
    "discard": lambda d, _, n_: _("No stag is in the Arena: its cards are discarded."),
    "round": lambda d, _, n_: _("Round {round}.").format(round=d["round"]),
    "deal": lambda d, _, n_: _("The cards are dealt; {player} will begin. Everyone chooses a "
                               "card for their Edge.").format(player=_player(d, "first")),
    "round_end": _round_end,
    "game_end": _game_end,
}

# Why a move is refused (moves.py): the placement table's refusals, then the turn's.
_REFUSALS: dict[str, Sayer] = {
    "doe_on_stag": lambda d, _, n_: _("A doe can never be placed on a stag in the Arena."),
    "pretentious_on_pretentious": lambda d, _, n_: _(
        "A pretentious doe can never be placed on another pretentious doe."),
    "doe_not_higher": lambda d, _, n_: _(
        "A doe must be higher than the doe on top of the Arena."),
    "stag_not_higher": lambda d, _, n_: _(
        "A stag must be higher than the stag on top of the Arena."),
    "empty_arena": lambda d, _, n_: _("You must play a doe into the empty Arena."),
    "empty_edge": lambda d, _, n_: _("That Edge holds no card yet."),
    "big_doe": lambda d, _, n_: _("The 11, 13 and 15 does may only be played into the Arena."),
    "doe_on_doe": lambda d, _, n_: _("A doe cannot be played on a doe on an Edge."),
    "stag_too_low": lambda d, _, n_: _(
        "A stag on an Edge must be at least as high as the doe there."),
    "stag_on_stag": lambda d, _, n_: _("A stag cannot be played on a stag on an Edge."),
    "over": lambda d, _, n_: _("The game is over."),
    "no_seat": lambda d, _, n_: _("You have no seat at this table."),
    "chosen": lambda d, _, n_: _(
        "You have already chosen your Edge card; waiting for the others."),
    "not_your_turn": lambda d, _, n_: _("It is not your turn."),
    "not_a_move": lambda d, _, n_: _("That is not a Null Bock! move."),
    "choose_edge": lambda d, _, n_: _("First choose a card from your hand for your Edge."),
    "edges_chosen": lambda d, _, n_: _("The Edge cards are already chosen; play a card."),
    "not_held": lambda d, _, n_: _("You do not hold that card."),
    "bad_edge_choice": lambda d, _, n_: _("That is not a valid Edge choice."),
    "not_valid": lambda d, _, n_: _("That is not a valid move."),
    "where": lambda d, _, n_: _("Play into the Arena or on an Edge."),
    "no_edge": lambda d, _, n_: _("There is no such Edge."),
}


def _view(view: JSON, _: Gettext, n_: Ngettext) -> JSON:
    """A copy of `view` with `last` and the summary said in the language."""
    out = dict(view)
    out["last"] = say_last(view.get("last"), PHRASES, _, n_)
    if view.get("summary"):
        out["summary"] = said_summary(view["summary"], _, n_)
    return out


PHRASES = Phrases(events=_EVENTS, refusals=_REFUSALS, view=_view, card=card_words)
event_text = PHRASES.event_text
localize_view = PHRASES.localize_view
refusal_text = PHRASES.refusal_text
