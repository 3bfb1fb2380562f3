// boards/road_to_300/motion.js: what changed on a Road to 300 sheet since the
// board last drew it, and its short animations: the dice tumble when a new roll
// is on the table, and the pin walks the path of the move, field by field.
// Both last at most 600 ms, finish at once on a click or a key (js/motion.js),
// and are never started when ctx.motion is false.
//
// Also here: which field got the sheet's last X and where its last move ended,
// read from the game log ("<name>: cross 2,4 (move 5)", "<name>: end on 1,1").

import { animate, MAX_MS } from "../../js/motion.js";
import { movesOf } from "../../js/lastmove.js";

const SIZE = 6;
const CORNERS = [
  [1, 1],
  [SIZE, 1],
  [1, SIZE],
  [SIZE, SIZE],
];

/** {cross: {col,row} | null, end: {col,row} | null}: the seat's last X and last move. */
export function lastMarks(seat, ctx) {
  if (!ctx.log || !ctx.players) return { cross: null, end: null };
  const moves = movesOf(seat, ctx.log, ctx.players, ctx.logSeats);
  const find = (pattern) => {
    for (let i = moves.length - 1; i >= 0; i--) {
      const found = pattern.exec(moves[i]);
      if (found) return { col: Number(found[1]), row: Number(found[2]) };
    }
    return null;
  };
  return { cross: find(/^cross (\d),(\d)/), end: find(/^end on (\d),(\d)/) };
}

// ------------------------------------------------------------------ path
const key = (col, row) => `${col},${row}`;

function blockedCells(sheet, except) {
  const blocked = new Set();
  for (const cell of sheet.cells) {
    if ((cell.crossed || cell.circled) && !(except && cell.col === except.col && cell.row === except.row)) {
      blocked.add(key(cell.col, cell.row));
    }
  }
  return blocked;
}

/** A self-avoiding walk of `steps` steps from `start` to `end` (both inclusive), or null. */
function walk(start, end, steps, blocked) {
  const path = [start];
  const seen = new Set([key(start.col, start.row)]);
  const step = (at, left) => {
    if (left === 0) return at.col === end.col && at.row === end.row;
    if (Math.abs(at.col - end.col) + Math.abs(at.row - end.row) > left) return false;
    for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const next = { col: at.col + dc, row: at.row + dr };
      const k = key(next.col, next.row);
      if (next.col < 1 || next.col > SIZE || next.row < 1 || next.row > SIZE) continue;
      if (seen.has(k) || blocked.has(k)) continue;
      seen.add(k);
      path.push(next);
      if (step(next, left - 1)) return true;
      path.pop();
      seen.delete(k);
    }
    return false;
  };
  return step(start, steps) ? path : null;
}

/**
 * The fields the pin passed through, from where it stood to where it stands
 * (outside the grid first for the entry move), or null when unknown.
 */
export function movePath(before, after, options) {
  if (!before || !after || !after.position || !before.move_die) return null;
  const end = after.position;
  if (before.position && before.position.col === end.col && before.position.row === end.row) return null;
  const blocked = blockedCells(after, end);
  const die = before.move_die;
  if (before.position) {
    blocked.delete(key(before.position.col, before.position.row));
    return walk(before.position, end, die, blocked);
  }
  // Entering the grid: onto a corner (the first step, or free), then on.
  const free = options && options.first_move === "corner_free";
  for (const [col, row] of CORNERS) {
    if (blocked.has(key(col, row))) continue;
    const path = walk({ col, row }, end, free ? die : die - 1, blocked);
    if (path) {
      const outside = { col: col === 1 ? 0 : SIZE + 1, row: row === 1 ? 0 : SIZE + 1 };
      return [outside, ...path];
    }
  }
  return null;
}

// ------------------------------------------------------------ animations
function sameDice(a, b) {
  return Boolean(a && b) && a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Did this sheet get a new roll since the previous view? */
export function newRoll(before, after, previousView, view) {
  if (!after.dice) return false;
  if (!before || !before.dice) return true;
  return !sameDice(before.dice, after.dice) || before.failed_rolls !== after.failed_rolls || previousView.round !== view.round;
}

/** Tumble the dice faces (an array of elements). */
export function rollDice(nodes) {
  nodes.forEach((node, i) =>
    animate(
      node,
      [
        { transform: "translateY(-14px) rotate(-200deg) scale(0.55)", opacity: 0.2 },
        { transform: "translateY(3px) rotate(20deg) scale(1.08)", opacity: 1, offset: 0.7 },
        { transform: "none", opacity: 1 },
      ],
      { duration: 380 + i * 60, easing: "cubic-bezier(.2,.7,.3,1)" },
    ),
  );
}

/** Walk the pin (an SVG <g> drawn at the end field) along path, in board units. */
export function walkPin(pinNode, path, cellSpan) {
  if (!pinNode || !path || path.length < 2) return;
  const end = path[path.length - 1];
  const frames = path.map((at) => ({
    transform: `translate(${(at.col - end.col) * cellSpan}px, ${(at.row - end.row) * cellSpan}px)`,
  }));
  const duration = Math.min(MAX_MS, 140 + 80 * (path.length - 1));
  animate(pinNode, frames, { duration, easing: "linear" });
}

/** Play what changed on one sheet: a new roll and the move just made. */
export function animateSheet({ before, after, previousView, view, ctx, diceNodes, pinNode, cellSpan }) {
  if (!ctx.motion || !previousView || !before) return;
  if (newRoll(before, after, previousView, view)) rollDice(diceNodes);
  walkPin(pinNode, movePath(before, after, ctx.options), cellSpan);
}
