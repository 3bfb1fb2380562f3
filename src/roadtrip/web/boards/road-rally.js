// boards/road-rally.js: the Road Rally USA board.
//
// Your hand as cards: click cards to plan a move (one colour, or up to five of
// any colours when you start on a General Store), watch the planned stop on the
// track, then "Drive N spaces": the board sends the cards one by one (actions
// 0-5), waiting for the server's answer to each, and then "done" (6).  The other
// decisions are big buttons: the shortcut (7 / 8), the Mechanic (click the top
// cards in the order they should come off the deck: 9-14), revealing a rally
// point card (15 / 16) and, in 4th or 5th place, points or two cards (17 / 18).
// Legal moves always come from the server's choices.  The track is drawn by
// road-rally-track.js; around it: the race order, every car's public counts
// (never another player's cards), the rally scoring so far, the latest moves.
//
// Stable hooks for tests: hand cards are button[data-card-type] inside
// .rr-hand; every decision button carries data-action; the board root
// (.rr-board) has data-phase, data-await ("me" when this screen must act),
// data-busy (a move is being sent).

import { capitalize, el, ensureStylesheet, fill, joinNames, toast } from "../js/dom.js";
import { CAR_COLORS, FEATURE_NAMES, legendIcon, ordinal, trackSvg } from "./road-rally-track.js";

ensureStylesheet(new URL("./road-rally.css", import.meta.url));

const NUM_TYPES = 6;
const DONE = 6;
const TAKE_SHORTCUT = 7;
const SKIP_SHORTCUT = 8;
const MECH_BASE = 9;
const REVEAL = 15;
const PASS = 16;
const TAKE_POINTS = 17;
const TAKE_CARDS = 18;
const RAINBOW_MAX = 5;
const MAX_SCORED = 3;
const DRAWS_AFTER = { green: 2, yellow: 1, red: 0 };
const POINTS_BY_PLACE = [5, 4, 3, 2, 1];
const PHASE_WORDS = {
  order: "Drawing the starting row",
  deal: "Dealing the rally cards",
  draw: "Drawing cards",
  play: "Driving",
  shortcut: "At a shortcut",
  mechanic: "At the Mechanic",
  reveal: "Rally scoring",
  reward: "Rally scoring",
  over: "Race over",
};

// The move being planned on this screen: card counts (what was already sent
// included), and the cards still to send once "Drive" was clicked.
const local = { key: null, total: zeros(), plan: null };
let last = null; // the latest render's arguments, to redraw after a local click
let scrollLeft = 0; // the track's horizontal scroll, kept across redraws
let userScrolled = false; // until the reader scrolls the track, it follows your car

function zeros() {
  return Array(NUM_TYPES).fill(0);
}

const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

function nameOf(ctx, seat) {
  const player = ctx.players && ctx.players[seat];
  return player ? player.name : `Player ${seat + 1}`;
}

function seated(view) {
  return view.you !== null && view.you !== undefined && Boolean(view.mine);
}

function isYou(view, ctx, seat) {
  return seat === view.you && seated(view) && !ctx.hotseat;
}

/** "You" on your own screen, else the name. */
function who(view, ctx, seat) {
  return isYou(view, ctx, seat) ? "You" : nameOf(ctx, seat);
}

function colorOf(seat) {
  return CAR_COLORS[seat % CAR_COLORS.length];
}

/** The car whose turn it is (the view names no mover at a shortcut: the one seat to act). */
function actor(view) {
  if (view.mover !== null && view.mover !== undefined) return view.mover;
  if (view.phase === "shortcut" && (view.active_seats || []).length) return view.active_seats[0];
  return null;
}

function legalSet(ctx) {
  return new Set((ctx.choices || []).map((c) => c.action));
}

function canAct(ctx) {
  return Boolean(ctx.onChoose && ctx.interactive && !ctx.pending && (ctx.choices || []).length);
}

function steps(view, counts) {
  return counts.reduce((s, n, c) => s + n * view.cards[c].value, 0);
}

function cardName(view, c) {
  return view.cards[c].name;
}

function chipHolders(view) {
  const out = {};
  for (const r of view.rally_results || []) {
    if (r.scored && r.chip !== null && r.chip !== undefined) out[r.rally] = r.chip;
  }
  return out;
}

