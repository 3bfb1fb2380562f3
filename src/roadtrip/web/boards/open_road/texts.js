// boards/open_road/texts.js: the words of The Open Road board, for board.js:
// the prompt above your decision (worded by the match's road_closure option for
// the Road Closure), the status line, the few words next to a player (the dots to
// go) and the end screen (who reached their destination, or who was nearest at
// the round limit).

import { capitalize, joinNames } from "../../js/dom.js";
import { shortName } from "./map.js";
import { MOTHER_LODE_CARDS, PLAYING_CARDS, isYou, moverOf, nameOf, plural, who } from "./panels.js";

const ROUTE_DECKS = ["East Coast", "West Coast", "Heartland"];

export function seated(view) {
  return view.you !== null && view.you !== undefined;
}

function cardName(key) {
  const card = PLAYING_CARDS[key] || MOTHER_LODE_CARDS[key];
  return card ? card[0] : capitalize(String(key).replaceAll("_", " "));
}

export function promptOf(view, ctx, nDotChoices, nOthers) {
  const me = moverOf(view);
  const rider = me !== null ? view.riders[me] : null;
  const pending = view.pending || {};
  switch (view.phase) {
    case "keep":
      return `Keep one of your two ${ROUTE_DECKS[pending.deck] || "route"} cards: choose a highlighted city or a button.`;
    case "origin":
      return "Choose where you start: the other coast city is your destination.";
    case "act": {
      const parts = [`${plural(view.actions_left, "action")} left.`];
      if (nDotChoices && rider) parts.push(`Ride with ${plural(rider.energy, "energy cube")}${view.peloton ? " (Peloton: half an energy a dot)" : ""}: choose a dot on the map (ringed: nearest your destination).`);
      else if (rider && rider.energy === 0) parts.push("No energy to ride: gather some first.");
      if (nOthers) parts.push(nDotChoices ? "Or:" : "Choose:");
      return parts.join(" ");
    }
    case "hotel":
      return "You arrived in a big city: stay in a hotel (2 money for 2 energy)?";
    case "target":
      return `Play ${pending.card ? cardName(pending.card) : "the card"} against which rider?`;
    case "pick":
      return pending.pick === "bandit"
        ? `Bandit: choose the cards to take (${plural(pending.left, "card")} left).`
        : `Choose the playing cards to trade for a Mother Lode card (${plural(pending.left, "card")} left).`;
    case "credit":
      return "Credit Card: take 3 cubes. How many of them energy (the rest money)?";
    case "close":
      return closurePrompt(view, ctx.options);
    case "cruise":
      return "Tune Up: choose a highlighted dot to cruise there without energy.";
    default:
      return "Choose:";
  }
}

/** The Road Closure's prompt: the cube stays for the rest of the game (option
 * road_closure=stays) or a later card moves it (moves). */
function closurePrompt(view, options) {
  const rule = options && options.road_closure;
  if (rule === "moves" && view.road_closure !== null && view.road_closure !== undefined) {
    return `Road Closure: choose a highlighted camp site to move the red cube there (${view.road_closure_at} reopens).`;
  }
  if (rule === "moves") return "Road Closure: choose a highlighted camp site to close it (until a Road Closure moves the cube).";
  if (rule === "stays") return "Road Closure: choose a highlighted camp site to close it for the rest of the game.";
  return "Road Closure: choose a highlighted camp site to close it.";
}

function waitingText(view, ctx) {
  const mover = moverOf(view);
  if (view.phase === "over" || mover === null) return "";
  const name = who(view, ctx, mover);
  const are = isYou(view, ctx, mover) ? "are" : "is";
  if (view.round === 0) return `${name} ${are} choosing a route.`;
  return `${name} ${are} riding (${plural(view.actions_left, "action")} left).`;
}

/** What the viewer should do now, in one sentence. */
export function statusLine(view, ctx) {
  if (view.phase === "over") return "";
  const mine = (ctx.choices || []).length > 0 && seated(view);
  if (!mine) return waitingText(view, ctx);
  switch (view.phase) {
    case "keep":
      return `Keep one of the two ${ROUTE_DECKS[(view.pending || {}).deck] || "route"} cards.`;
    case "origin":
      return "Choose the coast you start from.";
    case "act":
      return view.rides && view.rides.length ? "Choose a highlighted dot to ride, or another action." : "Choose an action.";
    case "hotel":
      return "Stay in a hotel?";
    case "target":
      return "Choose the rider to play the card against.";
    case "pick":
      return "Choose the cards.";
    case "credit":
      return "Choose the Credit Card's mix of energy and money.";
    case "close":
      return "Choose the camp site for the road closure cube: click it, or Tab to it and press Enter.";
    case "cruise":
      return "Choose where the Tune Up takes you: click it, or Tab to it and press Enter.";
    default:
      return "";
  }
}

/** A few words next to a player in the player list: the dots to go. */
export function playerExtra(view, seat) {
  const rider = view.riders && view.riders[seat];
  if (!rider || rider.remaining === null || rider.remaining === undefined || rider.remaining < 0) return "";
  return rider.remaining === 0 ? "arrived" : `${rider.remaining} to go`;
}

/** The end screen: who reached their destination (or who was nearest at the round limit). */
export function endSummary(view, ctx) {
  const winners = view.winners || [];
  const order = [...view.riders].sort((a, b) => (a.remaining ?? 999) - (b.remaining ?? 999) || a.seat - b.seat);
  const rows = order.map((r) => ({
    name: nameOf(ctx, r.seat),
    score: r.remaining === 0 ? "arrived" : `${plural(r.remaining ?? 0, "dot")} left`,
    note: `${shortName(r.origin)} → ${shortName(r.destination)} · ${r.energy} energy, ${r.money} money`,
    winner: winners.includes(r.seat),
  }));
  const own = seated(view) && !ctx.hotseat;
  const names = winners.map((s) => who(view, ctx, s));
  let headline;
  let how;
  if (view.end === "destination" && winners.length === 1) {
    const r = view.riders[winners[0]];
    headline = isYou(view, ctx, winners[0]) ? `You win: you reached ${shortName(r.destination)} first!` : `${nameOf(ctx, winners[0])} wins, reaching ${shortName(r.destination)} first!`;
    how = `${who(view, ctx, winners[0])} rode from ${r.origin} to ${r.destination} in ${plural(view.round, "round")}.`;
  } else if (view.end === "destination" && winners.length > 1) {
    // ending=finish_round: the round was played to its end and several riders arrived.
    headline = `${joinNames(names)} share the victory`;
    how = "They reached their destinations in the same round, which was played to its end.";
  } else {
    headline = winners.length > 1 ? `${joinNames(names)} share the victory` : `${names[0] || "Nobody"} ${names[0] === "You" ? "win" : "wins"}`;
    how = `The race reached its round limit (${view.max_rounds || view.round}): the riders nearest their destination win.`;
  }
  let outcome = null;
  if (own) {
    if (!winners.includes(view.you)) outcome = "lose";
    else outcome = winners.length > 1 ? "draw" : "win";
  }
  return { headline, how, outcome, rows };
}
