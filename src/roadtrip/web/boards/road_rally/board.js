// boards/road_rally/board.js: the Road Rally USA board (the contract: boards/index.js).
//
// One screen at 1280x800: the round and the last move on top, your hand and your
// choices (controls.js), then the track (track.js) with the
// race order; below the fold the legend, every car's public counts, the rally
// scoring and the latest moves (panels.js).  Car moves and card plays
// are animated (motion.js) unless ctx.motion is false or the reader
// asked for reduced motion.
//
// Stable hooks for tests: hand cards are button[data-card-type] inside
// .rr-hand; every decision button carries data-action; the board root
// (.rr-board) has data-phase, data-await ("me" when this screen must act),
// data-busy (a move is being sent), data-motion ("on"/"off") and
// data-animations (how many animations this page has started).

import { el, ensureStylesheet, fill } from "../../js/dom.js";
import {
  PHASE_WORDS,
  actor,
  chipHolders,
  colorOf,
  dealing,
  gasWhen,
  nameOf,
  plural,
  seated,
  setSeatColours,
  steps,
  sum,
  who,
} from "./common.js";
import { continueDrive, local, myPanel, onRedraw, syncLocal } from "./controls.js";
import { waitingText } from "./decisions.js";
import { animateChanges, motionAllowed, recordPositions, restoreFocus, rememberFocus, startedAnimations } from "./motion.js";
import { carsPanel, finalPanel, legend, raceOrder, ralliesPanel, recentPanel } from "./panels.js";
import { ordinal, trackSvg } from "./track.js";

ensureStylesheet(new URL("./board.css", import.meta.url));

let last = null; // the latest render's arguments, to redraw after a local click
let previousView = null; // the view drawn before this one (ctx.previous where the page gives it)
let scrollLeft = 0; // the track's horizontal scroll, kept across redraws
let userScrolled = false; // until the reader scrolls the track, it follows your car

onRedraw(() => {
  if (last) render(last.root, last.view, last.ctx);
});

/** The cars that moved since the previous view of the same race. */
function movedCars(before, view) {
  if (!before || !before.cars || before.cars.length !== view.cars.length) return [];
  if (before.track.length !== view.track.length || before.round > view.round) return [];
  return view.cars.filter((car) => car.space !== before.cars[car.seat].space).map((car) => car.seat);
}

/**
 * The last decision, as {seat, text}: ctx.lastMove where the page gives it, else
 * the log's last line that is not chance, else the car that just moved.
 */
function lastMove(view, ctx, moved) {
  if (ctx.lastMove && typeof ctx.lastMove.text === "string") return ctx.lastMove;
  const log = Array.isArray(ctx.log) ? ctx.log : [];
  for (let i = log.length - 1; i >= 0; i--) {
    const text = String(log[i]);
    if (text.startsWith("Chance:")) continue;
    const players = ctx.players || [];
    const seat = players.findIndex((p) => p && text.startsWith(`${p.name}: `));
    if (seat >= 0) return { seat, text: text.slice(players[seat].name.length + 2) };
    break;
  }
  if (moved.length !== 1 || !previousView) return null;
  const seat = moved[0];
  const from = previousView.cars[seat].space;
  const to = view.cars[seat].space;
  return { seat, text: `moved ${plural(to - from, "space")}, space ${from + 1} → ${to + 1}` };
}

function trackPanel(view, ctx, highlight) {
  let preview = null;
  if (local.key && sum(local.total) && seated(view)) {
    const from = view.cars[view.you].space;
    preview = { from, to: Math.min(from + steps(view, local.total), view.track.length - 1), color: colorOf(view.you) };
  }
  const focus = view.phase === "shortcut" && actor(view) !== null ? view.cars[actor(view)].space : null;
  const names = view.cars.map((c) => nameOf(ctx, c.seat));
  const focusRally = view.phase === "reveal" || view.phase === "reward" ? view.rally_current : null;
  const drawing = trackSvg(view, {
    names,
    colors: view.cars.map((c) => colorOf(c.seat)),
    you: seated(view) ? view.you : null,
    preview,
    shortcutFocus: focus,
    focusRally,
    chipHolder: chipHolders(view),
    lastMoved: highlight,
  });
  const scroller = el("div", { class: "rr-track-scroll", tabindex: "0", role: "region", "aria-label": "The track (scroll sideways on a small screen)" }, drawing);
  const touched = () => (userScrolled = true);
  for (const type of ["pointerdown", "wheel", "touchstart", "keydown"]) scroller.addEventListener(type, touched, { passive: true });
  scroller.addEventListener("scroll", () => (scrollLeft = scroller.scrollLeft), { passive: true });
  return el("section", { class: "rr-panel rr-track-panel", "aria-label": "The track" }, raceOrder(view, ctx), scroller);
}

