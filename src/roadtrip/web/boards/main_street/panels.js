// boards/main_street/panels.js: the HTML around a Main Street mat: cubes in a
// row, the bag, the risk of the next draw, the two big buttons (the advisor's
// figure on each while advice is shown), the last turns
// read from the game log, the bust alert and a player's mat card.

import { capitalize, el, joinNames } from "../../js/dom.js";
import {
  FILL_UP, GO_ON, KICKS, MILEAGE, STOP,
  colorName, colourOf, inkFor, markOf, mix, nameOf, orList, percent, plural, risk, riskLevel, score, scoreText, turnsFromLog, who,
} from "./common.js";
import { matSvg } from "./mat.js";
import { adviceKit } from "../../js/advice-marks.js";

export function miniCube(view, c, extra = "") {
  const color = view.colors[c];
  return el(
    "span",
    {
      class: `mini-cube${extra ? ` ${extra}` : ""}`,
      style: `--cube:${color.hex};--cube-edge:${mix(color.hex, "#000000", 0.4)};--cube-ink:${inkFor(color.hex)}`,
      title: `${color.name} (${color.place})`,
      "data-color": c,
      "data-mark": markOf(view, c),
    },
    markOf(view, c),
  );
}

export function cubeRow(view, cubes, markLast = false) {
  return el(
    "span",
    { class: "cube-row" },
    cubes.map((c, i) => miniCube(view, c, markLast && i === cubes.length - 1 ? "culprit" : "")),
  );
}

export function bagPanel(view) {
  const r = risk(view);
  const marked = new Set(r ? r.colors : []);
  const tag = view.game === KICKS ? "busts" : "fuel";
  const max = Math.max(...view.colors.map((c) => c.cubes));
  return el(
    "section",
    { class: "ms-panel ms-bag", "aria-label": "The bag" },
    el(
      "h3",
      {},
      "The bag",
      el("span", { class: "bag-total", "data-total": view.bag_total }, `${view.bag_total} cubes`),
    ),
    el(
      "ul",
      { class: "bag-list" },
      view.colors.map((color) => {
        const n = view.bag[color.color];
        const hot = marked.has(color.color);
        return el(
          "li",
          {
            class: `bag-row${hot ? ` hot ${tag}` : ""}${n ? "" : " empty"}`,
            "data-color": color.color,
            "data-count": n,
            title: `${color.name} (${color.place}): ${n} of ${color.cubes} in the bag`,
          },
          miniCube(view, color.color),
          el("span", { class: "bag-name" }, color.place === "Route 66 sign" ? "Route 66 sign" : color.place),
          el(
            "span",
            { class: "bag-bar" },
            el("span", { class: "bag-fill", style: `width:${((n / max) * 100).toFixed(1)}%;background:${color.hex}` }),
          ),
          el("span", { class: "bag-count" }, String(n), el("small", {}, `/${color.cubes}`)),
          hot ? el("span", { class: `bag-tag ${tag}` }, tag === "busts" ? "bust" : "fuel") : el("span", { class: "bag-tag none" }),
        );
      }),
    ),
  );
}

export function riskBlock(view, ctx) {
  const r = risk(view);
  // No odds of a draw that cannot come: the bag is empty, or (short_bag=refuse)
  // holds fewer than three cubes for a fill-up.
  if (!r || view.can_go_on === false) return null;
  const level = riskLevel(r.chance);
  const seat = view.current_seat;
  const mine = seat === view.you && view.you !== null && view.you !== undefined;
  const whose = mine ? (ctx.hotseat ? `${nameOf(ctx, seat)}'s` : "your") : `${nameOf(ctx, seat)}'s`;
  const names = r.colors.map((c) => colorName(view, c));
  let title;
  let detail;
  if (view.game === KICKS) {
    title = "Chance the next cube busts";
    detail = `${r.bad} of the ${r.total} cubes in the bag ${r.bad === 1 ? "is" : "are"} ${orList(names)}, the colour${names.length === 1 ? "" : "s"} already in ${whose} casino.`;
  } else {
    title = r.draw === FILL_UP ? "Chance the next fill-up busts" : `Chance the next fill-up (${r.draw} cubes) busts`;
    detail = `It busts if none of its ${plural(r.draw, "cube")} is ${orList(names)} (${whose} fuel). ${r.good} of the ${r.total} cubes in the bag ${r.good === 1 ? "is" : "are"}.`;
  }
  return el(
    "div",
    { class: `ms-risk ${level}`, "data-chance": r.chance.toFixed(4), "data-level": level },
    el("div", { class: "risk-head" }, el("span", { class: "risk-title" }, title), el("span", { class: "risk-value" }, percent(r.chance))),
    el("div", { class: "risk-meter" }, el("span", { class: "risk-fill", style: `width:${Math.max(2, r.chance * 100).toFixed(1)}%` })),
    el("p", { class: "risk-detail" }, detail),
    // this turn's cubes in a line, unless they are the viewer's own, on the large mat below
    mine && ctx.mainSeat === seat ? null : turnCubes(view, ctx, whose),
  );
}

