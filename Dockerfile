# The Stammtisch app: one process serving pages, the JSON API and WebSockets.
# At start it runs the migrations (alembic upgrade head), then uvicorn.

# The build installs exactly what uv.lock pins, as `make run` does, without the dev extra.
FROM python:3.11-slim AS build

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    UV_NO_CACHE=1 \
    UV_PYTHON_DOWNLOADS=never \
    UV_COMPILE_BYTECODE=1 \
    UV_LINK_MODE=copy

WORKDIR /srv/stammtisch

# The Makefile's UV_VERSION.
RUN pip install --no-cache-dir uv==0.13.9

# The dependencies first, so a change to the app alone reuses their layer.
COPY pyproject.toml uv.lock ./
RUN uv sync --frozen --no-install-project

COPY alembic.ini ./
COPY app ./app
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
RUN uv sync --frozen

# The image that runs: the app's files and its .venv, without uv.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/srv/stammtisch/.venv/bin:$PATH

WORKDIR /srv/stammtisch

RUN useradd --create-home --uid 10001 stammtisch

COPY --from=build /srv/stammtisch /srv/stammtisch
RUN mkdir -p /srv/stammtisch/data \
    && chown stammtisch:stammtisch /srv/stammtisch/data

USER 10001
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz')"]

# The app would migrate at start too; doing it first keeps a failed migration visible
# as a failed container rather than a failed lifespan.
ENV MIGRATE_AT_START=false
CMD ["sh", "-c", "alembic upgrade head && exec uvicorn app.main:app --factory --host 0.0.0.0 --port 8000 --proxy-headers --forwarded-allow-ips='*' --no-server-header --ws-per-message-deflate false"]
