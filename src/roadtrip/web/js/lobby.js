// lobby.js: the lobby page (/).  Lists the games from GET /api/games (each with
// its picture and a one-click "Play against bots"), builds the "New match" form
// from each game's declared options (variant rules folded away) and bot kinds,
// creates matches (POST /api/matches), shows the links to share, offers a
// one-click solo start, and lists the matches remembered in this browser.

import {
  absolute,
  api,
  entryFromCreated,
  forgetMatch,
  rememberMatch,
  savedMatches,
  tokenFromHash,
} from "./api.js";
import { capitalize, copyText, el, fill, toast } from "./dom.js";
import { defaultSeatName, readSeats, seatRow, seatsProblem } from "./lobby-seats.js";
import { adviceField } from "./lobby-advice.js";
import { expiryText, formatLeft } from "./clock.js";
import { clockField, refreshTurns } from "./lobby-clock.js";
import { gamePicture } from "./pictures.js";

const QUICK_GAME = "road-to-300";
const $ = (id) => document.getElementById(id);

let games = [];
let selected = null;

async function start() {
  renderMyMatches();
  try {
    games = await api("/api/games");
  } catch (err) {
    fill($("games"), el("p", { class: "badge red" }, `Could not load the games: ${err.message}`));
    return;
  }
  renderQuick();
  renderGames();
  // The form opens on the featured game (the one of the quick start), else the first.
  const first = games.find((g) => g.id === QUICK_GAME) || games[0];
  if (first) selectGame(first.id, { scroll: false });
}

// ------------------------------------------------------------ quick start
function renderQuick() {
  const game = games.find((g) => g.id === QUICK_GAME);
  const box = $("quick-actions");
  if (!game) {
    fill(box);
    return;
  }
  const button = el(
    "button",
    { type: "button", class: "btn primary big", id: "quick-solo", onclick: () => quickSolo(game, button) },
    `Play ${game.name} solo`,
  );
  fill(box, button, el("p", { class: "help" }, "One click: a new solo game, straight to your sheet."));
}

async function quickSolo(game, button) {
  button.disabled = true;
  button.textContent = "Starting…";
  const seats = [{ name: defaultSeatName(0, null), bot: null }];
  try {
    const created = await api("/api/matches", {
      method: "POST",
      body: { game: game.id, options: {}, seats, hotseat: false },
    });
    rememberMatch(entryFromCreated(created, game, seats));
    location.href = created.seats[0].url;
  } catch (err) {
    toast(`Could not start a game: ${err.message}`);
    button.disabled = false;
    button.textContent = `Play ${game.name} solo`;
  }
}

/** The bot kind a one-click match uses: the first that is not plain random. */
function quickBot(game) {
  const names = game.bots.map((b) => b.name);
  return names.find((n) => n !== "random") || names[0] || null;
}

async function quickBots(game, button) {
  const bot = quickBot(game);
  const count = Math.max(2, game.min_players);
  const seats = [{ name: defaultSeatName(0, null), bot: null }, ...Array.from({ length: count - 1 }, () => ({ name: defaultSeatName(0, bot), bot }))];
  const label = [...button.childNodes];
  button.disabled = true;
  button.textContent = "Starting…";
  try {
    const created = await api("/api/matches", { method: "POST", body: { game: game.id, options: {}, seats, hotseat: false } });
    rememberMatch(entryFromCreated(created, game, seats));
    location.href = created.seats[0].url;
  } catch (err) {
    toast(`Could not start a game: ${err.message}`);
    button.disabled = false;
    button.replaceChildren(...label);
  }
}

// ------------------------------------------------------------------ games
function playerRange(game) {
  return game.min_players === game.max_players
    ? `${game.min_players} player${game.min_players === 1 ? "" : "s"}`
    : `${game.min_players}–${game.max_players} players`;
}

function renderGames() {
  fill($("games"),
    ...games.map((game) =>
      el(
        "article",
        { class: `game-card${selected && selected.id === game.id ? " selected" : ""}`, "data-game": game.id },
        gamePicture(game.id),
        el("h3", {}, game.name),
        el("span", { class: "badge green" }, playerRange(game)),
        el("p", {}, game.summary),
        el(
          "div",
          { class: "actions" },
          el(
            "button",
            { type: "button", class: "btn primary", "data-quick-bots": game.id, onclick: (e) => quickBots(game, e.currentTarget) },
            "Play against bots",
            el("span", { class: "visually-hidden" }, `: ${game.name}`),
          ),
          el("button", { type: "button", class: "btn", "data-new-match": game.id, onclick: () => selectGame(game.id) }, "New match", el("span", { class: "visually-hidden" }, `: ${game.name}`)),
        ),
      ),
    ),
  );
}

function selectGame(id, { scroll = true } = {}) {
  selected = games.find((g) => g.id === id) || null;
  renderGames();
  if (!selected) return;
  buildForm(selected);
  $("new-match").hidden = false;
  if (scroll) $("new-match").scrollIntoView({ behavior: "smooth", block: "start" });
}

