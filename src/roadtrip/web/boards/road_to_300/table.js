// boards/road_to_300/table.js: Road to 300's table in words ("Read the table"): the
// round, and for every sheet its score, where its piece stands, the dice it
// rolled, and the fields crossed out and circled.

import { count, seatName, section } from "../../js/table-text.js";

function field(cell) {
  return `${cell.col},${cell.row} (${cell.value})`;
}

export function tableText(view, ctx = {}) {
  const parts = [section("The game", [`Round ${view.round}`, `Target: ${view.target} points`])];
  for (const sheet of view.sheets || []) {
    const cells = sheet.cells || [];
    const crossed = cells.filter((c) => c.crossed);
    const circled = cells.filter((c) => c.circled);
    parts.push(
      section(`${seatName(ctx, sheet.seat, { you: view.you })}'s sheet`, [
        `Score: ${sheet.score} points`,
        sheet.position ? `Piece on field ${sheet.position.col},${sheet.position.row}` : "Piece not on the grid yet",
        sheet.dice ? `Dice: ${sheet.dice.join(", ")}` : null,
        sheet.failed_rolls ? `Failed rolls: ${sheet.failed_rolls}` : null,
        `Crossed out (${count(crossed.length, "field")}): ${crossed.map(field).join("; ") || "none"}`,
        `Circled (${count(circled.length, "field")}): ${circled.map(field).join("; ") || "none"}`,
      ]),
    );
  }
  return parts.filter(Boolean);
}
