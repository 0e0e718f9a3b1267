"""What Bullenparty says, in every language, English included (docs/contracts.md §2).

The engine says what happened (an event's or a refusal's kind and data) and makes its
events and refusals through `PHRASES`, which says each here from its kind and data (a
view's `last` carries its event's, `summary` its `round` and `data.facts`) through the
game's catalogue: the English msgids ARE the engine's English. Sentences are whole msgids
with named placeholders, formatted after translating; players stay `{p0}`. German words
follow the German rulebook (Zahlenkarte, Nullkarte, Stierkarte, Stierköpfe, Reihe,
Stapel).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.games.base import JSON, who
from app.games.bullenparty.cards import heads as heads_on
from app.games.phrasing import Gettext, Ngettext, Phrases, Sayer, listing, say_last

__all__ = ["PHRASES", "card_words", "event_text", "localize_view", "refusal_text"]

Data = Mapping[str, Any]

def card_words(code: str, _: Gettext, n_: Ngettext) -> str:
    """ "37", "zero card A" (code "0A"), "bull card with 4 heads" (code "B4")."""
    if code.startswith("0") and len(code) == 2:
        return zero_card(code[1], _)
    if code.startswith("B") and code[1:].isdigit():
        n = int(code[1:])
        return n_("bull card with {n} head", "bull card with {n} heads", n).format(n=n)
    return code


def zero_card(letter: str, _: Gettext) -> str:
    return _("zero card {letter}").format(letter=letter)


def bid_words(bid: int | str, _: Gettext) -> str:
    return str(bid) if isinstance(bid, int) else zero_card(bid, _)


def heads(n: int, n_: Ngettext) -> str:
    """ "1 head", "3 heads" (and "-1 head": a count of one too)."""
    return n_("{n} head", "{n} heads", abs(n)).format(n=n)


def cards_text(cards: Sequence[int]) -> str:
    return ", ".join(str(c) for c in cards)


def and_list(items: Sequence[str], _: Gettext) -> str:
    return listing(items, _("{items} and {last}"))


# --- the log ------------------------------------------------------------------------


def _laid(d: Data, _: Gettext, you: bool) -> str:
    card, pile = d["card"], d["pile"]
    if you:
        text = (_("You start a new pile with {card}.") if pile is None
                else _("You lay {card} on pile {pile}."))
        return text.format(card=card, pile=None if pile is None else pile + 1)
    text = (_("{player} starts a new pile with {card}.") if pile is None
            else _("{player} lays {card} on pile {pile}."))
    return text.format(player=who(d["seat"]), card=card, pile=None if pile is None else pile + 1)


def _round(d: Data, _: Gettext, n_: Ngettext) -> str:
    rows = "; ".join(_("row {n}: {cards}").format(n=i + 1, cards=cards_text(cards))
                     for i, cards in enumerate(d["rows"]))
    text = (_("Round {n} (the last round). The rows are laid out: {rows}.") if d["last"]
            else _("Round {n}. The rows are laid out: {rows}."))
    return text.format(n=d["round"], rows=rows)


def _reveal(d: Data, _: Gettext, n_: Ngettext) -> str:
    shown = ", ".join(f"{who(seat)} {bid_words(bid, _)}" for seat, bid in d["bids"])
    return _("The bids are revealed: {bids}.").format(bids=shown)


def _take(d: Data, _: Gettext, n_: Ngettext) -> str:
    words = {"player": who(d["seat"]), "bid": d["bid"], "row": d["row"] + 1,
             "cards": cards_text(d["cards"]), "heads": heads(heads_on(d["cards"]), n_)}
    if d["bull"] is None:
        return _("{player} discards {bid} and takes row {row}: {cards} ({heads}).").format(
            **words)
    return n_(
        "{player} discards {bid} and takes row {row}: {cards} ({heads}) and a bull card "
        "with {bull} head.",
        "{player} discards {bid} and takes row {row}: {cards} ({heads}) and a bull card "
        "with {bull} heads.",
        d["bull"],
    ).format(bull=d["bull"], **words)


def _close(d: Data, _: Gettext, n_: Ngettext) -> str:
    if d["bull"] is None:
        return _("Row {row} is closed; the bull stack is empty.").format(row=d["row"] + 1)
    return n_("Row {row} is closed with a bull card of {n} head.",
              "Row {row} is closed with a bull card of {n} heads.", d["bull"]).format(
        row=d["row"] + 1, n=d["bull"])


def _void(d: Data, _: Gettext, n_: Ngettext) -> str:
    text = {
        "blocked": _("{player}'s zero card has no effect: no cards are left."),
        "closed": _("{player}'s zero card has no effect: no row is open any more."),
        "empty": _("{player}'s zero card has no effect: no cards are left. Zero cards may "
                   "not be bid for the rest of this round."),
    }[d["why"]]
    return text.format(player=who(d["seat"]))


def _piles(d: Data, _: Gettext, n_: Ngettext) -> str:
    if not d["piles"]:
        return _("{player}'s piles: none.").format(player=who(d["seat"]))
    return _("{player}'s piles: {piles}.").format(
        player=who(d["seat"]), piles="; ".join(cards_text(p) for p in d["piles"]))


SAY: dict[str, Sayer] = {
    "bid": lambda d, _, n_: _("{player} has chosen a bid.").format(player=who(d["seat"])),
    "my-bid": lambda d, _, n_: _("You bid {bid}.").format(bid=bid_words(d["bid"], _)),
    "place": lambda d, _, n_: _laid(d, _, you=False),
    "draft": lambda d, _, n_: _laid(d, _, you=True),
    "done": lambda d, _, n_: _("{player} has laid all their cards.").format(
        player=who(d["seat"])),
    "reshuffle": lambda d, _, n_: _(
        "The draw pile is empty: the discard pile is shuffled into a new draw pile. This "
        "round is the last."),
    "no-cards": lambda d, _, n_: _(
        "There are not enough cards left to lay out the rows: the game ends."),
    "round": _round,
    "reveal": _reveal,
    "take": _take,
    "extend": lambda d, _, n_: _("{player} adds {card} to row {row}.").format(
        player=who(d["seat"]), card=d["card"], row=d["row"] + 1),
    "close": _close,
    "void": _void,
    "turn": lambda d, _, n_: _("{player} turns up {card}.").format(
        player=who(d["seat"]), card=d["card"]),
    "final": lambda d, _, n_: _(
        "The last round is over. Everyone now lays all number cards from hand onto their "
        "piles, in secret."),
    "piles": _piles,
}


# --- the view -----------------------------------------------------------------------


def score_parts(seat: JSON, _: Gettext, n_: Ngettext) -> list[str]:
    """ "Plus pile: 7 heads", "Bull cards: 9 heads (2 bull cards)", "Other piles: -3 heads",
    from the seat's view (its score and bull cards), as summary.parts."""
    sc, bulls = seat["score"], len(seat["bulls"])
    if bulls:
        cards = n_("{n} bull card", "{n} bull cards", bulls).format(n=bulls)
        bull_part = _("Bull cards: {heads} ({cards})").format(heads=heads(sc["bulls"], n_),
                                                              cards=cards)
    else:
        bull_part = _("Bull cards: none")
    return [
        _("Plus pile: {heads}").format(heads=heads(sc["plus_pile"], n_)),
        bull_part,
        _("Other piles: -{heads}").format(heads=heads(sc["minus"], n_)) if sc["minus"]
        else _("Other piles: none"),
    ]


