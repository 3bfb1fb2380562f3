// boards/open_road/panels.js: The Open Road's panels beside the map, for board.js.
//
// Everything in The Open Road is face up, so every viewer sees the same panels:
// the race status (round, whose turn, actions left, Peloton, the road closure),
// one pannier per rider (energy and money cubes out of 10, the card slots with
// playing and Mother Lode cards as small labelled cards, the route cards: East
// Coast, West Coast, Heartland and Side Trip), and the decks and discard pile.
//
// Test hooks: a rider's pannier is .or-rider[data-seat] with data-energy,
// data-money, data-dot, data-remaining and data-slots; its cubes are
// .or-cube.energy.on / .or-cube.money.on; its cards are .or-card[data-card].

import { el } from "../../js/dom.js";
import { RIDER_COLORS, shortName } from "./map.js";

export const MAX_CUBES = 10;

// Playing cards: name, what it does in a few words, and its family (the colour).
export const PLAYING_CARDS = {
  extra_money: ["Extra Money", "+2 money", "money"],
  extra_energy: ["Extra Energy", "+2 energy", "energy"],
  headwind: ["Headwind", "a rival loses 2 energy", "against"],
  free_night_stay: ["Free Night Stay", "+2 energy in a city", "energy"],
  couch_surf: ["Couch Surf", "+1 energy in a city", "energy"],
  saddle_sores: ["Saddle Sores", "a rival loses 2 money", "against"],
  broken_spoke: ["Broken Spoke", "a rival loses a turn", "against"],
  cracked_fork: ["Cracked Fork", "a rival loses a turn", "against"],
  snapped_pedal: ["Snapped Pedal", "a rival loses a turn", "against"],
  bent_rim: ["Bent Rim", "a rival loses a turn", "against"],
  tune_up: ["Tune Up", "ride 2 dots free out of a city", "energy"],
};

export const MOTHER_LODE_CARDS = {
  lost_id: ["Lost I.D.", "a rival goes back to their last big city"],
  better_tent: ["Better Tent", "+1 energy a turn on a camp site"],
  bandit: ["Bandit", "steal a rival's playing cards"],
  credit_card: ["Credit Card", "3 cubes, any mix, on 2 turns"],
  road_closure: ["Road Closure", "close a camp site with the red cube"], // see closureEffect
  peloton: ["Peloton", "rides go twice as far for a turn"],
  slow_leak: ["Slow Leak", "every rival loses 3 energy"],
  lottery_ticket: ["Lottery Ticket", "3 cards; a full pannier at the Heartland"],
};

// What a card does in a glance, printed small on it (the full words on hover).
const CARD_GLYPHS = {
  extra_money: "+2 $",
  extra_energy: "+2 E",
  headwind: "−2 E rival",
  free_night_stay: "+2 E city",
  couch_surf: "+1 E city",
  saddle_sores: "−2 $ rival",
  broken_spoke: "rival skips",
  cracked_fork: "rival skips",
  snapped_pedal: "rival skips",
  bent_rim: "rival skips",
  tune_up: "2 dots free",
  lost_id: "rival back",
  better_tent: "+1 E camp",
  bandit: "steal cards",
  credit_card: "3 cubes ×2",
  road_closure: "close road",
  peloton: "rides ×2",
  slow_leak: "−3 E all",
  lottery_ticket: "3 cards",
};

// ------------------------------------------------ words under the options
// Some cards and bonuses work as the match's variant options say (ctx.options, the
// server's; absent on the replay page, where the words stay neutral).

/** What the Road Closure card does, under option road_closure. */
export function closureEffect(options) {
  const rule = options && options.road_closure;
  if (rule === "stays") return "close a camp site for the rest of the game";
  if (rule === "moves") return "close a camp site until the next Road Closure moves the cube (that camp site reopens)";
  return MOTHER_LODE_CARDS.road_closure[1];
}

/** What a Side Trip card pays, under option side_trip. */
export function sideTripEffect(options) {
  switch (options && options.side_trip) {
    case "each_city":
      return "3 energy and 3 money in each of its cities, once each";
    case "once":
      return "3 energy and 3 money once, in the first of its cities you land in";
    case "every_landing":
      return "3 energy and 3 money every time you land in one of its cities";
    default:
      return "3 energy and 3 money on landing in its cities";
  }
}

