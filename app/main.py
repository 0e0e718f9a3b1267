"""The application factory: create_app(settings, games) -> FastAPI.

At start (the lifespan) it makes sure no other process serves the same SQLite file
unless both have Redis (app/db/single.py), migrates the database, connects the pub/sub
broker (memory, or Redis when REDIS_URL is set) and puts the RoomService on
`app.state.rooms` and the connection hub on `app.state.hub`, and nudges the bots of
every running game; at shutdown it cancels the bot runners first.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from app.db.engine import make_engine, migrate, sessions
from app.db.repository import Repository
from app.db.single import one_process_per_sqlite
from app.games.registry import REGISTRY
from app.realtime.broker import make_broker
from app.realtime.hub import Hub
from app.rooms.retention import keep
from app.rooms.service import RoomService
from app.settings import Settings
from app.sizes import Size, lru, rss_bytes, sizes
from app.web.advice import Advisor
from app.web.deps import Games, Registry
from app.web.errors import install_error_handlers
from app.web.middleware.bodies import BodyLimit
from app.web.middleware.client_logs import quiet_client_faults
from app.web.middleware.csrf import OriginCheck
from app.web.middleware.head import HeadAsGet
from app.web.middleware.headers import SecurityHeaders
from app.web.middleware.limits import Limiter
from app.web.routes import api, docs, pages, picker, replays
from app.web.routes.schema import describe_games
from app.web.socket import ws
from app.web.socket.feed import RoomFeeds

STATIC = Path(__file__).resolve().parents[1] / "static"


def create_app(settings: Settings | None = None, games: Registry = REGISTRY) -> FastAPI:
    """`games`: the registry the app serves (tests pass their own, with the toy game)."""
    settings = settings or Settings()
    rules: Games = {game_id: game.rules for game_id, game in games.items()}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        with one_process_per_sqlite(settings.database_url, redis=bool(settings.redis_url)):
            async with serving(app):
                yield

    @asynccontextmanager
    async def serving(app: FastAPI) -> AsyncIterator[None]:
        if settings.migrate_at_start:
            await migrate(settings.database_url)
        engine = make_engine(settings.database_url)
        broker = make_broker(settings.redis_url)
        await broker.connect()
        hub = Hub(broker, coalesce=settings.presence_coalesce_ms / 1000,
                  gone_rooms=settings.presence_rooms_kept)
        app.state.hub = hub
        rooms = RoomService(Repository(sessions(engine)), broker, rules,
                            hub.connected_seats, bot_delay_ms=settings.bot_delay_ms,
                            gone=hub.gone_since)
        app.state.rooms = rooms
        feeds = app.state.feeds = RoomFeeds(rooms, hub)  # one bus follower per room
        advisor = app.state.advisor = Advisor(settings.advice_seconds)  # replays' advice
        heartbeat = asyncio.create_task(hub.heartbeat())
        retention = asyncio.create_task(keep(rooms, settings.room_retention_days))
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
            advisor.close()
            await feeds.close()
            await rooms.close()  # the bot runners stop before the database goes
            await hub.close()
            for task in (heartbeat, retention):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await broker.disconnect()
            await engine.dispose()

    quiet_client_faults()
    app = FastAPI(title="Stammtisch", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.settings = settings
    app.state.open_sockets = {}  # (client address, room) -> open sockets (app/web/socket/ws.py)
    app.state.games = rules
    app.state.registry = games
    app.state.limiter = Limiter(max_keys=settings.limit_keys)

    @app.get("/healthz")
    async def healthz() -> dict[str, object]:
        return {"ok": True, "games": sorted(games)}

    @app.get("/metrics", include_in_schema=False)
    async def metrics() -> dict[str, object]:
        """Memory: the process's resident bytes and every bounded cache's size."""
        return {"rss_bytes": rss_bytes(), "sizes": sizes(app_sizes(app))}

    install_error_handlers(app)
    describe_games(app, rules)
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.include_router(replays.router)
    app.include_router(docs.router)
    app.include_router(picker.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(HeadAsGet)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes,
                       seconds=settings.body_seconds)
    app.add_middleware(OriginCheck, trusted=settings.trusted_origins)
    app.add_middleware(SecurityHeaders)  # the outermost: every answer gets the headers
    return app


def _limit_size(limiter: Limiter, kind: str, bound: int) -> tuple[int, int | None]:
    return limiter.sizes()[kind], bound


def _fixed(size: tuple[int, int | None]) -> tuple[int, int | None]:
    return size


def app_sizes(app: FastAPI) -> dict[str, Size]:
    """The app's own tables, bounded by settings or by what is connected (issue 35.6):
    the limits' buckets per kind, presence, the rooms and sockets this process serves,
    the room locks kept, the notices waiting to be published again."""
    settings: Settings = app.state.settings
    out: dict[str, Size] = {}
    limiter: Limiter = app.state.limiter
    for kind in limiter.tables:
        out[f"limits.{kind}"] = partial(_limit_size, limiter, kind, settings.limit_keys)
    out["sockets.clients"] = lambda: (len(app.state.open_sockets), None)
    registry: Registry = app.state.registry
    for game_id, game in registry.items():
        for name, cache in game.caches.items():
            out[f"{game_id}.{name}"] = lru(cache)
    hub = getattr(app.state, "hub", None)
    rooms = getattr(app.state, "rooms", None)
    feeds = getattr(app.state, "feeds", None)
    if hub is not None:
        for name, size in hub.sizes().items():
            out[name] = partial(_fixed, size)
    if rooms is not None:
        for name, size in rooms.sizes().items():
            out[name] = partial(_fixed, size)
    if feeds is not None:
        out["rooms.feeds"] = lambda: (len(feeds.feeds), None)
    return out


def app() -> FastAPI:
    """Entry point for `uvicorn app.main:app --factory`."""
    return create_app()