def note_text(fact: JSON, _: Gettext, n_: Ngettext) -> str:
    players = and_list([who(s) for s in fact["seats"]], _)
    points = n_("{n} point", "{n} points", abs(fact["points"])).format(n=fact["points"])
    reasons = "; ".join(pair_text(p, _) for p in fact["pairs"])
    return _("{players} have {points} each; {reasons}.").format(
        players=players, points=points, reasons=reasons)


def pair_text(pair: JSON, _: Gettext) -> str:
    a, b = who(pair["a"]), who(pair["b"])
    if pair["how"] == "ahead":
        more, less = pair["positive"]
        return _("{a} places ahead of {b}: more heads on the plus pile and bull cards "
                 "({more} against {less})").format(a=a, b=b, more=more, less=less)
    if pair["how"] == "share-win":
        return _("{a} and {b} are level on every count and share the win").format(a=a, b=b)
    return _("{a} and {b} are level on every count and share the place").format(a=a, b=b)


def _view(view: JSON, _: Gettext, n_: Ngettext) -> JSON:
    """A copy of `view` with `last.text` and the summary in the catalogue's language."""
    out = dict(view)
    out["last"] = say_last(view.get("last"), PHRASES, _, n_)
    if view.get("summary"):
        out["summary"] = _summary(view, _, n_)
    return out


