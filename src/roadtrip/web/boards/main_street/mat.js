// boards/main_street/mat.js: a Main Street mat as SVG: a stylised Route 66 from
// California to Illinois, the eight states in their colours (points in a black
// circle for Get Your Kicks, boxes to fill for Your Mileage May Vary), the Route 66
// sign for black cubes, and the casino or the gas pumps in the lower right corner.

import { svg } from "../../js/dom.js";
import {
  ABBR, BLACK, BOX, CUBE, FILL_UP, H, HEAD, KICKS, SIGN, SIX_BLACK, TH, TW, W, ZONE,
  colorsByPlace, inkFor, markOf, mix, nameOf, placeOf, plural, tileBase, tileX,
} from "./common.js";
import { readable } from "./table.js";

/** The classes of a cube drawn this turn: "latest" for the last draw (or the last
 * fill-up), "drop-in" (animated) for a cube new since the last view when motion is on. */
function drawnClasses(ctx, index, cubes, groupStart) {
  const change = ctx.changes || {};
  const cls = [];
  if (index >= groupStart) cls.push("latest");
  if (ctx.motionOn && change.newFrom !== null && change.newFrom !== undefined && index >= change.newFrom) {
    cls.push("drop-in");
  }
  return cls.join(" ");
}

function dropDelay(ctx, index) {
  const from = ctx.changes ? ctx.changes.newFrom : null;
  return from === null || from === undefined ? 0 : Math.min(240, (index - from) * 90);
}

export function cubeSvg(view, c, x, y, size, extra = {}) {
  const hex = view.colors[c].hex;
  const r = size * 0.16;
  const b = Math.max(2, size * 0.14);
  const mark = markOf(view, c);
  return svg(
    "g",
    {
      class: `cube c-${view.colors[c].key}${extra.cls ? ` ${extra.cls}` : ""}`,
      "data-color": c,
      "data-mark": mark,
      style: extra.delay ? `animation-delay:${extra.delay}ms` : null,
    },
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
    svg(
      "text",
      { x: x + size / 2, y: y + size / 2 + size * 0.16, class: "cube-mark", "font-size": size * 0.44, fill: inkFor(hex) },
      mark,
    ),
  );
}

export function pointsBadge(cx, cy, r, points) {
  return svg(
    "g",
    { class: "points-badge" },
    svg("circle", { cx, cy, r, class: "points-circle" }),
    svg("text", { x: cx, y: cy + r * 0.38, class: "points-text", "font-size": r * 1.1 }, String(points)),
  );
}

export function emptySlot(x, y, size, cls = "slot") {
  return svg("rect", { x, y, width: size, height: size, rx: size * 0.16, class: cls });
}

