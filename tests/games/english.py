"""Everything the games say in English, recorded: seeded random games of every game,
player count and option variant, with every event, every viewer's view (spectator, each
seat, OPEN) at every step and the refusal of many unlisted moves at every step.

The recording (`tests/games/english/<game-id>.json`) was taken from the engines as they
were before their sentences moved into the phrases modules (issue 36), when the engines
wrote their English themselves; tests/games/test_english.py holds the games to it, so
the English of every log line, last play, summary and refusal stays exactly as it was.
Per run it keeps a digest of each kind of thing and, to say what changed when a digest
does, the distinct texts.

    python -m tests.games.english            # write the recording again (after an
                                             # intended change of a sentence)
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

from app.games.base import OPEN, IllegalMove, Move, parse_options
from app.games.registry import GAMES

HERE = Path(__file__).parent / "english"
SEEDS = range(2)
NOT_A_MOVE: list[Any] = [{}, {"type": "nonsense"}, "move", {"type": None}]
CARDS: list[Any] = [1, 37, 50, 100, -1, "E", "Q", "X99", "D7", "D13", "S0", "S8", "L3",
                    "A5", "BL", "BD", "Barrel", "IPA", "Lager", True, 4.0]


def wrong(move: Move) -> list[Any]:
    """Unlisted variants of a listed move: an extra key, other cards, rows, piles,
    Edges, bulls and counts, so the refusals that name something are met too."""
    out: list[Any] = [{**move, "extra": 1}, {k: v for k, v in move.items() if k != "type"}]
    for key in ("card", "pint", "bull"):
        if key in move:
            out += [{**move, key: c} for c in CARDS]
    for key in ("row", "pile", "edge", "cards", "bull", "join", "seat", "to"):
        if key in move and isinstance(move[key], int):
            out += [{**move, key: n} for n in (-1, 0, 1, 2, 3, 5, 9)]
    if "pints" in move:
        out += [{**move, "pints": ["IPA", "IPA"]}, {**move, "pints": move["pints"][:1]},
                {**move, "pints": "IPA"}]
    if "to" in move and isinstance(move["to"], str):
        out += [{**move, "to": "edge", "edge": 1}, {**move, "to": "arena"},
                {**move, "to": "sky"}]
    if "beer" in move or move.get("type") == "draught":
        out += [{**move, "beer": b} for b in ("L", "W", "D", "A")]
    return out


def digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def view_texts(view: Any) -> list[str]:
    """The human texts of a view (docs/contracts.md §1) and the seats' status words."""
    out = []
    for last in (view.get("last"), (view.get("mine") or {}).get("last")
                 if isinstance(view.get("mine"), dict) else None):
        if last:
            out.append(last["text"])
    summary = view.get("summary")
    if summary:
        out.append(summary["title"])
        out += [part for row in summary["rows"] for part in row["parts"]]
        out += summary["notes"]
    for seat in view.get("seats") or []:
        if isinstance(seat, dict) and isinstance(seat.get("status"), str):
            out.append(seat["status"])
    return out


def run(game_id: str, players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """One seeded random game: digests of its events, views, states and refusals, and
    the distinct English texts of each."""
    rules = GAMES[game_id]
    rnd = random.Random(seed)
    state = rules.setup(players, parse_options(rules.Options, options), seed)
    events: list[Any] = []
    data: list[Any] = []
    views: list[Any] = []
    states: list[Any] = []
    refusals: list[Any] = []
    while True:
        viewers: list[Any] = [None, *range(players), OPEN]
        views.append([rules.view(state, v) for v in viewers])
        states.append(rules.encode(state))
        acting = sorted(rules.to_act(state))
        listed = [m for s in range(players) for m in rules.legal_moves(state, s)]
        tries = [*NOT_A_MOVE, *listed[:8], *(w for m in listed[:3] for w in wrong(m))]
        for seat in range(players):
            mine = list(rules.legal_moves(state, seat))
            for move in tries:
                if move in mine:
                    continue
                try:
                    rules.apply(state, seat, move)
                except IllegalMove as exc:
                    refusals.append([seat, move, exc.reason])
                else:
                    raise AssertionError(f"{game_id}: {move!r} was accepted")
        if not acting:
            break
        seat = rnd.choice(acting)
        state, said = rules.apply(state, seat, rnd.choice(list(rules.legal_moves(state, seat))))
        events.append([[e.kind, e.text, None if e.to is None else sorted(e.to)]
                       for e in said])
        data.append([dict(e.data) for e in said])
    json_views = json.loads(json.dumps(views))
    return {
        "players": players, "options": options, "seed": seed,
        "events": digest(events),
        "event_data": digest(json.loads(json.dumps(data))),
        "views": digest(json_views),
        "states": digest(json.loads(json.dumps(states))),
        "refusals": digest(json.loads(json.dumps(refusals))),
        "event_texts": sorted({line[1] for move in events for line in move}),
        "view_texts": sorted({t for step in json_views for v in step for t in view_texts(v)}),
        "reasons": sorted({r[2] for r in refusals}),
    }


def runs(game_id: str) -> list[tuple[int, dict[str, Any], int]]:
    rules = GAMES[game_id]
    variants = list(rules.option_variants())
    if game_id == "null-bock":
        variants = [{"rounds": 2}, {"rounds": 1}]  # to the target (150) takes long
    return [(players, options, seed)
            for players in range(rules.min_players, rules.max_players + 1)
            for options in variants for seed in SEEDS]


def path(game_id: str) -> Path:
    return HERE / f"{game_id}.json"


TEXTS = ("event_texts", "view_texts", "reasons")


def shape(text: str) -> str:
    """A sentence less its numbers and names: what a reader compares."""
    return re.sub(r"\{p\d+\}", "{p}", re.sub(r"\d+", "#", text))


def recording(game_id: str) -> dict[str, Any]:
    """Every run's digests, and the shapes of the texts of all runs, one list per kind
    (for a reader: a digest says THAT something changed, these say what)."""
    played = [run(game_id, *case) for case in runs(game_id)]
    return {"runs": [{k: v for k, v in one.items() if k not in TEXTS} for one in played],
            **{kind: sorted({shape(t) for one in played for t in one[kind]})
               for kind in TEXTS}}


def write(game_id: str) -> None:
    HERE.mkdir(exist_ok=True)
    text = json.dumps(recording(game_id), indent=1, ensure_ascii=False)
    path(game_id).write_text(text + "\n")


if __name__ == "__main__":
    for game in sys.argv[1:] or sorted(GAMES):
        write(game)