// ------------------------------------------------------------ local planning
function syncLocal(view) {
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
  if (last) render(last.root, last.view, last.ctx);
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
function continueDrive(view, ctx) {
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
function moveEffects(view, from, to) {
  const track = view.track;
  const bits = [];
  const feature = track.features[to];
  if (feature === "G") bits.push("stops at Gas: your discards go back into your deck");
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

// ------------------------------------------------------------------- cards
function cardFace(view, c) {
  const info = view.cards[c];
  return [
    el("span", { class: "corner" }, String(info.value)),
    el("span", { class: "value" }, String(info.value)),
    el("span", { class: "color-name" }, info.color),
  ];
}

/** A card as a button (clickable) or a plain box. */
function card(view, c, opts = {}) {
  const info = view.cards[c];
  const classes = ["rr-card", info.color];
  if (opts.state) classes.push(opts.state);
  if (opts.small) classes.push("small");
  const attrs = {
    class: classes.join(" "),
    "data-card-type": c,
    "data-index": opts.index ?? null,
    "data-state": opts.state || null,
    title: opts.title || capitalize(info.name),
  };
  if (opts.onclick) {
    return el(
      "button",
      { ...attrs, type: "button", disabled: Boolean(opts.disabled), "data-action": opts.action ?? null, "aria-pressed": opts.state === "selected" || opts.state === "sent" ? "true" : "false", onclick: opts.onclick },
      cardFace(view, c),
      opts.badge ? el("span", { class: "badge-n" }, opts.badge) : null,
    );
  }
  return el("div", attrs, cardFace(view, c), opts.badge ? el("span", { class: "badge-n" }, opts.badge) : null);
}

function handRow(view, ctx, interactive) {
  const mine = view.mine;
  const row = el("div", { class: "rr-hand", role: interactive ? "group" : null, "aria-label": "Your hand" });
  for (let c = 0; c < NUM_TYPES; c++) {
    const committed = interactive ? view.selected[c] : 0;
    const inHand = mine.hand[c];
    const count = committed + inHand;
    if (!count) continue;
    const extra = interactive ? local.total[c] - committed : 0;
    const group = el("div", { class: "rr-card-group", "data-type": c }, count > 1 ? el("span", { class: "group-count" }, `×${count}`) : null);
    for (let i = 0; i < count; i++) {
      if (!interactive) {
        group.append(card(view, c, { index: i }));
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
        title = `${capitalize(cardName(view, c))}: selected (click to put it back)`;
      } else {
        disabled = !canAdd(view, ctx, c);
        title = disabled ? `${capitalize(cardName(view, c))}: cannot join this move` : `${capitalize(cardName(view, c))}: click to add it to your move`;
      }
      group.append(card(view, c, { index: i, state, disabled, title, onclick: () => clickCard(view, ctx, c, i) }));
    }
    row.append(group);
  }
  if (!row.childNodes.length) row.append(el("p", { class: "muted empty-hand" }, "No cards in hand: at your turn you shuffle your discards into your deck and draw 2."));
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
    const effects = moveEffects(view, me.space, to);
    const stop = view.track.features[to];
    const reshuffles = stop === "M" || (stop === "G" && !(ctx.options && ctx.options.gas === "after"));
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
    el("p", { class: "rr-drive-text" }, n ? summary : "Click cards in your hand to plan your move."),
    el("p", { class: "rr-rule-hint" }, rule),
  );
}

// ---------------------------------------------------------------- decisions
function bigButton(action, label, sub, { kind = "go", legal, ctx }) {
  const ok = legal.has(action) && canAct(ctx);
  return el(
    "button",
    { type: "button", class: `rr-action ${kind}`, "data-action": action, disabled: !ok, onclick: () => ok && ctx.onChoose(action) },
    el("span", { class: "label" }, label),
    sub ? el("span", { class: "sub" }, sub) : null,
  );
}

function placeOf(view, seat) {
  return view.order.indexOf(seat);
}

/** Who would earn what if rally point `number` is scored, with `trigger` revealing. */
function scoringPreview(view, ctx, number, trigger) {
  const bits = view.order.map((seat, place) => {
    const base = POINTS_BY_PLACE[place] ?? 0;
    const points = seat === trigger ? base * 2 : base;
    const choice = place >= 3 ? " or 2 cards" : "";
    return `${who(view, ctx, seat)} ${points}${choice}`;
  });
  const point = view.track.rally_points.find((p) => p.number === number);
  const on = point ? view.order.filter((s) => view.cars[s].space === point.space) : [];
  const chip = on.length ? `${who(view, ctx, on[0])} take${on[0] === view.you && !ctx.hotseat ? "" : "s"} the chip (first on the space).` : "Nobody is on the space: the chip is removed.";
  return `${bits.join(", ")}. ${chip}`;
}

function revealBox(view, ctx) {
  const legal = legalSet(ctx);
  const n = view.rally_current;
  const me = view.you;
  const place = placeOf(view, me);
  const holds = view.mine.rally_cards.includes(n);
  const revealed = view.cars[me].rally_revealed.length;
  const box = el("div", { class: "rr-decide-box reveal", "data-rally": n });
  box.append(
    el("h3", {}, `Rally point ${n} crossed: reveal your card?`),
    el("p", { class: "rr-sub" }, "(scores 5/4/3/2/1 by place, doubled for you)"),
  );
  if (legal.has(REVEAL)) {
    const base = POINTS_BY_PLACE[place] ?? 0;
    box.append(
      el(
        "p",
        {},
        `You are ${ordinal(place + 1)}: revealing earns you `,
        el("b", {}, `${base * 2} points`),
        ` (${base} × 2)${place >= 3 ? ", or 2 cards instead" : ""}. Everyone: ${scoringPreview(view, ctx, n, me)}`,
      ),
      el("p", { class: "muted" }, `You have revealed ${revealed} of at most ${MAX_SCORED} rally cards.`),
    );
  } else if (holds) {
    box.append(el("p", {}, `You hold card ${n}, but in this match only a car that has passed the rally point may reveal it.`));
  } else {
    box.append(el("p", {}, `You do not hold card ${n}: nothing to reveal. Everyone is asked, so nobody learns who holds it.`));
  }
  const buttons = el("div", { class: "rr-actions" });
  if (legal.has(REVEAL)) {
    buttons.append(
      bigButton(REVEAL, `Reveal card ${n}`, "score this rally point now", { kind: "go", legal, ctx }),
      bigButton(PASS, "Keep hidden", `rally point ${n} is then removed`, { kind: "stop", legal, ctx }),
    );
  } else {
    buttons.append(bigButton(PASS, "Continue", "keep your cards hidden", { kind: "stop", legal, ctx }));
  }
  box.append(buttons);
  return box;
}

function rewardBox(view, ctx) {
  const legal = legalSet(ctx);
  const points = view.mine.reward_points ?? 0;
  const place = placeOf(view, view.you);
  const lastResult = [...(view.rally_results || [])].reverse().find((r) => r.scored);
  const trigger = lastResult ? who(view, ctx, lastResult.trigger) : "Someone";
  const box = el("div", { class: "rr-decide-box reward" });
  box.append(
    el("h3", {}, `Rally point ${view.rally_current} scored: points or cards?`),
    el(
      "p",
      {},
      `${trigger} revealed it. In ${ordinal(place + 1)} place you may take ${plural(points, "point")} or draw 2 cards instead (you hold ${plural(view.cars[view.you].hand_size, "card")}).`,
    ),
    el(
      "div",
      { class: "rr-actions" },
      bigButton(TAKE_POINTS, `Take ${plural(points, "point")}`, "points for the final tally", { kind: "go", legal, ctx }),
      bigButton(TAKE_CARDS, "Draw 2 cards", "fuel for the next rounds", { kind: "stop", legal, ctx }),
    ),
  );
  return box;
}

function shortcutBox(view, ctx) {
  const legal = legalSet(ctx);
  const me = view.cars[view.you];
  const pair = view.track.shortcuts.find(([a]) => a === me.space);
  const to = pair ? pair[1] : me.space;
  const skipped = to - me.space;
  const passes = ctx.options ? Boolean(ctx.options.shortcut_passes) : false;
  const missed = view.track.rally_points.filter((p) => p.space > me.space && p.space <= to && p.status === "on_track").map((p) => p.number);
  const far = [];
  const feature = view.track.features[to];
  if (FEATURE_NAMES[feature]) far.push(`the far side is a ${FEATURE_NAMES[feature]}`);
  const box = el("div", { class: "rr-decide-box shortcut" });
  box.append(
    el("h3", {}, "A shortcut!"),
    el(
      "p",
      {},
      `Cross to the other side of the bend: ${plural(skipped, "space")} ahead.`,
      missed.length
        ? passes
          ? ` You pass rally point${missed.length > 1 ? "s" : ""} ${joinNames(missed.map(String))} on the way.`
          : ` Rally point${missed.length > 1 ? "s" : ""} ${joinNames(missed.map(String))} in between ${missed.length > 1 ? "are" : "is"} not crossed this way.`
        : "",
      far.length ? ` (${capitalize(far.join(", "))}.)` : "",
    ),
    el(
      "div",
      { class: "rr-actions" },
      bigButton(TAKE_SHORTCUT, "Take the shortcut", `jump ${plural(skipped, "space")} ahead`, { kind: "go", legal, ctx }),
      bigButton(SKIP_SHORTCUT, "Stay on the road", "stop where you are", { kind: "stop", legal, ctx }),
    ),
  );
  return box;
}

function mechanicBox(view, ctx) {
  const legal = legalSet(ctx);
  const mine = view.mine;
  const order = mine.mechanic_order || [];
  const left = mine.mechanic_cards || zeros();
  const box = el("div", { class: "rr-decide-box mechanic" });
  box.append(
    el("h3", {}, "Mechanic: tune your car"),
    el("p", {}, "These are the top cards of your deck. Click them in the order they should come off the deck: the first you click is the next card you draw."),
  );
  const placed = el(
    "div",
    { class: "rr-mech-order" },
    el("span", { class: "rr-mini-label" }, "Next draws:"),
    order.length ? order.map((c, i) => card(view, c, { small: true, badge: String(i + 1), title: `${ordinal(i + 1)} from the top: ${cardName(view, c)}` })) : el("span", { class: "muted" }, "none chosen yet"),
  );
  const pick = el("div", { class: "rr-mech-pick" });
  for (let c = 0; c < NUM_TYPES; c++) {
    for (let k = 0; k < left[c]; k++) {
      const action = MECH_BASE + c;
      const ok = legal.has(action) && canAct(ctx);
      pick.append(
        card(view, c, {
          index: k,
          action,
          disabled: !ok,
          title: `Put a ${cardName(view, c)} next (${ordinal(order.length + 1)} from the top)`,
          onclick: () => ok && ctx.onChoose(action),
        }),
      );
    }
  }
  box.append(placed, el("p", { class: "rr-mini-label" }, `Click the ${ordinal(order.length + 1)} card:`), pick);
  return box;
}

function waitingText(view, ctx) {
  const deciding = (view.deciding || []).map((s) => who(view, ctx, s));
  switch (view.phase) {
    case "play":
      return view.mover === null || view.mover === undefined ? "" : `${who(view, ctx, view.mover)} ${isYou(view, ctx, view.mover) ? "are" : "is"} driving.`;
    case "shortcut":
      return actor(view) === null ? "" : `${who(view, ctx, actor(view))} may take a shortcut.`;
    case "mechanic":
      return `${who(view, ctx, view.mover)} ${isYou(view, ctx, view.mover) ? "are" : "is"} at the Mechanic, arranging the top of the deck.`;
    case "reveal":
      return deciding.length ? `Rally point ${view.rally_current}: waiting for ${joinNames(deciding)} to decide whether to reveal it.` : "";
    case "reward":
      return deciding.length ? `Rally point ${view.rally_current} scored: ${joinNames(deciding)} may take points or 2 cards.` : "";
    case "over":
      return "The race is over.";
    default:
      return `${PHASE_WORDS[view.phase] || "Working"}…`;
  }
}

/** Any choice the panels above do not draw, as plain buttons (never stuck). */
function leftoverChoices(ctx, drawn) {
  const rest = (ctx.choices || []).filter((c) => !drawn.has(c.action));
  if (!rest.length || !ctx.onChoose) return null;
  return el(
    "div",
    { class: "rr-actions leftover" },
    rest.map((c) =>
      el("button", { type: "button", class: "choice-btn", "data-action": c.action, disabled: !canAct(ctx), onclick: () => ctx.onChoose(c.action) }, capitalize(c.label)),
    ),
  );
}

// ------------------------------------------------------------------- panels
function rallyTicket(view, number, { hidden = false, revealed = false } = {}) {
  const point = view.track.rally_points.find((p) => p.number === number);
  const crossed = (view.crossed_this_round || []).includes(number);
  let status = point ? point.status : "off";
  if (revealed) status = "revealed";
  const words = {
    on_track: crossed ? "crossed this round" : "on the track",
    removed: "removed: can no longer score",
    scored: "scored",
    revealed: "revealed",
    off: "not on this track",
  };
  return el(
    "span",
    {
      class: `rr-ticket ${status}${crossed && status === "on_track" ? " crossed" : ""}`,
      "data-rally-card": hidden ? number : null,
      "data-revealed-rally": revealed ? number : null,
      title: `Rally point card ${number}: ${words[status]}`,
    },
    String(number),
  );
}

function myPanel(view, ctx) {
  const me = view.you;
  const car = view.cars[me];
  const mine = view.mine;
  const myTurn = actor(view) === me;
  const deciding = (view.deciding || []).includes(me);
  const legal = legalSet(ctx);
  const panel = el("section", { class: "rr-panel rr-mine", "data-seat": me, "aria-label": "Your cards and decisions" });
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
  } else if (view.phase === "reveal" && deciding && legal.size) {
    decide = revealBox(view, ctx);
    drawn.add(REVEAL).add(PASS);
  } else if (view.phase === "reward" && deciding && legal.size) {
    decide = rewardBox(view, ctx);
    drawn.add(TAKE_POINTS).add(TAKE_CARDS);
  }
  const who0 = ctx.hotseat ? `${nameOf(ctx, me)}'s hand` : "Your hand";
  panel.append(
    el(
      "header",
      { class: "rr-panel-head" },
      el("span", { class: "rr-token-inline", style: `--car:${colorOf(me)}` }, String(me + 1)),
      el("h3", {}, who0),
      el("span", { class: "muted" }, `${plural(car.hand_size, "card")} · deck ${car.deck_size} · discards ${sum(car.discard)}`),
      interactiveHand && view.rainbow ? el("span", { class: "badge gold" }, "General Store: Rainbow 5") : null,
    ),
  );
  if (interactiveHand) {
    panel.classList.add("turn");
    panel.append(handRow(view, ctx, true), driveBar(view, ctx));
  } else {
    if (decide) {
      panel.classList.add("turn");
      panel.append(decide);
    } else {
      const text = waitingText(view, ctx);
      if (text && view.phase !== "over") panel.append(el("p", { class: "rr-waiting" }, text));
    }
    if (decide) panel.append(el("p", { class: "rr-mini-label rr-hand-label" }, "In your hand:"));
    if (view.phase !== "over" || car.hand_size) panel.append(handRow(view, ctx, false));
  }
  const extra = leftoverChoices(ctx, drawn);
  if (extra) panel.append(extra);
  const top = mine.known_top || [];
  if (top.length) {
    panel.append(
      el(
        "div",
        { class: "rr-known-top" },
        el("span", { class: "rr-mini-label" }, "Top of your deck (set at the Mechanic):"),
        top.map((c, i) => card(view, c, { small: true, badge: String(i + 1) })),
      ),
    );
  }
  const hidden = mine.rally_cards || [];
  const revealed = car.rally_revealed || [];
  panel.append(
    el(
      "div",
      { class: "rr-my-rally" },
      el("span", { class: "rr-mini-label" }, "Your rally cards", el("small", {}, " (only you see them)"), ":"),
      hidden.length ? hidden.map((n) => rallyTicket(view, n, { hidden: true })) : el("span", { class: "muted" }, "none in hand"),
      revealed.length ? [el("span", { class: "rr-mini-label" }, "revealed:"), revealed.map((n) => rallyTicket(view, n, { revealed: true }))] : null,
      el("span", { class: "muted small" }, `${revealed.length}/${MAX_SCORED} scored`),
    ),
  );
  return panel;
}

function raceOrder(view, ctx) {
  return el(
    "ol",
    { class: "rr-race-order", "aria-label": "The cars in race order" },
    view.order.map((seat, place) =>
      el(
        "li",
        { "data-seat": seat, class: seat === view.you ? "mine" : "" },
        el("span", { class: "place" }, ordinal(place + 1)),
        el("span", { class: "rr-token-inline", style: `--car:${colorOf(seat)}` }, String(seat + 1)),
        el("span", { class: "name" }, nameOf(ctx, seat)),
        view.cars[seat].finished ? el("span", { class: "badge green" }, "finished") : null,
        actor(view) === seat && view.phase !== "over" ? el("span", { class: "badge gold" }, "driving") : null,
      ),
    ),
  );
}

function legend() {
  const item = (kind, text) => el("li", {}, legendIcon(kind), text);
  return el(
    "ul",
    { class: "rr-legend" },
    item("gas", "Gas: discards back into your deck"),
    item("mech", "Mechanic: arrange your top 5 cards"),
    item("store", "General Store: start here, play up to 5 cards of any colours"),
    item("chip", "rally point on the track"),
    item("scored", "scored (ring: who has its chip)"),
    item("removed", "removed"),
    item("cp", "checkpoint tile (first car to pass takes it)"),
    item("shortcut", "shortcut across the bend"),
  );
}

function trackPanel(view, ctx) {
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
    you: seated(view) ? view.you : null,
    preview,
    shortcutFocus: focus,
    focusRally,
    chipHolder: chipHolders(view),
  });
  const scroller = el("div", { class: "rr-track-scroll" }, drawing);
  const touched = () => (userScrolled = true);
  for (const type of ["pointerdown", "wheel", "touchstart", "keydown"]) scroller.addEventListener(type, touched, { passive: true });
  scroller.addEventListener("scroll", () => (scrollLeft = scroller.scrollLeft), { passive: true });
  return el(
    "section",
    { class: "rr-panel rr-track-panel", "aria-label": "The track" },
    raceOrder(view, ctx),
    scroller,
    legend(),
  );
}

