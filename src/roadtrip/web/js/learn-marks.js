// learn-marks.js: a tutorial step's highlight keys (docs/tutorials.md, "Highlight
// keys, per game") found on the game's board and marked with the tutorial's glow
// (.tutorial-glow, css/roadtrip.css), plus the key in words for screen readers.
//
// The boards are not changed for the tutorial: each key maps to elements the
// board already draws (its classes and test hooks, data-col/data-row, data-seat,
// data-rally, an SVG title).  A key with no element on screen (a part the board
// does not draw at this moment) is still said in words, so nothing depends on the
// glow alone.  The step's intended move is marked too (.tutorial-intended on every
// control whose data-action is that action), as a tutorial points at what to click.

const GLOW = "tutorial-glow";
const INTENDED = "tutorial-intended";

const all = (root, selector) => [...root.querySelectorAll(selector)];
// A part's name: its <title>, or the aria-label that replaces it once the board
// makes its drawing readable (a name and an equal tooltip would be read twice).
const named = (node) => node.querySelector("title")?.textContent || node.getAttribute("aria-label") || "";
const titled = (root, selector, start) => all(root, selector).filter((node) => named(node).startsWith(start));
const cap = (word) => word.charAt(0).toUpperCase() + word.slice(1);

// game -> key -> (root, argument) -> elements
const FINDERS = {
  "road-to-300": {
    field: (root, arg) => {
      const [col, row] = arg.split(",");
      return all(root, `[data-col="${col}"][data-row="${row}"]`);
    },
    dice: (root) => all(root, ".dice-row"),
    "failed-rolls": (root) => all(root, ".failed"),
    score: (root) => all(root, ".sheet-score, .big-score"),
  },
  "main-street": {
    casino: (root) => all(root, ".casino"),
    bag: (root) => all(root, ".ms-bag"),
    sign: (root) => all(root, ".sign"),
    state: (root, arg) => all(root, `.state[data-place="${cap(arg)}"]`),
    turns: (root) => all(root, ".turn-cubes, .ms-progress"),
    pumps: (root) => all(root, ".pumps"),
    drawn: (root) => all(root, ".pumps, .casino"),
  },
  "road-rally": {
    hand: (root) => all(root, ".rr-hand"),
    deck: (root) => all(root, ".rr-mine [data-deck-size], .rr-mine"),
    discards: (root) => all(root, ".rr-played"),
    track: (root) => all(root, ".rr-track"),
    car: (root, arg) => all(root, `.rr-car[data-seat="${Number(arg) - 1}"]`),
    rally: (root, arg) => all(root, `.rr-chip[data-rally="${arg}"]`),
    "rally-cards": (root) => all(root, ".rr-my-rally, .rally-line"),
    order: (root) => all(root, ".rr-race-order"),
    scores: (root) => all(root, ".rr-rally-table, .rr-results"),
    checkpoint: (root) => all(root, ".rr-checkpoint"),
    gas: (root) => all(root, ".rr-badge.gas"),
  },
  "open-road": {
    "route-cards": (root) => all(root, ".or-route-cards"),
    "side-trip": (root) => all(root, ".or-side-cities"),
    heartland: (root) => all(root, ".or-route-cards"),
    rider: (root, arg) => all(root, `.or-rider[data-seat="${Number(arg) - 1}"]`),
    energy: (root) => all(root, ".or-rider .or-cube.energy.on").slice(0, 1).map((c) => c.parentElement),
    money: (root) => all(root, ".or-rider .or-cube.money.on").slice(0, 1).map((c) => c.parentElement),
    cards: (root) => all(root, ".or-card[data-card]"),
    deck: (root) => all(root, ".or-decks"),
    actions: (root) => all(root, ".or-actions, .or-turn"),
    dot: (root, arg) => titled(root, "circle.or-dot", `${arg}:`),
  },
};
FINDERS["get-your-kicks"] = FINDERS["main-street"];
FINDERS["mileage-may-vary"] = FINDERS["main-street"];

/** A key in words: "field:3,4" -> "field 3,4", "failed-rolls" -> "failed rolls". */
export function keyWords(key) {
  return key.replace(":", " ").replaceAll("-", " ");
}

/** Mark the step's ``keys`` and its intended action on the board in ``root``;
 *  returns how many keys were found on screen. */
export function markStep(root, game, keys, intended) {
  for (const node of all(root, `.${GLOW}, .${INTENDED}`)) node.classList.remove(GLOW, INTENDED);
  const finders = FINDERS[game] || {};
  let found = 0;
  for (const key of keys || []) {
    const [name, ...rest] = key.split(":");
    const finder = finders[name];
    const nodes = finder ? finder(root, rest.join(":")) : [];
    for (const node of nodes) {
      node.classList.add(GLOW);
      node.dataset.tutorialKey = key;
    }
    if (nodes.length) found += 1;
  }
  if (intended !== null && intended !== undefined) {
    for (const node of all(root, `[data-action="${intended}"]`)) node.classList.add(INTENDED);
  }
  return found;
}
