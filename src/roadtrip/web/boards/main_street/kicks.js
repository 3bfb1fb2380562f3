// boards/main_street/kicks.js: the board of America's Main Street, game #1 (Get
// Your Kicks): the mat with points per state and the casino, the chance that the
// next cube busts, and the "Draw a cube" / "Conclude" buttons.  The drawing is
// shared with Your Mileage May Vary in board.js.

import { KICKS, makeBoard } from "./board.js";

const board = makeBoard(KICKS);

export const { render, rulesSummary, statusLine, playerExtra, endSummary, tableText, ownControls } = board;