export function roadPath() {
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

export function shieldPath(x, y, w, h) {
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

/** The classes of the k-th cube on a place: "latest" if the last stop put it there. */
function placedClass(ctx, mat, c, k, n) {
  const placed = ctx.changes && ctx.changes.placed ? ctx.changes.placed[mat.seat] : null;
  const fresh = placed ? placed[c] : 0;
  if (!fresh || k < n - fresh) return "";
  return ctx.motionOn ? "latest placed drop-in" : "latest placed";
}

export function tileSvg(view, mat, c, i, compact, ctx = {}) {
  const color = view.colors[c];
  const x = tileX(i);
  const y = tileBase(i) - TH;
  const n = mat.cubes[c];
  const mark = markOf(view, c);
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
  const light = inkFor(color.hex) !== "#ffffff";
  const abbr = svg("text", { x: x + TW / 2, y: y + 27, class: `state-abbr${light ? " on-light" : ""}` }, ABBR[color.place] || mark);
  if (compact) g.append(abbr);
  else {
    // the place's mark, the same as on its cubes: told apart without colour
    g.append(svg("text", { x: x + 7, y: y + HEAD + 15, class: "state-mark", "data-mark": mark }, mark));
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
      if (k < shown) g.append(cubeSvg(view, c, cx, cy, CUBE, { cls: placedClass(ctx, mat, c, k, shown) }));
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
      if (k < n) g.append(cubeSvg(view, c, bx + 3, by + 3, BOX - 6, { cls: placedClass(ctx, mat, c, k, Math.min(n, b)) }));
    }
  }
  return g;
}

export function signSvg(view, mat, compact, ctx = {}) {
  const n = mat.cubes[BLACK];
  const { x, y, w, h } = SIGN;
  const g = svg("g", { class: "sign", "data-place": "Route 66 sign", "data-color": BLACK, "data-cubes": n });
  // Solo under the option solo_six_black=ignore, six black cubes end nothing.
  const ignored = view.players === 1 && ctx.options && ctx.options.solo_six_black === "ignore";
  const tip =
    view.game === KICKS
      ? `Route 66 sign: ${plural(n, "black cube")} × 1 = ${n} points; ${ignored ? "six black cubes do not end a solo game" : "six black cubes end the game"}`
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
      if (k < n) g.append(cubeSvg(view, BLACK, cx, cy, size, { cls: placedClass(ctx, mat, BLACK, k, Math.min(n, 9)) }));
      else g.append(emptySlot(cx, cy, size, k === SIX_BLACK - 1 && !ignored ? "slot end" : "slot"));
      if (k === SIX_BLACK - 1 && k >= n && !ignored) {
        g.append(svg("text", { x: cx + size / 2, y: cy + size / 2 + 4, class: "end-mark" }, "END"));
      }
    }
    if (!compact) {
      g.append(svg("text", { x: left, y: y + 22 + 2 * (size + gap) + 10, class: "sign-note" }, ignored ? "No end at 6 black (solo)" : "6 black cubes end the game"));
    }
  } else {
    for (let k = 0; k < 5; k++) {
      const cx = left + (k % 3) * (size + gap) + (k >= 3 ? (size + gap) / 2 : 0);
      const cy = y + 22 + Math.floor(k / 3) * (size + gap);
      g.append(emptySlot(cx, cy, size, "box"));
      if (k < n) g.append(cubeSvg(view, BLACK, cx + 3, cy + 3, size - 6, { cls: placedClass(ctx, mat, BLACK, k, Math.min(n, 5)) }));
    }
    if (!compact) {
      g.append(svg("text", { x: left, y: y + 22 + 2 * (size + gap) + 10, class: "sign-note" }, `${Math.min(n, 5)} of 5 black boxes`));
    }
  }
  return g;
}

export function casinoSvg(view, mat, compact, ctx) {
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
      g.append(
        cubeSvg(view, cubes[k], cx, top, size, {
          title: `${k + 1}. ${view.colors[cubes[k]].name} (${placeOf(view, cubes[k])})${k === cubes.length - 1 ? ", the last cube drawn" : ""}`,
          cls: drawnClasses(ctx, k, cubes, cubes.length - 1),
          delay: dropDelay(ctx, k),
        }),
      );
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

export function pumpsSvg(view, mat, compact, ctx) {
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
        const at = index * FILL_UP + j;
        const last = drawnClasses(ctx, at, cubes, Math.floor((cubes.length - 1) / FILL_UP) * FILL_UP);
        pump.append(
          cubeSvg(view, c, cx, cy, size, {
            cls: `${match ? "match" : ""} ${last}`.trim(),
            title: `${view.colors[c].name}${match ? ": a fuel colour" : ""}`,
            delay: dropDelay(ctx, at),
          }),
        );
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

export function matSvg(view, mat, ctx, { compact, label }) {
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
  root.append(signSvg(view, mat, compact, ctx));
  const byPlace = colorsByPlace(view);
  view.route.forEach((place, i) => root.append(tileSvg(view, mat, byPlace[place], i, compact, ctx)));
  root.append(view.game === KICKS ? casinoSvg(view, mat, compact, ctx) : pumpsSvg(view, mat, compact, ctx));
  readable(view, mat, root); // table.js: the parts named, the decoration hidden
  return root;
}
