"""Every url() of our stylesheets names a file that exists, relative to the stylesheet
(a rule moved to static/css/ kept `url(art/...)` and the log button lost its icon,
silently: a missing mask draws nothing)."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "static"
URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")


def test_every_url_in_our_stylesheets_resolves() -> None:
    sheets = [p for p in STATIC.rglob("*.css") if "vendor" not in p.parts]
    missing = []
    for sheet in sheets:
        for target in URL.findall(sheet.read_text()):
            if target.startswith(("data:", "#", "http:", "https:")):
                continue
            if not (sheet.parent / target.split("?")[0]).resolve().is_file():
                missing.append(f"{sheet.relative_to(STATIC)}: {target}")
    assert len(sheets) >= 8 and not missing, missing