function carCard(view, ctx, seat) {
  const car = view.cars[seat];
  const place = placeOf(view, seat);
  const mine = seat === view.you && seated(view);
  const backs = (n, cls, label) =>
    el(
      "span",
      { class: `rr-backs ${cls}`, title: label, "aria-label": label },
      Array.from({ length: Math.min(n, 6) }, () => el("span", { class: "back" })),
      n > 6 ? el("span", { class: "more" }, `+${n - 6}`) : null,
    );
  const stat = (label, value, attrs = {}) => el("div", { class: "stat", ...attrs }, el("dt", {}, label), el("dd", {}, value));
  return el(
    "article",
    {
      class: `rr-car-card${mine ? " mine" : ""}${actor(view) === seat && view.phase !== "over" ? " moving" : ""}`,
      "data-seat": seat,
      style: `--car:${colorOf(seat)}`,
    },
    el(
      "header",
      {},
      el("span", { class: "rr-token-inline", style: `--car:${colorOf(seat)}` }, String(seat + 1)),
      el("span", { class: "name" }, nameOf(ctx, seat), mine && !ctx.hotseat ? el("span", { class: "you" }, "you") : null),
      el("span", { class: "total", title: "Total: points + 2 per checkpoint tile and rally chip", "data-total": car.total }, String(car.total), el("small", {}, " pts")),
    ),
    el(
      "p",
      { class: "where" },
      `${ordinal(place + 1)} place · space ${car.space + 1}`,
      car.finished ? el("span", { class: "badge green" }, "finished") : null,
      actor(view) === seat && view.phase !== "over" ? el("span", { class: "badge gold" }, "driving") : null,
    ),
    el(
      "dl",
      { class: "rr-stats" },
      stat("Hand", [el("span", { class: "rr-backs hand", title: "Cards in hand (hidden)" }, el("span", { class: "back" })), String(car.hand_size)], {
        "data-hand-size": car.hand_size,
      }),
      stat("Deck", String(car.deck_size), { "data-deck-size": car.deck_size }),
      stat("Discards", String(sum(car.discard))),
      stat("Points", String(car.points)),
      stat("Checkpoints", String(car.checkpoints)),
      stat("Chips", car.chips.length ? car.chips.join(", ") : "–"),
    ),
    el(
      "p",
      { class: "rally-line", "data-rally-hidden": car.rally_cards_hidden },
      el("span", { class: "label" }, "Rally cards"),
      car.rally_cards_hidden
        ? backs(car.rally_cards_hidden, "rally", `${plural(car.rally_cards_hidden, "rally card")} not revealed`)
        : null,
      el("span", { class: "muted" }, `${car.rally_cards_hidden} hidden`),
      car.rally_revealed.length ? [el("span", { class: "muted" }, "· revealed"), car.rally_revealed.map((n) => rallyTicket(view, n, { revealed: true }))] : null,
    ),
  );
}

