// main_street/table.js: America's Main Street's table in words ("Read the
// table"): every mat's states with their cubes (or boxes filled), the cubes of
// the turn under way with the last one drawn, and what is left in the bag.

import { count, seatName, section } from "../../js/table-text.js";

const KICKS = "get-your-kicks";

function mat(view, m, ctx) {
  const held = [];
  const empty = [];
  view.colors.forEach((color, c) => {
    const n = m.cubes[c] || 0;
    const cubes = view.game === KICKS ? count(n, `${color.name.toLowerCase()} cube`) : `${n} of ${color.boxes} boxes`;
    if (n) held.push(`${color.place}: ${cubes}`);
    else empty.push(color.place);
  });
  const score = view.game === KICKS ? `Points: ${m.points}` : `Boxes filled: ${m.boxes_filled ?? ""} of ${m.boxes_total ?? ""}`;
  return section(`${seatName(ctx, m.seat, { you: view.you })}'s mat`, [score, ...held, empty.length ? `No cubes yet: ${empty.join(", ")}` : null]);
}

export function tableText(view, ctx = {}) {
  const drawn = (view.game === KICKS ? view.casino : view.pumps) || [];
  const words = drawn.map((c) => `${view.colors[c].name.toLowerCase()} (${view.colors[c].place})`);
  const turn = section("This turn", [
    view.current_seat !== null && view.current_seat !== undefined ? `${seatName(ctx, view.current_seat, { you: view.you })} is playing` : null,
    words.length ? `Cubes drawn: ${words.join(", ")}` : "No cubes drawn yet",
    words.length ? `The last one drawn: ${words[words.length - 1]}` : null,
    view.game !== KICKS && (view.fuel || []).length ? `Fuel colours: ${view.fuel.map((c) => view.colors[c].name.toLowerCase()).join(", ")}` : null,
  ]);
  const bag = section(
    `The bag (${count(view.bag_total, "cube")})`,
    view.colors.map((color, c) => `${color.name} (${color.place}): ${view.bag[c]}`),
  );
  return [section("The game", [`Round ${view.round}`]), turn, ...(view.mats || []).map((m) => mat(view, m, ctx)), bag].filter(Boolean);
}
