"""Seat tokens: unguessable secrets, stored and logged only as hashes."""

from __future__ import annotations

import hashlib
import secrets

TOKEN_BYTES = 24  # 192 bits; token_urlsafe gives 32 characters


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_match_id() -> str:
    return secrets.token_urlsafe(9)  # 12 characters, URL-safe


def new_seed() -> int:
    return secrets.randbits(62)
