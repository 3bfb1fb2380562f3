"""Road Rally USA's decisions in the player's words: what may be typed, and the
action sequences it stands for.

A turn's play is typed whole: ``g1 g2`` or ``y3`` (cards of one colour), or at a
General Store ``rainbow: g1 y3 r4`` (up to five of any colours); it becomes the
play actions and "done", validated on a copy of the state before anything is sent.
A Mechanic's new order is typed top first (``r4 y3 g1 g1 g2``); the shortcut, a
rally reveal and a 4th/5th place reward take yes/no-like words.  Every decision
also has numbered options, the first of which is a sensible default, and a bot's
advice (``--hint``) is written the way it would be typed.  Input that cannot be
played raises :class:`InputError` saying why.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from random import Random
from typing import Any

from roadtrip.bots import Bot, observe
from roadtrip.cli.choices import InputError
from roadtrip.cli.road_rally.draw import (
    FEATURES,
    ORDINALS,
    and_list,
    card_name,
    expand,
    steps_of,
    token,
)
from roadtrip.core import IllegalMove, State
from roadtrip.games.road_rally import actions as A
from roadtrip.games.road_rally.data import (
    CARD_TYPES,
    COLOR_NAMES,
    DRAWS_AFTER,
    NUM_TYPES,
    POINTS_BY_PLACE,
    RAINBOW_DRAW,
    RAINBOW_MAX_CARDS,
)

CARD_HELP = "write cards as g1 g2 y2 y3 r3 r4 (colour letter and value), e.g. g1 g2"
_CARD = re.compile(
    r"(?:(\d+)\s*[x×*]\s*)?(green|yellow|red|[gyr])\s*-?\s*(\d+)(?:\s*[x×*]\s*(\d+))?"
)
_GAP = re.compile(r"^(?:[\s,;+&]|and\b)*$")
_RAINBOW = re.compile(r"^(rainbow|store)\s*:?\s*")
DONE_WORDS = frozenset({"done", "d", "move"})
YES = frozenset({"y", "yes"})
NO = frozenset({"n", "no"})
TAKE_WORDS = YES | {"t", "take", "shortcut"}
STAY_WORDS = NO | {"s", "stay", "road", "skip"}
REVEAL_WORDS = YES | {"r", "reveal", "score"}
PASS_WORDS = NO | {"p", "pass", "keep", "hide"}
POINTS_WORDS = frozenset({"p", "points", "take points", "t"})
CARDS_WORDS = frozenset({"c", "cards", "draw", "2 cards", "draw 2"})
BEFORE_WORDS = frozenset({"b", "before", "shuffle", "shuffle first"})
AFTER_WORDS = frozenset({"a", "after", "draw", "draw first"})
FAST_WORDS = frozenset({"f", "fast", "fastest"})
SLOW_WORDS = frozenset({"s", "slow", "slowest"})


@dataclass(frozen=True)
class Option:
    """A numbered choice: its words, the actions it stands for, how to type it."""

    label: str
    actions: tuple[int, ...]
    typed: str


# ------------------------------------------------------------------ cards
def _card_type(colour: str, value: int) -> int:
    index = "gyr".index(colour[0])
    for card, kind in enumerate(CARD_TYPES):
        if kind.color == index and kind.value == value:
            return card
    raise InputError(
        f"There is no {COLOR_NAMES[index]} {value}: green cards are 1 and 2, yellow 2 and 3, "
        "red 3 and 4."
    )


def _not_a_card(gap: str) -> InputError:
    return InputError(f"'{gap.strip(' ,;+&')}' is not a card: {CARD_HELP}.")


def parse_cards(text: str) -> list[int]:
    """Card types typed as ``g1 y3``, ``green 1``, ``2xg1`` or ``r4x2``, in order."""
    lowered = text.lower()
    cards: list[int] = []
    position = 0
    for match in _CARD.finditer(lowered):
        gap = lowered[position : match.start()]
        if not _GAP.match(gap):
            raise _not_a_card(gap)
        card = _card_type(match.group(2), int(match.group(3)))
        cards += [card] * (int(match.group(1) or 1) * int(match.group(4) or 1))
        position = match.end()
    if not _GAP.match(lowered[position:]):
        raise _not_a_card(lowered[position:])
    if not cards:
        raise InputError(f"No cards were typed: {CARD_HELP}.")
    return cards


def tokens(cards: list[int]) -> str:
    return " ".join(token(c) for c in cards)


def check_sequence(state: State, seat: int, actions: list[int]) -> list[int]:
    """``actions`` if ``seat`` may take them one after the other, else InputError."""
    trial = state.clone()
    for action in actions:
        try:
            trial.apply_action(action, seat)
        except IllegalMove as exc:
            raise InputError(f"That cannot be played: {exc}.") from None
    return actions


# ------------------------------------------------------------------- play
def _preview(view: dict[str, Any], seat: int, cards: list[int]) -> str:
    """Where a play takes the car and what it meets: '5 spaces to 19 (Gas), draw 2'."""
    track = view["track"]
    steps = steps_of(cards + expand(view["selected"]))
    start = view["cars"][seat]["space"]
    end = min(start + steps, track["length"] - 1)
    notes: list[str] = []
    feature = track["features"][end]
    if feature in FEATURES:
        notes.append(FEATURES[feature])
    if end in {a for a, _ in track["shortcuts"]}:
        notes.append("shortcut")
    passed = [
        f"R{p['number']}"
        for p in track["rally_points"]
        if start < p["space"] <= end and p["status"] == "on_track"
    ]
    passed += [
        "C" for c in track["checkpoints"] if start < c["space"] <= end and c["holder"] is None
    ]
    if start < track["finish"] <= end:
        passed.append("the finish")
    if passed:
        notes.append("passes " + " ".join(passed))
    colours = {CARD_TYPES[c].color for c in cards}
    draw = RAINBOW_DRAW if view["rainbow"] else DRAWS_AFTER[min(colours)]
    where = f" ({', '.join(notes)})" if notes else ""
    return f"{steps} space{'s' * (steps != 1)} to {end}{where}, draw {draw}"


def play_options(view: dict[str, Any], state: State, seat: int) -> list[Option]:
    hand: list[int] = view["mine"]["hand"]
    selected: list[int] = view["selected"]
    legal = [a - A.PLAY_BASE for a in state.legal_actions(seat) if a != A.DONE_PLAYING]
    options: list[Option] = []
    done = (A.DONE_PLAYING,)
    if any(selected):
        options.append(Option(f"done: {_preview(view, seat, [])}", done, "done"))
    for card in legal:
        label = f"{token(card)}: {_preview(view, seat, [card])}"
        options.append(Option(label, (A.PLAY_BASE + card, *done), token(card)))
    room = RAINBOW_MAX_CARDS - sum(selected) if view["rainbow"] else len(expand(hand))
    for colour, name in enumerate(COLOR_NAMES):
        cards = [c for c in expand(hand) if CARD_TYPES[c].color == colour and c in legal][:room]
        if len(cards) > 1:
            words = tokens(cards)
            label = f"{words} (all {name}): {_preview(view, seat, cards)}"
            options.append(Option(label, (*(A.PLAY_BASE + c for c in cards), *done), words))
    if view["rainbow"]:
        fastest = sorted(expand(hand), key=lambda c: -CARD_TYPES[c].value)[:room]
        colours = {CARD_TYPES[c].color for c in fastest}
        if len(fastest) > 1 and len(colours) > 1:
            words = tokens(fastest)
            label = f"rainbow: {words} (fastest): {_preview(view, seat, fastest)}"
            actions = (*(A.PLAY_BASE + c for c in fastest), *done)
            options.append(Option(label, actions, f"rainbow: {words}"))
    return options


def parse_play(text: str, view: dict[str, Any], state: State, seat: int) -> list[int]:
    word = " ".join(text.lower().split())
    selected: list[int] = view["selected"]
    if word in DONE_WORDS:
        if any(selected):
            return [A.DONE_PLAYING]
        raise InputError("Play at least one card first: type the cards, e.g. g1 g2.")
    typed_rainbow = _RAINBOW.match(word)
    if typed_rainbow:
        if not view["rainbow"]:
            raise InputError(
                "A rainbow play is only for a turn that starts on a General Store (S); "
                "here all the cards you play must be one colour."
            )
        word = word[typed_rainbow.end() :]
    cards = parse_cards(word)
    hand: list[int] = view["mine"]["hand"]
    for card, count in sorted(Counter(cards).items()):
        if count > hand[card]:
            have = f"only {hand[card]}" if hand[card] else "no"
            yours = tokens(expand(hand)) or "empty"
            raise InputError(f"You have {have} {card_name(card)} (your hand: {yours}).")
    everything = cards + expand(selected)
    if view["rainbow"]:
        if len(everything) > RAINBOW_MAX_CARDS:
            raise InputError(
                f"At a General Store you may play at most {RAINBOW_MAX_CARDS} cards; "
                f"that is {len(everything)}."
            )
    else:
        colours = sorted({CARD_TYPES[c].color for c in everything})
        if len(colours) > 1:
            names = and_list([COLOR_NAMES[c] for c in colours])
            raise InputError(
                f"All the cards you play must be the same colour (you typed {names}); only a "
                "turn that starts on a General Store (S) allows mixed colours."
            )
    actions = [A.PLAY_BASE + c for c in cards] + [A.DONE_PLAYING]
    return check_sequence(state, seat, actions)


# --------------------------------------------------------------- mechanic
def mechanic_actions(state: State, seat: int, order: list[int]) -> list[int]:
    """Place ``order`` (top first) until the rest is one kind; the untyped rest
    follows in the listed order (lowest first)."""
    mine = state.view(seat)["mine"]
    left = list(mine["mechanic_cards"])
    for card in order:
        left[card] -= 1
    actions = [A.MECH_BASE + c for c in order + expand(left)]
    trial = state.clone()
    used: list[int] = []
    for action in actions:
        if trial.view(seat)["phase"] != "mechanic":
            break
        trial.apply_action(action, seat)
        used.append(action)
    return used


def mechanic_options(view: dict[str, Any], state: State, seat: int) -> list[Option]:
    shown = expand(view["mine"]["mechanic_cards"])
    fast = sorted(shown, key=lambda c: -CARD_TYPES[c].value)
    slow = sorted(shown, key=lambda c: CARD_TYPES[c].value)
    return [
        Option(
            f"{tokens(fast)} (fastest on top)",
            tuple(mechanic_actions(state, seat, fast)),
            tokens(fast),
        ),
        Option(
            f"{tokens(slow)} (slowest on top)",
            tuple(mechanic_actions(state, seat, slow)),
            tokens(slow),
        ),
    ]


def parse_mechanic(text: str, view: dict[str, Any], state: State, seat: int) -> list[int]:
    word = text.strip().lower()
    options = mechanic_options(view, state, seat)
    if word in FAST_WORDS:
        return list(options[0].actions)
    if word in SLOW_WORDS:
        return list(options[1].actions)
    counts: list[int] = view["mine"]["mechanic_cards"]
    shown = tokens(expand(counts))
    order = parse_cards(word)
    for card, count in sorted(Counter(order).items()):
        if not counts[card]:
            raise InputError(f"{token(card)} is not among the cards to put back ({shown}).")
        if count > counts[card]:
            raise InputError(
                f"You typed {token(card)} {count} times but only {counts[card]} are shown "
                f"({shown})."
            )
    return check_sequence(state, seat, mechanic_actions(state, seat, order))


# ------------------------------------------------------------- yes and no
def shortcut_options(view: dict[str, Any], seat: int) -> list[Option]:
    start = view["cars"][seat]["space"]
    end = dict((a, e) for a, e in view["track"]["shortcuts"])[start]
    feature = FEATURES.get(view["track"]["features"][end], "")
    there = f" ({feature})" if feature else ""
    return [
        Option(f"take the shortcut: {start} → {end}{there}", (A.TAKE_SHORTCUT,), "y"),
        Option(f"stay on the road at {start}", (A.SKIP_SHORTCUT,), "n"),
    ]


def reveal_options(view: dict[str, Any], state: State, seat: int) -> list[Option]:
    number = view["rally_current"]
    if A.REVEAL not in state.legal_actions(seat):
        why = (
            "you do not hold it"
            if number not in view["mine"]["rally_cards"]
            else ("your car has not passed it")
        )
        return [Option(f"go on (rally card {number}: {why})", (A.PASS,), "n")]
    place = view["order"].index(seat)
    points = POINTS_BY_PLACE[place] * 2
    extra = " or 2 cards" if place >= 3 else ""
    return [
        Option(
            f"reveal rally card {number}: you are {ORDINALS[place]}, so you earn {points} "
            f"points{extra} (doubled as the trigger)",
            (A.REVEAL,),
            "y",
        ),
        Option(f"keep rally card {number} secret", (A.PASS,), "n"),
    ]


def reward_options(view: dict[str, Any]) -> list[Option]:
    points = view["mine"]["reward_points"]
    return [
        Option(f"take {points} points", (A.TAKE_POINTS,), "p"),
        Option("draw 2 cards instead", (A.TAKE_CARDS,), "c"),
    ]


def gas_options(view: dict[str, Any]) -> list[Option]:
    count = view["gas_draws"]
    cards = "a card" if count == 1 else f"{count} cards"
    return [
        Option(f"shuffle the discards into the deck, then draw {cards}", (A.GAS_BEFORE,), "b"),
        Option(f"draw {cards}, then shuffle the discards in", (A.GAS_AFTER,), "a"),
    ]


def parse_words(
    text: str, words: list[tuple[frozenset[str], int]], state: State, seat: int, hint: str
) -> list[int]:
    word = " ".join(text.lower().split())
    for accepted, action in words:
        if word in accepted:
            if action not in state.legal_actions(seat):
                raise InputError(f"'{text.strip()}' is not possible here: {hint}.")
            return [action]
    raise InputError(f"'{text.strip()}' is not a choice here: {hint}, or the number of a choice.")


# ------------------------------------------------------------------- hints
def hint_for(bot: Bot, state: State, seat: int, rng: Random, options: list[Option]) -> str:
    """What ``bot`` would do at ``seat``'s decision, as the player would type it."""
    trial = state.clone()
    phase = trial.view(None)["phase"]
    chosen: list[int] = []
    while True:
        action = bot.choose(observe(trial, seat), rng)
        chosen.append(action)
        trial.apply_action(action, seat)
        if phase not in ("play", "mechanic") or trial.view(None)["phase"] != phase:
            break
        if phase == "play" and action == A.DONE_PLAYING:
            break
    for option in options:
        if list(option.actions) == chosen:
            return f"{option.typed} ({option.label})"
    if phase in ("play", "mechanic"):
        base = A.MECH_BASE if phase == "mechanic" else A.PLAY_BASE
        return tokens([a - base for a in chosen if 0 <= a - base < NUM_TYPES])
    return state.describe_action(chosen[0], seat, seat)
