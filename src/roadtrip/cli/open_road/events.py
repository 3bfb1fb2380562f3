"""The Open Road's events in words: one line for each thing that happened.

Each decision and chance draw of the history becomes at most a line or two: a ride
with its dots and what it paid ("Player 2 rides 3 dots to Denver, CO: Heartland city
(energy 4 → 6, money 3 → 8)"), a card played with what it did to whom, a draw, the
hotel, a trade, the road closure with the road it cuts.  What changed is read from
the spectator views before and after (everything in The Open Road is face up), so
the cubes a line reports are exactly the engine's.  Then the automatic steps: a lost
turn, a Better Tent's energy, a new round, the end of the race.  Route cards drawn
in setup are told once, when the rider chooses where to start.
"""

from __future__ import annotations

from typing import Any, cast

from roadtrip.cli.open_road.draw import Names, closure_text, dots, town
from roadtrip.core import CHANCE, State
from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road.actions import BOARD
from roadtrip.games.open_road.cards import MOTHER_LODE_KINDS, PLAYING_CARD_KINDS, CardKind
from roadtrip.games.open_road.flow import D_CARD, D_ML, D_SIDE
from roadtrip.games.open_road.playing import targets
from roadtrip.games.open_road.riding import MAX_CUBES
from roadtrip.games.open_road.rules import OpenRoadState
from roadtrip.games.open_road.texts import card_effect


def _rs(state: State) -> OpenRoadState:
    return cast(OpenRoadState, state)


def _cards_gone(old: dict[str, int], new: dict[str, int]) -> str:
    parts = []
    for kind in PLAYING_CARD_KINDS:
        gone = old.get(kind.key, 0) - new.get(kind.key, 0)
        if gone > 0:
            parts.append(kind.name + (f" ×{gone}" if gone > 1 else ""))
    return ", ".join(parts)


# ------------------------------------------------------------------ changes
def _rider_changes(old: dict[str, Any], new: dict[str, Any], moved: bool) -> list[str]:
    """'energy 3 → 0, back to Denver, CO': the cubes that changed (a rider's energy
    always after their ride) and a move not their own."""
    parts = []
    for cube in ("energy", "money"):
        if old[cube] != new[cube] or (moved and cube == "energy"):
            parts.append(f"{cube} {old[cube]} → {new[cube]}")
    if old["dot"] != new["dot"] and old["dot"] >= 0 and not moved:
        broke = " (bankrupt)" if new["money"] == 0 and old["money"] > 0 else ""
        parts.append(f"back to {new['at']}{broke}")
    return parts


def changes(
    bv: dict[str, Any],
    av: dict[str, Any],
    mover: int,
    names: Names,
    rode: bool = False,
    named: bool = False,
) -> str:
    """'energy 5 → 3; Player 3: money 4 → 2': every rider's cubes and forced moves
    (the mover's own unnamed unless ``named``; a ride's move is not told)."""
    fragments = []
    for old, new in zip(bv["riders"], av["riders"], strict=True):
        seat = old["seat"]
        parts = _rider_changes(old, new, rode and seat == mover)
        if parts:
            who = "" if seat == mover and not named else f"{names.obj(seat)}: "
            fragments.append(who + ", ".join(parts))
    return "; ".join(fragments)


# ------------------------------------------------------------------ chance
def _chance(b: OpenRoadState, action: int, names: Names) -> list[str]:
    deck, owner, new = b.draw
    if deck == D_CARD:
        card = PLAYING_CARD_KINDS[action - A.CARD_BASE].name
        return [f"{names.says(owner, 'pick')} up {card}."]
    if deck == D_ML:
        kind = MOTHER_LODE_KINDS[action - A.MOTHER_LODE_CARD_BASE]
        effect = card_effect(kind, b.game_rules)
        return [f"{names.says(owner, 'draw')} the Mother Lode card {kind.name}: {effect}."]
    if deck != D_SIDE and new:
        city = BOARD.dots[action - A.CITY_BASE].name
        return [f"{names.says(owner, 'draw')} a new Heartland card: {city}."]
    return []  # setup draws: told when the rider chooses where to start


# ------------------------------------------------------------------ decisions
def _ride(b: OpenRoadState, seat: int, action: int, a: OpenRoadState, names: Names) -> str:
    """'rides 3 dots to Denver, CO: Heartland city' (a Tune Up cruise too)."""
    cruise = b.mode_name == "cruise"
    count = b.ride_length(seat, action, cruise)
    name = BOARD.dots[action].name
    if cruise:
        text = f"{names.says(seat, 'cruise')} {dots(count)} to {name} on a Tune Up"
    else:
        text = f"{names.says(seat, 'ride')} {dots(count)} to {name}"
    old, new = b.view(None)["riders"][seat], a.view(None)["riders"][seat]
    drawing = a.mode_name == "draw" and a.draw[2]  # a new Heartland card is being drawn
    notes = []
    if new["heartland"] != old["heartland"] or drawing:
        notes.append("Heartland city")
    if len(new["side_trip_paid"]) > len(old["side_trip_paid"]) or (
        new["money"] > old["money"] and not notes
    ):
        notes.append("Side Trip city")
    return text + (": " + " and ".join(notes) if notes else "")


