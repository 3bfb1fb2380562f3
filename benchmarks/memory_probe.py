"""What a server process keeps: a debug-only probe for benchmarks/memory_returns.py.

Installed in the benchmark's server process (never by the app itself): on SIGUSR1 it
collects garbage and writes to ``FOLDER/probe-N.*`` the counts of the objects the
collector tracks, by type (``.json``), glibc's own figures (``mallinfo2``: bytes in
use and free in its heaps), Python's allocator (``sys._debugmallocstats``: arenas
allocated, pools in use and free, on the process's stderr, ``.mallocstats``) and,
when tracing (``tracemalloc`` started with ``--trace FRAMES``), a snapshot
(``.snapshot``) to compare with ``compare_probes``.

    python benchmarks/memory_probe.py FOLDER 0 2     # the second probe against the first
"""

from __future__ import annotations

import bisect
import collections
import ctypes
import ctypes.util
import gc
import json
import os
import signal
import sys
import tracemalloc
from pathlib import Path
from types import FrameType


class _Mallinfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
            "fsmblks", "uordblks", "fordblks", "keepcost",
        )
    ]  # fmt: skip


def mallinfo() -> dict[str, int]:
    """glibc's heap figures: ``arena`` (bytes of the heaps), ``uordblks`` (in use),
    ``fordblks`` (free), ``hblkhd`` (mmapped blocks); {} elsewhere."""
    name = ctypes.util.find_library("c")
    try:
        call = ctypes.CDLL(name).mallinfo2  # type: ignore[arg-type]
    except (OSError, AttributeError):
        return {}
    call.restype = _Mallinfo2
    info = call()
    return {field: getattr(info, field) for field, _ in _Mallinfo2._fields_}


def counts_by_type() -> dict[str, int]:
    counts: collections.Counter[str] = collections.Counter()
    for item in gc.get_objects():
        kind = type(item)
        counts[f"{kind.__module__}.{kind.__qualname__}"] += 1
    return dict(counts)


POOL = 16384  # CPython 3.11's pymalloc: 16 KiB pools in 1 MiB arenas


def _anonymous_maps() -> list[tuple[int, int]]:
    spans = []
    for line in Path("/proc/self/maps").read_text().splitlines():
        fields = line.split()
        # No path: anonymous memory (arenas, heaps); readable (not a guard page).
        if len(fields) == 5 and fields[1].startswith("r"):
            start, end = (int(x, 16) for x in fields[0].split("-"))
            spans.append((start, end))
    return sorted(spans)


def arena_of(item: object, spans: list[tuple[int, int]]) -> int | None:
    """The index of the pymalloc arena that holds ``item``, read from its pool's
    header (``arenaindex`` at offset 32 in 3.11), or None if it is not a small block."""
    if sys.getsizeof(item) > 480:
        return None
    address = id(item)
    pool = address & ~(POOL - 1)
    at = bisect.bisect_right(spans, (pool, 1 << 64)) - 1
    if at < 0 or not (spans[at][0] <= pool and address < spans[at][1]):
        return None
    return ctypes.c_uint.from_address(pool + 32).value


def _arenas() -> dict[int, tuple[int, list[object]]]:
    """Arena index -> (its lowest pool address seen, the objects found in it), for
    the objects the collector tracks and those they refer to directly."""
    spans = _anonymous_maps()
    seen: set[int] = set()
    arenas: dict[int, tuple[int, list[object]]] = {}
    for holder in gc.get_objects():
        for item in [holder, *gc.get_referents(holder)]:
            if id(item) in seen:
                continue
            seen.add(id(item))
            index = arena_of(item, spans)
            if index is None or index > 100_000:
                continue
            pool = id(item) & ~(POOL - 1)
            low, found = arenas.get(index, (pool, []))
            found.append(item)
            arenas[index] = (min(low, pool), found)
    return arenas


def arena_places() -> dict[int, int]:
    """Arena index -> its lowest pool address seen (the arenas of the first probe)."""
    return {index: low for index, (low, _) in _arenas().items()}


def _name(item: object) -> str:
    kind = type(item)
    return f"{kind.__module__}.{kind.__qualname__}"


def _holders(item: object) -> str:
    """What refers to ``item``, two steps up (a dict's key, its owner's type)."""
    out = []
    for holder in gc.get_referrers(item)[:3]:
        text = _name(holder)
        if isinstance(holder, dict):
            keys = [k for k, v in holder.items() if v is item][:2]
            owners = [_name(o) for o in gc.get_referrers(holder)[:3] if o is not holder]
            text += f"[{keys!r}] of {owners}"
        elif isinstance(holder, (list, tuple)):
            owners = [_name(o) for o in gc.get_referrers(holder)[:3]]
            text += f" of {owners}"
        out.append(text)
    return "; ".join(out)[:300]


