"""The OpenAPI schema says what the server accepts (issue 35.4): schemathesis sends what
the schema allows and what it forbids to a real app process (`python -m app.serve` on a
migrated SQLite file) and checks every answer against the schema: no 5xx, every status
and body documented, what the schema forbids refused, what it allows not refused as
malformed. Stateless (each operation alone) and stateful (a room's code from one answer
into the next calls, the cookies kept, as a browser would), a bounded number of cases.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import hypothesis
import pytest
import requests
import schemathesis
from schemathesis import GenerationMode
from schemathesis.generation.stateful.state_machine import APIStateMachine

from app.db.engine import migrate_sync
from tests.processes import AppProcess

STATELESS = int(os.environ.get("SCHEMA_CASES", 1000))  # per mode, over every operation
STATEFUL = int(os.environ.get("SCHEMA_SCENARIOS", 60))  # scenarios of up to 10 calls
# Cases are generated, not shrunk: a failure is reported as found (with its curl line).
GENERATE = [hypothesis.Phase.explicit, hypothesis.Phase.generate]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppProcess]:
    folder = tmp_path_factory.mktemp("schema")
    url = f"sqlite+aiosqlite:///{folder / 'schema.sqlite3'}"
    migrate_sync(url)
    # The limits stay out of the way: what is checked is what each request gets.
    high = str(10**6)
    server = AppProcess(folder / "app.log", {
        "DATABASE_URL": url, "CHAT_PER_MINUTE": high, "ROOMS_PER_MINUTE": high,
        "REFUSED_MOVES_PER_MINUTE": high, "SEAT_CHANGES_PER_MINUTE": high,
        "SETTINGS_CHANGES_PER_MINUTE": high},
        app="app.main:app")
    server.start()
    yield server
    server.stop()
    print(f"\nschemathesis: {CALLS} requests")  # shown with -s
    assert "Traceback" not in server.log(), server.log()


# A request the schema allows may still be refused for what it means (422: a game's own
# player count or options, a name with control characters, a seat that is no seat...),
# but never as not understood: `malformed` answers only what the schema forbids.
CONFIG = {"checks": {"positive_data_acceptance": {
    "expected-statuses": ["2xx", "403", "404", "409", "422"]}}}


CALLS: dict[str, int] = {}  # requests made, by generation mode (the run's size)


@schemathesis.check
def schema_valid_is_understood(ctx: Any, response: Any, case: Any) -> bool | None:
    mode = str(case.meta.generation.mode) if case.meta is not None else "?"
    CALLS[mode] = CALLS.get(mode, 0) + 1
    if (case.meta is not None and case.meta.generation.mode.is_positive
            and response.status_code == 422 and response.json().get("code") == "malformed"):
        raise AssertionError(f"a schema-valid request refused as malformed: {response.text}")
    return None


@pytest.fixture(scope="module")
def api_schema(served: AppProcess) -> Any:
    return schemathesis.openapi.from_url(f"{served.url}/openapi.json",
                                         config=schemathesis.Config.from_dict(CONFIG))


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_every_operation_answers_as_its_schema_says(api_schema: Any, mode: Any) -> None:
    session = requests.Session()  # one kept-alive connection, as a client has

    @hypothesis.settings(max_examples=STATELESS, deadline=None, database=None,
                         phases=GENERATE, suppress_health_check=list(hypothesis.HealthCheck))
    @hypothesis.given(case=api_schema.as_strategy(generation_mode=mode))
    def answers(case: Any) -> None:
        case.call_and_validate(session=session)

    with session:
        answers()


def test_call_sequences_answer_as_the_schema_says(api_schema: Any) -> None:
    machine: type[APIStateMachine] = api_schema.as_state_machine()

    class Browser(machine):  # type: ignore[valid-type, misc]
        """One client per scenario whose cookies (host and seat tokens) carry over."""

        def setup(self) -> None:
            self.session = requests.Session()

        def teardown(self) -> None:
            self.session.close()

        def get_call_kwargs(self, case: Any) -> dict[str, Any]:
            return {"session": self.session}

    Browser.run(settings=hypothesis.settings(
        max_examples=STATEFUL, stateful_step_count=10, deadline=None, database=None,
        phases=GENERATE, suppress_health_check=list(hypothesis.HealthCheck)))


def test_a_405_names_the_methods_the_path_has(served: AppProcess) -> None:
    for method, path, allowed in (
        ("PUT", "/api/rooms", "GET, HEAD, POST"),
        ("GET", "/api/rooms/abc/start", "POST"),
        ("PATCH", "/api/rooms/abc/seats/1", "DELETE"),
        ("POST", "/healthz", "GET, HEAD"),
    ):
        answer = requests.request(method, served.url + path, timeout=10)
        assert answer.status_code == 405 and answer.headers["allow"] == allowed, path


def test_the_schema_states_the_bounds(api_schema: Any, served: AppProcess) -> None:
    raw = requests.get(f"{served.url}/openapi.json", timeout=10).json()
    models = raw["components"]["schemas"]
    assert models["ChatBody"]["properties"]["text"]["maxLength"] == 300
    assert models["TakeSeat"]["properties"]["name"]["maxLength"] == 24
    create = models["CreateRoom"]
    assert create["properties"]["game"]["enum"] == sorted(
        g["id"] for g in requests.get(f"{served.url}/api/games", timeout=10).json())
    assert (create["properties"]["seats"]["minimum"], create["properties"]["seats"]["maximum"]
            ) == (2, 6)
    assert models["MoveBody"]["properties"]["version"]["maximum"] == 2**53
    for name in ("CreateRoom", "TakeSeat", "MoveBody", "ChatBody", "AddBot",
                 "ChangeSettings"):
        assert models[name]["additionalProperties"] is False, name
    change = models["ChangeSettings"]  # a field left out stays as it is: no default
    assert change["minProperties"] == 1 and "required" not in change
    assert change["properties"]["turn_timer"]["enum"] == [0, 30, 60, 120, 300]
    assert not any("default" in prop for prop in change["properties"].values())
