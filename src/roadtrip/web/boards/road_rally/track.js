// boards/road_rally/track.js: the Road Rally USA track as SVG, for board.js.
//
// Every tile of 8 spaces is a hairpin (a U): in the first row the road climbs a
// leg, bends over the top and comes down the other leg, then swings under to the
// next tile; a second row (tracks of more than six tiles) runs back right to left
// upside down.  The road is one path of straight pieces and circular arcs, so the
// spaces sit at even distances along it and can be drawn on the bends too.  On the
// road: special spaces (Gas, Mechanic, General Store "Rainbow 5"), rally point
// chips, checkpoint gates with their tiles, shortcuts drawn across the U, the
// start and the finish line, the cars (several on a space side by side, the first
// to arrive in front), and the preview of a planned move.
//
// Where things lie is layout.js; the pictures drawn on the road are
// pieces.js.

import { svg } from "../../js/dom.js";
import { RW, SPACES, f, layout, pointOf, spaceGeom } from "./layout.js";
import {
  CAR_COLORS,
  FEATURE_NAMES,
  across,
  carToken,
  checkpointTile,
  directionMark,
  featureBadge,
  finishLine,
  rallyChip,
  slotPoint,
  tileName,
} from "./pieces.js";

export { layout, roadPoints } from "./layout.js";
export { CAR_COLORS, FEATURE_NAMES, legendIcon } from "./pieces.js";

const ORDINAL = (n) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th"}`;
export { ORDINAL as ordinal };

/**
 * The track as an <svg>.  opts: {names, colors (per seat), you, preview: {from, to,
 * color} or null, shortcutFocus: entrance space or null, focusRally: the rally point
 * being decided or null, chipHolder: {rally number: seat}, lastMoved: seat or null}.
 */