def pins(before: dict[int, int], top: int = 40) -> dict[str, object]:
    """The objects found in arenas made since the first probe (an index it did not
    see, or seen more than an arena away), by type and, when tracing, by where they
    were allocated; the sparsest arenas listed object by object."""
    new = {
        index: found
        for index, (low, found) in _arenas().items()
        if index not in before or abs(low - before[index]) >= 1 << 20
    }
    kinds: collections.Counter[str] = collections.Counter()
    places: collections.Counter[str] = collections.Counter()
    for found in new.values():
        for item in found:
            kinds[_name(item)] += 1
            trace = tracemalloc.get_object_traceback(item)
            if trace is not None:
                places["\n".join(trace.format()[-12:])] += 1
    sparse = sorted(new.values(), key=len)[:15]
    return {
        "arenas": len(new),
        "objects": sum(len(found) for found in new.values()),
        "fewest": sorted(len(found) for found in new.values())[:20],
        "types": kinds.most_common(top),
        "places": places.most_common(top),
        "sparse": [
            [f"{_name(i)} {repr(i)[:80]} in {_holders(i)}" for i in found[:6]] for found in sparse
        ],
    }


def install(folder: Path, frames: int) -> None:
    """Arms the probe in this process (frames > 0: trace allocations from now)."""
    folder.mkdir(parents=True, exist_ok=True)
    if frames > 0:
        tracemalloc.start(frames)
    taken = [0]
    before: dict[int, int] = {}  # the arenas of the first probe

    def probe(_signum: int, _frame: FrameType | None) -> None:
        number, taken[0] = taken[0], taken[0] + 1
        gc.collect()
        base = folder / f"probe-{number}"
        figures: dict[str, object] = {"mallinfo": mallinfo(), "types": counts_by_type()}
        if number == 0:
            before.update(arena_places())
        else:
            figures["pins"] = pins(before)
        # _debugmallocstats writes to the C stderr: point it at the file for a moment.
        sys.stderr.flush()
        saved = os.dup(2)
        with open(base.with_suffix(".mallocstats"), "w") as out:
            os.dup2(out.fileno(), 2)
            try:
                sys._debugmallocstats()
            finally:
                os.dup2(saved, 2)
                os.close(saved)
        if tracemalloc.is_tracing():
            tracemalloc.take_snapshot().dump(str(base.with_suffix(".snapshot")))
        # The .json last, whole: the benchmark waits for it.
        base.with_suffix(".tmp").write_text(json.dumps(figures))
        base.with_suffix(".tmp").rename(base.with_suffix(".json"))

    signal.signal(signal.SIGUSR1, probe)


def mallocstats_summary(path: Path) -> dict[str, int]:
    """The arena lines of a ``_debugmallocstats`` dump: arenas allocated in total,
    now, the most at once, and the bytes in used and free pools."""
    wanted = {
        "# arenas allocated total": "arenas_total",
        "# arenas reclaimed": "arenas_reclaimed",
        "# arenas highwater mark": "arenas_highwater",
        "# arenas allocated current": "arenas_now",
        "bytes in allocated blocks": "bytes_in_blocks",
        "bytes in available blocks": "bytes_available",
        "unused pools": "bytes_unused_pools",
    }
    found: dict[str, int] = {}
    for line in path.read_text().splitlines():
        for prefix, key in wanted.items():
            if prefix in line and key not in found:
                found[key] = int(line.rsplit("=", 1)[1].replace(",", "").strip())
    return found


def compare_probes(folder: Path, first: int, second: int, top: int = 25) -> None:
    """Prints what the second probe holds more than the first."""
    one, two = (folder / f"probe-{first}", folder / f"probe-{second}")
    a, b = (json.loads(p.with_suffix(".json").read_text()) for p in (one, two))
    heaps = ("arena", "uordblks", "fordblks", "hblkhd")
    glibc = {k: f"{a['mallinfo'].get(k, 0) >> 10} -> {v >> 10} KiB"
             for k, v in b["mallinfo"].items() if k in heaps}  # fmt: skip
    print("glibc (heaps, in use, free, mmapped):", glibc)
    print("pymalloc:", mallocstats_summary(one.with_suffix(".mallocstats")), "->")
    print("          ", mallocstats_summary(two.with_suffix(".mallocstats")))
    grown = {k: v - a["types"].get(k, 0) for k, v in b["types"].items()}
    print("gc-tracked objects, most grown:")
    for name, more in sorted(grown.items(), key=lambda kv: -kv[1])[:top]:
        if more > 0:
            print(f"  {more:+8d} {name} ({b['types'][name]})")
    if "pins" in b:
        pinned = b["pins"]
        print(
            f"objects in arenas made since the first probe: {pinned['objects']} "
            f"in {pinned['arenas']} arenas (fewest a arena: {pinned['fewest']})"
        )
        for name, count in pinned["types"]:
            print(f"  {count:7d} {name}")
        for number, found in enumerate(pinned["sparse"]):
            print(f"  sparse arena {number}:", "; ".join(found))
        for place, count in pinned["places"][:top]:
            print(f"  {count:7d} objects from\n      " + place.replace("\n", "\n      "))
    snaps = [p.with_suffix(".snapshot") for p in (one, two)]
    if all(p.exists() for p in snaps):
        old, new = (tracemalloc.Snapshot.load(str(p)) for p in snaps)
        print("tracemalloc, most grown (by traceback):")
        for stat in new.compare_to(old, "traceback")[:top]:
            print(f"  {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks")
            for line in stat.traceback.format()[-8:]:
                print("     ", line)


if __name__ == "__main__":
    compare_probes(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
