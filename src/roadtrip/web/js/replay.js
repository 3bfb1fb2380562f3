// replay.js: the replay page (/replay/<id>#t=<token>).  Loads the move log
// (GET /api/matches/<id>/replay), then the view after each step on demand
// (GET .../replay/<k>, cached, the next one prefetched), and shows it with the
// game's board in read-only mode.  Step buttons, a slider, autoplay, keyboard
// arrows, and the log with the current step highlighted (click to jump).  A
// finished match can be reviewed by the advisor (review.js).

import { api, downloadRecord, matchIdFromPath, tokenFromHash } from "./api.js";
import { el, fill, toast } from "./dom.js";
import { loadBoard } from "../boards/index.js";
import { chip, logLine } from "./seats.js";
import { reviewNote, setupReview } from "./review.js";

const PLAY_INTERVAL_MS = 650;

const matchId = matchIdFromPath();
const token = tokenFromHash();
const $ = (id) => document.getElementById(id);

let index = null; // {game, steps, log, finished, players}
let board = null;
let players = [];
let step = 0;
let ticket = 0;
let timer = null;
const cache = new Map();

function showFatal(title, message) {
  // No way into the match from a link that does not work: the nav goes with it.
  document.querySelector(".topbar nav").hidden = true;
  $("main").hidden = true;
  $("fatal").hidden = false;
  $("fatal-title").textContent = title;
  $("fatal-message").textContent = message;
}

async function start() {
  if (!matchId || !token) {
    showFatal("This link has no token", "A replay link ends in #t= followed by a match token.");
    return;
  }
  $("match-link").href = `/m/${encodeURIComponent(matchId)}#t=${encodeURIComponent(token)}`;
  try {
    index = await api(`/api/matches/${encodeURIComponent(matchId)}/replay`, { token });
  } catch (err) {
    if (err.status === 403) showFatal("This link is not valid", `${err.message}.`);
    else if (err.status === 404) showFatal("No such match", err.message);
    else showFatal("The replay could not be loaded", err.message);
    return;
  }
  board = await loadBoard(index.game);
  players = index.players.map((p, seat) => ({ ...p, seat }));
  const gameName = await gameNameOf(index.game);
  $("game-name").textContent = `Replay · ${gameName}`;
  document.title = `Replay · ${gameName} · roadtrip`;
  // The record (with the seed) exists once the match is over: no button, and no
  // request that could only be refused, before then.
  $("download-btn").hidden = !index.finished;
  $("download-btn").addEventListener("click", async () => {
    if (!index.finished) return;
    try {
      await downloadRecord(matchId, token);
    } catch (err) {
      toast(`Could not download the record: ${err.message}`);
    }
  });
  const slider = $("slider");
  slider.max = String(index.steps);
  slider.addEventListener("input", () => go(Number(slider.value)));
  $("first-btn").addEventListener("click", () => go(0));
  $("prev-btn").addEventListener("click", () => go(step - 1));
  $("next-btn").addEventListener("click", () => go(step + 1));
  $("last-btn").addEventListener("click", () => go(index.steps));
  $("play-btn").addEventListener("click", togglePlay);
  document.addEventListener("keydown", onKey);
  renderLog();
  setupReview({ matchId, token, index, players, jump: (k) => { stopPlay(); go(k); } });
  $("main").hidden = false;
  await go(0);
}

async function gameNameOf(gameId) {
  try {
    const game = (await api("/api/games")).find((g) => g.id === gameId);
    return game ? game.name : gameId;
  } catch {
    return gameId;
  }
}

function onKey(event) {
  if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
  const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: index.steps };
  if (event.key in moves) {
    event.preventDefault();
    stopPlay();
    go(moves[event.key]);
  } else if (event.key === " " && !(event.target instanceof HTMLButtonElement)) {
    event.preventDefault();
    togglePlay();
  }
}

function togglePlay() {
  if (timer) {
    stopPlay();
    return;
  }
  if (step >= index.steps) go(0);
  $("play-btn").textContent = "Pause";
  timer = setInterval(() => {
    if (step >= index.steps) stopPlay();
    else go(step + 1);
  }, PLAY_INTERVAL_MS);
}

function stopPlay() {
  clearInterval(timer);
  timer = null;
  $("play-btn").textContent = "Play";
}

function fetchStep(k) {
  if (!cache.has(k)) {
    const request = api(`/api/matches/${encodeURIComponent(matchId)}/replay/${k}`, { token });
    request.catch(() => cache.delete(k));
    cache.set(k, request);
  }
  return cache.get(k);
}

async function go(k) {
  const target = Math.max(0, Math.min(index.steps, Number.isFinite(k) ? k : 0));
  step = target;
  const mine = ++ticket;
  updateControls();
  try {
    const data = await fetchStep(target);
    if (mine !== ticket) return;
    renderStep(data);
    if (target < index.steps) fetchStep(target + 1).catch(() => {});
  } catch (err) {
    if (mine === ticket) toast(`Could not load step ${target}: ${err.message}`);
  }
}

function updateControls() {
  $("slider").value = String(step);
  $("counter").textContent = `Step ${step} / ${index.steps}`;
  $("first-btn").disabled = step === 0;
  $("prev-btn").disabled = step === 0;
  $("next-btn").disabled = step >= index.steps;
  $("last-btn").disabled = step >= index.steps;
  const list = $("log");
  for (const item of list.querySelectorAll("li.current")) item.classList.remove("current");
  const current = list.querySelector(`li[data-step="${step}"]`);
  if (current) {
    current.classList.add("current");
    const top = current.offsetTop; // the list is position: relative
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
}

function renderStep(data) {
  $("step-text").textContent = data.step === 0 ? data.text : `${data.step}. ${data.text}`;
  const note = reviewNote(data.step);
  if (note) $("step-text").append(" ", note);
  const ctx = {
    players,
    interactive: false,
    choices: [],
    you: data.view ? data.view.you : null,
    finished: data.step === index.steps && index.finished,
    options: index.options, // the match's variant options: the board's words follow them
  };
  if (data.view) board.render($("board"), data.view, ctx);
  fill($("players"),
    ...players.map((p) =>
      el(
        "li",
        { class: "player", "data-seat": p.seat, "data-active": String(Boolean(data.view && (data.view.active_seats || []).includes(p.seat))) },
        el("span", {}),
        el("span", { class: "name" }, chip(p), p.name, p.bot ? el("span", { class: "tag" }, `${p.bot} bot`) : null),
        el("span", { class: "extra" }, data.view ? board.playerExtra(data.view, p.seat) : ""),
      ),
    ),
  );
}

function renderLog() {
  const items = [el("li", { "data-step": 0 }, el("span", { class: "n" }, "0"), el("span", {}, "Start of the match"))];
  index.log.forEach((text, i) => {
    items.push(
      el(
        "li",
        { "data-step": i + 1, class: text.startsWith("Chance:") ? "dice" : "" },
        el("span", { class: "n" }, String(i + 1)),
        el("span", {}, logLine(text, players)),
      ),
    );
  });
  const list = $("log");
  fill(list, ...items);
  list.addEventListener("click", (event) => {
    const item = event.target.closest("li[data-step]");
    if (item) {
      stopPlay();
      go(Number(item.dataset.step));
    }
  });
}

start();
