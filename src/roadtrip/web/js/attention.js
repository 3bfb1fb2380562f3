// attention.js: the "your turn" signal for a match page in the background.
//
// The match page calls pageTitle(text) instead of setting document.title, and
// turnSignal(key) on every render with a key for the turn in progress that is
// the viewer's (null while it is not their turn).  When a new turn of theirs
// starts while the page is hidden (another tab, a minimised window), the tab
// title becomes "(Your turn) <title>" until the page is visible again, and,
// if the player switched the sound on (the "Sound" toggle of the top bar,
// remembered in localStorage, off by default), a short chime plays through
// WebAudio.  Nothing happens while the page is visible: the turn banner says it.

import { el } from "./dom.js";

const STORAGE_KEY = "roadtrip.turn-sound"; // "on" | "off" (default off)
export const TURN_PREFIX = "(Your turn) ";

let baseTitle = document.title;
let flagged = false; // the title carries the prefix
let lastKey = null; // the turn already signalled (or seen)
let audio = null;

function hidden() {
  return document.visibilityState === "hidden";
}

function showTitle() {
  document.title = flagged ? `${TURN_PREFIX}${baseTitle}` : baseTitle;
}

document.addEventListener("visibilitychange", () => {
  if (!hidden() && flagged) {
    flagged = false;
    showTitle();
  }
});

/** Set the page's own title (the prefix stays while a turn is signalled). */
export function pageTitle(text) {
  baseTitle = text;
  showTitle();
}

/** Is the turn sound switched on in this browser? */
export function soundOn() {
  try {
    return localStorage.getItem(STORAGE_KEY) === "on";
  } catch {
    return false;
  }
}

function setSound(on) {
  try {
    localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
  } catch {
    /* not remembered */
  }
}

/** Two short soft notes; silent where WebAudio is missing or blocked. */
export function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return false;
  try {
    audio = audio || new Context();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const now = audio.currentTime;
    [660, 880].forEach((frequency, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency;
      const start = now + i * 0.16;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.18, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.15);
      osc.connect(gain).connect(audio.destination);
      osc.start(start);
      osc.stop(start + 0.16);
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Call on every render: key identifies the viewer's turn in progress (null when
 * it is not their turn).  A new key while the page is hidden raises the signal.
 */
export function turnSignal(key) {
  if (key === null || key === undefined) {
    lastKey = null;
    return;
  }
  if (key === lastKey) return;
  lastKey = key;
  if (!hidden()) return;
  flagged = true;
  showTitle();
  if (soundOn()) chime();
}

/** The "Sound: on/off" toggle button for the top bar. */
export function soundToggle() {
  const button = el("button", { type: "button", class: "btn small toggle", id: "sound-toggle" });
  const show = () => {
    const on = soundOn();
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? "Turn sound: on" : "Turn sound: off";
    button.title = "A short chime when it becomes your turn while this page is in the background";
  };
  button.addEventListener("click", () => {
    setSound(!soundOn());
    if (soundOn()) chime(); // a sample, and browsers want a click before audio
    show();
  });
  show();
  return button;
}