/** A Side Trip city of `rider`: paid (its bonus collected), open (landing there pays
 * now: the view's side_trip_open, which follows option side_trip) and its words. */
export function sideTripCity(rider, city) {
  const paid = (rider.side_trip_paid || []).includes(city);
  const open = rider.side_trip_open ? rider.side_trip_open.includes(city) : !paid;
  let note = "3 energy and 3 money on landing";
  if (paid) note = open ? "bonus collected; 3 energy and 3 money again on landing" : "bonus collected";
  else if (!open) note = "pays nothing now: the card has paid its bonus";
  return { paid, open, note };
}

const words = (key) => String(key).replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
export const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

let seatColours = [];

/** The seats' colours from the match's players (the server's one palette,
 * roadtrip.server.seats); RIDER_COLORS, the same palette, where a page gives none. */
export function setSeatColours(players) {
  seatColours = (players || []).map((p) => (p && typeof p.colour === "string" ? p.colour : null));
}

export function colorOf(seat) {
  return seatColours[seat] || RIDER_COLORS[seat % RIDER_COLORS.length];
}

export function nameOf(ctx, seat) {
  const player = ctx.players && ctx.players[seat];
  return player ? player.name : `Rider ${seat + 1}`;
}

/** Is `seat` this screen's own rider (not on a hot-seat screen)? */
export function isYou(view, ctx, seat) {
  return view.you !== null && view.you !== undefined && seat === view.you && !ctx.hotseat;
}

/** "You" on your own screen, else the name. */
export function who(view, ctx, seat) {
  return isYou(view, ctx, seat) ? "You" : nameOf(ctx, seat);
}

export function token(seat) {
  return el("span", { class: "or-token", style: `--rider:${colorOf(seat)}` }, String(seat + 1));
}

/** The seat whose move it is (setup or a turn), or null. */
export function moverOf(view) {
  if (view.phase === "over") return null;
  if (view.round === 0 || view.turn === null || view.turn === undefined) return view.setup_seat ?? null;
  return view.turn;
}

// ----------------------------------------------------------------- cards
// Soft hyphens where a card's name is one long word for a small card.
const CARD_HYPHENS = { Headwind: "Head\u00adwind" };

/** The card's corner indicator, [energy, money] it gives (view.card_corners): energy
 * in the lower left corner, money in the lower right, as on the printed cards. */
function corners(corner) {
  const [energy, money] = corner || [0, 0];
  if (!energy && !money) return null;
  return el(
    "span",
    { class: "or-corners" },
    el("span", { class: "e" }, energy ? `${energy} E` : ""),
    el("span", { class: "m" }, money ? `${money} $` : ""),
  );
}

export function playingCard(key, extra = {}, corner = null) {
  const [name, effect, family] = PLAYING_CARDS[key] || [words(key), "", "other"];
  return el(
    "span",
    { class: `or-card play ${family}`, "data-card": key, title: `${name}: ${effect}`, ...extra },
    el("b", {}, CARD_HYPHENS[name] || name),
    corners(corner) || el("small", {}, CARD_GLYPHS[key] || ""),
  );
}

export function motherLodeCard(key, extra = {}, options = null) {
  const [name, plain] = MOTHER_LODE_CARDS[key] || [words(key), ""];
  const effect = key === "road_closure" ? closureEffect(options) : plain;
  return el(
    "span",
    { class: "or-card lode", "data-card": key, "data-mother-lode": "true", title: `Mother Lode card ${name}: ${effect}`, ...extra },
    el("b", {}, name),
    el("small", {}, CARD_GLYPHS[key] || ""),
  );
}

function cubes(kind, count) {
  const label = `${plural(count, `${kind} cube`)} of ${MAX_CUBES}`;
  return el(
    "span",
    { class: `or-cubes ${kind}`, title: label, role: "img", "aria-label": label },
    Array.from({ length: MAX_CUBES }, (_, i) => el("span", { class: `or-cube ${kind}${i < count ? " on" : ""}` })),
    el("span", { class: "or-cube-count" }, String(count)),
  );
}

