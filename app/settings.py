"""Configuration from the environment (or a .env file). Reaches code via create_app()."""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    database_url: str = "sqlite+aiosqlite:///./data/stammtisch.sqlite3"
    redis_url: str | None = None
    secret_key: str = "change-me-in-production"
