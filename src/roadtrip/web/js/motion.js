// motion.js: whether the page may animate, and the short, skippable animations
// the boards play.  Animations are allowed unless the system asks for reduced
// motion (prefers-reduced-motion: reduce) or the player switched them off with
// the "Animations" toggle of the match page (remembered in localStorage).
//
// Boards call animate(node, keyframes, {duration}) (the Web Animations API,
// capped at MAX_MS); every running animation finishes at once on a click, a tap
// or a key, and while any runs <html data-animating="true"> is set.  The count
// of animations started is kept in <html data-animations-started> so that tests
// (and curious players) can see that nothing moved.  <html data-motion="off">
// is set while animations are not allowed: the style sheet then stops every CSS
// animation and transition too (the pulsing glow of the choices, for one).

import { el } from "./dom.js";

export const MAX_MS = 600;
const STORAGE_KEY = "roadtrip.animations"; // "on" | "off"
const REDUCED = "(prefers-reduced-motion: reduce)";

const running = new Set();
let started = 0;
let listening = false;

function stored() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage blocked: fall back to the system setting
  }
}

/** True when the system asks for reduced motion. */
export function systemReducesMotion() {
  return Boolean(window.matchMedia && window.matchMedia(REDUCED).matches);
}

/** May the page animate now?  The player's toggle, else the system setting. */
export function motionAllowed() {
  return stored() !== "off" && !systemReducesMotion();
}

function markMotion() {
  document.documentElement.dataset.motion = motionAllowed() ? "on" : "off";
}

/** Switch animations on or off for this browser (remembered). */
export function setMotion(on) {
  try {
    localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
  } catch {
    /* not remembered: still applies to this page */
  }
  if (!on) finishAll();
  markMotion();
}

markMotion();
if (window.matchMedia) window.matchMedia(REDUCED).addEventListener("change", markMotion);

function mark() {
  const root = document.documentElement;
  root.dataset.animating = String(running.size > 0);
  root.dataset.animationsStarted = String(started);
}

/** Finish every running animation now (each jumps to its end). */
export function finishAll() {
  for (const animation of [...running]) {
    try {
      animation.finish();
    } catch {
      animation.cancel();
    }
  }
  running.clear();
  mark();
}

function listen() {
  if (listening) return;
  listening = true;
  // Capture: the skip happens before the click or key does anything else.
  const skip = () => {
    if (running.size) finishAll();
  };
  window.addEventListener("pointerdown", skip, true);
  window.addEventListener("keydown", skip, true);
}

/**
 * Animate node with keyframes for at most MAX_MS; returns the Animation or null
 * when animations are off (or the browser has no Web Animations).
 */
export function animate(node, keyframes, { duration = 400, easing = "ease-out", delay = 0, allowed = motionAllowed() } = {}) {
  if (!allowed || !node || typeof node.animate !== "function") return null;
  listen();
  const total = Math.min(MAX_MS, Math.max(0, duration) + Math.max(0, delay));
  const animation = node.animate(keyframes, {
    duration: Math.max(0, total - Math.max(0, delay)),
    delay: Math.min(delay, total),
    easing,
    fill: "none",
  });
  started += 1;
  running.add(animation);
  const done = () => {
    running.delete(animation);
    mark();
  };
  animation.addEventListener("finish", done);
  animation.addEventListener("cancel", done);
  mark();
  return animation;
}

/** The "Animations: on/off" toggle button for the top bar. */
export function motionToggle({ onChange } = {}) {
  const button = el("button", { type: "button", class: "btn small toggle", id: "motion-toggle" });
  const show = () => {
    const on = motionAllowed();
    button.disabled = systemReducesMotion();
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? "Animations: on" : "Animations: off";
    button.title = systemReducesMotion()
      ? "Your system asks for reduced motion, so the board does not animate"
      : "Dice rolls and moves are animated (a click or a key skips them)";
  };
  button.addEventListener("click", () => {
    setMotion(!motionAllowed());
    show();
    if (onChange) onChange(motionAllowed());
  });
  show();
  return button;
}
