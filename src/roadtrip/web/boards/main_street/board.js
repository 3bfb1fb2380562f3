// boards/main_street/board.js: the boards of America's Main Street, shared by its two
// games (kicks.js and mileage.js pick one with makeBoard).
// Each mat is drawn as SVG: a stylised Route 66 from California to Illinois, the
// eight states in their colours (points in a black circle for Get Your Kicks,
// boxes to fill for Your Mileage May Vary), the Route 66 sign for black cubes,
// and the casino (Get Your Kicks) or the gas pumps (Mileage) in the lower right
// corner with this turn's cubes.  Around it: the risk of the next draw (exact,
// from the bag), two big buttons (button[data-action="1"] go on,
// button[data-action="0"] stop), the bag's contents, a bust alert and the last
// turns read from the game log, and every other player's mat.

//
// The pieces live beside this file: common.js (constants, risk, log),
// mat.js (the SVG mat), panels.js (the HTML around it) and
// rules.js (the rules in words).

import { el, ensureStylesheet, fill, joinNames } from "../../js/dom.js";
import { KICKS, MILEAGE, changesSince, colorName, complete, nameOf, percent, plural, risk, who } from "./common.js";
import { actionButtons, bagPanel, matCard, newsPanel, recentPanel, riskBlock } from "./panels.js";
import { kicksRules, mileageRules } from "./rules.js";
import { tableText } from "./table.js";

ensureStylesheet(new URL("./board.css", import.meta.url));

export { KICKS, MILEAGE, risk };

const drawnBefore = new WeakMap(); // root -> the view drawn there last (when ctx.previous is absent)
const focusMemory = new WeakMap(); // root -> data-action of the board button that had the focus

/** Animations: ctx.motion when the match page says, else the user's system setting. */
function motionAllowed(ctx) {
  if (typeof ctx.motion === "boolean") return ctx.motion;
  return !(typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches);
}

let skipInstalled = false;
/** A click or a key finishes the cube animations at once (they are skippable). */
function installSkip() {
  if (skipInstalled || typeof document === "undefined") return;
  skipInstalled = true;
  const skip = () => {
    for (const node of document.querySelectorAll(".ms-board .drop-in")) node.classList.remove("drop-in");
  };
  document.addEventListener("pointerdown", skip, true);
  document.addEventListener("keydown", skip, true);
}

/** Which board button had the focus before a redraw (kept while the focus is lost to
 * the page body, e.g. while a button is disabled during a move). */
function focusToKeep(root) {
  const active = document.activeElement;
  if (active && root.contains(active)) return active.matches("button.ms-action") ? active.dataset.action : null;
  if (active && active !== document.body && active !== document.documentElement) return null;
  return focusMemory.has(root) ? focusMemory.get(root) : null;
}

/** Put the focus back on the board button it was on (or the other one, if that one is
 * disabled now), so that the game can be played with the keyboard alone. */
function restoreFocus(root, keep) {
  if (keep === null || keep === undefined) {
    focusMemory.delete(root);
    return;
  }
  focusMemory.set(root, keep);
  const buttons = [...root.querySelectorAll("button.ms-action")].filter((b) => !b.disabled);
  const target = buttons.find((b) => b.dataset.action === keep) || buttons[0];
  if (target) target.focus({ preventScroll: true });
}

function lastMoveNote(ctx) {
  const last = ctx.lastMove;
  if (!last || typeof last.seat !== "number" || last.seat < 0 || !last.text) return null;
  const who = nameOf(ctx, last.seat);
  // The whole text as a tooltip: the pill may cut a long one short.
  return el("span", { class: "ms-last-move", "data-seat": last.seat, title: `Last move: ${who}: ${last.text}` },
    "Last move: ", el("b", {}, who), `: ${last.text}`);
}

