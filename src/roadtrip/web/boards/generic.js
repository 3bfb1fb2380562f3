// boards/generic.js: the fallback board for a game that has no board of its
// own yet: the view as formatted JSON.  The choice buttons under the board
// (drawn by the match page) are enough to play.

import { el, fill } from "../js/dom.js";

export function render(root, view) {
  fill(root,
    el("pre", { class: "panel", style: "overflow:auto;font-size:.85rem" }, JSON.stringify(view, null, 2)),
  );
}

export function rulesSummary() {
  return el("p", {}, "This game has no rules summary yet; see the rulebook.");
}

export function statusLine() {
  return "";
}

export function playerExtra() {
  return "";
}

export function endSummary(_view, ctx) {
  const returns = ctx.returns || [];
  const best = Math.max(...returns);
  const rows = ctx.players.map((p, i) => ({
    name: p.name,
    score: returns[i] ?? "",
    note: "",
    winner: returns[i] === best && best > 0,
  }));
  return { headline: "Game over", how: "", outcome: null, rows };
}
