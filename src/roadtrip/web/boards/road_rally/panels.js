// boards/road_rally/panels.js: the public panels of the Road Rally board: the
// race order, the legend of the track, every car's public counts (never another
// player's cards), the rally scoring so far, the latest moves and the final tally.

import { el } from "../../js/dom.js";
import {
  actor,
  colorOf,
  nameOf,
  placeOf,
  plural,
  rallyTicket,
  seated,
  sum,
  who,
} from "./common.js";
import { legendIcon, ordinal } from "./track.js";

export function raceOrder(view, ctx) {
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

export function legend() {
  const item = (kind, text) => el("li", {}, legendIcon(kind), text);
  return el(
    "ul",
    { class: "rr-legend" },
    item("gas", "Gas: discards back into your deck, before or after you draw"),
    item("mech", "Mechanic: arrange your top 5 cards"),
    item("store", "General Store: start here, play up to 5 cards of any colours"),
    item("chip", "rally point on the track"),
    item("scored", "scored (ring: who has its chip)"),
    item("removed", "removed"),
    item("cp", "checkpoint tile (first car to pass takes it)"),
    item("shortcut", "shortcut across the bend"),
  );
}

function carCard(view, ctx, seat) {
  const car = view.cars[seat];
  const place = placeOf(view, seat);
  const mine = seat === view.you && seated(view);
  const backs = (n, cls, label) =>
    el(
      "span",
      { class: `rr-backs ${cls}`, title: label, role: "img", "aria-label": label },
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

export function carsPanel(view, ctx) {
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

export function ralliesPanel(view, ctx) {
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
  const chance = /^Chance: (.*)$/.exec(text);
  if (!chance) return text;
  const m = /^seat (\d+)(.*)$/.exec(chance[1]);
  if (!m) return chance[1];
  const seat = Number(m[1]) - 1;
  if (!(seat >= 0 && seat < view.cars.length)) return chance[1];
  return `${nameOf(ctx, seat)}${m[2]}`;
}

export function recentPanel(view, ctx) {
  if (!Array.isArray(ctx.log)) return null;
  const lines = ctx.log.filter((t) => !/takes the next place in the starting row$/.test(t)).slice(-7).reverse().map((t) => plainLog(view, ctx, t));
  return el(
    "section",
    { class: "rr-panel rr-recent", "aria-label": "Latest moves" },
    el("h3", {}, "Latest moves"),
    lines.length ? el("ol", { class: "rr-recent-list" }, lines.map((t) => el("li", {}, t))) : el("p", { class: "muted small" }, "Nothing yet."),
  );
}

export function finalPanel(view, ctx) {
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

