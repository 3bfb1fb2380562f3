// seats.js: the seats' colour chips and names in the match and replay pages.
// Every player of a state message has a distinct `name` and a `colour` (from the
// server, roadtrip.server.seats); a chip is a small dot of that colour, shown
// before the name in the turn line, the player list, the end screen and each
// log line that starts with a player's name.  Chips are decorative (the name is
// always written beside them).

import { el } from "./dom.js";

/** A colour chip for a player ({colour}); null without one. */
export function chip(player) {
  if (!player || !player.colour) return null;
  return el("span", { class: "chip", style: `--chip:${player.colour}`, "aria-hidden": "true", "data-seat": player.seat });
}

/** The player whose whole name ``text`` starts with (the longest match), or null. */
export function playerAtStart(text, players) {
  let best = null;
  for (const p of players || []) {
    const whole = p.name && text.startsWith(p.name) && /^[\s:]|^$/.test(text.slice(p.name.length));
    if (whole && (!best || p.name.length > best.name.length)) best = p;
  }
  return best;
}

/** A log line's content: the line, with the chip of the player it is about. */
export function logLine(text, players) {
  const chance = text.startsWith("Chance: ") ? "Chance: " : "";
  const player = playerAtStart(text.slice(chance.length), players);
  if (!player) return [text];
  return [chance, chip(player), text.slice(chance.length)];
}

/** A player's name with their chip, e.g. for the turn line. */
export function named(player, fallback = "") {
  return player ? [chip(player), player.name] : [fallback];
}
