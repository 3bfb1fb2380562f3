"""The Open Road's decisions in the player's words: every menu, and what may be typed.

Each decision is a :class:`~roadtrip.cli.open_road.menu.Menu` of numbered options
(the turn's rides, actions and the road closure are built in :mod:`menu`;
the setup cards, the hotel, a card's target, the cards of a trade or a Bandit and a
Credit Card's mix here).  Besides its number, an option may be typed in words: a
place by its name or a unique beginning of it, case-insensitive ("denver",
"portland, or", "walden camp"), even one not listed on the menu; an action by a
short word ("pick", "cash", "headwind", "y", "p3", "2e1m").  Input that names nothing
legal raises :class:`InputError` saying why: a place too far for the energy held, a
city offered for the road closure, a name that fits several places.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from roadtrip.cli.choices import InputError
from roadtrip.cli.open_road.draw import Names, and_list, distance, dots, town
from roadtrip.cli.open_road.menu import (
    Menu,
    Option,
    act_menu,
    closure_menu,
    kind_words,
    ride_menu,
)
from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road.actions import BOARD
from roadtrip.games.open_road.cards import MOTHER_LODE_KINDS, PLAYING_CARD_KINDS
from roadtrip.games.open_road.riding import MAX_CUBES

if TYPE_CHECKING:
    from roadtrip.games.open_road.rules import OpenRoadState

HINTS = {
    "keep": "type the number or the city of the card to keep",
    "origin": "type the number or the city to start from",
    "act": "type a number, a place to ride to (e.g. denver) or an action (pick, cash, ...)",
    "hotel": "type y (stay in the hotel) or n (ride on)",
    "target": "type the number of a rider, or p2, p3, ...",
    "pick": "type the number or the name of a card",
    "credit": "type the number of a mix, or e.g. 2e1m (2 energy, 1 money)",
    "close": "type the number or the name of a camp site",
    "cruise": "type the number or the name of a place",
}
PLACE_PHASES = frozenset({"keep", "origin", "act", "close", "cruise"})
_LEAD = re.compile(r"^(?:ride to|ride|go to|to|keep|start from|start at|close|cruise to)\s+")
MANY = 6
"""Places named when a typed name fits several."""


def normal(text: str) -> str:
    return " ".join(text.lower().split())


# ------------------------------------------------------------------ setup
def keep_menu(view: dict[str, Any], state: OpenRoadState, seat: int) -> Menu:
    pending, rider = view["pending"], view["riders"][seat]
    deck = pending["deck"]
    options = []
    for name in pending["keep"]:
        city = BOARD.id_of(name)
        if deck == 0:  # East Coast: the West Coast cards on offer are known already
            wests = sorted(state.offers[1]) or ([state.west[seat]] if state.west[seat] >= 0 else [])
            far = [f"{distance(city, w, None)} dots to {BOARD.dots[w].name}" for w in wests]
            note = and_list(far)
        elif deck == 1:
            east = state.east[seat]
            note = f"{distance(city, east, None)} dots from {BOARD.dots[east].name}"
        else:
            east, west = state.east[seat], state.west[seat]
            way = (distance(east, city, None) or 0) + (distance(city, west, None) or 0)
            off = way - (distance(east, west, None) or 0)
            note = f"{dots(off)} off the shortest way {town(rider['east_coast'])} - "
            note += town(rider["west_coast"])
        options.append(Option(f"keep {name}: {note}", city))
    titles = ("East Coast", "West Coast", "Heartland")
    return Menu([(f"Keep one of the two {titles[deck]} cards:", options)])


def origin_menu(view: dict[str, Any], seat: int) -> Menu:
    rider = view["riders"][seat]
    east, west = BOARD.id_of(rider["east_coast"]), BOARD.id_of(rider["west_coast"])
    far = distance(east, west, None)
    options = [
        Option(f"start from {rider['west_coast']}, ride east to {rider['east_coast']}", west),
        Option(f"start from {rider['east_coast']}, ride west to {rider['west_coast']}", east),
    ]
    options.sort(key=lambda o: o.action)
    return Menu([(f"Where do you start? ({far} dots either way)", options)])


# ------------------------------------------------------------------ follow-ups
def hotel_menu(view: dict[str, Any], seat: int) -> Menu:
    rider = view["riders"][seat]
    energy, money = rider["energy"], rider["money"]
    after = f"energy {energy} → {min(MAX_CUBES, energy + 2)}, money {money} → {money - 2}"
    return Menu(
        [
            (
                f"You arrive in {rider['at']}, a big city:",
                [
                    Option(
                        f"stay in the hotel: 2 money for 2 energy ({after})",
                        A.HOTEL,
                        ("y", "yes", "hotel", "stay"),
                    ),
                    Option("no hotel: ride on", A.NO_HOTEL, ("n", "no", "no hotel", "ride on")),
                ],
            )
        ]
    )


def target_menu(view: dict[str, Any], state: OpenRoadState, seat: int, names: Names) -> Menu:
    card = view["pending"]["card"]
    kinds = {k.key: k for k in (*PLAYING_CARD_KINDS, *MOTHER_LODE_KINDS)}
    options = []
    for action in state.legal_actions(seat):
        target = action - A.TARGET_BASE
        rider = view["riders"][target]
        left = rider["remaining"]
        cards = rider["slots_used"]
        label = (
            f"{names.label(target)} at {rider['at']}: {left} to go, energy {rider['energy']}, "
            f"money {rider['money']}, {cards} card{'s' * (cards != 1)}"
        )
        options.append(Option(label, action, (f"p{target + 1}", f"player {target + 1}")))
    return Menu([(f"Play {kinds[card].name} against which rider?", options)])


def pick_menu(view: dict[str, Any], state: OpenRoadState, seat: int, names: Names) -> Menu:
    pending = view["pending"]
    source = pending["from"]
    hand = view["riders"][source]["cards"]
    trade = pending["pick"] == "trade"
    options = []
    for action in state.legal_actions(seat):
        kind = PLAYING_CARD_KINDS[action - A.KIND_BASE]
        held = hand.get(kind.key, 0)
        if trade:
            label = f"give {kind.name} (you hold {held})"
        else:
            label = f"take {kind.name} ({names.who(source)} {names.verb(source, 'hold')} {held})"
        options.append(Option(label, action, (kind.name.lower(), kind.key)))
    left = pending["left"]
    what = "to trade away" if trade else f"to take from {names.obj(source)}"
    return Menu([(f"Choose a card {what} ({left} more):", options)])


def credit_menu() -> Menu:
    options = []
    for energy in range(A.CREDIT_CUBES, -1, -1):
        money = A.CREDIT_CUBES - energy
        words = [f"{energy}e{money}m", f"{energy}e", f"{money}m"]
        words += ["e"] if energy == A.CREDIT_CUBES else ["m"] if not money else []
        label = f"{energy} energy + {money} money"
        options.append(Option(label, A.CREDIT_BASE + energy, tuple(words)))
    return Menu([("The Credit Card gives 3 cubes:", options)])


def credit_words(text: str) -> str:
    """'2 energy + 1 money' as '2e1m'."""
    word = normal(text).replace("energy", "e").replace("money", "m")
    return re.sub(r"[\s+,&]|and", "", word)


def menu_for(view: dict[str, Any], state: OpenRoadState, seat: int, names: Names) -> Menu:
    """The menu of ``seat``'s pending decision."""
    phase = view["phase"]
    if phase == "keep":
        return keep_menu(view, state, seat)
    if phase == "origin":
        return origin_menu(view, seat)
    if phase == "act":
        return act_menu(view, state, seat)
    if phase == "hotel":
        return hotel_menu(view, seat)
    if phase == "target":
        return target_menu(view, state, seat, names)
    if phase == "pick":
        return pick_menu(view, state, seat, names)
    if phase == "credit":
        return credit_menu()
    if phase == "cruise":
        return ride_menu(view, state, seat, True)
    return closure_menu(view, state, seat, names)


