"""Road Rally USA's automatic events in words, as one seat may see them.

Each action of the history is turned into events: a car's move ("Player 2 plays
green 1 + green 2 and moves 3 spaces: 14 → 17"), what it lands on (Gas, Mechanic,
General Store, a shortcut, a rally point), a checkpoint taken and the last car's
two cards, the finish line, an empty hand, and (from :mod:`result`)
rally scoring and the round order.
Draws are told as the viewer may see them: whether a card is named is decided by
``state.describe_action(action, seat, viewer)``, so another player's draws read
"Player 3 draws 2 cards" and the viewer's own "You draw green 1 and red 4".  Runs of
draws and the rally card deal are merged into one line.  The choice of points or
cards that 4th and 5th place make at once is told only when both have chosen.
Everything else comes from the spectator view, which holds only public facts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, cast

from roadtrip.cli.road_rally import result
from roadtrip.cli.road_rally.draw import (
    FEATURES,
    ORDINALS,
    Names,
    and_list,
    card_name,
    expand,
    token,
)
from roadtrip.core import CHANCE, State
from roadtrip.games.road_rally import actions as A
from roadtrip.games.road_rally.data import NUM_TYPES
from roadtrip.games.road_rally.rules import (
    DEAL,
    DRAW,
    GAS_CHOICE,
    MECH,
    ORDER,
    PLAY,
    REVEAL,
    REWARD,
    SHORTCUT,
    RoadRallyState,
)

CHECKPOINT_DRAW = 2
EMPTY_HAND_DRAW = 2


@dataclass
class Event:
    """One thing that happened; draws and deals carry their cards for merging."""

    text: str = ""
    kind: str = ""
    """'' (plain text), 'draw' (into a hand), 'top' (onto a deck, Mechanic), 'deal'."""
    owner: int = -1
    cards: list[int] = field(default_factory=list)
    """Cards (or rally numbers) the viewer may see."""
    hidden: int = 0
    """Cards drawn (or dealt) face down, as far as the viewer knows."""


def _rr(state: State) -> RoadRallyState:
    return cast(RoadRallyState, state)


# ------------------------------------------------------------------ entries
def entry_events(before: State, seat: int, action: int, after: State, names: Names) -> list[Event]:
    """What ``action`` by ``seat`` (CHANCE for chance) did, for ``names.viewer``."""
    bv, av = before.view(None), after.view(None)
    if seat == CHANCE:
        events = _chance(_rr(before), action, av, names)
    else:
        events = _decision(before, seat, action, bv, av, names)
    events += _public(bv, av, names)
    events += _implicit_draws(before, seat, action, after, bv, av, names)
    trigger = str(before.game.options["trigger"])
    events += [Event(t) for t in result.scoring_lines(bv, av, names, trigger)]
    events += [Event(t) for t in result.round_lines(bv, av, names)]
    events += [Event(t) for t in _empty_hands(_rr(before), _rr(after), names)]
    if av["phase"] == "over" and bv["phase"] != "over":
        events.append(Event("The race is over."))
    return events


def _chance(b: RoadRallyState, action: int, av: dict[str, Any], names: Names) -> list[Event]:
    if b.mode == ORDER:
        if av["phase"] == "order":
            return []
        row = names.many(av["order"])
        return [Event(f"Starting row (the order of play in round 1): {row}.")]
    text = b.describe_action(action, CHANCE, names.viewer)
    if b.mode == DEAL:
        owner = b.deal_plan[0][0]
        number = action - A.RALLY_BASE + 1
        seen = re.search(rf"card {number}\b", text) is not None
        return [Event(kind="deal", owner=owner, cards=[number] * seen, hidden=int(not seen))]
    if b.mode != DRAW:
        return [Event(text[:1].upper() + text[1:] + ".")]
    card = action - A.CARD_BASE
    seen = card_name(card) in text
    kind = "top" if b.draw_to_top else "draw"
    return [Event(kind=kind, owner=b.draw_seat, cards=[card] * seen, hidden=int(not seen))]


def _decision(
    before: State, seat: int, action: int, bv: dict[str, Any], av: dict[str, Any], names: Names
) -> list[Event]:
    b = _rr(before)
    if b.mode == PLAY:
        return _move(seat, bv, av, names) if action == A.DONE_PLAYING else []
    if b.mode == SHORTCUT:
        start = bv["cars"][seat]["space"]
        if action == A.TAKE_SHORTCUT:
            end = dict((a, e) for a, e in av["track"]["shortcuts"])[start]
            text = f"{names.says(seat, 'take')} the shortcut: {start} → {end}."
        else:
            text = f"{names.says(seat, 'stay')} on the road at space {start}."
        return [Event(text), *_landing(seat, av, names)]
    if b.mode == MECH:
        return _mechanic(before, seat, action, av, names)
    if b.mode == GAS_CHOICE:
        when = "before" if action == A.GAS_BEFORE else "after"
        return [Event(f"{names.says(seat, 'shuffle')} {when} drawing.")]
    if b.mode == REVEAL:
        if action == A.REVEAL:
            number = bv["rally_current"]
            return [Event(f"{names.says(seat, 'reveal')} rally card {number}!")]
        return []
    if b.mode == REWARD:
        return _rewards(seat, bv, av, names)
    return []


def _rewards(seat: int, bv: dict[str, Any], av: dict[str, Any], names: Names) -> list[Event]:
    """4th and 5th place choose points or cards at once: a choice reads "has chosen"
    until the last is made, then every choice is told (in seat order)."""
    if av["phase"] == "reward":
        return [Event(f"{names.says(seat, 'choose')} (told once everyone has chosen).")]
    number = bv["rally_current"]
    scored = next(r for r in av["rally_results"] if r.get("rally") == number and r.get("scored"))
    lines = []
    for chooser in sorted([*bv["chosen_seats"], seat]):
        place = ORDINALS[bv["order"].index(chooser)]
        if chooser in scored["took_cards"]:
            text = f"{names.says(chooser, 'take')} 2 cards instead of points ({place} place)."
        else:
            points = scored["earned"].get(str(chooser), 0)
            text = f"{names.says(chooser, 'take')} {points} points ({place} place)."
        lines.append(Event(text))
    return lines


def _move(seat: int, bv: dict[str, Any], av: dict[str, Any], names: Names) -> list[Event]:
    cards = expand(bv["selected"])
    start, end = bv["cars"][seat]["space"], av["cars"][seat]["space"]
    played = " + ".join(card_name(c) for c in cards)
    store = " from the General Store" if bv["rainbow"] else ""
    steps = end - start  # the cards' sum, or less at the end of the track
    text = (
        f"{names.says(seat, 'play')} {played}{store} and {names.verb(seat, 'move')} "
        f"{steps} space{'s' * (steps != 1)}: {start} → {end}."
    )
    if av["phase"] == "shortcut":
        exit_ = dict((a, e) for a, e in av["track"]["shortcuts"])[end]
        pronoun = "You" if seat == names.viewer else "They"
        text += f" {pronoun} may take the shortcut to space {exit_}."
        return [Event(text)]
    return [Event(text), *_landing(seat, av, names)]


def _landing(seat: int, av: dict[str, Any], names: Names) -> list[Event]:
    """What the space ``seat``'s car stopped on does."""
    space = av["cars"][seat]["space"]
    feature = av["track"]["features"][space]
    their = names.their(seat)
    events: list[Event] = []
    if feature == "G" and av["phase"] == "gas":
        text = (
            f"{names.says(seat, 'shuffle')} {their} discards back into {their} deck, "
            "before or after drawing"
        )
        events.append(Event(f"{FEATURES[feature]}: {text}."))
    elif feature == "G":
        text = f"{names.says(seat, 'shuffle')} {their} discards back into {their} deck"
        events.append(Event(f"{FEATURES[feature]}: {text}."))
    elif feature == "M":
        text = (
            f"{names.says(seat, 'look')} at the top 5 cards of {their} deck and "
            f"{names.verb(seat, 'put')} them back in any order"
        )
        events.append(Event(f"{FEATURES[feature]}: {text}."))
    elif feature == "S":
        text = f"next turn {names.obj(seat)} may play up to 5 cards of any colours"
        events.append(Event(f"{FEATURES[feature]}: {text}."))
    for point in av["track"]["rally_points"]:
        if point["space"] == space and point["status"] == "on_track":
            events.append(
                Event(
                    f"{names.says(seat, 'stop')} right on rally point {point['number']} "
                    "(the first car on it takes its chip if it scores)."
                )
            )
    return events


