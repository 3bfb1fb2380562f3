"""Public profiles (issue 28 item 3): an account's finished matches and figures.

``GET /api/accounts/{name}`` is public, like a player's page on a games site: the
account's name, its finished matches (game, date, seats, result, whether rated,
and the API paths of the replay and the stored review, which the viewer opens
with a seat or spectator token of its own, the account's own devices getting one
from ``POST /api/account/links``), figures per game (matches, wins, mean score;
for a solo game the win rate and the mean number of rounds) and its ratings.
Nothing private is in it: no session, no token, no setting, and no match still
being played (its seats' hidden hands stay hidden).  The matches are replayed
from the store (at most ``MAX_PROFILE``, the newest claimed), on a worker thread;
a finished match never changes, so its entry is kept (``REMEMBERED`` per process)
and a page asked again, by anyone, replays nothing it has replayed already.
"""

from __future__ import annotations

import threading
from collections import OrderedDict, defaultdict
from typing import Any

from fastapi import FastAPI

from roadtrip.core.registry import load_game
from roadtrip.core.state import State
from roadtrip.server.account_store import AccountStore
from roadtrip.server.accounts import grants_of
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.errors import error_responses
from roadtrip.server.match_errors import NotFound
from roadtrip.server.passwords import name_key
from roadtrip.server.rating_store import RatingStore
from roadtrip.server.seats import display_names
from roadtrip.server.storage import StoredMatch

MAX_PROFILE = 50  # matches replayed for one profile (as many as "Your matches" lists)
REMEMBERED = 2048  # finished matches' entries kept by a process


def final_state(stored: StoredMatch) -> State:
    """The state a stored match ended in (its actions replayed on its seed's game)."""
    state = load_game(stored.game, **stored.options).new_initial_state()
    for seat, action in stored.actions:
        state.apply_action(action, seat)
    return state


def match_entry(stored: StoredMatch, seats: tuple[int, ...], rated: bool) -> dict[str, Any]:
    """One finished match as the profile lists it, for the account's ``seats``."""
    state = final_state(stored)
    scores = [float(s) for s in state.scores()]
    winners = state.winners()
    mid = stored.id
    return {
        "match": mid,
        "game": stored.game,
        "created_at": stored.created_at,
        "players": display_names(stored.seats),
        "seats": list(seats),
        "scores": scores,
        "winners": winners,
        "won": any(s in winners for s in seats),
        "rounds": state.rounds_played(),
        "rated": rated,
        "replay": f"/api/matches/{mid}/replay",
        "review": f"/api/matches/{mid}/review",
    }


def figures(entries: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per game: matches, wins, mean score; solo matches apart (win rate, mean rounds)."""
    by_game: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for entry in entries:
        by_game[entry["game"]].append(entry)
    out: dict[str, dict[str, Any]] = {}
    for game, played in sorted(by_game.items()):
        mine = [e["scores"][e["seats"][0]] for e in played]
        solo = [e for e in played if len(e["players"]) == 1]
        figure: dict[str, Any] = {
            "matches": len(played),
            "wins": sum(1 for e in played if e["won"]),
            "mean_score": round(sum(mine) / len(mine), 2),
        }
        if solo:
            rounds = [e["rounds"] for e in solo if e["rounds"] is not None]
            figure["solo"] = {
                "matches": len(solo),
                "win_rate": round(sum(1 for e in solo if e["won"]) / len(solo), 3),
                "mean_rounds": round(sum(rounds) / len(rounds), 2) if rounds else None,
            }
        out[game] = figure
    return out


def install_profiles(
    app: FastAPI, coordinator: Coordinator, accounts: AccountStore, ratings: RatingStore
) -> None:
    """Add ``GET /api/accounts/{name}``."""
    known: OrderedDict[tuple[str, tuple[int, ...]], dict[str, Any]] = OrderedDict()
    lock = threading.Lock()

    def entry_of(match_id: str, seats: tuple[int, ...]) -> dict[str, Any] | None:
        """The finished match's entry (None while it is being played)."""
        with lock:
            entry = known.get((match_id, seats))
        if entry is not None:
            return entry
        stored = coordinator.store.load(match_id)
        if stored is None or not stored.finished:
            return None
        entry = match_entry(stored, seats, coordinator.ratings.rated(match_id))
        with lock:
            known[(match_id, seats)] = entry
            while len(known) > REMEMBERED:
                known.popitem(last=False)
        return entry

    @app.get("/api/accounts/{name}", responses=error_responses(NotFound))
    def profile(name: str) -> dict[str, Any]:
        """An account's public page: finished matches, figures per game, ratings."""
        account = accounts.account_named(name_key(name))
        if account is None:
            raise NotFound(f"no account named {name!r}")
        entries = []
        for grant, _claimed in grants_of(accounts.account_seats(account.id, MAX_PROFILE)):
            entry = entry_of(grant.match_id, grant.seats)
            if entry is not None:
                entries.append(entry)
        entries.sort(key=lambda e: -float(e["created_at"]))
        return {
            "name": account.name,
            "created_at": account.created_at,
            "matches": entries,
            "games": figures(entries),
            "ratings": [
                {
                    "game": r.game,
                    "rating": round(r.conservative, 2),
                    "mu": round(r.mu, 2),
                    "sigma": round(r.sigma, 2),
                    "matches": r.matches,
                }
                for r in sorted(ratings.ratings(account_id=account.id), key=lambda r: r.game)
            ],
        }
