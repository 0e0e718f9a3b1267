"""`read_client`: the short way for a move accepts exactly what strict_json and the
wire models accept, makes the same move, and refuses everything else with the same
error the whole way gives."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from app.web.errors import BadBody, wire_error
from app.web.middleware.bodies import strict_json
from app.web.socket.incoming import BAD_ID, Move, id_of, read_client
from app.web.socket.protocol import MoveIn, client_message

CASES = [
    '{"type": "move", "version": 3, "move": {"card": "D7", "to": "arena"}}',
    '{"type":"move","version":0,"move":{}}',
    '{"move": {"edge": 2, "ok": true, "x": null}, "version": 9007199254740992, "type": "move"}',
    '{"type": "move", "version": 3, "move": {"cards": ["D7", "S6", 2]}}',
    # where the short way could differ from pydantic: each must give the whole way's answer
    '{"type": "move", "version": true, "move": {}}',
    '{"type": "move", "version": 3.0, "move": {}}',
    '{"type": "move", "version": "3", "move": {}}',
    '{"type": "move", "version": -1, "move": {}}',
    '{"type": "move", "version": 9007199254740993, "move": {}}',
    '{"type": "move", "version": 123456789012345678901234, "move": {}}',
    '{"type": "move", "version": 3, "move": {"n": 9007199254740993}}',
    '{"type": "move", "version": 3, "move": {"n": 1.5}}',
    '{"type": "move", "version": 3, "move": {"n": 123456789012345678901234}}',
    '{"type": "move", "version": 3, "move": {"n": [1e400]}}',
    '{"type": "move", "version": 3, "move": {"n": NaN}}',
    '{"type": "move", "version": 3, "move": {"n": {"deep": [1, {"x": 2}]}}}',
    '{"type": "move", "version": 3, "move": {"n": [[1], [2]]}}',
    '{"type": "move", "version": 3, "move": {"n": [1.5]}}',
    '{"type": "move", "version": 3, "move": {"n": "\\ud800"}}',
    '{"type": "move", "version": 3, "move": {"\\ud800": 1}}',
    '{"type": "move", "version": 3, "move": ["D7"]}',
    '{"type": "move", "version": 3, "move": null}',
    '{"type": "move", "version": 3}',
    '{"type": "move", "version": 3, "move": {}, "extra": 1}',
    '{"type": "move", "version": 3, "extra": {}}',
    '{"type": "Move", "version": 3, "move": {}}',
    '{"type": "chat", "version": 3, "move": {}}',
    '{"type": "move", "type": "chat", "version": 3, "move": {}}',
    '{"type": "chat", "type": "move", "version": 3, "move": {}}',
    '{"type": "move", "version": 1, "version": 2, "move": {"a": 1, "a": "b"}}',
    '{"type": "move", "version": 3, "move": {"n": 1}} ',
    '{"type": "move", "version": 3, "move": {"n": 1}}x',
    '{"type": "chat", "text": "hi"}',
    '{"type": "back"}',
    # a move's and a chat line's id (docs/contracts.md §3)
    '{"type": "move", "version": 3, "move": {"card": "D7"}, "id": "m17"}',
    '{"id": "", "type": "move", "version": 3, "move": {}}',
    '{"type": "move", "version": 3, "move": {"n": 1.5}, "id": "m2"}',
    '{"type": "move", "version": -1, "move": {}, "id": "m3"}',
    '{"type": "move", "version": 3, "move": {}, "id": "m4", "extra": 1}',
    '{"type": "chat", "text": "hi", "id": "c1"}',
    '[{"type": "move", "version": 3, "move": {}}]',
    '"move"',
    "",
    "{'type': 'move'}",
]


def whole_way(text: str) -> Any:
    message = client_message.validate_python(strict_json(text))
    if isinstance(message, MoveIn):
        return Move(message.version, message.move, message.id)
    return message


def outcome(read: Any, text: str) -> Any:
    try:
        got = read(text)
    except Exception as exc:  # the error is what is compared
        return ("error", type(exc), wire_error(exc).model_dump())
    return ("ok", type(got), got, [type(v) for v in getattr(got, "move", {}).values()])


@pytest.mark.parametrize("text", CASES)
def test_the_short_way_answers_as_the_whole_way(text: str) -> None:
    assert outcome(read_client, text) == outcome(whole_way, text)


def test_a_plain_move_is_read() -> None:
    got = read_client('{"type": "move", "version": 7, "move": {"card": "D7", "edge": 2}}')
    assert got == Move(7, {"card": "D7", "edge": 2}) and type(got.version) is int


@pytest.mark.parametrize("version", ["true", '"2"', "1.0", "false"])
def test_a_version_that_is_not_a_plain_number_is_refused(version: str) -> None:
    """As POST /moves refuses it: `true` is not version 1, nor "2" version 2."""
    text = f'{{"type": "move", "version": {version}, "move": {{"card": "D7"}}}}'
    with pytest.raises(ValidationError):
        read_client(text)


@pytest.mark.parametrize("message", ['"type": "move", "version": 3, "move": {"card": "D7"}',
                                     '"type": "chat", "text": "hi"'])
@pytest.mark.parametrize("ident", ['"' + "x" * 41 + '"', "17", "null", "[]", '{"id": "m"}',
                                   "true", '"m1", "id": 17'])
def test_an_id_that_is_not_short_text_is_refused_with_its_reason(
    message: str, ident: str,
) -> None:
    text = f"{{{message}, \"id\": {ident}}}"
    with pytest.raises(BadBody) as refused:
        read_client(text)
    assert str(refused.value) == BAD_ID == "An id must be text of at most 40 characters."
    assert id_of(text) is None  # nor is it named in the answer


def test_forty_characters_are_an_id_and_a_refused_message_still_names_it() -> None:
    move = read_client('{"type": "move", "version": 3, "move": {}, "id": "' + "x" * 40 + '"}')
    assert move == Move(3, {}, "x" * 40)
    for text in ('{"type": "move", "version": "3", "move": {}, "id": "m9"}',
                 '{"type": "chat", "text": 5, "id": "m9"}'):
        with pytest.raises(ValidationError):
            read_client(text)
        assert id_of(text) == "m9"
    assert id_of('{"type": "back", "id": "m9"}') is None  # only moves and chat have ids
    assert id_of("not json") is None
