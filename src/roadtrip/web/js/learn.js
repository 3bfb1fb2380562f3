// learn.js: the "Learn to play" page (/learn/<game>).  It starts the game's
// tutorial on the server (POST /api/learn; server/learn_api.py), keeps the
// session's token in this tab's sessionStorage (a reload goes on where it was),
// and draws each answer: the step's words, the board parts it talks about
// (learn-marks.js: a glow on the board and the same parts in words), the rule's
// line in the rules page, and the game's own board (boards/index.js) from the
// learner's view, as the match page draws it.  Every move goes to the server: a
// move the step does not want comes back with its explanation, read out by the
// live region #explain, and changes nothing.  After the last step the same
// session goes on as a normal game against the bots (or solo, for the solo
// games; docs/tutorials.md) until it ends.

import { api } from "./api.js";
import { capitalize, el, fill } from "./dom.js";
import { loadBoard } from "../boards/index.js";
import { motionAllowed } from "./motion.js";
import { pageTitle } from "./attention.js";
import { lastMove } from "./lastmove.js";
import { followLog, renderLog, renderTurn } from "./match-panels.js";
import { keyWords, markStep } from "./learn-marks.js";
import { markPlayed } from "./learned.js";

const $ = (id) => document.getElementById(id);
const game = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const storeKey = `roadtrip-learn:${game}`;

let token = null;
let data = null; // {tutorial, state} of the last answer
let board = null;
let pending = false;
let previousView = null;

async function start() {
  $("restart-btn").addEventListener("click", restart);
  $("log").addEventListener("scroll", followLog, { passive: true });
  token = sessionStorage.getItem(storeKey);
  try {
    if (token) {
      try {
        data = await api("/api/learn/state", { token });
      } catch (err) {
        if (err.status !== 404) throw err;
        token = null; // forgotten after idling: begin again
      }
    }
    if (!token) await begin();
    board = await loadBoard(game);
  } catch (err) {
    showFatal(err.status === 404 ? "There is no tutorial for this game" : "The tutorial cannot start", err.message);
    return;
  }
  render();
}

async function begin() {
  const started = await api("/api/learn", { method: "POST", body: { game } });
  token = started.token;
  sessionStorage.setItem(storeKey, token);
  data = { tutorial: started.tutorial, state: started.state };
}

async function restart() {
  sessionStorage.removeItem(storeKey);
  token = null;
  previousView = null;
  try {
    await begin();
  } catch (err) {
    say(capitalize(err.message));
    return;
  }
  say("");
  render();
}

function showFatal(title, message) {
  $("main").hidden = true;
  $("fatal").hidden = false;
  $("fatal-title").textContent = title;
  $("fatal-message").textContent = capitalize(message);
}

/** The live region: a wrong move's explanation, or nothing. */
function say(text) {
  const box = $("explain");
  box.textContent = text;
  box.hidden = !text;
}

// Moves are sent one at a time, in order.  A board that builds a whole play
// from several actions (Road Rally's cards, then the move) hands them over in a
// row; a step is one action, so each goes to the server as its own attempt, and
// the first one refused drops the rest (they were planned on a move that did
// not happen).
const queue = [];

function choose(action) {
  if (!data) return;
  queue.push(action);
  if (!pending) sendQueued();
}

async function sendQueued() {
  pending = true;
  render();
  while (queue.length) {
    const action = queue.shift();
    try {
      const answer = await api("/api/learn/moves", { method: "POST", token, body: { action } });
      data = { tutorial: answer.tutorial, state: answer.state };
      say(answer.answer.accepted ? "" : answer.answer.message);
      if (!answer.answer.accepted) queue.length = 0;
    } catch (err) {
      say(capitalize(err.message));
      queue.length = 0;
    }
  }
  pending = false;
  if (data.tutorial.finished) markPlayed(game);
  render();
}

function context(state) {
  return {
    players: state.players,
    you: state.view ? state.view.you : state.seat,
    hotseat: false,
    interactive: !state.finished && !pending,
    choices: state.choices,
    pending,
    onChoose: choose,
    returns: state.returns,
    finished: state.finished,
    options: state.options,
    log: state.log,
    logStart: state.log_start,
    motion: motionAllowed(),
    previous: previousView,
    lastMove: lastMove(state.log, state.players, { logStart: state.log_start }),
    advice: null,
    adviceWaiting: false,
  };
}

