# The Stammtisch app: one process serving pages, the JSON API and WebSockets.
# At start it runs the migrations (alembic upgrade head), then uvicorn.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /srv/stammtisch

RUN useradd --create-home --uid 10001 stammtisch

COPY pyproject.toml README.md alembic.ini ./
COPY app ./app
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
RUN pip install --no-cache-dir . \
    && mkdir -p /srv/stammtisch/data \
    && chown stammtisch:stammtisch /srv/stammtisch/data

USER 10001
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz')"]

# The app would migrate at start too; doing it first keeps a failed migration visible
# as a failed container rather than a failed lifespan.
ENV MIGRATE_AT_START=false
CMD ["sh", "-c", "alembic upgrade head && exec uvicorn app.main:app --factory --host 0.0.0.0 --port 8000 --proxy-headers --forwarded-allow-ips='*' --no-server-header --ws-per-message-deflate false"]