export function trackSvg(view, opts) {
  const track = view.track;
  const geo = layout(track.tiles.length);
  const names = opts.names;
  const colors = opts.colors || CAR_COLORS;
  const root = svg("svg", {
    class: "rr-track",
    viewBox: `0 0 ${geo.width} ${f(geo.height)}`,
    style: `max-width:${Math.round(geo.width * 1.12)}px`,
    role: "img",
    "aria-label": `The track: ${track.tiles.length} tiles, ${track.length} spaces; the finish line before space ${track.finish + 1}`,
    "data-spaces": track.length,
    "data-tiles": track.tiles.length,
  });
  const defs = svg(
    "defs",
    {},
    svg(
      "linearGradient",
      { id: "rr-rainbow", x1: "0", y1: "0", x2: "1", y2: "1" },
      ["#e03131", "#f08c00", "#fcc419", "#2f9e44", "#1c7ed6", "#7048e8"].map((c, i) =>
        svg("stop", { offset: `${(i / 5) * 100}%`, "stop-color": c }),
      ),
    ),
  );
  root.append(defs);

  // the boards behind the road, and their names
  geo.pieces.forEach((piece, k) => {
    const name = track.tiles[k];
    const cls = name === "start" ? "start" : name === "finish" ? "finish" : k % 2 ? "odd" : "even";
    const { x, y, w, h } = piece.plate;
    root.append(
      svg(
        "g",
        { class: `rr-plate ${cls}`, "data-tile": name },
        svg("rect", { x: f(x + 1.5), y: f(y), width: f(w - 3), height: f(h), rx: 10 }),
        svg("text", { x: f(piece.label.x), y: f(piece.label.y), class: "tile-name" }, tileName(name)),
      ),
    );
  });

  // the road: a verge, the asphalt, the edge lines
  const roadD = geo.pieces.map((p) => p.road.d(0, p.road.length, 3)).join(" ");
  root.append(
    svg("path", { d: roadD, class: "road-verge" }),
    svg("path", { d: roadD, class: "road-asphalt" }),
  );

  // the planned move: the spaces driven over, and where the car stops
  const preview = opts.preview;
  if (preview && preview.to > preview.from) {
    for (let space = preview.from + 1; space <= preview.to; space++) {
      const g = spaceGeom(geo, space);
      root.append(
        svg("path", {
          d: g.piece.road.d(g.s0 + 1, g.s1 - 1),
          class: `rr-path${space === preview.to ? " dest" : ""}`,
        }),
      );
    }
  }

  // special spaces (coloured) and the separators between spaces
  const features = svg("g", { class: "rr-features" });
  const seps = svg("g", { class: "rr-seps" });
  for (let space = 0; space < track.length; space++) {
    const g = spaceGeom(geo, space);
    const letter = track.features[space];
    if (letter === "G" || letter === "M" || letter === "S") {
      features.append(
        svg("path", { d: g.piece.road.d(g.s0 + 1.5, g.s1 - 1.5), class: `rr-space ${letter === "G" ? "gas" : letter === "M" ? "mech" : "store"}` }),
      );
    }
    if (space % SPACES) seps.append(across(g.piece.road, g.s0, RW / 2 - 2, "sep"));
    else seps.append(across(g.piece.road, g.s0, RW / 2 - 2, "sep tile-edge"));
    if (space % 2 === 1) seps.append(directionMark(g.piece.road, g.mid));
  }
  root.append(features, seps);

  // shortcuts across the U
  for (const [from, to] of track.shortcuts) {
    const a = pointOf(geo, from);
    const b = pointOf(geo, to);
    const focus = opts.shortcutFocus === from;
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    root.append(
      svg(
        "g",
        { class: `rr-shortcut${focus ? " focus" : ""}`, "data-from": from, "data-to": to },
        svg("title", {}, `Shortcut: a car that ends its move on space ${from + 1} may cross to space ${to + 1}`),
        svg("path", { d: `M ${f(a.x)} ${f(a.y)} Q ${f(mx)} ${f(my)} ${f(b.x)} ${f(b.y)}`, class: "link" }),
        svg("circle", { cx: f(a.x), cy: f(a.y), r: 4.5, class: "end from" }),
        svg("circle", { cx: f(b.x), cy: f(b.y), r: 4.5, class: "end to" }),
      ),
    );
  }

  // start and finish
  const first = geo.pieces[0];
  root.append(across(first.road, 0.5, RW / 2, "rr-start"));
  if (track.finish >= 0 && track.finish < track.length) {
    const g = spaceGeom(geo, track.finish);
    root.append(finishLine(g.piece.road, g.s0));
  }
  const last = geo.pieces[geo.pieces.length - 1].road;
  const endPoint = last.at(last.length);
  root.append(across(last, last.length - 0.5, RW / 2, "rr-road-end"));

  // checkpoint gates and tiles
  track.checkpoints.forEach((cp, index) => {
    const g = spaceGeom(geo, cp.space);
    root.append(checkpointTile(g.piece.road, g.s0 + 2, index, cp.holder, colors, names));
  });

  // badges of the special spaces and the rally point chips
  const rallyAt = new Map(track.rally_points.map((p) => [p.space, p]));
  const marks = svg("g", { class: "rr-marks" });
  for (let space = 0; space < track.length; space++) {
    const p = pointOf(geo, space);
    const letter = track.features[space];
    const point = rallyAt.get(space);
    const bits = [`Space ${space + 1}`];
    if (FEATURE_NAMES[letter]) bits.push(FEATURE_NAMES[letter]);
    if (point) bits.push(`rally point ${point.number} (${point.status === "on_track" ? "on the track" : point.status})`);
    if (space === track.finish) bits.push("the finish line");
    const shortcut = track.shortcuts.find(([a]) => a === space);
    if (shortcut) bits.push(`shortcut to space ${shortcut[1] + 1}`);
    const cell = svg("g", { class: "rr-cell", "data-space": space, "data-feature": letter }, svg("title", {}, bits.join(": ")));
    const g = spaceGeom(geo, space);
    cell.append(svg("path", { d: g.piece.road.d(g.s0 + 1, g.s1 - 1, 6), class: "cell-hit" }));
    if (FEATURE_NAMES[letter]) cell.append(featureBadge(letter, p.x, p.y));
    if (point && point.number === opts.focusRally) {
      cell.append(svg("circle", { cx: f(p.x), cy: f(p.y), r: 19, class: "rr-focus-ring" }));
    }
    if (point) {
      const holder = opts.chipHolder ? opts.chipHolder[point.number] : undefined;
      cell.append(rallyChip(point, p.x, p.y, holder !== undefined && holder !== null ? colors[holder] : null));
    }
    marks.append(cell);
  }
  root.append(marks);
  root.append(svg("circle", { cx: f(endPoint.x), cy: f(endPoint.y), r: 0.1, class: "rr-end-anchor" }));

  // the planned stop: a ghost of the car
  if (preview && preview.to > preview.from) {
    const p = pointOf(geo, preview.to);
    root.append(
      svg(
        "g",
        { class: "rr-ghost", "data-space": preview.to },
        svg("circle", { cx: f(p.x), cy: f(p.y), r: 17, class: "ghost-ring", stroke: preview.color }),
      ),
    );
  }

  // the cars: per space in race order, so the first to arrive is in front
  const bySpace = new Map();
  for (const seat of view.order) {
    const car = view.cars[seat];
    if (!bySpace.has(car.space)) bySpace.set(car.space, []);
    bySpace.get(car.space).push(seat);
  }
  const cars = svg("g", { class: "rr-cars" });
  for (const [space, seats] of bySpace) {
    const p = pointOf(geo, Math.min(space, track.length - 1));
    seats.forEach((seat, slot) => {
      const q = slotPoint(p, slot);
      const place = view.order.indexOf(seat) + 1;
      const title = `${names[seat]}: ${ORDINAL(place)} place, space ${space + 1}`;
      const lastMoved = seat === opts.lastMoved;
      const text = lastMoved ? `${title} (moved last)` : title;
      cars.append(carToken(q.x, q.y, seat, colors[seat % colors.length], seat === opts.you, text, lastMoved));
    });
  }
  // the viewer's own car on top, and above it the car that moved last
  const mine = [...cars.querySelectorAll(".rr-car.mine"), ...cars.querySelectorAll(".rr-car.last-moved")];
  mine.forEach((node) => cars.append(node));
  root.append(cars);
  return root;
}
