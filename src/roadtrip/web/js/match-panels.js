// match-panels.js: the parts of the live match page drawn around the board from
// each state message, for match.js: the turn line (whose turn, the board's status
// line, the turn clock), the end screen (headline, scores, rematch, replay and
// download), the choices as buttons (folded when there are many; the advisor's
// figures on them while advice is on; boards with their own controls carry the
// figures themselves), the players with online dots, "Read the table" (the
// board's tableText()), and the game log (following its newest line unless the reader scrolled up).  Each takes
// the state message and the board module from match.js.

import { capitalize, el, fill, joinNames } from "./dom.js";
import { turnSignal } from "./attention.js";
import { startTicking, turnClock, waitingClock } from "./clock.js";
import { rematchControl } from "./rematch.js";
import { chip, logLine } from "./seats.js";
import { adviceBadge, adviceOn, adviceStatus } from "./advice.js";

const SHORT_LIST = 8; // more choices than this: the button list starts folded

const $ = (id) => document.getElementById(id);

export function names(msg, seats) {
  return seats.map((s) => (msg.players[s] ? msg.players[s].name : `Seat ${s + 1}`));
}

export function renderTurn(msg, board, ctx, { pending, connected }) {
  const banner = $("turn");
  const detail = board && msg.view ? board.statusLine(msg.view, ctx) : "";
  let title;
  let mine = false;
  if (msg.finished) title = "Game over";
  else if (pending) title = "Sending your move…";
  else if (msg.choices.length) {
    mine = true;
    title = ctx.hotseat ? `${names(msg, [msg.seat])[0]}'s turn` : "Your turn";
  } else if (!msg.active_seats.length) title = "Rolling…";
  else if (msg.spectator) title = `Watching: ${joinNames(names(msg, msg.active_seats))} to play`;
  else title = `Waiting for ${joinNames(names(msg, msg.active_seats))}`;
  if (!connected && !msg.finished) title = "Connection lost: reconnecting…";
  turnSignal(mine && !msg.finished ? `${msg.seat}/${msg.my_moves}` : null);
  banner.dataset.mine = String(mine);
  banner.dataset.over = String(msg.finished);
  const chips = msg.finished ? [] : msg.active_seats.map((s) => chip(msg.players[s]));
  const waiting = msg.finished ? null : waitingClock(msg.clock, joinNames);
  const clock = msg.finished || waiting ? null : turnClock(msg.clock, mine ? [msg.seat] : msg.active_seats, { label: (s) => names(msg, [s])[0], own: mine && !ctx.hotseat });
  fill(banner, chips, el("span", { class: "title" }, title), detail ? el("span", { class: "detail" }, detail) : null, waiting || clock);
  if (clock) startTicking();
}

export function renderEnd(msg, board, ctx, { matchId, token, download }) {
  const box = $("end-screen");
  if (!msg.finished || !board || !msg.view) {
    box.hidden = true;
    return;
  }
  const summary = board.endSummary(msg.view, ctx);
  box.dataset.outcome = summary.outcome || "";
  const rows = summary.rows || [];
  const table =
    rows.length > 1
      ? el(
          "table",
          { class: "scores" },
          el("thead", {}, el("tr", {}, el("th", {}, "Player"), el("th", {}, "Score"), el("th", {}, "How it ended"))),
          el(
            "tbody",
            {},
            rows.map((r) =>
              el(
                "tr",
                {},
                el("td", {}, chip(msg.players.find((p) => p.name === r.name)), r.name, r.winner ? el("span", { class: "badge gold", style: "margin-left:.4rem" }, "winner") : null),
                el("td", { class: "score" }, String(r.score)),
                el("td", {}, r.note),
              ),
            ),
          ),
        )
      : el("p", { class: "final-score" }, "Final score: ", el("b", { class: "score" }, String(rows[0] ? rows[0].score : "")));
  fill(box,
    el("h2", {}, summary.headline),
    summary.how ? el("p", { class: "how" }, summary.how) : null,
    table,
    el(
      "div",
      { class: "actions" },
      rematchControl(msg, matchId, token),
      el("a", { class: "btn primary", href: $("replay-link").href, id: "end-replay" }, "Watch the replay"),
      el("button", { type: "button", class: "btn", id: "end-download", onclick: download }, "Download record"),
      el("a", { class: "btn", href: "/" }, "New match"),
    ),
  );
  box.hidden = false;
}

