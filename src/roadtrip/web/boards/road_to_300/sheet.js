// boards/road_to_300/sheet.js: a Road to 300 sheet as SVG, for board.js:
// the 6x6 fields with their values, X for crossed fields, a circle for circled
// ones, a pin where the player stands, the column/row numbers, the last X and the
// last move outlined, and the legal choices glowing on top (each a
// <g class="choice" data-action data-col data-row>, reached with Tab or the arrow
// keys, taken with a click, Enter or Space; the advisor's figure on each when
// shown).  Also the legend of the marks.

import { el, svg } from "../../js/dom.js";

const SIZE = 6;
export const CELL = 56;
export const GAP = 4;
const MARGIN = 24; // room for the column/row numbers
const PAD = 6;
const SPAN = SIZE * CELL + (SIZE - 1) * GAP;
const WIDTH = MARGIN + SPAN + PAD;

const cellX = (col) => MARGIN + (col - 1) * (CELL + GAP);
const cellY = (row) => MARGIN + (row - 1) * (CELL + GAP);

function pin(x, y) {
  // a map pin whose tip is at (x, y)
  return svg(
    "g",
    { class: "pin" },
    svg("path", {
      d: `M ${x} ${y} c -2.2 -5 -8.5 -8.6 -8.5 -14.5 a 8.5 8.5 0 1 1 17 0 c 0 5.9 -6.3 9.5 -8.5 14.5 z`,
    }),
    svg("circle", { cx: x, cy: y - 14.5, r: 3.3, class: "pin-hole" }),
  );
}

function crossMark(x, y, inset, cls = "x-mark") {
  return svg("path", {
    class: cls,
    d: `M ${x + inset} ${y + inset} L ${x + CELL - inset} ${y + CELL - inset} M ${x + CELL - inset} ${y + inset} L ${x + inset} ${y + CELL - inset}`,
  });
}

const isAt = (field, col, row) => Boolean(field) && field.col === col && field.row === row;

export function sheetSvg(sheet, { label, choices, onChoose, onHover, interactive, marks, advice }) {
  const root = svg("svg", {
    class: "sheet",
    viewBox: `0 0 ${WIDTH} ${WIDTH}`,
    role: interactive ? "group" : "img", // an img's children are hidden from screen readers
    "aria-label": label,
  });
  for (let i = 1; i <= SIZE; i++) {
    root.append(
      svg("text", { class: "axis", x: cellX(i) + CELL / 2, y: MARGIN - 8 }, String(i)),
      svg("text", { class: "axis", x: MARGIN / 2 - 1, y: cellY(i) + CELL / 2 + 4 }, String(i)),
    );
  }
  for (const cell of sheet.cells) {
    const x = cellX(cell.col);
    const y = cellY(cell.row);
    const classes = ["cell", `v${cell.value}`];
    if (cell.crossed) classes.push("crossed");
    if (cell.circled) classes.push("circled");
    if (cell.crossed && cell.circled) classes.push("scoring");
    const lastCross = isAt(marks.cross, cell.col, cell.row) && cell.crossed;
    const lastEnd = isAt(marks.end, cell.col, cell.row) && cell.circled;
    if (lastCross) classes.push("last-cross");
    if (lastEnd) classes.push("last-end");
    let state = cell.crossed && cell.circled ? ", crossed and circled: scores" : cell.crossed ? ", crossed" : cell.circled ? ", circled" : "";
    if (lastCross) state += " (the last X)";
    if (lastEnd) state += " (the last move ended here)";
    root.append(
      svg(
        "g",
        { class: classes.join(" "), "data-col": cell.col, "data-row": cell.row },
        svg("title", {}, `${cell.col},${cell.row}: ${cell.value} points${state}`),
        svg("rect", { x, y, width: CELL, height: CELL, rx: 8, class: "cell-bg" }),
        svg("text", { class: "value", x: x + CELL / 2, y: y + CELL / 2 + 6 }, String(cell.value)),
        cell.circled ? svg("circle", { class: "ring", cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.36 }) : null,
        cell.crossed ? crossMark(x, y, 11) : null,
        lastCross || lastEnd ? svg("rect", { x: x + 1.5, y: y + 1.5, width: CELL - 3, height: CELL - 3, rx: 9, class: "last-mark" }) : null,
      ),
    );
  }
  if (sheet.position) {
    root.append(pin(cellX(sheet.position.col) + CELL - 12, cellY(sheet.position.row) + 24));
  }
  if (!interactive) return root;
  root.addEventListener("keydown", arrowKeys);

  // The legal choices, on top of everything so that they take the clicks.
  const legal = new Set(choices.map((c) => c.action));
  const options =
    sheet.step === "cross"
      ? sheet.cross_options.map((o) => ({ ...o, kind: "cross" }))
      : sheet.step === "move"
        ? sheet.destinations.map((o) => ({ ...o, kind: "move" }))
        : [];
  for (const option of options) {
    if (!legal.has(option.action)) continue;
    const x = cellX(option.col);
    const y = cellY(option.row);
    const value = sheet.cells[(option.row - 1) * SIZE + (option.col - 1)].value;
    const figure = advice ? advice.get(option.action) : null; // the advisor's, when shown
    const text =
      (option.kind === "cross"
        ? `Cross out ${option.col},${option.row}, then move ${option.move_die}`
        : `End the move on ${option.col},${option.row} (${value} points)`) +
      (figure ? `. Advice${figure.best ? " (best)" : ""}: ${figure.text}` : "");
    const choose = () => onChoose(option.action);
    const g = svg(
      "g",
      {
        class: `choice ${option.kind}`,
        "data-action": option.action,
        "data-col": option.col,
        "data-row": option.row,
        "data-move-die": option.move_die || null,
        tabindex: 0,
        role: "button",
        "aria-label": text,
        onclick: choose,
        onkeydown: (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            choose();
          }
        },
        onmouseenter: () => onHover(option, text),
        onmouseleave: () => onHover(null, ""),
        // The focus marks the die but writes no hint: a screen reader already
        // reads the button's name, and a tooltip equal to it would be said twice.
        onfocus: () => onHover(option, ""),
        onblur: () => onHover(null, ""),
      },
      svg("rect", { class: "glow", x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 8 }),
      svg("rect", { class: "glow-inner", x: x + 5.5, y: y + 5.5, width: CELL - 11, height: CELL - 11, rx: 5 }),
      svg("rect", { class: "focus-ring", x: x - 2, y: y - 2, width: CELL + 4, height: CELL + 4, rx: 10 }),
      option.kind === "cross"
        ? crossMark(x, y, 11, "preview")
        : svg("circle", { class: "preview", cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.36 }),
      figure ? adviceMark(x, y, figure) : null,
    );
    root.append(g);
  }
  return root;
}