// ------------------------------------------------------------------ board
export function makeBoard(game) {
  const kicks = game === KICKS;

  function render(root, view, ctx) {
    const previous = ctx.previous !== undefined ? ctx.previous : drawnBefore.get(root) || null;
    const motionOn = motionAllowed(ctx);
    const context = {
      players: [],
      choices: [],
      interactive: false,
      pending: false,
      ...ctx,
      changes: changesSince(previous, view),
      motionOn,
    };
    const keep = focusToKeep(root);
    if (motionOn) installSkip();
    const you = view.you;
    const seated = you !== null && you !== undefined;
    const solo = view.players === 1;
    const mainSeat = seated ? you : view.current_seat ?? 0;
    const main = view.mats[mainSeat];
    context.mainSeat = mainSeat;
    const board = el("div", {
      class: `ms-board ${kicks ? "kicks" : "mileage"}${motionOn ? " motion" : " still"}`,
      "data-phase": view.phase,
      "data-round": view.round,
      "data-current": view.current_seat ?? "",
      "data-ended": view.ended || "",
      "data-drawn": view.drawn.length,
      "data-fill-ups": kicks ? null : view.fill_ups,
    });
    const chip = solo ? `Turn ${view.turns[0]}` : `Round ${view.round}`;
    const mode = solo
      ? kicks
        ? "Solo: a cube on every state and the sign, in as few turns as you can"
        : "Solo: fill every box in as few turns as you can"
      : `${view.players} players · ${kicks ? "highest points when the game ends wins" : "first to fill all 25 boxes wins"}`;
    // The news (a bust) takes the place of the mode line: the mat and the buttons
    // stay inside the first screen.
    const news = newsPanel(view, context);
    board.append(
      el(
        "div",
        { class: `ms-top${news ? " with-news" : ""}` },
        el("span", { class: "round-chip" }, chip),
        news || el("span", { class: "muted" }, mode),
        context.pending ? el("span", { class: "badge" }, "sending…") : null,
        news ? null : lastMoveNote(context), // a bust alert already tells the last move
      ),
    );
    const actions = actionButtons(view, context);
    const riskNode = view.phase !== "over" ? riskBlock(view, context) : null;
    if (actions || riskNode) {
      board.append(el("section", { class: `ms-panel ms-decide${actions ? "" : " watch"}` }, riskNode, actions));
    }
    board.append(matCard(view, main, context, { size: "large" }));
    const others = view.mats.filter((m) => m.seat !== mainSeat);
    if (others.length) {
      board.append(
        el(
          "section",
          { class: "ms-others-wrap" },
          el("h3", { class: "others-title" }, "The other mats"),
          el("div", { class: "ms-others" }, others.map((m) => matCard(view, m, context, { size: "small" }))),
        ),
      );
    }
    board.append(el("div", { class: "ms-lower" }, bagPanel(view), recentPanel(view, context)));
    fill(root, board);
    drawnBefore.set(root, view);
    restoreFocus(root, keep);
  }

  function rulesSummary(ctx) {
    const options = ctx ? ctx.options : null; // the match's variant options (absent: the defaults)
    return kicks ? kicksRules(options) : mileageRules(options);
  }

  function statusLine(view, ctx) {
    if (view.phase === "over") return "";
    const seat = view.current_seat;
    if (seat === null || seat === undefined) return "";
    const r = risk(view);
    const mine = seat === view.you && view.you !== null && view.you !== undefined && (ctx.choices || []).length > 0;
    const name = nameOf(ctx, seat);
    if (view.phase === "decide" && view.can_go_on === false) return lastDrawDone(view, mine, name);
    if (kicks) {
      const n = view.casino.length;
      if (mine) {
        return `${plural(n, "cube")} in your casino. Draw another (${r ? percent(r.chance) : "?"} chance of a bust) or conclude to keep ${n === 1 ? "it" : "them"}.`;
      }
      return `${name} is at the casino with ${plural(n, "cube")} (${r ? percent(r.chance) : "?"} bust risk on the next).`;
    }
    const fuel = joinNames((view.fuel || []).map((c) => colorName(view, c)));
    if (mine) {
      return `Fuel this turn: ${fuel}. Fill up again (${r ? percent(r.chance) : "?"} chance of a bust) or stop to fill your boxes.`;
    }
    return `${name} is filling up: ${plural(view.fill_ups, "fill-up")}, fuel ${fuel} (${r ? percent(r.chance) : "?"} bust risk on the next).`;
  }

  function playerExtra(view, seat) {
    const mat = view.mats[seat];
    if (!mat) return "";
    return kicks ? `${mat.points} pts · ${mat.colors_placed}/9` : `${mat.boxes_filled}/${mat.boxes_total} boxes`;
  }

  function endSummary(view, ctx) {
    const winners = view.winners || [];
    const rows = view.mats.map((m) => ({
      name: nameOf(ctx, m.seat),
      score: kicks ? `${m.points} pts` : `${m.boxes_filled}/${m.boxes_total} boxes`,
      note: `${plural(view.turns[m.seat], "turn")}, ${plural(view.busts[m.seat], "bust")}${complete(view, m) ? (kicks ? ", all 9 places" : ", every box") : ""}`,
      winner: winners.includes(m.seat),
    }));
    const how = howItEnded(view, ctx);
    if (view.players === 1) {
      const mat = view.mats[0];
      const turns = view.turns[0];
      const won = winners.includes(0);
      const you = view.you === 0 ? "You" : nameOf(ctx, 0);
      let headline;
      if (kicks) {
        headline = won
          ? `${you} got ${you === "You" ? "your" : "their"} kicks in ${plural(turns, "turn")}: a win!`
          : `No win this time: ${view.ended === "six_black" ? "six black cubes" : "the game ended"} after ${plural(turns, "turn")}.`;
      } else {
        headline = won
          ? `${you} finished Route 66 in ${plural(turns, "turn")}!`
          : view.ended === "max_rounds"
            ? `Cut off after ${plural(turns, "turn")} with ${mat.boxes_filled}/${mat.boxes_total} boxes: not a win.`
            : `The race stalled after ${plural(turns, "turn")} with ${mat.boxes_filled}/${mat.boxes_total} boxes.`;
      }
      return { headline, how: `${how} ${kicks ? `${mat.points} points on the mat.` : ""}`.trim(), outcome: won ? "win" : "lose", rows };
    }
    const names = winners.map((s) => nameOf(ctx, s));
    const best = winners.length ? (kicks ? `${view.mats[winners[0]].points} points` : `${view.mats[winners[0]].boxes_filled} boxes`) : "";
    const verb = winners.length > 1 ? "share the win" : "wins";
    const seated = view.you !== null && view.you !== undefined && !ctx.hotseat;
    if (!winners.length) return { headline: "Game over: nobody wins", how, outcome: seated ? "lose" : null, rows };
    if (!seated) return { headline: `${joinNames(names)} ${verb} with ${best}!`, how, outcome: null, rows };
    if (winners.includes(view.you)) {
      return winners.length > 1
        ? { headline: `A shared win: ${joinNames(names)} with ${best}!`, how, outcome: "draw", rows }
        : { headline: `You win with ${best}!`, how, outcome: "win", rows };
    }
    const mine = view.mats[view.you];
    return {
      headline: `${joinNames(names)} ${verb} with ${best}; you have ${kicks ? `${mine.points} points` : `${mine.boxes_filled} boxes`}.`,
      how,
      outcome: "lose",
      rows,
    };
  }

  return { render, rulesSummary, statusLine, playerExtra, endSummary, tableText, ownControls: true };
}

