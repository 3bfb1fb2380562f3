// boards/open_road/board.js: The Open Road board.
//
// The map of the United States (map.js) fills the main area: routes,
// big and small cities and camp sites, every rider's piece, the road closure,
// and the selected rider's route.  When the viewer must choose a dot (a ride, a
// route card to keep, the starting city, a Tune Up cruise, the road closure's
// camp site) the legal dots are highlighted and clickable, with their cost and
// the dots left to the destination on hover; every other decision (pick up,
// play a card, trades, cash in, the hotel, a target, a Credit Card's mix...) is
// a button labelled with the server's own words.  Beside the map, from the top:
// the race status, the last move, your decision, your own pannier, then the
// other riders' panniers and the decks (panels.js); at 1280 x 800 the
// map, your pannier and your choices are all on the first screen.  Click a
// rider's name to show their route.  Every control is reachable with Tab (the
// decisions first, then the dots on the map: Enter or Space chooses).  The last
// move is named and its rider ringed; while advice is shown, every choice's
// button and dot carries the advisor's figure (advice.js on the map);
// rides and card plays are animated
// (motion.js).  Legal moves always come from the server's choices.
// The board's words (prompts, status line, end screen) are texts.js.
//
// Test hooks: the board root (.or-board) has data-phase, data-await ("me" when
// this screen must act), data-busy (a move is being sent), data-turn (the
// mover) and data-step (actions so far); decision buttons are
// .or-actions button[data-action]; clickable dots are circle.or-target.

import { adviceKit } from "../../js/advice-marks.js";
import { capitalize, el, ensureStylesheet, fill } from "../../js/dom.js";
import { keepFocus } from "../../js/focus-memory.js";
import { distancesFrom, loadMap, mapData, mapSvg, shortestPath, shortName } from "./map.js";
import { animate, cardsGone, lastMoveLine, lastMoveOf } from "./motion.js";
import { zoomControls } from "./zoom.js";
import {
  colorOf,
  setSeatColours,
  decksPanel,
  isYou,
  legend,
  motherLodeCard,
  moverOf,
  nameOf,
  playingCard,
  plural,
  riderPanel,
  sideTripCity,
  statusBar,
  who,
} from "./panels.js";
import { promptOf, seated } from "./texts.js";

export { rulesSummary } from "./rules.js";
export { endSummary, playerExtra, statusLine } from "./texts.js";
export { tableText } from "./table.js";

ensureStylesheet(new URL("./board.css", import.meta.url));

const DOT_LIST_OPEN = 6; // at most this many dot choices: also shown as buttons

let last = null; // the latest render's arguments, to redraw after a local click
let drawnView = null; // the view drawn last (what changed is animated when ctx.previous is absent)
let chosenSeat = null; // the rider whose route the map shows, once a rider was clicked
let listOpen = false; // the list of dot choices stays open across redraws once opened
let loadError = null;

// A local redraw (a rider's route shown, the map loaded) keeps the focus on the
// same control, as the match page does for its own redraws.
function redraw() {
  if (last) keepFocus(last.root, () => render(last.root, last.view, last.ctx));
}

function canAct(ctx) {
  return Boolean(ctx.onChoose && ctx.interactive && !ctx.pending && (ctx.choices || []).length);
}

/** A server label in plainer words: capitalized, "seat 2" with the player's name. */
function labelOf(view, ctx, text) {
  return capitalize(String(text).replace(/\bseat (\d+)\b/g, (_, n) => `${who(view, ctx, Number(n) - 1)}`));
}

function selectedSeat(view) {
  if (chosenSeat !== null && chosenSeat < view.players) return chosenSeat;
  if (seated(view)) return view.you;
  return moverOf(view) ?? 0;
}

function splitChoices(ctx, map) {
  const dots = [];
  const others = [];
  for (const c of ctx.choices || []) (c.action < map.nDots ? dots : others).push(c);
  return { dots, others };
}

