// boards/road-to-300.js: the Road to 300 board.  Draws each player's 6x6 sheet
// as SVG (values, X for crossed fields, a circle for circled ones, a pin where the
// player stands, column/row numbers), the three dice as dice faces, failed rolls,
// score and round.  Legal choices glow and are clicked on the sheet: in the cross
// step the crossable fields, in the move step the fields where the movement may
// end.  Every clickable field is <g class="choice" data-action data-col data-row>,
// reached with Tab (or the arrow keys among the choices) and taken with Enter or
// Space; the focus stays on the sheet from one decision to the next.  The last X
// and the last move of each sheet are outlined; dice rolls and moves animate
// (road-to-300-motion.js) unless ctx.motion is false.

import { capitalize, el, ensureStylesheet, fill, joinNames, svg } from "../js/dom.js";
import { animateSheet, lastMarks } from "./road-to-300-motion.js";

ensureStylesheet(new URL("./road-to-300.css", import.meta.url));

const SIZE = 6;
const CELL = 56;
const GAP = 4;
const MARGIN = 24; // room for the column/row numbers
const PAD = 6;
const SPAN = SIZE * CELL + (SIZE - 1) * GAP;
const WIDTH = MARGIN + SPAN + PAD;

const ENDED = {
  no_cross: "three rolls in a row gave no field to cross",
  no_move: "the move could not be carried out",
  max_rounds: "the round limit was reached",
};

// Was the last interaction a key?  Then the focus follows the sheet's choices.
let keyboardUser = false;
window.addEventListener("keydown", (event) => {
  if (event.key === "Tab" || event.key === "Enter" || event.key === " " || event.key.startsWith("Arrow")) keyboardUser = true;
}, true);
window.addEventListener("pointerdown", () => {
  keyboardUser = false;
}, true);

const cellX = (col) => MARGIN + (col - 1) * (CELL + GAP);
const cellY = (row) => MARGIN + (row - 1) * (CELL + GAP);

function nameOf(ctx, seat) {
  const player = ctx.players && ctx.players[seat];
  return player ? player.name : `Player ${seat + 1}`;
}

function stepWord(sheet, view) {
  if (sheet.over) return { text: "out", kind: "red" };
  if (view.phase === "over") return { text: "finished", kind: "" };
  if (sheet.step === "cross" || sheet.step === "move") return { text: "deciding…", kind: "gold" };
  if (sheet.step === "waiting") return { text: "done", kind: "green" };
  return { text: "rolling", kind: "" };
}

// ------------------------------------------------------------------ dice
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

function markDice(diceEls, dice, moveDie) {
  const roles = moveDie ? diceRoles(dice, moveDie) : dice.map(() => "");
  diceEls.forEach((node, i) => {
    node.classList.toggle("moving", roles[i] === "move");
    node.classList.toggle("crossing", roles[i] === "cross");
  });
}

