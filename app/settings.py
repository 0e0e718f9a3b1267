"""Configuration from the environment (or a .env file). Reaches code via create_app()."""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    database_url: str = "sqlite+aiosqlite:///./data/stammtisch.sqlite3"
    redis_url: str | None = None
    # Run `alembic upgrade head` when the app starts (off when a deploy step does it).
    migrate_at_start: bool = True
    # Mark the seat and host cookies Secure: set it when the site is served over HTTPS.
    cookie_secure: bool = False
    # How long a bot waits before its move, so people can follow (tests set 0).
    bot_delay_ms: int = 600
    # Origins besides the one a request names in Host whose pages may send forms and API
    # calls (JSON list, e.g. '["https://cards.example.org"]'): for proxies that rewrite Host.
    trusted_origins: list[str] = []
    # Presence reports of one room within this many ms are sent as one.
    presence_coalesce_ms: int = 250
    # Rooms whose players' leaving times are remembered after their last socket here.
    presence_rooms_kept: int = 10_000
    # Socket-side limits (issue 13): far above what a real table ever does.
    sockets_per_client_room: int = 16  # open sockets of one client (address) in one room
    stale_moves_per_minute: int = 600  # moves refused as stale per socket, then too_fast
    # The largest request body accepted (a move or a chat line is well under 1 KiB).
    max_body_bytes: int = 64 * 1024
    # A request's body must arrive within this many seconds of its headers (else 408,
    # connection closed); an idle keep-alive connection is closed this long after its
    # last answer (`python -m app.serve`, uvicorn's timeout_keep_alive).
    body_seconds: float = 10.0
    keep_alive_seconds: int = 5
    # Rate limits per client address, as token buckets (a burst of this many at once,
    # refilled at this many per minute): far above what a real table does, there to stop
    # one client from costing everyone. Over a limit: 429 `too_fast`. Chat is per client
    # address and room, shared by the JSON API and all the client's sockets there.
    chat_per_minute: int = 60
    rooms_per_minute: int = 30
    # Moves refused as stale or illegal over the JSON API, per client address and room.
    refused_moves_per_minute: int = 300
    # The host's seat changes (remove a player, add a bot, open a seat), per client
    # address and room.
    seat_changes_per_minute: int = 60
    # The host's changes of the room's settings (public, spectators, turn timer), per
    # client address and room: each one reaches every socket of the room.
    settings_changes_per_minute: int = 30
    # How long a replay step waits for the good bot's advice (issue 37.5) before it
    # says the bot ran out of time.
    advice_seconds: float = 2.0
    # A room untouched for this many days drops its live state (a game never finished,
    # the chat; a room never played is deleted); its finished games' records and their
    # replays stay as long as the database (issue 37.3). 0: never.
    room_retention_days: float = 30.0
    # Buckets kept per kind of limit (the least recently used are forgotten beyond).
    limit_keys: int = 10_000
