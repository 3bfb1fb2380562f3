// boards/road_rally/decisions.js: the Road Rally decisions other than a move,
// each a box with big buttons: the shortcut (7 / 8), the Mechanic (9-14: click the
// top cards in the order they should come off the deck), revealing a rally point
// card (15 / 16), points or two cards in 4th or 5th place (17 / 18), and Gas:
// shuffle before or after drawing (19 / 20).  Also the sentence saying who is
// deciding, any leftover choice as a plain button, and the advisor's figures on
// the controls of your panel.

import { adviceKit } from "../../js/advice-marks.js";
import { capitalize, el, joinNames } from "../../js/dom.js";
import {
  GAS_AFTER,
  GAS_BEFORE,
  MAX_SCORED,
  MECH_BASE,
  NUM_TYPES,
  PASS,
  PHASE_WORDS,
  POINTS_BY_PLACE,
  REVEAL,
  SKIP_SHORTCUT,
  TAKE_CARDS,
  TAKE_POINTS,
  TAKE_SHORTCUT,
  actor,
  bigButton,
  canAct,
  card,
  cardName,
  isYou,
  legalSet,
  placeOf,
  plural,
  sum,
  who,
  zeros,
} from "./common.js";
import { FEATURE_NAMES, ordinal } from "./track.js";

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

export function revealBox(view, ctx) {
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
    box.append(el("p", {}, `You hold card ${n}, but in this match only a player whose car is on or beyond the rally point may reveal it.`));
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

export function rewardBox(view, ctx) {
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

export function shortcutBox(view, ctx) {
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

export function mechanicBox(view, ctx) {
  const legal = legalSet(ctx);
  const mine = view.mine;
  const order = mine.mechanic_order || [];
  const left = mine.mechanic_cards || zeros();
  const box = el("div", { class: "rr-decide-box mechanic" });
  box.append(
    el("h3", {}, "Mechanic: tune your car"),
    el("p", {}, `These are the top cards of your deck. Choose them (click, or Tab and press Enter) in the order they should come off the deck: the first you choose is the next card you draw. The last one goes under the others by itself (${plural(view.mechanic_placements_left ?? 0, "card")} still to place).`),
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
  box.append(placed, el("p", { class: "rr-mini-label" }, `Choose the ${ordinal(order.length + 1)} card:`), pick);
  return box;
}

export function gasBox(view, ctx) {
  const legal = legalSet(ctx);
  const draws = view.gas_draws ?? 0;
  const me = view.cars[view.you];
  const discards = sum(me.discard);
  return el(
    "div",
    { class: "rr-decide-box gas" },
    el("h3", {}, "Gas: shuffle before or after you draw?"),
    el(
      "p",
      {},
      `Your ${plural(discards, "discarded card")} go back into your deck (${plural(me.deck_size, "card")} now). You draw ${plural(draws, "card")} for this move.`,
    ),
    el(
      "div",
      { class: "rr-actions" },
      bigButton(GAS_BEFORE, "Shuffle, then draw", "the cards just played may come back at once", { kind: "go", legal, ctx }),
      bigButton(GAS_AFTER, "Draw, then shuffle", `draw from the ${plural(me.deck_size, "card")} of your deck`, { kind: "stop", legal, ctx }),
    ),
  );
}

export function waitingText(view, ctx) {
  const deciding = (view.deciding || []).map((s) => who(view, ctx, s));
  switch (view.phase) {
    case "play":
      return view.mover === null || view.mover === undefined ? "" : `${who(view, ctx, view.mover)} ${isYou(view, ctx, view.mover) ? "are" : "is"} driving.`;
    case "shortcut":
      return actor(view) === null ? "" : `${who(view, ctx, actor(view))} may take a shortcut.`;
    case "mechanic":
      return `${who(view, ctx, view.mover)} ${isYou(view, ctx, view.mover) ? "are" : "is"} at the Mechanic, arranging the top of the deck.`;
    case "gas":
      return `${who(view, ctx, view.mover)} ${isYou(view, ctx, view.mover) ? "are" : "is"} at the Gas station, shuffling before or after drawing.`;
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
export function leftoverChoices(ctx, drawn) {
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

/**
 * The advisor's figure on the control of each choice, when shown: a card of the
 * hand (the first one not yet played) for playing that type, the Mechanic's card,
 * the decision's button, "Drive" for "done".  Figures go under cards, whose
 * corners carry their own marks.
 */
export function markAdvice(panel, view, ctx) {
  const advice = adviceKit(ctx);
  if (!advice.on) return;
  for (const { action } of ctx.choices || []) {
    const control =
      view.phase === "play" && action < NUM_TYPES
        ? panel.querySelector(`.rr-hand button[data-card-type="${action}"]:not([data-state="sent"])`)
        : panel.querySelector(`button[data-action="${action}"]`);
    if (control) advice.mark(control, action, { below: control.classList.contains("rr-card") });
  }
  panel.append(advice.notes);
}
