// boards/main-street.js: the boards of America's Main Street, shared by its two
// games (get-your-kicks.js and mileage-may-vary.js pick one with makeBoard).
// Each mat is drawn as SVG: a stylised Route 66 from California to Illinois, the
// eight states in their colours (points in a black circle for Get Your Kicks,
// boxes to fill for Your Mileage May Vary), the Route 66 sign for black cubes,
// and the casino (Get Your Kicks) or the gas pumps (Mileage) in the lower right
// corner with this turn's cubes.  Around it: the risk of the next draw (exact,
// from the bag), two big buttons (button[data-action="1"] go on,
// button[data-action="0"] stop), the bag's contents, a bust alert and the last
// turns read from the game log, and every other player's mat.

import { capitalize, el, ensureStylesheet, fill, joinNames, svg } from "../js/dom.js";

ensureStylesheet(new URL("./main-street.css", import.meta.url));

export const KICKS = "get-your-kicks";
export const MILEAGE = "mileage-may-vary";
const STOP = 0;
const GO_ON = 1;
const BLACK = 0;
const SIX_BLACK = 6;
const FILL_UP = 3;
const ABBR = {
  California: "CA",
  Arizona: "AZ",
  "New Mexico": "NM",
  Texas: "TX",
  Oklahoma: "OK",
  Kansas: "KS",
  Missouri: "MO",
  Illinois: "IL",
};

// ------------------------------------------------------------- mat geometry
const W = 1000;
const H = 440;
const TW = 106; // a state's tile
const TH = 150;
const HEAD = 34; // the tile's coloured name band
const tileX = (i) => 28 + i * 120;
const tileBase = (i) => 392 - i * 30; // the road climbs from California to Illinois
const CUBE = 26;
const BOX = 30;
const ZONE = { x: 556, y: 314, w: 428, h: 116 }; // casino / pumps, lower right
const SIGN = { x: 24, y: 26, w: 118, h: 134 }; // the Route 66 shield, upper left

