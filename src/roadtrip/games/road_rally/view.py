"""What each seat sees of Road Rally USA.

Public: the track, cars and their order, points, checkpoint tiles, rally chips,
revealed rally cards, every played card (discard piles), and the counts of each
player's hand, deck and unrevealed rally cards.  Private to a seat: its hand, its
unrevealed rally cards, and the top cards it saw at a Mechanic.  Nobody sees the
order of any deck beyond that.  A reveal or reward question is put to several seats
at once: until all have answered, the others see only who has answered
(``chosen_seats``); a reward takes effect (points, ``rally_results``) when all have.
"""

from __future__ import annotations

from typing import Any

from roadtrip.games.road_rally.data import CARD_TYPES, COLOR_NAMES, NUM_TYPES
from roadtrip.games.road_rally.race import (
    GAS_CHOICE,
    MECH,
    PLAY,
    REVEAL,
    REWARD,
    SHORTCUT,
    RaceData,
)

CARD_INFO = [
    {"type": i, "color": COLOR_NAMES[c.color], "value": c.value, "name": c.name}
    for i, c in enumerate(CARD_TYPES)
]


def track_view(state: RaceData) -> dict[str, Any]:
    track = state._game.track
    return {
        "tiles": list(track.tiles),
        "length": track.length,
        "finish": track.finish,
        "features": list(track.features),
        "shortcuts": [[a, b] for a, b in sorted(track.shortcut.items())],
        "rally_points": [
            {"number": n, "space": s, "status": state.rally_status[n]}
            for n, s in sorted(track.rally_space.items())
        ],
        "checkpoints": [
            {"space": s, "holder": state.checkpoint_holder[i]}
            for i, s in enumerate(track.checkpoint_space)
        ],
    }


def result_view(result: dict[str, Any]) -> dict[str, Any]:
    """A rally (or finish) result as fresh JSON data: seats as string keys."""
    out = {k: v for k, v in result.items() if k not in ("earned", "took_cards")}
    out["earned"] = {str(seat): points for seat, points in result.get("earned", {}).items()}
    out["took_cards"] = list(result.get("took_cards", []))
    return out


def player_view(state: RaceData, seat: int) -> dict[str, Any]:
    cards = state.cards[seat]
    totals = state.totals()
    return {
        "seat": seat,
        "space": state.position[seat],
        "points": state.points[seat],
        "total": totals[seat],
        "hand_size": cards.hand_size,
        "deck_size": cards.deck_size,
        "discard": list(cards.discard),
        "rally_cards_hidden": len(state.rally_hand[seat]),
        "rally_revealed": list(state.rally_revealed[seat]),
        "checkpoints": sum(1 for h in state.checkpoint_holder if h == seat),
        "chips": list(state.chips[seat]),
        "finished": seat in state.finishers,
    }


def build_view(state: RaceData, seat: int | None) -> dict[str, Any]:
    mine: dict[str, Any] | None = None
    if seat is not None:
        cards = state.cards[seat]
        mine = {
            "hand": list(cards.hand),
            "rally_cards": list(state.rally_hand[seat]),
            "known_top": list(cards.known_top),
            "mechanic_cards": list(state.mech_cards)
            if state.mode == MECH and state.mover == seat
            else None,
            "mechanic_order": list(state.mech_order)
            if state.mode == MECH and state.mover == seat
            else None,
            "reward_points": state.reward_points.get(seat) if state.mode == REWARD else None,
        }
    return {
        "game": "road-rally",
        "you": seat,
        "players": len(state.position),
        "round": state.round,
        "phase": state.mode_name,
        "final_round": state.final_round,
        "mover": state.mover if state.mode in (PLAY, MECH, SHORTCUT, GAS_CHOICE) else None,
        "mechanic_placements_left": state.mechanic_placements_left(),
        "gas_draws": state.gas_draws if state.mode == GAS_CHOICE else None,
        "active_seats": list(state.active_seats()),
        "order": state.race_order(),
        "turn_order": list(state.turn_order),
        "selected": list(state.selected) if state.mode == PLAY else [0] * NUM_TYPES,
        "rainbow": state.rainbow if state.mode == PLAY else False,
        "rally_current": state.rally_current if state.mode in (REVEAL, REWARD) else None,
        "deciding": sorted(state.deciding) if state.mode in (REVEAL, REWARD) else [],
        # Who has answered the reveal or reward question under way, never what.
        "chosen_seats": sorted(state.chosen) if state.mode in (REVEAL, REWARD) else [],
        "crossed_this_round": list(state.crossed),
        "finishers": list(state.finishers),
        "rally_results": [result_view(r) for r in state.rally_results],
        "cards": CARD_INFO,
        "track": track_view(state),
        "cars": [player_view(state, s) for s in range(len(state.position))],
        "mine": mine,
        "winners": state.winners() if state.is_terminal() else None,
    }
