"""`strict_json`: orjson first, the strict json.loads path for what orjson refuses or may
read differently (a float could be a too large integer); the same answers either way."""

from __future__ import annotations

import pytest

from app.web.middleware.bodies import BadBody, strict_json


@pytest.mark.parametrize(("text", "value"), [
    ('{"type": "move", "version": 3, "move": {"card": "D7", "edge": 2}}',
     {"type": "move", "version": 3, "move": {"card": "D7", "edge": 2}}),
    ("[-9007199254740992, 1.5, true, null]", [-9007199254740992, 1.5, True, None]),
    ('{"a": 1, "a": 2}', {"a": 2}),
])
def test_good_json_is_read(text: str, value: object) -> None:
    got = strict_json(text)
    assert got == value and [type(v) for v in got] == [type(v) for v in value]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "reason"), [
    ('{"a": NaN}', "NaN is not a JSON number."),
    ("[9007199254740993]", "A number in the message is too large."),
    ("[123456789012345678901234]", "A number in the message is too large."),
    ('{"x": 1.5, "y": 123456789012345678901234}', "A number in the message is too large."),
    ('"\\ud800"', "The text holds characters that are not allowed."),
    ("[" * 40 + "]" * 40, "The message is nested too deeply."),
    ("{'a': 1}", "The body is not valid JSON."),
])
def test_bad_json_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(BadBody) as caught:
        strict_json(text)
    assert str(caught.value) == reason or reason in repr(caught.value.args)