def _summary(view: JSON, _: Gettext, n_: Ngettext) -> JSON:
    """The summary, its parts said from the seats' scores, its notes from `data.facts`."""
    summary: Any = view["summary"]
    title = (_("The game is over") if summary["final"]
             else _("Round {n} is over").format(n=summary["round"]))
    rows = [{**row, "parts": score_parts(view["seats"][row["seat"]], _, n_)}
            for row in summary["rows"]]
    return {**summary, "title": title, "rows": rows,
            "notes": [note_text(f, _, n_) for f in summary["data"]["facts"]]}


# --- refusals (moves.py) -----------------------------------------------------------

REFUSALS: dict[str, Sayer] = {
    "not_a_move": lambda d, _, n_: _("That is not a move in Bullenparty."),
    "no_seat": lambda d, _, n_: _("There is no such seat."),
    "over": lambda d, _, n_: _("The game is over."),
    "bid_chosen": lambda d, _, n_: _("You have already chosen your bid."),
    "row_taken": lambda d, _, n_: _("You have taken a row this round: wait for the next round."),
    "all_laid": lambda d, _, n_: _("You have laid all your cards: wait for the others."),
    "not_your_turn": lambda d, _, n_: _("It is not your turn."),
    "zero_blocked": lambda d, _, n_: _(
        "No cards are left to draw: zero cards may not be bid this round."),
    "rows_closed": lambda d, _, n_: _("Every remaining row is closed: you must bid a number card."),
    "not_your_zero": lambda d, _, n_: _("That is not your zero card."),
    "not_in_hand": lambda d, _, n_: _("That is not a card in your hand."),
    "not_held": lambda d, _, n_: _("You do not hold {card}.").format(card=d["card"]),
    "no_row": lambda d, _, n_: _("There is no such row."),
    "row_gone": lambda d, _, n_: _("That row has already been taken."),
    "row_closed": lambda d, _, n_: _("That row is closed: a zero card only adds to an open row."),
    "not_possible": lambda d, _, n_: _("That move is not possible."),
    "no_pile": lambda d, _, n_: _("There is no such pile."),
    "not_onto": lambda d, _, n_: _(
        "{card} may not go onto pile {pile}: a pile goes up, and its top card is {top}."
    ).format(card=d["card"], pile=d["pile"] + 1, top=d["top"]),
    "fields": lambda d, _, n_: _("That move is not understood: {fields}.").format(
        fields=", ".join(d["fields"])),
    "bid_now": lambda d, _, n_: _("Choose a card to bid."),
    "take_now": lambda d, _, n_: _("Choose a row to take."),
    "extend_now": lambda d, _, n_: _("Choose an open row for the card you turned up."),
    "reduce_now": lambda d, _, n_: _("Lay your extra cards onto your piles first."),
    "final_now": lambda d, _, n_: _("Lay all your cards onto your piles."),
}

PHRASES = Phrases(events=SAY, refusals=REFUSALS, view=_view, summary=_summary,
                  card=card_words)
event_text = PHRASES.event_text
localize_view = PHRASES.localize_view
refusal_text = PHRASES.refusal_text
