// table-text.js: the pieces of a board's "Read the table" summary (match.html's
// disclosure under the board): the whole table in words, for a player who cannot
// see the drawing.  A board's tableText(view, ctx) returns sections built here:
// a heading and a list of lines each.  The view is the seat's own (the server
// sends nothing else), and the boards read no other seat's hand from it.

import { el } from "./dom.js";

/** A titled list of lines (empty lines are left out); null when nothing is left. */
export function section(title, lines) {
  const items = lines.filter((line) => line !== null && line !== undefined && line !== "");
  if (!items.length) return null;
  return el("section", { class: "table-part" }, el("h3", {}, title), el("ul", {}, items.map((line) => el("li", {}, line))));
}

/** "1 cube", "3 cubes". */
export function count(n, word, plural = `${word}s`) {
  return `${n} ${n === 1 ? word : plural}`;
}

/** The name of a seat on this page ("you" for the viewer's own, when seated alone). */
export function seatName(ctx, seat, { you = null } = {}) {
  const player = ctx && ctx.players ? ctx.players[seat] : null;
  const name = player ? player.name : `Seat ${seat + 1}`;
  return you !== null && you !== undefined && seat === you && !(ctx && ctx.hotseat) ? `${name} (you)` : name;
}