function diceRow(sheet, size) {
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

function failedPips(count) {
  return el(
    "span",
    { class: "failed", title: "Failed rolls in a row: three end the game" },
    el("span", { class: "failed-label" }, "Failed rolls"),
    [0, 1, 2].map((i) => el("span", { class: `pip-dot${i < count ? " on" : ""}` })),
  );
}

// ------------------------------------------------------------------ sheet
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

function sheetSvg(sheet, { label, choices, onChoose, onHover, interactive, marks, advice }) {
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
        onfocus: () => onHover(option, text),
        onblur: () => onHover(null, ""),
      },
      svg("title", {}, text),
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

function progress(score, target) {
  const share = Math.max(0, Math.min(1, score / target));
  return el(
    "div",
    { class: "road-progress", title: `${score} of ${target} points` },
    el("div", { class: "road-fill", style: `width:${(share * 100).toFixed(1)}%` }),
  );
}

function legend() {
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

function sheetCard(view, sheet, ctx, { size, mine, jobs }) {
  const name = nameOf(ctx, sheet.seat);
  const word = stepWord(sheet, view);
  const interactive = Boolean(mine && ctx.interactive && !ctx.pending && ctx.choices.length);
  const card = el("article", {
    class: `sheet-card ${size}${mine ? " mine" : ""}${sheet.over ? " over" : ""}`,
    "data-seat": sheet.seat,
    "data-step": sheet.step,
  });
  const { row: dice, dice: diceEls } = diceRow(sheet, size === "large" ? 46 : 26);
  const hint = el("p", { class: "hover-hint", "aria-live": "polite" });
  const baseHint =
    mine && sheet.step === "move" && sheet.move_die
      ? `Move ${sheet.move_die} step${sheet.move_die === 1 ? "" : "s"}`
      : "";
  hint.textContent = baseHint;
  const onHover = (option, text) => {
    if (sheet.dice && sheet.step === "cross") markDice(diceEls, sheet.dice, option ? option.move_die : null);
    hint.textContent = option ? text : baseHint;
  };
  const drawing = sheetSvg(sheet, {
    label: `${name}'s sheet`,
    choices: ctx.choices || [],
    onChoose: ctx.onChoose,
    onHover,
    interactive,
    marks: lastMarks(sheet.seat, ctx),
    advice: mine ? ctx.advice : null,
  });
  const previous = ctx.previous && ctx.previous.sheets ? ctx.previous.sheets[sheet.seat] : null;
  jobs.push(() =>
    animateSheet({
      before: previous,
      after: sheet,
      previousView: ctx.previous,
      view,
      ctx,
      diceNodes: diceEls,
      pinNode: drawing.querySelector(".pin"),
      cellSpan: CELL + GAP,
    }),
  );
  const header = el(
    "header",
    { class: "sheet-head" },
    el(
      "span",
      { class: "sheet-name" },
      name,
      mine && ctx.you !== null && (ctx.hotseat || name.toLowerCase() !== "you")
        ? el("span", { class: "you" }, ctx.hotseat ? "playing now" : "you")
        : null,
    ),
    el("span", { class: `badge ${word.kind}` }, word.text),
    el("span", { class: "sheet-score", title: "Score: fields with an X and a circle" }, `${sheet.score}`, el("small", {}, " pts")),
  );
  const badges = el(
    "div",
    { class: "sheet-badges" },
    sheet.reached_target ? el("span", { class: "badge gold reached" }, `${view.target} reached`) : null,
    sheet.over ? el("span", { class: "badge red" }, `Ended: ${ENDED[sheet.ended] || "over"}`) : null,
  );
  if (size === "large") {
    const info = el(
      "div",
      { class: "sheet-info" },
      el("div", { class: "info-block" }, el("h3", {}, "Roll"), dice, hint),
      el(
        "div",
        { class: "info-block" },
        el("h3", {}, "Score"),
        el("div", { class: "big-score" }, String(sheet.score), el("small", {}, ` / ${view.target}`)),
        progress(sheet.score, view.target),
        badges,
      ),
      el("div", { class: "info-block" }, failedPips(sheet.failed_rolls)),
      el("div", { class: "info-block" }, legend()),
    );
    card.append(header, el("div", { class: "sheet-body" }, el("div", { class: "sheet-frame" }, drawing), info));
  } else {
    card.append(header, el("div", { class: "small-dice" }, dice, failedPips(sheet.failed_rolls)), drawing, badges);
  }
  return card;
}

// ------------------------------------------------------------------ exports
/** Draw the whole board: the round, and every player's sheet (the viewer's first). */
export function render(root, view, ctx) {
  const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const context = { players: [], choices: [], interactive: false, pending: false, previous: null, motion: !reduced, ...ctx };
  if (context.motion === undefined) context.motion = !reduced;
  const jobs = [];
  // Keep the keyboard focus on the sheet from one decision to the next.
  const focused = root.contains(document.activeElement) ? document.activeElement.closest(".choice") : null;
  const inside = root.contains(document.activeElement);
  const hadFocus = keyboardUser && (inside || (document.activeElement === document.body && root.dataset.focus === "true"));
  const you = view.you;
  const solo = view.sheets.length === 1;
  const mode = solo ? "Solo game" : `Competitive, ${view.sheets.length} players on one roll`;
  const top = el(
    "div",
    { class: "r3-top" },
    el("span", { class: "round-chip" }, `Round ${view.round}`),
    el("span", { class: "muted" }, mode),
    el("span", { class: "muted" }, `· target ${view.target}`),
    context.pending ? el("span", { class: "badge" }, "sending…") : null,
  );
  const board = el("div", { class: "r3-board", "data-phase": view.phase, "data-round": view.round });
  board.append(top);
  if (solo || you !== null) {
    const main = solo ? view.sheets[0] : view.sheets[you];
    const mainCard = sheetCard(view, main, { ...context, you }, { size: "large", mine: you !== null, jobs });
    const others = view.sheets.filter((s) => s.seat !== main.seat);
    if (others.length) {
      // The other sheets stand beside the player's own, so that the sheet, the
      // dice and the choices fit on one screen.
      board.classList.add("with-others");
      board.append(
        el(
          "div",
          { class: "r3-main-row" },
          mainCard,
          el(
            "section",
            { class: "r3-side", "aria-label": "The other sheets" },
            el("h3", { class: "others-title" }, "The other sheets"),
            el("div", { class: `r3-others${others.length > 1 ? " many" : ""}${others.length > 2 ? " crowd" : ""}` }, others.map((s) => sheetCard(view, s, context, { size: "small", mine: false, jobs }))),
          ),
        ),
      );
    } else {
      board.append(mainCard);
    }
  } else {
    board.append(
      el("div", { class: "r3-others equal" }, view.sheets.map((s) => sheetCard(view, s, context, { size: "small", mine: false, jobs }))),
    );
  }
  fill(root, board);
  for (const job of jobs) job();
  const choices = root.querySelectorAll(".choice");
  if (hadFocus && choices.length) {
    const same = focused && root.querySelector(`.choice[data-col="${focused.dataset.col}"][data-row="${focused.dataset.row}"]`);
    (same || choices[0]).focus({ preventScroll: true });
  }
  root.dataset.focus = String(hadFocus);
}

/** The rules in plain words, for people who never read the rulebook; they follow
 *  the match's variant options no_cross and target (ctx.options; absent: the
 *  defaults). */
export function rulesSummary(ctx) {
  const options = (ctx && ctx.options) || {};
  const target = Number.isInteger(options.target) ? options.target : 300;
  const solo = !options.players || options.players === 1;
  const failed =
    options.no_cross === "pass"
      ? "If no field the dice name can be crossed, you sit out the round and wait for the next roll."
      : "If no field the dice name can be crossed, you roll again.";
  return el(
    "div",
    { class: "rules-summary" },
    el(
      "p",
      {},
      "Your sheet is a 6×6 grid of point values: 30 in the corners, 5 in the middle. ",
      `Fields that get both an X and a circle score their value. ${solo ? `Aim for ${target}.` : "Aim for the highest score."}`,
    ),
    el("h3", {}, "Each round has 4 steps"),
    el(
      "ol",
      {},
      el("li", {}, el("b", {}, "Roll"), " three dice (the server does this for you)."),
      el(
        "li",
        {},
        el("b", {}, "Cross out a field. "),
        "Two of the dice name a field: column, row (2 and 4 give 2,4 or 4,2). Click one of the glowing fields to put an X on it. ",
        "The die you did not use is your move.",
      ),
      el(
        "li",
        {},
        el("b", {}, "Your starting field is crossed"),
        " (automatic, not in round 1): it now has an X and a circle, so it scores.",
      ),
      el(
        "li",
        {},
        el("b", {}, "Move"),
        " exactly that many steps, up, down, left or right, never onto a field with an X or a circle and never twice onto the same field. ",
        "Click the glowing field where your move ends: it gets a circle.",
      ),
    ),
    el("h3", {}, "Getting in"),
    el("p", {}, "You start outside the grid. Your first move must enter it on a corner 30."),
    el("h3", {}, "The end"),
    el(
      "ul",
      {},
      el("li", {}, `${failed} Three failed rolls in a row end your game.`),
      el("li", {}, "If you cannot complete your move, your game ends."),
      el("li", {}, `Solo: reach ${target} points to win. With 2–6 players everyone uses the same roll on their own sheet, and the highest score wins.`),
    ),
  );
}

/** What the viewer should do now, in one sentence. */
export function statusLine(view, ctx) {
  if (view.phase === "over") return "";
  const deciding = view.sheets.filter((s) => s.step === "cross" || s.step === "move").map((s) => nameOf(ctx, s.seat));
  if (view.you === null || view.you === undefined) {
    return deciding.length ? `Round ${view.round}: ${joinNames(deciding)} deciding.` : `Round ${view.round}.`;
  }
  const me = view.sheets[view.you];
  const others = view.sheets
    .filter((s) => s.seat !== me.seat && (s.step === "cross" || s.step === "move"))
    .map((s) => nameOf(ctx, s.seat));
  const waitingFor = others.length ? ` Waiting for ${joinNames(others)}.` : "";
  switch (me.step) {
    case "cross":
      return view.round === 1 && !me.position
        ? "Cross out one glowing field. The die left over is your move: it enters the grid on a corner 30."
        : "Step 2: cross out one glowing field. The die left over is your move.";
    case "move":
      return `Step 4: move ${me.move_die}. Click the glowing field where your move ends.`;
    case "waiting":
      return `You're done for this round.${waitingFor}`;
    case "over":
      return `Your game is over: ${ENDED[me.ended] || "no more moves"}.${waitingFor}`;
    default:
      return "Rolling the dice…";
  }
}

/** A few words next to a player in the player list. */
export function playerExtra(view, seat) {
  const sheet = view.sheets[seat];
  if (!sheet) return "";
  const word = view.sheets.length > 1 && view.phase !== "over" ? ` · ${stepWord(sheet, view).text}` : "";
  return `${sheet.score} pts${word}`;
}

/** The end screen's content: headline, how it ended, and everyone's score. */
export function endSummary(view, ctx) {
  const winners = view.winners || [];
  const rows = view.sheets.map((s) => ({
    name: nameOf(ctx, s.seat),
    score: s.score,
    note: capitalize(ENDED[s.ended] || ""),
    winner: winners.includes(s.seat),
  }));
  if (view.sheets.length === 1) {
    const sheet = view.sheets[0];
    const won = winners.includes(0);
    const who = view.you === 0 ? "You" : nameOf(ctx, 0);
    const headline = won
      ? `${who} reached ${sheet.score} points: ${who === "You" ? "you win" : "a win"}!`
      : `${sheet.score} points: ${view.target - sheet.score} short of ${view.target}.`;
    return {
      headline,
      how: `The game ended because ${ENDED[sheet.ended] || "it was over"}.`,
      outcome: won ? "win" : "lose",
      rows,
    };
  }
  const names = winners.map((s) => nameOf(ctx, s));
  const best = winners.length ? view.sheets[winners[0]].score : 0;
  const verb = winners.length > 1 ? "win" : "wins";
  if (view.you === null || view.you === undefined || ctx.hotseat) {
    return { headline: `${joinNames(names)} ${verb} with ${best} points!`, how: "Every player's game has ended.", outcome: null, rows };
  }
  const me = view.sheets[view.you];
  const how = `Your game ended because ${ENDED[me.ended] || "it was over"}.`;
  if (winners.includes(view.you)) {
    return winners.length > 1
      ? { headline: `A shared win: ${joinNames(names)} with ${best} points!`, how, outcome: "draw", rows }
      : { headline: `You win with ${best} points!`, how, outcome: "win", rows };
  }
  return { headline: `${joinNames(names)} ${verb} with ${best} points; you scored ${me.score}.`, how, outcome: "lose", rows };
}
