// boards/road_rally/motion.js: motion and focus on the Road Rally board.
//
// Animations: a car that moved since the last drawing drives from its old place
// to its new one, and the cards the mover just put down slide in.  They are
// short (at most 600 ms), finish at once on any click or key, and are off when
// ctx.motion is false or the reader asked for reduced motion.
//
// Focus: the board is drawn afresh after every answer of the server, so the
// control that had the keyboard focus is found again in the new drawing (by its
// action, its card, or its role); when it is gone the focus goes to your panel,
// so that Tab carries on from your cards and choices.

import { roadPoints } from "./track.js";

const MAX_MS = 600;
const MAX_STOPS = 12; // spaces driven over shown along the way
const running = new Set();
let started = 0;
let listening = false;

/** Are animations allowed: ctx.motion where the page says, else the reader's setting. */
export function motionAllowed(ctx) {
  if (ctx && typeof ctx.motion === "boolean") return ctx.motion;
  const query = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
  return !(query && query.matches);
}

/** How many animations this page has started (a hook for tests). */
export function startedAnimations() {
  return started;
}

function finishAll() {
  for (const animation of [...running]) {
    try {
      animation.finish();
    } catch {
      animation.cancel();
    }
  }
  running.clear();
}

function listen() {
  if (listening || typeof document === "undefined") return;
  listening = true;
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, finishAll, { capture: true });
}

function track(animation) {
  started += 1;
  running.add(animation);
  animation.addEventListener("finish", () => running.delete(animation));
  animation.addEventListener("cancel", () => running.delete(animation));
}

/** Where each car is drawn now (SVG units), before the board is drawn again. */
export function recordPositions(root) {
  const out = new Map();
  for (const node of root.querySelectorAll("svg.rr-track .rr-car")) {
    const body = node.querySelector(".car-body");
    if (body) out.set(node.dataset.seat, { x: Number(body.getAttribute("cx")), y: Number(body.getAttribute("cy")) });
  }
  return out;
}

function playedCounts(view) {
  return view && view.phase === "play" && Array.isArray(view.selected) ? view.selected : [0, 0, 0, 0, 0, 0];
}

/** Animate what changed from `before` to `view` on the freshly drawn board. */
export function animateChanges(board, positions, moved, before, view) {
  if (typeof Element === "undefined" || !Element.prototype.animate) return;
  listen();
  for (const seat of moved) {
    const node = board.querySelector(`svg.rr-track .rr-car[data-seat="${seat}"]`);
    const body = node && node.querySelector(".car-body");
    const old = positions.get(String(seat));
    if (!body || !old) continue;
    const dx = old.x - Number(body.getAttribute("cx"));
    const dy = old.y - Number(body.getAttribute("cy"));
    if (!dx && !dy) continue;
    const from = before ? before.cars[seat].space : null;
    const to = view.cars[seat].space;
    const spaces = from === null ? 1 : Math.abs(to - from);
    const duration = Math.min(MAX_MS, 220 + 45 * spaces);
    // along the road, through the spaces driven over (forward moves only)
    const x1 = Number(body.getAttribute("cx"));
    const y1 = Number(body.getAttribute("cy"));
    const stops = from !== null && to > from ? roadPoints(view, from, to) : [];
    const step = Math.max(1, Math.ceil(stops.length / MAX_STOPS));
    const frames = [{ transform: `translate(${dx}px, ${dy}px)` }];
    for (let i = step - 1; i < stops.length; i += step) {
      frames.push({ transform: `translate(${stops[i].x - x1}px, ${stops[i].y - y1}px)` });
    }
    frames.push({ transform: "translate(0px, 0px)" });
    track(node.animate(frames, { duration, easing: "ease-in-out" }));
  }
  // the cards the mover has just put down
  const was = playedCounts(before);
  const now = playedCounts(view);
  const seen = new Map();
  for (const node of board.querySelectorAll(".rr-played [data-played]")) {
    const type = Number(node.dataset.played);
    const index = seen.get(type) || 0;
    seen.set(type, index + 1);
    if (before && before.mover === view.mover && index < (was[type] || 0)) continue;
    if (!now[type]) continue;
    track(
      node.animate([{ transform: "translateY(-14px) scale(1.15)", opacity: 0 }, { transform: "none", opacity: 1 }], {
        duration: 320,
        easing: "ease-out",
      }),
    );
  }
}

/** A key naming the focused control of the board, to find it again after a redraw. */
export function rememberFocus(root) {
  const active = typeof document !== "undefined" ? document.activeElement : null;
  if (!active || !root.contains(active)) return null;
  const d = active.dataset || {};
  if (d.cardType !== undefined && d.index !== undefined && active.closest(".rr-hand")) return `.rr-hand [data-card-type="${d.cardType}"][data-index="${d.index}"]`;
  if (d.action !== undefined && d.cardType !== undefined) return `.rr-mech-pick [data-card-type="${d.cardType}"]`;
  if (d.action !== undefined) return `[data-action="${d.action}"]`;
  if (active.classList.contains("rr-clear")) return ".rr-clear";
  if (active.classList.contains("rr-track-scroll")) return ".rr-track-scroll";
  return ".rr-mine";
}

/** Put the focus back on the control `key` names, or on your panel. */
export function restoreFocus(board, key, awaitMe) {
  if (!key) return;
  const usable = (node) => node && !node.disabled && node.offsetParent !== null;
  let target = board.querySelector(key);
  if (!usable(target) && awaitMe) {
    target = board.querySelector(".rr-mine button:not([disabled])");
  }
  if (!usable(target)) target = board.querySelector(".rr-mine");
  if (target) target.focus({ preventScroll: true });
}
