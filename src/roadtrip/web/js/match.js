// match.js: the live match page (/m/<id>#t=<token>), the same for every game.
// It reads the token from the link, keeps a WebSocket to the server open
// (reconnecting with backoff), and renders each state message: header, whose
// turn, the game's own board (from boards/index.js), the choices as buttons,
// players with online dots, the game log, errors as toasts, and the end screen.
// In a hot-seat match of a game with hidden information it puts up a "Pass to
// <name>" cover whenever the seat on screen changes, and draws nothing of that
// seat's private view until the person says who they are.
// The turn line, end screen, choice buttons, players and log are drawn by
// match-panels.js.

import { claimIfLoggedIn, downloadRecord, matchIdFromPath, rememberMatch, tokenFromHash, wsUrl } from "./api.js";
import { capitalize, el, fill, joinNames, showDialog, toast } from "./dom.js";
import { loadBoard } from "../boards/index.js";
import { motionAllowed, motionToggle } from "./motion.js";
import { pageTitle, soundToggle } from "./attention.js";
import { lastMove } from "./lastmove.js";
import { keepFocus } from "./focus-memory.js";
import { createAnnouncer } from "./announce.js";
import { adviceByAction, adviceSettingText, adviceToggle, adviceWaiting, syncAdvice } from "./advice.js";
import { markPlayed } from "./learned.js";
import { followLog, names, renderChoices, renderEnd, renderLog, renderPlayers, renderTableText, renderTurn } from "./match-panels.js";

const FATAL_CLOSE = { 4400: "bad_hello", 4401: "access_denied", 4404: "not_found" };
const PENDING_TIMEOUT_MS = 8000;

const matchId = matchIdFromPath();
const token = tokenFromHash();
const $ = (id) => document.getElementById(id);

let msg = null; // the latest state message
let board = null; // the game's board module
let boardFor = null;
let socket = null;
let attempts = 0;
let reconnectTimer = null;
let pending = null; // {seat, my_moves}: a move sent, its answer not yet here
let pendingTimer = null;
let lastError = null;
let connected = false; // a state arrived on the current socket
let fatal = false;
let remembered = false;
let shownSeat = null; // hidden-information hot-seat: the seat whose view was uncovered
let previousView = null; // the view the board drew last time (ctx.previous)
let previousSeat = null; // whose view that was: another seat's is never passed on
const announcer = createAnnouncer({ polite: () => $("announcer"), assertive: () => $("alert") });

// ------------------------------------------------------------------ setup
function start() {
  if (!matchId) {
    showFatal("This is not a match address", "Match links look like /m/<match>#t=<token>.");
    return;
  }
  if (!token) {
    showFatal(
      "This link has no token",
      "A match link ends in #t= followed by a secret token. Ask whoever created the match for your link, or start a new match in the lobby.",
    );
    return;
  }
  $("replay-link").href = `/replay/${encodeURIComponent(matchId)}#t=${encodeURIComponent(token)}`;
  $("rules-btn").addEventListener("click", openRules);
  $("download-btn").addEventListener("click", download);
  $("log").addEventListener("scroll", followLog, { passive: true });
  $("table-text").addEventListener("toggle", render); // filled only while open
  document.addEventListener("roadtrip:time-low", (event) => announcer.alert(`Your time is almost out: ${event.detail} left.`));
  $("pass-show").addEventListener("click", uncover);
  document.querySelector(".topbar nav").prepend(adviceToggle(render), motionToggle(), soundToggle());
  document.addEventListener("keydown", coverKey);
  window.addEventListener("hashchange", () => location.reload());
  window.addEventListener("online", reconnectNow);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") reconnectNow();
  });
  connect();
}

function showFatal(title, message) {
  fatal = true;
  clearTimeout(reconnectTimer);
  document.querySelector(".topbar nav").hidden = true;
  $("game-name").textContent = "";
  $("main").hidden = true;
  $("pass-cover").hidden = true;
  $("fatal").hidden = false;
  $("fatal-title").textContent = title;
  $("fatal-message").textContent = message;
  setConn("offline", "not connected");
  pageTitle(`${title} · roadtrip`);
}

function setConn(state, text) {
  const node = $("conn");
  node.dataset.state = state;
  node.textContent = text;
}

// -------------------------------------------------------------- connection
function connect() {
  if (fatal) return;
  clearTimeout(reconnectTimer);
  setConn("connecting", attempts ? "reconnecting…" : "connecting…");
  const ws = new WebSocket(wsUrl(matchId));
  socket = ws;
  ws.addEventListener("open", () => ws.send(JSON.stringify({ type: "hello", token })));
  ws.addEventListener("message", (event) => {
    if (socket !== ws) return;
    let data;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    if (data.type === "state") {
      attempts = 0;
      connected = true;
      setConn("online", "connected");
      onState(data);
    } else if (data.type === "presence") {
      onPresence(data);
    } else if (data.type === "error") {
      onError(data);
    }
  });
  ws.addEventListener("close", (event) => {
    if (socket !== ws) return;
    socket = null;
    connected = false;
    clearPending();
    if (FATAL_CLOSE[event.code]) {
      const why = lastError ? lastError.message : "";
      if (event.code === 4404) showFatal("No such match", why || "This match does not exist on this server.");
      else if (event.code === 4401) showFatal("This link is not valid", `${capitalize(why) || "The token is not valid for this match"}. Check that you copied the whole link.`);
      else showFatal("Could not join the match", why);
      return;
    }
    scheduleReconnect();
  });
}