// ------------------------------------------------------------------- form
function optionField(option) {
  const id = `opt-${option.name}`;
  const label = option.name === "players" ? "Number of players" : capitalize(option.name.replaceAll("_", " "));
  let input;
  if (option.kind === "choice") {
    input = el(
      "select",
      { id, name: option.name, "data-kind": "choice" },
      option.choices.map((c) => el("option", { value: c, selected: c === option.default }, c.replaceAll("_", " "))),
    );
  } else if (option.kind === "bool") {
    input = el("input", { id, name: option.name, type: "checkbox", checked: Boolean(option.default), "data-kind": "bool" });
  } else {
    input = el("input", {
      id,
      name: option.name,
      type: "number",
      step: 1,
      min: option.minimum ?? null,
      max: option.maximum ?? null,
      value: option.default,
      "data-kind": "int",
      required: true,
    });
  }
  const head =
    option.kind === "bool"
      ? el("label", { class: "check", for: id }, input, label)
      : el("label", { class: "title", for: id }, label);
  return el(
    "div",
    { class: "field", "data-option": option.name },
    head,
    option.kind === "bool" ? null : input,
    el("p", { class: "help" }, option.doc),
    option.rule ? el("p", { class: "rule" }, `Rulebook: ${option.rule}`) : null,
  );
}

function buildForm(game) {
  const form = $("new-form");
  const playersOption = game.options.find((o) => o.name === "players");
  const others = game.options.filter((o) => o.name !== "players");
  const seatList = el("ul", { class: "seats", id: "seats" });
  const advice = adviceField();
  const turnClock = clockField(game);
  const fillSeats = (count) => {
    const old = seatList.children.length ? readSeats(form) : [];
    const seats = Array.from({ length: count }, (_, i) => old[i] || { name: defaultSeatName(i, null), bot: null });
    fill(seatList, ...seats.map((s, i) => seatRow(game, i, s)));
    advice.sync(seats);
  };
  seatList.addEventListener("change", () => advice.sync(readSeats(form)));
  const playersField = playersOption ? optionField(playersOption) : null;
  const hotseat = el("input", { type: "checkbox", id: "hotseat", name: "hotseat" });
  fill(form,
    el("p", { class: "help" }, el("b", {}, game.name), `: ${game.summary}`),
    el(
      "fieldset",
      {},
      el("legend", {}, "Players"),
      playersField,
      seatList,
      el(
        "div",
        { class: "field" },
        el("label", { class: "check", for: "hotseat" }, hotseat, "Hot-seat"),
        el(
          "p",
          { class: "help" },
          "One link plays all human seats on this screen: pass the device around.",
          game.perfect_information === false ? " Each hand stays hidden behind a “Pass to …” screen until its player says it is them." : "",
        ),
      ),
      advice.field,
      turnClock.field,
    ),
    others.length
      ? el(
          "details",
          { id: "variant-options", class: "variant-options" },
          el("summary", {}, `Variant rules (${others.length}): the rulebook's defaults are set`),
          el("div", { class: "options-grid" }, others.map(optionField)),
        )
      : null,
    el("p", { id: "form-error", class: "badge red", role: "alert", hidden: true }),
    el("button", { type: "submit", class: "btn primary big", id: "create-btn" }, "Create match"),
  );
  const countInput = playersField ? playersField.querySelector("input") : null;
  const count = () => {
    if (!countInput) return game.min_players;
    const n = Number.parseInt(countInput.value, 10);
    return Number.isFinite(n) ? Math.max(playersOption.minimum ?? 1, Math.min(playersOption.maximum ?? 8, n)) : 1;
  };
  if (countInput) countInput.addEventListener("input", () => fillSeats(count()));
  fillSeats(count());
  form.onsubmit = (event) => {
    event.preventDefault();
    createMatch(game, form, turnClock.value());
  };
}

function readOptions(game, form) {
  const options = {};
  for (const option of game.options) {
    const input = form.querySelector(`[name="${option.name}"]`);
    if (!input) continue;
    if (option.kind === "bool") options[option.name] = input.checked;
    else if (option.kind === "int") {
      const n = Number(input.value);
      if (!Number.isInteger(n)) throw new Error(`${capitalize(option.name.replaceAll("_", " "))} must be a whole number.`);
      if ((option.minimum != null && n < option.minimum) || (option.maximum != null && n > option.maximum)) {
        throw new Error(`${capitalize(option.name.replaceAll("_", " "))} must be between ${option.minimum} and ${option.maximum}.`);
      }
      options[option.name] = n;
    } else options[option.name] = input.value;
  }
  return options;
}