/** This turn's cubes in one line: the casino, or the pumps fill-up by fill-up. */
export function turnCubes(view, ctx, whose) {
  if (view.game === KICKS) {
    return el("p", { class: "turn-cubes" }, `${capitalize(whose)} casino: `, cubeRow(view, view.casino));
  }
  const fills = [];
  for (let k = 0; k < view.pumps.length; k += FILL_UP) fills.push(view.pumps.slice(k, k + FILL_UP));
  return el(
    "p",
    { class: "turn-cubes" },
    `${capitalize(whose)} pumps: `,
    fills.map((f, i) => el("span", { class: `fill-group${i === 0 ? " fuel" : ""}`, title: i === 0 ? "The first fill-up: the fuel colours" : `Fill-up ${i + 1}` }, cubeRow(view, f))),
  );
}

export function actionButtons(view, ctx) {
  if (!ctx.onChoose || view.you === null || view.you === undefined || view.phase === "over") return null;
  const legal = new Set((ctx.choices || []).map((c) => c.action));
  const can = (a) => Boolean(ctx.interactive && !ctx.pending && legal.has(a));
  const r = risk(view);
  const mineNow = view.current_seat === view.you;
  let goSub;
  let stopSub;
  if (view.game === KICKS) {
    const cubes = mineNow ? view.casino : [];
    const gain = cubes.reduce((s, c) => s + view.colors[c].points, 0);
    goSub = r && mineNow ? `${percent(r.chance)} risk of losing ${plural(cubes.length, "cube")}` : "one more cube into the casino";
    stopSub = mineNow && cubes.length ? `keep ${plural(cubes.length, "cube")}: +${gain} pts` : "keep this turn's cubes";
  } else {
    const cubes = mineNow ? view.pumps : [];
    const more = r && r.draw < FILL_UP ? `the last ${plural(r.draw, "cube")} in the bag` : "three more cubes";
    goSub = r && mineNow ? `${more}, ${percent(r.chance)} risk` : "three more cubes";
    stopSub = mineNow && cubes.length ? `fill your boxes with ${plural(cubes.length, "cube")}` : "fill your boxes";
  }
  if (mineNow && !view.can_go_on && view.phase === "decide") goSub = "the bag has too few cubes";
  const go = view.game === KICKS ? "Draw a cube" : "Fill up again";
  const stop = view.game === KICKS ? "Conclude" : "Stop";
  const advice = adviceKit(ctx); // the advisor's figure on each button, when shown
  const button = (action, label, sub, cls) => {
    const node = el(
      "button",
      {
        type: "button",
        class: `ms-action ${cls}`,
        "data-action": action,
        disabled: !can(action),
        onclick: () => ctx.onChoose(action),
      },
      el("span", { class: "ms-action-label" }, label),
      el("span", { class: "ms-action-sub" }, sub),
    );
    return legal.has(action) ? advice.mark(node, action) : node;
  };
  let note = null;
  let state = "mine";
  if (ctx.pending) {
    note = "Sending…";
    state = "pending";
  } else if (!ctx.interactive) {
    note = "Not connected: wait a moment.";
    state = "offline";
  } else if (!legal.size) {
    note = `Waiting for ${nameOf(ctx, view.current_seat)}…`;
    state = "waiting";
  }
  return el(
    "div",
    { class: "ms-actions", "data-state": state },
    button(GO_ON, go, goSub, "go"),
    button(STOP, stop, stopSub, "stop"),
    note ? el("p", { class: "ms-actions-note" }, note) : null,
    advice.notes,
  );
}

export function turnLine(view, ctx, turn, latest = false) {
  const mark = latest ? " latest" : "";
  const name = turn.seat === null ? "?" : who(view, ctx, turn.seat);
  if (turn.outcome === "bust") {
    const count = turn.draws.length;
    const text =
      view.game === KICKS
        ? `busted on a second ${colorName(view, turn.draws[count - 1])} (${plural(count, "cube")} back)`
        : `busted: no fuel in fill-up ${turn.fills.length} (${plural(count, "cube")} back)`;
    return el("li", { class: `turn-line bust${mark}` }, el("span", {}, el("b", {}, name), ` ${text}`), turnCubeRow(view, turn));
  }
  let text;
  if (view.game === KICKS) {
    const gain = turn.draws.reduce((s, c) => s + view.colors[c].points, 0);
    text = `kept ${plural(turn.draws.length, "cube")} (+${gain} pts)`;
  } else {
    text = `stopped after ${plural(turn.fills.length, "fill-up")} with ${plural(turn.draws.length, "cube")}`;
  }
  return el("li", { class: `turn-line stop${mark}` }, el("span", {}, el("b", {}, name), ` ${text}`), turnCubeRow(view, turn));
}

/** A turn's cubes: in draw order (the culprit of a bust marked), or for Mileage
 * grouped by fill-up (the fuel fill-up framed in gold, a busting one in red). */
