// boards/road_to_300/texts.js: the words of the Road to 300 board, for
// board.js: the rules in plain words (the match page's "Rules" dialog,
// following the match's variant options), the status line, the few words next to
// a player, the end screen, and the names and words they share with the sheets.

import { capitalize, el, joinNames } from "../../js/dom.js";

export const ENDED = {
  no_cross: "three rolls in a row gave no field to cross",
  no_move: "the move could not be carried out",
  max_rounds: "the round limit was reached",
};

export function nameOf(ctx, seat) {
  const player = ctx.players && ctx.players[seat];
  return player ? player.name : `Player ${seat + 1}`;
}

/** Has this sheet's seat made this round's choices while others still decide?  Its
 *  sheet is then shown as before them (the choices are revealed together). */
function hasChosen(sheet, view) {
  return (view.chosen_seats || []).includes(sheet.seat);
}

function isDeciding(sheet, view) {
  return (sheet.step === "cross" || sheet.step === "move") && !hasChosen(sheet, view);
}

export function stepWord(sheet, view) {
  if (view.phase === "over") return sheet.over ? { text: "out", kind: "red" } : { text: "finished", kind: "" };
  if (hasChosen(sheet, view)) return { text: "has chosen", kind: "green" };
  if (sheet.over) return { text: "out", kind: "red" };
  if (isDeciding(sheet, view)) return { text: "deciding…", kind: "gold" };
  if (sheet.step === "waiting") return { text: "done", kind: "green" };
  return { text: "rolling", kind: "" };
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
        "Two of the dice name a field: column, row (2 and 4 give 2,4 or 4,2). Choose one of the glowing fields (click it, or the arrow keys and Enter) to put an X on it. ",
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
        "Choose the glowing field where your move ends (click it, or use the arrow keys and press Enter): it gets a circle.",
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
  const deciding = view.sheets.filter((s) => isDeciding(s, view)).map((s) => nameOf(ctx, s.seat));
  if (view.you === null || view.you === undefined) {
    return deciding.length ? `Round ${view.round}: ${joinNames(deciding)} deciding.` : `Round ${view.round}.`;
  }
  const me = view.sheets[view.you];
  const others = view.sheets
    .filter((s) => s.seat !== me.seat && isDeciding(s, view))
    .map((s) => nameOf(ctx, s.seat));
  const waitingFor = others.length ? ` Waiting for ${joinNames(others)}.` : "";
  switch (me.step) {
    case "cross":
      return view.round === 1 && !me.position
        ? "Cross out one glowing field. The die left over is your move: it enters the grid on a corner 30."
        : "Step 2: cross out one glowing field. The die left over is your move.";
    case "move":
      return `Step 4: move ${me.move_die}. Choose the glowing field where your move ends: click it, or use the arrow keys and press Enter.`;
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