function render() {
  if (!data || !board) return;
  const { tutorial, state } = data;
  $("main").hidden = false;
  $("game-name").textContent = `Learn to play ${tutorial.title}`;
  pageTitle(`Learn to play ${tutorial.title} · roadtrip`);
  const ctx = context(state);
  renderStep(tutorial);
  renderTurn({ ...state, spectator: false, clock: null }, board, ctx, { pending, connected: true });
  board.render($("board"), state.view, ctx);
  previousView = state.view;
  renderChoices(state, tutorial);
  renderEnd(state, ctx);
  renderLog(state, ctx);
  mark();
}

/** Mark the step's parts and move; again whenever the board redraws itself (The
 *  Open Road draws its map once the map has loaded, animations end later). */
function mark() {
  if (!data) return;
  const { tutorial } = data;
  const step = tutorial.step;
  const found = markStep($("main"), game, step ? step.highlight : [], tutorial.intended_action);
  $("step").dataset.marked = String(found);
  // Say "outlined on the board" only when something is: the words alone otherwise.
  const look = $("step-look");
  const text = look.textContent.replace(/ \(outlined on the board\)\.$/, ".");
  look.textContent = found && text ? text.replace(/\.$/, " (outlined on the board).") : text;
}

let markQueued = false;
const redrawn = new MutationObserver(() => {
  // Marking changes only classes and data attributes, which are not observed.
  if (markQueued) return;
  markQueued = true;
  requestAnimationFrame(() => {
    markQueued = false;
    mark();
  });
});
redrawn.observe($("board"), { childList: true, subtree: true });

function renderStep(tutorial) {
  const step = tutorial.step;
  const box = $("step");
  box.dataset.step = step ? step.key : "handover";
  box.dataset.finished = String(tutorial.finished);
  if (step) {
    $("step-title").textContent = `Step ${tutorial.step_index + 1} of ${tutorial.steps}`;
    $("step-text").textContent = step.text;
    fill($("step-look"), step.highlight.length ? `Look at: ${step.highlight.map(keyWords).join(" · ")}.` : "");
    fill($("step-rule"), step.rule ? ["Rule: ", ruleLink(step.rule)] : []);
    $("later").hidden = true;
    return;
  }
  $("step-title").textContent = "Your game";
  $("step-text").textContent = tutorial.handover || "The tutorial is over: play on.";
  fill($("step-look"));
  fill($("step-rule"));
  const later = tutorial.later || [];
  fill(
    $("later"),
    later.length ? el("h3", {}, "Rules for later") : null,
    later.length ? el("ul", {}, later.map((link) => el("li", {}, ruleLink(link)))) : null,
  );
  $("later").hidden = !later.length;
}

/** A link to the rule's line in the rules page (server: /rules/<doc>#<anchor>). */
function ruleLink(rule) {
  const href = `/rules/${encodeURIComponent(rule.doc)}#${encodeURIComponent(rule.anchor)}`;
  return el("a", { href, target: "_blank", rel: "noopener", class: "rule-link" }, rule.title);
}

function renderChoices(state, tutorial) {
  const box = $("choices");
  if (!state.choices.length || state.finished) {
    fill(box);
    return;
  }
  const hint = tutorial.step ? "Your move (on the board, or here):" : "Your move:";
  const buttons = state.choices.map((c) =>
    el(
      "button",
      { type: "button", class: "choice-btn", "data-action": c.action, disabled: pending, onclick: () => choose(c.action) },
      capitalize(c.label),
    ),
  );
  fill(box, el("span", { class: "label" }, hint), buttons);
}

function renderEnd(state, ctx) {
  const box = $("end-screen");
  if (!state.finished) {
    box.hidden = true;
    fill(box);
    return;
  }
  const summary = board.endSummary ? board.endSummary(state.view, ctx) : null;
  fill(
    box,
    el("h2", {}, summary ? summary.headline : "Game over"),
    summary && summary.how ? el("p", {}, summary.how) : null,
    el(
      "p",
      {},
      el("a", { class: "btn primary", href: "/" }, "Play a match from the lobby"),
      " ",
      el("button", { type: "button", class: "btn", onclick: restart }, "Start the tutorial again"),
    ),
  );
  box.hidden = false;
}

start();
