"""Road Rally USA's rally scoring, the finish and the final result in words.

A scored rally point is told with its trigger, what each place earned, who may
still choose 2 cards instead of points, and who takes the chip; an unscored one
with why it is removed.  The result is the final table in the final order of the
cars (the tie-break) and the winner, saying how a tie was broken.  Everything here
reads the spectator view: scoring is public.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console

from roadtrip.cli.road_rally.draw import ORDINALS, Names, and_list, final_table
from roadtrip.core import State


def scoring_lines(
    bv: dict[str, Any], av: dict[str, Any], names: Names, trigger: str = "any"
) -> list[str]:
    """Rally points resolved (scored or removed), the finish, the next rally offered.
    ``trigger`` is the match's option: who may reveal a crossed rally point's card."""
    texts = [_result(r, bv, av, names) for r in av["rally_results"][len(bv["rally_results"]) :]]
    number = av["rally_current"]
    if av["phase"] == "reveal" and (bv["phase"] != "reveal" or bv["rally_current"] != number):
        start = "" if bv["phase"] in ("reveal", "reward") else f"End of round {av['round']}: "
        # Option trigger: any, whoever holds the card; passed, only if their car is on
        # or beyond the rally point.
        where = "" if trigger == "any" else f" if their car is on or beyond rally point {number}"
        texts.append(
            f"{start}rally point {number} was crossed; whoever holds rally card {number} "
            f"may reveal it to score it{where}."
        )
    return texts


def round_lines(bv: dict[str, Any], av: dict[str, Any], names: Names) -> list[str]:
    """A new round and its order of play."""
    if av["turn_order"] and (av["round"] != bv["round"] or not bv["turn_order"]):
        order = names.many(av["turn_order"])
        final = " (the final round)" if av["final_round"] else ""
        return [f"Round {av['round']}{final}: the cars move from first to last: {order}."]
    return []


def _earned(result: dict[str, Any], order: list[int], names: Names) -> str:
    earned = result["earned"]
    return ", ".join(
        f"{ORDINALS[place]} {names.obj(seat)} +{earned[str(seat)]}"
        for place, seat in enumerate(order)
        if str(seat) in earned
    )


def _result(result: dict[str, Any], bv: dict[str, Any], av: dict[str, Any], names: Names) -> str:
    order: list[int] = av["order"]
    if result.get("finish"):
        first = av["finishers"][0] if av["finishers"] else None
        text = f"Finish scoring: {_earned(result, order, names) or 'nobody crossed'}"
        if first is not None:
            text += f" ({names.obj(first)} crossed first)"
        left = [s for s in order if str(s) not in result["earned"]]
        if left:
            text += f"; {names.many(left)} did not cross the finish line and score nothing"
        return text + "."
    number = result["rally"]
    if not result["scored"]:
        if bv["phase"] == "reveal" and bv["rally_current"] == number:
            return f"Nobody reveals rally card {number}: rally point {number} is removed."
        return f"Rally point {number} is removed unscored (no more rally scoring this round)."
    trigger = result["trigger"]
    text = (
        f"Rally point {number} scores, triggered by {names.obj(trigger)} "
        f"({names.their(trigger)} points doubled): "
        f"{_earned(result, order, names)}"
    )
    choosers = [s for s in order if str(s) not in result["earned"]]
    if choosers:
        places = and_list([ORDINALS[order.index(s)] for s in choosers])
        text += f"; {places} may take the points or 2 cards"
    chip = result["chip"]
    if chip is None:
        text += f". No car is on its space: chip {number} is removed."
    else:
        text += f". {names.says(chip, 'take')} chip {number}, first on its space (2 points)."
    return text


def render_result(console: Console, state: State, names: Names) -> None:
    """The final table (or the standing so far) and the winner with the tie-break."""
    view = state.view(None)
    finished = state.is_terminal()
    console.print(final_table(view, names, "Final table" if finished else "Standing so far"))
    if not finished:
        console.print("[bold]The game is not finished.[/]")
        return
    totals = [car["total"] for car in view["cars"]]
    best = max(totals)
    tied = [s for s in view["order"] if totals[s] == best]
    winner = view["winners"][0]
    if len(tied) == 1:
        console.print(f"[bold green]{names.says(winner, 'win')} with {best} points![/]")
        return
    who, ahead, wins = names.obj(winner), names.verb(winner, "are"), names.verb(winner, "win")
    console.print(
        f"[bold green]{names.many(tied)} tie on {best} points; the final order of the cars "
        f"breaks the tie: {who} {ahead} ahead, so {who} {wins}.[/]"
    )
