// boards/road_rally/pieces.js: the pictures on the Road Rally track, for
// track.js: the badges of the special spaces (Gas, Mechanic, General
// Store "Rainbow 5"), rally point chips, bars across the road (start, gates), the
// finish line, checkpoint tiles, the cars and where several share a space, the
// direction marks, and the small pictures of the legend.

import { svg } from "../../js/dom.js";
import { RW, f } from "./layout.js";

const TOKEN = 13; // a car's radius

export const CAR_COLORS = ["#2563eb", "#d6336c", "#0b9a76", "#7048e8", "#e8590c"];
export const FEATURE_NAMES = { G: "Gas", M: "Mechanic", S: "General Store (Rainbow 5)" };

// --------------------------------------------------------------- the pieces
const TILE_NAMES = { start: "Start", finish: "Finish" };

export function tileName(name) {
  return TILE_NAMES[name] || `Tile ${name}`;
}

export function featureBadge(letter, x, y) {
  if (letter === "S") {
    return svg(
      "g",
      { class: "rr-badge store" },
      svg("circle", { cx: f(x), cy: f(y), r: 11, fill: "url(#rr-rainbow)" }),
      svg("circle", { cx: f(x), cy: f(y), r: 7.2, class: "store-core" }),
      svg("text", { x: f(x), y: f(y + 3.6), class: "badge-text store-text" }, "5"),
    );
  }
  return svg(
    "g",
    { class: `rr-badge ${letter === "G" ? "gas" : "mech"}` },
    svg("circle", { cx: f(x), cy: f(y), r: 10.5 }),
    svg("text", { x: f(x), y: f(y + 4), class: "badge-text" }, letter),
  );
}

export function rallyChip(point, x, y, holderColor) {
  const g = svg("g", {
    class: `rr-chip ${point.status}`,
    "data-rally": point.number,
    "data-status": point.status,
  });
  if (point.status === "scored" && holderColor) {
    g.append(svg("circle", { cx: f(x), cy: f(y), r: 13.5, class: "chip-holder", stroke: holderColor }));
  }
  g.append(
    svg("circle", { cx: f(x), cy: f(y), r: 11, class: "chip-disc" }),
    svg("text", { x: f(x), y: f(y + 4), class: "chip-text" }, String(point.number)),
  );
  return g;
}

/** A bar across the road at distance s of a piece (the start, the finish, a gate). */
export function across(road, s, half, cls) {
  const p = road.at(s);
  const nx = -Math.sin(p.h);
  const ny = Math.cos(p.h);
  return svg("line", {
    x1: f(p.x + nx * half),
    y1: f(p.y + ny * half),
    x2: f(p.x - nx * half),
    y2: f(p.y - ny * half),
    class: cls,
  });
}

export function finishLine(road, s) {
  const p = road.at(s);
  const tx = Math.cos(p.h);
  const ty = Math.sin(p.h);
  const g = svg("g", { class: "rr-finish" });
  const nx = -ty;
  const ny = tx;
  const half = RW / 2;
  const cell = RW / 8;
  for (let row = 0; row < 2; row++) {
    for (let k = 0; k < 8; k++) {
      const a = -half + k * cell;
      const b = row * cell - cell;
      const x = p.x + nx * a + tx * b;
      const y = p.y + ny * a + ty * b;
      const pts = [
        [x, y],
        [x + nx * cell, y + ny * cell],
        [x + nx * cell + tx * cell, y + ny * cell + ty * cell],
        [x + tx * cell, y + ty * cell],
      ];
      g.append(
        svg("polygon", {
          points: pts.map(([u, v]) => `${f(u)},${f(v)}`).join(" "),
          class: (k + row) % 2 ? "sq-dark" : "sq-light",
        }),
      );
    }
  }
  return g;
}

export function checkpointTile(road, s, index, holder, colors, names) {
  const p = road.at(s);
  const nx = Math.sin(p.h); // the left-hand side of the road: inside the bend
  const ny = -Math.cos(p.h);
  const d = RW / 2 + 12;
  const x = p.x + nx * d;
  const y = p.y + ny * d;
  const taken = holder !== null && holder !== undefined;
  const tip = taken
    ? `Checkpoint ${index + 1}: taken by ${names[holder]} (2 points at the end)`
    : `Checkpoint ${index + 1}: the first car to pass it takes the tile (2 points at the end); the last car then draws 2 cards`;
  return svg(
    "g",
    { class: `rr-checkpoint${taken ? " taken" : ""}`, "data-checkpoint": index, "data-holder": taken ? holder : "" },
    svg("title", {}, tip),
    across(road, s, RW / 2, "gate"),
    svg("rect", {
      x: f(x - 10),
      y: f(y - 10),
      width: 20,
      height: 20,
      rx: 4,
      class: "cp-tile",
      style: taken ? `fill:${colors[holder]}` : null,
    }),
    taken
      ? svg("text", { x: f(x), y: f(y + 4), class: "cp-text taken" }, String(holder + 1))
      : svg("path", { d: `M ${f(x - 4)} ${f(y + 6)} V ${f(y - 6)} L ${f(x + 5)} ${f(y - 3)} L ${f(x - 4)} ${f(y)}`, class: "cp-flag" }),
  );
}

