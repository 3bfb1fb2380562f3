// boards/road_to_300/board.js: the Road to 300 board.  Draws each player's 6x6 sheet
// as SVG (values, X for crossed fields, a circle for circled ones, a pin where the
// player stands, column/row numbers), the three dice as dice faces, failed rolls,
// score and round.  Legal choices glow and are clicked on the sheet: in the cross
// step the crossable fields, in the move step the fields where the movement may
// end.  Every clickable field is <g class="choice" data-action data-col data-row>,
// reached with Tab (or the arrow keys among the choices) and taken with Enter or
// Space; the focus stays on the sheet from one decision to the next.  The last X
// and the last move of each sheet are outlined; dice rolls and moves animate
// (motion.js) unless ctx.motion is false.
//
// The sheet's drawing is in sheet.js, the dice in dice.js,
// the rules, status and end texts in texts.js.

import { el, ensureStylesheet, fill } from "../../js/dom.js";
import { animateSheet, lastMarks } from "./motion.js";
import { diceRow, failedPips, markDice } from "./dice.js";
import { CELL, GAP, legend, sheetSvg } from "./sheet.js";
import { ENDED, nameOf, stepWord } from "./texts.js";

export { endSummary, playerExtra, rulesSummary, statusLine } from "./texts.js";
export { tableText } from "./table.js";

ensureStylesheet(new URL("./board.css", import.meta.url));

// Was the last interaction a key?  Then the focus follows the sheet's choices.
let keyboardUser = false;
window.addEventListener("keydown", (event) => {
  if (event.key === "Tab" || event.key === "Enter" || event.key === " " || event.key.startsWith("Arrow")) keyboardUser = true;
}, true);
window.addEventListener("pointerdown", () => {
  keyboardUser = false;
}, true);

function progress(score, target) {
  const share = Math.max(0, Math.min(1, score / target));
  return el(
    "div",
    { class: "road-progress", title: `${score} of ${target} points` },
    el("div", { class: "road-fill", style: `width:${(share * 100).toFixed(1)}%` }),
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
  const hint = el("p", { class: "hover-hint" }); // not live: js/announce.js speaks
  const baseHint =
    mine && sheet.step === "move" && sheet.move_die
      ? `Move ${sheet.move_die} step${sheet.move_die === 1 ? "" : "s"}`
      : "";
  hint.textContent = baseHint;
  const onHover = (option, text) => {
    if (sheet.dice && sheet.step === "cross") markDice(diceEls, sheet.dice, option ? option.move_die : null);
    hint.textContent = option && text ? text : baseHint;
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