export function turnCubeRow(view, turn) {
  const bust = turn.outcome === "bust";
  if (view.game === KICKS) return cubeRow(view, turn.draws, bust);
  const fills = turn.fills.filter((f) => f.length);
  return el(
    "span",
    { class: "cube-row fills" },
    fills.map((f, i) =>
      el(
        "span",
        { class: `fill-group${i === 0 ? " fuel" : ""}${bust && i === fills.length - 1 && i > 0 ? " culprit" : ""}` },
        cubeRow(view, f),
      ),
    ),
  );
}

export function newsPanel(view, ctx) {
  const turns = turnsFromLog(view, ctx);
  if (!turns) {
    // No log (the replay page): the last bust from the view alone.
    if (!view.last_bust.length) return null;
    return el(
      "div",
      { class: "ms-news" },
      el("p", { class: "last-bust muted" }, "Last bust: ", cubeRow(view, view.last_bust, view.game === KICKS)),
    );
  }
  if (!turns.length) return null;
  const last = turns[turns.length - 1];
  const box = el("div", { class: "ms-news" });
  if (last.outcome === "bust" && view.phase !== "over") {
    const name = last.seat === null ? "The last player" : who(view, ctx, last.seat);
    const you = name === "You";
    const count = last.draws.length;
    const why =
      view.game === KICKS
        ? `${you ? "You" : name} drew a second ${colorName(view, last.draws[count - 1])} cube.`
        : `${you ? "Your" : `${name}'s`} last fill-up had none of the fuel colours (${joinNames(last.fills[0].filter((c, i, a) => a.indexOf(c) === i).map((c) => colorName(view, c)))}).`;
    box.append(
      el(
        "div",
        { class: "bust-alert", "data-seat": last.seat ?? "" }, // not live: js/announce.js says the bust
        el("span", { class: "bust-word" }, "Bust!"),
        el(
          "span",
          { class: "bust-text" },
          `${why} All ${plural(count, "cube")} of that turn went back into the bag; ${you ? "you gain" : `${name} gains`} nothing.`,
        ),
        turnCubeRow(view, last),
      ),
    );
  }
  return box.childNodes.length ? box : null;
}

export function recentPanel(view, ctx) {
  const turns = turnsFromLog(view, ctx);
  if (!turns) return null;
  const recent = turns.slice(-5).reverse();
  return el(
    "section",
    { class: "ms-panel ms-recent", "aria-label": "Last turns" },
    el("h3", {}, "Last turns"),
    recent.length
      ? el("ol", { class: "turn-lines" }, recent.map((t, i) => turnLine(view, ctx, t, i === 0)))
      : el("p", { class: "muted small" }, "No turn has ended yet."),
  );
}

export function matCard(view, mat, ctx, { size }) {
  const seat = mat.seat;
  const name = nameOf(ctx, seat);
  const mine = seat === view.you && view.you !== null && view.you !== undefined;
  const turnNow = view.current_seat === seat && view.phase !== "over";
  const winner = (view.winners || []).includes(seat);
  const badges = [];
  if (turnNow) badges.push(el("span", { class: "badge gold" }, view.game === KICKS ? "at the casino" : "filling up"));
  if (winner) badges.push(el("span", { class: "badge green" }, view.players > 1 ? "winner" : "win"));
  if (view.trigger === seat) badges.push(el("span", { class: "badge" }, "ended the game"));
  const progress =
    view.game === KICKS
      ? `${mat.colors_placed}/9 places · ${mat.black} black`
      : `${mat.boxes_filled}/${mat.boxes_total} boxes`;
  const card = el("article", {
    class: `ms-card ${size}${mine ? " mine" : ""}${turnNow ? " turn" : ""}`,
    "data-seat": seat,
    "data-score": score(view, mat),
  });
  card.append(
    el(
      "header",
      { class: "ms-card-head" },
      el(
        "span",
        { class: "ms-card-name" },
        colourOf(ctx, seat) ? el("span", { class: "seat-chip", style: `background:${colourOf(ctx, seat)}`, "aria-hidden": "true" }) : null,
        name,
        mine && (ctx.hotseat || name.toLowerCase() !== "you") ? el("span", { class: "you" }, ctx.hotseat ? "playing now" : "you") : null,
      ),
      badges,
      el(
        "span",
        { class: "ms-card-stats" },
        `${plural(view.turns[seat], "turn")} · ${plural(view.busts[seat], "bust")}`,
      ),
      el(
        "span",
        { class: "ms-card-score", title: view.game === KICKS ? "Points: cubes × the state's points" : "Boxes filled" },
        view.game === KICKS ? String(mat.points) : `${mat.boxes_filled}`,
        el("small", {}, view.game === KICKS ? " pts" : `/${mat.boxes_total}`),
      ),
    ),
    matSvg(view, mat, ctx, { compact: size === "small", label: `${name}'s mat: ${scoreText(view, mat)}, ${progress}` }),
  );
  if (view.game === MILEAGE) {
    card.append(
      el(
        "div",
        { class: "ms-progress", title: `${mat.boxes_filled} of ${mat.boxes_total} boxes` },
        el("span", { style: `width:${((mat.boxes_filled / mat.boxes_total) * 100).toFixed(1)}%` }),
      ),
    );
  }
  return card;
}

