// advice-marks.js: the advisor's figures on the controls that make the choices,
// for the boards that draw their own controls (Main Street, Road Rally, The Open
// Road), as the Road to 300 sheet puts them on its fields.
//
// A marked control carries a small tag over the edge of its upper right corner
// ("31% to win"; the best one "★ 31% to win" on a yellow ground, marked by the
// star, not by colour alone; under a card only "31%").  Tags are placed
// absolutely: nothing moves when the figures arrive.  A tag opens to the full
// text with its 95% interval on hover and focus, and the control's accessible
// description (aria-describedby) says the same to screen readers.  While the
// figures are being computed the tags read "…".  Nothing is drawn when advice is
// off, for spectators, or for a seat the viewer does not play (ctx.advice and
// ctx.adviceWaiting come from js/match.js, which asks only where js/advice.js
// allows it).

import { el, svg } from "./dom.js";

/** Best: "★ 31%", else "31%". */
export const tagText = (figure) => `${figure.best ? "★ " : ""}${figure.short}`;

/** Where there is room, in words: "★ 31% to win", "12.4 expected turns". */
export const wordsText = (figure) => `${figure.best ? "★ " : ""}${figure.text.split(" (")[0]}`;

/** The size of a figure's tag on an SVG map, in its units (text of 11 units). */
export function svgTagSize(figure) {
  return { width: 8 + tagText(figure).length * 6.8, height: 16 };
}

/** The sentence a screen reader hears: "Advice (best): 31% to win (24–39%) · …". */
export const noteText = (figure) => `Advice${figure.best ? " (best)" : ""}: ${figure.text}`;

/**
 * The marks of one board render.  ``kit.mark(control, action, {below})`` puts the
 * figure of ``action`` on an HTML control (in its upper right corner, or centred
 * under it) and returns it; ``kit.svgMark(x, y, action)``
 * is the figure as an SVG tag whose upper left corner is (x, y), to draw beside a
 * target (svgTagSize gives its size; kit.figure(action) the figure or null);
 * ``kit.describe(action)`` is the id of its description; ``kit.notes`` holds the
 * descriptions and must be put into the page (it is visually hidden).
 * ``kit.on`` is false when advice is neither shown nor awaited: then every call
 * does nothing.
 */
export function adviceKit(ctx) {
  const advice = (ctx && ctx.advice) || null;
  const waiting = Boolean(ctx && ctx.adviceWaiting && !advice);
  const notes = el("div", { class: "visually-hidden advice-notes" });
  const ids = new Map();
  const figureOf = (action) => (advice ? advice.get(action) || null : null);

  function describe(action) {
    const figure = figureOf(action);
    if (!figure) return null;
    if (!ids.has(action)) {
      const id = `advice-note-${action}`;
      ids.set(action, id);
      notes.append(el("span", { id }, noteText(figure)));
    }
    return ids.get(action);
  }

  function mark(control, action, { below = false } = {}) {
    const figure = figureOf(action);
    if (!control || (!figure && !waiting)) return control;
    control.classList.add("advised");
    const where = below ? " below" : ""; // under a card, whose corners hold its own marks
    if (!figure) {
      control.append(el("span", { class: `advice-tag waiting${where}`, "aria-hidden": "true" }, "…"));
      return control;
    }
    if (figure.best) control.classList.add("advised-best");
    control.append(
      el(
        "span",
        { class: `advice-tag${figure.best ? " best" : ""}${where}`, "data-rank": figure.rank, "aria-hidden": "true" },
        el("span", { class: "advice-short" }, below ? tagText(figure) : wordsText(figure)),
        el("span", { class: "advice-full" }, noteText(figure)),
      ),
    );
    const before = control.getAttribute("aria-describedby");
    control.setAttribute("aria-describedby", before ? `${before} ${describe(action)}` : describe(action));
    return control;
  }

  function svgMark(x, y, action) {
    const figure = figureOf(action);
    if (!figure) return null;
    const { width, height } = svgTagSize(figure);
    return svg(
      "g",
      { class: `advice-mark map${figure.best ? " best" : ""}`, "data-rank": figure.rank, "data-for": action, "aria-hidden": "true" },
      svg("rect", { x, y, width, height, rx: 4 }),
      svg("text", { x: x + width / 2, y: y + height / 2 + 3.8 }, tagText(figure)),
    );
  }

  return { on: Boolean(advice) || waiting, figure: figureOf, mark, svgMark, describe, notes };
}
