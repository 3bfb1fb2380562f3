"""Account names and passwords: the rules, and Argon2 hashing (argon2-cffi).

A name follows the rules of seat names (:func:`roadtrip.server.seats.check_name`:
trimmed, 1 to 40 characters) and is compared case-folded after Unicode NFKC, so
"Ann", "ANN" and "Ａnn" are one account.  A password has 8 to 256 characters (the
bound keeps one request from costing the hasher more than a password's worth).
Passwords are hashed with argon2-cffi's ``PasswordHasher`` (Argon2id, its
defaults) and never kept, compared or logged in clear.  Checking a password for a
name that has no account verifies it against a dummy hash, so that a refused
log-in takes as long whether the name exists or not.
"""

from __future__ import annotations

import secrets
import threading
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from roadtrip.core.errors import RoadtripError
from roadtrip.server.seats import SetupError, check_name

PASSWORD_MIN = 8
PASSWORD_MAX = 256
# Argon2 with its defaults takes 64 MiB and a few hundred milliseconds of CPU (four
# lanes): at most this many at once, so that a crowd of log-ins (each address within
# its quota) cannot take the server's memory or every worker thread; a request
# that cannot start one within HASH_WAIT seconds is answered 503 busy.
HASHING_AT_ONCE = 2
HASH_WAIT = 10.0


class AccountError(RoadtripError, ValueError):
    """An account name or password that breaks the rules (the message says which)."""


class HashingBusy(RoadtripError):
    """Too many passwords are being checked at once; try again in a few seconds."""


def account_name(name: str) -> str:
    """The name as it will be shown (trimmed), or AccountError naming the rule."""
    try:
        cleaned = check_name(name, "An account name")
    except SetupError as exc:
        raise AccountError(str(exc)) from None
    if not cleaned:
        raise AccountError("an account name needs at least one character besides spaces")
    return cleaned


def name_key(name: str) -> str:
    """The name as compared: NFKC, case-folded, trimmed."""
    return unicodedata.normalize("NFKC", name).casefold().strip()


def check_password(password: str) -> str:
    """The password unchanged, or AccountError naming the rule it breaks."""
    if len(password) < PASSWORD_MIN:
        raise AccountError(f"a password needs at least {PASSWORD_MIN} characters")
    if len(password) > PASSWORD_MAX:
        raise AccountError(f"a password may have at most {PASSWORD_MAX} characters")
    return password


class Passwords:
    """Hash and verify passwords (thread-safe; each call costs one Argon2 hash,
    tens of milliseconds: call it off the event loop)."""

    def __init__(
        self,
        hasher: PasswordHasher | None = None,
        at_once: int = HASHING_AT_ONCE,
        wait: float = HASH_WAIT,
    ) -> None:
        self.hasher = hasher or PasswordHasher()
        self.wait = wait
        self._dummy: str | None = None
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(at_once)

    @contextmanager
    def slot(self) -> Iterator[None]:
        """One of the hashing slots, for one hash (HashingBusy after ``wait``)."""
        if not self._slots.acquire(timeout=self.wait):
            raise HashingBusy("too many log-ins at once; try again in a few seconds")
        try:
            yield
        finally:
            self._slots.release()

    def hash(self, password: str) -> str:
        with self.slot():
            return self.hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored`` (None: no such account, checked
        against the dummy hash all the same, and False)."""
        against = stored if stored is not None else self.dummy()
        try:
            with self.slot():
                self.hasher.verify(against, password)
        except (VerificationError, InvalidHashError):
            return False
        return stored is not None

    def dummy(self) -> str:
        """A hash of a random password with this hasher's parameters (made once)."""
        with self._lock:
            if self._dummy is None:
                with self.slot():
                    self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
            return self._dummy