/** The cards the mover is playing now (public), beside the round. */
function playedCards(view, ctx) {
  if (view.phase !== "play" || view.mover === null || view.mover === undefined) return null;
  if (!sum(view.selected) || (seated(view) && view.mover === view.you)) return null;
  const cards = [];
  view.selected.forEach((n, c) => {
    for (let i = 0; i < n; i++) {
      const info = view.cards[c];
      cards.push(el("span", { class: `rr-card small ${info.color}`, "data-played": c, title: info.name }, el("span", { class: "value" }, String(info.value))));
    }
  });
  return el("span", { class: "rr-played", "aria-label": `${nameOf(ctx, view.mover)} plays` }, el("span", { class: "muted" }, `${nameOf(ctx, view.mover)} plays`), cards);
}

function topRow(view, ctx, move) {
  const crossed = view.crossed_this_round || [];
  return el(
    "div",
    { class: "rr-top" },
    el("span", { class: "round-chip" }, dealing(view) ? "Setting up" : `Round ${view.round}`),
    view.final_round && view.phase !== "over" ? el("span", { class: "badge red" }, "Final round: a car crossed the finish") : null,
    el("span", { class: "rr-phase" }, PHASE_WORDS[view.phase] || ""),
    crossed.length && view.phase !== "over" ? el("span", { class: "badge" }, `Crossed this round: rally point${crossed.length > 1 ? "s" : ""} ${crossed.join(", ")}`) : null,
    move
      ? el(
          "span",
          { class: "rr-last-move", "data-seat": move.seat ?? "", style: move.seat !== null && move.seat !== undefined && move.seat >= 0 ? `--car:${colorOf(move.seat)}` : null },
          el("b", {}, "Last move: "),
          move.seat !== null && move.seat !== undefined && move.seat >= 0 ? `${nameOf(ctx, move.seat)} ` : "",
          move.text.replace(/^[^:]*: /, ""),
        )
      : null,
    playedCards(view, ctx),
    ctx.pending || local.plan ? el("span", { class: "badge" }, "sending…") : null,
  );
}

/**
 * One screen: on a wide window the track takes the height left under your hand
 * and choices (at least 180 px, so that a tall decision box still leaves it on the
 * first screen), so that all three show without scrolling.
 */
function fitTrack(board) {
  const drawing = board.querySelector("svg.rr-track");
  if (!drawing || typeof window === "undefined") return;
  if (window.innerWidth < 900 || board.dataset.phase === "over") {
    drawing.style.maxHeight = "";
    return;
  }
  const top = drawing.getBoundingClientRect().top + window.scrollY;
  drawing.style.maxHeight = `${Math.max(180, Math.floor(window.innerHeight - top - 14))}px`;
}

let fitting = false;

function refitOnResize() {
  if (fitting || typeof window === "undefined") return;
  fitting = true;
  window.addEventListener("resize", () => {
    const board = last && last.root.querySelector(".rr-board");
    if (board) fitTrack(board);
  });
}

/** Keep the track where the reader scrolled it; until then, show your car (or the leader). */
function placeTrackScroll(board, view) {
  const scroller = board.querySelector(".rr-track-scroll");
  if (!scroller || scroller.scrollWidth <= scroller.clientWidth + 1) return;
  if (userScrolled) {
    scroller.scrollLeft = scrollLeft;
    return;
  }
  const seat = seated(view) ? view.you : view.order[0];
  const node = scroller.querySelector(`.rr-car[data-seat="${seat}"] .car-body`);
  if (!node) return;
  const box = node.getBoundingClientRect();
  const frame = scroller.getBoundingClientRect();
  const target = scroller.scrollLeft + box.left + box.width / 2 - frame.left - frame.width / 2;
  scroller.scrollLeft = Math.max(0, target);
  scrollLeft = scroller.scrollLeft;
}