function scheduleReconnect() {
  if (fatal) return;
  const delay = Math.min(10000, 400 * 2 ** attempts) + Math.random() * 250;
  attempts += 1;
  setConn("offline", `offline, retrying in ${Math.ceil(delay / 1000)} s`);
  clearTimeout(reconnectTimer);
  reconnectTimer = setTimeout(connect, delay);
  if (msg) render();
}

function reconnectNow() {
  if (fatal || socket) return;
  attempts = 0;
  connect();
}

function send(data) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(data));
  return true;
}

// ---------------------------------------------------------------- messages
// Who else is connected changed: the server sends only the seats online (a
// joining page gets its own state; the others get this small update).
function onPresence(data) {
  if (!msg || data.match !== msg.match || !Array.isArray(data.online)) return;
  const online = new Set(data.online);
  for (const p of msg.players) p.online = Boolean(p.bot) || online.has(p.seat);
  if (!covered()) renderPlayers(msg, board);
}

function onState(data) {
  lastError = null;
  if (pending && (data.seat !== pending.seat || data.my_moves !== pending.my_moves || data.finished)) {
    clearPending();
  }
  msg = data;
  if (!remembered) {
    remembered = true;
    remember(data);
    if (!data.spectator) claimIfLoggedIn(token);
  }
  if (boardFor !== data.game) {
    boardFor = data.game;
    loadBoard(data.game).then((module) => {
      board = module;
      if (msg) render();
    });
  }
  render();
}

function onError(data) {
  lastError = data;
  if (!msg) return; // before the first state: the close code says what went wrong
  clearPending();
  const text = data.code === "stale" ? "That move was already made; here is the current state." : capitalize(data.message);
  toast(text, { kind: data.code === "stale" ? "info" : "error" });
  render();
}

function clearPending() {
  pending = null;
  clearTimeout(pendingTimer);
}

function choose(action) {
  if (!msg || pending) return;
  const body = { type: "act", action, my_moves: msg.my_moves };
  if (msg.my_seats.length > 1) body.seat = msg.seat;
  if (!send(body)) {
    toast("Not connected right now; reconnecting…", { kind: "info" });
    reconnectNow();
    return;
  }
  pending = { seat: msg.seat, my_moves: msg.my_moves };
  clearTimeout(pendingTimer);
  pendingTimer = setTimeout(() => {
    clearPending();
    send({ type: "sync" });
    render();
  }, PENDING_TIMEOUT_MS);
  render();
}

function remember(data) {
  const me = data.players[data.seat];
  let label = "Watch";
  let kind = "spectator";
  if (data.my_seats.length > 1) {
    label = "Hot-seat";
    kind = "hotseat";
  } else if (!data.spectator && me) {
    label = `Play as ${me.name}`;
    kind = "seat";
  }
  // A player (not a spectator) has played this game: the lobby stops putting
  // "Learn to play" first for it (js/learned.js).
  if (kind !== "spectator") markPlayed(data.game);
  rememberMatch({
    match: data.match,
    game: data.game,
    game_name: data.game_name,
    players: data.players.map((p) => (p.bot ? `${p.name} (${p.bot} bot)` : p.name)),
    links: [{ kind, label, url: location.pathname + location.hash }],
  });
}

// ---------------------------------------------------------------- rendering
function context() {
  return {
    players: msg.players,
    you: msg.view ? msg.view.you : msg.seat,
    hotseat: msg.my_seats.length > 1,
    interactive: connected && !msg.finished && !msg.spectator,
    choices: connected ? msg.choices : [],
    pending: Boolean(pending),
    onChoose: choose,
    returns: msg.returns,
    finished: msg.finished,
    options: msg.options,
    log: msg.log,
    logStart: msg.log_start,
    motion: motionAllowed(),
    previous: previousSeat === msg.seat ? previousView : null,
    lastMove: lastMove(msg.log, msg.players, { logStart: msg.log_start, given: msg.log_seats }),
    advice: adviceByAction(), // Map action -> the advisor's figures, or null (advice off)
    adviceWaiting: adviceWaiting(), // switched on, the figures not here yet
  };
}

// Every redraw keeps the keyboard focus on the same choice, or the nearest one
// (js/focus-memory.js); with nothing to choose it waits on the turn line.
function render() {
  if (!msg || fatal) return;
  keepFocus($("main"), draw, $("turn"), { nearest: !pending });
}

