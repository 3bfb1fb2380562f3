"""The thinking attack of issue 23: can one address take the bots' thinking away?

Starts ``roadtrip serve`` on a loopback port with a fresh SQLite database and the
default ``--bot-workers`` (one lane on two cores), then, for ``--seconds``:

* the **attacker**, from 127.0.0.2 (``--attacker-addresses N``: 127.0.0.2 up to
  127.0.0.(N+1)), keeps ``--bot-matches`` anonymous all-expert matches going (The
  Open Road, two ``expert`` riders; a finished one is replaced, at most
  ``--max-bot-matches`` in all) and runs ``--advice-threads`` threads that each
  ask for advice in a solo Road to 300 match of their own and then move, so that
  every request is a new position; a refused request (429) is retried after
  ``--retry-pause`` seconds;
* the **victim**, from 127.0.0.1, plays The Open Road against one ``expert``
  rider, moving at once when it is its turn, and polls the state every
  ``--poll`` seconds: an expert decision's latency is the time from the first
  poll that shows the expert to move to the first that shows it moved.  Every
  ``--victim-advice-every`` seconds at most (the default advice quota's rate) it
  asks for advice on its turn first and times the answer (one that times out,
  after 60 s, counts as status 0 and 60 s).

Prints p50/p99/max of both (the expert's decisions also by kind: the setup, which
the duel expert searches with a larger fixed budget, and the race), the attacker's
advice answers by status (429s included) and the bot moves of the attack, and
writes them as JSON with ``--json``.  ``--baseline S``: first, the victim plays
alone for S seconds, so the same figures show what its expert's budget costs on
this machine without the attack.  Loopback only; bounded in time and count; stops
by itself.

    PYTHONPATH=src python benchmarks/attack_thinking.py --seconds 120
    PYTHONPATH=src python benchmarks/attack_thinking.py --seconds 90 --clients-nice 10

``--clients-nice``: the clients (attacker and victim, in this process) run at a lower
priority than the server once it has started, as if they were other machines.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx

from load_servers import served

VICTIM = "127.0.0.1"
# The Open Road's setup (route cards kept, start chosen): the duel expert searches it
# with a fixed 64 samples a candidate, a larger budget than a race decision's second.
SETUP_PHASES = ("keep", "origin")


@dataclass
class Figures:
    expert: list[tuple[float, str]] = field(default_factory=list)  # (seconds, kind) a decision
    advice: list[float] = field(default_factory=list)  # victim's advice, seconds
    victim_advice_status: Counter[int] = field(default_factory=Counter)
    attacker_advice: Counter[int] = field(default_factory=Counter)
    bot_matches: int = 0
    victim_matches: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    baseline: list[tuple[float, str]] = field(default_factory=list)  # the victim alone
    lock: threading.Lock = field(default_factory=threading.Lock)


def client_from(base: str, address: str) -> httpx.Client:
    """An HTTP client whose connections come from ``address`` (a loopback one)."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=base, transport=transport, timeout=60)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: httpx.Client, game: str, bots: list[str | None]) -> dict[str, Any]:
    body = {
        "game": game,
        "options": {"players": len(bots)},
        "seats": [{"name": f"S{i}", "bot": b} for i, b in enumerate(bots)],
    }
    response = client.post("/api/matches", json=body)
    response.raise_for_status()
    created: dict[str, Any] = response.json()
    return created


def keep_bot_matches(
    base: str, address: str, args: argparse.Namespace, figures: Figures, stop: threading.Event
) -> None:
    """Keep ``--bot-matches`` all-expert matches going from ``address``."""
    with client_from(base, address) as client:
        live: list[dict[str, Any]] = []
        while not stop.is_set():
            while len(live) < args.bot_matches and figures.bot_matches < args.max_bot_matches:
                live.append(create(client, "open-road", ["expert", "expert"]))
                with figures.lock:
                    figures.bot_matches += 1
            for created in list(live):
                token = created["spectator"]["token"]
                state = client.get(f"/api/matches/{created['match']}/state", headers=auth(token))
                if state.status_code == 200 and state.json()["finished"]:
                    live.remove(created)
            stop.wait(2.0)


def ask_advice(
    base: str, address: str, args: argparse.Namespace, figures: Figures, stop: threading.Event
) -> None:
    """One attacker thread: advice, a move, advice... in a solo match of its own."""
    with client_from(base, address) as client:
        created = create(client, "road-to-300", [None])
        mid, token = created["match"], created["seats"][0]["token"]
        while not stop.is_set():
            try:
                answer = client.get(f"/api/matches/{mid}/advice", headers=auth(token))
                with figures.lock:
                    figures.attacker_advice[answer.status_code] += 1
                if answer.status_code == 429:
                    stop.wait(args.retry_pause)
                    continue
                state = client.get(f"/api/matches/{mid}/state", headers=auth(token)).json()
                if state["finished"]:
                    created = create(client, "road-to-300", [None])
                    mid, token = created["match"], created["seats"][0]["token"]
                    continue
                if state["choices"]:
                    body = {"action": state["choices"][0]["action"], "my_moves": state["my_moves"]}
                    client.post(f"/api/matches/{mid}/actions", json=body, headers=auth(token))
            except httpx.HTTPError as exc:
                with figures.lock:
                    figures.errors[f"attacker {type(exc).__name__}"] += 1
                stop.wait(args.retry_pause)