def _mechanic(
    before: State, seat: int, action: int, av: dict[str, Any], names: Names
) -> list[Event]:
    if av["phase"] == "mechanic" and av["mover"] == seat:
        return []  # more cards to place
    card = action - A.MECH_BASE
    if names.viewer is not None and card_name(card) in before.describe_action(
        action, seat, names.viewer
    ):
        mine = before.view(names.viewer)["mine"]
        left = list(mine["mechanic_cards"])
        left[card] -= 1
        order = [*mine["mechanic_order"], card, *expand(left)]
        tokens = " ".join(token(c) for c in order)
        return [Event(f"You put the cards back on your deck, top first: {tokens}.")]
    return []  # the Mechanic line said it; the order is theirs alone


# ------------------------------------------------------------ public changes
def _public(bv: dict[str, Any], av: dict[str, Any], names: Names) -> list[Event]:
    """Checkpoints taken and the finish line crossed."""
    events: list[Event] = []
    for old, new in zip(bv["track"]["checkpoints"], av["track"]["checkpoints"], strict=True):
        if old["holder"] is None and new["holder"] is not None:
            holder, last = new["holder"], av["order"][-1]
            deck = bv["cars"][last]["deck_size"]
            if deck:
                count = min(deck, CHECKPOINT_DRAW)
                gift = f"{names.verb(last, 'draw')} {count} card{'s' * (count != 1)}"
            else:
                gift = (
                    f"{names.verb(last, 'have')} no cards left in {names.their(last)} deck to draw"
                )
            events.append(
                Event(
                    f"Checkpoint at space {new['space']}: {names.says(holder, 'pass')} it first "
                    f"and {names.verb(holder, 'take')} the tile (2 points at the end); "
                    f"{names.obj(last)}, the last car, {gift}."
                )
            )
    for index in range(len(bv["finishers"]), len(av["finishers"])):
        seat = av["finishers"][index]
        if index == 0:
            text = f"{names.says(seat, 'cross')} the finish line first: this round is the last!"
        else:
            text = f"{names.says(seat, 'cross')} the finish line too."
        events.append(Event(text))
    return events