function draw() {
  $("game-name").textContent = msg.game_name;
  pageTitle(`${msg.game_name} · roadtrip`);
  $("download-btn").hidden = !msg.finished;
  // The replay of a hot-seat link shows its first seat's view: not while the
  // other players still keep their hands from that one.
  $("replay-link").hidden = privateHotseat() && !msg.finished;
  if (covered()) {
    renderCover();
    return;
  }
  $("pass-cover").hidden = true;
  $("main").hidden = false;
  syncAdvice(msg, matchId, token, render);
  $("advice-setting").textContent = adviceSettingText(msg);
  const ctx = context();
  renderTurn(msg, board, ctx, { pending, connected });
  renderEnd(msg, board, ctx, { matchId, token, download });
  if (board && msg.view) {
    board.render($("board"), msg.view, ctx);
    previousView = msg.view;
    previousSeat = msg.seat;
  }
  renderChoices(msg, board, ctx, { pending, choose });
  renderPlayers(msg, board);
  renderLog(msg, ctx);
  renderTableText(msg, board, ctx);
  if (board && msg.view) {
    const headline = msg.finished ? board.endSummary(msg.view, ctx).headline : "";
    announcer.update(msg, { detail: board.statusLine(msg.view, ctx), headline });
  }
}

// --------------------------------------------------------- pass the device
// A hot-seat link of a game with hidden information (the state message's
// perfect_information is false: Road Rally's hands) receives the private view
// of the seat that must act.  Whenever that seat differs from the one whose
// view the screen last showed (and after a load or reload), the page shows a
// cover instead of the match, and empties the board, choices, players, log and
// turn line, so that none of that seat's private view is in the page until its
// player presses "I am <name>".  Perfect-information games and finished
// matches are never covered.
function privateHotseat() {
  // A missing flag counts as hidden information: covering is the safe side.
  return msg.my_seats.length > 1 && msg.perfect_information !== true;
}

function covered() {
  return privateHotseat() && !msg.finished && msg.seat !== shownSeat;
}

function renderCover() {
  const cover = $("pass-cover");
  // The live regions too: what they said came from the previous seat's view.
  for (const id of ["turn", "end-screen", "board", "table-text-body", "choices", "players", "log", "announcer", "alert"]) fill($(id));
  $("end-screen").hidden = true;
  $("main").hidden = true;
  fill($("toasts"));
  const seat = String(msg.seat);
  const changed = cover.hidden || cover.dataset.seat !== seat;
  if (cover.dataset.seat !== seat || cover.dataset.waiting !== String(!msg.choices.length)) {
    const name = names(msg, [msg.seat])[0];
    const others = msg.active_seats.filter((s) => s !== msg.seat);
    // What a seat keeps from the others: cards, or (Road to 300, everyone on the
    // same roll) the choice it makes before the others have made theirs.
    const [hidden, are] = msg.game === "road-to-300" ? ["choice", "is"] : ["cards", "are"];
    const before = shownSeat !== null && shownSeat !== msg.seat ? `${names(msg, [shownSeat])[0]}'s ${hidden} ${are} hidden again. ` : "";
    const turn = msg.choices.length
      ? `It is ${name}'s turn: hand the device to ${name}.`
      : `Waiting for ${joinNames(names(msg, others.length ? others : msg.active_seats))}.`;
    $("pass-title").textContent = `Pass to ${name}`;
    $("pass-message").textContent = `${before}${turn} ${name}'s ${hidden} ${are === "is" ? "stays" : "stay"} hidden until ${name} presses the button.`;
    $("pass-show").textContent = `I am ${name} — show my ${hidden === "choice" ? "sheet" : "cards"}`;
    cover.dataset.seat = seat;
    cover.dataset.waiting = String(!msg.choices.length);
  }
  cover.hidden = false;
  if (changed) $("pass-show").focus();
}

function uncover() {
  if (!msg || !covered() || $("pass-cover").dataset.seat !== String(msg.seat)) return;
  shownSeat = msg.seat;
  render();
  $("turn").focus({ preventScroll: true });
}

function coverKey(event) {
  // Enter uncovers even when the focus left the button (a click on the page).
  if (event.key !== "Enter" || $("pass-cover").hidden || event.defaultPrevented) return;
  const target = event.target;
  if (target !== document.body && target !== document.documentElement && !$("pass-cover").contains(target)) return;
  if (target === $("pass-show")) return; // the button's own Enter is its click
  event.preventDefault();
  uncover();
}

// ------------------------------------------------------------------ actions
function openRules() {
  const body = [];
  body.push(board ? board.rulesSummary(msg ? context() : {}) : el("p", {}, "Loading…"));
  if (msg) {
    body.push(
      el("h3", {}, "This match"),
      el(
        "ul",
        { class: "options-used" },
        Object.entries(msg.options).map(([k, v]) => el("li", {}, `${k.replaceAll("_", " ")}: ${v}`)),
      ),
    );
  }
  showDialog($("rules-dialog"), msg ? `${msg.game_name}: the rules in short` : "Rules", body);
}

async function download() {
  try {
    await downloadRecord(matchId, token);
  } catch (err) {
    toast(`Could not download the record: ${err.message}`);
  }
}

start();
