// pictures.js: a small drawing of each game for the lobby's game cards, drawn as
// inline SVG (no image files, nothing fetched): Road to 300's dice and sheet, Main
// Street's casino cubes and Route 66 sign, its fuel cubes on the road, Road Rally's
// cards and car on the track, The Open Road's bicycle crossing the map.  The
// pictures are decorative (the card names the game beside them): aria-hidden.

import { svg } from "./dom.js";

const W = 160;
const H = 90;

function frame(sky, ...children) {
  return svg(
    "svg",
    { viewBox: `0 0 ${W} ${H}`, class: "game-picture", "aria-hidden": "true", focusable: "false" },
    svg("rect", { x: 0, y: 0, width: W, height: H, rx: 10, fill: sky }),
    children,
  );
}

function die(x, y, pips, fill = "#fff") {
  const spots = {
    1: [[0, 0]],
    2: [[-1, -1], [1, 1]],
    3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  }[pips];
  return svg(
    "g",
    { transform: `translate(${x} ${y})` },
    svg("rect", { x: -11, y: -11, width: 22, height: 22, rx: 4, fill, stroke: "#2a2622", "stroke-width": 1.5 }),
    spots.map(([dx, dy]) => svg("circle", { cx: dx * 5.5, cy: dy * 5.5, r: 2.2, fill: "#2a2622" })),
  );
}

function cube(x, y, fill, size = 14) {
  return svg(
    "g",
    {},
    svg("rect", { x, y, width: size, height: size, rx: 2, fill, stroke: "#2a2622", "stroke-width": 1 }),
    svg("path", { d: `M${x + 2} ${y + 3} h${size - 4}`, stroke: "rgba(255,255,255,.55)", "stroke-width": 1.5 }),
  );
}

function shield(x, y) {
  return svg(
    "g",
    { transform: `translate(${x} ${y})` },
    svg("path", { d: "M-14 -16 h28 v10 c0 12 -8 18 -14 22 c-6 -4 -14 -10 -14 -22 z", fill: "#fff", stroke: "#2a2622", "stroke-width": 2 }),
    svg("text", { x: 0, y: 3, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#2a2622", "font-family": "sans-serif" }, "66"),
  );
}

function road(y) {
  return [
    svg("rect", { x: 0, y, width: W, height: 18, fill: "#3c424a" }),
    svg("path", { d: `M4 ${y + 9} H${W - 4}`, stroke: "#f4c430", "stroke-width": 2, "stroke-dasharray": "10 8" }),
  ];
}

function roadTo300() {
  const grid = [];
  for (let r = 0; r < 4; r += 1) {
    for (let c = 0; c < 4; c += 1) {
      grid.push(svg("rect", { x: 92 + c * 15, y: 14 + r * 15, width: 13, height: 13, fill: (r + c) % 3 ? "#fff" : "#dcefe5", stroke: "#b9a98f" }));
    }
  }
  grid.push(svg("path", { d: "M95 17 l7 7 M102 17 l-7 7", stroke: "#b51750", "stroke-width": 2 }));
  grid.push(svg("circle", { cx: 128, cy: 50, r: 5, fill: "none", stroke: "#1d4e89", "stroke-width": 2 }));
  return frame("#fde7c4", die(26, 34, 5), die(54, 52, 3, "#fff3c4"), die(30, 66, 6), grid);
}

function getYourKicks() {
  const colours = ["#c0392b", "#f4c430", "#e0703a", "#7048e8", "#7ec8e3", "#f28bb3", "#1d4e89", "#2f8f4e"];
  return frame(
    "#fff3c4",
    svg("path", { d: "M10 78 Q80 52 150 78 Z", fill: "#1f6f50" }),
    colours.map((c, i) => cube(14 + (i % 4) * 18, 16 + Math.floor(i / 4) * 18, c)),
    cube(100, 58, "#2a2622"),
    shield(126, 34),
  );
}

function mileageMayVary() {
  return frame(
    "#dff1fb",
    road(58),
    svg("rect", { x: 14, y: 16, width: 26, height: 34, rx: 4, fill: "#c0392b", stroke: "#2a2622", "stroke-width": 1.5 }),
    svg("rect", { x: 19, y: 21, width: 16, height: 9, fill: "#fff" }),
    svg("path", { d: "M40 24 h6 v20", fill: "none", stroke: "#2a2622", "stroke-width": 2 }),
    cube(58, 34, "#f4c430"),
    cube(76, 34, "#7ec8e3"),
    cube(94, 34, "#2f8f4e"),
    shield(134, 30),
  );
}

function roadRally() {
  const card = (x, rot, fill, n) =>
    svg(
      "g",
      { transform: `translate(${x} 36) rotate(${rot})` },
      svg("rect", { x: -12, y: -18, width: 24, height: 34, rx: 3, fill: "#fff", stroke: "#2a2622", "stroke-width": 1.3 }),
      svg("rect", { x: -8, y: -14, width: 16, height: 8, rx: 2, fill }),
      svg("text", { x: 0, y: 10, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#2a2622", "font-family": "sans-serif" }, String(n)),
    );
  return frame(
    "#e8f4ea",
    road(64),
    card(24, -12, "#2f8f4e", 2),
    card(42, 0, "#f4c430", 3),
    card(60, 12, "#c0392b", 4),
    svg("rect", { x: 100, y: 62, width: 34, height: 14, rx: 5, fill: "#2563eb", stroke: "#2a2622", "stroke-width": 1.3 }),
    svg("rect", { x: 107, y: 55, width: 18, height: 9, rx: 3, fill: "#2563eb", stroke: "#2a2622", "stroke-width": 1.3 }),
    svg("circle", { cx: 108, cy: 77, r: 4, fill: "#2a2622" }),
    svg("circle", { cx: 127, cy: 77, r: 4, fill: "#2a2622" }),
    svg("path", { d: "M140 20 v26 M140 20 h14 v10 h-14", fill: "#fff", stroke: "#2a2622", "stroke-width": 1.5 }),
  );
}

function openRoad() {
  const wheel = (cx) => svg("circle", { cx, cy: 62, r: 12, fill: "none", stroke: "#2a2622", "stroke-width": 2.5 });
  return frame(
    "#e4eefb",
    svg("path", { d: "M12 30 L40 16 L92 14 L120 20 L150 26 L146 52 L120 70 L84 66 L44 72 L18 58 Z", fill: "#dcefe5", stroke: "#1f6f50", "stroke-width": 1.5 }),
    svg("path", { d: "M24 40 C60 30 90 50 138 36", fill: "none", stroke: "#b51750", "stroke-width": 2, "stroke-dasharray": "2 5", "stroke-linecap": "round" }),
    [24, 62, 98, 138].map((x, i) => svg("circle", { cx: x, cy: [40, 36, 44, 36][i], r: 3.5, fill: "#1d4e89" })),
    wheel(66),
    wheel(100),
    svg("path", { d: "M66 62 L80 46 L100 62 M80 46 L94 46 L100 62 M80 46 L76 40 M94 46 L96 40 h6", fill: "none", stroke: "#c0392b", "stroke-width": 2.5, "stroke-linejoin": "round" }),
  );
}

const PICTURES = {
  "road-to-300": roadTo300,
  "get-your-kicks": getYourKicks,
  "mileage-may-vary": mileageMayVary,
  "road-rally": roadRally,
  "open-road": openRoad,
};

/** The picture of a game (a plain road for a game without one of its own). */
export function gamePicture(gameId) {
  const draw = PICTURES[gameId];
  return draw ? draw() : frame("#f6efe3", road(40));
}
