// boards/road_rally/table.js: Road Rally's table in words ("Read the table"): the
// round, every car's place on the track with its points, the size (never the
// cards) of the others' hands, and your own hand and rally point cards.

import { count, seatName, section } from "../../js/table-text.js";

export function tableText(view, ctx = {}) {
  const track = view.track || {};
  const cardName = (type) => (view.cards && view.cards[type] ? view.cards[type].name : `card ${type}`);
  const order = Array.isArray(view.order) && view.order.length ? view.order : (view.cars || []).map((c) => c.seat);
  const cars = order
    .map((seat) => (view.cars || []).find((c) => c.seat === seat))
    .filter(Boolean)
    .map((car, i) => {
      const bits = [
        `${i + 1}. ${seatName(ctx, car.seat, { you: view.you })}: space ${car.space + 1} of ${track.length}`,
        car.finished ? "finished" : null,
        `${car.total} points in total`,
        `${count(car.hand_size, "card")} in hand`,
        `${car.deck_size} in the deck`,
        car.checkpoints ? count(car.checkpoints, "checkpoint tile") : null,
        (car.rally_revealed || []).length ? `rally points revealed: ${car.rally_revealed.join(", ")}` : null,
      ];
      return bits.filter(Boolean).join(", ");
    });
  const mine = view.mine || null;
  const hand = mine && Array.isArray(mine.hand) ? mine.hand.map(cardName) : [];
  return [
    section("The race", [`Round ${view.round}`, `Phase: ${view.phase}`, `The finish line before space ${(track.finish ?? 0) + 1}`]),
    section("The cars in race order", cars),
    mine
      ? section("Your cards (only you see them)", [
          `Hand: ${hand.join(", ") || "empty"}`,
          (mine.rally_cards || []).length ? `Rally point cards: ${mine.rally_cards.join(", ")}` : null,
        ])
      : null,
  ].filter(Boolean);
}