// ------------------------------------------------------------------ exports
/** Draw the whole board. */
export function render(root, view, ctx) {
  const context = { players: [], choices: [], interactive: false, pending: false, ...ctx };
  const redrawOnly = last && last.view === view;
  const before = redrawOnly ? previousView : context.previous !== undefined && context.previous !== null ? context.previous : last ? last.view : null;
  last = { root, view, ctx };
  if (!redrawOnly) previousView = before;
  setSeatColours(context.players);
  syncLocal(view);
  const motion = motionAllowed(context);
  const moved = redrawOnly ? [] : movedCars(before, view);
  const move = lastMove(view, context, movedCars(previousView, view));
  const awaitMe = Boolean(context.onChoose && context.interactive && !context.pending && (context.choices || []).length) && !local.plan;
  const focus = rememberFocus(root);
  const positions = recordPositions(root);
  const board = el("div", {
    class: `rr-board${motion ? "" : " no-motion"}`,
    "data-phase": view.phase,
    "data-round": view.round,
    "data-mover": actor(view) ?? "",
    "data-you": view.you ?? "",
    "data-await": awaitMe ? "me" : "",
    "data-busy": String(Boolean(local.plan || context.pending)),
    "data-motion": motion ? "on" : "off",
  });
  board.append(topRow(view, context, move));
  if (seated(view)) board.append(myPanel(view, context));
  if (view.phase === "over") board.append(finalPanel(view, context));
  board.append(trackPanel(view, context, move && move.seat >= 0 ? move.seat : null));
  board.append(
    el(
      "div",
      { class: "rr-lower" },
      el("section", { class: "rr-panel rr-legend-panel", "aria-label": "Legend" }, legend()),
      carsPanel(view, context),
      el("div", { class: "rr-side" }, view.phase === "over" ? null : ralliesPanel(view, context), recentPanel(view, context)),
    ),
  );
  fill(root, board);
  fitTrack(board);
  refitOnResize();
  placeTrackScroll(board, view);
  if (motion && !redrawOnly) animateChanges(board, positions, moved, before, view);
  board.dataset.animations = String(startedAnimations());
  restoreFocus(board, focus, awaitMe);
  continueDrive(view, context);
}

// Who draws 2 cards when a checkpoint tile is taken, by option start_fix.
const CHECKPOINT_DRAWER = {
  off_start: "the last car that has left the start line",
  off_start_other: "the last other car that has left the start line",
};

/** The rules in plain words, as the match's options (ctx.options) make them. */
export function rulesSummary(ctx = {}) {
  const options = ctx.options || null;
  const passedOnly = options && options.trigger === "passed";
  const finishDouble = !options || options.finish_double !== false;
  return el(
    "div",
    { class: "rules-summary rr-rules" },
    el(
      "p",
      {},
      "Race across the USA. Points come from being ahead when a rally point is scored, from checkpoint tiles, rally chips and the finish. ",
      "Your hand and your four rally point cards are secret.",
    ),
    el("h3", {}, "A round"),
    el(
      "ol",
      {},
      el("li", {}, "Cars move in race order, the leader first. Play one or more cards ", el("b", {}, "of one colour"), " and drive the sum of their values."),
      el("li", {}, "Then draw by the colour played: ", el("b", {}, "green 2, yellow 1, red none"), ". Starting on a General Store (“Rainbow 5”) you may play up to 5 cards of any colours and draw 1."),
      el("li", {}, "With no cards in hand you shuffle your discards into your deck and draw 2 instead of moving."),
      el("li", {}, "On a car's space you stop behind it; the first car to arrive stays in front."),
    ),
    el("h3", {}, "The road"),
    el(
      "ul",
      {},
      el("li", {}, el("b", {}, "Gas"), `: stopping there you shuffle your discards back into your deck, ${gasWhen(options)} (the only way to get them back besides an empty hand).`),
      el("li", {}, el("b", {}, "Mechanic"), ": stopping there you look at your top 5 cards and put them back in the order you like."),
      el("li", {}, el("b", {}, "Shortcut"), ": ending a move at its entrance you may cross the bend at once."),
      el("li", {}, el("b", {}, "Checkpoint"), `: the first car past it takes the tile (2 points at the end); ${CHECKPOINT_DRAWER[options && options.start_fix] || "the last car"} then draws 2 cards.`),
    ),
    el("h3", {}, "Rally scoring (end of each round)"),
    el(
      "ul",
      {},
      el(
        "li",
        {},
        "For each rally point crossed this round (car by car, from the last car up), whoever holds its card may reveal it",
        passedOnly ? ", if their car is on or beyond that rally point" : null,
        ". Then every car scores by place: ",
        el("b", {}, "5 / 4 / 3 / 2 / 1"),
        "; the one who revealed it scores double. 4th and 5th may draw 2 cards instead of their points.",
      ),
      el("li", {}, "The car on the rally space (the first to arrive) takes its chip: 2 points at the end. Points nobody reveals are removed."),
      el("li", {}, "At most two rally points per round, and each player scores at most 3 of their 4 rally cards."),
    ),
    el("h3", {}, "The finish"),
    el(
      "p",
      {},
      `The first car across the finish line makes this round the last. Cars that cross score as at a rally point${finishDouble ? " (the first one doubled)" : " (nobody doubled)"}. `,
      "Total: points + 2 per checkpoint tile and rally chip. A tie goes to the car further ahead.",
    ),
  );
}

