"""One SHA-256 over every view (key order included), encoding and event of seeded random
games of every game and player count: run it on two trees to show that a faster engine
gives exactly the same outputs.

    PYTHONPATH=. .venv/bin/python -m bench.view_hashes [seeds]
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

from app.games.base import OPEN, parse_options
from app.games.registry import GAMES


def fingerprint(seeds: int = 3) -> tuple[int, str]:
    """(views hashed, the hex digest)."""
    digest, views = hashlib.sha256(), 0
    for game_id in sorted(GAMES):
        rules = GAMES[game_id]
        for players in range(rules.min_players, rules.max_players + 1):
            for seed in range(seeds):
                rnd = random.Random(seed)
                state = rules.setup(players, parse_options(rules.Options, {}), seed)
                while True:
                    for viewer in [*range(players), None]:
                        digest.update(json.dumps(rules.view(state, viewer)).encode())
                        views += 1
                    digest.update(json.dumps(rules.encode(state), sort_keys=True).encode())
                    acting = sorted(rules.to_act(state))
                    if not acting:
                        digest.update(json.dumps(rules.view(state, OPEN)).encode())
                        break
                    seat = rnd.choice(acting)
                    move = rnd.choice(list(rules.legal_moves(state, seat)))
                    state, events = rules.apply(state, seat, move)
                    digest.update(json.dumps([e.to_json() for e in events]).encode())
    return views, digest.hexdigest()


if __name__ == "__main__":
    print(*fingerprint(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