function carsPanel(view, ctx) {
  return el(
    "section",
    { class: "rr-panel rr-cars-panel", "aria-label": "The cars" },
    el("h3", {}, "The cars, in race order"),
    el("div", { class: "rr-cars" }, view.order.map((seat) => carCard(view, ctx, seat))),
  );
}

function resultLine(view, ctx, r) {
  const earned = Object.entries(r.earned || {})
    .map(([seat, pts]) => [Number(seat), pts])
    .sort((a, b) => placeOf(view, a[0]) - placeOf(view, b[0]));
  const gains = earned.map(([seat, pts]) => `${who(view, ctx, seat)} +${pts}`);
  for (const seat of r.took_cards || []) gains.push(`${who(view, ctx, seat)} 2 cards`);
  if (r.finish) {
    return el("li", { class: "finish" }, el("b", {}, `Finish (round ${r.round})`), `: ${gains.join(", ") || "nobody crossed"}.`);
  }
  if (!r.scored) {
    return el("li", { class: "removed", "data-rally": r.rally }, el("b", {}, `Rally point ${r.rally}`), ` (round ${r.round}): not revealed, removed.`);
  }
  const chip = r.chip === null || r.chip === undefined ? "no chip" : `chip to ${who(view, ctx, r.chip)}`;
  return el(
    "li",
    { class: "scored", "data-rally": r.rally },
    el("b", {}, `Rally point ${r.rally}`),
    ` (round ${r.round}): revealed by ${who(view, ctx, r.trigger)} (doubled); ${chip}. ${gains.join(", ")}.`,
  );
}

