"""Every board, byte for byte: render every view of `bench.board_views` in every language
and store a SHA-256 per board, or compare with a stored run (so a faster render can be
shown to draw exactly the same boards).

    python -m bench.board_hashes save  [file]   # before a change
    python -m bench.board_hashes check [file]   # after it: exit 1 on any difference

`BOARD_STEPS=N` draws only the first N versions of each game (a quicker check against a
full stored run: only the boards drawn are compared).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from app.i18n import LANGUAGES
from app.web.render import render_board
from bench.board_views import NAMES, every_view

DEFAULT_FILE = Path("/tmp/stammtisch-board-hashes.json")


def hashes() -> dict[str, str]:
    out: dict[str, str] = {}
    for game_id, label, players, viewer, view in every_view(int(os.environ.get(
            "BOARD_STEPS", "400"))):
        names = NAMES[:players]
        seat = viewer if isinstance(viewer, int) else None
        for lang in LANGUAGES:
            html = render_board(game_id, view, seat, names, lang)
            out[f"{game_id}/{label}/{viewer}/{lang}"] = hashlib.sha256(html.encode()).hexdigest()
    return out


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "check"
    path = Path(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_FILE
    now = hashes()
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
