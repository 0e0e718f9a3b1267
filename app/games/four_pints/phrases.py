"""What Four pints, please says, in every language, English included (docs/contracts.md
§2).

The engine says what happened (an event's or a refusal's kind and data, the last play's)
and makes its events, plays and refusals through `PHRASES`, which says each here from
its kind and data through the game's catalogue: the English msgids ARE the engine's
English. Sentences are whole msgids with named placeholders, formatted after
translating; players stay `{p0}`. Card names and lists come from names.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import groupby
from typing import Any

from app.games.base import JSON, who
from app.games.four_pints.cards import POINTS, SPILLED, SPILLED_POINTS, WIN_POINTS, by_value
from app.games.four_pints.names import (
    N_,
    an,
    card_words,
    listed,
    names,
    pints,
    points,
)
from app.games.phrasing import Gettext, Ngettext, Phrases, Sayer, say_last

__all__ = ["PHRASES", "card_words", "event_text", "localize_view", "refusal_text"]

Data = Mapping[str, Any]


# --- the log ------------------------------------------------------------------------


def _reshuffle(d: Data, _: Gettext, n_: Ngettext) -> str:
    if d["deck"] == "beer":
        return _("The beer discard pile is shuffled into a new beer deck.")
    return _("The buying discard pile is shuffled into a new buying deck.")


def _barrel(d: Data, _: Gettext, n_: Ngettext) -> str:
    cards = d["cards"]
    if not cards:
        return _("The Barrel! The counter is cleared.")
    return n_(
        "The Barrel! The counter is cleared: {cards} goes to the discard pile.",
        "The Barrel! The counter is cleared: {cards} go to the discard pile.",
        len(cards),
    ).format(cards=listed(cards, _, n_))


def _win(d: Data, _: Gettext, n_: Ngettext) -> str:
    return n_("{player} reaches {n} point and wins!", "{player} reaches {n} points and wins!",
              d["points"]).format(player=who(d["seat"]), n=d["points"])


def _elbow(d: Data, _: Gettext, n_: Ngettext) -> str:
    if "pint" not in d:
        return _("Nobody else has a pint to elbow.")
    return _("{player} elbows {pint} of {other} off the table.").format(
        player=who(d["seat"]), pint=an(d["pint"], _, n_), other=who(d["target"]))


def _turn(d: Data, _: Gettext, n_: Ngettext) -> str:
    if d["cards"]:
        return _("{player} starts a turn with {cards} from the Wallet.").format(
            player=who(d["seat"]), cards=listed(d["cards"], _, n_))
    return _("It is {player}'s turn.").format(player=who(d["seat"]))


def _lost(d: Data, _: Gettext, n_: Ngettext) -> str:
    why = {
        "empty": N_("{player} loses the turn: no buying cards are left."),
        "drunk": N_("{player} loses the turn: that is the third Drunk."),
        "smoke": N_("{player} loses the turn: off for a Smoke."),
        "slip": N_("{player} loses the turn: a Slip, with no pint to lose."),
    }[d["why"]]
    return _(why).format(player=who(d["seat"]))


def _reveal(d: Data, _: Gettext, n_: Ngettext) -> str:
    card = d["card"]
    face = _("a -1 Spilled pint") if card == SPILLED else an(card, _, n_)
    return _("{player} reveals {card}.").format(player=who(d["seat"]), card=face)


def _mop(d: Data, _: Gettext, n_: Ngettext) -> str:
    if not d["count"]:
        return _("{player} has no Spilled pint to mop up.").format(player=who(d["seat"]))
    return n_("{player} mops up {n} Spilled pint.", "{player} mops up {n} Spilled pints.",
              d["count"]).format(player=who(d["seat"]), n=d["count"])


def _snack(d: Data, _: Gettext, n_: Ngettext) -> str:
    peanuts = d["snack"] == "Peanuts"
    if not d["cards"]:
        text = (_("The Peanuts find no money on {player}.") if peanuts
                else _("The Pistachios find no money on {player}."))
        return text.format(player=who(d["seat"]))
    text = _("The Peanuts cost {player} {cards}.") if peanuts else _(
        "The Pistachios cost {player} {cards}.")
    return text.format(player=who(d["seat"]), cards=listed(d["cards"], _, n_))


def _buy(d: Data, _: Gettext, n_: Ngettext) -> str:
    bought = listed(d["pints"], _, n_)
    if d["pay"] == "credit":
        return _("{player} buys {pints} with the Credit card.").format(
            player=who(d["seat"]), pints=bought)
    return _("{player} buys {pints} with {money}.").format(
        player=who(d["seat"]), pints=bought, money=listed(d["paid"], _, n_, article=False))


def _on_me(d: Data, _: Gettext, n_: Ngettext) -> str:
    return _("With two players the {pint} that was on {player} is discarded.").format(
        pint=card_words(d["pint"], _, n_), player=who(d["seat"]))


def _give(d: Data, _: Gettext, n_: Ngettext) -> str:
    return _("{player} gives {pint} to {other}: on me!").format(
        player=who(d["seat"]), pint=an(d["pint"], _, n_), other=who(d["target"]))


SAY: dict[str, Sayer] = {
    "reshuffle": _reshuffle,
    "end": lambda d, _, n_: _("The beer has run out: the game ends."),
    "barrel": _barrel,
    "counter": lambda d, _, n_: _("The counter now holds {cards}.").format(
        cards=listed(d["cards"], _, n_)),
    "win": _win,
    "elbow": _elbow,
    "slip": lambda d, _, n_: _("{player} slips and loses {pint}.").format(
        player=who(d["seat"]), pint=an(d["pint"], _, n_)),
    "round": lambda d, _, n_: _("Round {n}.").format(n=d["round"]),
    "turn": _turn,
    "lost": _lost,
    "wallet": lambda d, _, n_: _("{player} keeps {cards} in the Wallet.").format(
        player=who(d["seat"]), cards=listed(d["cards"], _, n_)),
    "st-patricks": lambda d, _, n_: _("St Patrick's: {player} takes another turn.").format(
        player=who(d["seat"])),
    "reveal": _reveal,
    "mop": _mop,
    "snack": _snack,
    "buy": _buy,
    "on-me": _on_me,
    "give": _give,
}


# --- the view -----------------------------------------------------------------------


def _reveal_play(d: Data, _: Gettext, n_: Ngettext) -> str:
    card = d["card"]
    if not card:
        face = _("no card")
    elif card == SPILLED:
        face = _("a -1 Spilled pint")
    else:
        face = an(card, _, n_)
    return _("{player} reveals {card}.").format(player=who(d["seat"]), card=face)


# The board's last play (`flow.note`), said shorter than the log says the move.
PLAYS: dict[str, Sayer] = {
    "reveal": _reveal_play,
    "buy": lambda d, _, n_: _("{player} buys {pints}.").format(
        player=who(d["seat"]), pints=listed(d["pints"], _, n_)),
    "elbow": lambda d, _, n_: _("{player} elbows {pint} of {other}.").format(
        player=who(d["seat"]), pint=an(d["pint"], _, n_), other=who(d["target"])),
    "slip": lambda d, _, n_: _("{player} slips and loses {pint}.").format(
        player=who(d["seat"]), pint=an(d["pint"], _, n_)),
    "give": lambda d, _, n_: _("{player} gives {pint} to {other}.").format(
        player=who(d["seat"]), pint=an(d["pint"], _, n_), other=who(d["target"])),
}


def score_parts(area: JSON, n_: Ngettext, _: Gettext) -> list[str]:
    """ "2 IPAs: 10 points", "1 Spilled pint: -1 point", as views.score_parts. """
    parts = [
        _("{pints}: {points}").format(pints=pints(n, pint, n_),
                                      points=points(n * POINTS[pint], n_))
        for pint, group in groupby(by_value(area["pints"]))
        for n in [len(list(group))]
    ]
    if area["spilled"]:
        k = area["spilled"]
        parts.append(_("{pints}: {points}").format(pints=pints(k, SPILLED, n_),
                                                   points=points(k * SPILLED_POINTS, n_)))
    return parts or [_("no pints")]


def note_text(fact: JSON, _: Gettext, n_: Ngettext) -> str:
    kind = fact["kind"]
    if kind == "win":
        return _("{player} reaches {points} and wins at once.").format(
            player=who(fact["seat"]), points=points(fact["points"], n_))
    if kind == "late":
        return n_(
            "{players} also reached {n} points with the gift, but the player whose turn it "
            "is wins.",
            "{players} also reached {n} points with the gift, but the player whose turn it "
            "is wins.",
            len(fact["seats"]),
        ).format(players=names(fact["seats"], _), n=WIN_POINTS)
    if kind == "exhausted":
        return _("The beer has run out: the highest score wins.")
    return level_text(fact, _, n_)


def level_text(fact: JSON, _: Gettext, n_: Ngettext) -> str:
    """Players level on points, and how they are placed."""
    how = fact["how"]
    level = {"players": names(fact["seats"], _), "points": points(fact["points"], n_)}
    if how == "share-win":
        return _("{players} have {points} each and pints of the same worth: they share the "
                 "win.").format(**level)
    if how == "share-place":
        return _("{players} have {points} each and pints of the same worth: they share their "
                 "place.").format(**level)
    if how == "turn":
        return _("{players} have {points} each; {winner} wins: it is their turn.").format(
            winner=who(fact["winner"]), **level)
    best = fact["best"]
    if how == "wins":
        text = n_("{players} have {points} each; {best} wins: their pints, sorted from the "
                  "most valuable, are worth more.",
                  "{players} have {points} each; {best} win: their pints, sorted from the most "
                  "valuable, are worth more.", len(best))
    else:
        text = n_("{players} have {points} each; {best} places higher: their pints, sorted "
                  "from the most valuable, are worth more.",
                  "{players} have {points} each; {best} place higher: their pints, sorted from "
                  "the most valuable, are worth more.", len(best))
    return text.format(best=names(best, _), **level)


def _view(view: JSON, _: Gettext, n_: Ngettext) -> JSON:
    """A copy of `view` with `last.text` and the summary in the catalogue's language."""
    out = dict(view)
    out["last"] = say_last(view.get("last"), PHRASES, _, n_)
    if view.get("summary"):
        out["summary"] = _summary(view, _, n_)
    return out


