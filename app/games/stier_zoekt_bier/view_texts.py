"""The words of a Stier zoekt Bier view in any language, English included: `last` (from
its event's `kind` and `data`), the seats' status words, the bull names and the summary,
said from the view's own numbers (views.py makes the view, and has it said in English
here)."""

from __future__ import annotations

from app.games.base import JSON, who
from app.games.phrasing import ENGLISH, Gettext, Ngettext, Phrases, say_last
from app.games.stier_zoekt_bier import cards as C
from app.games.stier_zoekt_bier import lingo as L


def localize(view: JSON, phrases: Phrases, _: Gettext, n_: Ngettext) -> JSON:
    out = dict(view)
    out["last"] = say_last(view.get("last"), phrases, _, n_)
    if view.get("mine"):
        out["mine"] = {**view["mine"],
                       "last": say_last(view["mine"].get("last"), phrases, _, n_)}
    out["seats"] = [{**seat, "status": None if seat["status"] is None else _(seat["status"])}
                    for seat in view["seats"]]
    out["bull_info"] = {code: {**info, "name": L.bull(code, _)}
                        for code, info in view["bull_info"].items()}
    if view.get("summary"):
        out["summary"] = said_summary(view, _, n_)
    return out


def status_words(_: Gettext) -> dict[str, str]:
    """Where a seat stands in the current step (views.py's codes), in the language."""
    return {
        "choosing": _("choosing"),
        "chosen": _("has chosen"),
        "draughting": _("draughting"),
        "draughted": _("has draughted"),
        "later": _("draughts later"),
        "choosing_bull": _("choosing a bull"),
        "done": _("done serving"),
        "serving": _("serving"),
    }


STATUS = status_words(ENGLISH[0])
"""A seat's status in a view, by its code: the English words, which are their msgid (a
view says them in another language by its catalogue, `localize`)."""


# --- the summary


def said_summary(view: JSON, _: Gettext, n_: Ngettext) -> JSON:
    """The view's summary, its words said from the seats' public numbers."""
    summary = view["summary"]
    seats = view["seats"]
    if summary["final"]:
        title = _("The game is over")
    else:
        title = _("Round {round} is over").format(round=summary["round"])
    rows = [{**row, "parts": _parts(seats[row["seat"]], _, n_)} for row in summary["rows"]]
    order = [row["seat"] for row in summary["rows"]]
    notes = _tie_notes(seats, order, summary["final"], _, n_)
    return {**summary, "title": title, "rows": rows, "notes": notes}


def _parts(seat: JSON, _: Gettext, n_: Ngettext) -> list[str]:
    parts = [_slot_words(slot, _, n_) for slot in seat["pub"]] or [_("No bulls")]
    cards, glasses = seat["served"]
    served = n_("{n} beer card", "{n} beer cards", cards).format(n=cards)
    parts.append(_("Served: {cards}, {glasses}").format(
        cards=served, glasses=L.glasses(glasses, n_)))
    return parts


def _slot_words(slot: JSON, _: Gettext, n_: Ngettext) -> str:
    code, paired = slot["bulls"][0], len(slot["bulls"]) > 1
    name = L.bull(code, _)
    what = _("{bull} pair").format(bull=name) if paired else name
    glasses = L.glasses(slot["glasses"], n_)
    if not slot["points"]:
        needed, tier = C.BULLS[code].tiers[0]
        points = L.points(tier * (C.PAIR_FACTOR if paired else 1), n_)
        return _("{what}: {glasses} ({needed} for {points})").format(
            what=what, glasses=glasses, needed=needed, points=points)
    points = L.points(slot["points"], n_)
    if paired:
        return _("{what}: {glasses}, {points} (a pair scores double)").format(
            what=what, glasses=glasses, points=points)
    return _("{what}: {glasses}, {points}").format(what=what, glasses=glasses, points=points)


def _tie_notes(seats: list[JSON], order: list[int], final: bool, _: Gettext, n_: Ngettext
               ) -> list[str]:
    """As `views._tie_notes`: why players level on points are ranked as they are."""
    notes = []
    groups: dict[int, list[int]] = {}
    for s in order:
        groups.setdefault(seats[s]["points"], []).append(s)
    for points, group in groups.items():
        if len(group) < 2:
            continue
        names = L.listing([who(s) for s in group], _)
        served = {tuple(seats[s]["served"]) for s in group}
        if len(served) == 1:
            if group[0] != order[0]:
                continue
            cards, glasses = seats[group[0]]["served"]
            if final:
                text = n_(
                    "{names} have {n} point each, and served as many beer cards ({cards}) "
                    "and glasses ({glasses}): they share the win.",
                    "{names} have {n} points each, and served as many beer cards ({cards}) "
                    "and glasses ({glasses}): they share the win.", points)
            else:
                text = n_(
                    "{names} have {n} point each, and served as many beer cards ({cards}) "
                    "and glasses ({glasses}): they share the lead.",
                    "{names} have {n} points each, and served as many beer cards ({cards}) "
                    "and glasses ({glasses}): they share the lead.", points)
            notes.append(text.format(names=names, n=points, cards=cards, glasses=glasses))
            continue
        head = n_("{names} have {n} point each", "{names} have {n} points each",
                  points).format(names=names, n=points)
        if len(group) == 2:
            notes.append(f"{head}; {_ahead(seats, group[0], group[1], _)}")
            continue
        each = ", ".join(_("{player} {cards} and {glasses}").format(
            player=who(s),
            cards=n_("{n} card", "{n} cards", seats[s]["served"][0]).format(
                n=seats[s]["served"][0]),
            glasses=L.glasses(seats[s]["served"][1], n_)) for s in group)
        notes.append(_("{head}; the tie-break (most beer cards served, then most glasses) "
                       "ranks them: {each}.").format(head=head, each=each))
    return notes


def _ahead(seats: list[JSON], a: int, b: int, _: Gettext) -> str:
    (cards_a, glasses_a), (cards_b, glasses_b) = seats[a]["served"], seats[b]["served"]
    if cards_a != cards_b:
        return _("{player} places ahead: more beer cards served ({cards} to {other}).").format(
            player=who(a), cards=cards_a, other=cards_b)
    return _("{player} places ahead: as many beer cards served ({cards}), more glasses "
             "({glasses} to {other}).").format(
        player=who(a), cards=cards_a, glasses=glasses_a, other=glasses_b)