export function renderChoices(msg, board, ctx, { pending, choose }) {
  const box = $("choices");
  if (!ctx.choices.length || msg.finished) {
    fill(box);
    return;
  }
  // Boards that draw their own controls put the advisor's figures on them
  // (js/advice-marks.js): here only the line that says where the figures come from.
  if (board && board.ownControls) {
    fill(box, adviceOn() ? adviceStatus() : null);
    return;
  }
  const buttons = ctx.choices.map((c) =>
    el(
      "button",
      {
        type: "button",
        class: "choice-btn",
        "data-action": c.action,
        disabled: Boolean(pending),
        onclick: () => choose(c.action),
      },
      capitalize(c.label),
      adviceBadge(ctx.advice, c.action),
    ),
  );
  const rank = (button) => ctx.advice.get(Number(button.dataset.action))?.rank ?? Infinity;
  if (ctx.advice) buttons.sort((a, b) => rank(a) - rank(b)); // best first
  const who = ctx.hotseat ? `${names(msg, [msg.seat])[0]}: ` : "";
  if (buttons.length <= SHORT_LIST) {
    fill(box, adviceStatus(), el("span", { class: "label" }, `${who}or pick from the list:`), buttons);
    return;
  }
  // A long list stays folded (remembering whether it was open) under the board.
  const wasOpen = Boolean(box.querySelector("details[open]"));
  fill(
    box,
    adviceStatus(),
    el(
      "details",
      { class: "choice-details", open: wasOpen },
      el("summary", {}, `${who}or pick from a list (${buttons.length} choices)`),
      el("div", { class: "choice-list" }, buttons),
    ),
  );
}

export function renderPlayers(msg, board) {
  const list = $("players");
  fill(list,
    ...msg.players.map((p) => {
      const mineSeat = msg.my_seats.includes(p.seat);
      let tag = p.bot ? `${p.bot} bot` : "";
      if (!p.bot && mineSeat) tag = msg.my_seats.length > 1 ? "this screen" : p.name.toLowerCase() === "you" ? "" : "you";
      const extra = board && msg.view ? board.playerExtra(msg.view, p.seat) : "";
      return el(
        "li",
        { class: "player", "data-seat": p.seat, "data-active": String(msg.active_seats.includes(p.seat)) },
        el("span", { class: "dot", "data-online": String(Boolean(p.online)), title: p.online ? "online" : "offline" }),
        el("span", { class: "name" }, chip(p), p.name, tag ? el("span", { class: "tag" }, tag) : null),
        el("span", { class: "extra" }, extra),
      );
    }),
  );
}

export function followLog() {
  // The log keeps to its newest line unless the reader scrolled up to read; a
  // window resize (which moves no scrollbar) does not stop it following.
  const list = $("log");
  list.dataset.follow = String(list.scrollHeight - list.scrollTop - list.clientHeight < 40);
}

export function renderLog(msg, ctx) {
  const list = $("log");
  const follow = list.dataset.follow !== "false";
  const last = ctx.lastMove ? ctx.lastMove.index : -1;
  fill(list,
    ...msg.log.map((text, i) => {
      const isLast = msg.log_start + i === last;
      const kind = text.startsWith("Chance:") ? "dice" : "";
      return el(
        "li",
        { class: isLast ? `${kind} last-move`.trim() : kind, "aria-current": isLast ? "true" : null },
        el("span", { class: "n" }, String(msg.log_start + i + 1)),
        el("span", {}, logLine(text, msg.players)),
        isLast ? el("span", { class: "visually-hidden" }, " (the last move)") : null,
      );
    }),
  );
  if (follow) list.scrollTop = list.scrollHeight;
}

// "Read the table": the board's state in words, on demand (the board's
// tableText()); kept up to date while it is open, empty while closed.
export function renderTableText(msg, board, ctx) {
  const box = $("table-text");
  const can = Boolean(board && msg.view && board.tableText);
  box.hidden = !can;
  if (!can || !box.open) {
    fill($("table-text-body"));
    return;
  }
  fill($("table-text-body"), ...board.tableText(msg.view, ctx));
}
