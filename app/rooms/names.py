"""Display names and chat text: what people type, cleaned and length-limited."""

from __future__ import annotations

import unicodedata

from app.rooms.errors import InvalidChat, InvalidName

# The refusals below say these numbers as literals: a socket's error is translated by its
# message id, which has no parameters (tests/web/test_error_language.py holds them equal).
NAME_MAX = 24
CHAT_MAX = 300


def _printable(text: str) -> bool:
    return not any(unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Co", "Cn"} for ch in text)


def clean_name(raw: object) -> str:
    if not isinstance(raw, str):
        raise InvalidName("A name must be text.")
    name = " ".join(raw.split())
    if not name:
        raise InvalidName("Please choose a name.")
    if len(raw) > NAME_MAX:  # as typed: what the API's schema says (maxLength)
        raise InvalidName("A name can be at most 24 characters long.")
    if not _printable(name):
        raise InvalidName("A name cannot contain control characters.")
    return name


def clean_chat(raw: object) -> str:
    if not isinstance(raw, str):
        raise InvalidChat("A chat message must be text.")
    text = raw.strip()
    if not text:
        raise InvalidChat()
    if len(raw) > CHAT_MAX:  # as typed: what the API's schema says (maxLength)
        raise InvalidChat("A chat message can be at most 300 characters long.")
    if not _printable(text.replace("\n", " ")):
        raise InvalidChat("A chat message cannot contain control characters.")
    return text