function slots(view, rider, options) {
  const total = view.pannier_slots || 8;
  const items = [];
  const corner = view.card_corners || {};
  for (const [key, n] of Object.entries(rider.cards || {})) for (let i = 0; i < n; i++) items.push(playingCard(key, {}, corner[key]));
  for (const [key, n] of Object.entries(rider.mother_lode || {})) for (let i = 0; i < n; i++) items.push(motherLodeCard(key, {}, options));
  while (items.length < total) items.push(el("span", { class: "or-card empty", title: "An empty card slot" }));
  return el("div", { class: "or-slots", role: "group", "aria-label": `Card slots: ${rider.slots_used} of ${total} used` }, items);
}

function routeCard(kind, title, city, extra = null, attrs = {}) {
  return el(
    "div",
    { class: `or-route-card ${kind}${city ? "" : " none"}`, ...attrs },
    el("span", { class: "deck" }, title),
    el("b", { class: city && shortName(city).length > 10 ? "long" : null }, city ? shortName(city) : "–"),
    extra,
  );
}

function routeCards(rider, options) {
  const dirTag = (city) => {
    if (!city || !rider.origin) return null;
    if (city === rider.origin) return el("span", { class: "dir" }, "start");
    if (city === rider.destination) return el("span", { class: "dir to" }, "finish");
    return null;
  };
  const side = rider.side_trip
    ? el(
        "ul",
        { class: "or-side-cities" },
        (rider.side_trip_cities || []).map((c) => {
          const { paid, open, note } = sideTripCity(rider, c);
          const cls = paid ? "paid" : open ? "" : "spent"; // spent: pays nothing now, never paid
          return el("li", { class: cls, "data-open": String(open), title: `${c}: ${note}` }, paid ? "✓ " : "", shortName(c));
        }),
      )
    : null;
  return el(
    "div",
    { class: "or-route-cards" },
    routeCard("east", "East Coast", rider.east_coast, dirTag(rider.east_coast), { title: rider.east_coast || "" }),
    routeCard("west", "West Coast", rider.west_coast, dirTag(rider.west_coast), { title: rider.west_coast || "" }),
    routeCard("heart", "Heartland", rider.heartland, rider.lottery_bonus ? el("span", { class: "dir lottery" }, "lottery!") : null, {
      title: rider.heartland ? `${rider.heartland}: 5 energy and 5 money on landing${rider.lottery_bonus ? " (the Lottery bonus: a full pannier)" : ""}` : "",
    }),
    routeCard("side", "Side Trip", rider.side_trip, side, { title: rider.side_trip ? `${rider.side_trip}: ${sideTripEffect(options)}` : "" }),
  );
}

function whereLine(rider) {
  if (rider.dot === null || rider.dot === undefined || rider.dot < 0) {
    return el("p", { class: "or-where muted" }, "Choosing a route…");
  }
  const left = rider.remaining;
  return el(
    "p",
    { class: "or-where" },
    "At ",
    el("b", {}, rider.at),
    rider.destination
      ? [" · ", el("b", { class: "or-left" }, left === null || left === undefined || left < 0 ? "no way" : plural(left, "dot")), ` to ${shortName(rider.destination)}`]
      : null,
  );
}

/** One rider's pannier and route cards. */
export function riderPanel(view, ctx, rider, { selected, onSelect, winner, last = false }) {
  const seat = rider.seat;
  const mover = moverOf(view);
  const tags = [];
  if (isYou(view, ctx, seat)) tags.push(el("span", { class: "badge" }, "you"));
  if (winner) tags.push(el("span", { class: "badge gold" }, "winner"));
  if (mover === seat) tags.push(el("span", { class: "badge green" }, view.round ? "riding" : "choosing"));
  if (rider.loses_next_turn) tags.push(el("span", { class: "badge red" }, "loses next turn"));
  if (rider.arrived && !winner) tags.push(el("span", { class: "badge gold" }, "arrived"));
  if (rider.credit_card_used_once) tags.push(el("span", { class: "badge" }, "Credit Card used once"));
  return el(
    "article",
    {
      class: `or-rider${selected ? " selected" : ""}${mover === seat ? " moving" : ""}${last ? " last" : ""}`,
      "aria-label": `${nameOf(ctx, seat)}'s pannier`,
      style: `--rider:${colorOf(seat)}`,
      "data-seat": seat,
      "data-dot": rider.dot,
      "data-energy": rider.energy,
      "data-money": rider.money,
      "data-remaining": rider.remaining ?? "",
      "data-slots": rider.slots_used,
    },
    el(
      "button",
      { type: "button", class: "or-rider-head", "data-focus-key": `rider-${seat}`, "aria-pressed": String(selected), title: `Show ${nameOf(ctx, seat)}'s route on the map`, onclick: () => onSelect(seat) },
      token(seat),
      el("span", { class: "name" }, nameOf(ctx, seat)),
      tags,
    ),
    whereLine(rider),
    el(
      "div",
      { class: "or-cube-rows" },
      el("span", { class: "or-mini" }, "Energy"),
      cubes("energy", rider.energy),
      el("span", { class: "or-mini" }, "Money"),
      cubes("money", rider.money),
      el("span", { class: "or-mini" }, "Cards"),
      el("span", { class: "or-mini" }, `${rider.slots_used} of ${view.pannier_slots} slots`),
    ),
    slots(view, rider, ctx.options),
    routeCards(rider, ctx.options),
    rider.last_big_city ? el("p", { class: "or-small muted", title: "Bankruptcy or a Lost I.D. sends the rider back there" }, `Last big city: ${shortName(rider.last_big_city)}`) : null,
  );
}