def _implicit_draws(
    before: State,
    seat: int,
    action: int,
    after: State,
    bv: dict[str, Any],
    av: dict[str, Any],
    names: Names,
) -> list[Event]:
    """Cards drawn from a top the owner knew (after a Mechanic): no chance involved."""
    b = _rr(before)
    events: list[Event] = []
    for owner in range(len(av["cars"])):
        played = action if seat == owner and b.mode == PLAY and action < NUM_TYPES else None
        drawn = action if seat == CHANCE and b.mode == DRAW and b.draw_seat == owner else None
        if drawn is not None and b.draw_to_top:
            drawn = None
        explicit = (drawn is not None) - (played is not None)
        extra = av["cars"][owner]["hand_size"] - bv["cars"][owner]["hand_size"] - explicit
        if extra <= 0:
            continue
        if owner != names.viewer:
            events.append(Event(kind="draw", owner=owner, hidden=extra))
            continue
        old, new = before.view(owner)["mine"]["hand"], after.view(owner)["mine"]["hand"]
        diff = [new[c] - old[c] for c in range(NUM_TYPES)]
        if played is not None:
            diff[played - A.PLAY_BASE] += 1
        if drawn is not None:
            diff[drawn - A.CARD_BASE] -= 1
        events.append(Event(kind="draw", owner=owner, cards=expand([max(0, d) for d in diff])))
    return events


