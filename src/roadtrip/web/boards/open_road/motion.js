// boards/open_road/motion.js: what changed since the last drawing, for board.js.
//
// The last move (ctx.lastMove {seat, text}, or the newest line of the game log
// that is not a chance draw) is named above the decisions and its rider is
// ringed on the map.  Rides and card plays are animated: a rider's piece rides
// dot by dot from where the previous view had it (ctx.previous, or the view
// this board drew last), and a card just played pops up in the last-move line.
// Animations are short (at most 600 ms), a click or a key finishes them, and
// there are none when ctx.motion is false (or, without ctx.motion, under
// prefers-reduced-motion).
//
// Test hooks: the board root's data-animated names what the latest drawing
// animated ("ride", "card", "ride card" or ""); the last-move line is
// .or-last[data-seat]; the piece of the last mover is g.or-piece.last.

import { el } from "../../js/dom.js";
import { PIECE_SCALE, shortestPath } from "./map.js";

export const RIDE_MS = 560; // the longest ride animation
const STEP_MS = 140; // a dot of a ride
const CARD_MS = 420;
const LONG_JUMP = 12; // dots: farther moves (a send-back) glide straight

let skipHooked = false;

/** May this drawing animate? */
export function motionAllowed(ctx) {
  if (typeof ctx.motion === "boolean") return ctx.motion;
  const media = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
  return !(media && media.matches);
}

/** A click or a key anywhere finishes the running animations (they are skippable). */
function hookSkip() {
  if (skipHooked) return;
  skipHooked = true;
  const finish = () => {
    for (const animation of document.getAnimations()) {
      if (String(animation.id).startsWith("or-")) animation.finish();
    }
  };
  document.addEventListener("pointerdown", finish, true);
  document.addEventListener("keydown", finish, true);
}

/** The last decision: {seat, text} or null (from ctx.lastMove, else the log). */
export function lastMoveOf(ctx) {
  if (ctx.lastMove !== undefined) return ctx.lastMove;
  const log = Array.isArray(ctx.log) ? ctx.log : [];
  const players = ctx.players || [];
  for (let i = log.length - 1; i >= 0; i--) {
    const text = String(log[i]);
    if (text.startsWith("Chance:")) continue;
    const seat = players.findIndex((p) => p && text.startsWith(`${p.name}: `));
    return { seat: seat >= 0 ? seat : null, text: seat >= 0 ? text.slice(players[seat].name.length + 2) : text };
  }
  return null;
}

/** The last-move line: the mover's chip and the words (with a card just played). */
export function lastMoveLine(move, { nameOf, colorOf, capitalize, playedCard }) {
  if (!move) return null;
  const seat = move.seat ?? null;
  return el(
    "p",
    { class: "or-last", "data-seat": seat ?? "" }, // not live: js/announce.js says every move
    el("span", { class: "or-last-tag" }, "Last move"),
    seat !== null ? el("span", { class: "or-swatch", style: `--rider:${colorOf(seat)}` }) : null,
    seat !== null ? el("b", {}, `${nameOf(seat)} `) : null,
    el("span", {}, seat !== null ? move.text : capitalize(move.text)),
    playedCard,
  );
}

/** Cards the rider holds fewer of than before: the ones just played or given. */
export function cardsGone(before, after) {
  if (!before || !after) return [];
  const gone = [];
  for (const field of ["cards", "mother_lode"]) {
    for (const [key, n] of Object.entries(before[field] || {})) {
      const now = (after[field] || {})[key] || 0;
      for (let i = now; i < n; i++) gone.push({ key, lode: field === "mother_lode" });
    }
  }
  return gone;
}

function pieceTransform(map, dot, scale) {
  const [x, y] = map.dots[dot].xy;
  return `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px) scale(${scale})`;
}

/** Animate every piece that moved since `previous` (a ride, a cruise, a send-back). */
function animateRides(svgNode, map, previous, view) {
  let moved = false;
  for (const rider of view.riders) {
    const before = previous.riders && previous.riders[rider.seat];
    if (!before || before.dot < 0 || rider.dot < 0 || before.dot === rider.dot) continue;
    const piece = svgNode.querySelector(`g.or-piece[data-seat="${rider.seat}"]`);
    if (!piece || piece.dataset.shared === "true") continue;
    let path = shortestPath(map, before.dot, rider.dot, null) || [before.dot, rider.dot];
    if (path.length - 1 > LONG_JUMP) path = [before.dot, rider.dot];
    const frames = path.map((dot) => ({ transform: pieceTransform(map, dot, PIECE_SCALE.alone) }));
    const duration = Math.min(RIDE_MS, STEP_MS * (path.length - 1));
    const animation = piece.animate(frames, { duration, easing: "ease-in-out" });
    animation.id = `or-ride-${rider.seat}`;
    moved = true;
  }
  return moved;
}

function animateCard(node) {
  const animation = node.animate(
    [
      { transform: "translateY(-0.6rem) scale(1.6)", opacity: 0 },
      { transform: "translateY(0) scale(1)", opacity: 1 },
    ],
    { duration: CARD_MS, easing: "cubic-bezier(.2,.8,.3,1.2)" },
  );
  animation.id = "or-card";
}

/** Start the animations of this drawing; returns what was animated (for data-animated). */
export function animate(board, map, previous, view, ctx) {
  if (!previous || !motionAllowed(ctx) || typeof Element.prototype.animate !== "function") return "";
  hookSkip();
  const done = [];
  const svgNode = board.querySelector("svg.or-map");
  if (svgNode && animateRides(svgNode, map, previous, view)) done.push("ride");
  const card = board.querySelector(".or-last .or-card");
  if (card) {
    animateCard(card);
    done.push("card");
  }
  return done.join(" ");
}