export function carToken(x, y, seat, color, mine, title, last) {
  return svg(
    "g",
    { class: `rr-car${mine ? " mine" : ""}${last ? " last-moved" : ""}`, "data-seat": seat },
    svg("title", {}, title),
    last ? svg("circle", { cx: f(x), cy: f(y), r: TOKEN + 5, class: "car-last" }) : null,
    svg("circle", { cx: f(x), cy: f(y + 1.5), r: TOKEN, class: "car-shadow" }),
    svg("circle", { cx: f(x), cy: f(y), r: TOKEN, fill: color, class: "car-body" }),
    svg("text", { x: f(x), y: f(y + 5), class: "car-text" }, String(seat + 1)),
  );
}

/** A chevron on the road pointing the way the cars drive, at length `s` of `road`. */
export function directionMark(road, s) {
  const p = road.at(s);
  const tx = Math.cos(p.h);
  const ty = Math.sin(p.h);
  const at = (a, c) => `${f(p.x + tx * a - ty * c)} ${f(p.y + ty * a + tx * c)}`;
  const edge = RW / 2 - 6;
  return svg("path", { d: `M ${at(-3, edge - 4)} L ${at(2, edge)} L ${at(-3, edge + 4)}`, class: "rr-dir" });
}

// Places on a space for up to five cars, the first to arrive in front:
// [along the road, across it].
const SLOTS = [
  [12, -11],
  [12, 11],
  [-12, -11],
  [-12, 11],
  [0, 0],
];

export function slotPoint(p, slot) {
  const [a, c] = SLOTS[Math.min(slot, SLOTS.length - 1)];
  const tx = Math.cos(p.h);
  const ty = Math.sin(p.h);
  return { x: p.x + tx * a - ty * c, y: p.y + ty * a + tx * c };
}

/** A small picture for the legend: "gas", "mech", "store", "chip", "cp", "shortcut", "finish". */
export function legendIcon(kind) {
  const box = (...children) =>
    svg("svg", { viewBox: "0 0 28 28", width: 22, height: 22, class: "rr-legend-icon", "aria-hidden": "true" }, ...children);
  switch (kind) {
    case "gas":
      return box(featureBadge("G", 14, 14));
    case "mech":
      return box(featureBadge("M", 14, 14));
    case "store":
      return box(
        svg("defs", {}, svg("linearGradient", { id: "rr-rainbow-legend", x1: "0", y1: "0", x2: "1", y2: "1" },
          ["#e03131", "#f08c00", "#fcc419", "#2f9e44", "#1c7ed6", "#7048e8"].map((c, i) => svg("stop", { offset: `${(i / 5) * 100}%`, "stop-color": c })))),
        svg("circle", { cx: 14, cy: 14, r: 11, fill: "url(#rr-rainbow-legend)" }),
        svg("circle", { cx: 14, cy: 14, r: 7.2, class: "store-core" }),
        svg("text", { x: 14, y: 17.6, class: "badge-text store-text" }, "5"),
      );
    case "chip":
      return box(rallyChip({ number: 7, status: "on_track" }, 14, 14, null));
    case "removed":
      return box(rallyChip({ number: 7, status: "removed" }, 14, 14, null));
    case "scored":
      return box(rallyChip({ number: 7, status: "scored" }, 14, 14, CAR_COLORS[0]));
    case "cp":
      return box(
        svg(
          "g",
          { class: "rr-checkpoint" },
          svg("rect", { x: 4, y: 4, width: 20, height: 20, rx: 4, class: "cp-tile" }),
          svg("path", { d: "M 10 20 V 8 L 19 11 L 10 14", class: "cp-flag" }),
        ),
      );
    case "shortcut":
      return box(
        svg(
          "g",
          { class: "rr-shortcut" },
          svg("path", { d: "M 4 22 Q 14 4 24 22", class: "link" }),
          svg("circle", { cx: 4, cy: 22, r: 3.5, class: "end from" }),
          svg("circle", { cx: 24, cy: 22, r: 3.5, class: "end to" }),
        ),
      );
    default:
      return box();
  }
}
