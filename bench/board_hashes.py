"""Every board, byte for byte: render every view of `bench.board_views` in every language
and store a SHA-256 per board, or compare with a stored run (so a faster render can be
shown to draw exactly the same boards).

    python -m bench.board_hashes save  [file]   # before a change
    python -m bench.board_hashes check [file]   # after it: exit 1 on any difference

`BOARD_STEPS=N` draws only the first N versions of each game (a quicker check against a
full stored run: only the boards drawn are compared). The boards of a version share
their public regions as a live room's do (app/web/socket/messages.py); `BOARD_ALONE=1` draws
each alone.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from app.i18n import LANGUAGES
from bench.boards import draw, versions

DEFAULT_FILE = Path("/tmp/stammtisch-board-hashes.json")


def hashes(alone: bool = False) -> dict[str, str]:
    """Every board's SHA-256, the boards of a version sharing their regions as the server
    does (`bench.boards.versions`), or each `alone`."""
    out: dict[str, str] = {}
    steps = int(os.environ.get("BOARD_STEPS", "400"))
    games = tuple(os.environ.get("BOARD_GAMES", "").split())  # a check of these only
    for game_id, group in versions(steps, games, alone):
        for lang in LANGUAGES:
            for (label, _), html in zip(group, draw(game_id, lang, group), strict=True):
                out[f"{game_id}/{label}/{lang}"] = hashlib.sha256(html.encode()).hexdigest()
    return out


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "check"
    path = Path(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_FILE
    now = hashes(alone=os.environ.get("BOARD_ALONE") == "1")
    digest = hashlib.sha256(json.dumps(now, sort_keys=True).encode()).hexdigest()
    if mode == "save":
        path.write_text(json.dumps(now))
        print(f"saved {len(now)} boards to {path}: {digest}")
        return 0
    before = json.loads(path.read_text())
    differ = sorted(k for k in now if before.get(k) != now[k])
    print(f"{len(now)} boards, {len(differ)} differ: {digest}")
    for key in differ[:20]:
        print("  ", key)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
