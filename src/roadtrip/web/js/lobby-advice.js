// lobby-advice.js: what the lobby's "New match" form says about bots and advice.
//  - Bot levels in a player's words: random = beginner, the rule-of-thumb bots
//    (heuristic, greedy, threshold, push-your-luck) = casual, mcts = strong,
//    expert = expert.
//  - The "Advice" setting of the match: may the players ask the advisor?  On by
//    default where at most one seat is a person (everyone else is a bot), off
//    where two or more people play; changing the seats resets it to that default
//    until the creator ticks or unticks it themselves.

import { el } from "./dom.js";

const LEVELS = {
  random: "beginner",
  heuristic: "casual",
  greedy: "casual",
  threshold: "casual",
  "push-your-luck": "casual",
  mcts: "strong",
  expert: "expert",
};

/** The level of a bot kind in words ("casual"), or "" for a kind without one. */
export function botLevel(name) {
  if (LEVELS[name]) return LEVELS[name];
  if (name.startsWith("heuristic-")) return "casual"; // the colour-leaning heuristics
  return "";
}

const LEVEL_ORDER = ["beginner", "casual", "strong", "expert"];

/** The game's bots from the weakest level to the strongest (then by name): the
 * order a player reads a menu of levels in. */
export function byLevel(bots) {
  const rank = (b) => {
    const level = LEVEL_ORDER.indexOf(botLevel(b.name));
    return level < 0 ? LEVEL_ORDER.length : level;
  };
  return [...bots].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** "Casual bot (heuristic)": how the seat menu names a bot kind. */
export function botChoiceLabel(name) {
  const level = botLevel(name);
  return level ? `${level[0].toUpperCase()}${level.slice(1)} bot (${name})` : `Bot: ${name}`;
}

/** The default of the advice setting for these seats. */
export function adviceDefault(seats) {
  return seats.filter((s) => !s.bot).length <= 1;
}

/** The advice checkbox of the form; ``sync(seats)`` follows the seats until touched. */
export function adviceField() {
  const box = el("input", { type: "checkbox", id: "advice", name: "advice", checked: true });
  let touched = false;
  box.addEventListener("change", () => {
    touched = true;
  });
  const field = el(
    "div",
    { class: "field" },
    el("label", { class: "check", for: "advice" }, box, "Allow advice"),
    el(
      "p",
      { class: "help", id: "advice-help" },
      "Players may switch on the advisor's figures (chance to win, expected score) for their own choices. Everyone in the match sees this setting. On by default against bots, off by default when two or more people play.",
    ),
  );
  const sync = (seats) => {
    if (!touched) box.checked = adviceDefault(seats);
  };
  return { field, sync, value: () => box.checked };
}