// ------------------------------------------------------------------ colours
function rgb(hex) {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(hex, other, t) {
  const a = rgb(hex);
  const b = rgb(other);
  const c = a.map((v, i) => Math.round(v + (b[i] - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

function isLight(hex) {
  const [r, g, b] = rgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

// ------------------------------------------------------------------ helpers
function nameOf(ctx, seat) {
  const player = ctx.players && ctx.players[seat];
  return player ? player.name : `Player ${seat + 1}`;
}

/** "You" when the viewer is that seat on its own screen, else the name. */
function who(view, ctx, seat) {
  const own = view.you === seat && !ctx.hotseat && view.you !== null && view.you !== undefined;
  return own ? "You" : nameOf(ctx, seat);
}

const colorName = (view, c) => view.colors[c].name.toLowerCase();
const placeOf = (view, c) => view.colors[c].place;
const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
const percent = (p) => (p > 0 && p < 0.005 ? "<1%" : p < 1 && p > 0.995 ? ">99%" : `${Math.round(p * 100)}%`);

function orList(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

function colorsByPlace(view) {
  const map = {};
  view.colors.forEach((c) => (map[c.place] = c.color));
  return map;
}

function score(view, mat) {
  return view.game === KICKS ? mat.points : mat.boxes_filled;
}

function scoreText(view, mat) {
  return view.game === KICKS ? `${mat.points} pts` : `${mat.boxes_filled}/${mat.boxes_total} boxes`;
}

function complete(view, mat) {
  if (view.game === KICKS) return mat.cubes.every((n) => n > 0);
  return mat.boxes_filled >= mat.boxes_total;
}

/** The risk of the next draw for the seat whose turn it is, from the bag. */
export function risk(view) {
  // Only while a seat decides (a replay also shows the states between two draws).
  if (view.phase !== "decide" || view.current_seat === null || view.current_seat === undefined) return null;
  const total = view.bag_total;
  if (view.game === KICKS) {
    const colors = [...new Set(view.casino)];
    const bad = colors.reduce((sum, c) => sum + view.bag[c], 0);
    return { chance: total ? bad / total : 0, bad, total, draw: 1, colors };
  }
  const colors = view.fuel || [];
  if (!colors.length) return null;
  const good = colors.reduce((sum, c) => sum + view.bag[c], 0);
  const draw = Math.min(FILL_UP, total);
  let chance = draw ? 1 : 0;
  for (let i = 0; i < draw; i++) chance *= Math.max(0, total - good - i) / (total - i);
  return { chance, bad: total - good, good, total, draw, colors };
}

function riskLevel(chance) {
  if (chance < 0.2) return "low";
  if (chance < 0.4) return "medium";
  return "high";
}

// ---------------------------------------------------------- the game log
/** The turns read back from the game log: [{seat, draws, fills, outcome}]. */
function turnsFromLog(view, ctx) {
  const log = ctx.log;
  if (!Array.isArray(log)) return null;
  const byName = new Map(view.colors.map((c) => [c.name.toLowerCase(), c.color]));
  const names = (ctx.players || []).map((p) => ({ name: p.name, seat: p.seat })).sort((a, b) => b.name.length - a.name.length);
  const turns = [];
  let cur = null;
  let synced = !ctx.logStart; // a log cut at the front starts mid-turn: wait for a stop
  for (const text of log) {
    const dice = /^Chance: draw an? (.+?) cube/.exec(text);
    if (dice) {
      if (!synced) continue;
      const c = byName.get(dice[1].toLowerCase());
      if (c === undefined) continue;
      if (!cur) cur = { seat: null, draws: [], fills: [[]], outcome: null };
      const fillNow = cur.fills[cur.fills.length - 1];
      const repeat = cur.draws.includes(c);
      cur.draws.push(c);
      fillNow.push(c);
      let bust = false;
      if (view.game === KICKS) bust = repeat;
      else if (cur.fills.length > 1 && fillNow.length === FILL_UP) bust = !fillNow.some((x) => cur.fills[0].includes(x));
      if (bust) {
        cur.outcome = "bust";
        turns.push(cur);
        cur = null;
      }
      continue;
    }
    const player = names.find((p) => text.startsWith(`${p.name}: `));
    if (!player) continue;
    const action = text.slice(player.name.length + 2);
    const stop = action.startsWith("conclude") || action.startsWith("stop");
    if (!synced) {
      if (stop) synced = true;
      continue;
    }
    if (!cur) continue;
    cur.seat = player.seat;
    if (stop) {
      cur.outcome = "stop";
      turns.push(cur);
      cur = null;
    } else {
      cur.fills.push([]);
    }
  }
  return turns;
}

// ------------------------------------------------------------- SVG pieces
function cubeSvg(view, c, x, y, size, extra = {}) {
  const hex = view.colors[c].hex;
  const r = size * 0.16;
  const b = Math.max(2, size * 0.14);
  return svg(
    "g",
    { class: `cube c-${view.colors[c].key}${extra.cls ? ` ${extra.cls}` : ""}`, "data-color": c },
    extra.title ? svg("title", {}, extra.title) : null,
    svg("rect", { x: x + 1, y: y + 2, width: size, height: size, rx: r, class: "cube-shadow" }),
    svg("rect", { x, y, width: size, height: size, rx: r, fill: hex, stroke: mix(hex, "#000000", 0.45), "stroke-width": 1.4 }),
    svg("path", {
      d: `M ${x + r} ${y + 1.2} H ${x + size - r} L ${x + size - b} ${y + b} H ${x + b} Z`,
      fill: mix(hex, "#ffffff", 0.45),
      opacity: 0.8,
    }),
    svg("rect", {
      x: x + b,
      y: y + b,
      width: size - 2 * b,
      height: size - 2 * b,
      rx: r * 0.6,
      fill: "none",
      stroke: mix(hex, "#ffffff", c === BLACK ? 0.22 : 0.3),
      "stroke-width": 1,
      opacity: 0.7,
    }),
  );
}

function pointsBadge(cx, cy, r, points) {
  return svg(
    "g",
    { class: "points-badge" },
    svg("circle", { cx, cy, r, class: "points-circle" }),
    svg("text", { x: cx, y: cy + r * 0.38, class: "points-text", "font-size": r * 1.1 }, String(points)),
  );
}

function emptySlot(x, y, size, cls = "slot") {
  return svg("rect", { x, y, width: size, height: size, rx: size * 0.16, class: cls });
}

function roadPath() {
  // Through the foot of every tile, from the left edge to the right edge.
  const pts = [[-10, tileBase(0) + 26]];
  for (let i = 0; i < 8; i++) pts.push([tileX(i) + TW / 2, tileBase(i) + 15]);
  pts.push([W + 10, tileBase(7) + 2]);
  let d = `M ${pts[0][0]} ${pts[0][1]}`;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1];
    const [x1, y1] = pts[i];
    const mx = (x0 + x1) / 2;
    d += ` C ${mx} ${y0}, ${mx} ${y1}, ${x1} ${y1}`;
  }
  return d;
}

function shieldPath(x, y, w, h) {
  const X = (u) => (x + (u / 100) * w).toFixed(1);
  const Y = (v) => (y + (v / 110) * h).toFixed(1);
  return [
    `M ${X(6)} ${Y(4)}`,
    `Q ${X(28)} ${Y(14)} ${X(50)} ${Y(4)}`,
    `Q ${X(72)} ${Y(14)} ${X(94)} ${Y(4)}`,
    `L ${X(98)} ${Y(16)}`,
    `Q ${X(101)} ${Y(42)} ${X(95)} ${Y(62)}`,
    `Q ${X(86)} ${Y(92)} ${X(50)} ${Y(108)}`,
    `Q ${X(14)} ${Y(92)} ${X(5)} ${Y(62)}`,
    `Q ${X(-1)} ${Y(42)} ${X(2)} ${Y(16)} Z`,
  ].join(" ");
}

function tileSvg(view, mat, c, i, compact) {
  const color = view.colors[c];
  const x = tileX(i);
  const y = tileBase(i) - TH;
  const n = mat.cubes[c];
  const done = view.game === KICKS ? n > 0 : n >= color.boxes;
  const g = svg("g", {
    class: `state${done ? " done" : ""}${n ? " has" : ""}`,
    "data-place": color.place,
    "data-color": c,
    "data-cubes": n,
  });
  const tip =
    view.game === KICKS
      ? `${color.place}: ${plural(n, `${color.name.toLowerCase()} cube`)} × ${color.points} = ${n * color.points} points`
      : `${color.place}: ${n} of ${color.boxes} boxes filled with ${color.name.toLowerCase()}`;
  g.append(
    svg("title", {}, tip),
    svg("rect", { x: x + 3, y: y + 4, width: TW, height: TH, rx: 10, class: "tile-shadow" }),
    svg("rect", { x, y, width: TW, height: TH, rx: 10, fill: mix(color.hex, "#fffaf0", done ? 0.72 : 0.84), class: "tile-body" }),
    svg("path", {
      d: `M ${x} ${y + HEAD} V ${y + 10} Q ${x} ${y} ${x + 10} ${y} H ${x + TW - 10} Q ${x + TW} ${y} ${x + TW} ${y + 10} V ${y + HEAD} Z`,
      fill: color.hex,
    }),
    svg("rect", { x, y, width: TW, height: TH, rx: 10, fill: "none", stroke: mix(color.hex, "#000000", 0.35), "stroke-width": 1.6 }),
  );
  const light = isLight(color.hex);
  const abbr = svg("text", { x: x + TW / 2, y: y + 27, class: `state-abbr${light ? " on-light" : ""}` }, ABBR[color.place] || color.place);
  if (compact) g.append(abbr);
  else {
    // the full name; narrow screens show the abbreviation instead (CSS)
    g.append(
      svg(
        "text",
        {
          x: x + TW / 2,
          y: y + 22,
          class: `state-name${light ? " on-light" : ""}`,
          textLength: color.place.length > 8 ? TW - 12 : null,
          lengthAdjust: "spacingAndGlyphs",
        },
        color.place.toUpperCase(),
      ),
      abbr,
    );
  }
  if (done) {
    g.append(
      svg(
        "g",
        { class: "done-tick" },
        svg("circle", { cx: x + TW - 13, cy: y + HEAD + 12, r: 9 }),
        svg("path", { d: `M ${x + TW - 17.5} ${y + HEAD + 12} l 3.5 3.5 l 6 -7` }),
      ),
    );
  }
  if (view.game === KICKS) {
    g.append(pointsBadge(x + TW / 2, y + 59, compact ? 17 : 15, color.points));
    const cols = 3;
    const gap = 6;
    const left = x + (TW - (cols * CUBE + (cols - 1) * gap)) / 2;
    const shown = Math.min(n, 6);
    for (let k = 0; k < 6; k++) {
      const cx = left + (k % cols) * (CUBE + gap);
      const cy = y + 84 + Math.floor(k / cols) * (CUBE + gap);
      if (k < shown) g.append(cubeSvg(view, c, cx, cy, CUBE));
      else if (k === 0) g.append(emptySlot(cx, cy, CUBE, "slot faint"));
    }
    if (n > 6) g.append(svg("text", { x: x + TW - 8, y: y + TH - 6, class: "more" }, `+${n - 6}`));
  } else {
    const b = color.boxes;
    const per = b === 4 ? 2 : b === 3 ? 2 : b;
    const rows = Math.ceil(b / per);
    const gap = 8;
    const top = y + HEAD + (TH - HEAD - (rows * BOX + (rows - 1) * gap)) / 2 - 2;
    for (let k = 0; k < b; k++) {
      const row = Math.floor(k / per);
      const inRow = row === rows - 1 ? b - row * per : per;
      const left = x + (TW - (inRow * BOX + (inRow - 1) * gap)) / 2;
      const bx = left + (k - row * per) * (BOX + gap);
      const by = top + row * (BOX + gap);
      g.append(emptySlot(bx, by, BOX, "box"));
      if (k < n) g.append(cubeSvg(view, c, bx + 3, by + 3, BOX - 6));
    }
  }
  return g;
}

function signSvg(view, mat, compact) {
  const n = mat.cubes[BLACK];
  const { x, y, w, h } = SIGN;
  const g = svg("g", { class: "sign", "data-place": "Route 66 sign", "data-color": BLACK, "data-cubes": n });
  const tip =
    view.game === KICKS
      ? `Route 66 sign: ${plural(n, "black cube")} × 1 = ${n} points; six black cubes end the game`
      : `Route 66 sign: ${n} of 5 boxes filled with black`;
  g.append(
    svg("title", {}, tip),
    svg("path", { d: shieldPath(x + 3, y + 4, w, h), class: "shield-shadow" }),
    svg("path", { d: shieldPath(x, y, w, h), class: "shield-outer" }),
    svg("path", { d: shieldPath(x + 7, y + 8, w - 14, h - 16), class: "shield-inner" }),
    svg("text", { x: x + w / 2, y: y + 40, class: "shield-route" }, compact ? "US" : "ROUTE"),
    svg("line", { x1: x + 18, x2: x + w - 18, y1: y + 50, y2: y + 50, class: "shield-line" }),
    svg("text", { x: x + w / 2, y: y + 102, class: "shield-66" }, "66"),
  );
  const left = x + w + 18;
  const size = 36;
  const gap = 8;
  if (view.game === KICKS) {
    g.append(pointsBadge(x + w - 6, y + 10, 15, 1));
    const slots = Math.max(SIX_BLACK, Math.min(n, 9));
    for (let k = 0; k < Math.min(slots, 9); k++) {
      const cx = left + (k % 3) * (size + gap);
      const cy = y + 22 + Math.floor(k / 3) * (size + gap);
      if (k < n) g.append(cubeSvg(view, BLACK, cx, cy, size));
      else g.append(emptySlot(cx, cy, size, k === SIX_BLACK - 1 ? "slot end" : "slot"));
      if (k === SIX_BLACK - 1 && k >= n) {
        g.append(svg("text", { x: cx + size / 2, y: cy + size / 2 + 4, class: "end-mark" }, "END"));
      }
    }
    if (!compact) {
      g.append(svg("text", { x: left, y: y + 22 + 2 * (size + gap) + 10, class: "sign-note" }, "6 black cubes end the game"));
    }
  } else {
    for (let k = 0; k < 5; k++) {
      const cx = left + (k % 3) * (size + gap) + (k >= 3 ? (size + gap) / 2 : 0);
      const cy = y + 22 + Math.floor(k / 3) * (size + gap);
      g.append(emptySlot(cx, cy, size, "box"));
      if (k < n) g.append(cubeSvg(view, BLACK, cx + 3, cy + 3, size - 6));
    }
    if (!compact) {
      g.append(svg("text", { x: left, y: y + 22 + 2 * (size + gap) + 10, class: "sign-note" }, `${Math.min(n, 5)} of 5 black boxes`));
    }
  }
  return g;
}

function casinoSvg(view, mat, compact, ctx) {
  const { x, y, w, h } = ZONE;
  const active = view.current_seat === mat.seat && view.phase !== "over";
  const cubes = active ? view.casino : [];
  const g = svg("g", { class: `casino${active ? " active" : ""}`, "data-cubes": cubes.length });
  g.append(
    svg("title", {}, "The casino: this turn's cubes. A colour drawn twice busts the turn."),
    svg("rect", { x: x + 3, y: y + 4, width: w, height: h, rx: 12, class: "tile-shadow" }),
    svg("rect", { x, y, width: w, height: h, rx: 12, class: "casino-felt" }),
    svg("rect", { x: x + 5, y: y + 5, width: w - 10, height: h - 10, rx: 9, class: "casino-trim" }),
  );
  // the marquee with its bulbs
  const mw = 150;
  const mx = x + w / 2 - mw / 2;
  g.append(svg("rect", { x: mx, y: y - 14, width: mw, height: 30, rx: 8, class: "marquee" }));
  for (let k = 0; k < 12; k++) {
    g.append(svg("circle", { cx: mx + 8 + k * ((mw - 16) / 11), cy: y - 10, r: 2.2, class: "bulb" }));
    g.append(svg("circle", { cx: mx + 8 + k * ((mw - 16) / 11), cy: y + 12, r: 2.2, class: "bulb" }));
  }
  g.append(svg("text", { x: x + w / 2, y: y + 7, class: "marquee-text" }, "CASINO"));
  const size = 38;
  const gap = 7;
  const left = x + (w - (9 * size + 8 * gap)) / 2;
  const top = y + 30;
  for (let k = 0; k < 9; k++) {
    const cx = left + k * (size + gap);
    if (k < cubes.length) {
      g.append(cubeSvg(view, cubes[k], cx, top, size, { title: `${k + 1}. ${view.colors[cubes[k]].name} (${placeOf(view, cubes[k])})` }));
    } else g.append(emptySlot(cx, top, size, "casino-slot"));
  }
  let caption;
  if (view.phase === "over") caption = "The game is over";
  else if (!active) caption = compact ? "" : `Empty: ${nameOf(ctx, view.current_seat)} is playing`;
  else if (cubes.length === 1) caption = "1 cube this turn";
  else caption = `${cubes.length} cubes this turn, all different`;
  if (caption && !compact) g.append(svg("text", { x: x + w / 2, y: y + h - 16, class: "casino-caption" }, caption));
  return g;
}

function pumpsSvg(view, mat, compact, ctx) {
  const { x, y, w, h } = ZONE;
  const active = view.current_seat === mat.seat && view.phase !== "over";
  const cubes = active ? view.pumps : [];
  const fills = [];
  for (let k = 0; k < cubes.length; k += FILL_UP) fills.push(cubes.slice(k, k + FILL_UP));
  const fuel = new Set(active ? view.fuel : []);
  const g = svg("g", { class: `pumps${active ? " active" : ""}`, "data-fill-ups": fills.length });
  g.append(
    svg("title", {}, "The gas pumps: three cubes per fill-up. The first fill-up's colours are this turn's fuel."),
    svg("rect", { x: x + 3, y: y + 4, width: w, height: h, rx: 12, class: "tile-shadow" }),
    svg("rect", { x, y, width: w, height: h, rx: 12, class: "station" }),
    svg("rect", { x, y: y + h - 22, width: w, height: 22, class: "station-ground" }),
    svg("rect", { x, y, width: w, height: h, rx: 12, class: "station-edge" }),
  );
  const count = Math.max(fills.length, 1);
  const slot = Math.min(104, (w - 12) / Math.min(count, 8));
  const shown = fills.length > 8 ? fills.slice(-8) : fills;
  const offset = fills.length - shown.length;
  const total = Math.max(shown.length, 1);
  const left = x + (w - total * slot) / 2;
  for (let k = 0; k < total; k++) {
    const fill = shown[k] || [];
    const index = k + offset;
    const first = index === 0;
    const px = left + k * slot;
    const bodyW = Math.min(42, slot * 0.46);
    const bx = px + (slot - bodyW) / 2 - 3;
    const fuelPump = first && fill.length > 0;
    const pump = svg("g", { class: `pump${fuelPump ? " fuel" : ""}${fill.length ? "" : " idle"}`, "data-fill-up": index + 1 });
    if (fuelPump) pump.append(svg("rect", { x: px + 3, y: y + 4, width: slot - 6, height: h - 27, rx: 8, class: "fuel-frame" }));
    pump.append(
      svg("rect", { x: bx, y: y + 9, width: bodyW, height: 52, rx: 6, class: "pump-body" }),
      svg("rect", { x: bx + 4, y: y + 15, width: bodyW - 8, height: 15, rx: 2, class: "pump-window" }),
      svg("path", { d: `M ${bx + bodyW} ${y + 22} q 9 2 8 16 v 14`, class: "pump-hose" }),
      fuelPump && bodyW > 30 ? svg("text", { x: bx + bodyW / 2, y: y + 26, class: "fuel-label" }, "FUEL") : null,
      svg("text", { x: bx + bodyW / 2, y: y + 53, class: "pump-no" }, String(index + 1)),
    );
    const size = Math.max(8, Math.min(24, (slot - 14) / 3 - 3));
    const bl = px + (slot - (3 * size + 2 * 4)) / 2;
    for (let j = 0; j < FILL_UP; j++) {
      const cx = bl + j * (size + 4);
      const cy = y + 66;
      pump.append(emptySlot(cx - 1.5, cy - 1.5, size + 3, "pump-box"));
      if (j < fill.length) {
        const c = fill[j];
        const match = !first && fuel.has(c);
        pump.append(cubeSvg(view, c, cx, cy, size, { cls: match ? "match" : "", title: `${view.colors[c].name}${match ? ": a fuel colour" : ""}` }));
      }
    }
    g.append(pump);
  }
  let caption;
  if (view.phase === "over") caption = "The game is over";
  else if (!active) caption = compact ? "" : `Empty: ${nameOf(ctx, view.current_seat)} is driving`;
  else if (fills.length <= 1) caption = "First fill-up: its colours are your fuel";
  else caption = `${plural(fills.length, "fill-up")} this turn${offset ? ` (last ${shown.length} shown)` : ""}`;
  if (caption && !compact) g.append(svg("text", { x: x + w / 2, y: y + h - 6, class: "station-caption" }, caption));
  return g;
}

function matSvg(view, mat, ctx, { compact, label }) {
  const root = svg("svg", {
    class: `ms-mat${compact ? " compact" : ""}`,
    viewBox: `0 0 ${W} ${H}`,
    role: "img",
    "aria-label": label,
    "data-seat": mat.seat,
  });
  root.append(
    svg("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 18, class: "mat-bg" }),
    svg("rect", { x: 9, y: 9, width: W - 18, height: H - 18, rx: 13, class: "mat-frame" }),
    svg("path", { d: roadPath(), class: "road-edge" }),
    svg("path", { d: roadPath(), class: "road" }),
    svg("path", { d: roadPath(), class: "road-line" }),
  );
  if (!compact) {
    root.append(
      svg("text", { x: 500, y: 44, class: "mat-kicker" }, "AMERICA'S MAIN STREET"),
      svg("text", { x: 500, y: 80, class: `mat-title${view.game === KICKS ? "" : " long"}` }, view.game === KICKS ? "Get Your Kicks" : "Your Mileage May Vary"),
    );
  }
  root.append(signSvg(view, mat, compact));
  const byPlace = colorsByPlace(view);
  view.route.forEach((place, i) => root.append(tileSvg(view, mat, byPlace[place], i, compact)));
  root.append(view.game === KICKS ? casinoSvg(view, mat, compact, ctx) : pumpsSvg(view, mat, compact, ctx));
  return root;
}

// ------------------------------------------------------------- HTML pieces
function miniCube(view, c, extra = "") {
  const color = view.colors[c];
  return el("span", {
    class: `mini-cube${extra ? ` ${extra}` : ""}`,
    style: `--cube:${color.hex};--cube-edge:${mix(color.hex, "#000000", 0.4)}`,
    title: `${color.name} (${color.place})`,
    "data-color": c,
  });
}

function cubeRow(view, cubes, markLast = false) {
  return el(
    "span",
    { class: "cube-row" },
    cubes.map((c, i) => miniCube(view, c, markLast && i === cubes.length - 1 ? "culprit" : "")),
  );
}

function bagPanel(view) {
  const r = risk(view);
  const marked = new Set(r ? r.colors : []);
  const tag = view.game === KICKS ? "busts" : "fuel";
  const max = Math.max(...view.colors.map((c) => c.cubes));
  return el(
    "section",
    { class: "ms-panel ms-bag", "aria-label": "The bag" },
    el(
      "h3",
      {},
      "The bag",
      el("span", { class: "bag-total", "data-total": view.bag_total }, `${view.bag_total} cubes`),
    ),
    el(
      "ul",
      { class: "bag-list" },
      view.colors.map((color) => {
        const n = view.bag[color.color];
        const hot = marked.has(color.color);
        return el(
          "li",
          {
            class: `bag-row${hot ? ` hot ${tag}` : ""}${n ? "" : " empty"}`,
            "data-color": color.color,
            "data-count": n,
            title: `${color.name} (${color.place}): ${n} of ${color.cubes} in the bag`,
          },
          miniCube(view, color.color),
          el("span", { class: "bag-name" }, color.place === "Route 66 sign" ? "Route 66 sign" : color.place),
          el(
            "span",
            { class: "bag-bar" },
            el("span", { class: "bag-fill", style: `width:${((n / max) * 100).toFixed(1)}%;background:${color.hex}` }),
          ),
          el("span", { class: "bag-count" }, String(n), el("small", {}, `/${color.cubes}`)),
          hot ? el("span", { class: `bag-tag ${tag}` }, tag === "busts" ? "bust" : "fuel") : el("span", { class: "bag-tag none" }),
        );
      }),
    ),
  );
}

function riskBlock(view, ctx) {
  const r = risk(view);
  if (!r) return null;
  const level = riskLevel(r.chance);
  const seat = view.current_seat;
  const mine = seat === view.you && view.you !== null && view.you !== undefined;
  const whose = mine ? (ctx.hotseat ? `${nameOf(ctx, seat)}'s` : "your") : `${nameOf(ctx, seat)}'s`;
  const names = r.colors.map((c) => colorName(view, c));
  let title;
  let detail;
  if (view.game === KICKS) {
    title = "Chance the next cube busts";
    detail = `${r.bad} of the ${r.total} cubes in the bag are ${orList(names)}, the colour${names.length === 1 ? "" : "s"} already in ${whose} casino.`;
  } else {
    title = r.draw === FILL_UP ? "Chance the next fill-up busts" : `Chance the next fill-up (${r.draw} cubes) busts`;
    detail = `It busts if none of its ${plural(r.draw, "cube")} is ${orList(names)} (${whose} fuel). ${r.good} of the ${r.total} cubes in the bag are.`;
  }
  return el(
    "div",
    { class: `ms-risk ${level}`, "data-chance": r.chance.toFixed(4), "data-level": level },
    el("div", { class: "risk-head" }, el("span", { class: "risk-title" }, title), el("span", { class: "risk-value" }, percent(r.chance))),
    el("div", { class: "risk-meter" }, el("span", { class: "risk-fill", style: `width:${Math.max(2, r.chance * 100).toFixed(1)}%` })),
    el("p", { class: "risk-detail" }, detail),
    turnCubes(view, ctx, whose),
  );
}

/** This turn's cubes in one line: the casino, or the pumps fill-up by fill-up. */
function turnCubes(view, ctx, whose) {
  if (view.game === KICKS) {
    return el("p", { class: "turn-cubes" }, `${capitalize(whose)} casino: `, cubeRow(view, view.casino));
  }
  const fills = [];
  for (let k = 0; k < view.pumps.length; k += FILL_UP) fills.push(view.pumps.slice(k, k + FILL_UP));
  return el(
    "p",
    { class: "turn-cubes" },
    `${capitalize(whose)} pumps: `,
    fills.map((f, i) => el("span", { class: `fill-group${i === 0 ? " fuel" : ""}`, title: i === 0 ? "The first fill-up: the fuel colours" : `Fill-up ${i + 1}` }, cubeRow(view, f))),
  );
}

function actionButtons(view, ctx) {
  if (!ctx.onChoose || view.you === null || view.you === undefined || view.phase === "over") return null;
  const legal = new Set((ctx.choices || []).map((c) => c.action));
  const can = (a) => Boolean(ctx.interactive && !ctx.pending && legal.has(a));
  const r = risk(view);
  const mineNow = view.current_seat === view.you;
  let goSub;
  let stopSub;
  if (view.game === KICKS) {
    const cubes = mineNow ? view.casino : [];
    const gain = cubes.reduce((s, c) => s + view.colors[c].points, 0);
    goSub = r && mineNow ? `${percent(r.chance)} risk of losing ${plural(cubes.length, "cube")}` : "one more cube into the casino";
    stopSub = mineNow && cubes.length ? `keep ${plural(cubes.length, "cube")}: +${gain} pts` : "keep this turn's cubes";
  } else {
    const cubes = mineNow ? view.pumps : [];
    goSub = r && mineNow ? `${r.draw} more cube${r.draw === 1 ? "" : "s"}, ${percent(r.chance)} risk` : "three more cubes";
    stopSub = mineNow && cubes.length ? `fill your boxes with ${plural(cubes.length, "cube")}` : "fill your boxes";
  }
  if (mineNow && !view.can_go_on && view.phase === "decide") goSub = "the bag has too few cubes";
  const go = view.game === KICKS ? "Draw a cube" : "Fill up again";
  const stop = view.game === KICKS ? "Conclude" : "Stop";
  const button = (action, label, sub, cls) =>
    el(
      "button",
      {
        type: "button",
        class: `ms-action ${cls}`,
        "data-action": action,
        disabled: !can(action),
        onclick: () => ctx.onChoose(action),
      },
      el("span", { class: "ms-action-label" }, label),
      el("span", { class: "ms-action-sub" }, sub),
    );
  let note = null;
  let state = "mine";
  if (ctx.pending) {
    note = "Sending…";
    state = "pending";
  } else if (!ctx.interactive) {
    note = "Not connected: wait a moment.";
    state = "offline";
  } else if (!legal.size) {
    note = `Waiting for ${nameOf(ctx, view.current_seat)}…`;
    state = "waiting";
  }
  return el(
    "div",
    { class: "ms-actions", "data-state": state },
    button(GO_ON, go, goSub, "go"),
    button(STOP, stop, stopSub, "stop"),
    note ? el("p", { class: "ms-actions-note" }, note) : null,
  );
}

function turnLine(view, ctx, turn) {
  const name = turn.seat === null ? "?" : who(view, ctx, turn.seat);
  if (turn.outcome === "bust") {
    const count = turn.draws.length;
    const text =
      view.game === KICKS
        ? `busted on a second ${colorName(view, turn.draws[count - 1])} (${plural(count, "cube")} back)`
        : `busted: no fuel in fill-up ${turn.fills.length} (${plural(count, "cube")} back)`;
    return el("li", { class: "turn-line bust" }, el("span", {}, el("b", {}, name), ` ${text}`), turnCubeRow(view, turn));
  }
  let text;
  if (view.game === KICKS) {
    const gain = turn.draws.reduce((s, c) => s + view.colors[c].points, 0);
    text = `kept ${plural(turn.draws.length, "cube")} (+${gain} pts)`;
  } else {
    text = `stopped after ${plural(turn.fills.length, "fill-up")} with ${plural(turn.draws.length, "cube")}`;
  }
  return el("li", { class: "turn-line stop" }, el("span", {}, el("b", {}, name), ` ${text}`), turnCubeRow(view, turn));
}

/** A turn's cubes: in draw order (the culprit of a bust marked), or for Mileage
 * grouped by fill-up (the fuel fill-up framed in gold, a busting one in red). */
function turnCubeRow(view, turn) {
  const bust = turn.outcome === "bust";
  if (view.game === KICKS) return cubeRow(view, turn.draws, bust);
  const fills = turn.fills.filter((f) => f.length);
  return el(
    "span",
    { class: "cube-row fills" },
    fills.map((f, i) =>
      el(
        "span",
        { class: `fill-group${i === 0 ? " fuel" : ""}${bust && i === fills.length - 1 && i > 0 ? " culprit" : ""}` },
        cubeRow(view, f),
      ),
    ),
  );
}

function newsPanel(view, ctx) {
  const turns = turnsFromLog(view, ctx);
  if (!turns) {
    // No log (the replay page): the last bust from the view alone.
    if (!view.last_bust.length) return null;
    return el(
      "div",
      { class: "ms-news" },
      el("p", { class: "last-bust muted" }, "Last bust: ", cubeRow(view, view.last_bust, view.game === KICKS)),
    );
  }
  if (!turns.length) return null;
  const last = turns[turns.length - 1];
  const box = el("div", { class: "ms-news" });
  if (last.outcome === "bust" && view.phase !== "over") {
    const name = last.seat === null ? "The last player" : who(view, ctx, last.seat);
    const you = name === "You";
    const count = last.draws.length;
    const why =
      view.game === KICKS
        ? `${you ? "You" : name} drew a second ${colorName(view, last.draws[count - 1])} cube.`
        : `${you ? "Your" : `${name}'s`} last fill-up had none of the fuel colours (${joinNames(last.fills[0].filter((c, i, a) => a.indexOf(c) === i).map((c) => colorName(view, c)))}).`;
    box.append(
      el(
        "div",
        { class: "bust-alert", role: "status", "data-seat": last.seat ?? "" },
        el("span", { class: "bust-word" }, "Bust!"),
        el(
          "span",
          { class: "bust-text" },
          `${why} All ${plural(count, "cube")} of that turn went back into the bag; ${you ? "you gain" : `${name} gains`} nothing.`,
        ),
        turnCubeRow(view, last),
      ),
    );
  }
  return box.childNodes.length ? box : null;
}

function recentPanel(view, ctx) {
  const turns = turnsFromLog(view, ctx);
  if (!turns) return null;
  const recent = turns.slice(-5).reverse();
  return el(
    "section",
    { class: "ms-panel ms-recent", "aria-label": "Last turns" },
    el("h3", {}, "Last turns"),
    recent.length
      ? el("ol", { class: "turn-lines" }, recent.map((t) => turnLine(view, ctx, t)))
      : el("p", { class: "muted small" }, "No turn has ended yet."),
  );
}

function matCard(view, mat, ctx, { size }) {
  const seat = mat.seat;
  const name = nameOf(ctx, seat);
  const mine = seat === view.you && view.you !== null && view.you !== undefined;
  const turnNow = view.current_seat === seat && view.phase !== "over";
  const winner = (view.winners || []).includes(seat);
  const badges = [];
  if (turnNow) badges.push(el("span", { class: "badge gold" }, view.game === KICKS ? "at the casino" : "filling up"));
  if (winner) badges.push(el("span", { class: "badge green" }, view.players > 1 ? "winner" : "win"));
  if (view.trigger === seat) badges.push(el("span", { class: "badge" }, "ended the game"));
  const progress =
    view.game === KICKS
      ? `${mat.colors_placed}/9 places · ${mat.black} black`
      : `${mat.boxes_filled}/${mat.boxes_total} boxes`;
  const card = el("article", {
    class: `ms-card ${size}${mine ? " mine" : ""}${turnNow ? " turn" : ""}`,
    "data-seat": seat,
    "data-score": score(view, mat),
  });
  card.append(
    el(
      "header",
      { class: "ms-card-head" },
      el(
        "span",
        { class: "ms-card-name" },
        name,
        mine && (ctx.hotseat || name.toLowerCase() !== "you") ? el("span", { class: "you" }, ctx.hotseat ? "playing now" : "you") : null,
      ),
      badges,
      el(
        "span",
        { class: "ms-card-stats" },
        `${plural(view.turns[seat], "turn")} · ${plural(view.busts[seat], "bust")}`,
      ),
      el(
        "span",
        { class: "ms-card-score", title: view.game === KICKS ? "Points: cubes × the state's points" : "Boxes filled" },
        view.game === KICKS ? String(mat.points) : `${mat.boxes_filled}`,
        el("small", {}, view.game === KICKS ? " pts" : `/${mat.boxes_total}`),
      ),
    ),
    matSvg(view, mat, ctx, { compact: size === "small", label: `${name}'s mat: ${scoreText(view, mat)}, ${progress}` }),
  );
  if (view.game === MILEAGE) {
    card.append(
      el(
        "div",
        { class: "ms-progress", title: `${mat.boxes_filled} of ${mat.boxes_total} boxes` },
        el("span", { style: `width:${((mat.boxes_filled / mat.boxes_total) * 100).toFixed(1)}%` }),
      ),
    );
  }
  return card;
}

// ------------------------------------------------------------------ board
export function makeBoard(game) {
  const kicks = game === KICKS;

  function render(root, view, ctx) {
    const context = { players: [], choices: [], interactive: false, pending: false, ...ctx };
    const you = view.you;
    const seated = you !== null && you !== undefined;
    const solo = view.players === 1;
    const mainSeat = seated ? you : view.current_seat ?? 0;
    const main = view.mats[mainSeat];
    const board = el("div", {
      class: `ms-board ${kicks ? "kicks" : "mileage"}`,
      "data-phase": view.phase,
      "data-round": view.round,
      "data-current": view.current_seat ?? "",
      "data-ended": view.ended || "",
      "data-drawn": view.drawn.length,
      "data-fill-ups": kicks ? null : view.fill_ups,
    });
    const chip = solo ? `Turn ${view.turns[0]}` : `Round ${view.round}`;
    const mode = solo
      ? kicks
        ? "Solo: a cube on every state and the sign, in as few turns as you can"
        : "Solo: fill every box in as few turns as you can"
      : `${view.players} players · ${kicks ? "highest points when the game ends wins" : "first to fill all 25 boxes wins"}`;
    board.append(
      el(
        "div",
        { class: "ms-top" },
        el("span", { class: "round-chip" }, chip),
        el("span", { class: "muted" }, mode),
        context.pending ? el("span", { class: "badge" }, "sending…") : null,
      ),
    );
    const news = newsPanel(view, context);
    if (news) board.append(news);
    const actions = actionButtons(view, context);
    const riskNode = view.phase !== "over" ? riskBlock(view, context) : null;
    if (actions || riskNode) {
      board.append(el("section", { class: `ms-panel ms-decide${actions ? "" : " watch"}` }, riskNode, actions));
    }
    board.append(matCard(view, main, context, { size: "large" }));
    const others = view.mats.filter((m) => m.seat !== mainSeat);
    if (others.length) {
      board.append(
        el(
          "section",
          { class: "ms-others-wrap" },
          el("h3", { class: "others-title" }, "The other mats"),
          el("div", { class: "ms-others" }, others.map((m) => matCard(view, m, context, { size: "small" }))),
        ),
      );
    }
    board.append(el("div", { class: "ms-lower" }, bagPanel(view), recentPanel(view, context)));
    fill(root, board);
  }

  function rulesSummary() {
    return kicks ? kicksRules() : mileageRules();
  }

  function statusLine(view, ctx) {
    if (view.phase === "over") return "";
    const seat = view.current_seat;
    if (seat === null || seat === undefined) return "";
    const r = risk(view);
    const mine = seat === view.you && view.you !== null && view.you !== undefined && (ctx.choices || []).length > 0;
    const name = nameOf(ctx, seat);
    if (kicks) {
      const n = view.casino.length;
      if (mine) {
        return `${plural(n, "cube")} in your casino. Draw another (${r ? percent(r.chance) : "?"} chance of a bust) or conclude to keep ${n === 1 ? "it" : "them"}.`;
      }
      return `${name} is at the casino with ${plural(n, "cube")} (${r ? percent(r.chance) : "?"} bust risk on the next).`;
    }
    const fuel = joinNames((view.fuel || []).map((c) => colorName(view, c)));
    if (mine) {
      return `Fuel this turn: ${fuel}. Fill up again (${r ? percent(r.chance) : "?"} chance of a bust) or stop to fill your boxes.`;
    }
    return `${name} is filling up: ${plural(view.fill_ups, "fill-up")}, fuel ${fuel} (${r ? percent(r.chance) : "?"} bust risk on the next).`;
  }

  function playerExtra(view, seat) {
    const mat = view.mats[seat];
    if (!mat) return "";
    return kicks ? `${mat.points} pts · ${mat.colors_placed}/9` : `${mat.boxes_filled}/${mat.boxes_total} boxes`;
  }

  function endSummary(view, ctx) {
    const winners = view.winners || [];
    const rows = view.mats.map((m) => ({
      name: nameOf(ctx, m.seat),
      score: kicks ? `${m.points} pts` : `${m.boxes_filled}/${m.boxes_total} boxes`,
      note: `${plural(view.turns[m.seat], "turn")}, ${plural(view.busts[m.seat], "bust")}${complete(view, m) ? (kicks ? ", all 9 places" : ", every box") : ""}`,
      winner: winners.includes(m.seat),
    }));
    const how = howItEnded(view, ctx);
    if (view.players === 1) {
      const mat = view.mats[0];
      const turns = view.turns[0];
      const won = winners.includes(0);
      const you = view.you === 0 ? "You" : nameOf(ctx, 0);
      let headline;
      if (kicks) {
        headline = won
          ? `${you} got ${you === "You" ? "your" : "their"} kicks in ${plural(turns, "turn")}: a win!`
          : `No win this time: ${view.ended === "six_black" ? "six black cubes" : "the game ended"} after ${plural(turns, "turn")}.`;
      } else {
        headline = won
          ? `${you} finished Route 66 in ${plural(turns, "turn")}!`
          : `The race stalled after ${plural(turns, "turn")} with ${mat.boxes_filled}/${mat.boxes_total} boxes.`;
      }
      return { headline, how: `${how} ${kicks ? `${mat.points} points on the mat.` : ""}`.trim(), outcome: won ? "win" : "lose", rows };
    }
    const names = winners.map((s) => nameOf(ctx, s));
    const best = winners.length ? (kicks ? `${view.mats[winners[0]].points} points` : `${view.mats[winners[0]].boxes_filled} boxes`) : "";
    const verb = winners.length > 1 ? "share the win" : "wins";
    const seated = view.you !== null && view.you !== undefined && !ctx.hotseat;
    if (!winners.length) return { headline: "Game over: nobody wins", how, outcome: seated ? "lose" : null, rows };
    if (!seated) return { headline: `${joinNames(names)} ${verb} with ${best}!`, how, outcome: null, rows };
    if (winners.includes(view.you)) {
      return winners.length > 1
        ? { headline: `A shared win: ${joinNames(names)} with ${best}!`, how, outcome: "draw", rows }
        : { headline: `You win with ${best}!`, how, outcome: "win", rows };
    }
    const mine = view.mats[view.you];
    return {
      headline: `${joinNames(names)} ${verb} with ${best}; you have ${kicks ? `${mine.points} points` : `${mine.boxes_filled} boxes`}.`,
      how,
      outcome: "lose",
      rows,
    };
  }

  return { render, rulesSummary, statusLine, playerExtra, endSummary, ownControls: true };
}

function howItEnded(view, ctx) {
  const trigger = view.trigger;
  const name = trigger === null || trigger === undefined ? null : who(view, ctx, trigger);
  const finish = ctx.options && ctx.options.end === "finish_round" && view.players > 1 ? " The round was then played to its end." : "";
  switch (view.ended) {
    case "complete":
      return view.game === KICKS
        ? `${name || "A player"} placed a cube on all eight states and the Route 66 sign.${finish}`
        : `${name || "A player"} filled every box on the eight states and the sign.${finish}`;
    case "six_black":
      return `${name || "A player"} collected six black cubes on the Route 66 sign.${finish}`;
    case "empty_bag":
      return "The bag ran empty: no turn could start.";
    default:
      return "";
  }
}

// ------------------------------------------------------------------ rules
function kicksRules() {
  return el(
    "div",
    { class: "rules-summary" },
    el(
      "p",
      {},
      "Try your luck at the Route 66 casino. The goal: at least one cube of the right colour on each of the eight states ",
      "and a black cube on the Route 66 sign.",
    ),
    el("h3", {}, "Your turn"),
    el(
      "ol",
      {},
      el("li", {}, "A cube is drawn from the bag into your casino (the server draws for you)."),
      el(
        "li",
        {},
        el("b", {}, "Conclude"),
        ": every cube in the casino goes onto the state of its colour (black onto the Route 66 sign) and your turn ends. Or ",
        el("b", {}, "draw a cube"),
        ": one more cube into the casino.",
      ),
      el(
        "li",
        {},
        "If the new cube's colour is already in the casino, you ",
        el("b", {}, "bust"),
        ": every cube of this turn goes back into the bag and you gain nothing. Otherwise decide again.",
      ),
    ),
    el(
      "p",
      { class: "tip" },
      "The board shows the chance that the next cube busts: the cubes left in the bag of the colours already in your casino, out of all the cubes in the bag.",
    ),
    el("h3", {}, "The end"),
    el(
      "ul",
      {},
      el(
        "li",
        {},
        "The game ends for everyone when a player has a cube on all eight states and the sign, or six black cubes on the sign ",
        "(with the match option “end: finish round”, the others still play their turn of that round first).",
      ),
      el("li", {}, "Score: on each state and the sign, cubes × the white number in the black circle. Highest total wins; a tie shares the win."),
      el("li", {}, "Solo: get a cube on every state and the sign in as few turns as you can. Six black cubes end a solo game too (a loss, unless the match option says otherwise)."),
    ),
    colorTable(true),
  );
}

function mileageRules() {
  return el(
    "div",
    { class: "rules-summary" },
    el(
      "p",
      {},
      "A race along Route 66: be the first to fill every box on the eight states (1 to 4 each) and the five black boxes on the Route 66 sign, 25 boxes in all.",
    ),
    el("h3", {}, "Your turn"),
    el(
      "ol",
      {},
      el("li", {}, el("b", {}, "Fill up"), ": three cubes are drawn onto your gas pumps (the server draws for you). Their colours are your ", el("b", {}, "fuel"), " for this turn."),
      el(
        "li",
        {},
        el("b", {}, "Stop"),
        ": the cubes fill empty boxes of their colour; cubes that find no empty box go back into the bag. Or ",
        el("b", {}, "fill up again"),
        ": three more cubes.",
      ),
      el(
        "li",
        {},
        "Each new fill-up needs at least one cube of a fuel colour (only the first fill-up's colours count). If none matches you ",
        el("b", {}, "bust"),
        ": every cube of the turn goes back into the bag.",
      ),
    ),
    el(
      "p",
      { class: "tip" },
      "The board shows the chance that the next fill-up has none of your fuel colours, worked out from what is left in the bag.",
    ),
    el("h3", {}, "The end"),
    el(
      "ul",
      {},
      el(
        "li",
        {},
        "The race ends at once when a player has filled all 25 boxes: that player wins. ",
        "(With the match option “end: finish round”, the round is played out first and every complete mat shares the win.)",
      ),
      el("li", {}, "Solo: fill every box in as few turns as you can."),
    ),
    colorTable(false),
  );
}

const COLOR_TABLE = [
  ["Black", "#1f1f1f", "Route 66 sign", 25, 1, 5],
  ["Red", "#c8342c", "Arizona", 20, 2, 4],
  ["Yellow", "#e9c031", "Oklahoma", 20, 2, 4],
  ["Light blue", "#7cc3e8", "Missouri", 15, 3, 3],
  ["Pink", "#ee8fb5", "New Mexico", 15, 3, 3],
  ["Green", "#3f9a4a", "Illinois", 10, 4, 2],
  ["Dark blue", "#24448f", "California", 10, 4, 2],
  ["Orange", "#ec8a2c", "Texas", 5, 5, 1],
  ["Purple", "#7d4a9e", "Kansas", 5, 5, 1],
];

function colorTable(kicks) {
  return el(
    "table",
    { class: "ms-color-table" },
    el("thead", {}, el("tr", {}, el("th", {}, "Cube"), el("th", {}, "Place"), el("th", {}, "In the bag"), el("th", {}, kicks ? "Points" : "Boxes"))),
    el(
      "tbody",
      {},
      COLOR_TABLE.map(([name, hex, place, cubes, points, boxes]) =>
        el(
          "tr",
          {},
          el("td", {}, el("span", { class: "mini-cube", style: `--cube:${hex};--cube-edge:${mix(hex, "#000000", 0.4)}` }), ` ${name}`),
          el("td", {}, place),
          el("td", {}, String(cubes)),
          el("td", {}, String(kicks ? points : boxes)),
        ),
      ),
    ),
  );
}
