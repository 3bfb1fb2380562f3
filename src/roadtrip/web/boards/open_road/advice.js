// boards/open_road/advice.js: the advisor's figures beside the dots the viewer may
// choose on The Open Road's map (rides, route cards, a starting city, a camp site),
// for map.js.  Each figure is a tag touching its dot's clickable ring;
// the dots of a ride often lie close together, so the tags are placed best first,
// each on the side of its dot (right, left, above, below, then the corners) where
// it covers the fewest tags already placed and the fewest other dots, riders
// and names, inside the part of the map on screen.

import { svgTagSize } from "../../js/advice-marks.js";
import { svg } from "../../js/dom.js";

const area = (a, b) =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

/** The tags of ``targets`` ([{action, x, y, r}]: a dot's centre and ring) as one
 * SVG layer, or null when no figure is shown.  ``avoid``: boxes not to cover
 * (the riders' pins, the cities' names); ``view``: the part of the map on
 * screen ([x, y, w, h]), which the tags keep inside. */
export function mapAdviceTags(targets, kit, { avoid = [], view = null } = {}) {
  const items = targets
    .map((t) => ({ ...t, figure: kit.figure(t.action) }))
    .filter((t) => t.figure)
    .sort((a, b) => a.figure.rank - b.figure.rank);
  if (!items.length) return null;
  const rings = items.map((t) => ({ x: t.x - t.r, y: t.y - t.r, w: 2 * t.r, h: 2 * t.r })).concat(avoid);
  const outside = (box) => (view ? box.w * box.h - area(box, { x: view[0], y: view[1], w: view[2], h: view[3] }) : 0);
  const placed = [];
  const layer = svg("g", { class: "or-advice", "aria-hidden": "true" });
  for (const t of items) {
    const { width: w, height: h } = svgTagSize(t.figure);
    const { x, y, r } = t;
    const spots = [
      [x + r, y - h / 2],
      [x - r - w, y - h / 2],
      [x - w / 2, y - r - h],
      [x - w / 2, y + r],
      [x + r, y - r - h],
      [x + r, y + r],
      [x - r - w, y - r - h],
      [x - r - w, y + r],
    ];
    let best = null;
    let cost = Infinity;
    for (const [bx, by] of spots) {
      const box = { x: bx, y: by, w, h };
      const c = 100 * outside(box) + placed.reduce((s, p) => s + 10 * area(box, p), 0) + rings.reduce((s, p) => s + area(box, p), 0);
      if (c < cost - 1e-6) {
        cost = c;
        best = box;
      }
    }
    placed.push(best);
    layer.append(kit.svgMark(best.x, best.y, t.action));
  }
  return layer;
}
