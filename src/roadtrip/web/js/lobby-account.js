// lobby-account.js: the lobby's optional account (server/accounts.py).
//  - The "Account" panel: log in or create an account (name and password); once
//    logged in, log out, log out everywhere, delete the account (its password
//    confirms).  The session is an HttpOnly cookie the page never sees; the name
//    is kept in localStorage only as a hint for the match page (js/match.js claims
//    the seat it opens when the hint says someone is logged in).
//  - "Your matches" from the server when logged in (GET /api/account/matches,
//    your turn first), on any device: a match is opened with this browser's own
//    link when it has one, else with a link minted for this device
//    (POST /api/account/links); this browser's guest matches can be added to the
//    account with their tokens (POST /api/account/seats); a switch shows this
//    browser's own links instead (spectator links, seats of other accounts).
// Without an account the lobby is exactly as before (lobby-links.js).

import { ApiError, api, savedMatches, tokenFromHash } from "./api.js";
import { formatLeft, startTicking } from "./clock.js";
import { el, fill, joinNames, toast } from "./dom.js";
import { renderMyMatches } from "./lobby-links.js";

const $ = (id) => document.getElementById(id);
const HINT_KEY = "roadtrip.account.v1";
const MAX_TOKENS = 50; // the server's roadtrip.server.turns.MAX_TOKENS

let account = null; // {name, created_at} while logged in
let local = false; // logged in, but looking at this browser's own links

/** Whether "Your matches" shows this browser's links although logged in. */
export function localView() {
  return local;
}

/** The button that switches "Your matches" between the account's and this browser's. */
export function viewSwitch() {
  if (!account) return null;
  const flip = () => {
    local = !local;
    renderMyMatches();
  };
  return el("li", { class: "muted" }, el("button", { type: "button", class: "btn small link", id: "switch-view", onclick: flip }, local ? "Show your account's matches" : "Show this browser's links (spectator links too)"));
}

export function signedIn() {
  return account !== null;
}

/** The form's "Rated" checkbox (server/ratings.py): a rated match is created by
 * the account (POST /api/account/matches), between accounts only, advice off. */
export function ratedField() {
  const box = el("input", { type: "checkbox", id: "rated", name: "rated" });
  const field = el(
    "div",
    { class: "field" },
    el("label", { class: "check", for: "rated" }, box, "Rated"),
    el(
      "p",
      { class: "help", id: "rated-help" },
      "Only for accounts: log in first, and every player opens their invite link logged in. No bots, no hot-seat, advice off. At the end each player's rating moves (see the leaderboards); a seat played by a guest leaves every rating as it was.",
    ),
  );
  return { field, value: () => box.checked };
}

/** The request that creates a match: rated ones through the account. */
export function createRequest(rated) {
  if (!rated) return "/api/matches";
  if (!signedIn()) throw new Error("Log in (the Account panel) to create a rated match.");
  return "/api/account/matches";
}

function setHint(name) {
  try {
    if (name) localStorage.setItem(HINT_KEY, name);
    else localStorage.removeItem(HINT_KEY);
  } catch {
    /* storage disabled: the match page then does not claim */
  }
}

/** Ask the server who is logged in, then draw the panel and "Your matches". */
export async function startAccount() {
  try {
    account = (await api("/api/account")).account;
  } catch {
    account = null;
  }
  setHint(account && account.name);
  renderAccount();
}

