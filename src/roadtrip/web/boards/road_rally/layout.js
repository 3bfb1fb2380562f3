// boards/road_rally/layout.js: where everything lies on the Road Rally track, for
// track.js: the road as one path of straight pieces and circular arcs
// (every tile of 8 spaces a hairpin, a U; a second row of tiles, on tracks of more
// than six, running back right to left upside down), the plates and names of the
// tiles, and the centre, entry and exit of every space along the road.

const R = 36; // bend radius: the two legs of a tile are 2R apart
export const RW = 44; // road width
const LEG = 71; // the straight part of a leg
const GAP = 2 * R + RW + 30; // between the two rows of tiles
const MARGIN = 26;
const LABEL = 20; // room for the tile names
export const SPACES = 8;

// ------------------------------------------------------------ the road path
/** A path of straight pieces and arcs (y grows downwards, angles in radians). */
class Road {
  constructor(x, y, heading) {
    this.x = x;
    this.y = y;
    this.h = heading;
    this.parts = [];
  }

  line(length) {
    const { x, y, h } = this;
    this.parts.push({ kind: "line", x, y, h, length });
    this.x += Math.cos(h) * length;
    this.y += Math.sin(h) * length;
    return this;
  }

  /** An arc of radius r turning by phi (> 0: clockwise on screen). */
  arc(r, phi) {
    const { x, y, h } = this;
    const side = Math.sign(phi);
    const cx = x + r * Math.cos(h + (side * Math.PI) / 2);
    const cy = y + r * Math.sin(h + (side * Math.PI) / 2);
    const a0 = h - (side * Math.PI) / 2;
    this.parts.push({ kind: "arc", x, y, h, r, phi, cx, cy, a0, length: r * Math.abs(phi) });
    this.x = cx + r * Math.cos(a0 + phi);
    this.y = cy + r * Math.sin(a0 + phi);
    this.h = h + phi;
    return this;
  }

  get length() {
    return this.parts.reduce((sum, p) => sum + p.length, 0);
  }

  /** {x, y, h}: the point at distance s along the path, and the heading there. */
  at(s) {
    let rest = Math.max(0, s);
    for (let i = 0; i < this.parts.length; i++) {
      const p = this.parts[i];
      if (rest <= p.length || i === this.parts.length - 1) {
        const t = Math.min(rest, p.length);
        if (p.kind === "line") return { x: p.x + Math.cos(p.h) * t, y: p.y + Math.sin(p.h) * t, h: p.h };
        const a = p.a0 + Math.sign(p.phi) * (t / p.r);
        return { x: p.cx + p.r * Math.cos(a), y: p.cy + p.r * Math.sin(a), h: p.h + Math.sign(p.phi) * (t / p.r) };
      }
      rest -= p.length;
    }
    return { x: this.x, y: this.y, h: this.h };
  }

  /** SVG path data from s0 to s1 (sampled: fine for short stretches). */
  d(s0 = 0, s1 = this.length, step = 4) {
    const n = Math.max(1, Math.ceil((s1 - s0) / step));
    const pts = [];
    for (let i = 0; i <= n; i++) {
      const p = this.at(s0 + ((s1 - s0) * i) / n);
      pts.push(`${p.x.toFixed(1)} ${p.y.toFixed(1)}`);
    }
    return `M ${pts.join(" L ")}`;
  }
}

export const f = (v) => v.toFixed(1);

// ---------------------------------------------------------------- the layout
/**
 * The geometry of a track with `tiles` tiles: its size, and per tile the road
 * piece (a Road), its plate (the board behind it) and where its name goes.
 */
export function layout(tiles) {
  const rows = tiles <= 6 ? 1 : 2;
  const perRow = Math.ceil(tiles / rows);
  const xs = MARGIN;
  const yT1 = MARGIN + LABEL + R + RW / 2;
  const yB1 = yT1 + LEG;
  const yT2 = yB1 + GAP;
  const yB2 = yT2 + LEG;
  const quarter = -Math.PI / 2;
  const pieces = [];
  for (let k = 0; k < tiles; k++) {
    const row = k < perRow ? 0 : 1;
    const i = row === 0 ? k : k - perRow;
    const lastOfRow0 = row === 0 && rows === 2 && i === perRow - 1;
    let road;
    let plate;
    let label;
    if (row === 0) {
      const x = xs + 4 * R * i;
      road = new Road(x, yB1 + R, 0).arc(R, quarter).line(LEG).arc(R, Math.PI).line(LEG);
      if (lastOfRow0) road.line(GAP / 2);
      else road.arc(R, quarter);
      plate = { x, y: yT1 - R - RW / 2 - 5, w: 4 * R, h: (lastOfRow0 ? yB1 + GAP / 2 : yB1 + R + RW / 2 + 5) - (yT1 - R - RW / 2 - 5) };
      label = { x: x + 2 * R, y: MARGIN + LABEL - 6 };
    } else {
      const xc = xs + 4 * R * (perRow - 1) + 3 * R; // the down leg of row 0's last tile
      const x = xc - 4 * R * i; // this tile's first (down) leg
      if (i === 0) road = new Road(x, yB1 + GAP / 2, Math.PI / 2).line(GAP / 2);
      else road = new Road(x + R, yT2 - R, Math.PI).arc(R, quarter);
      road.line(LEG).arc(R, Math.PI).line(LEG).arc(R, quarter);
      const top = i === 0 ? yB1 + GAP / 2 : yT2 - R - RW / 2 - 5;
      plate = { x: x - 3 * R, y: top, w: 4 * R, h: yB2 + R + RW / 2 + 5 - top };
      label = { x: x - R, y: yB2 + R + RW / 2 + 5 + LABEL - 4 };
    }
    pieces.push({ road, plate, label, row });
  }
  const width = xs * 2 + 4 * R * perRow;
  const height = rows === 2 ? yB2 + R + RW / 2 + 5 + LABEL + MARGIN - 6 : yB1 + R + RW / 2 + 5 + MARGIN;
  return { width, height, pieces, rows };
}

/** Space `space`: its tile piece and its centre, entry and exit along the road. */
export function spaceGeom(geo, space) {
  const tile = Math.floor(space / SPACES);
  const piece = geo.pieces[Math.min(tile, geo.pieces.length - 1)];
  const unit = piece.road.length / SPACES;
  const i = space - tile * SPACES;
  return { piece, s0: i * unit, s1: (i + 1) * unit, mid: (i + 0.5) * unit, unit };
}

export function pointOf(geo, space, where = "mid") {
  const g = spaceGeom(geo, space);
  return g.piece.road.at(g[where]);
}

/** The centres of the spaces a car drives over from `from` to `to` (exclusive), in
 * the SVG's units, for an animation along the road. */
export function roadPoints(view, from, to) {
  const geo = layout(view.track.tiles.length);
  const out = [];
  const last = view.track.length - 1;
  for (let space = Math.max(0, from + 1); space < Math.min(to, last + 1); space++) {
    const p = pointOf(geo, space);
    out.push({ x: p.x, y: p.y });
  }
  return out;
}