# ------------------------------------------------------------------ parsing
def match_places(word: str, candidates: list[int]) -> tuple[list[int], list[int]]:
    """The dots among ``candidates`` that ``word`` names: by a whole name ('denver',
    'portland, or'), and by the beginning of a name ('walden', 'transam camp 1')."""
    exact, begins = [], []
    for dot in candidates:
        name = BOARD.dots[dot].name.lower()
        forms = (name, name.replace(",", ""))
        if word in (*forms, town(name)):
            exact.append(dot)
        elif any(form.startswith(word) for form in forms):
            begins.append(dot)
    return exact, begins


def _ambiguous(text: str, actions: list[int], options: list[Option], what: str = "choices") -> str:
    labels = {o.action: o.label.split(":")[0].strip() for o in options}
    names = sorted(BOARD.dots[a].name if a < A.N_DOTS else labels[a] for a in actions)
    more = f" and {len(names) - MANY} more" if len(names) > MANY else ""
    return f"'{text.strip()}' fits several {what} ({'; '.join(names[:MANY])}{more}): type more."


def why_not(dot: int, view: dict[str, Any], state: OpenRoadState, seat: int) -> str:
    """Why the place ``dot`` cannot be chosen now."""
    name = BOARD.dots[dot].name
    rider = view["riders"][seat]
    phase, closure = view["phase"], view["road_closure"]
    if phase in ("act", "cruise"):
        here, energy = rider["dot"], rider["energy"]
        if dot == here:
            return f"You are at {name} already."
        if phase == "act" and not energy:
            return (
                f"You have no energy, so you cannot ride to {name} now (pick up and play "
                "Extra Energy, or cash in 5 money for 2 energy)."
            )
        if dot == closure:
            return f"{name} is closed: the road closure cube is on it."
        far = distance(here, dot, closure)
        if far is None:
            return f"{name} cannot be reached: the road closure cuts every way there."
        if phase == "cruise":
            return f"A Tune Up cruises 1 or 2 dots: {name} is {dots(far)} away."
        reach = energy * 2 if view["peloton"] else energy
        if far > reach:
            return (
                f"{name} is {dots(far)} away; with {energy} energy you can ride at most "
                f"{dots(reach)}."
            )
        if not state.game.options["pass_through"]:
            return f"You cannot ride to {name}: a ride ends at the first city it enters."
        return f"You cannot ride to {name}: the way there passes {rider['destination']}."
    if phase == "close":
        if BOARD.dots[dot].is_city:
            return f"{name} is a city: the road closure cube goes on a camp site."
        return f"The road closure cube is on {name} already."
    if phase in ("keep", "origin"):
        legal = [BOARD.dots[a].name for a in state.legal_actions(seat)]
        return f"{name} is not one of your choices: {and_list(legal)}."
    return f"{name} is a place on the map, but this choice is not about places: {HINTS[phase]}."


