// boards/open_road/zoom.js: zoom and pan for The Open Road's map (map.js).
//
// The map is one <svg>; zooming changes its viewBox, which is kept here across
// redraws (every state message draws the board anew).  The wheel zooms around
// the pointer, dragging pans (a drag never counts as a click on a dot), two
// fingers pinch to zoom around their midpoint (and pan as it moves), and the
// +, - and whole-map buttons zoom around the centre.  From ZOOMED on, the svg
// carries data-zoomed and the CSS shows the names of every city.

const MIN_WIDTH = 140; // the closest zoom: 140 of the 1000 viewBox units across
export const ZOOMED = 1.6;

let view = null; // [x, y, w, h]: the current viewBox

const f = (v) => Number(v).toFixed(1);

function fullView(map) {
  return map.viewBox.slice();
}

/** The viewBox to draw now. */
export function currentView(map) {
  if (!view) view = fullView(map);
  return view;
}

function clampView(map, [x, y, w]) {
  const [, , W, H] = map.viewBox;
  const width = Math.max(MIN_WIDTH, Math.min(W, w));
  const height = (width * H) / W;
  return [Math.max(0, Math.min(W - width, x)), Math.max(0, Math.min(H - height, y)), width, height];
}

function setView(node, map, next) {
  view = clampView(map, next);
  node.setAttribute("viewBox", view.map(f).join(" "));
  const zoom = map.viewBox[2] / view[2];
  node.dataset.zoom = zoom.toFixed(2);
  if (zoom >= ZOOMED) node.dataset.zoomed = "";
  else delete node.dataset.zoomed;
}

/** Zoom by `factor` (> 1: in) around the viewBox point (cx, cy). */
function zoomAt(node, map, factor, cx, cy) {
  const [x, y, w, h] = currentView(map);
  const nw = w / factor;
  const nh = h / factor;
  setView(node, map, [cx - ((cx - x) * nw) / w, cy - ((cy - y) * nh) / h, nw, nh]);
}

/** The +, - and whole-map buttons for the map `node` (an svg drawn by mapSvg). */
export function zoomControls(node, map) {
  // The symbol is what shows; the words are the button's name ("+" named nothing).
  const button = (label, title, action) => {
    const node = Object.assign(document.createElement("button"), { type: "button", className: "or-zoom-btn", textContent: label, title, onclick: action });
    node.setAttribute("aria-label", title);
    return node;
  };
  const centre = () => {
    const [x, y, w, h] = currentView(map);
    return [x + w / 2, y + h / 2];
  };
  const box = document.createElement("div");
  box.className = "or-zoom";
  box.append(
    button("+", "Zoom in", () => zoomAt(node, map, 1.5, ...centre())),
    button("−", "Zoom out", () => zoomAt(node, map, 1 / 1.5, ...centre())),
    button("⤢", "Whole map", () => setView(node, map, fullView(map))),
  );
  return box;
}

/** [x, y, scale]: the viewBox point under a pointer event, and screen pixels per unit. */
function svgPoint(node, map, event) {
  const rect = node.getBoundingClientRect();
  const [x, y, w, h] = currentView(map);
  // preserveAspectRatio="xMidYMid meet": the drawing is centred in the element
  const scale = Math.min(rect.width / w, rect.height / h);
  const ox = rect.left + (rect.width - w * scale) / 2;
  const oy = rect.top + (rect.height - h * scale) / 2;
  return [x + (event.clientX - ox) / scale, y + (event.clientY - oy) / scale, scale];
}

/** Wheel zoom and drag to pan on the map `node`. */
export function enableZoom(node, map) {
  node.addEventListener(
    "wheel",
    (event) => {
      event.preventDefault();
      const [cx, cy] = svgPoint(node, map, event);
      zoomAt(node, map, event.deltaY < 0 ? 1.25 : 1 / 1.25, cx, cy);
    },
    { passive: false },
  );
  let drag = null;
  let pinch = null; // two pointers down: { a, b, dist, view, point }
  const pointers = new Map(); // pointerId -> [clientX, clientY], touch and pen alike
  const swallowClick = () => {
    // a drag or a pinch is not a click on the dot where it ends
    const swallow = (e) => {
      e.stopPropagation();
      e.preventDefault();
    };
    node.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => node.removeEventListener("click", swallow, { capture: true }), 0);
  };
  const startPinch = () => {
    const [[a, pa], [b, pb]] = [...pointers.entries()];
    const mid = { clientX: (pa[0] + pb[0]) / 2, clientY: (pa[1] + pb[1]) / 2 };
    const [px, py] = svgPoint(node, map, mid);
    pinch = { a, b, dist: Math.max(1, Math.hypot(pa[0] - pb[0], pa[1] - pb[1])), view: currentView(map).slice(), point: [px, py] };
    drag = null;
  };
  node.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "mouse") pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (pointers.size === 2) {
      startPinch();
      return;
    }
    if (event.button !== 0 || pinch) return;
    drag = { x: event.clientX, y: event.clientY, start: currentView(map).slice(), moved: false, id: event.pointerId };
  });
  node.addEventListener("pointermove", (event) => {
    if (pointers.has(event.pointerId)) pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (pinch) {
      const pa = pointers.get(pinch.a);
      const pb = pointers.get(pinch.b);
      if (!pa || !pb) return;
      // the viewBox point first under the fingers' midpoint stays under it
      const factor = Math.hypot(pa[0] - pb[0], pa[1] - pb[1]) / pinch.dist;
      const [, , w0, h0] = pinch.view;
      const w = w0 / factor;
      const h = h0 / factor;
      const rect = node.getBoundingClientRect();
      const scale = Math.min(rect.width / w, rect.height / h);
      const ox = rect.left + (rect.width - w * scale) / 2;
      const oy = rect.top + (rect.height - h * scale) / 2;
      const mx = (pa[0] + pb[0]) / 2;
      const my = (pa[1] + pb[1]) / 2;
      const [px, py] = pinch.point;
      setView(node, map, [px - (mx - ox) / scale, py - (my - oy) / scale, w, h]);
      return;
    }
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 5) return;
    if (!drag.moved) node.setPointerCapture(drag.id);
    drag.moved = true;
    const [, , scale] = svgPoint(node, map, event);
    const [x, y, w, h] = drag.start;
    setView(node, map, [x - dx / scale, y - dy / scale, w, h]);
  });
  const end = (event) => {
    pointers.delete(event.pointerId);
    if (pinch) {
      if (event.pointerId === pinch.a || event.pointerId === pinch.b) {
        pinch = null;
        swallowClick();
      }
      return;
    }
    if (!drag || event.pointerId !== drag.id) return;
    if (drag.moved) swallowClick();
    drag = null;
  };
  node.addEventListener("pointerup", end);
  node.addEventListener("pointercancel", end);
}
