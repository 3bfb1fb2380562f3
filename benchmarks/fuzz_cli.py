"""The command line both fuzzers share (fuzz_ws.py, fuzz_http.py): how many cases,
the seed, in-process or against a served app, and where to write the JSON; the exit
code says whether everything counted was 0."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

Fuzz = Callable[..., dict[str, Any]]


def fuzz_main(fuzz: Fuzz, description: str, argv: list[str] | None = None) -> int:
    """Parse ``argv``, run ``fuzz(cases, seed, in_process, verbose=True)``, print (and
    with ``--out`` write) its summary; 0 when the summary is ``ok``, else 1."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--in-process", action="store_true", help="the ASGI app, no server")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    summary = fuzz(args.cases, args.seed, args.in_process, verbose=True)
    print(json.dumps(summary, indent=2))
    if args.out:
        args.out.write_text(json.dumps(summary, indent=2) + "\n")
    return 0 if summary["ok"] else 1
