// boards/index.js: the board registry.  Each game id maps to a module that
// draws that game's view; the match and replay pages stay game-agnostic and ask
// here for the board.  A new game adds one line and one file.
//
// A board module exports:
//   render(root, view, ctx)   draw the view into root; ctx = {players, interactive,
//                             choices, onChoose(action), pending, you, hotseat,
//                             options, log, logStart, motion, previous,
//                             lastMove} (the replay page passes no onChoose
//                             or log; read every field defensively)
//       ctx.options           the match's variant options, defaults filled in
//                             (absent before the match is loaded): words about
//                             a rule must follow them
//       ctx.motion            true: animations are allowed.  False under
//                             prefers-reduced-motion or when the player switched
//                             them off (js/motion.js); a board then animates
//                             nothing.  Undefined: use
//                             !matchMedia("(prefers-reduced-motion: reduce)").matches
//       ctx.previous          the view this board drew last time on this page
//                             (null at first, and when the seat on screen
//                             changes), so a board can animate what changed
//       ctx.lastMove          {seat, text, index} of the last decision in the
//                             log (text without the "<name>: "; index counts
//                             from the match's first line), or null: highlight it
//       ctx.advice            Map action -> the advisor's figures ({rank, best,
//                             short, text, ...}, js/advice.js) while the player
//                             shows advice, else null; ctx.adviceWaiting: shown,
//                             the figures not here yet.  A board with ownControls
//                             puts them on its controls (js/advice-marks.js)
//   Animations (js/motion.js animate()): at most 600 ms, finished at once by a
//   click or a key, never started when ctx.motion is false.
//   rulesSummary(ctx)         a Node with the rules in plain words
//   statusLine(view, ctx)     a short sentence on what the viewer should do now
//   playerExtra(view, seat)   a few words shown next to a player (e.g. a score)
//   endSummary(view, ctx)     {headline, how, outcome: "win"|"lose"|"draw"|null,
//                             rows: [{name, score, note, winner}]}
//   tableText(view, ctx)      (optional) the whole table in words for "Read the
//                             table" (js/table-text.js sections): the seat's own
//                             view only, never another seat's hand
//   ownControls (optional)    true: the board draws a control for every choice,
//                             with the advisor's figure on it, so the match page
//                             leaves out its list of buttons

const BOARDS = {
  "road-to-300": () => import("./road_to_300/board.js"),
  "get-your-kicks": () => import("./main_street/kicks.js"),
  "mileage-may-vary": () => import("./main_street/mileage.js"),
  "road-rally": () => import("./road_rally/board.js"),
  "open-road": () => import("./open_road/board.js"),
};

/** The board module for a game (a plain fallback for games without one), once
 *  the stylesheets it asked for have loaded: a board drawn before its CSS applies
 *  flashes unstyled and is measured at the wrong size. */
export async function loadBoard(gameId) {
  const load = BOARDS[gameId];
  const module = await (load ? load() : import("./generic.js"));
  await stylesheetsLoaded();
  return module;
}

function stylesheetsLoaded() {
  const pending = [...document.querySelectorAll("link[rel=stylesheet]")].filter((l) => !l.sheet);
  return Promise.all(
    pending.map(
      (link) =>
        new Promise((resolve) => {
          link.addEventListener("load", resolve, { once: true });
          link.addEventListener("error", resolve, { once: true });
        }),
    ),
  );
}
