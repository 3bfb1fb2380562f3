// boards/road-rally-track.js: the Road Rally USA track as SVG, for road-rally.js.
//
// Every tile of 8 spaces is a hairpin (a U): in the first row the road climbs a
// leg, bends over the top and comes down the other leg, then swings under to the
// next tile; a second row (tracks of more than six tiles) runs back right to left
// upside down.  The road is one path of straight pieces and circular arcs, so the
// spaces sit at even distances along it and can be drawn on the bends too.  On the
// road: special spaces (Gas, Mechanic, General Store "Rainbow 5"), rally point
// chips, checkpoint gates with their tiles, shortcuts drawn across the U, the
// start and the finish line, the cars (several on a space side by side, the first
// to arrive in front), and the preview of a planned move.

import { svg } from "../js/dom.js";

const R = 36; // bend radius: the two legs of a tile are 2R apart
const RW = 44; // road width
const LEG = 71; // the straight part of a leg
const GAP = 2 * R + RW + 30; // between the two rows of tiles
const MARGIN = 26;
const LABEL = 20; // room for the tile names
const SPACES = 8;
const TOKEN = 13; // a car's radius

export const CAR_COLORS = ["#2563eb", "#d6336c", "#0b9a76", "#7048e8", "#e8590c"];
export const FEATURE_NAMES = { G: "Gas", M: "Mechanic", S: "General Store (Rainbow 5)" };

// ------------------------------------------------------------ the road path
/** A path of straight pieces and arcs (y grows downwards, angles in radians). */
class Road {
  constructor(x, y, heading) {
    this.x = x;
    this.y = y;
    this.h = heading;
    this.parts = [];
  }

  line(length) {
    const { x, y, h } = this;
    this.parts.push({ kind: "line", x, y, h, length });
    this.x += Math.cos(h) * length;
    this.y += Math.sin(h) * length;
    return this;
  }

  /** An arc of radius r turning by phi (> 0: clockwise on screen). */
  arc(r, phi) {
    const { x, y, h } = this;
    const side = Math.sign(phi);
    const cx = x + r * Math.cos(h + (side * Math.PI) / 2);
    const cy = y + r * Math.sin(h + (side * Math.PI) / 2);
    const a0 = h - (side * Math.PI) / 2;
    this.parts.push({ kind: "arc", x, y, h, r, phi, cx, cy, a0, length: r * Math.abs(phi) });
    this.x = cx + r * Math.cos(a0 + phi);
    this.y = cy + r * Math.sin(a0 + phi);
    this.h = h + phi;
    return this;
  }

  get length() {
    return this.parts.reduce((sum, p) => sum + p.length, 0);
  }

  /** {x, y, h}: the point at distance s along the path, and the heading there. */
  at(s) {
    let rest = Math.max(0, s);
    for (let i = 0; i < this.parts.length; i++) {
      const p = this.parts[i];
      if (rest <= p.length || i === this.parts.length - 1) {
        const t = Math.min(rest, p.length);
        if (p.kind === "line") return { x: p.x + Math.cos(p.h) * t, y: p.y + Math.sin(p.h) * t, h: p.h };
        const a = p.a0 + Math.sign(p.phi) * (t / p.r);
        return { x: p.cx + p.r * Math.cos(a), y: p.cy + p.r * Math.sin(a), h: p.h + Math.sign(p.phi) * (t / p.r) };
      }
      rest -= p.length;
    }
    return { x: this.x, y: this.y, h: this.h };
  }

  /** SVG path data from s0 to s1 (sampled: fine for short stretches). */
  d(s0 = 0, s1 = this.length, step = 4) {
    const n = Math.max(1, Math.ceil((s1 - s0) / step));
    const pts = [];
    for (let i = 0; i <= n; i++) {
      const p = this.at(s0 + ((s1 - s0) * i) / n);
      pts.push(`${p.x.toFixed(1)} ${p.y.toFixed(1)}`);
    }
    return `M ${pts.join(" L ")}`;
  }
}

const f = (v) => v.toFixed(1);

// ---------------------------------------------------------------- the layout
/**
 * The geometry of a track with `tiles` tiles: its size, and per tile the road
 * piece (a Road), its plate (the board behind it) and where its name goes.
 */