// ---------------------------------------------------------------- status
function pips(left, total = 2) {
  return el(
    "span",
    { class: "or-pips", title: `${plural(left, "action")} left this turn`, "data-left": left },
    Array.from({ length: total }, (_, i) => el("span", { class: `pip${i < left ? " on" : ""}` })),
  );
}

/** Round, whose turn, actions left, Peloton, the road closure. */
export function statusBar(view, ctx) {
  const mover = moverOf(view);
  const bits = [];
  if (view.round === 0) bits.push(el("span", { class: "or-round" }, "Setup"));
  else bits.push(el("span", { class: "or-round" }, `Round ${view.round}${view.max_rounds ? ` of ${view.max_rounds}` : ""}`));
  if (view.phase === "over") bits.push(el("span", { class: "badge gold" }, "Race over"));
  else if (mover !== null) {
    const you = isYou(view, ctx, mover);
    bits.push(
      el(
        "span",
        { class: "or-turn", "data-seat": mover },
        token(mover),
        view.round === 0 ? `${who(view, ctx, mover)} ${you ? "are" : "is"} choosing a route` : `${you ? "Your" : `${nameOf(ctx, mover)}'s`} turn`,
      ),
    );
    if (view.round) bits.push(pips(view.actions_left), el("span", { class: "muted" }, `${view.actions_left} left`));
  }
  if (view.phase === "over") return el("div", { class: "or-top" }, bits);
  if (view.peloton) bits.push(el("span", { class: "badge gold", title: "Peloton: every dot of a ride costs half an energy this turn" }, "Peloton: rides go twice as far"));
  if (view.credit_card_used_this_turn) bits.push(el("span", { class: "badge" }, "Credit Card used this turn"));
  if (view.road_closure_at) bits.push(el("span", { class: "badge red", title: "The road closure cube" }, `Closed: ${view.road_closure_at}`));
  return el("div", { class: "or-top" }, bits);
}

/** Deck sizes and the discard pile. */
export function decksPanel(view) {
  const decks = view.decks || {};
  const discard = Object.entries(view.discard || {});
  const total = discard.reduce((s, [, n]) => s + n, 0);
  return el(
    "section",
    { class: "or-panel or-decks", "aria-label": "Decks and discard pile" },
    el("h3", {}, "Decks"),
    el(
      "ul",
      { class: "or-deck-list" },
      Object.entries(decks).map(([name, n]) => el("li", { "data-deck": name }, el("b", {}, String(n)), ` ${name}`)),
    ),
    el("h3", {}, `Discard pile (${total})`),
    total
      ? el(
          "ul",
          { class: "or-discard" },
          discard.map(([key, n]) => el("li", {}, `${(PLAYING_CARDS[key] || [words(key)])[0]} ×${n}`)),
        )
      : el("p", { class: "or-small muted" }, "Empty."),
  );
}

/** The map's key. */
export function legend() {
  const item = (cls, text) => el("li", {}, el("span", { class: `or-key ${cls}` }), text);
  return el(
    "ul",
    { class: "or-legend" },
    item("big", "big city (hotel)"),
    item("small", "small city"),
    item("camp", "camp site"),
    item("closure", "road closure"),
    item("target", "you may choose it now"),
    item("heart", "Heartland"),
    item("side", "Side Trip"),
  );
}
