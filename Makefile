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
# uv installs .venv exactly as uv.lock pins it. uv itself is pinned too and lives in a
# venv of its own: an exact sync of .venv would remove it from there.
UV_VERSION := 0.13.9
TOOLS := .tools
UV := $(TOOLS)/bin/uv
UV_STAMP := $(TOOLS)/.uv-$(UV_VERSION)
export UV_PYTHON := $(PYTHON)
export UV_PYTHON_DOWNLOADS := never
export UV_PROJECT_ENVIRONMENT := $(VENV)

.PHONY: run test lint bench clean messages lock

$(UV_STAMP):
	rm -rf $(TOOLS)
	$(PYTHON) -m venv $(TOOLS)
	$(TOOLS)/bin/pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)
	touch $@

# A lock out of step with pyproject.toml stops here (and so fails CI) rather than
# installing what it pinned before.
$(STAMP): pyproject.toml uv.lock $(UV_STAMP)
	$(UV) lock --check || { echo "uv.lock is out of step with pyproject.toml: run make lock" >&2; exit 1; }
	$(UV) sync --frozen --extra dev
	touch $(STAMP)

# After changing pyproject.toml's dependencies: `make lock`. A newer release of one
# package: `make lock UPGRADE=uvicorn`. Commit uv.lock with it.
lock: $(UV_STAMP)
	$(UV) lock $(if $(UPGRADE),--upgrade-package $(UPGRADE))

# app/serve.py: uvicorn with its timeouts; on an address other machines reach it says
# that a proxy (deploy/nginx.conf) must front it beyond a home network.
run: $(STAMP)
	$(BIN)/python -m app.serve --host $(HOST) --port $(PORT) \
		--forwarded-allow-ips '$(FORWARDED_ALLOW_IPS)'

# One pytest-xdist worker per core: each has its own PostgreSQL database and Redis db.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/pytest -n auto --durations=25

# No function in app/ is past a cyclomatic complexity of 15 (radon).
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/pytest -q -p no:cacheprovider tests/test_complexity.py

bench: $(STAMP)
	$(BIN)/python -m bench

# Extract the pages' message ids (pyproject.toml [tool.babel]) and update
# app/locale/*/messages.po; `python -m app.i18n.extract` updates every domain.
messages: $(STAMP)
	$(BIN)/python -m app.i18n.extract messages

clean:
	rm -rf $(VENV) $(TOOLS) .pytest_cache .ruff_cache .mypy_cache