export function layout(tiles) {
  const rows = tiles <= 6 ? 1 : 2;
  const perRow = Math.ceil(tiles / rows);
  const xs = MARGIN;
  const yT1 = MARGIN + LABEL + R + RW / 2;
  const yB1 = yT1 + LEG;
  const yT2 = yB1 + GAP;
  const yB2 = yT2 + LEG;
  const quarter = -Math.PI / 2;
  const pieces = [];
  for (let k = 0; k < tiles; k++) {
    const row = k < perRow ? 0 : 1;
    const i = row === 0 ? k : k - perRow;
    const lastOfRow0 = row === 0 && rows === 2 && i === perRow - 1;
    let road;
    let plate;
    let label;
    if (row === 0) {
      const x = xs + 4 * R * i;
      road = new Road(x, yB1 + R, 0).arc(R, quarter).line(LEG).arc(R, Math.PI).line(LEG);
      if (lastOfRow0) road.line(GAP / 2);
      else road.arc(R, quarter);
      plate = { x, y: yT1 - R - RW / 2 - 5, w: 4 * R, h: (lastOfRow0 ? yB1 + GAP / 2 : yB1 + R + RW / 2 + 5) - (yT1 - R - RW / 2 - 5) };
      label = { x: x + 2 * R, y: MARGIN + LABEL - 6 };
    } else {
      const xc = xs + 4 * R * (perRow - 1) + 3 * R; // the down leg of row 0's last tile
      const x = xc - 4 * R * i; // this tile's first (down) leg
      if (i === 0) road = new Road(x, yB1 + GAP / 2, Math.PI / 2).line(GAP / 2);
      else road = new Road(x + R, yT2 - R, Math.PI).arc(R, quarter);
      road.line(LEG).arc(R, Math.PI).line(LEG).arc(R, quarter);
      const top = i === 0 ? yB1 + GAP / 2 : yT2 - R - RW / 2 - 5;
      plate = { x: x - 3 * R, y: top, w: 4 * R, h: yB2 + R + RW / 2 + 5 - top };
      label = { x: x - R, y: yB2 + R + RW / 2 + 5 + LABEL - 4 };
    }
    pieces.push({ road, plate, label, row });
  }
  const width = xs * 2 + 4 * R * perRow;
  const height = rows === 2 ? yB2 + R + RW / 2 + 5 + LABEL + MARGIN - 6 : yB1 + R + RW / 2 + 5 + MARGIN;
  return { width, height, pieces, rows };
}

/** Space `space`: its tile piece and its centre, entry and exit along the road. */
function spaceGeom(geo, space) {
  const tile = Math.floor(space / SPACES);
  const piece = geo.pieces[Math.min(tile, geo.pieces.length - 1)];
  const unit = piece.road.length / SPACES;
  const i = space - tile * SPACES;
  return { piece, s0: i * unit, s1: (i + 1) * unit, mid: (i + 0.5) * unit, unit };
}

function pointOf(geo, space, where = "mid") {
  const g = spaceGeom(geo, space);
  return g.piece.road.at(g[where]);
}

// --------------------------------------------------------------- the pieces
const TILE_NAMES = { start: "Start", finish: "Finish" };

function tileName(name) {
  return TILE_NAMES[name] || `Tile ${name}`;
}

