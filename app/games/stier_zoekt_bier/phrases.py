"""What Stier zoekt Bier says, in every language, English included (docs/contracts.md §2).

The engine says what happened (an event's kind and data, a refusal's kind and data) and
makes its events and refusals through `PHRASES`, which says each here with the
catalogue's `_`/`n_`: the English msgids ARE the engine's English. A view's words are
said in view_texts.py. Placeholders are named and filled after translating; `{p0}`
names stay unfilled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.games.base import JSON, who
from app.games.phrasing import Gettext, Ngettext, Phrases, Sayer
from app.games.stier_zoekt_bier import cards as C
from app.games.stier_zoekt_bier import lingo as L
from app.games.stier_zoekt_bier.lingo import card_words
from app.games.stier_zoekt_bier.view_texts import localize, said_summary

__all__ = ["PHRASES", "card_words", "event_text", "localize_view", "refusal_text"]


# --- events


def _round(d: Mapping[str, Any], _: Gettext, n_: Ngettext) -> str:
    if "bulls" not in d:
        return _("The bonus round: serve your bulls from your cellar.")
    bulls = d["bulls"]
    return n_("Round {round}: {bulls} comes into town.",
              "Round {round}: {bulls} come into town.",
              len(bulls)).format(round=d["round"], bulls=L.cards(bulls, _, n_))


def _deal(d: Mapping[str, Any], _: Gettext, n_: Ngettext) -> str:
    k = d["cards"]
    return n_("Each player is dealt {n} beer card.", "Each player is dealt {n} beer cards.",
              k).format(n=k)


def _hand(d: Mapping[str, Any], _: Gettext, n_: Ngettext) -> str:
    cards = L.cards(d["cards"], _, n_)
    if d["step"] == 1:
        return _("You are dealt {cards}.").format(cards=cards)
    return _("You receive {cards}.").format(cards=cards)


def _pick(d: Mapping[str, Any], _: Gettext, n_: Ngettext) -> str:
    if not d["cards"]:
        return _("You keep nothing.")
    return _("You keep {cards}.").format(cards=L.cards(d["cards"], _, n_))


def _stock(d: Mapping[str, Any], _: Gettext, n_: Ngettext) -> str:
    if not d["overflow"]:
        return _("Everyone stocks the beer they kept.")
    shown = "; ".join(_("{player}: {cards}").format(player=who(s), cards=L.cards(c, _, n_))
                      for s, c in d["overflow"])
    return _("Everyone stocks the beer they kept. Face up on top of the cellar: "
             "{shown}.").format(shown=shown)


def _discard(d: Mapping[str, Any], _: Gettext, n_: Ngettext) -> str:
    n = d["cards"]
    return n_("{n} leftover card goes to the discard pile, face down.",
              "{n} leftover cards go to the discard pile, face down.", n).format(n=n)


def _draught(d: Mapping[str, Any], _: Gettext, n_: Ngettext) -> str:
    if "boss" in d:
        return _("{player}, the beer boss, draughts first.").format(player=who(d["boss"]))
    player = who(d["seat"])
    if not d["cards"]:
        return _("{player} passes.").format(player=player)
    cards = L.cards(d["cards"], _, n_)
    bid = _("a bid of {amount}").format(amount=L.amount(d["bid"], d["beer"], _))
    if d["cellar"]:
        return _("{player} draughts {cards} ({k} from the cellar): {bid}.").format(
            player=player, cards=cards, k=d["cellar"], bid=bid)
    return _("{player} draughts {cards}: {bid}.").format(player=player, cards=cards, bid=bid)


def _pour(d: Mapping[str, Any], _: Gettext, n_: Ngettext) -> str:
    player = who(d["seat"])
    if d["from"] == "cellar":
        return _("{player} pours away {card} from the cellar.").format(
            player=player, card=L.card_words(d["card"], _, n_))
    cards = L.cards(d["cards"], _, n_)
    if d["from"] == "overflow":
        return _("{player} pours away {cards} from the overflow.").format(
            player=player, cards=cards)
    return _("{player} pours away {cards}.").format(player=player, cards=cards)


def _ranking(d: Mapping[str, Any], _: Gettext, n_: Ngettext) -> str:
    order = L.listing([who(s) for s in d["order"]], _)
    return _("Bulls are chosen in this order: {order}.").format(order=order)


def _take(d: Mapping[str, Any], _: Gettext, n_: Ngettext) -> str:
    player, bull = who(d["seat"]), L.bull(d["bull"], _)
    if "join" not in d:
        return _("{player} takes {bull}.").format(player=player, bull=bull)
    return _("{player} takes {bull} and puts him together with their {ordinal} bull, "
             "{bull}: the pair scores double.").format(
        player=player, bull=bull, ordinal=L.ordinal(d["join"] + 1, _))


def _serve(d: Mapping[str, Any], _: Gettext, n_: Ngettext) -> str:
    n = d["glasses"]
    if d["cellar"] and d["full"]:
        text = n_("{player} serves {card} from the cellar to {bull} (now {n} glass, full).",
                  "{player} serves {card} from the cellar to {bull} (now {n} glasses, full).",
                  n)
    elif d["cellar"]:
        text = n_("{player} serves {card} from the cellar to {bull} (now {n} glass).",
                  "{player} serves {card} from the cellar to {bull} (now {n} glasses).", n)
    elif d["full"]:
        text = n_("{player} serves {card} to {bull} (now {n} glass, full).",
                  "{player} serves {card} to {bull} (now {n} glasses, full).", n)
    else:
        text = n_("{player} serves {card} to {bull} (now {n} glass).",
                  "{player} serves {card} to {bull} (now {n} glasses).", n)
    return text.format(player=who(d["seat"]), card=L.card_words(d["card"], _, n_),
                       bull=L.bull(d["name"], _), n=n)


def _over(d: Mapping[str, Any], _: Gettext, n_: Ngettext) -> str:
    scores = ", ".join(_("{player} {points}").format(player=who(s), points=L.points(p, n_))
                       for s, p in enumerate(d["scores"]))
    return _("The game is over. {scores}.").format(scores=scores)


def _player(d: Mapping[str, Any], key: str = "seat") -> str:
    return who(d[key])


_EVENTS: dict[str, Sayer] = {
    "round": _round,
    "reshuffle": lambda d, _, n_: _("The discard pile is shuffled into a new beer deck."),
    "draft": lambda d, _, n_: _("There is no beer left to buy this round."),
    "deal": _deal,
    "hand": _hand,
    "pick": _pick,
    "picked": lambda d, _, n_: _("{player} has chosen.").format(player=_player(d)),
    "stock": _stock,
    "discard": _discard,
    "draught": _draught,
    "pour": _pour,
    "ranking": _ranking,
    "take": _take,
    "bulls_out": lambda d, _, n_: _("Nobody takes {bulls}: out of the game.").format(
        bulls=L.cards(d["bulls"], _, n_)),
    "stop": lambda d, _, n_: _("{player} is done serving.").format(player=_player(d)),
    "serve": _serve,
    "over": _over,
    "boss": lambda d, _, n_: _("{player} is the beer boss.").format(player=_player(d)),
}


# --- refusals (moves.py)


def _drinks_only(d: Mapping[str, Any], _: Gettext, n_: Ngettext) -> str:
    text = {
        C.LAGER: _("{bull} drinks only lager."),
        C.WHITE: _("{bull} drinks only white."),
        C.DARK: _("{bull} drinks only dark."),
        C.ALE: _("{bull} drinks only ale."),
    }[d["beer"]]
    return text.format(bull=L.bull(d["bull"], _))


_REFUSALS: dict[str, Sayer] = {
    "over": lambda d, _, n_: _("The game is over."),
    "no_seat": lambda d, _, n_: _("There is no such seat at this table."),
    "not_a_move": lambda d, _, n_: _("That is not a move."),
    "not_in_hand": lambda d, _, n_: _("That card is not in your draft hand."),
    "keep_two": lambda d, _, n_: _("In the basic game you keep exactly two cards."),
    "not_in_middle": lambda d, _, n_: _("That bull is not in the middle."),
    "pair_only": lambda d, _, n_: _("Two bulls can only join a single bull of their own type."),
    "pick_now": lambda d, _, n_: _("Now you pick beer cards for your stock."),
    "draught_now": lambda d, _, n_: _(
        "Now you draught beer: choose how many cellar cards to turn up."),
    "choose_now": lambda d, _, n_: _("Now you choose a bull from the middle."),
    "serve_now": lambda d, _, n_: _("Now you serve beer to your bulls."),
    "chosen": lambda d, _, n_: _("You have chosen; wait for the other players."),
    "not_your_draught": lambda d, _, n_: _("It is not your turn to draught."),
    "not_your_choice": lambda d, _, n_: _("It is not your turn to choose a bull."),
    "served": lambda d, _, n_: _("You have finished serving this round."),
    "one_type": lambda d, _, n_: _("In the Grand Café you draught one beer type only."),
    "number_only": lambda d, _, n_: _("Name only the number of cellar cards to turn up."),
    "cellar_count": lambda d, _, n_: _(
        "You can turn up 0 to {n} cards from your cellar.").format(n=d["n"]),
    "draughted_first": lambda d, _, n_: _("First serve or pour away your draughted beer."),
    "not_draughted": lambda d, _, n_: _("That card is not among your draughted beer."),
    "serve_top": lambda d, _, n_: _("You can only serve the top card of your cellar."),
    "pour_top": lambda d, _, n_: _("You can only pour away the top card of your cellar."),
    "no_bull": lambda d, _, n_: _("You have no such bull."),
    "drinks_only": _drinks_only,
    "full": lambda d, _, n_: _("{bull} is full and takes no more beer.").format(
        bull=L.bull(d["bull"], _)),
    "had_one": lambda d, _, n_: _("{bull} has already had a card this round.").format(
        bull=L.bull(d["bull"], _)),
    "cannot_serve": lambda d, _, n_: _("You cannot serve that now."),
}

def _view(view: JSON, _: Gettext, n_: Ngettext) -> JSON:
    return localize(view, PHRASES, _, n_)


PHRASES = Phrases(events=_EVENTS, refusals=_REFUSALS, view=_view, summary=said_summary,
                  card=card_words)
event_text = PHRASES.event_text
localize_view = PHRASES.localize_view
refusal_text = PHRASES.refusal_text
