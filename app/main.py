"""The application factory: create_app(settings, games) -> FastAPI.

At start (the lifespan) it migrates the database, connects the pub/sub broker (memory,
or Redis when REDIS_URL is set) and puts the RoomService on `app.state.rooms` and the
connection hub on `app.state.hub`, and nudges the bots of every running game; at
shutdown it cancels the bot runners first.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

from app.db.engine import make_engine, migrate, sessions
from app.db.repository import Repository
from app.games.registry import REGISTRY
from app.realtime.broker import make_broker
from app.realtime.hub import Hub
from app.rooms.service import RoomService
from app.settings import Settings
from app.web import api, docs, pages, picker, replays, ws
from app.web.bodies import BodyLimit
from app.web.client_logs import quiet_client_faults
from app.web.csrf import OriginCheck
from app.web.deps import Games, Registry
from app.web.errors import install_error_handlers
from app.web.feed import RoomFeeds
from app.web.head import HeadAsGet
from app.web.headers import SecurityHeaders
from app.web.limits import Limiter

STATIC = Path(__file__).resolve().parents[1] / "static"


class App(FastAPI):
    """FastAPI, but a room socket is handed to its endpoint at the door
    (`ws.room_socket_for`: what it skips and why). Everything else, HTTP above all,
    goes through the whole stack: the CSP, the body limit, the error handlers."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            scope["app"] = self  # what Starlette's app sets first (the endpoint reads state)
            endpoint = ws.room_socket_for(scope, receive, send)
            if endpoint is not None:
                await endpoint
                return
        await super().__call__(scope, receive, send)


def create_app(settings: Settings | None = None, games: Registry = REGISTRY) -> FastAPI:
    """`games`: the registry the app serves (tests pass their own, with the toy game)."""
    settings = settings or Settings()
    rules: Games = {game_id: game.rules for game_id, game in games.items()}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if settings.migrate_at_start:
            await migrate(settings.database_url)
        engine = make_engine(settings.database_url)
        broker = make_broker(settings.redis_url)
        await broker.connect()
        hub = Hub(broker, coalesce=settings.presence_coalesce_ms / 1000)
        app.state.hub = hub
        rooms = RoomService(Repository(sessions(engine)), broker, rules,
                            hub.connected_seats, bot_delay_ms=settings.bot_delay_ms,
                            gone=hub.gone_since)
        app.state.rooms = rooms
        feeds = app.state.feeds = RoomFeeds(rooms, hub)  # one bus follower per room
        heartbeat = asyncio.create_task(hub.heartbeat())
        try:
            await rooms.resume_bots()  # games with bots carry on after a restart
            await rooms.resume_timers()  # and passed deadlines are acted on
            # What start-up made (modules, games, templates) lives as long as the
            # process: out of the collector's sight, a full collection no longer walks
            # it each time (it did, several times a second under a connect storm).
            gc.freeze()
            # A move makes a few hundred short-lived containers (views, events, the
            # message): with the default threshold (700) the young generation was
            # collected several times per move, ~5 % of the server's CPU under load.
            # Most of them die by reference count, but the count is of allocations less
            # deallocations and stops at zero, so the rooms' current frames (made since
            # the last collection, alive until their room moves on) filled it anyway:
            # at 10,000, 50 x 4 rooms had a 4.6 ms collection every ~650 moves and one
            # of the middle generation (34 ms) every ~7,000, ~12 us a move; at 100,000,
            # one of ~30 ms every ~12,000 moves (gc.callbacks, thread CPU time).
            gc.set_threshold(100_000, 10, 10)
            yield
        finally:
            await feeds.close()
            await rooms.close()  # the bot runners stop before the database goes
            await hub.close()
            heartbeat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await heartbeat
            await broker.disconnect()
            await engine.dispose()

    quiet_client_faults()
    app = App(title="Stammtisch", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.settings = settings
    app.state.open_sockets = {}  # (client address, room) -> open sockets (app/web/ws.py)
    app.state.games = rules
    app.state.registry = games
    app.state.limiter = Limiter()

    @app.get("/healthz")
    async def healthz() -> dict[str, object]:
        return {"ok": True, "games": sorted(games)}

    install_error_handlers(app)
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.include_router(replays.router)
    app.include_router(docs.router)
    app.include_router(picker.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(HeadAsGet)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    app.add_middleware(OriginCheck, trusted=settings.trusted_origins)
    app.add_middleware(SecurityHeaders)  # the outermost: every answer gets the headers
    return app


def app() -> FastAPI:
    """Entry point for `uvicorn app.main:app --factory`."""
    return create_app()