function featureBadge(letter, x, y) {
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

function rallyChip(point, x, y, holderColor) {
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
function across(road, s, half, cls) {
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

function finishLine(road, s) {
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

function checkpointTile(road, s, index, holder, colors, names) {
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

function carToken(x, y, seat, color, mine, title, last) {
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
function directionMark(road, s) {
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

function slotPoint(p, slot) {
  const [a, c] = SLOTS[Math.min(slot, SLOTS.length - 1)];
  const tx = Math.cos(p.h);
  const ty = Math.sin(p.h);
  return { x: p.x + tx * a - ty * c, y: p.y + ty * a + tx * c };
}

const ORDINAL = (n) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th"}`;
export { ORDINAL as ordinal };

/**
 * The track as an <svg>.  opts: {names, colors (per seat), you, preview: {from, to,
 * color} or null, shortcutFocus: entrance space or null, focusRally: the rally point
 * being decided or null, chipHolder: {rally number: seat}, lastMoved: seat or null}.
 */
export function trackSvg(view, opts) {
  const track = view.track;
  const geo = layout(track.tiles.length);
  const names = opts.names;
  const colors = opts.colors || CAR_COLORS;
  const root = svg("svg", {
    class: "rr-track",
    viewBox: `0 0 ${geo.width} ${f(geo.height)}`,
    style: `max-width:${Math.round(geo.width * 1.12)}px`,
    role: "img",
    "aria-label": `The track: ${track.tiles.length} tiles, ${track.length} spaces; the finish line before space ${track.finish + 1}`,
    "data-spaces": track.length,
    "data-tiles": track.tiles.length,
  });
  const defs = svg(
    "defs",
    {},
    svg(
      "linearGradient",
      { id: "rr-rainbow", x1: "0", y1: "0", x2: "1", y2: "1" },
      ["#e03131", "#f08c00", "#fcc419", "#2f9e44", "#1c7ed6", "#7048e8"].map((c, i) =>
        svg("stop", { offset: `${(i / 5) * 100}%`, "stop-color": c }),
      ),
    ),
  );
  root.append(defs);

  // the boards behind the road, and their names
  geo.pieces.forEach((piece, k) => {
    const name = track.tiles[k];
    const cls = name === "start" ? "start" : name === "finish" ? "finish" : k % 2 ? "odd" : "even";
    const { x, y, w, h } = piece.plate;
    root.append(
      svg(
        "g",
        { class: `rr-plate ${cls}`, "data-tile": name },
        svg("rect", { x: f(x + 1.5), y: f(y), width: f(w - 3), height: f(h), rx: 10 }),
        svg("text", { x: f(piece.label.x), y: f(piece.label.y), class: "tile-name" }, tileName(name)),
      ),
    );
  });

  // the road: a verge, the asphalt, the edge lines
  const roadD = geo.pieces.map((p) => p.road.d(0, p.road.length, 3)).join(" ");
  root.append(
    svg("path", { d: roadD, class: "road-verge" }),
    svg("path", { d: roadD, class: "road-asphalt" }),
  );

  // the planned move: the spaces driven over, and where the car stops
  const preview = opts.preview;
  if (preview && preview.to > preview.from) {
    for (let space = preview.from + 1; space <= preview.to; space++) {
      const g = spaceGeom(geo, space);
      root.append(
        svg("path", {
          d: g.piece.road.d(g.s0 + 1, g.s1 - 1),
          class: `rr-path${space === preview.to ? " dest" : ""}`,
        }),
      );
    }
  }

  // special spaces (coloured) and the separators between spaces
  const features = svg("g", { class: "rr-features" });
  const seps = svg("g", { class: "rr-seps" });
  for (let space = 0; space < track.length; space++) {
    const g = spaceGeom(geo, space);
    const letter = track.features[space];
    if (letter === "G" || letter === "M" || letter === "S") {
      features.append(
        svg("path", { d: g.piece.road.d(g.s0 + 1.5, g.s1 - 1.5), class: `rr-space ${letter === "G" ? "gas" : letter === "M" ? "mech" : "store"}` }),
      );
    }
    if (space % SPACES) seps.append(across(g.piece.road, g.s0, RW / 2 - 2, "sep"));
    else seps.append(across(g.piece.road, g.s0, RW / 2 - 2, "sep tile-edge"));
    if (space % 2 === 1) seps.append(directionMark(g.piece.road, g.mid));
  }
  root.append(features, seps);

  // shortcuts across the U
  for (const [from, to] of track.shortcuts) {
    const a = pointOf(geo, from);
    const b = pointOf(geo, to);
    const focus = opts.shortcutFocus === from;
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    root.append(
      svg(
        "g",
        { class: `rr-shortcut${focus ? " focus" : ""}`, "data-from": from, "data-to": to },
        svg("title", {}, `Shortcut: a car that ends its move on space ${from + 1} may cross to space ${to + 1}`),
        svg("path", { d: `M ${f(a.x)} ${f(a.y)} Q ${f(mx)} ${f(my)} ${f(b.x)} ${f(b.y)}`, class: "link" }),
        svg("circle", { cx: f(a.x), cy: f(a.y), r: 4.5, class: "end from" }),
        svg("circle", { cx: f(b.x), cy: f(b.y), r: 4.5, class: "end to" }),
      ),
    );
  }

  // start and finish
  const first = geo.pieces[0];
  root.append(across(first.road, 0.5, RW / 2, "rr-start"));
  if (track.finish >= 0 && track.finish < track.length) {
    const g = spaceGeom(geo, track.finish);
    root.append(finishLine(g.piece.road, g.s0));
  }
  const last = geo.pieces[geo.pieces.length - 1].road;
  const endPoint = last.at(last.length);
  root.append(across(last, last.length - 0.5, RW / 2, "rr-road-end"));

  // checkpoint gates and tiles
  track.checkpoints.forEach((cp, index) => {
    const g = spaceGeom(geo, cp.space);
    root.append(checkpointTile(g.piece.road, g.s0 + 2, index, cp.holder, colors, names));
  });

  // badges of the special spaces and the rally point chips
  const rallyAt = new Map(track.rally_points.map((p) => [p.space, p]));
  const marks = svg("g", { class: "rr-marks" });
  for (let space = 0; space < track.length; space++) {
    const p = pointOf(geo, space);
    const letter = track.features[space];
    const point = rallyAt.get(space);
    const bits = [`Space ${space + 1}`];
    if (FEATURE_NAMES[letter]) bits.push(FEATURE_NAMES[letter]);
    if (point) bits.push(`rally point ${point.number} (${point.status === "on_track" ? "on the track" : point.status})`);
    if (space === track.finish) bits.push("the finish line");
    const shortcut = track.shortcuts.find(([a]) => a === space);
    if (shortcut) bits.push(`shortcut to space ${shortcut[1] + 1}`);
    const cell = svg("g", { class: "rr-cell", "data-space": space, "data-feature": letter }, svg("title", {}, bits.join(": ")));
    const g = spaceGeom(geo, space);
    cell.append(svg("path", { d: g.piece.road.d(g.s0 + 1, g.s1 - 1, 6), class: "cell-hit" }));
    if (FEATURE_NAMES[letter]) cell.append(featureBadge(letter, p.x, p.y));
    if (point && point.number === opts.focusRally) {
      cell.append(svg("circle", { cx: f(p.x), cy: f(p.y), r: 19, class: "rr-focus-ring" }));
    }
    if (point) {
      const holder = opts.chipHolder ? opts.chipHolder[point.number] : undefined;
      cell.append(rallyChip(point, p.x, p.y, holder !== undefined && holder !== null ? colors[holder] : null));
    }
    marks.append(cell);
  }
  root.append(marks);
  root.append(svg("circle", { cx: f(endPoint.x), cy: f(endPoint.y), r: 0.1, class: "rr-end-anchor" }));

  // the planned stop: a ghost of the car
  if (preview && preview.to > preview.from) {
    const p = pointOf(geo, preview.to);
    root.append(
      svg(
        "g",
        { class: "rr-ghost", "data-space": preview.to },
        svg("circle", { cx: f(p.x), cy: f(p.y), r: 17, class: "ghost-ring", stroke: preview.color }),
      ),
    );
  }

  // the cars: per space in race order, so the first to arrive is in front
  const bySpace = new Map();
  for (const seat of view.order) {
    const car = view.cars[seat];
    if (!bySpace.has(car.space)) bySpace.set(car.space, []);
    bySpace.get(car.space).push(seat);
  }
  const cars = svg("g", { class: "rr-cars" });
  for (const [space, seats] of bySpace) {
    const p = pointOf(geo, Math.min(space, track.length - 1));
    seats.forEach((seat, slot) => {
      const q = slotPoint(p, slot);
      const place = view.order.indexOf(seat) + 1;
      const title = `${names[seat]}: ${ORDINAL(place)} place, space ${space + 1}`;
      const lastMoved = seat === opts.lastMoved;
      const text = lastMoved ? `${title} (moved last)` : title;
      cars.append(carToken(q.x, q.y, seat, colors[seat % colors.length], seat === opts.you, text, lastMoved));
    });
  }
  // the viewer's own car on top, and above it the car that moved last
  const mine = [...cars.querySelectorAll(".rr-car.mine"), ...cars.querySelectorAll(".rr-car.last-moved")];
  mine.forEach((node) => cars.append(node));
  root.append(cars);
  return root;
}

/** The centres of the spaces a car drives over from `from` to `to` (exclusive), in
 * the SVG's units, for an animation along the road. */
export function roadPoints(view, from, to) {
  const geo = layout(view.track.tiles.length);
  const out = [];
  const last = view.track.length - 1;
  for (let space = Math.max(0, from + 1); space < Math.min(to, last + 1); space++) {
    const p = pointOf(geo, space);
    out.push({ x: p.x, y: p.y });
  }
  return out;
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
