// lastmove.js: who made each line of the game log, and the last decision.
//
// The server's log lines read "<player name>: <what they did>" (or
// "Chance: ..." for dice and draws).  When the state message carries
// log_seats (the seat of every line, null for chance) that is used; otherwise
// the seat is read from the line's name prefix, the longest player name that
// matches, so that "Ann" does not claim a line of "Anna".

/** The seat of each log line (null for chance or when no name matches). */
export function logSeats(log, players, given) {
  if (Array.isArray(given) && given.length === log.length) return given;
  const byLength = [...(players || [])]
    .filter((p) => p && typeof p.name === "string" && p.name)
    .sort((a, b) => b.name.length - a.name.length);
  return (log || []).map((line) => {
    const text = String(line);
    if (text.startsWith("Chance:")) return null;
    const player = byLength.find((p) => text.startsWith(`${p.name}: `));
    return player ? player.seat : null;
  });
}

/**
 * The last decision in the log: {seat, text, index} (index counts from the
 * match's first line), or null when no player has decided yet.
 */
export function lastMove(log, players, { logStart = 0, given = null } = {}) {
  const seats = logSeats(log, players, given);
  for (let i = seats.length - 1; i >= 0; i--) {
    if (seats[i] === null || seats[i] === undefined) continue;
    const line = String(log[i]);
    const name = players[seats[i]] ? players[seats[i]].name : "";
    const text = name && line.startsWith(`${name}: `) ? line.slice(name.length + 2) : line;
    return { seat: seats[i], text, index: logStart + i };
  }
  return null;
}

/** Every decision of one seat, newest last: the texts after "<name>: ". */
export function movesOf(seat, log, players, given = null) {
  const seats = logSeats(log, players, given);
  const name = players && players[seat] ? players[seat].name : "";
  const out = [];
  seats.forEach((s, i) => {
    if (s !== seat) return;
    const line = String(log[i]);
    out.push(name && line.startsWith(`${name}: `) ? line.slice(name.length + 2) : line);
  });
  return out;
}
