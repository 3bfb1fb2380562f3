"""Per-game balance counts for simulations: a small registry of "game stats" hooks.

A hook reads a finished state (its spectator view and its public history) and
returns integer counts named ``"group.row.column"``; the runner adds them up over
every game (exactly, in any order and across worker processes), and the summary
reports each as a mean per game, one table per group.  Games without a hook count
nothing.

Road Rally USA's hook (:func:`road_rally_stats`) counts:

* ``rally.<n>.scored`` / ``.removed`` / ``.on_track``: what became of rally point n;
* ``cards.<colour>.all`` / ``.winner`` / ``.seat<k>``: cards of each colour played
  (history actions 0-5 are card types, ``data.CARD_TYPES`` gives the colours) by
  everyone, by the winner and by each seat;
* ``plays.<colour or mixed>.all``: moves by the colour of their cards;
* ``start.<k>.wins``: wins of the car drawn k-th in the starting row (0 is first);
  its mean per game is that place's win rate.

The Open Road's hook (:func:`open_road_stats`) replays the game's history (every
pannier is face up, so nothing is hidden) and counts, each by everyone (``.all``) and
by the winner (``.winner``; for a bonus or setback, the rider it happened to):

* ``playing.<kind>``: playing cards played, by kind;
* ``mother_lode.<kind>``: Mother Lode cards played, by kind (each Credit Card use);
* ``actions.<what>``: rides, pick-ups, Mother Lode trades, 3-Extra-Money trades,
  cash-ins, hotels taken and declined, passes;
* ``bonuses.<what>``: Heartland bonuses, Side Trip cities paid (with
  ``side_trip=every_landing`` the first landing on each city only), bankruptcies (a
  Saddle Sores took a rider's last money), riders sent back by a bankruptcy or a
  Lost I.D.;
* ``dots.coast_to_coast`` / ``dots.ridden``: the shortest way from origin to
  destination, and the dots actually ridden (detours, send-backs and Tune Up cruises
  included): the winner's ridden dots over the rounds are dots per turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from roadtrip.core.state import CHANCE, State
from roadtrip.games.open_road import actions as road_actions
from roadtrip.games.open_road import flow as road_flow
from roadtrip.games.open_road import playing as road_playing
from roadtrip.games.open_road import riding as road_riding
from roadtrip.games.open_road.cards import MOTHER_LODE_KINDS, PLAYING_CARD_KINDS
from roadtrip.games.open_road.rules import OpenRoadState
from roadtrip.games.road_rally import actions as rally_actions
from roadtrip.games.road_rally.data import CARD_TYPES, COLOR_NAMES, NUM_TYPES

GameStats = Callable[[State], Counter[str]]

_HOOKS: dict[str, GameStats] = {}

# Table titles of the known groups of counts.
STAT_TITLES = {
    "rally": "rally points: share of games scored / removed",
    "cards": "cards played by colour: per game (share)",
    "plays": "moves by colour: per game (share)",
    "start": "win rate by starting-row place",
    "playing": "playing cards played: per game (share)",
    "mother_lode": "Mother Lode cards played: per game (share)",
    "actions": "actions: per game (share)",
    "bonuses": "bonuses and setbacks: per game (share)",
    "dots": "dots per game: coast to coast (shortest) and ridden",
}
# Rows in this order where a table's rows are among them (else first seen).
ROW_ORDER = ("green", "yellow", "red", "mixed")
# The Open Road's actions and events, in the order its tables list them.
ROAD_ACTIONS = (
    "ride",
    "pick_up",
    "mother_lode_trade",
    "money_trade",
    "cash_in",
    "hotel",
    "no_hotel",
    "pass",
)
ROAD_EVENTS = ("heartland", "side_trip", "bankruptcy", "bankrupt_sent_back", "lost_id_sent_back")
RIDES = (road_flow.ACT, road_flow.CRUISE)  # modes where a dot is a ride's end
# Groups whose rows come in a fixed order (the decks' order, the lists above).
GROUP_ROWS: dict[str, tuple[str, ...]] = {
    "playing": tuple(kind.key for kind in PLAYING_CARD_KINDS),
    "mother_lode": tuple(kind.key for kind in MOTHER_LODE_KINDS),
    "actions": ROAD_ACTIONS,
    "bonuses": ROAD_EVENTS,
    "dots": ("coast_to_coast", "ridden"),
}
# Groups whose rows are different measures: their tables show no shares.
PLAIN_GROUPS = frozenset({"dots"})
# Groups whose counts are 0 or 1 a game (a rally point scored, a starting place won):
# their tables show the mean per game as a rate.
RATE_GROUPS = frozenset({"rally", "start"})


def register_game_stats(game_id: str, hook: GameStats) -> None:
    """Count ``hook(state)`` at the end of every simulated game of ``game_id``."""
    _HOOKS[game_id] = hook


def game_stats(state: State) -> Counter[str]:
    """The balance counts of a finished game (empty where its game has no hook)."""
    hook = _HOOKS.get(state.game.id)
    return hook(state) if hook is not None else Counter()


def has_game_stats(game_id: str) -> bool:
    """Does ``game_id`` have a stats hook (so a simulation must count its stats)?"""
    return game_id in _HOOKS


def winner_seats(state: State) -> list[int]:
    """Seats with a positive return (a shared win names several)."""
    return [seat for seat, value in enumerate(state.returns()) if value > 0]


def road_rally_stats(state: State) -> Counter[str]:
    """Rally points, card colours and starting places of a finished Road Rally game."""
    counts: Counter[str] = Counter()
    view = state.view(None)
    for point in view["track"]["rally_points"]:
        counts[f"rally.{point['number']}.{point['status']}"] += 1
    winners = set(winner_seats(state))
    players = state.num_players()
    row: list[int] = []
    play: list[int] = []
    for seat, action in state.history():
        if seat == CHANCE:
            if action >= rally_actions.ORDER_BASE:
                row.append(action - rally_actions.ORDER_BASE)
            continue
        if rally_actions.PLAY_BASE <= action < rally_actions.PLAY_BASE + NUM_TYPES:
            card = action - rally_actions.PLAY_BASE
            color = COLOR_NAMES[CARD_TYPES[card].color]
            counts[f"cards.{color}.all"] += 1
            counts[f"cards.{color}.seat{seat}"] += 1
            if seat in winners:
                counts[f"cards.{color}.winner"] += 1
            play.append(card)
        elif action == rally_actions.DONE_PLAYING and play:
            colors = {CARD_TYPES[card].color for card in play}
            name = COLOR_NAMES[colors.pop()] if len(colors) == 1 else "mixed"
            counts[f"plays.{name}.all"] += 1
            play = []
    row += [seat for seat in range(players) if seat not in row]
    for place, seat in enumerate(row):
        if seat in winners:
            counts[f"start.{place}.wins"] += 1
    return counts


register_game_stats("road-rally", road_rally_stats)


def _road_action(action: int) -> tuple[str, str]:
    """A turn action of The Open Road as (group, row)."""
    if action < road_actions.N_DOTS:
        return "actions", "ride"
    if road_actions.PLAY_BASE <= action < road_actions.TRADE_FOR_MOTHER_LODE:
        return "playing", PLAYING_CARD_KINDS[action - road_actions.PLAY_BASE].key
    if road_actions.MOTHER_LODE_BASE <= action < road_actions.TRADE_MONEY:
        return "mother_lode", MOTHER_LODE_KINDS[action - road_actions.MOTHER_LODE_BASE].key
    names = {
        road_actions.PICK_UP: "pick_up",
        road_actions.TRADE_FOR_MOTHER_LODE: "mother_lode_trade",
        road_actions.TRADE_MONEY: "money_trade",
        road_actions.CASH_IN: "cash_in",
    }
    return "actions", names.get(action, "pass")


def open_road_stats(state: State) -> Counter[str]:
    """Cards, actions, bonuses and setbacks of a finished Open Road game, counted by
    replaying its history through the public API."""
    counts: Counter[str] = Counter()
    winners = set(winner_seats(state))

    def add(group: str, row: str, seat: int, times: int = 1) -> None:
        counts[f"{group}.{row}.all"] += times
        if seat in winners:
            counts[f"{group}.{row}.winner"] += times

    replay = state.game.new_initial_state()
    if not isinstance(replay, OpenRoadState):
        return counts
    seats = range(replay.n)
    card = [-1] * replay.n  # the last card each rider played (for its setbacks)
    for seat, action in state.history():
        mode = replay.mode
        pos, money = list(replay.pos), list(replay.money)
        heart, paid = list(replay.heart), list(replay.side_paid)
        if seat != CHANCE and action < road_actions.N_DOTS and mode in RIDES:
            add("dots", "ridden", seat, replay.ride_length(seat, action, mode == road_flow.CRUISE))
        replay.apply_action(action, None if seat == CHANCE else seat)
        if seat != CHANCE:
            if mode == road_flow.ACT:
                add(*_road_action(action), seat)
                card[seat] = action
            elif mode == road_flow.HOTEL:
                add("actions", "hotel" if action == road_actions.HOTEL else "no_hotel", seat)
        if not replay.round:
            continue  # setup: route cards are dealt, nobody rides yet
        for rider in seats:
            if replay.heart[rider] != heart[rider]:
                add("bonuses", "heartland", rider)
            new = (replay.side_paid[rider] & ~paid[rider]).bit_count()
            if new:
                add("bonuses", "side_trip", rider, new)
            if seat == CHANCE or rider == seat:
                continue
            played = card[seat]
            if played == road_actions.PLAY_BASE + road_playing.SADDLE_SORES:
                if money[rider] and not replay.money[rider]:
                    add("bonuses", "bankruptcy", rider)
                    if replay.pos[rider] != pos[rider]:
                        add("bonuses", "bankrupt_sent_back", rider)
            elif (
                played == road_actions.MOTHER_LODE_BASE + road_playing.LOST_ID
                and replay.pos[rider] != pos[rider]
            ):
                add("bonuses", "lost_id_sent_back", rider)
    for rider in seats:
        if replay.origin[rider] >= 0:
            shortest = road_riding.distances_to(replay.dest[rider], -1)[replay.origin[rider]]
            add("dots", "coast_to_coast", rider, shortest)
    return counts


register_game_stats("open-road", open_road_stats)


def stat_tables(means: dict[str, float]) -> dict[str, tuple[list[str], list[str]]]:
    """Group ``"group.row.column"`` names: group -> (rows, columns), in first-seen
    order (numeric rows sorted as numbers; the groups of ``GROUP_ROWS`` last, in its
    order, each with its rows in the order it lists)."""
    tables: dict[str, tuple[list[str], list[str]]] = {}
    for name in means:
        group, _, rest = name.partition(".")
        row, _, column = rest.rpartition(".")
        rows, columns = tables.setdefault(group, ([], []))
        if row not in rows:
            rows.append(row)
        if column not in columns:
            columns.append(column)
    for group, (rows, _) in tables.items():
        order = GROUP_ROWS.get(group)
        if order is not None:
            rows.sort(key=lambda row: (order.index(row) if row in order else len(order), row))
        elif all(row.isdigit() for row in rows):
            rows.sort(key=int)
        elif all(row in ROW_ORDER for row in rows):
            rows.sort(key=ROW_ORDER.index)
    groups = list(GROUP_ROWS)  # these groups in this order, after any others
    return dict(
        sorted(tables.items(), key=lambda item: groups.index(item[0]) if item[0] in groups else -1)
    )
