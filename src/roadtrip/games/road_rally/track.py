"""The race track: spaces in order from the start, with their special features.

A :class:`Track` is built once per game from the tile order.  Spaces are numbered
from 0 (the start tile's first space, where every car begins).  Rally points 1-21
go on the rally spaces in order from the start; the checkpoint tiles on the
checkpoint spots; a shortcut joins its entrance to the exit across the tile.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from roadtrip.games.road_rally.data import (
    CHECKPOINT_TILES,
    FINISH_TILE,
    RALLY_POINTS,
    SEGMENTS_PER_TILE,
    STANDARD_TILES,
    START_TILE,
    tile_order,
)

PLAIN, GAS, MECHANIC, STORE = ".", "G", "M", "S"


@dataclass(frozen=True)
class Track:
    tiles: tuple[str, ...]  # tile names: "start", "A".."J", "finish"
    features: tuple[str, ...]  # per space: ".", "G", "M" or "S"
    rally_space: dict[int, int]  # rally point number -> space
    rally_at: dict[int, int]  # space -> rally point number
    checkpoint_space: tuple[int, ...]  # checkpoint index -> space
    shortcut: dict[int, int]  # entrance space -> exit space
    finish: int  # crossing onto this space crosses the finish line
    length: int = field(default=0)

    @property
    def last_space(self) -> int:
        return self.length - 1

    def rally_numbers(self) -> list[int]:
        return sorted(self.rally_space)


def build_track(layout_seed: int, tiles: int, shortcut_rally: str = "inside") -> Track:
    """The track of a race of ``tiles`` tiles (start and finish included).

    ``shortcut_rally="entrance"`` moves a rally space that lies between a
    shortcut's ends onto the shortcut's entrance (the space in front of it, which
    every car passes or stops on), so no car can skip its rally point."""
    order = tile_order(layout_seed, tiles - 2)
    names = ("start", *order, "finish")
    codes = [START_TILE, *(STANDARD_TILES[n] for n in order), FINISH_TILE]
    features: list[str] = []
    rally_spots: list[int] = []
    checkpoint_spots: list[int] = []
    shortcut: dict[int, int] = {}
    finish = -1
    for tile_index, code in enumerate(codes):
        base = tile_index * SEGMENTS_PER_TILE
        entrance = exit_ = -1
        for offset, letter in enumerate(code):
            space = base + offset
            features.append(letter if letter in (GAS, MECHANIC, STORE) else PLAIN)
            if letter == "R":
                rally_spots.append(space)
            elif letter == "C":
                checkpoint_spots.append(space)
            elif letter == ">":
                entrance = space
            elif letter == "<":
                exit_ = space
            elif letter == "F":
                finish = space
        if entrance >= 0 and exit_ >= 0:
            shortcut[entrance] = exit_
            if shortcut_rally == "entrance":
                rally_spots = [
                    entrance if entrance < spot < exit_ else spot for spot in rally_spots
                ]
    # The last checkpoint spot is the approach to the finish tile.
    checkpoint_spots.append(finish - 1)
    rally = {n + 1: s for n, s in enumerate(rally_spots[:RALLY_POINTS])}
    spots = _spread(checkpoint_spots, CHECKPOINT_TILES)
    return Track(
        tiles=names,
        features=tuple(features),
        rally_space=rally,
        rally_at={s: n for n, s in rally.items()},
        checkpoint_space=tuple(spots),
        shortcut=shortcut,
        finish=finish,
        length=len(features),
    )


def _spread(spots: list[int], count: int) -> list[int]:
    """``count`` spots spread evenly over ``spots`` (all of them if fewer)."""
    if len(spots) <= count:
        return spots
    step = (len(spots) - 1) / (count - 1)
    return sorted({spots[round(i * step)] for i in range(count)})