async function createMatch(game, form, turnClock) {
  const error = $("form-error");
  error.hidden = true;
  const button = $("create-btn");
  let options;
  try {
    options = readOptions(game, form);
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
    return;
  }
  const seats = readSeats(form);
  const problem = seatsProblem(seats);
  if (problem) {
    error.textContent = problem;
    error.hidden = false;
    return;
  }
  const hotseat = form.querySelector("#hotseat").checked;
  const advice = form.querySelector("#advice").checked;
  button.disabled = true;
  try {
    const created = await api("/api/matches", { method: "POST", body: { game: game.id, options, seats, hotseat, advice, turn_clock: turnClock } });
    rememberMatch(entryFromCreated(created, game, seats));
    showCreated(created, game, seats);
    renderMyMatches();
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
  } finally {
    button.disabled = false;
  }
}

// ------------------------------------------------------------- the links
function linkRow(who, url, testId) {
  const full = absolute(url);
  const input = el("input", { type: "text", readonly: true, value: full, "aria-label": `Link for ${who}`, onfocus: (e) => e.target.select() });
  const copy = el(
    "button",
    {
      type: "button",
      class: "btn small",
      "data-copy": testId,
      onclick: async () => {
        const ok = await copyText(full);
        copy.textContent = ok ? "Copied" : "Select and copy";
        setTimeout(() => (copy.textContent = "Copy"), 1800);
      },
    },
    "Copy",
  );
  return el(
    "li",
    { class: "link-row", "data-link": testId },
    el("span", { class: "who" }, who),
    input,
    copy,
    el("a", { class: "btn small", href: url, target: "_blank", rel: "noopener" }, "Open"),
  );
}

function showCreated(created, game, seats) {
  const rows = [];
  seats.forEach((spec, i) => {
    const people = created.seats.filter((s) => s.seat === i);
    people.forEach((seat) => rows.push(linkRow(`${seat.name} (seat ${i + 1})`, seat.url, seat.member ? `seat-${i}-partner` : `seat-${i}`)));
    if (!people.length) rows.push(el("li", { class: "link-row" }, el("span", { class: "who" }, `${spec.name} (seat ${i + 1})`), el("span", { class: "muted" }, `${spec.bot} bot: plays by itself`)));
  });
  if (created.hotseat) rows.push(linkRow("Hot-seat (all humans)", created.hotseat.url, "hotseat"));
  rows.push(linkRow("Spectators", created.spectator.url, "spectator"));
  const first = created.hotseat ? created.hotseat.url : created.seats.length ? created.seats[0].url : created.spectator.url;
  const playLabel = created.hotseat ? "Play now (hot-seat)" : created.seats.length ? `Play now as ${created.seats[0].name}` : "Watch now";
  fill($("created-body"),
    el("p", { class: "help" }, `${game.name}, match ${created.match}. Send each player their own link: the link is their seat.`),
    el("p", { class: "help", id: "created-advice" }, created.advice ? "Advice is allowed: each player may switch on the advisor's figures for their own choices." : "Advice is off in this match."),
    created.turn_clock ? el("p", { class: "help", id: "created-clock" }, `Time per move: ${formatLeft(created.turn_clock.seconds * 1000)}; when it runs out, ${expiryText(created.turn_clock, "the player").replace(/^then /, "")}.`) : null,
    el("ul", { class: "links" }, rows),
    el(
      "div",
      { class: "created-actions" },
      el("a", { class: "btn primary big", id: "play-now", href: first }, playLabel),
      el("button", { type: "button", class: "btn", onclick: () => ($("created").hidden = true) }, "Close"),
    ),
  );
  $("created").hidden = false;
  $("created").scrollIntoView({ behavior: "smooth", block: "start" });
}

// ----------------------------------------------------------- your matches
function linkToken(url) {
  const hash = url.includes("#") ? url.slice(url.indexOf("#")) : "";
  return tokenFromHash(hash);
}

function renderMyMatches() {
  const list = $("my-matches");
  const matches = savedMatches();
  if (!matches.length) {
    fill(list, el("li", { class: "muted" }, "None yet. Start one above: it will show up here."));
    return;
  }
  const entries = [];
  fill(list,
    ...matches.map((m) => {
      const status = el("span", { class: "badge" }, "…");
      const token = linkToken(m.links[0].url);
      const item = el(
        "li",
        { class: "my-match", "data-match": m.match },
        el("span", { class: "what" }, m.game_name || m.game || "Match", m.players ? el("span", { class: "muted" }, ` · ${m.players.join(", ")}`) : null),
        el("span", { class: "when" }, new Date(m.created || Date.now()).toLocaleString()),
        status,
        el(
          "span",
          { class: "ops" },
          m.links.map((l) => el("a", { class: "btn small", href: l.url }, l.label)),
          token ? el("a", { class: "btn small", href: `/replay/${m.match}#t=${token}` }, "Replay") : null,
          el(
            "button",
            {
              type: "button",
              class: "btn small link",
              onclick: () => {
                forgetMatch(m.match);
                renderMyMatches();
              },
            },
            "Forget",
          ),
        ),
      );
      entries.push({ match: m.match, token, item, badge: status });
      return item;
    }),
  );
  refreshTurns(list, entries);
}

start();