def _kind(card: int) -> CardKind:
    if card < A.MOTHER_LODE_BASE:
        return PLAYING_CARD_KINDS[card - A.PLAY_BASE]
    return MOTHER_LODE_KINDS[card - A.MOTHER_LODE_BASE]


def _card(
    b: OpenRoadState,
    seat: int,
    card: int,
    target: int | None,
    after: OpenRoadState,
    names: Names,
) -> str:
    """'plays Headwind against Player 3', with what it did beyond the cubes."""
    kind = _kind(card)
    text = f"{names.says(seat, 'play')} {kind.name}"
    if kind.key == "peloton":
        return text + ": rides go twice as far this turn"
    if kind.key == "lottery_ticket":
        return text + ": 3 playing cards, and a bonus waiting at the Heartland city"
    if target is None:
        return text
    old, new = b.view(None)["riders"][target], after.view(None)["riders"][target]
    text += f" against {names.obj(target)}"
    effects = []
    if new["loses_next_turn"] and not old["loses_next_turn"]:
        effects.append(f"{names.says(target, 'lose')} {names.their(target)} next turn")
    stolen = _cards_gone(old["cards"], new["cards"])
    if stolen:
        effects.append(f"{names.verb(seat, 'take')} {stolen}")
    if not effects and not _rider_changes(old, new, False) and after.mode_name != "pick":
        effects.append("no effect")
    return text + (": " + "; ".join(effects) if effects else "")


def _play(b: OpenRoadState, seat: int, card: int, after: OpenRoadState, names: Names) -> str:
    """A card played from the pannier; its target named when it was the only one."""
    if after.mode_name in ("target", "credit", "close", "cruise"):
        return ""  # told with the decision that follows
    kind = _kind(card)
    target = None
    if kind.against and kind.key not in ("slow_leak", "road_closure"):
        possible = targets(b, seat, card)
        target = possible[0] if len(possible) == 1 else None
    return _card(b, seat, card, target, after, names)


def _decision(
    before: State, seat: int, action: int, after: State, names: Names
) -> tuple[str, bool]:
    """The line for a decision (without the cube changes), and whether it was a ride."""
    b, a = _rs(before), _rs(after)
    mode = b.mode_name
    bv, av = before.view(None), after.view(None)
    if mode in ("act", "cruise") and action < A.N_DOTS:
        return _ride(b, seat, action, a, names), True
    if mode == "origin":
        rider = av["riders"][seat]
        far = rider["remaining"]
        cities = ", ".join(town(c) for c in rider["side_trip_cities"])
        return (
            f"{names.says(seat, 'start')} from {rider['origin']} for {rider['destination']} "
            f"({dots(far)}); Heartland {rider['heartland']}; Side Trip {rider['side_trip']} "
            f"({cities})",
            False,
        )
    if mode == "keep":
        return "", False
    if action == A.PICK_UP:
        got = _cards_gone(av["riders"][seat]["cards"], bv["riders"][seat]["cards"])
        return (f"{names.says(seat, 'pick')} up {got}" if got else ""), False
    if A.PLAY_BASE <= action < A.MOTHER_LODE_BASE + A.N_ML and action != A.TRADE_FOR_MOTHER_LODE:
        return _play(b, seat, action, a, names), False
    if action == A.TRADE_FOR_MOTHER_LODE:
        gone = _cards_gone(bv["riders"][seat]["cards"], av["riders"][seat]["cards"])
        return f"{names.says(seat, 'trade')} 5 playing cards for a Mother Lode card" + (
            f" ({gone} to the discards)" if gone else ""
        ), False
    if action == A.TRADE_MONEY:
        return f"{names.says(seat, 'trade')} 3 Extra Money cards for 7 money", False
    if action == A.CASH_IN:
        return f"{names.says(seat, 'cash')} in 5 money for 2 energy", False
    if action == A.HOTEL:
        return f"{names.says(seat, 'stay')} in a hotel in {bv['riders'][seat]['at']}", False
    if action == A.NO_HOTEL:
        return f"{names.says(seat, 'ride')} on without a hotel", False
    if mode == "target":
        return _card(b, seat, b.pending, action - A.TARGET_BASE, a, names), False
    if mode == "pick":
        kind = PLAYING_CARD_KINDS[action - A.KIND_BASE].name
        if b.pick_purpose == "trade":
            return f"{names.says(seat, 'give')} up {kind}", False
        return f"{names.says(seat, 'take')} {kind} from {names.obj(b.pick_from)}", False
    if mode == "credit":
        energy = action - A.CREDIT_BASE
        money = A.CREDIT_CUBES - energy
        return (
            f"{names.says(seat, 'take')} {energy} energy and {money} money on the Credit Card",
            False,
        )
    if mode == "close" and bv["road_closure"] is not None:  # road_closure=moves
        old = bv["road_closure_at"]
        text = f"{names.says(seat, 'move')} the road closure cube from {old} to {closure_text(av)}"
        return f"{text}; {old} reopens", False
    if mode == "close":
        return f"{names.says(seat, 'put')} the road closure cube on {closure_text(av)}", False
    return f"{names.says(seat, 'pass')}: nothing more can be done this turn", False