function renderAccount() {
  const box = $("account-body");
  if (!box) return;
  if (account) {
    fill(
      box,
      el("p", { id: "account-name" }, "Logged in as ", el("b", {}, account.name), ". Your matches follow you to any device where you log in."),
      el(
        "p",
        { id: "account-pages" },
        el("a", { href: `/players/${encodeURIComponent(account.name)}`, id: "profile-link" }, "Your profile and history"),
        " · ",
        el("a", { href: "/leaderboard/road-to-300", id: "leaderboard-link" }, "Leaderboards"),
      ),
      el(
        "div",
        { class: "created-actions" },
        el("button", { type: "button", class: "btn", id: "logout", onclick: () => leave("/api/account/logout") }, "Log out"),
        el("button", { type: "button", class: "btn", id: "logout-everywhere", onclick: () => leave("/api/account/logout-everywhere") }, "Log out everywhere"),
        el("button", { type: "button", class: "btn link", id: "delete-account", onclick: askDelete }, "Delete account…"),
      ),
      el("div", { id: "delete-box", hidden: true }),
    );
  } else {
    const name = el("input", { type: "text", id: "account-user", name: "username", autocomplete: "username", maxlength: 40, required: true });
    const password = el("input", { type: "password", id: "account-password", name: "password", autocomplete: "current-password", minlength: 8, maxlength: 256, required: true });
    const error = el("p", { class: "badge red", id: "account-error", hidden: true, role: "alert" });
    const send = (path) => enter(path, name.value, password.value, error);
    fill(
      box,
      el("p", { class: "help" }, "Optional: play as a guest as before, or keep your matches in an account to see them on every device."),
      el(
        "form",
        { id: "account-form", novalidate: true, onsubmit: (e) => (e.preventDefault(), send("/api/account/login")) },
        el("div", { class: "field" }, el("label", { class: "title", for: "account-user" }, "Name"), name),
        el("div", { class: "field" }, el("label", { class: "title", for: "account-password" }, "Password (8 characters or more)"), password),
        error,
        el(
          "div",
          { class: "created-actions" },
          el("button", { type: "submit", class: "btn primary", id: "login" }, "Log in"),
          el("button", { type: "button", class: "btn", id: "register", onclick: () => send("/api/account/register") }, "Create account"),
        ),
      ),
    );
  }
  renderMyMatches();
}

async function enter(path, name, password, error) {
  error.hidden = true;
  try {
    account = await api(path, { method: "POST", body: { name, password } });
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
    return;
  }
  setHint(account.name);
  renderAccount();
}

async function leave(path) {
  try {
    await api(path, { method: "POST", body: {} });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) return toast(err.message);
  }
  account = null;
  local = false;
  setHint(null);
  renderAccount();
}

function askDelete() {
  const box = $("delete-box");
  const password = el("input", { type: "password", id: "delete-password", autocomplete: "current-password", "aria-label": "Your password" });
  const error = el("p", { class: "badge red", hidden: true, role: "alert" });
  const remove = async () => {
    try {
      await api("/api/account/delete", { method: "POST", body: { password: password.value } });
    } catch (err) {
      error.textContent = err.message;
      error.hidden = false;
      return;
    }
    account = null;
    setHint(null);
    toast("The account is deleted; its matches stay, under their seats' names.");
    renderAccount();
  };
  fill(box, el("p", { class: "help" }, "Deleting the account removes its name, password and sessions. Its matches stay (as a guest's); this browser keeps its links."), password, el("button", { type: "button", class: "btn", id: "delete-confirm", onclick: remove }, "Delete my account"), error);
  box.hidden = false;
}

// ------------------------------------------------------------- seats
/** The token this browser plays a remembered match with (hot-seat or its seat). */
function playingToken(entry) {
  const link = entry.links.find((l) => l.kind === "hotseat") || entry.links.find((l) => l.kind === "seat");
  return link ? tokenFromHash(link.url.slice(link.url.indexOf("#"))) : null;
}

/** A match just created in this lobby: its creator's seat is the account's. */
export async function claimCreated(created) {
  if (!account) return;
  const url = created.hotseat ? created.hotseat.url : created.seats.length ? created.seats[0].url : null;
  const token = url ? tokenFromHash(url.slice(url.indexOf("#"))) : null;
  if (token) await api("/api/account/seats", { method: "POST", body: { tokens: [token] } }).catch(() => null);
}