def _summary(view: JSON, _: Gettext, n_: Ngettext) -> JSON:
    """The summary, its parts said from the areas, its notes from `data.facts`."""
    summary: Any = view["summary"]
    rows = [{**row, "parts": score_parts(view["areas"][row["seat"]], n_, _)}
            for row in summary["rows"]]
    return {**summary, "title": _("The game is over"), "rows": rows,
            "notes": [note_text(f, _, n_) for f in summary["data"]["facts"]]}


# Why a move is refused (moves.py).
REFUSALS: dict[str, Sayer] = {
    "over": lambda d, _, n_: _("The game is over."),
    "not_your_turn": lambda d, _, n_: _("It is not your turn."),
    "elbow_first": lambda d, _, n_: _("First choose the pint of another player to elbow."),
    "slip_first": lambda d, _, n_: _("First choose which of your pints you lose in the slip."),
    "gift_first": lambda d, _, n_: _(
        "First choose who gets the pint that is on you, and which one."),
    "reveal_first": lambda d, _, n_: _(
        "You started with Wallet money: reveal at least one card before buying."),
    "two_pints": lambda d, _, n_: _("On me!: you must buy two pints at once."),
    "cannot_buy": lambda d, _, n_: _(
        "You cannot buy that: it is not on the counter or you cannot afford it."),
    "reveal_or_buy": lambda d, _, n_: _("You can reveal a card or buy a pint you can afford."),
}

PHRASES = Phrases(events=SAY, refusals=REFUSALS, plays=PLAYS, view=_view, summary=_summary,
                  card=card_words)
event_text = PHRASES.event_text
localize_view = PHRASES.localize_view
refusal_text = PHRASES.refusal_text