function ralliesPanel(view, ctx) {
  const results = view.rally_results || [];
  const shown = results.slice(-6).reverse();
  return el(
    "section",
    { class: "rr-panel rr-rallies", "aria-label": "Rally scoring" },
    el("h3", {}, "Rally scoring", results.length > shown.length ? el("small", {}, ` (latest ${shown.length} of ${results.length})`) : null),
    shown.length
      ? el("ol", { class: "rr-results" }, shown.map((r) => resultLine(view, ctx, r)))
      : el("p", { class: "muted small" }, "No rally point has been scored yet. At the end of each round, crossed rally points may be revealed (at most two per round)."),
  );
}

/** A log line in plainer words: "Chance: seat 2 draws a card" -> "Bo draws a card". */
function plainLog(view, ctx, text) {
  const m = /^Chance: seat (\d+) (.*)$/.exec(text);
  if (!m) return text;
  const seat = Number(m[1]) - 1;
  if (!(seat >= 0 && seat < view.cars.length)) return text;
  const own = who(view, ctx, seat) === "You";
  const rest = own ? m[2].replace(/^draws /, "draw ").replace(/^is dealt /, "are dealt ") : m[2];
  return `${who(view, ctx, seat)} ${rest}`;
}

function recentPanel(view, ctx) {
  if (!Array.isArray(ctx.log)) return null;
  const lines = ctx.log.filter((t) => !t.startsWith("Chance: car ")).slice(-7).reverse().map((t) => plainLog(view, ctx, t));
  return el(
    "section",
    { class: "rr-panel rr-recent", "aria-label": "Latest moves" },
    el("h3", {}, "Latest moves"),
    lines.length ? el("ol", { class: "rr-recent-list" }, lines.map((t) => el("li", {}, t))) : el("p", { class: "muted small" }, "Nothing yet."),
  );
}

