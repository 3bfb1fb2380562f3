// boards/main_street/mileage.js: the board of America's Main Street, game #2 (Your
// Mileage May Vary): the mat with boxes to fill and the gas pumps, the chance
// that the next fill-up has no fuel colour, and the "Fill up again" / "Stop"
// buttons.  The drawing is shared with Get Your Kicks in board.js.

import { MILEAGE, makeBoard } from "./board.js";

const board = makeBoard(MILEAGE);

export const { render, rulesSummary, statusLine, playerExtra, endSummary, tableText, ownControls } = board;
