"""The server's logs: text (the default) or JSON lines, and never a secret.

``roadtrip serve --log-format json`` writes one JSON object per line on stderr:
``time`` (UTC, ISO 8601), ``level``, ``logger``, ``message``, ``pid``, and the
structured fields a line knows (:data:`FIELDS`: ``match``, ``seat``, ``seats``,
``game``, ``method``, ``route``, ``path``, ``status``, ``code``, ``duration_ms``,
``client``...), plus ``exception`` (the traceback) for an error.  A line that names
a match only in its words ("match abc... is set aside") gets its ``match`` field
from them, or from the request being served (:data:`MATCH`).

Secrets are kept out twice over.  First, none is ever put in a log line: tokens
travel in ``Authorization`` headers and WebSocket hellos, which are never logged;
invite links carry them after ``#``, which browsers never send; the request log
(:mod:`roadtrip.server.request_log`) writes the path without its query string; and
uvicorn's own access log, which would print the query string, stays off.  Second,
every line is passed through :func:`redact` as it is formatted, in both formats,
tracebacks included: a ``Bearer`` credential, a ``token=``/``t=`` parameter, a
``"token": "..."`` pair, a URL's password, and any token-shaped run of 24 or more
URL-safe characters after a ``/`` or a ``=`` (a token a client put in a path or a
query, which uvicorn's WebSocket lines would show) are replaced by ``[redacted]``.
"""

from __future__ import annotations

import json
import logging
import os
import re
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

LOG_FORMATS = ("text", "json")
LOG_LEVELS = ("debug", "info", "warning", "error")
# The level when none is asked: the text log stays as quiet as it always was; JSON
# lines are asked for to be collected, so they include the requests and matches.
DEFAULT_LEVEL = {"text": "warning", "json": "info"}

# Structured fields a line may carry (``logger.info(..., extra={...})``).
FIELDS = (
    "match",
    "seat",
    "seats",
    "game",
    "method",
    "route",
    "path",
    "status",
    "code",
    "duration_ms",
    "client",
    "close_code",
    "dependency",
)

# The match a request or WebSocket is about, while it is served (set by
# roadtrip.server.request_log): a line logged meanwhile gets it as ``match``.
MATCH: ContextVar[str | None] = ContextVar("roadtrip_match", default=None)

MOVES_LOGGER = "roadtrip.server.moves"  # a line per stored change (coordinator.py)

REDACTED = "[redacted]"
# (a word a line must hold for the pattern to be tried, the pattern, its
# replacement): most lines hold none of the words, and the test is far cheaper
# than the pattern (a JSON line costs a few microseconds more, not tens).
_SECRETS = [
    # Authorization: Bearer <token> (and Basic credentials)
    ("bearer", re.compile(r"(?i)\b(bearer)(\s+)[^\s\"',;]+"), rf"\1\2{REDACTED}"),
    ("basic", re.compile(r"(?i)\b(basic)(\s+)[^\s\"',;]+"), rf"\1\2{REDACTED}"),
    # token=..., t=..., access_token=..., password=... in a query or a fragment
    (
        "=",
        re.compile(
            r"(?i)([?&#;\s]|^)((?:access_|metrics_)?token|t|password|secret|key)=[^&\s#\"']+"
        ),
        rf"\1\2={REDACTED}",
    ),
    # "token": "...": a JSON or a Python dict's token
    ("token", re.compile(r"(?i)([\"']\w*token[\"']\s*:\s*[\"'])[^\"']+"), rf"\1{REDACTED}"),
    # a token-shaped run (tokens are 32 URL-safe characters; match ids 12) after a
    # slash or an equals sign: a token a client put in a URL's path or query
    ("/", re.compile(r"(/)[A-Za-z0-9_-]{24,}(?=[/?#&=\s\"',;)]|$)"), rf"\1{REDACTED}"),
    ("=", re.compile(r"(=)[A-Za-z0-9_-]{24,}(?=[/?#&=\s\"',;)]|$)"), rf"\1{REDACTED}"),
    # scheme://user:password@host
    ("://", re.compile(r"(\b[a-z][a-z0-9+.-]*://[^:/@\s]+:)[^@\s/]+@"), rf"\1{REDACTED}@"),
]
_MATCH_IN_WORDS = re.compile(r"\bmatch '?([A-Za-z0-9_-]{12})\b")


def redact(text: str) -> str:
    """``text`` with every secret it may hold replaced (see the module docstring)."""
    lowered = text.lower()
    for word, pattern, replacement in _SECRETS:
        if word in lowered:
            text = pattern.sub(replacement, text)
    return text


class TextFormatter(logging.Formatter):
    """``time level logger: message``, redacted."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


class JsonFormatter(logging.Formatter):
    """One JSON object per record, redacted (see the module docstring)."""

    def format(self, record: logging.LogRecord) -> str:
        message = redact(record.getMessage())
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": message,
            "pid": record.process or os.getpid(),
        }
        for name in FIELDS:
            value = record.__dict__.get(name)
            if value is not None:
                line[name] = redact(value) if name == "path" else value
        if "match" not in line:
            found = _MATCH_IN_WORDS.search(message)
            serving = MATCH.get()
            if found:
                line["match"] = found.group(1)
            elif serving is not None:
                line["match"] = serving
        if record.exc_info:
            line["exception"] = redact(self.formatException(record.exc_info))
        elif record.exc_text:
            line["exception"] = redact(record.exc_text)
        return json.dumps(line, default=str, ensure_ascii=False)


def json_line(logger: str, message: str, level: int = logging.INFO) -> str:
    """One JSON log line, written before logging is configured (the start-up banner)."""
    made = logging.LogRecord(logger, level, __file__, 0, message, None, None)
    return JsonFormatter().format(made)


def logging_config(log_format: str = "text", level: str | None = None) -> dict[str, Any]:
    """The ``logging.config.dictConfig`` of ``roadtrip serve`` (uvicorn's
    ``log_config``): one handler on stderr with the chosen format, for roadtrip's,
    uvicorn's and every library's loggers.  ``level``: roadtrip's and uvicorn's
    (default :data:`DEFAULT_LEVEL`); other libraries log warnings and worse.  The
    line per stored change (``roadtrip.server.moves``) shows only at ``debug``,
    unless its level was set before (benchmarks/soak_servers.py sets it to INFO)."""
    if log_format not in LOG_FORMATS:
        raise ValueError(f"the log format is one of {', '.join(LOG_FORMATS)}; got {log_format!r}")
    level = (level or DEFAULT_LEVEL[log_format]).lower()
    if level not in LOG_LEVELS:
        raise ValueError(f"the log level is one of {', '.join(LOG_LEVELS)}; got {level!r}")
    upper = level.upper()
    loggers: dict[str, Any] = {
        "roadtrip": {"level": upper},
        "uvicorn": {"level": upper},
        "uvicorn.error": {"level": upper},
        # uvicorn's access log prints query strings; it stays off (the request log
        # of roadtrip.server.request_log replaces it).
        "uvicorn.access": {"handlers": [], "propagate": False},
    }
    if logging.getLogger(MOVES_LOGGER).level == logging.NOTSET:  # else: set by the caller
        loggers[MOVES_LOGGER] = {"level": "DEBUG" if level == "debug" else "WARNING"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "text": {"()": TextFormatter},
            "json": {"()": JsonFormatter},
        },
        "handlers": {
            "default": {
                "class": "logging.StreamHandler",
                "formatter": log_format,
                "stream": "ext://sys.stderr",
            }
        },
        "root": {"handlers": ["default"], "level": "WARNING"},
        "loggers": loggers,
    }