function finalPanel(view, ctx) {
  const winners = view.winners || [];
  const rows = view.order.map((seat, place) => {
    const car = view.cars[seat];
    return el(
      "tr",
      { "data-seat": seat, class: winners.includes(seat) ? "winner" : "" },
      el("td", {}, ordinal(place + 1)),
      el("td", {}, el("span", { class: "rr-token-inline", style: `--car:${colorOf(seat)}` }, String(seat + 1)), ` ${nameOf(ctx, seat)}`, winners.includes(seat) ? el("span", { class: "badge gold" }, "winner") : null),
      el("td", { class: "num" }, String(car.points)),
      el("td", { class: "num" }, `${car.checkpoints} × 2`),
      el("td", { class: "num" }, `${car.chips.length} × 2`),
      el("td", { class: "num total" }, String(car.total)),
    );
  });
  return el(
    "section",
    { class: "rr-panel rr-final", "aria-label": "Final tally" },
    el("h3", {}, "Final tally"),
    el(
      "table",
      { class: "rr-final-table" },
      el("thead", {}, el("tr", {}, el("th", {}, "Order"), el("th", {}, "Car"), el("th", {}, "Points"), el("th", {}, "Checkpoints"), el("th", {}, "Chips"), el("th", {}, "Total"))),
      el("tbody", {}, rows),
    ),
    el("p", { class: "muted small" }, "Total = points + 2 for each checkpoint tile and rally chip. A tie goes to the car further ahead in the final order."),
    rallyTable(view, ctx),
  );
}

