// boards/road_to_300/dice.js: the dice of a Road to 300 sheet card, for
// board.js: the three dice as dice faces (the die that moves and the two
// that cross marked while a choice is hovered or focused) and the row of failed
// rolls (three in a row end the game).

import { el, svg } from "../../js/dom.js";

const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
  6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
};

function dieFace(value, size) {
  return svg(
    "svg",
    {
      class: "die",
      viewBox: "0 0 40 40",
      width: size,
      height: size,
      role: "img",
      "aria-label": `die showing ${value}`,
      "data-value": value,
    },
    svg("rect", { x: 1.5, y: 1.5, width: 37, height: 37, rx: 8, class: "die-body" }),
    (PIPS[value] || []).map(([x, y]) => svg("circle", { cx: x * 40, cy: y * 40, r: 3.6, class: "pip" })),
  );
}

/** Which dice cross and which one moves, for dice [a,b,c] and the moving value. */
function diceRoles(dice, moveDie) {
  const roles = dice.map(() => "cross");
  const index = dice.indexOf(moveDie);
  if (index >= 0) roles[index] = "move";
  return roles;
}

export function markDice(diceEls, dice, moveDie) {
  const roles = moveDie ? diceRoles(dice, moveDie) : dice.map(() => "");
  diceEls.forEach((node, i) => {
    node.classList.toggle("moving", roles[i] === "move");
    node.classList.toggle("crossing", roles[i] === "cross");
  });
}

export function diceRow(sheet, size) {
  const row = el("div", { class: "dice-row" });
  if (!sheet.dice) {
    row.append(el("span", { class: "muted small" }, sheet.over ? "No more rolls" : "Waiting for the roll"));
    return { row, dice: [] };
  }
  const dice = sheet.dice.map((v) => el("span", { class: "die-wrap" }, dieFace(v, size)));
  row.append(...dice);
  if (sheet.step === "move" && sheet.move_die) markDice(dice, sheet.dice, sheet.move_die);
  return { row, dice };
}

export function failedPips(count) {
  return el(
    "span",
    { class: "failed", title: "Failed rolls in a row: three end the game" },
    el("span", { class: "failed-label" }, "Failed rolls"),
    [0, 1, 2].map((i) => el("span", { class: `pip-dot${i < count ? " on" : ""}`, "aria-hidden": "true" })),
    // In words too: the dots alone said nothing to a screen reader.
    el("span", { class: "failed-count" }, `${count} of 3`),
  );
}