async function claimGuests(tokens, note) {
  try {
    const answer = await api("/api/account/seats", { method: "POST", body: { tokens: tokens.slice(0, MAX_TOKENS) } });
    const added = answer.seats.filter((s) => s.claimed).length;
    const taken = answer.seats.filter((s) => s.reason === "taken").length;
    note.textContent = `Added ${added} match${added === 1 ? "" : "es"}${taken ? `; ${taken} belong to another account` : ""}.`;
  } catch (err) {
    note.textContent = err.message;
  }
  renderMyMatches();
}

// ------------------------------------------------- your matches (server)
async function openLink(match, replay) {
  const local = savedMatches().find((m) => m.match === match);
  let token = local ? playingToken(local) : null;
  if (!token) {
    const made = await api("/api/account/links", { method: "POST", body: { match } });
    token = tokenFromHash(made.url.slice(made.url.indexOf("#")));
  }
  location.href = replay ? `/replay/${match}#t=${token}` : `/m/${match}#t=${token}`;
}

function badgeOf(m) {
  if (m.error) return el("span", { class: "badge red" }, "Unavailable");
  if (m.finished) return el("span", { class: "badge" }, "finished");
  if (m.your_turn) return el("span", { class: "badge gold" }, "Your turn");
  return el("span", { class: "badge green" }, "in progress");
}

/** "Your matches" of the account, from the server (lobby-links.js calls it). */
export async function renderServerMatches(list) {
  let answer;
  try {
    answer = await api("/api/account/matches");
  } catch (err) {
    fill(list, el("li", { class: "badge red" }, `Could not load your matches: ${err.message}`));
    return;
  }
  const listed = new Set(answer.matches.map((m) => m.match));
  const guests = savedMatches().filter((m) => !listed.has(m.match) && playingToken(m));
  const note = $("claim-note");
  const claimRow = guests.length
    ? el("li", { class: "my-match", id: "claim-row" }, el("span", { class: "what" }, `This browser has ${guests.length} guest match${guests.length === 1 ? "" : "es"} not in your account.`), el("button", { type: "button", class: "btn small", id: "claim-guests", onclick: () => claimGuests(guests.map(playingToken), note) }, "Add them to my account"))
    : null;
  const mine = answer.matches.filter((m) => m.your_turn).length;
  list.dataset.yourTurns = String(mine);
  list.dataset.source = "account";
  const summary = $("your-turn-count");
  if (summary) summary.textContent = mine ? `Your turn in ${mine} match${mine > 1 ? "es" : ""}.` : "";
  const items = answer.matches.map((m) => {
    const waits = Array.isArray(m.clock_waits_for) ? m.clock_waits_for : [];
    return el(
      "li",
      { class: "my-match", "data-match": m.match, "data-your-turn": String(Boolean(m.your_turn)) },
      el("span", { class: "what" }, m.game_name || m.game || "Match", m.players ? el("span", { class: "muted" }, ` · ${m.players.join(", ")}`) : null),
      m.created_at ? el("span", { class: "when" }, new Date(m.created_at * 1000).toLocaleString()) : null,
      badgeOf(m),
      m.your_turn && m.deadline ? el("span", { class: "deadline", role: "timer", "data-deadline": Date.now() + m.deadline.remaining_ms }, el("b", { class: "left" }, `${formatLeft(m.deadline.remaining_ms)} left`)) : null,
      waits.length ? el("span", { class: "deadline clock-waiting" }, `clock starts when ${joinNames(waits)} ${waits.length > 1 ? "open their links" : "opens their link"}`) : null,
      el(
        "span",
        { class: "ops" },
        el("button", { type: "button", class: "btn small", "data-open": m.match, onclick: () => openLink(m.match, false).catch((e) => toast(e.message)) }, "Open"),
        el("button", { type: "button", class: "btn small", onclick: () => openLink(m.match, true).catch((e) => toast(e.message)) }, "Replay"),
      ),
    );
  });
  if (!items.length) items.push(el("li", { class: "muted" }, "None yet. Start one above, or add this browser's matches: they will show up here on every device."));
  fill(list, claimRow, ...items, viewSwitch());
  if (mine) startTicking();
}
