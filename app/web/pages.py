"""HTML pages: the lobby and the room. (Filled in by the browser-client work.)"""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
