// lobby-clock.js: turn timers and correspondence play in the lobby.
//  - The "Time per move" setting of the "New match" form: no limit (the
//    default), 30 seconds to 3 days; what happens when it runs out (a bot moves
//    for the seat, or the seat passes where the game has a pass); the stand-in
//    bot (the game's quick default, or any of its bots).  Sent as `turn_clock`.
//  - "Your matches": one POST /api/turns with the token of each remembered
//    match (its first link), answered with whether it is that seat's turn and its
//    deadline; the matches where it is your turn go first, marked in words; a
//    timed match whose clocks wait for people says whom ("clock starts when ...").

import { api } from "./api.js";
import { formatLeft, startTicking } from "./clock.js";
import { el, joinNames } from "./dom.js";
import { botChoiceLabel, byLevel } from "./lobby-advice.js";

const LIMITS = [
  [0, "No limit"],
  [30, "30 seconds"],
  [120, "2 minutes"],
  [600, "10 minutes"],
  [86400, "1 day (correspondence)"],
  [259200, "3 days (correspondence)"],
];
const MAX_TOKENS = 50; // the server's roadtrip.server.turns.MAX_TOKENS

/** The turn clock fields of the form for `game`; `value()` is the request's turn_clock. */
export function clockField(game) {
  const info = game.turn_clock || {};
  const limit = el("select", { id: "turn-seconds", name: "turn_seconds" }, LIMITS.map(([s, label]) => el("option", { value: s }, label)));
  const expiry = el(
    "select",
    { id: "turn-expiry", name: "turn_expiry" },
    el("option", { value: "bot" }, "A bot moves for the player"),
    info.pass ? el("option", { value: "pass" }, "The player passes (a bot moves where no pass is possible)") : null,
  );
  const bot = el(
    "select",
    { id: "turn-bot", name: "turn_bot" },
    byLevel((game.bots || []).filter((b) => !info.stand_ins || info.stand_ins.includes(b.name))).map((b) => el("option", { value: b.name, selected: b.name === info.stand_in }, botChoiceLabel(b.name))),
  );
  const more = el(
    "div",
    { class: "options-grid", id: "turn-more", hidden: true },
    el("div", { class: "field" }, el("label", { class: "title", for: "turn-expiry" }, "When the time runs out"), expiry),
    el("div", { class: "field" }, el("label", { class: "title", for: "turn-bot" }, "Stand-in bot"), bot),
  );
  limit.addEventListener("change", () => (more.hidden = limit.value === "0"));
  const field = el(
    "div",
    { class: "field", id: "turn-clock-field" },
    el("label", { class: "title", for: "turn-seconds" }, "Time per move"),
    limit,
    el("p", { class: "help" }, "Each decision of a person gets this long; the board shows the time left. With a day or more, players come back to the match when they like: the lobby lists the matches where it is your turn."),
    more,
  );
  const value = () => (limit.value === "0" ? null : { seconds: Number(limit.value), on_expiry: expiry.value, bot: bot.value });
  return { field, value };
}

/** Ask the server which of `entries` ({match, token, item, badge}) wait for this browser's seat. */
export async function refreshTurns(list, entries) {
  const asked = entries.filter((e) => e.token).slice(0, MAX_TOKENS);
  if (!asked.length) return;
  let answer;
  try {
    answer = await api("/api/turns", { method: "POST", body: { tokens: asked.map((e) => e.token) } });
  } catch {
    for (const e of asked) setBadge(e.badge, "Unavailable", "red");
    return;
  }
  // The list was drawn again while we asked (the account check redraws it): this
  // answer belongs to rows no longer shown, and prepending them would bring them back
  // beside their newer copies.
  if (!asked.every((e) => list.contains(e.item))) return;
  const mine = [];
  asked.forEach((entry, i) => {
    const turn = answer.matches[i] || { known: false };
    entry.item.dataset.yourTurn = String(Boolean(turn.your_turn));
    if (!turn.known || turn.match !== entry.match) setBadge(entry.badge, "Not on this server", "red");
    else if (turn.error) setBadge(entry.badge, "Unavailable", "red");
    else if (turn.finished) setBadge(entry.badge, "finished", "");
    else if (turn.your_turn) {
      setBadge(entry.badge, "Your turn", "gold");
      mine.push(entry.item);
      if (turn.deadline) {
        const left = el("span", { class: "deadline", role: "timer", "data-deadline": Date.now() + turn.deadline.remaining_ms }, el("b", { class: "left" }, `${formatLeft(turn.deadline.remaining_ms)} left`));
        entry.badge.after(left);
      }
    } else setBadge(entry.badge, "in progress", "green");
    const waits = turn.known && !turn.finished && Array.isArray(turn.clock_waits_for) ? turn.clock_waits_for : [];
    if (waits.length) entry.badge.after(el("span", { class: "deadline clock-waiting" }, `clock starts when ${joinNames(waits)} ${waits.length > 1 ? "open their links" : "opens their link"}`));
  });
  // Your turn first, in their remembered order; then the rest as they were.
  for (const item of mine.reverse()) list.prepend(item);
  list.dataset.yourTurns = String(mine.length);
  const summary = document.getElementById("your-turn-count");
  if (summary) summary.textContent = mine.length ? `Your turn in ${mine.length} match${mine.length > 1 ? "es" : ""}.` : "";
  if (mine.length) startTicking();
}

function setBadge(node, text, colour) {
  node.textContent = text;
  node.className = colour ? `badge ${colour}` : "badge";
}
