"""The words of a Null Bock! view's summary in any language, English included: its title,
each row's parts and its notes, said from the numbers the summary carries (`round`,
`data`, each row's `data`, views.py)."""

from __future__ import annotations

from app.games.base import JSON, who
from app.games.null_bock import lingo as L
from app.games.null_bock.cards import NULL_BOCK_POINTS
from app.games.phrasing import Gettext, Ngettext


def said_summary(summary: JSON, _: Gettext, n_: Ngettext) -> JSON:
    """A copy of `summary` with its title, rows' parts and notes said in the language."""
    data, final, round_no = summary["data"], summary["final"], summary["round"]
    rows = [{**row, "parts": _parts(row, final, _, n_)} for row in summary["rows"]]
    notes = [{
        1: _("Round {round} ended because nobody can play a doe into the empty Arena."),
        2: _("Round {round} ended because the player to act has no cards left."),
        3: _("Round {round} ended because every player passed in a row."),
    }[data["end"]].format(round=round_no)]
    best = max(row["score"] for row in summary["rows"])
    tied = sorted(row["seat"] for row in summary["rows"] if row["score"] == best)
    names = L.listing([who(s) for s in tied], _)
    if final:
        title = _("The game is over")
        if len(tied) > 1:
            notes.append(n_("{names} have {n} point each and share the win.",
                            "{names} have {n} points each and share the win.",
                            abs(best)).format(names=names, n=best))
    else:
        title = _("Round {round} is over").format(round=round_no)
        first = who(data["first"])
        if len(tied) == 1:
            notes.append(_("{first} has the most points and begins round {round}.").format(
                first=first, round=data["next"]))
        else:
            notes.append(n_(
                "{names} have {n} point each; {first} begins round {round}, coming first "
                "clockwise from {began}, who began round {last}.",
                "{names} have {n} points each; {first} begins round {round}, coming first "
                "clockwise from {began}, who began round {last}.",
                abs(best)).format(names=names, n=best, first=first, round=data["next"],
                                  began=who(data["began"]), last=round_no))
    return {**summary, "title": title, "rows": rows, "notes": notes}


def _parts(row: JSON, final: bool, _: Gettext, n_: Ngettext) -> list[str]:
    rounds = row["data"]["rounds"]  # every round's points at the end, else this one's
    if final:
        parts = [_("Round {round}: {points}").format(round=i, points=L.points(p, n_))
                 for i, p in enumerate(rounds, 1)]
    else:
        parts = [_("This round: {points}").format(points=L.points(rounds[-1], n_))]
    return parts + _breakdown(row["data"], _, n_)


def _breakdown(data: JSON, _: Gettext, n_: Ngettext) -> list[str]:
    """A seat's round score in the rule's own terms (null-bock.md, "Scoring a round")."""
    won_does, won_bocks, hand_does, hand_bocks = data["terms"]
    parts = []
    if data["won"]:
        parts.append(_("Does won ({cards}): {points}").format(
            cards=L.faces(data["won"], _, n_), points=L.points(won_does, n_)))
    if won_bocks:
        k = won_bocks // NULL_BOCK_POINTS
        parts.append(n_("{k} Null Bock won with an Arena: {points}",
                        "{k} Null Bocks won with an Arena: {points}", k).format(
            k=k, points=L.points(won_bocks, n_)))
    if data["left"]:
        parts.append(_("Does left in hand ({cards}): {points}").format(
            cards=L.faces(data["left"], _, n_), points=L.points(hand_does, n_)))
    if hand_bocks:
        k = hand_bocks // -NULL_BOCK_POINTS
        parts.append(n_("{k} Null Bock left in hand: {points}",
                        "{k} Null Bocks left in hand: {points}", k).format(
            k=k, points=L.points(hand_bocks, n_)))
    return parts or [_("No does won and none left in hand: 0 points")]