def _known_words() -> dict[str, str]:
    """Words of the turn's actions, by what they ask for (a card's key for a card)."""
    known = dict.fromkeys(("pick", "pick up", "p", "draw", "card"), "pick")
    known |= dict.fromkeys(("cash", "cash in", "c"), "cash")
    known |= dict.fromkeys(("trade money", "money cards", "7 money"), "trade money")
    known |= dict.fromkeys(("trade", "trade cards", "mother lode", "ml"), "trade")
    known |= dict.fromkeys(("y", "yes", "hotel", "stay", "n", "no", "no hotel"), "hotel")
    for kind in (*PLAYING_CARD_KINDS, *MOTHER_LODE_KINDS):
        known |= dict.fromkeys(kind_words(kind.name, kind.key), kind.key)
    return known


KNOWN_WORDS = _known_words()
CITY_CARDS = frozenset({"free_night_stay", "couch_surf", "tune_up"})
LOSE_TURN = frozenset({"broken_spoke", "cracked_fork", "snapped_pedal", "bent_rim"})


def refusal(what: str, view: dict[str, Any], seat: int) -> str:
    """Why the turn's action ``what`` (a KNOWN_WORDS value) cannot be taken now."""
    rider = view["riders"][seat]
    if view["phase"] != "act":
        return f"That is not possible now: {HINTS[view['phase']]}."
    held = {**rider["cards"], **rider["mother_lode"]}
    names = {kind.key: kind.name for kind in (*PLAYING_CARD_KINDS, *MOTHER_LODE_KINDS)}
    slots = view["pannier_slots"]
    if what == "pick":
        if rider["slots_used"] >= slots:
            return f"Your pannier is full ({slots} of {slots} cards): play or trade a card first."
        return "There are no playing cards left to pick up."
    if what == "cash":
        return f"Cashing in takes 5 money; you have {rider['money']}."
    if what == "trade money":
        count = rider["cards"].get("extra_money", 0)
        return f"That trade takes 3 Extra Money cards; you hold {count}."
    if what == "trade":
        if sum(rider["mother_lode"].values()) >= 2:
            return "You hold 2 Mother Lode cards already, the most a pannier may hold."
        count = sum(rider["cards"].values())
        return f"A Mother Lode card takes 5 playing cards; you hold {count}."
    if what == "hotel":
        return "The hotel is offered only on arriving in a big city."
    if not held.get(what):
        return f"You hold no {names[what]} card."
    if what in CITY_CARDS:
        return f"{names[what]} can only be played in a city; you are at {rider['at']}."
    if what in LOSE_TURN:
        return "Every other rider already loses their next turn."
    reasons = {
        "better_tent": "The Better Tent is never played: it gives 1 energy at the start of "
        "each of your turns on a camp site.",
        "credit_card": "The Credit Card may be used once a turn; you used it this turn.",
        "peloton": "A Peloton rides with you this turn already.",
        "bandit": "No other rider holds a playing card to steal.",
    }
    return reasons.get(what, f"{names[what]} cannot be played now.")


