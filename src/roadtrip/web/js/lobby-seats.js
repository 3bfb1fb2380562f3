// lobby-seats.js: the seats of the lobby's "New match" form.  One row per seat:
// a name, human or bot, and (in games that allow teams: America's Main Street,
// "teams of 2 players share one mat") an optional partner's name, which makes the
// seat a team of two with a link each.  Names longer than the server's limit are
// not cut: the row says so at once and the form refuses to send them.

import { capitalize, el } from "./dom.js";
import { botChoiceLabel, botLevel, byLevel } from "./lobby-advice.js";

export const NAME_LIMIT = 40; // the server's roadtrip.server.seats.NAME_LIMIT

/** A seat's name until one is typed: "Player 2", or the bot's level ("Expert bot"). */
export function defaultSeatName(index, bot) {
  return bot ? `${capitalize(botLevel(bot) || bot)} bot` : `Player ${index + 1}`;
}

function isDefaultName(name) {
  return /^Player \d+$/.test(name) || / bot$/.test(name) || !name.trim();
}

/** The problem with a typed name, or "" when it is fine. */
export function nameProblem(name, what) {
  const length = name.trim().length;
  return length > NAME_LIMIT ? `${what} is ${length} characters long; names may have at most ${NAME_LIMIT} characters.` : "";
}

function checkedInput(input, problemOf, note) {
  const check = () => {
    const problem = problemOf();
    note.textContent = problem;
    note.hidden = !problem;
    if (problem) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  };
  input.addEventListener("input", check);
  check();
}

/** One seat's row of the form. */
export function seatRow(game, index, seat) {
  const noteId = `seat-note-${index}`;
  const nameInput = el("input", {
    type: "text",
    name: `seat-name-${index}`,
    value: seat.name,
    "aria-label": `Seat ${index + 1} name`,
    "aria-describedby": noteId,
  });
  const note = el("p", { class: "field-error", id: noteId, role: "status", hidden: true });
  const help = el("p", { class: "help" });
  const kind = el(
    "select",
    { name: `seat-kind-${index}`, "aria-label": `Seat ${index + 1}: human or bot` },
    el("option", { value: "", selected: !seat.bot }, "Human"),
    byLevel(game.bots).map((b) => el("option", { value: b.name, selected: seat.bot === b.name }, botChoiceLabel(b.name))),
  );
  const partnerInput = game.teams
    ? el("input", {
        type: "text",
        name: `seat-partner-${index}`,
        value: seat.partner || "",
        placeholder: "Partner (optional)",
        "aria-label": `Seat ${index + 1}: partner's name, for a team of two sharing the mat (optional)`,
        "aria-describedby": noteId,
      })
    : null;
  const describe = () => {
    const bot = game.bots.find((b) => b.name === kind.value);
    if (partnerInput) partnerInput.hidden = Boolean(bot);
    const team = partnerInput ? " Add a partner's name to make it a team of two sharing the mat, each with their own link." : "";
    const level = bot && botLevel(bot.name) ? ` (${botLevel(bot.name)})` : "";
    help.textContent = bot ? `Bot “${bot.name}”${level}: ${bot.summary}.` : `A person, with their own invite link.${team}`;
  };
  kind.addEventListener("change", () => {
    if (isDefaultName(nameInput.value)) nameInput.value = defaultSeatName(index, kind.value);
    describe();
  });
  describe();
  const problem = () =>
    nameProblem(nameInput.value, `The name of seat ${index + 1}`) ||
    (partnerInput && !partnerInput.hidden ? nameProblem(partnerInput.value, `The partner's name of seat ${index + 1}`) : "");
  checkedInput(nameInput, problem, note);
  if (partnerInput) checkedInput(partnerInput, problem, note);
  return el(
    "li",
    { class: `seat-row${game.teams ? " with-partner" : ""}`, "data-seat": index },
    el("span", { class: "seat-no" }, `Seat ${index + 1}`),
    nameInput,
    kind,
    partnerInput,
    note,
    help,
  );
}

/** The seats as the form holds them: [{name, bot, partner?}]. */
export function readSeats(form) {
  return [...form.querySelectorAll(".seat-row")].map((row, i) => {
    const bot = row.querySelector("select").value || null;
    const name = row.querySelector(`input[name="seat-name-${i}"]`).value.trim() || defaultSeatName(i, bot);
    const partnerInput = row.querySelector(`input[name="seat-partner-${i}"]`);
    const partner = partnerInput && !bot ? partnerInput.value.trim() : "";
    return partner ? { name, bot, partner } : { name, bot };
  });
}

/** The first problem with the seats' names (to say before sending), or "". */
export function seatsProblem(seats) {
  for (const [i, seat] of seats.entries()) {
    const problem =
      nameProblem(seat.name, `The name of seat ${i + 1}`) ||
      (seat.partner ? nameProblem(seat.partner, `The partner's name of seat ${i + 1}`) : "");
    if (problem) return problem;
  }
  return "";
}