// ----------------------------------------------------------------- the map
function idOf(map, name) {
  return name ? (map.byName.get(name) ?? -1) : -1;
}

/** The dots the viewer may choose, with what choosing them means. */
function targetsOf(view, ctx, map, dotChoices) {
  const rides = new Map((view.rides || []).map(([dot, dots, cost]) => [dot, { dots, cost }]));
  const mover = moverOf(view);
  const riding = (view.phase === "act" || view.phase === "cruise") && mover !== null;
  const rider = riding ? view.riders[mover] : null;
  const toDest = rider && rider.destination_dot >= 0 ? distancesFrom(map, rider.destination_dot, view.road_closure) : null;
  const list = dotChoices.map((c) => {
    const ride = rides.get(c.action);
    const left = toDest && toDest[c.action] >= 0 ? toDest[c.action] : null;
    let title = labelOf(view, ctx, c.label);
    if (left !== null) title += left ? `; then ${plural(left, "dot")} to ${shortName(rider.destination)}` : ": the destination!";
    return { dot: c.action, action: c.action, title, dots: ride ? ride.dots : null, cost: ride ? ride.cost : null, left, best: false };
  });
  if (toDest && list.length) {
    const best = Math.min(...list.map((t) => (t.left === null ? Infinity : t.left)));
    for (const t of list) t.best = t.left === best;
  }
  return list;
}

/** The selected rider's cities: start, finish, Heartland, Side Trip (kept or offered). */
function marksOf(view, map, seat) {
  const marks = new Map();
  const add = (id, kind, word, paid = false, check = paid) => {
    if (id < 0) return;
    if (!marks.has(id)) marks.set(id, { kinds: [], words: [], paid: false, check: false });
    const mark = marks.get(id);
    mark.kinds.push(kind);
    mark.words.push(word);
    mark.paid = mark.paid || paid; // greyed: pays nothing now
    mark.check = mark.check || check; // ✓: its bonus collected
  };
  const rider = view.riders[seat];
  if (!rider) return marks;
  if (rider.origin) {
    add(idOf(map, rider.origin), "origin", "start");
    add(rider.destination_dot, "destination", "destination");
  } else {
    add(idOf(map, rider.east_coast), "origin", "East Coast card");
    add(idOf(map, rider.west_coast), "origin", "West Coast card");
  }
  add(rider.heartland_dot, "heartland", "Heartland: 5 energy and 5 money");
  for (const city of rider.side_trip_cities || []) {
    const { paid, open, note } = sideTripCity(rider, city); // option side_trip
    add(idOf(map, city), "side", `Side Trip: ${note}`, !open, paid);
  }
  return marks;
}

/** Names on the map: big cities, every rider's route cities, the cities offered now. */
function labelsOf(view, map, seat) {
  const labels = new Map();
  const add = (id, strong = false) => {
    if (id < 0) return;
    labels.set(id, { strong: strong || Boolean(labels.get(id)?.strong) });
  };
  for (const d of map.dots) if (d.kind === "big") add(d.id);
  for (const rider of view.riders) {
    const mine = rider.seat === seat;
    for (const name of [rider.origin, rider.destination, rider.east_coast, rider.west_coast, rider.heartland, ...(rider.side_trip_cities || [])]) {
      add(idOf(map, name), mine);
    }
  }
  const pending = view.pending || {};
  for (const name of [...(pending.keep || []), ...(pending.origin || [])]) add(idOf(map, name), true);
  return labels;
}

