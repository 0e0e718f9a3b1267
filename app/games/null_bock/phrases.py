"""What Null Bock! says, in the viewer's language (app/i18n/games.py).

Each sentence is rebuilt from an event's `kind` and `data` with the catalogue's
`_`/`n_`: the English msgids are the engine's own words, so English through here equals
`flow.py`/`rounds.py` exactly (a test holds them to it). Placeholders are named and
filled after translating; `{p0}` names stay unfilled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.games.base import JSON, Event, who
from app.games.null_bock import lingo as L
from app.games.null_bock import refusals
from app.games.null_bock.cards import NULL_BOCK_POINTS, is_doe, is_null_bock, value
from app.games.null_bock.lingo import card_words
from app.games.null_bock.view_texts import localize
from app.games.phrasing import Gettext, Ngettext

__all__ = ["card_words", "event_text", "localize_view", "refusal_text"]

Data = Mapping[str, Any]


def event_text(event: Event, _: Gettext, n_: Ngettext) -> str:
    return say(event.kind, event.data, _, n_)


def say(kind: str, data: Data, _: Gettext, n_: Ngettext) -> str:
    """The sentence of an event of `kind` with `data`."""
    return _SAYINGS[kind](data, _, n_)


def localize_view(view: JSON, _: Gettext, n_: Ngettext) -> JSON:
    """A copy of `view` with its texts in the language (`view_texts.py`)."""
    return localize(view, event_text, _, n_)


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


Saying = Callable[[Data, Gettext, Ngettext], str]

_SAYINGS: dict[str, Saying] = {
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


def refusal_text(reason: str, _: Gettext, n_: Ngettext) -> str:
    """A refusal (`Rules.refusal`) in the language (`refusals.py`)."""
    return refusals.refusal_text(reason, _, n_)
