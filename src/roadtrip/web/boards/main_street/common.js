// boards/main_street/common.js: what the boards of America's Main Street share:
// the constants, colour arithmetic, names, the risk of the next draw (exact, from
// the bag) and the turns read back from the game log.  Drawn by mat.js
// (the SVG mat) and panels.js (the HTML around it).

export const KICKS = "get-your-kicks";
export const MILEAGE = "mileage-may-vary";
export const STOP = 0;
export const GO_ON = 1;
export const BLACK = 0;
export const SIX_BLACK = 6;
export const FILL_UP = 3;
export const ABBR = {
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
export const W = 1000;
export const H = 440;
export const TW = 106; // a state's tile
export const TH = 150;
export const HEAD = 34; // the tile's coloured name band
export const tileX = (i) => 28 + i * 120;
export const tileBase = (i) => 392 - i * 30; // the road climbs from California to Illinois
export const CUBE = 26;
export const BOX = 30;
export const ZONE = { x: 556, y: 314, w: 428, h: 116 }; // casino / pumps, lower right
export const SIGN = { x: 24, y: 26, w: 118, h: 134 }; // the Route 66 shield, upper left

// ------------------------------------------------------------------ colours
export function rgb(hex) {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function mix(hex, other, t) {
  const a = rgb(hex);
  const b = rgb(other);
  const c = a.map((v, i) => Math.round(v + (b[i] - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG relative luminance of a "#rrggbb" colour. */
export function luminance(hex) {
  const lin = (v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = rgb(hex).map((v) => lin(v / 255));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white text on ``hex``, whichever has the higher contrast (>= 5:1 on
 * every cube colour). */
export function inkFor(hex) {
  const l = luminance(hex);
  return (l + 0.05) / (luminance("#111111") + 0.05) > 1.05 / (l + 0.05) ? "#111111" : "#ffffff";
}

/** The two-letter mark of a colour's place (CA ... IL, 66 for the sign), shown on
 * the state and on every cube of its colour, so that they match without colour. */
export function markOf(view, c) {
  const color = view.colors[c];
  return color.mark || ABBR[color.place] || "66";
}

/** What changed since the view drawn last time: the index in ``drawn`` from which
 * the cubes are new (null: none), and per seat the cubes just placed on the mat. */
export function changesSince(previous, view) {
  const out = { newFrom: null, placed: {} };
  if (!previous || previous.game !== view.game || !Array.isArray(previous.drawn)) return out;
  const seat = view.current_seat;
  const sameTurn =
    seat !== null &&
    previous.current_seat === seat &&
    previous.turns[seat] === view.turns[seat] &&
    previous.drawn.length <= view.drawn.length &&
    previous.drawn.every((c, i) => view.drawn[i] === c);
  const from = sameTurn ? previous.drawn.length : 0;
  if (view.drawn.length > from) out.newFrom = from;
  view.mats.forEach((mat, s) => {
    const before = previous.mats[s];
    if (!before) return;
    const diff = mat.cubes.map((n, c) => Math.max(0, n - before.cubes[c]));
    if (diff.some((n) => n > 0)) out.placed[s] = diff;
  });
  return out;
}

export function isLight(hex) {
  const [r, g, b] = rgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

// ------------------------------------------------------------------ helpers
/** A seat's name; a team of two sharing the mat (``names``, when the match page
 * gives them) is shown with both names: "Ann & Ben". */
export function nameOf(ctx, seat) {
  const player = ctx.players && ctx.players[seat];
  if (!player) return `Player ${seat + 1}`;
  if (Array.isArray(player.names) && player.names.length > 1) return player.names.join(" & ");
  return player.name;
}

/** The seat's colour chip, when the match page gives one (ctx.players[i].colour). */
export function colourOf(ctx, seat) {
  const player = ctx.players && ctx.players[seat];
  return player && typeof player.colour === "string" ? player.colour : null;
}

/** "You" when the viewer is that seat on its own screen, else the name. */
export function who(view, ctx, seat) {
  const own = view.you === seat && !ctx.hotseat && view.you !== null && view.you !== undefined;
  return own ? "You" : nameOf(ctx, seat);
}

export const colorName = (view, c) => view.colors[c].name.toLowerCase();
export const placeOf = (view, c) => view.colors[c].place;
export const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
export const percent = (p) => (p > 0 && p < 0.005 ? "<1%" : p < 1 && p > 0.995 ? ">99%" : `${Math.round(p * 100)}%`);

export function orList(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

export function colorsByPlace(view) {
  const map = {};
  view.colors.forEach((c) => (map[c.place] = c.color));
  return map;
}

export function score(view, mat) {
  return view.game === KICKS ? mat.points : mat.boxes_filled;
}

export function scoreText(view, mat) {
  return view.game === KICKS ? `${mat.points} pts` : `${mat.boxes_filled}/${mat.boxes_total} boxes`;
}

export function complete(view, mat) {
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

export function riskLevel(chance) {
  if (chance < 0.2) return "low";
  if (chance < 0.4) return "medium";
  return "high";
}

// ---------------------------------------------------------- the game log
/** The cubes a "fill up again" draws, from its log text: three, or "the last 1
 * cube" / "the last 2 cubes in the bag" when the bag held fewer (short_bag=partial;
 * the engine judges such a short fill-up once its cubes are drawn). */
export function fillUpSize(action) {
  const short = /the last (\d+) cubes? in the bag/.exec(action);
  return short ? Number(short[1]) : FILL_UP;
}

/** The turns read back from the game log: [{seat, draws, fills, outcome}]. */
export function turnsFromLog(view, ctx) {
  const log = ctx.log;
  if (!Array.isArray(log)) return null;
  const byName = new Map(view.colors.map((c) => [c.name.toLowerCase(), c.color]));
  const names = (ctx.players || []).map((p) => ({ name: p.name, seat: p.seat })).sort((a, b) => b.name.length - a.name.length);
  const turns = [];
  let cur = null;
  let synced = !ctx.logStart; // a log cut at the front starts mid-turn: wait for a stop
  for (const text of log) {
    const dice = /^Chance: (?:.+? )?draws? an? (.+?) cube/.exec(text);
    if (dice) {
      if (!synced) continue;
      const c = byName.get(dice[1].toLowerCase());
      if (c === undefined) continue;
      if (!cur) cur = { seat: null, draws: [], fills: [[]], sizes: [FILL_UP], outcome: null };
      const fillNow = cur.fills[cur.fills.length - 1];
      const repeat = cur.draws.includes(c);
      cur.draws.push(c);
      fillNow.push(c);
      let bust = false;
      if (view.game === KICKS) bust = repeat;
      else if (cur.fills.length > 1 && fillNow.length === cur.sizes[cur.sizes.length - 1]) {
        bust = !fillNow.some((x) => cur.fills[0].includes(x));
      }
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
      cur.sizes.push(fillUpSize(action));
    }
  }
  return turns;
}