function mapPanel(view, ctx, map, targets, lastSeat) {
  const seat = selectedSeat(view);
  const rider = view.riders[seat];
  let selected = null;
  if (rider) {
    const path = rider.dot >= 0 && rider.destination_dot >= 0 ? shortestPath(map, rider.dot, rider.destination_dot, view.road_closure) : null;
    selected = { seat, color: colorOf(seat), name: nameOf(ctx, seat), path, destinationName: rider.destination };
  }
  const mover = moverOf(view);
  const drawing = mapSvg(map, {
    riders: view.riders.map((r) => ({
      seat: r.seat,
      dot: r.dot,
      color: colorOf(r.seat),
      name: nameOf(ctx, r.seat),
      active: r.seat === mover,
      selected: r.seat === seat,
      last: r.seat === lastSeat,
    })),
    closure: view.road_closure,
    selected,
    marks: marksOf(view, map, seat),
    labels: labelsOf(view, map, seat),
    targets,
    enabled: canAct(ctx),
    onChoose: (action) => ctx.onChoose && ctx.onChoose(action),
    phase: view.phase,
    advice: ctx.advice ? ctx.adviceMarks : null,
  });
  const caption = rider
    ? el(
        "p",
        { class: "or-map-caption" },
        el("span", { class: "or-swatch", style: `--rider:${colorOf(seat)}` }),
        rider.destination
          ? `${isYou(view, ctx, seat) ? "Your" : `${nameOf(ctx, seat)}'s`} route: ${shortName(rider.origin)} → ${shortName(rider.destination)}${rider.remaining >= 0 ? `, ${plural(rider.remaining, "dot")} to go` : ""}. `
          : `${isYou(view, ctx, seat) ? "You are" : `${nameOf(ctx, seat)} is`} choosing a route. `,
        el("span", { class: "muted" }, "Choose a rider's name (click or Enter) to show their route; wheel, +/− or the zoom buttons to zoom, drag to pan; Tab reaches the highlighted dots."),
      )
    : null;
  return el(
    "section",
    { class: "or-panel or-map-panel", "aria-label": "The map" },
    el("div", { class: "or-map-frame" }, drawing, zoomControls(drawing, map)),
    caption,
    legend(),
  );
}

// ----------------------------------------------------------- the decisions
function choiceButton(view, ctx, c, cls = "") {
  const ok = canAct(ctx);
  const button = el(
    "button",
    { type: "button", class: `or-choice ${cls}`.trim(), "data-action": c.action, disabled: !ok, onclick: () => ok && ctx.onChoose(c.action) },
    labelOf(view, ctx, c.label),
  );
  return ctx.adviceMarks ? ctx.adviceMarks.mark(button, c.action) : button; // the advisor's figure, when shown
}

function actionBox(view, ctx, split) {
  if (!canAct(ctx)) return null; // the turn banner above the board says who is to play
  const onMap = ["act", "cruise", "close"].includes(view.phase); // rides: on the map, and in a list
  const few = !onMap && split.dots.length <= DOT_LIST_OPEN;
  const box = el("section", { class: "or-panel or-act mine", "aria-label": "Your decision" });
  const who0 = ctx.hotseat ? `${nameOf(ctx, view.you)}: ` : "";
  box.append(el("p", { class: "or-prompt" }, who0, promptOf(view, ctx, split.dots.length, split.others.length)));
  const buttons = el("div", { class: "or-actions" });
  if (few) for (const c of split.dots) buttons.append(choiceButton(view, ctx, c, "dot"));
  for (const c of split.others) buttons.append(choiceButton(view, ctx, c));
  box.append(buttons);
  if (!few && split.dots.length) {
    box.append(
      el(
        "details",
        { class: "or-dot-list", open: listOpen, ontoggle: (event) => (listOpen = event.target.open) },
        el("summary", {}, `${view.phase === "close" ? "Camp sites" : "Rides"} as a list (${plural(split.dots.length, "dot")})`),
        el("div", { class: "or-actions" }, split.dots.map((c) => choiceButton(view, ctx, c, "dot"))),
      ),
    );
  }
  return box;
}

/** Without the map (it failed to load): every choice as a button, never stuck. */
function fallbackBox(view, ctx) {
  return el(
    "section",
    { class: "or-panel or-act" },
    el("p", { class: "or-prompt" }, `The map could not be loaded (${loadError}). `, el("button", { type: "button", class: "btn small", onclick: retryLoad }, "Try again")),
    canAct(ctx) ? el("div", { class: "or-actions" }, ctx.choices.map((c) => choiceButton(view, ctx, c))) : null,
  );
}

