// boards/open_road/rules.js: The Open Road's rules in plain words (the match page's
// "Rules" dialog), as the match's variant options make them, for board.js.

import { el } from "../../js/dom.js";

// The help's sentences that depend on the match's options (ctx.options; absent on
// the replay page and before the match is loaded: the words stay neutral there).
// The words before and after "Side Trip", by option side_trip.
const SIDE_TRIP_HELP = {
  each_city: ["each city of your ", " card gives 3 and 3, once each"],
  once: ["your ", " card gives 3 and 3 once, in the first of its cities you land in"],
  every_landing: ["every landing in a city of your ", " card gives 3 and 3"],
};
const SIDE_TRIP_NEUTRAL = ["the cities of your ", " card give 3 and 3"];
const CLOSURE_HELP = {
  stays: " for the rest of the game",
  moves: " until the next Road Closure card moves it (that camp site reopens)",
};

/** The rules in plain words, as the match's options (ctx.options) make them. */
export function rulesSummary(ctx = {}) {
  const options = ctx.options || {};
  const side = SIDE_TRIP_HELP[options.side_trip] || SIDE_TRIP_NEUTRAL;
  const limit = Number(options.max_rounds) || 0;
  return el(
    "div",
    { class: "rules-summary or-rules" },
    el(
      "p",
      {},
      "Be the first rider to cross America: from your East Coast city to your West Coast city, or the other way round.",
      options.ending === "finish_round" ? " The round in which a rider arrives is played to its end: every rider who arrives in it shares the victory." : null,
      limit ? ` The race ends after round ${limit} at the latest: then the riders nearest their destination share the victory.` : null,
    ),
    el("h3", {}, "Setup"),
    el(
      "ul",
      {},
      el("li", {}, "Draw two East Coast, two West Coast and two Heartland cards and keep one of each; then draw a Side Trip card at random and choose the coast you start from."),
      el("li", {}, "Everyone starts with 3 energy and 10 money. A pannier holds at most 10 of each and 8 cards. Every card is face up."),
    ),
    el("h3", {}, "A turn: two actions (repeats allowed)"),
    el(
      "ol",
      {},
      el("li", {}, el("b", {}, "Ride"), ": one energy per dot, as far as your energy goes", options.pass_through === false ? "; a ride ends at the first city it enters" : null, "."),
      el("li", {}, el("b", {}, "Pick up"), " a playing card."),
      el("li", {}, el("b", {}, "Play"), " a playing card: Extra Energy (+2), Extra Money (+2), Couch Surf and Free Night Stay (energy, in a city), Tune Up (2 free dots out of a city), or against a rival: Headwind, Saddle Sores, a lost turn."),
      el("li", {}, el("b", {}, "Trade 5 playing cards"), " for a Mother Lode card (at most 2 held)."),
      el("li", {}, el("b", {}, "Play a Mother Lode card"), ": Lost I.D., Better Tent, Bandit, Credit Card, Road Closure, Peloton, Slow Leak, Lottery Ticket."),
      el("li", {}, el("b", {}, "Trade 3 Extra Money cards"), " for 7 money."),
      el("li", {}, el("b", {}, "Cash in 5 money"), " for 2 energy."),
    ),
    el("h3", {}, "On the way"),
    el(
      "ul",
      {},
      el(
        "li",
        {},
        "Arriving in a ",
        el("b", {}, "big city"),
        " (orange) you may stay in a hotel: 2 money for 2 energy",
        options.hotel === "first_visit" ? ", on your first arrival in each big city only" : null,
        ".",
      ),
      el(
        "li",
        {},
        "Your ",
        el("b", {}, "Heartland"),
        " city gives 5 energy and 5 money, then a new Heartland card; ",
        side[0],
        el("b", {}, "Side Trip"),
        side[1],
        ".",
        options.landing === "pass" ? " A city you ride through counts as landing there (the hotel too)." : null,
      ),
      el(
        "li",
        {},
        "A rival's card that takes your last money (Saddle Sores) is ",
        el("b", {}, "bankruptcy"),
        ": back to the last big city on your route, unless you are in a big city (you are safe there). Spending your own money is never bankruptcy.",
      ),
      el("li", {}, "The ", el("b", {}, "road closure"), ` cube (red) closes a camp site to every rider${CLOSURE_HELP[options.road_closure] || ""}.`),
    ),
  );
}
