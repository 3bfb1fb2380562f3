// boards/open_road/table.js: The Open Road's table in words ("Read the table"): the
// round and whose turn it is, and every rider's place, energy, money, route
// and (your own only) cards; the map's drawing itself is hidden from screen
// readers, so this is where a listener learns where everyone is.

import { count, seatName, section } from "../../js/table-text.js";

function cards(held) {
  const entries = Object.entries(held || {}).filter(([, n]) => n > 0);
  return entries.map(([key, n]) => `${key.replaceAll("_", " ")}${n > 1 ? ` × ${n}` : ""}`).join(", ");
}

function rider(view, r, ctx) {
  const own = r.seat === view.you;
  return section(seatName(ctx, r.seat, { you: view.you }), [
    r.at ? `At ${r.at}` : "Not on the map yet",
    r.arrived ? "Arrived" : null,
    `Energy ${r.energy}, money ${r.money}`,
    r.origin && r.destination ? `From ${r.origin} to ${r.destination}` : null,
    r.remaining !== null && r.remaining !== undefined ? `${count(r.remaining, "dot")} to go` : null,
    r.heartland ? `Heartland: ${r.heartland}` : null,
    r.side_trip ? `Side Trip: ${r.side_trip}${(r.side_trip_open || []).length ? ` (open: ${r.side_trip_open.join(", ")})` : ""}` : null,
    `Pannier: ${r.slots_used} of ${view.pannier_slots} slots used`,
    own && cards(r.cards) ? `Your cards: ${cards(r.cards)}` : null,
    own && cards(r.mother_lode) ? `Your Mother Lode cards: ${cards(r.mother_lode)}` : null,
    r.loses_next_turn ? "Loses the next turn" : null,
  ]);
}

export function tableText(view, ctx = {}) {
  const mover = view.turn ?? view.setup_seat;
  return [
    section("The race", [
      `Round ${view.round}${view.max_rounds ? ` of ${view.max_rounds}` : ""}`,
      mover !== null && mover !== undefined ? `${seatName(ctx, mover, { you: view.you })} to move${view.actions_left ? `, ${count(view.actions_left, "action")} left` : ""}` : null,
      view.road_closure_at ? `Road closed at ${view.road_closure_at}` : null,
      view.peloton ? "Peloton: rides go twice as far" : null,
    ]),
    ...(view.riders || []).map((r) => rider(view, r, ctx)),
  ].filter(Boolean);
}
