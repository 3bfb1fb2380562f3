// announce-words.js: the game log's lines as sentences to be read aloud, for
// announce.js.  The server's lines are terse ("Chance: roll 3-4-5", "Ann: cross
// 5,3 (move 4)", "Bo: continue: draw another cube"); a listener hears "New roll:
// 3, 4, 5.", "Ann crosses out field 5,3, to move 4.", "Bo draws another cube.".
// Lines already written as sentences (Road Rally's "Bo: plays a red 4", The Open
// Road's "Bo: rides 3 dots to ...") only lose the colon after the name.  A line
// no rule knows is read as it is written: nothing is ever left out.
//
// Some events are not log lines but changes of the view: a Main Street bust
// (the drawn cubes go back to the bag).  viewNews() names them.

import { logSeats } from "./lastmove.js";

const DIE_ROLL = /^roll (\d)-(\d)-(\d)$/;

// Per game: [pattern on the words after "<name>: ", sentence(name, match)].
const PLAYER_RULES = {
  "road-to-300": [
    [/^cross (\d),(\d) \(move (\d)\)$/, (n, m) => `${n} crosses out field ${m[1]},${m[2]}, to move ${m[3]}`],
    [/^cross (\d),(\d)$/, (n, m) => `${n} crosses out field ${m[1]},${m[2]}`],
    [/^end on (\d),(\d) \((\d+) points\)$/, (n, m) => `${n} ends on field ${m[1]},${m[2]}, worth ${m[3]} points`],
  ],
  main_street: [
    [/^continue: draw another cube$/, (n) => `${n} goes on and draws another cube`],
    [/^conclude: (.*)$/, (n) => `${n} stops and places the casino cubes on the mat`],
    [/^stop: (.*)$/, (n) => `${n} stops and fills the boxes on the mat`],
    [/^fill up again: (.*)$/, (n, m) => `${n} fills up again: ${m[1].replace(/^draw/, "draws")}`],
  ],
};
PLAYER_RULES["get-your-kicks"] = PLAYER_RULES.main_street;
PLAYER_RULES["mileage-may-vary"] = PLAYER_RULES.main_street;

function end(text) {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** One log line as a sentence; `seat` is the line's seat (null: chance). */
export function sentence(game, line, seat, players) {
  const text = String(line);
  if (text.startsWith("Chance: ")) {
    const what = text.slice("Chance: ".length);
    const roll = what.match(DIE_ROLL);
    if (roll) return `New roll: ${roll[1]}, ${roll[2]}, ${roll[3]}.`;
    const cube = what.match(/^draw (an? .* cube.*)$/);
    if (cube) return `Drawn: ${cube[1]}.`;
    return end(capital(what));
  }
  const player = seat !== null && seat !== undefined && players ? players[seat] : null;
  const name = player ? player.name : "";
  if (!name || !text.startsWith(`${name}: `)) return end(text);
  const words = text.slice(name.length + 2);
  for (const [pattern, say] of PLAYER_RULES[game] || []) {
    const m = words.match(pattern);
    if (m) return end(say(name, m));
  }
  // Third-person lines read on after the name; commands ("draw a card") keep
  // the colon, so that they are not heard as the player's name and a verb.
  return end(/^[a-z]+s\b|^does\b|^is\b|^has\b/.test(words) ? `${name} ${words}` : text);
}

/** Every line of msg.log as {index, text}: index counts from the match's first line. */
export function sentences(msg) {
  const seats = logSeats(msg.log, msg.players, msg.log_seats);
  return msg.log.map((line, i) => ({
    index: (msg.log_start || 0) + i,
    seat: seats[i] ?? null,
    line: String(line),
    text: sentence(msg.game, line, seats[i], msg.players),
  }));
}

function nameOf(msg, seat) {
  if (seat === msg.seat && !msg.spectator && msg.my_seats.length === 1) return "You";
  return msg.players[seat] ? msg.players[seat].name : `Seat ${seat + 1}`;
}

/** What changed between two views that no log line says: [{text, seat}]. */
export function viewNews(msg, before, after) {
  const out = [];
  if (!before || !after || !Array.isArray(after.busts) || !Array.isArray(before.busts)) return out;
  after.busts.forEach((n, seat) => {
    if (!(n > (before.busts[seat] || 0))) return;
    const lost = Array.isArray(after.last_bust) ? after.last_bust.length : 0;
    const last = lost ? after.last_bust[lost - 1] : null;
    const colour = last !== null && after.colors && after.colors[last] ? after.colors[last].name.toLowerCase() : null;
    const who = nameOf(msg, seat);
    const why = after.game === "get-your-kicks" && colour ? ` with a second ${colour} cube` : "";
    const cubes = lost === 1 ? "1 cube" : `${lost} cubes`;
    out.push({ seat, text: `${who} busted${why}, losing ${cubes}.` });
  });
  return out;
}
