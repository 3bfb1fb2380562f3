// boards/main_street/rules.js: the rules of both Main Street games in plain words
// (the match page's "Rules" dialog), with the table of cube colours.  The words
// follow the match's variant options (ctx.options; absent: the defaults).

import { el } from "../../js/dom.js";
import { inkFor, mix } from "./common.js";

/** The solo line for the option solo_six_black (loss, win or ignore). */
export function soloSixBlackText(options) {
  const value = (options && options.solo_six_black) || "loss";
  if (value === "ignore") return "Six black cubes do not end a solo game: play on until every state and the sign has a cube.";
  if (value === "win") return "Six black cubes end a solo game too, and count as a win in that many turns.";
  return "Six black cubes end a solo game too: a loss.";
}

/** "Fill up again" in words for the option short_bag (partial or refuse). */
export function fillUpAgainText(options) {
  return options && options.short_bag === "refuse"
    ? ": three more cubes (only while the bag still holds three or more)."
    : ": three more cubes (or the last one or two, when the bag holds fewer).";
}

export function kicksRules(options) {
  return el(
    "div",
    { class: "rules-summary" },
    el(
      "p",
      {},
      "Try your luck at the Route 66 casino. The goal: at least one cube of the right colour on each of the eight states ",
      "and a black cube on the Route 66 sign.",
    ),
    el("h3", {}, "Your turn"),
    el(
      "ol",
      {},
      el("li", {}, "A cube is drawn from the bag into your casino (the server draws for you)."),
      el(
        "li",
        {},
        el("b", {}, "Conclude"),
        ": every cube in the casino goes onto the state of its colour (black onto the Route 66 sign) and your turn ends. Or ",
        el("b", {}, "draw a cube"),
        ": one more cube into the casino.",
      ),
      el(
        "li",
        {},
        "If the new cube's colour is already in the casino, you ",
        el("b", {}, "bust"),
        ": every cube of this turn goes back into the bag and you gain nothing. Otherwise decide again.",
      ),
    ),
    el(
      "p",
      { class: "tip" },
      "The board shows the chance that the next cube busts: the cubes left in the bag of the colours already in your casino, out of all the cubes in the bag.",
    ),
    el("h3", {}, "The end"),
    el(
      "ul",
      {},
      el(
        "li",
        {},
        "The game ends for everyone when a player has a cube on all eight states and the sign, or six black cubes on the sign ",
        "(with the match option “end: finish round”, the others still play their turn of that round first).",
      ),
      el("li", {}, "Score: on each state and the sign, cubes × the white number in the black circle. Highest total wins; a tie shares the win."),
      el("li", {}, `Solo: get a cube on every state and the sign in as few turns as you can. ${soloSixBlackText(options)}`),
    ),
    colorTable(true),
  );
}

export function mileageRules(options) {
  return el(
    "div",
    { class: "rules-summary" },
    el(
      "p",
      {},
      "A race along Route 66: be the first to fill every box on the eight states (1 to 4 each) and the five black boxes on the Route 66 sign, 25 boxes in all.",
    ),
    el("h3", {}, "Your turn"),
    el(
      "ol",
      {},
      el("li", {}, el("b", {}, "Fill up"), ": three cubes are drawn onto your gas pumps (the server draws for you). Their colours are your ", el("b", {}, "fuel"), " for this turn."),
      el(
        "li",
        {},
        el("b", {}, "Stop"),
        ": the cubes fill empty boxes of their colour; cubes that find no empty box go back into the bag. Or ",
        el("b", {}, "fill up again"),
        fillUpAgainText(options),
      ),
      el(
        "li",
        {},
        "Each new fill-up needs at least one cube of a fuel colour (only the first fill-up's colours count). If none matches you ",
        el("b", {}, "bust"),
        ": every cube of the turn goes back into the bag.",
      ),
    ),
    el(
      "p",
      { class: "tip" },
      "The board shows the chance that the next fill-up has none of your fuel colours, worked out from what is left in the bag.",
    ),
    el("h3", {}, "The end"),
    el(
      "ul",
      {},
      el(
        "li",
        {},
        "The race ends at once when a player has filled all 25 boxes: that player wins. ",
        "(With the match option “end: finish round”, the round is played out first and every complete mat shares the win.)",
      ),
      el("li", {}, "Solo: fill every box in as few turns as you can."),
    ),
    colorTable(false),
  );
}

export const COLOR_TABLE = [
  ["Black", "#1f1f1f", "Route 66 sign", 25, 1, 5, "66"],
  ["Red", "#c8342c", "Arizona", 20, 2, 4, "AZ"],
  ["Yellow", "#e9c031", "Oklahoma", 20, 2, 4, "OK"],
  ["Light blue", "#7cc3e8", "Missouri", 15, 3, 3, "MO"],
  ["Pink", "#ee8fb5", "New Mexico", 15, 3, 3, "NM"],
  ["Green", "#3f9a4a", "Illinois", 10, 4, 2, "IL"],
  ["Dark blue", "#24448f", "California", 10, 4, 2, "CA"],
  ["Orange", "#ec8a2c", "Texas", 5, 5, 1, "TX"],
  ["Purple", "#7d4a9e", "Kansas", 5, 5, 1, "KS"],
];

export function colorTable(kicks) {
  return el(
    "table",
    { class: "ms-color-table" },
    el("thead", {}, el("tr", {}, el("th", {}, "Cube"), el("th", {}, "Place"), el("th", {}, "In the bag"), el("th", {}, kicks ? "Points" : "Boxes"))),
    el(
      "tbody",
      {},
      COLOR_TABLE.map(([name, hex, place, cubes, points, boxes, mark]) =>
        el(
          "tr",
          {},
          el(
            "td",
            {},
            el("span", { class: "mini-cube", style: `--cube:${hex};--cube-edge:${mix(hex, "#000000", 0.4)};--cube-ink:${inkFor(hex)}` }, mark),
            ` ${name}`,
          ),
          el("td", {}, place),
          el("td", {}, String(cubes)),
          el("td", {}, String(kicks ? points : boxes)),
        ),
      ),
    ),
  );
}
