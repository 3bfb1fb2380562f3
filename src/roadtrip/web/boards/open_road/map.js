// boards/open_road/map.js: The Open Road's map as SVG, for board.js.
//
// The geometry comes from map.json (built by
// scripts/build_open_road_map.py): every dot of the board projected into a
// 1000 x 620 viewBox (Albers equal-area), the legs between cities, the routes,
// and the outlines of the contiguous states.  On it: the riders' pieces (side by
// side when they share a dot), the road closure cube, the selected rider's
// route (the shortest way from where they are to their destination, their
// origin, destination, Heartland and Side Trip cities marked) and the dots the
// viewer may choose now, highlighted and clickable (rides with their energy
// cost, route cards to keep, the starting city, a Tune Up cruise, the camp
// site for the road closure).  Zoom and pan: zoom.js.
//
// Test hooks: every dot is circle.or-dot[data-dot]; a clickable dot is
// circle.or-target[data-dot][data-action] (with data-dots, data-cost and
// data-left, the dots from there to the mover's destination, during a ride);
// riders are g.or-piece[data-seat][data-dot]; the closure is .or-closure[data-dot].

import { svg } from "../../js/dom.js";
import { ZOOMED, currentView, enableZoom } from "./zoom.js";
import { mapAdviceTags } from "./advice.js";

export const RIDER_COLORS = ["#7c3aed", "#0f8a7e", "#d6336c", "#3b5bdb", "#8d5a2b", "#1f2937"];
const KIND_WORDS = { big: "big city (hotel on arrival)", small: "small city", camp: "camp site" };
const RADIUS = { big: 5.2, small: 3.5, camp: 2.3 };
export const PIECE_SCALE = { alone: 1.6, shared: 1.35 }; // rider pieces: bigger than the dots

let data = null; // the map, once loaded
let loading = null;

/** Load the map geometry once; resolves to it. */
export function loadMap() {
  if (!loading) {
    loading = fetch(new URL("./map.json", import.meta.url))
      .then((response) => {
        if (!response.ok) throw new Error(`the map did not load (HTTP ${response.status})`);
        return response.json();
      })
      .then((json) => {
        data = prepare(json);
        return data;
      })
      .catch((err) => {
        loading = null;
        throw err;
      });
  }
  return loading;
}

/** The map if it is loaded, else null. */
export function mapData() {
  return data;
}

function prepare(json) {
  const neighbours = json.dots.map(() => []);
  for (const [a, b] of json.edges) {
    neighbours[a].push(b);
    neighbours[b].push(a);
  }
  const byName = new Map(json.dots.map((d) => [d.name, d.id]));
  return { ...json, neighbours, byName, nDots: json.dots.length };
}

/** Short name: "Denver, CO" -> "Denver". */
export function shortName(name) {
  return String(name || "").replace(/, [A-Z]{2}$/, "");
}

/** Breadth-first distances (in dots) from `source` to every dot; the closed dot is
 * never entered, but a rider standing on it may leave: its own entry is one dot more
 * than its nearest neighbour's (as the server counts the dots left). */
export function distancesFrom(map, source, closed = null) {
  const dist = new Array(map.nDots).fill(-1);
  if (source === null || source === undefined || source < 0) return dist;
  dist[source] = 0;
  const queue = [source];
  for (let i = 0; i < queue.length; i++) {
    const u = queue[i];
    for (const v of map.neighbours[u]) {
      if (dist[v] < 0 && v !== closed) {
        dist[v] = dist[u] + 1;
        queue.push(v);
      }
    }
  }
  if (closed !== null && closed !== undefined && closed >= 0 && closed !== source) {
    const near = map.neighbours[closed].map((v) => dist[v]).filter((d) => d >= 0);
    if (near.length) dist[closed] = Math.min(...near) + 1;
  }
  return dist;
}

/** A shortest way from `a` to `b` (both included), avoiding the closed dot; null if none. */
export function shortestPath(map, a, b, closed = null) {
  if (a < 0 || b < 0) return null;
  const toB = distancesFrom(map, b, closed);
  if (toB[a] < 0) return null;
  const path = [a];
  while (path[path.length - 1] !== b) {
    const here = path[path.length - 1];
    const next = map.neighbours[here].filter((v) => v !== closed && toB[v] === toB[here] - 1).sort((x, y) => x - y)[0];
    if (next === undefined) return null;
    path.push(next);
  }
  return path;
}

