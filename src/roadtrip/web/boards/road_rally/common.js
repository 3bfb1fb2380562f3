// boards/road_rally/common.js: what the Road Rally board's modules share: the
// action numbers (games/road_rally/actions.py), names and colours of the seats,
// the legal choices, a movement card drawn as a button or a box, a rally point
// ticket and a big decision button.

import { capitalize, el } from "../../js/dom.js";
import { CAR_COLORS } from "./track.js";

export const NUM_TYPES = 6;
export const DONE = 6;
export const TAKE_SHORTCUT = 7;
export const SKIP_SHORTCUT = 8;
export const MECH_BASE = 9;
export const REVEAL = 15;
export const PASS = 16;
export const TAKE_POINTS = 17;
export const TAKE_CARDS = 18;
export const GAS_BEFORE = 19;
export const GAS_AFTER = 20;
export const RAINBOW_MAX = 5;
export const MAX_SCORED = 3;
export const DRAWS_AFTER = { green: 2, yellow: 1, red: 0 };
export const POINTS_BY_PLACE = [5, 4, 3, 2, 1];
export const PHASE_WORDS = {
  order: "Drawing the starting row",
  deal: "Dealing the cards",
  draw: "Drawing cards",
  play: "Driving",
  shortcut: "At a shortcut",
  mechanic: "At the Mechanic",
  gas: "At the Gas station",
  reveal: "Rally scoring",
  reward: "Rally scoring",
  over: "Race over",
};

/** When Gas reshuffles the discards, under the match's option gas (ctx.options;
 *  absent on the replay page: the rulebook's words). */
export function gasWhen(options) {
  const rule = options && options.gas;
  if (rule === "before") return "before you draw";
  if (rule === "after") return "after you draw";
  if (rule === "choose") return "before or after you draw, as you choose";
  return "before or after you draw";
}

export function zeros() {
  return Array(NUM_TYPES).fill(0);
}

export const sum = (xs) => xs.reduce((a, b) => a + b, 0);
export const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

export function nameOf(ctx, seat) {
  const player = ctx.players && ctx.players[seat];
  return player ? player.name : `Player ${seat + 1}`;
}

export function seated(view) {
  return view.you !== null && view.you !== undefined && Boolean(view.mine);
}

export function isYou(view, ctx, seat) {
  return seat === view.you && seated(view) && !ctx.hotseat;
}

/** "You" on your own screen, else the name. */
export function who(view, ctx, seat) {
  return isYou(view, ctx, seat) ? "You" : nameOf(ctx, seat);
}

let seatColours = [];

/** The seats' colours from ctx.players[i].colour where the page gives them. */
export function setSeatColours(players) {
  seatColours = (players || []).map((p) => (p && typeof p.colour === "string" ? p.colour : null));
}

export function colorOf(seat) {
  return seatColours[seat] || CAR_COLORS[seat % CAR_COLORS.length];
}

/** The car whose turn it is (the view names no mover at a shortcut: the one seat to act). */
export function actor(view) {
  if (view.mover !== null && view.mover !== undefined) return view.mover;
  if (view.phase === "shortcut" && (view.active_seats || []).length) return view.active_seats[0];
  return null;
}

export function legalSet(ctx) {
  return new Set((ctx.choices || []).map((c) => c.action));
}

export function canAct(ctx) {
  return Boolean(ctx.onChoose && ctx.interactive && !ctx.pending && (ctx.choices || []).length);
}

export function steps(view, counts) {
  return counts.reduce((s, n, c) => s + n * view.cards[c].value, 0);
}

export function cardName(view, c) {
  return view.cards[c].name;
}

export function chipHolders(view) {
  const out = {};
  for (const r of view.rally_results || []) {
    if (r.scored && r.chip !== null && r.chip !== undefined) out[r.rally] = r.chip;
  }
  return out;
}

export function cardFace(view, c) {
  const info = view.cards[c];
  return [
    el("span", { class: "corner" }, String(info.value)),
    el("span", { class: "value" }, String(info.value)),
    el("span", { class: "color-name" }, info.color),
  ];
}

/** A card as a button (clickable) or a plain box. */
export function card(view, c, opts = {}) {
  const info = view.cards[c];
  const classes = ["rr-card", info.color];
  if (opts.state) classes.push(opts.state);
  if (opts.small) classes.push("small");
  const attrs = {
    class: classes.join(" "),
    "data-card-type": c,
    "data-index": opts.index ?? null,
    "data-state": opts.state || null,
    title: opts.title || capitalize(info.name),
  };
  if (opts.onclick) {
    return el(
      "button",
      { ...attrs, type: "button", disabled: Boolean(opts.disabled), "data-action": opts.action ?? null, "aria-pressed": opts.state === "selected" || opts.state === "sent" ? "true" : "false", onclick: opts.onclick },
      cardFace(view, c),
      opts.badge ? el("span", { class: "badge-n" }, opts.badge) : null,
    );
  }
  return el("div", attrs, cardFace(view, c), opts.badge ? el("span", { class: "badge-n" }, opts.badge) : null);
}

export function bigButton(action, label, sub, { kind = "go", legal, ctx }) {
  const ok = legal.has(action) && canAct(ctx);
  return el(
    "button",
    { type: "button", class: `rr-action ${kind}`, "data-action": action, disabled: !ok, onclick: () => ok && ctx.onChoose(action) },
    el("span", { class: "label" }, label),
    sub ? el("span", { class: "sub" }, sub) : null,
  );
}

export function rallyTicket(view, number, { hidden = false, revealed = false } = {}) {
  const point = view.track.rally_points.find((p) => p.number === number);
  const crossed = (view.crossed_this_round || []).includes(number);
  let status = point ? point.status : "off";
  if (revealed) status = "revealed";
  const words = {
    on_track: crossed ? "crossed this round" : "on the track",
    removed: "removed: can no longer score",
    scored: "scored",
    revealed: "revealed",
    off: "not on this track",
  };
  return el(
    "span",
    {
      class: `rr-ticket ${status}${crossed && status === "on_track" ? " crossed" : ""}`,
      "data-rally-card": hidden ? number : null,
      "data-revealed-rally": revealed ? number : null,
      title: `Rally point card ${number}: ${words[status]}`,
    },
    String(number),
  );
}

export function placeOf(view, seat) {
  return view.order.indexOf(seat);
}

/** True before the first round: the starting row and the cards are being dealt. */
export function dealing(view) {
  return !(view.turn_order || []).length && view.phase !== "over";
}
