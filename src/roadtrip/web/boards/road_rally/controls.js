// boards/road_rally/controls.js: your cards and decisions on the Road Rally board.
//
// Your hand as cards: click cards to plan a move (one colour, or up to five of
// any colours when you start on a General Store), watch the planned stop on the
// track, then "Drive N spaces": the board sends the cards one by one (actions
// 0-5), waiting for the server's answer to each, and then "done" (6).  The other
// decisions are boxes with big buttons (decisions.js).  While advice
// is shown, each choice's control carries the advisor's figure.  Legal moves
// always come from the server's choices.  Every control is a button: Tab and
// Enter play.

import { capitalize, el, joinNames, toast } from "../../js/dom.js";
import {
  DONE,
  DRAWS_AFTER,
  GAS_AFTER,
  GAS_BEFORE,
  MAX_SCORED,
  MECH_BASE,
  NUM_TYPES,
  PASS,
  RAINBOW_MAX,
  REVEAL,
  SKIP_SHORTCUT,
  TAKE_CARDS,
  TAKE_POINTS,
  TAKE_SHORTCUT,
  actor,
  canAct,
  card,
  cardName,
  colorOf,
  dealing,
  gasWhen,
  legalSet,
  nameOf,
  plural,
  rallyTicket,
  seated,
  steps,
  sum,
  zeros,
} from "./common.js";
import {
  gasBox,
  leftoverChoices,
  markAdvice,
  mechanicBox,
  revealBox,
  rewardBox,
  shortcutBox,
  waitingText,
} from "./decisions.js";

let redrawBoard = () => {};

/** The board's redraw, called after a click that only changes this screen. */
export function onRedraw(fn) {
  redrawBoard = fn;
}

// ------------------------------------------------------------ local planning
// The move being planned on this screen: card counts (what was already sent
// included), and the cards still to send once "Drive" was clicked.
export const local = { key: null, total: zeros(), plan: null };

export function syncLocal(view) {
  const key = view.phase === "play" && view.mover === view.you && seated(view) ? `${view.you}|${view.round}|${view.mover}` : null;
  if (key !== local.key) {
    local.key = key;
    local.total = zeros();
    local.plan = null;
  }
  if (!key) return;
  for (let c = 0; c < NUM_TYPES; c++) {
    const committed = view.selected[c];
    local.total[c] = Math.min(Math.max(local.total[c], committed), committed + view.mine.hand[c]);
  }
}

function planColor(view) {
  for (let c = 0; c < NUM_TYPES; c++) if (local.total[c]) return view.cards[c].color;
  return null;
}

/** May one more card of type c join the planned move? */
function canAdd(view, ctx, c) {
  if (!canAct(ctx) || local.plan) return false;
  if (!legalSet(ctx).has(c)) return false;
  if (local.total[c] - view.selected[c] >= view.mine.hand[c]) return false;
  if (view.rainbow) return sum(local.total) < RAINBOW_MAX;
  const color = planColor(view);
  return !color || color === view.cards[c].color;
}

function redraw() {
  redrawBoard();
}

function clickCard(view, ctx, c, index) {
  const committed = view.selected[c];
  const extra = local.total[c] - committed;
  if (index < committed || local.plan) return;
  if (index < committed + extra) local.total[c] -= 1;
  else if (canAdd(view, ctx, c)) local.total[c] += 1;
  else return;
  redraw();
}

function drive(view, ctx) {
  if (!canAct(ctx) || local.plan || !sum(local.total)) return;
  local.plan = { target: local.total.slice(), sent: null, scheduled: false };
  redraw();
}