const f = (v) => Number(v).toFixed(1);

function pointsOf(map, ids) {
  return ids.map((id) => map.dots[id].xy.map(f).join(",")).join(" ");
}

function dotRadius(map, id) {
  return RADIUS[map.dots[id].kind];
}

// --------------------------------------------------------------- drawing
function states(map) {
  return svg(
    "g",
    { class: "or-states" },
    map.states.map((s) => svg("path", { class: "or-state", d: s.d, "data-state": s.abbr }, svg("title", {}, s.name))),
  );
}

function legs(map) {
  return svg(
    "g",
    { class: "or-legs" },
    map.legs.map((leg) => svg("polyline", { class: "or-leg", points: pointsOf(map, leg.dots) }, svg("title", {}, leg.routes.join(" · ")))),
  );
}

function routeLayer(map, opts) {
  const sel = opts.selected;
  if (!sel) return null;
  const g = svg("g", { class: "or-route", "data-seat": sel.seat, style: `--rider:${sel.color}` });
  if (sel.path && sel.path.length > 1) {
    g.append(svg("polyline", { class: "or-route-line", points: pointsOf(map, sel.path) }, svg("title", {}, `${sel.name}: shortest way to ${sel.destinationName}, ${sel.path.length - 1} dots`)));
  }
  return g;
}

function dots(map, opts) {
  const g = svg("g", { class: "or-dots" });
  // camp sites first, then small cities, big cities on top
  const rank = { camp: 0, small: 1, big: 2 };
  const order = [...map.dots].sort((a, b) => rank[a.kind] - rank[b.kind] || a.id - b.id);
  for (const d of order) {
    const [x, y] = d.xy;
    const special = opts.marks.get(d.id);
    g.append(
      svg(
        "circle",
        { class: `or-dot ${d.kind}`, cx: f(x), cy: f(y), r: RADIUS[d.kind], "data-dot": d.id },
        svg("title", {}, `${d.name}: ${KIND_WORDS[d.kind]}${special ? ` · ${special.words.join(", ")}` : ""}`),
      ),
    );
  }
  return g;
}

/** Symbols beside the selected rider's cities: start, finish, Heartland, Side Trip. */
function markLayer(map, opts) {
  const g = svg("g", { class: "or-marks", style: opts.selected ? `--rider:${opts.selected.color}` : null });
  for (const [id, mark] of opts.marks) {
    const [x, y] = map.dots[id].xy;
    const r = dotRadius(map, id) + 3.2;
    for (const kind of mark.kinds) {
      if (kind === "destination" || kind === "origin") {
        g.append(svg("circle", { class: `or-mark ${kind}`, cx: f(x), cy: f(y), r: f(r + (kind === "destination" ? 1.5 : 0)), "data-dot": id }));
      } else {
        // a badge under the dot (names go above it)
        g.append(
          svg(
            "g",
            { class: `or-mark ${kind}${mark.paid ? " paid" : ""}`, transform: `translate(${f(x)} ${f(y + r + 3.2)})`, "data-dot": id },
            svg("rect", { x: -4.2, y: -4.2, width: 8.4, height: 8.4, rx: kind === "heartland" ? 1.5 : 4.2 }),
            svg("text", { x: 0, y: 2.6 }, kind === "heartland" ? "H" : (mark.check ?? mark.paid) ? "✓" : "S"),
          ),
        );
      }
    }
  }
  return g;
}

// Label sizes follow board.css (font sizes in viewBox units); a character is
// taken as 0.56 em wide, enough to keep labels apart.
const LABEL_SIZE = { strong: 12.6, big: 11.6, small: 10.8, camp: 10.8, minor: 8.6 };