def victim(base: str, args: argparse.Namespace, figures: Figures, stop: threading.Event) -> None:
    """Play against one expert; time its decisions and some advice."""
    with client_from(base, VICTIM) as client:
        created = create(client, "open-road", [None, "expert"])
        figures.victim_matches += 1
        last_advice = 0.0
        waiting: tuple[int, float, str] | None = None  # (version, first seen, kind)
        while not stop.is_set():
            mid, token = created["match"], created["seats"][0]["token"]
            state = client.get(f"/api/matches/{mid}/state", headers=auth(token)).json()
            now = time.perf_counter()
            if waiting is not None and state["version"] != waiting[0]:
                figures.expert.append((now - waiting[1], waiting[2]))
                waiting = None
            if state["finished"]:
                created = create(client, "open-road", [None, "expert"])
                figures.victim_matches += 1
                continue
            if state["choices"]:
                if now - last_advice >= args.victim_advice_every:
                    last_advice = now
                    started = time.perf_counter()
                    try:
                        answer = client.get(f"/api/matches/{mid}/advice", headers=auth(token))
                    except httpx.TimeoutException:  # counted at the timeout (a lower bound)
                        figures.victim_advice_status[0] += 1
                        figures.advice.append(time.perf_counter() - started)
                        continue
                    figures.victim_advice_status[answer.status_code] += 1
                    if answer.status_code == 200:
                        figures.advice.append(time.perf_counter() - started)
                body = {"action": state["choices"][0]["action"], "my_moves": state["my_moves"]}
                client.post(f"/api/matches/{mid}/actions", json=body, headers=auth(token))
                continue
            if 1 in state["active_seats"] and waiting is None:
                phase = state.get("view", {}).get("phase")
                waiting = (state["version"], now, "setup" if phase in SETUP_PHASES else "race")
            stop.wait(args.poll)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(figures: Figures, args: argparse.Namespace) -> dict[str, Any]:
    def stats(values: list[float]) -> dict[str, float | int]:
        return {
            "n": len(values),
            "p50": round(percentile(values, 0.5), 3),
            "p99": round(percentile(values, 0.99), 3),
            "max": round(max(values), 3) if values else float("nan"),
        }

    def by_kind(decisions: list[tuple[float, str]]) -> dict[str, Any]:
        kinds = sorted({kind for _, kind in decisions})
        return {
            "all": stats([s for s, _ in decisions]),
            **{k: stats([s for s, kind in decisions if kind == k]) for k in kinds},
        }

    return {
        "seconds": args.seconds,
        "expert_decision_s": by_kind(figures.expert),
        "expert_decision_alone_s": by_kind(figures.baseline),
        "victim_advice_s": stats(figures.advice),
        "victim_advice_status": dict(figures.victim_advice_status),
        "attacker_advice_status": dict(figures.attacker_advice),
        "attacker_bot_matches": figures.bot_matches,
        "victim_matches": figures.victim_matches,
        "errors": dict(figures.errors),
    }


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--warmup", type=float, default=10.0, help="attack before measuring")
    parser.add_argument(
        "--baseline", type=float, default=0.0, help="seconds the victim plays alone first"
    )
    parser.add_argument("--bot-matches", type=int, default=20)
    parser.add_argument("--max-bot-matches", type=int, default=60)
    parser.add_argument("--advice-threads", type=int, default=24)
    parser.add_argument("--attacker-addresses", type=int, default=1)
    parser.add_argument("--retry-pause", type=float, default=0.1)
    parser.add_argument("--victim-advice-every", type=float, default=3.0)
    parser.add_argument("--poll", type=float, default=0.02)
    parser.add_argument("--bot-workers", type=int, default=None)
    parser.add_argument(
        "--clients-nice",
        type=int,
        default=0,
        help="lower the clients' priority by this much once the server runs (they stand "
        "in for other machines; 0: the clients compete with the server for the cores)",
    )
    parser.add_argument("--json", help="write the figures here")
    args = parser.parse_args(argv)
    if not 1 <= args.attacker_addresses <= 200 or args.seconds > 1800:
        parser.error("1-200 attacker addresses, at most 1800 seconds")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    figures = Figures()
    stop = threading.Event()
    with served(bot_workers=args.bot_workers) as bases:
        if args.clients_nice > 0:
            os.nice(args.clients_nice)  # the server started at the usual priority
        base = bases[0]
        if args.baseline > 0:  # the victim alone: what its expert's budget costs here
            alone, quiet = Figures(), threading.Event()
            lone = threading.Thread(target=victim, args=(base, args, alone, quiet), daemon=True)
            lone.start()
            quiet.wait(args.baseline)
            quiet.set()
            lone.join(timeout=90)
            figures.baseline = alone.expert
        addresses = [f"127.0.0.{2 + i}" for i in range(args.attacker_addresses)]
        threads = [
            threading.Thread(
                target=keep_bot_matches, args=(base, addresses[0], args, figures, stop)
            )
        ]
        threads += [
            threading.Thread(
                target=ask_advice, args=(base, addresses[i % len(addresses)], args, figures, stop)
            )
            for i in range(args.advice_threads)
        ]
        for thread in threads:
            thread.daemon = True
            thread.start()
        stop.wait(args.warmup)
        victim_thread = threading.Thread(target=victim, args=(base, args, figures, stop))
        victim_thread.daemon = True
        victim_thread.start()
        stop.wait(args.seconds)
        stop.set()
        for thread in [*threads, victim_thread]:
            thread.join(timeout=90)
    result = summary(figures, args)
    print(json.dumps(result, indent=2))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(result, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