def _empty_hands(b: RoadRallyState, a: RoadRallyState, names: Names) -> list[str]:
    """Turns that began and ended at once: no card in hand, so shuffle and draw 2."""
    if not a.turn_order:
        return []
    first = b.turn_index + 1 if b.turn_order and b.round == a.round else 0
    last = min(a.turn_index, len(a.turn_order) - 1)
    texts = []
    for index in range(first, last + 1):
        seat = a.turn_order[index]
        if index == a.turn_index and a.mode == PLAY:
            continue  # a normal turn: the player decides now
        their = names.their(seat)
        texts.append(
            f"{names.says(seat, 'have')} no cards in hand: {names.verb(seat, 'shuffle')} "
            f"{their} discards into {their} deck and {names.verb(seat, 'draw')} "
            f"{EMPTY_HAND_DRAW} cards; that is {their} turn."
        )
    return texts


# ------------------------------------------------------------------ merging
def _draw_line(kind: str, owner: int, cards: list[int], hidden: int, names: Names) -> str | None:
    their = names.their(owner)
    if kind == "top":
        if not cards:
            return None  # the Mechanic line already tells it; the cards are secret
        seen = " ".join(token(c) for c in cards)
        return f"{names.says(owner, 'turn')} up the top of {their} deck (Mechanic): {seen}."
    parts = [card_name(c) for c in cards]
    if hidden:
        parts.append(f"{hidden} card{'s' * (hidden != 1)}" if not cards else f"{hidden} more")
    return f"{names.says(owner, 'draw')} {and_list(parts)}."


def _deal_lines(deals: list[Event], names: Names) -> list[str]:
    seen: dict[int, list[int]] = {}
    hidden: dict[int, int] = {}
    for event in deals:
        seen.setdefault(event.owner, []).extend(event.cards)
        hidden[event.owner] = hidden.get(event.owner, 0) + event.hidden
    lines = []
    for owner, numbers in seen.items():
        if numbers:
            cards = and_list([str(n) for n in sorted(numbers)])
            lines.append(f"{names.says(owner, 'are')} dealt rally cards {cards} (secret).")
    by_count: dict[int, list[int]] = {}
    for owner, count in hidden.items():
        if count:
            by_count.setdefault(count, []).append(owner)
    for count, owners in by_count.items():
        each = " each" if len(owners) > 1 else ""
        verb = "are" if len(owners) > 1 else names.verb(owners[0], "are")
        lines.append(f"{names.many(owners)} {verb}{each} dealt {count} rally cards, face down.")
    return lines


def compact(events: list[Event], names: Names) -> list[str]:
    """Events as lines: runs of draws and the deal merged, hidden draws grouped."""
    lines: list[str] = []
    pending: list[tuple[int, int]] = []  # (owner, count) of consecutive hidden draws

    def flush() -> None:
        if len(pending) > 1 and len({c for _, c in pending}) == 1:
            count = pending[0][1]
            owners = names.many([o for o, _ in pending])
            lines.append(f"{owners} each draw {count} card{'s' * (count != 1)}.")
        else:
            for owner, count in pending:
                line = _draw_line("draw", owner, [], count, names)
                lines.append(line or "")
        pending.clear()

    index = 0
    while index < len(events):
        event = events[index]
        end = index + 1
        if event.kind == "deal":
            while end < len(events) and events[end].kind == "deal":
                end += 1
            flush()
            lines.extend(_deal_lines(events[index:end], names))
        elif event.kind in ("draw", "top"):
            cards, hidden = list(event.cards), event.hidden
            while (
                end < len(events)
                and events[end].kind == event.kind
                and events[end].owner == event.owner
            ):
                cards += events[end].cards
                hidden += events[end].hidden
                end += 1
            if event.kind == "draw" and not cards:
                pending.append((event.owner, hidden))
            else:
                flush()
                line = _draw_line(event.kind, event.owner, cards, hidden, names)
                if line is not None:
                    lines.append(line)
        else:
            flush()
            lines.append(event.text)
        index = end
    flush()
    return lines


def narrate(start: State, actions: list[tuple[int, int]], names: Names) -> list[str]:
    """The lines ``names.viewer`` reads for ``actions`` applied from ``start``."""
    events: list[Event] = []
    current = start.clone()
    for seat, action in actions:
        previous = current.clone()
        current.apply_action(action, seat)
        events += entry_events(previous, seat, action, current, names)
    return compact(events, names)