/** Send the next card of the plan (or "done") once the last one was accepted. */
export function continueDrive(view, ctx) {
  const plan = local.plan;
  if (!plan || plan.scheduled || !ctx.onChoose) return;
  if (!ctx.interactive || ctx.pending) return;
  if (view.phase !== "play" || view.mover !== view.you) {
    local.plan = null;
    return;
  }
  const key = view.selected.join(",");
  if (plan.sent === key) {
    // the last card sent was not taken (an error, a lost connection)
    local.plan = null;
    toast("The move was not completed: check your cards and drive again.", { kind: "info" });
    redraw();
    return;
  }
  let next = DONE;
  for (let c = 0; c < NUM_TYPES; c++) {
    if (plan.target[c] > view.selected[c]) {
      next = c;
      break;
    }
  }
  if (!legalSet(ctx).has(next)) {
    local.plan = null;
    toast(next === DONE ? "The move cannot be finished now." : `A ${cardName(view, next)} cannot be played now.`);
    redraw();
    return;
  }
  plan.scheduled = true;
  const choose = ctx.onChoose;
  setTimeout(() => {
    plan.scheduled = false;
    if (local.plan !== plan) return;
    plan.sent = key;
    choose(next);
  }, 0);
}

// ------------------------------------------------------------- move preview
function spacesBetween(list, from, to) {
  return list.filter((x) => x.space > from && x.space <= to);
}

/** What a move from `from` to `to` would do, in short phrases. */
function moveEffects(view, from, to, options) {
  const track = view.track;
  const bits = [];
  const feature = track.features[to];
  if (feature === "G") bits.push(`stops at Gas: your discards go back into your deck (${gasWhen(options)})`);
  else if (feature === "M") bits.push("stops at a Mechanic: you arrange your top 5 cards");
  else if (feature === "S") bits.push("stops at a General Store: next turn up to 5 cards of any colours");
  const rally = track.rally_points.find((p) => p.space === to && p.status === "on_track");
  if (rally) bits.push(`stops on rally point ${rally.number} (its chip if it is scored)`);
  const crossed = spacesBetween(track.rally_points, from, to).filter((p) => p.status === "on_track").map((p) => p.number);
  if (crossed.length) bits.push(`crosses rally point${crossed.length > 1 ? "s" : ""} ${joinNames(crossed.map(String))}`);
  const cps = spacesBetween(track.checkpoints, from, to).filter((c) => c.holder === null || c.holder === undefined);
  if (cps.length) bits.push(`takes ${cps.length > 1 ? `${cps.length} checkpoint tiles` : "a checkpoint tile"}`);
  if (track.finish > from && track.finish <= to) bits.push("crosses the finish line");
  const shortcut = track.shortcuts.find(([a]) => a === to);
  if (shortcut) bits.push("a shortcut is offered there");
  return bits;
}

/** ": green 1, red 4" when the cards to be drawn are known (set at a Mechanic). */
function knownDraws(view, count) {
  const top = (view.mine && view.mine.known_top) || [];
  if (!count || top.length < count) return "";
  return ` (${top.slice(0, count).map((c) => cardName(view, c)).join(", ")})`;
}

function drawsAfter(view) {
  if (view.rainbow) return 1;
  const color = planColor(view);
  return color ? DRAWS_AFTER[color] : null;
}

