// lobby.js: the lobby page (/).  Lists the games from GET /api/games (each with
// its picture and a one-click "Play against bots"), builds the "New match" form
// from each game's declared options (variant rules folded away) and bot kinds,
// creates matches (POST /api/matches), shows the links to share, offers a
// one-click solo start, and lists the matches remembered in this browser
// (lobby-links.js: the links to share and "Your matches"; lobby-account.js: the
// optional account, whose matches come from the server).

import { api, entryFromCreated, rememberMatch } from "./api.js";
import { capitalize, el, fill, toast } from "./dom.js";
import { defaultSeatName, readSeats, seatRow, seatsProblem } from "./lobby-seats.js";
import { adviceField } from "./lobby-advice.js";
import { clockField } from "./lobby-clock.js";
import { renderMyMatches, showCreated } from "./lobby-links.js";
import { claimCreated, createRequest, ratedField, startAccount } from "./lobby-account.js";
import { gamePicture } from "./pictures.js";
import { keepFocus } from "./focus-memory.js";
import { learnUrl, playedGames } from "./learned.js";

const QUICK_GAME = "road-to-300";
const $ = (id) => document.getElementById(id);

let games = [];
let selected = null;

async function start() {
  renderMyMatches();
  startAccount(); // logged in: "Your matches" comes from the server
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
  fill(box, button, el("p", { class: "help" }, "At once: a new solo game, straight to your sheet."));
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
    await claimCreated(created);
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
    await claimCreated(created);
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

/** "Learn to play": first and prominent for a game this browser never played,
 *  else a plain link after the other actions. */
function learnLink(game, first) {
  return el(
    "a",
    { class: first ? "btn primary learn-first" : "learn-link", href: learnUrl(game.id), "data-learn": game.id },
    "Learn to play",
    el("span", { class: "visually-hidden" }, `: ${game.name}`),
  );
}

function renderGames() {
  const played = playedGames();
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
          played.has(game.id) ? null : learnLink(game, true),
          el(
            "button",
            { type: "button", class: played.has(game.id) ? "btn primary" : "btn", "data-quick-bots": game.id, onclick: (e) => quickBots(game, e.currentTarget) },
            "Play against bots",
            el("span", { class: "visually-hidden" }, `: ${game.name}`),
          ),
          el("button", { type: "button", class: "btn", "data-new-match": game.id, onclick: () => selectGame(game.id) }, "New match", el("span", { class: "visually-hidden" }, `: ${game.name}`)),
          played.has(game.id) ? learnLink(game, false) : null,
        ),
      ),
    ),
  );
}

function selectGame(id, { scroll = true } = {}) {
  selected = games.find((g) => g.id === id) || null;
  keepFocus($("games"), renderGames); // the focus stays on the "New match" pressed
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
  const rated = ratedField();
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
      rated.field,
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
  const rated = form.querySelector("#rated").checked;
  const advice = form.querySelector("#advice").checked && !rated; // off in rated matches
  button.disabled = true;
  try {
    const body = { game: game.id, options, seats, hotseat, advice, turn_clock: turnClock, rated };
    const created = await api(createRequest(rated), { method: "POST", body });
    rememberMatch(entryFromCreated(created, game, seats));
    await claimCreated(created);
    showCreated(created, game, seats);
    renderMyMatches();
    $("play-now").focus(); // the form's button was disabled meanwhile: the next step
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
  } finally {
    button.disabled = false;
    // Disabled while sending, the button lost the focus: give it back on an error.
    if (document.activeElement === document.body) button.focus();
  }
}

start();