/** The advisor's figure on a glowing field: its chance to win, the best one marked. */
function adviceMark(x, y, figure) {
  return svg(
    "g",
    { class: `advice-mark${figure.best ? " best" : ""}`, "data-rank": figure.rank, "aria-hidden": "true" },
    svg("rect", { x: x + 6, y: y + CELL - 19, width: CELL - 12, height: 15, rx: 4 }),
    svg("text", { x: x + CELL / 2, y: y + CELL - 7.5 }, `${figure.best ? "★ " : ""}${figure.short}`),
  );
}

/** Arrow keys move the focus to the nearest choice in that direction. */
function arrowKeys(event) {
  const dirs = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
  const dir = dirs[event.key];
  const from = event.target.closest && event.target.closest(".choice");
  if (!dir || !from) return;
  const col = Number(from.dataset.col);
  const row = Number(from.dataset.row);
  let best = null;
  let bestScore = Infinity;
  for (const node of event.currentTarget.querySelectorAll(".choice")) {
    const dc = Number(node.dataset.col) - col;
    const dr = Number(node.dataset.row) - row;
    const along = dc * dir[0] + dr * dir[1];
    if (along <= 0) continue;
    const score = along + 2 * Math.abs(dc * dir[1] + dr * dir[0]);
    if (score < bestScore) {
      bestScore = score;
      best = node;
    }
  }
  event.preventDefault();
  if (best) best.focus();
}

export function legend() {
  const icon = (...children) =>
    svg("svg", { viewBox: "0 0 24 24", width: 20, height: 20, class: "legend-icon" }, ...children);
  const x = () => svg("path", { class: "x-mark", d: "M6 6 L18 18 M18 6 L6 18" });
  const ring = () => svg("circle", { class: "ring", cx: 12, cy: 12, r: 8 });
  return el(
    "ul",
    { class: "legend" },
    el("li", {}, icon(x()), "crossed out"),
    el("li", {}, icon(ring()), "circled (a stop)"),
    el("li", {}, icon(svg("rect", { class: "scoring-swatch", x: 2, y: 2, width: 20, height: 20, rx: 4 }), x(), ring()), "X + circle: scores"),
    el("li", {}, icon(svg("rect", { class: "last-mark", x: 2.5, y: 2.5, width: 19, height: 19, rx: 4 })), "dashed: the last X and move"),
  );
}