// ------------------------------------------------------------------- hand
function handRow(view, ctx, interactive) {
  const mine = view.mine;
  const row = el("div", { class: `rr-hand${interactive ? "" : " compact"}`, role: "group", "aria-label": "Your hand" });
  for (let c = 0; c < NUM_TYPES; c++) {
    const committed = interactive ? view.selected[c] : 0;
    const inHand = mine.hand[c];
    const count = committed + inHand;
    if (!count) continue;
    const extra = interactive ? local.total[c] - committed : 0;
    const group = el("div", { class: "rr-card-group", "data-type": c }, count > 1 ? el("span", { class: "group-count" }, `×${count}`) : null);
    for (let i = 0; i < count; i++) {
      if (!interactive) {
        group.append(card(view, c, { index: i, small: true }));
        continue;
      }
      let state = "";
      let disabled = false;
      let title;
      if (i < committed) {
        state = "sent";
        disabled = true;
        title = `${capitalize(cardName(view, c))}: already played this turn`;
      } else if (i < committed + extra) {
        state = "selected";
        disabled = Boolean(local.plan) || !canAct(ctx);
        title = `${capitalize(cardName(view, c))}: selected (choose it again to put it back)`;
      } else {
        disabled = !canAdd(view, ctx, c);
        title = disabled ? `${capitalize(cardName(view, c))}: cannot join this move` : `${capitalize(cardName(view, c))}: choose it to add it to your move`;
      }
      group.append(card(view, c, { index: i, state, disabled, title, onclick: () => clickCard(view, ctx, c, i) }));
    }
    row.append(group);
  }
  if (!row.childNodes.length) {
    const text = dealing(view)
      ? "The cards are not dealt yet: each car gets 5 movement cards once the starting row is drawn."
      : "No cards in hand: at your turn you shuffle your discards into your deck and draw 2.";
    row.append(el("p", { class: "muted empty-hand" }, text));
  }
  return row;
}

function driveBar(view, ctx) {
  const total = local.total;
  const n = sum(total);
  const stepsN = steps(view, total);
  const me = view.cars[view.you];
  const to = Math.min(me.space + stepsN, view.track.length - 1);
  const busy = Boolean(local.plan) || ctx.pending;
  const label = busy ? "Driving…" : n ? `Drive ${plural(stepsN, "space")}` : "Pick cards to drive";
  const button = el(
    "button",
    {
      type: "button",
      class: "rr-drive",
      "data-action": DONE,
      "data-steps": stepsN,
      disabled: !n || busy || !canAct(ctx),
      onclick: () => drive(view, ctx),
    },
    label,
  );
  const clear = el(
    "button",
    {
      type: "button",
      class: "btn small rr-clear",
      disabled: busy || sum(total) === sum(view.selected),
      onclick: () => {
        local.total = view.selected.slice();
        redraw();
      },
    },
    "Clear",
  );
  const rule = view.rainbow
    ? `General Store: up to ${RAINBOW_MAX} cards of any colours (${n}/${RAINBOW_MAX} chosen); you draw 1 card after.`
    : "Cards of one colour, as many as you like. After the move you draw: green 2, yellow 1, red none.";
  const summary = [];
  if (n) {
    const parts = [];
    for (let c = 0; c < NUM_TYPES; c++) for (let k = 0; k < total[c]; k++) parts.push(String(view.cards[c].value));
    const effects = moveEffects(view, me.space, to, ctx.options);
    const stop = view.track.features[to];
    const gas = ctx.options && ctx.options.gas;
    const reshuffles = stop === "M" || (stop === "G" && gas !== "after");
    const draws = drawsAfter(view);
    summary.push(
      el("b", {}, `${parts.join(" + ")} = ${plural(stepsN, "space")}`),
      effects.length ? `: ${effects.join("; ")}.` : ".",
      draws !== null ? ` Then you draw ${plural(draws, "card")}${reshuffles ? "" : knownDraws(view, draws)}.` : "",
    );
  }
  return el(
    "div",
    { class: "rr-drive-bar" },
    el("div", { class: "rr-drive-buttons" }, button, clear),
    el("p", { class: "rr-drive-text" }, n ? summary : "Choose cards in your hand (click, or Tab and Enter) to plan your move."),
    el("p", { class: "rr-rule-hint" }, rule),
  );
}

