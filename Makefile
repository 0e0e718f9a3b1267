# Each target sets itself up: a fresh clone needs only python3 (>= 3.11) and make.
PYTHON ?= python3
# `make run HOST=0.0.0.0` lets others on your network in; PORT picks the port.
HOST ?= 127.0.0.1
PORT ?= 8000
# Proxies whose X-Forwarded-Proto/-For uvicorn believes (the invite link's scheme).
FORWARDED_ALLOW_IPS ?= 127.0.0.1
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean messages

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# app/serve.py: uvicorn with its timeouts; on an address other machines reach it says
# that a proxy (deploy/nginx.conf) must front it beyond a home network.
run: $(STAMP)
	$(BIN)/python -m app.serve --host $(HOST) --port $(PORT) \
		--forwarded-allow-ips '$(FORWARDED_ALLOW_IPS)'

# One pytest-xdist worker per core: each has its own PostgreSQL database and Redis db.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/pytest -n auto --durations=25

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m bench

# Extract the pages' message ids (pyproject.toml [tool.babel]) and update
# app/locale/*/messages.po; `python -m app.i18n.extract` updates every domain.
messages: $(STAMP)
	$(BIN)/python -m app.i18n.extract messages

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache
