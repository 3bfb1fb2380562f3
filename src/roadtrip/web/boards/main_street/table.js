// boards/main_street/table.js: America's Main Street's table in words ("Read the
// table"): every mat's states with their cubes (or boxes filled), the cubes of
// the turn under way with the last one drawn, and what is left in the bag; and
// the mat drawing's parts named for screen readers (readable(), for mat.js).

import { count, seatName, section } from "../../js/table-text.js";
import { placeOf } from "./common.js";

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

/** The cubes of this turn in words, the last one drawn named as such. */
function drawnWords(view, mat) {
  const active = view.current_seat === mat.seat && view.phase !== "over";
  const cubes = (active ? (view.game === KICKS ? view.casino : view.pumps) : null) || [];
  if (!cubes.length) return "no cubes drawn this turn";
  const words = cubes.map((c) => `${view.colors[c].name.toLowerCase()} (${placeOf(view, c)})`);
  return `drawn this turn: ${words.join(", ")}; the last one drawn: ${words[words.length - 1]}`;
}

// The mat is a group of named parts, not one picture: each state (and the sign)
// is an image named by its tip (its cubes), the casino or the pumps name the
// cubes of the turn and the last one drawn; the drawing's frame, road and words
// are hidden.  A name and an equal tooltip would be read twice: the <title> goes.
export function readable(view, mat, root) {
  root.setAttribute("role", "group");
  for (const part of [...root.children]) {
    const title = [...part.children].find((n) => n.tagName.toLowerCase() === "title");
    if (!title) {
      part.setAttribute("aria-hidden", "true");
      continue;
    }
    let name = title.textContent;
    if (part.classList.contains("casino") || part.classList.contains("pumps")) name = `${name} Now ${drawnWords(view, mat)}.`;
    part.setAttribute("role", "img");
    part.setAttribute("aria-label", name);
    title.remove();
  }
}