function retryLoad() {
  loadError = null;
  startLoad();
  redraw();
}

let loadStarted = false;

function startLoad() {
  if (loadStarted) return;
  loadStarted = true;
  loadMap().then(redraw, (err) => {
    loadStarted = false;
    loadError = err.message || String(err);
    redraw();
  });
}

// ------------------------------------------------------------------ exports
/** Draw the whole board. */
export function render(root, view, ctx) {
  const context = { players: [], choices: [], interactive: false, pending: false, ...ctx };
  context.adviceMarks = adviceKit(context); // the advisor's figures on the choices, when shown
  setSeatColours(context.players);
  last = { root, view, ctx };
  const map = mapData();
  const board = el("div", {
    class: "or-board",
    "data-phase": view.phase,
    "data-round": view.round,
    "data-turn": moverOf(view) ?? "",
    "data-you": view.you ?? "",
    "data-await": canAct(context) ? "me" : "",
    "data-busy": String(Boolean(context.pending)),
    "data-step": Array.isArray(context.log) ? (context.logStart || 0) + context.log.length : "",
  });
  if (!map) {
    board.append(statusBar(view, context));
    if (loadError) board.append(fallbackBox(view, context), context.adviceMarks.notes);
    else {
      board.append(el("p", { class: "or-loading muted" }, "Loading the map…"));
      startLoad();
    }
    fill(root, board);
    return;
  }
  const split = splitChoices(context, map);
  const targets = canAct(context) ? targetsOf(view, context, map, split.dots) : [];
  const seat = selectedSeat(view);
  const winners = view.winners || [];
  const select = (s) => {
    chosenSeat = s;
    redraw();
  };
  const previous = context.previous !== undefined ? context.previous : drawnView;
  const move = view.phase === "over" && !context.lastMove ? null : lastMoveOf(context);
  const lastSeat = move ? move.seat : null;
  // "Your" pannier beside your decision: on a hot-seat screen, the mover's.
  const own = !seated(view) ? null : context.hotseat ? moverOf(view) : view.you;
  const panel = (r) => riderPanel(view, context, r, { selected: r.seat === seat, onSelect: select, winner: winners.includes(r.seat), last: r.seat === lastSeat });
  const top = el(
    "div",
    { class: "or-side or-side-top" },
    statusBar(view, context),
    lastMoveLine(move, { nameOf: (s) => nameOf(context, s), colorOf, capitalize, playedCard: playedCard(previous, view, move, context.options) }),
    actionBox(view, context, split),
    own !== null && view.riders[own] ? panel(view.riders[own]) : null,
  );
  const rest = el(
    "div",
    { class: "or-side or-side-rest", role: "group", "aria-label": "The riders' panniers" },
    view.riders.filter((r) => r.seat !== own).map(panel),
    decksPanel(view),
  );
  // Your decision first in the reading (and Tab) order, then the map, then the rest.
  board.append(el("div", { class: "or-main" }, top, mapPanel(view, context, map, targets, lastSeat), rest), context.adviceMarks.notes);
  fill(root, board);
  board.dataset.animated = animate(board, map, previous && previous.riders ? previous : null, view, context);
  drawnView = view;
}

/** The card the last move played, as a small card for the last-move line. */
function playedCard(previous, view, move, options) {
  if (!move || move.seat === null || !previous || !previous.riders) return null;
  if (!/^plays\b/i.test(move.text)) return null;
  const gone = cardsGone(previous.riders[move.seat], view.riders[move.seat]);
  if (gone.length !== 1) return null;
  const { key, lode } = gone[0];
  return lode ? motherLodeCard(key, { "data-played": "true" }, options) : playingCard(key, { "data-played": "true" });
}

export const ownControls = true;