/** What the viewer should do now, in one sentence. */
export function statusLine(view, ctx) {
  if (view.phase === "over") return "";
  const mineNow = (ctx.choices || []).length > 0 && seated(view);
  if (mineNow) {
    switch (view.phase) {
      case "play":
        return view.rainbow
          ? "General Store: pick up to 5 cards of any colours, then drive."
          : "Pick cards of one colour from your hand, then drive.";
      case "shortcut":
        return "Take the shortcut or stay on the road.";
      case "mechanic":
        return "Mechanic: choose your top cards in the order you want to draw them.";
      case "gas":
        return "Gas: shuffle your discards into your deck before or after you draw.";
      case "reveal":
        return `Rally point ${view.rally_current} was crossed: reveal your card or keep it hidden.`;
      case "reward":
        return "Take your points or draw 2 cards instead.";
      default:
        return "";
    }
  }
  return `Round ${view.round}. ${waitingText(view, ctx)}`.trim();
}

/** A few words next to a player in the player list. */
export function playerExtra(view, seat) {
  const car = view.cars && view.cars[seat];
  if (!car) return "";
  const place = view.order.indexOf(seat) + 1;
  return `${car.total} pts · ${ordinal(place)}`;
}

/** The end screen: the winner after the tie-break, and everyone's total. */
export function endSummary(view, ctx) {
  const winners = view.winners || [];
  const rows = view.order.map((seat, place) => {
    const car = view.cars[seat];
    const bonus = car.checkpoints + car.chips.length;
    return {
      name: nameOf(ctx, seat),
      score: `${car.total} pts`,
      note: `${car.points} points + 2 × ${bonus} (${plural(car.checkpoints, "checkpoint")}, ${plural(car.chips.length, "chip")}) · ${ordinal(place + 1)} in the race${car.finished ? ", finished" : ""}`,
      winner: winners.includes(seat),
    };
  });
  const best = winners.length ? view.cars[winners[0]].total : 0;
  const tied = view.cars.filter((c) => c.total === best).length > 1;
  const first = (view.finishers || [])[0];
  const how = [
    first !== undefined ? `${who(view, ctx, first)} crossed the finish line first.` : "",
    "Totals: points + 2 per checkpoint tile and rally chip.",
    tied ? "Tied totals: the car further ahead in the final order wins." : "",
  ]
    .filter(Boolean)
    .join(" ");
  if (!winners.length) return { headline: "Race over", how, outcome: null, rows };
  const name = nameOf(ctx, winners[0]);
  const own = seated(view) && !ctx.hotseat;
  if (own && winners.includes(view.you)) {
    return { headline: `You win with ${best} points!${tied ? " (on the tie-break)" : ""}`, how, outcome: "win", rows };
  }
  if (own) {
    return { headline: `${name} wins with ${best} points; you have ${view.cars[view.you].total}.`, how, outcome: "lose", rows };
  }
  return { headline: `${name} wins with ${best} points!`, how, outcome: null, rows };
}

export const ownControls = true;
export { tableText } from "./table.js";
