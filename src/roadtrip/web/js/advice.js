// advice.js: the "Advice" toggle of the match page.  Off by default, then as the player left it (remembered per match and seat).  When a
// player switches it on (only offered where the match allows advice, and never
// to spectators), the page asks the server for the advisor's figures on the
// legal choices of the seat it plays (GET /api/matches/<id>/advice?seat=S; the
// server refuses any other seat) once per move, and the choice list and the
// board show them: the chance to win and the expected score (expected turns in
// solo Main Street), with their 95% intervals, the best choice marked.

import { api } from "./api.js";
import { el } from "./dom.js";

let enabled = false;
let report = null; // the advice for the current key, or null
let key = null; // "<match>/<seat>/<version>" the advice was asked for
let problem = null;
let button = null;
let remembered = null; // the storage key of this page's match and seat, once known

// The toggle's setting is remembered per match and seat, so a reload keeps it.
const STORE = "roadtrip-advice:";

function recall(matchId, seat) {
  const wanted = `${STORE}${matchId}/${seat}`;
  if (remembered === wanted) return;
  remembered = wanted;
  try {
    enabled = localStorage.getItem(wanted) === "on";
  } catch {
    /* storage may be off: the toggle then starts off on each load */
  }
  if (button) button.dispatchEvent(new Event("roadtrip:advice-shown"));
}

function remember() {
  if (!remembered) return;
  try {
    if (enabled) localStorage.setItem(remembered, "on");
    else localStorage.removeItem(remembered);
  } catch {
    /* storage may be off */
  }
}

const pct = (x) => `${Math.round(100 * x)}%`;
const num = (x) => (x === null || x === undefined ? "?" : x.toFixed(1));

/** The toggle button (hidden until a state says advice is allowed here). */
export function adviceToggle(onChange) {
  button = el("button", { type: "button", class: "btn small toggle", id: "advice-toggle", hidden: true });
  const show = () => {
    button.setAttribute("aria-pressed", String(enabled));
    button.textContent = enabled ? "Advice: on" : "Advice: off";
    button.title = "Show the advisor's figures on your choices: chance to win and expected score";
  };
  button.addEventListener("click", () => {
    enabled = !enabled;
    remember();
    show();
    onChange();
  });
  button.addEventListener("roadtrip:advice-shown", show);
  show();
  return button;
}

/** May this page show advice for the message's seat? */
function allowed(msg) {
  return Boolean(msg.advice_allowed) && !msg.spectator && !msg.finished;
}

/** Keep the toggle and the figures in step with a state message; asks the
 * server for new figures when the seat or the move changed (then re-renders). */
export function syncAdvice(msg, matchId, token, rerender) {
  if (button) button.hidden = !allowed(msg);
  if (allowed(msg)) recall(matchId, msg.seat);
  if (!enabled || !allowed(msg) || !msg.choices.length) {
    report = null;
    key = null;
    return;
  }
  const wanted = `${matchId}/${msg.seat}/${msg.version}`;
  if (wanted === key) return;
  key = wanted;
  report = null;
  problem = null;
  api(`/api/matches/${encodeURIComponent(matchId)}/advice?seat=${msg.seat}`, { token })
    .then((answer) => {
      if (key !== wanted) return;
      report = answer;
      rerender();
    })
    .catch((err) => {
      if (key !== wanted) return;
      problem = err.message;
      rerender();
    });
}

/** Is advice switched on and wanted for the decision on screen? */
export function adviceOn() {
  return Boolean(enabled && key);
}

/** Switched on and the figures for the decision on screen still being computed
 * (not when asking failed: adviceStatus says why). */
export function adviceWaiting() {
  return Boolean(enabled && key && !report && !problem);
}

/** The figures by action ({rank, win, ..., text}) or null when advice is not shown. */
export function adviceByAction() {
  if (!enabled || !report) return null;
  const map = new Map();
  report.choices.forEach((choice, rank) => {
    map.set(choice.action, { ...choice, rank, best: rank === 0, text: figureText(choice, report), short: shortText(choice, report) });
  });
  return map;
}

function turnsGame(rep) {
  return rep.lower_is_better;
}

/** "31% to win (24–39%) · 272.5 points (265.1–280.0)" */
export function figureText(choice, rep) {
  const [wl, wh] = choice.win_interval;
  const [sl, sh] = choice.score_interval;
  const score = `${num(choice.score)} ${rep.score_name} (${num(sl)}–${num(sh)})`;
  if (turnsGame(rep)) return score;
  return `${pct(choice.win)} to win (${pct(wl)}–${pct(wh)}) · ${score}`;
}

/** What fits on a field: "31%" (or "12.4 t" where turns count). */
export function shortText(choice, rep) {
  return turnsGame(rep) ? `${num(choice.score)}t` : pct(choice.win);
}

/** The line above the choices while advice is on. */
export function adviceStatus() {
  if (!enabled || !key) return null;
  let text;
  if (problem) text = `Advice unavailable: ${problem}`;
  else if (!report) text = "Advice: thinking…";
  else text = `Advice (${report.method}), best first: figures with 95% intervals.`;
  return el("p", { class: "advice-status", id: "advice-status", role: "status" }, text);
}

/** The advice figure of one choice button, or null. */
export function adviceBadge(advice, action) {
  const choice = advice ? advice.get(action) : null;
  if (!choice) return null;
  return el("span", { class: `advice-figure${choice.best ? " best" : ""}`, "data-rank": choice.rank }, choice.best ? `Best: ${choice.text}` : choice.text);
}

/** Where everyone reads the match's setting. */
export function adviceSettingText(msg) {
  if (msg.rated) return "Rated match between accounts: advice is off, and the players' ratings move at the end.";
  return msg.advice_allowed
    ? "Advice is allowed in this match: each player may ask for figures on their own choices."
    : "Advice is off in this match.";
}