/** The whole race's rally scoring: one row per scored point and the finish. */
function rallyTable(view, ctx) {
  const results = view.rally_results || [];
  const seats = view.cars.map((c) => c.seat);
  const removed = results.filter((r) => !r.finish && !r.scored).map((r) => r.rally);
  const cell = (r, seat) => {
    const pts = (r.earned || {})[String(seat)];
    if (pts !== undefined) return el("td", { class: `num${r.trigger === seat ? " trigger" : ""}` }, `+${pts}`);
    if ((r.took_cards || []).includes(seat)) return el("td", { class: "num cards" }, "2 cards");
    return el("td", { class: "num muted" }, "–");
  };
  const rows = results
    .filter((r) => r.finish || r.scored)
    .map((r) =>
      el(
        "tr",
        r.finish ? { class: "finish" } : { "data-rally": r.rally },
        el("td", {}, r.finish ? "Finish" : el("span", { class: "rr-ticket scored" }, String(r.rally))),
        el("td", { class: "num" }, String(r.round)),
        el("td", {}, r.finish ? "first across ×2" : `${nameOf(ctx, r.trigger)} ×2`),
        el("td", {}, r.finish ? "" : r.chip === null || r.chip === undefined ? "–" : nameOf(ctx, r.chip)),
        seats.map((seat) => cell(r, seat)),
      ),
    );
  return el(
    "div",
    { class: "rr-rally-summary" },
    el("h3", {}, "Rally scoring"),
    el(
      "div",
      { class: "rr-table-scroll" },
      el(
        "table",
        { class: "rr-rally-table" },
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", {}, "Rally"),
            el("th", { class: "num" }, "Round"),
            el("th", {}, "Revealed by"),
            el("th", {}, "Chip"),
            seats.map((seat) => el("th", { class: "num" }, el("span", { class: "rr-token-inline", style: `--car:${colorOf(seat)}` }, String(seat + 1)), ` ${nameOf(ctx, seat)}`)),
          ),
        ),
        el("tbody", {}, rows),
      ),
    ),
    removed.length ? el("p", { class: "muted small" }, `Removed, nobody revealed them: rally point${removed.length > 1 ? "s" : ""} ${removed.join(", ")}.`) : null,
  );
}