# ------------------------------------------------------------------ automatic steps
def _automatic(bv: dict[str, Any], av: dict[str, Any], names: Names) -> list[str]:
    """Lost turns in the order they were lost (a new round between), and the end."""
    players, mover = len(bv["riders"]), bv["turn"] or 0
    lines = []
    for seat in sorted(range(players), key=lambda s: (s - mover - 1) % players):
        if seat == 0 and av["round"] != bv["round"] and av["phase"] != "over":
            lines.append(f"Round {av['round']}.")
        if bv["riders"][seat]["loses_next_turn"] and not av["riders"][seat]["loses_next_turn"]:
            lines.append(
                f"{names.says(seat, 'lose')} this turn: {names.their(seat)} bike is in the shop."
            )
    if av["phase"] == "over" and bv["phase"] != "over":
        lines.append(ending(av, names))
    return lines


def ending(view: dict[str, Any], names: Names) -> str:
    """How the race ended: who reached their destination, or who was nearest."""
    winners = view["winners"]
    if view["end"] == "destination" and len(winners) > 1:  # ending=finish_round
        return (
            f"{names.many(winners)} reach their destinations in round {view['round']}, "
            "played to its end, and share the victory!"
        )
    if view["end"] == "destination":
        rider = view["riders"][winners[0]]
        return (
            f"{names.says(winners[0], 'reach')} {rider['destination']} and "
            f"{names.verb(winners[0], 'win')} the race!"
        )
    left = view["riders"][winners[0]]["remaining"]
    if len(winners) == 1:
        who = f"{names.says(winners[0], 'win')}"
    else:
        who = f"{names.many(winners)} share the victory"
    return f"The race ends after round {view['round']}: {who}, {dots(left)} from the destination."


def _tent(b: OpenRoadState, a: OpenRoadState, av: dict[str, Any]) -> int | None:
    """The rider whose turn began with a Better Tent's energy, if any."""
    seat = a.turn
    if (b.turn == seat and b.round == a.round) or a.mode_name != "act":
        return None
    rider = av["riders"][seat]
    if rider["mother_lode"].get("better_tent") and not BOARD.dots[rider["dot"]].is_city:
        return seat
    return None


def explain(
    before: State, seat: int, action: int, after: State, names: Names, full: bool = True
) -> list[str]:
    """What ``action`` by ``seat`` (CHANCE for chance) did, in lines.  Not ``full``
    (a replay, which prints the action's own words first): only what followed."""
    b, a = _rs(before), _rs(after)
    bv, av = before.view(None), after.view(None)
    tent = _tent(b, a, av)
    measured, lines, rested = av, [], []
    if tent is not None:
        old, new = bv["riders"][tent]["energy"], av["riders"][tent]["energy"]
        if new > 0 and not old == new == MAX_CUBES:  # the tent's cube (none over 10)
            patched = [dict(r) for r in av["riders"]]
            patched[tent]["energy"] -= 1
            measured = dict(av, riders=patched)
            their = names.their(tent)
            rested = [f"{names.says(tent, 'sleep')} well in {their} Better Tent: +1 energy."]
    if seat == CHANCE:
        lines = _chance(b, action, names) if full else []
    else:
        text, rode = _decision(before, seat, action, after, names)
        cubes = changes(bv, measured, seat, names, rode, named=not full)
        if not full:
            notes = text.partition(": ")[2]
            text = f"{notes[:1].upper()}{notes[1:]}" if notes else ""
            lines = [f"{text} ({cubes})." if text and cubes else f"{text or cubes}."]
        elif text:
            lines = [f"{text} ({cubes})." if cubes else f"{text}."]
    return [line for line in lines if line != "."] + _automatic(bv, av, names) + rested
