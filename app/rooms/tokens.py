"""Secrets: room codes, seat and host tokens, and how tokens are stored (hashed).

A token is 256 random bits in URL-safe base64; only its SHA-256 reaches the database,
so a leaked database does not let anyone sit in someone else's seat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

# No 0/O, 1/I/L: codes are read aloud and typed from phones.
CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
CODE_LENGTH = 10  # 31**10 ~ 2**49.5: not guessable by walking the space


def new_room_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str | None, stored_hash: str | None) -> bool:
    if not token or not stored_hash:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


def new_seed() -> int:
    return secrets.randbits(62)