def parse(text: str, view: dict[str, Any], state: OpenRoadState, seat: int, menu: Menu) -> int:
    """The action typed ``text`` names (not a number); InputError says why not.

    In this order: an option's word; a legal place's whole name; a known action
    that is not possible now (why not); the beginning of a legal place's name or of
    an option's word, if only one fits; a place on the map that cannot be chosen
    now (why not)."""
    phase = view["phase"]
    word = credit_words(text) if phase == "credit" else normal(text)
    options = menu.options
    for option in options:
        if word in option.words:
            return option.action
    place = _LEAD.sub("", word)
    legal = [a for a in state.legal_actions(seat) if a < A.N_DOTS and phase in PLACE_PHASES]
    exact, begins = match_places(place, legal)
    if len(exact) == 1:
        return exact[0]
    if exact:
        raise InputError(_ambiguous(text, exact, options))
    if word in KNOWN_WORDS:
        raise InputError(refusal(KNOWN_WORDS[word], view, seat))
    hits = [o.action for o in options if any(w.startswith(word) for w in o.words)]
    found = begins + [a for a in hits if a not in begins]
    if len(found) == 1:
        return found[0]
    if found:
        raise InputError(_ambiguous(text, found, options))
    exact, begins = match_places(place, list(range(A.N_DOTS)))
    places = exact or begins
    if len(places) == 1:
        raise InputError(why_not(places[0], view, state, seat))
    if places:
        raise InputError(_ambiguous(text, places, options, "places on the map"))
    raise InputError(
        f"'{text.strip()}' is neither a choice here nor a place on the map: {HINTS[phase]}."
    )