function topRow(view, ctx) {
  const crossed = view.crossed_this_round || [];
  return el(
    "div",
    { class: "rr-top" },
    el("span", { class: "round-chip" }, `Round ${view.round}`),
    view.final_round && view.phase !== "over" ? el("span", { class: "badge red" }, "Final round: a car crossed the finish") : null,
    el("span", { class: "muted" }, PHASE_WORDS[view.phase] || ""),
    crossed.length && view.phase !== "over" ? el("span", { class: "badge" }, `Crossed this round: rally point${crossed.length > 1 ? "s" : ""} ${crossed.join(", ")}`) : null,
    ctx.pending || local.plan ? el("span", { class: "badge" }, "sending…") : null,
  );
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
  last = { root, view, ctx };
  syncLocal(view);
  const awaitMe = canAct(context) && !local.plan;
  const board = el("div", {
    class: "rr-board",
    "data-phase": view.phase,
    "data-round": view.round,
    "data-mover": actor(view) ?? "",
    "data-you": view.you ?? "",
    "data-await": awaitMe ? "me" : "",
    "data-busy": String(Boolean(local.plan || context.pending)),
  });
  board.append(topRow(view, context));
  if (seated(view)) board.append(myPanel(view, context));
  if (view.phase === "over") board.append(finalPanel(view, context));
  board.append(trackPanel(view, context));
  board.append(
    el(
      "div",
      { class: "rr-lower" },
      carsPanel(view, context),
      el("div", { class: "rr-side" }, view.phase === "over" ? null : ralliesPanel(view, context), recentPanel(view, context)),
    ),
  );
  fill(root, board);
  placeTrackScroll(board, view);
  continueDrive(view, context);
}

/** The rules in plain words. */
export function rulesSummary() {
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
      el("li", {}, el("b", {}, "Gas"), ": stopping there shuffles your discards back into your deck (the only way to get them back)."),
      el("li", {}, el("b", {}, "Mechanic"), ": stopping there you look at your top 5 cards and put them back in the order you like."),
      el("li", {}, el("b", {}, "Shortcut"), ": ending a move at its entrance you may cross the bend at once."),
      el("li", {}, el("b", {}, "Checkpoint"), ": the first car past it takes the tile (2 points at the end); the last car then draws 2 cards."),
    ),
    el("h3", {}, "Rally scoring (end of each round)"),
    el(
      "ul",
      {},
      el("li", {}, "For each rally point crossed this round (from the back), whoever holds its card may reveal it. Then every car scores by place: ", el("b", {}, "5 / 4 / 3 / 2 / 1"), "; the one who revealed it scores double. 4th and 5th may draw 2 cards instead of their points."),
      el("li", {}, "The car on the rally space (the first to arrive) takes its chip: 2 points at the end. Points nobody reveals are removed."),
      el("li", {}, "At most two rally points per round, and each player scores at most 3 of their 4 rally cards."),
    ),
    el("h3", {}, "The finish"),
    el(
      "p",
      {},
      "The first car across the finish line makes this round the last. Cars that cross score as at a rally point (the first one doubled). ",
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
        return "Mechanic: click your top cards in the order you want to draw them.";
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