/** The status when no further draw is possible: the bag is empty, or (option
 * short_bag=refuse) it holds fewer than the three cubes of a fill-up. */
function lastDrawDone(view, mine, name) {
  if (view.game === KICKS) {
    const n = view.casino.length;
    return mine
      ? `${plural(n, "cube")} in your casino and the bag is empty: conclude to keep ${n === 1 ? "it" : "them"}.`
      : `${name} is at the casino with ${plural(n, "cube")}; the bag is empty.`;
  }
  const fuel = joinNames((view.fuel || []).map((c) => colorName(view, c)));
  return mine
    ? `Fuel this turn: ${fuel}. Too few cubes in the bag to fill up again: stop to fill your boxes.`
    : `${name} is filling up: ${plural(view.fill_ups, "fill-up")}, fuel ${fuel}; too few cubes in the bag to fill up again.`;
}

function howItEnded(view, ctx) {
  const trigger = view.trigger;
  const name = trigger === null || trigger === undefined ? null : who(view, ctx, trigger);
  const finish = ctx.options && ctx.options.end === "finish_round" && view.players > 1 ? " The round was then played to its end." : "";
  switch (view.ended) {
    case "complete":
      return view.game === KICKS
        ? `${name || "A player"} placed a cube on all eight states and the Route 66 sign.${finish}`
        : `${name || "A player"} filled every box on the eight states and the sign.${finish}`;
    case "six_black":
      return `${name || "A player"} collected six black cubes on the Route 66 sign.${finish}`;
    case "empty_bag":
      return "The bag ran empty: no turn could start.";
    case "max_rounds":
      return view.players > 1
        ? `The match was cut off after ${plural(view.round, "round")} (the max_rounds option): the ${view.game === KICKS ? "most points win" : "most boxes filled win"}.`
        : `The match was cut off after ${plural(view.round, "turn")} (the max_rounds option).`;
    default:
      return "";
  }
}

// ------------------------------------------------------------------ rules