// ------------------------------------------------------------------- panel
export function myPanel(view, ctx) {
  const me = view.you;
  const car = view.cars[me];
  const mine = view.mine;
  const myTurn = actor(view) === me;
  const deciding = (view.deciding || []).includes(me);
  const legal = legalSet(ctx);
  const panel = el("section", { class: "rr-panel rr-mine", "data-seat": me, tabindex: "-1", "aria-label": "Your cards and decisions" });
  const drawn = new Set();
  let decide = null;
  let interactiveHand = false;
  if (view.phase === "play" && myTurn && legal.size) {
    interactiveHand = true;
    [0, 1, 2, 3, 4, 5, DONE].forEach((a) => drawn.add(a));
  } else if (view.phase === "shortcut" && myTurn && legal.size) {
    decide = shortcutBox(view, ctx);
    drawn.add(TAKE_SHORTCUT).add(SKIP_SHORTCUT);
  } else if (view.phase === "mechanic" && myTurn && mine.mechanic_cards) {
    decide = mechanicBox(view, ctx);
    for (let c = 0; c < NUM_TYPES; c++) drawn.add(MECH_BASE + c);
  } else if (view.phase === "gas" && myTurn && legal.size) {
    decide = gasBox(view, ctx);
    drawn.add(GAS_BEFORE).add(GAS_AFTER);
  } else if (view.phase === "reveal" && deciding && legal.size) {
    decide = revealBox(view, ctx);
    drawn.add(REVEAL).add(PASS);
  } else if (view.phase === "reward" && deciding && legal.size) {
    decide = rewardBox(view, ctx);
    drawn.add(TAKE_POINTS).add(TAKE_CARDS);
  }
  const who0 = ctx.hotseat ? `${nameOf(ctx, me)}'s hand` : "Your hand";
  const hidden = mine.rally_cards || [];
  const revealed = car.rally_revealed || [];
  const rally = el(
    "div",
    { class: "rr-my-rally" },
    el("span", { class: "rr-mini-label" }, "Rally cards", el("small", {}, " (only you see them)"), ":"),
    hidden.length ? hidden.map((n) => rallyTicket(view, n, { hidden: true })) : el("span", { class: "muted" }, "none in hand"),
    revealed.length ? [el("span", { class: "rr-mini-label" }, "revealed:"), revealed.map((n) => rallyTicket(view, n, { revealed: true }))] : null,
    el("span", { class: "muted small" }, `${revealed.length}/${MAX_SCORED} scored`),
  );
  panel.append(
    el(
      "header",
      { class: "rr-panel-head" },
      el("span", { class: "rr-token-inline", style: `--car:${colorOf(me)}` }, String(me + 1)),
      el("h3", {}, who0),
      el("span", { class: "muted" }, `${plural(car.hand_size, "card")} · deck ${car.deck_size} · discards ${sum(car.discard)}`),
      interactiveHand && view.rainbow ? el("span", { class: "badge gold" }, "General Store: Rainbow 5") : null,
      rally,
    ),
  );
  const top = mine.known_top || [];
  const knownTop = top.length
    ? el(
        "div",
        { class: "rr-known-top" },
        el("span", { class: "rr-mini-label" }, "Top of your deck (set at the Mechanic):"),
        top.map((c, i) => card(view, c, { small: true, badge: String(i + 1) })),
      )
    : null;
  if (interactiveHand) {
    panel.classList.add("turn");
    panel.append(el("div", { class: "rr-play-row" }, handRow(view, ctx, true), driveBar(view, ctx)));
    if (knownTop) panel.append(knownTop);
  } else {
    let main = null;
    if (decide) {
      panel.classList.add("turn");
      main = decide;
    } else {
      const text = waitingText(view, ctx);
      if (text && view.phase !== "over") main = el("p", { class: "rr-waiting" }, text);
    }
    const side = el("div", { class: "rr-hand-side" });
    if (decide) side.append(el("p", { class: "rr-mini-label rr-hand-label" }, "In your hand:"));
    if (view.phase !== "over" || car.hand_size) side.append(handRow(view, ctx, false));
    if (knownTop) side.append(knownTop);
    panel.append(el("div", { class: `rr-play-row${decide ? " deciding" : ""}` }, main, side));
  }
  const extra = leftoverChoices(ctx, drawn);
  if (extra) panel.append(extra);
  markAdvice(panel, view, ctx);
  return panel;
}