function overlaps(a, b) {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** City names, placed greedily (strong first, then big cities) beside their dot
 * where they overlap no name already placed: up right, up left, down right, down left. */
function labels(map, opts, boxes = []) {
  const g = svg("g", { class: "or-labels" });
  const rank = (id, label) => (label.minor ? 3 : label.strong ? 0 : map.dots[id].kind === "big" ? 1 : 2);
  const all = new Map(opts.labels);
  for (const d of map.dots) if (d.kind !== "camp" && !all.has(d.id)) all.set(d.id, { strong: false, minor: true });
  const order = [...all].sort(([a, la], [b, lb]) => rank(a, la) - rank(b, lb) || a - b);
  const placed = [];
  for (const [id, label] of order) {
    const d = map.dots[id];
    const [x, y] = d.xy;
    const r = dotRadius(map, id);
    const text = shortName(d.name);
    const size = label.minor ? LABEL_SIZE.minor : label.strong ? LABEL_SIZE.strong : LABEL_SIZE[d.kind];
    const width = text.length * size * 0.56;
    const spots = [
      [x + r + 1.5, y - r + 1, "start"],
      [x - r - 1.5, y - r + 1, "end"],
      [x + r + 1.5, y + r + size - 1, "start"],
      [x - r - 1.5, y + r + size - 1, "end"],
    ];
    if (x + r + width > map.viewBox[2] - 4) spots.push(spots.shift()); // no room on the right
    let chosen = spots[0];
    let box = null;
    for (const spot of spots) {
      const [sx, sy, anchor] = spot;
      const x0 = anchor === "start" ? sx : sx - width;
      const candidate = { x0, x1: x0 + width, y0: sy - size * 0.8, y1: sy + size * 0.2 };
      if (!placed.some((other) => overlaps(candidate, other))) {
        chosen = spot;
        box = candidate;
        break;
      }
    }
    if (!box && label.minor) continue; // no room: the dot's title still names it
    if (!box) {
      const [sx, sy, anchor] = chosen;
      const x0 = anchor === "start" ? sx : sx - width;
      box = { x0, x1: x0 + width, y0: sy - size * 0.8, y1: sy + size * 0.2 };
    }
    placed.push(box);
    if (!label.minor) boxes.push({ x: box.x0, y: box.y0, w: box.x1 - box.x0, h: box.y1 - box.y0 }); // for the advice tags
    const [lx, ly, anchor] = chosen;
    g.append(
      svg(
        "text",
        { class: `or-label ${d.kind}${label.strong ? " strong" : ""}${label.minor ? " minor" : ""}`, x: f(lx), y: f(ly), "text-anchor": anchor, "data-dot": id },
        text,
      ),
    );
  }
  return g;
}

function closure(map, opts) {
  const id = opts.closure;
  if (id === null || id === undefined || id < 0) return null;
  const [x, y] = map.dots[id].xy;
  return svg(
    "rect",
    { class: "or-closure", x: f(x - 4.5), y: f(y - 4.5), width: 9, height: 9, rx: 1, "data-dot": id },
    svg("title", {}, `Road closure: ${map.dots[id].name} is closed to every rider`),
  );
}

function pieces(map, opts) {
  const g = svg("g", { class: "or-pieces" });
  const at = new Map();
  for (const rider of opts.riders) {
    if (rider.dot === null || rider.dot === undefined || rider.dot < 0) continue;
    if (!at.has(rider.dot)) at.set(rider.dot, []);
    at.get(rider.dot).push(rider);
  }
  for (const [id, here] of at) {
    const [x, y] = map.dots[id].xy;
    const shared = here.length > 1;
    here.forEach((rider, i) => {
      const spread = shared ? 10.5 : 0;
      const angle = -Math.PI / 2 + (2 * Math.PI * i) / here.length;
      const px = x + spread * Math.cos(angle);
      const py = y + spread * Math.sin(angle);
      const scale = shared ? PIECE_SCALE.shared : PIECE_SCALE.alone;
      g.append(
        svg(
          "g",
          {
            class: `or-piece${rider.active ? " active" : ""}${rider.selected ? " selected" : ""}${rider.last ? " last" : ""}`,
            transform: `translate(${f(px)} ${f(py)}) scale(${scale})`,
            style: `--rider:${rider.color}`,
            "data-seat": rider.seat,
            "data-dot": id,
            "data-shared": String(shared),
          },
          svg("title", {}, `${rider.name} at ${map.dots[id].name}${rider.last ? " (the last move)" : ""}`),
          // alone: a pin whose tip is on the dot; sharing: discs around the dot
          rider.last ? svg("circle", { class: "halo", cx: 0, cy: shared ? 0 : -9.4, r: 9.2 }) : null,
          svg("path", { class: "pin", d: shared ? "M0 -6 A6 6 0 1 1 -0.01 -6 Z" : "M0 0 L-5.2 -5.8 A7 7 0 1 1 5.2 -5.8 Z" }),
          svg("text", { x: 0, y: shared ? 2.7 : -7.8 }, String(rider.seat + 1)),
        ),
      );
    });
  }
  return g;
}

function targets(map, opts, labelBoxes = []) {
  if (!opts.targets.length) return null;
  const rings = svg("g", { class: "or-highlights" });
  const hits = svg("g", { class: "or-targets" });
  for (const t of opts.targets) {
    const [x, y] = map.dots[t.dot].xy;
    const r = dotRadius(map, t.dot);
    rings.append(svg("circle", { class: `or-hl${t.best ? " best" : ""}`, cx: f(x), cy: f(y), r: f(r + 2.6), "data-dot": t.dot }));
    hits.append(
      svg(
        "circle",
        {
          class: `or-target${t.best ? " best" : ""}`,
          cx: f(x),
          cy: f(y),
          r: f(Math.max(6, r + 3.5)),
          "data-dot": t.dot,
          "data-action": t.action,
          "data-dots": t.dots ?? null,
          "data-cost": t.cost ?? null,
          "data-left": t.left ?? null,
          tabindex: opts.enabled ? 0 : null,
          role: "button",
          "aria-label": t.title,
          "aria-describedby": opts.advice ? opts.advice.describe(t.action) : null, // the advisor's figure
          "aria-disabled": opts.enabled ? null : "true",
          onclick: () => opts.enabled && opts.onChoose(t.action),
          onkeydown: (event) => {
            if (opts.enabled && (event.key === "Enter" || event.key === " ")) {
              event.preventDefault();
              opts.onChoose(t.action);
            }
          },
        },
      ),
    );
  }
  const spots = opts.targets.map((t) => ({ action: t.action, x: map.dots[t.dot].xy[0], y: map.dots[t.dot].xy[1], r: Math.max(6, dotRadius(map, t.dot) + 3.5) }));
  // the riders' pieces: a pin about 27 units tall above its dot, or discs around a shared dot
  const riders = (opts.riders || []).filter((r) => r.dot !== null && r.dot !== undefined && r.dot >= 0);
  const pins = riders.map((r) => {
    const [x, y] = map.dots[r.dot].xy;
    return riders.some((o) => o !== r && o.dot === r.dot) ? { x: x - 20, y: y - 20, w: 40, h: 40 } : { x: x - 11, y: y - 27, w: 22, h: 27 };
  });
  const tags = opts.advice ? mapAdviceTags(spots, opts.advice, { avoid: pins.concat(labelBoxes), view: currentView(map) }) : null;
  return [rings, hits, tags];
}

// The drawing's layers (states, roads, hundreds of named dots, labels, pieces)
// are out of the accessibility tree: read one by one they bury the choices.  The
// clickable dots (`hits`) stay; the board's "Read the table" says where everyone is.
function decorative(node) {
  if (node) node.setAttribute("aria-hidden", "true");
  return node;
}

/**
 * The map as an <svg>.  opts: {riders: [{seat, dot, color, name, active,
 * selected, last}], closure, selected: {seat, color, name, path, destinationName} or
 * null, marks: Map(dot -> {kinds, words, paid, check}) (paid: greyed, pays nothing
 * now; check: ✓, its bonus collected, paid when absent), labels: Map(dot -> {strong}),
 * targets: [{dot, action, title, dots, cost, left, best}], enabled, onChoose,
 * phase, advice} (advice: js/advice-marks.js's kit, whose figures are drawn
 * beside the targets, or null).
 */
export function mapSvg(map, opts) {
  const view = currentView(map);
  const labelBoxes = [];
  const names = labels(map, opts, labelBoxes);
  const [rings, hits, advice] = targets(map, opts, labelBoxes) || [null, null, null];
  const node = svg(
    "svg",
    {
      class: "or-map",
      viewBox: view.map(f).join(" "),
      preserveAspectRatio: "xMidYMid meet",
      role: "group",
      "aria-label": "The map of the United States with the riding routes",
      "data-dots": map.nDots,
      "data-targets": opts.targets.length,
      "data-phase": opts.phase,
      "data-zoom": (map.viewBox[2] / view[2]).toFixed(2),
      "data-zoomed": map.viewBox[2] / view[2] >= ZOOMED,
    },
    ...[
      svg("rect", { class: "or-sea", x: -500, y: -500, width: map.viewBox[2] + 1000, height: map.viewBox[3] + 1000 }),
      states(map),
      legs(map),
      routeLayer(map, opts),
      dots(map, opts),
      rings,
      closure(map, opts),
      names,
      markLayer(map, opts),
      pieces(map, opts),
    ].map(decorative),
    hits,
    advice,
  );
  enableZoom(node, map);
  return node;
}
