// review.js: the game review on the replay page of a finished match.  "Review
// with the advisor" asks the server to judge every decision of a seat (POST
// /api/matches/<id>/review?seat=S; computed once and cached server-side per
// match and seat), shows a progress bar while it runs (GET the same address),
// then annotates the moves: each decision's log line says the advisor's best
// choice and what the choice made gave up (chance to win, or expected turns),
// and a summary gives the total and the three costliest decisions (click to
// jump there).  Every loss carries its 95% interval, and a label (inaccuracy,
// mistake, blunder) only where the whole interval lies above the game's
// threshold (docs/rules/<game>.md, "Review labels").

import { api } from "./api.js";
import { el, fill } from "./dom.js";

const POLL_MS = 400;
const $ = (id) => document.getElementById(id);

let review = null; // the finished review, or null
let byStep = new Map(); // step (action index + 1) -> decision

const pct = (x) => `${Math.round(100 * x)}`;
const bound = (x, scale, digits) => (x === null || x === undefined ? "?" : (scale * Math.max(0, x)).toFixed(digits));

/** What a decision gave up, with its 95% interval ("" when nothing). */
function given(decision, measure) {
  const [low, high] = decision.cost_interval || [null, null];
  const exact = low !== null && low === high;
  if (measure === "turns") {
    if (decision.cost <= 0.05) return "";
    const span = exact ? "exact" : `${bound(low, 1, 1)}-${bound(high, 1, 1)}`;
    return `+${decision.cost.toFixed(1)} expected turns (${span})`;
  }
  if (decision.cost < 0.005) return "";
  const span = exact ? "exact" : `${bound(low, 100, 0)}-${bound(high, 100, 0)}`;
  return `${pct(decision.cost)} points of the chance to win (${span})`;
}

const labelled = (decision, text) => (decision.label ? `${decision.label[0].toUpperCase()}${decision.label.slice(1)}: ${text}` : text);

/** The annotation of one decision, in words. */
function noteText(decision, measure) {
  const lost = given(decision, measure);
  if (decision.best.action === decision.chosen.action) return "Advisor: the best choice.";
  if (!lost) return `Advisor: as good as the best (${decision.best.label}).`;
  return labelled(decision, `Advisor's best: ${decision.best.label}; this gave up ${lost.replace(/^\+/, "")}.`);
}

/** The review note of a replay step (shown under the step's text), or null. */
export function reviewNote(step) {
  const decision = byStep.get(step);
  if (!review || !decision) return null;
  const costly = review.costliest.includes(decision.index);
  return el("p", { class: `review-note${costly ? " costly" : ""}`, id: "review-step-note" }, noteText(decision, review.measure));
}

/** Set up the review panel of a finished match; ``jump(step)`` shows a step. */
export function setupReview({ matchId, token, index, players, jump }) {
  const panel = $("review-panel");
  if (!index.finished) return;
  const humans = players.filter((p) => !p.bot);
  const choices = humans.length ? humans : players;
  const seat = el(
    "select",
    { id: "review-seat", "aria-label": "Seat to review" },
    choices.map((p) => el("option", { value: p.seat }, p.name)),
  );
  const button = el("button", { type: "button", class: "btn primary small", id: "review-btn" }, "Review with the advisor");
  const body = el("div", { id: "review-body" });
  fill($("review"), el("div", { class: "review-start" }, choices.length > 1 ? seat : null, button), body);
  panel.hidden = false;
  const address = () => `/api/matches/${encodeURIComponent(matchId)}/review?seat=${seat.value}`;
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      let status = await api(address(), { method: "POST", token });
      while (status.status === "running") {
        showProgress(body, status);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        status = await api(address(), { token });
      }
      if (status.status !== "done") throw new Error(status.error || "the review failed");
      showReview(body, status.review, players, jump);
    } catch (err) {
      fill(body, el("p", { class: "badge red", role: "alert" }, `Could not review: ${err.message}`));
    } finally {
      button.disabled = false;
    }
  });
}

function showProgress(body, status) {
  const total = status.total || 0;
  const text = total ? `Reviewing: ${status.done} of ${total} decisions…` : "Reviewing…";
  const bar = el("progress", { class: "review-bar", id: "review-progress", max: total || 1, value: status.done || 0, "aria-label": "Review progress" });
  if (!total) bar.removeAttribute("value");
  fill(body, el("p", { role: "status" }, text), bar);
}

function showReview(body, data, players, jump) {
  review = data;
  byStep = new Map(data.decisions.map((d) => [d.index + 1, d]));
  const who = players.find((p) => p.seat === data.seat);
  const [low, high] = data.total_interval || [null, null];
  const total =
    data.measure === "turns"
      ? `${data.total.toFixed(1)} expected turns (${bound(low, 1, 1)}-${bound(high, 1, 1)})`
      : `${(100 * data.total).toFixed(1)} percentage points of the chance to win (${bound(low, 100, 1)}-${bound(high, 100, 1)})`;
  const labels = ["blunder", "mistake", "inaccuracy"]
    .map((name) => [name, data.decisions.filter((d) => d.label === name).length])
    .filter(([, count]) => count)
    .map(([name, count]) => `${count} ${name}${count > 1 ? "s" : ""}`);
  const notes = [];
  if (labels.length) notes.push(`Labelled where the interval is wholly above the threshold: ${labels.join(", ")}.`);
  if (data.at_minimum_budget) notes.push(`${data.at_minimum_budget} decisions had only a quick look (the match's budget).`);
  if (data.not_judged) notes.push(`${data.not_judged} decisions were beyond the match's budget and not judged.`);
  const costly = data.costliest.map((i) => data.decisions.find((d) => d.index === i));
  fill(
    body,
    el("p", { id: "review-summary", role: "status" }, `${who ? who.name : `Seat ${data.seat + 1}`}: ${data.decisions.length} decisions judged; given up in total: ${total}.`),
    costly.length
      ? el(
          "ol",
          { class: "review-list", id: "review-costliest", "aria-label": "The costliest decisions" },
          costly.map((d) =>
            el(
              "li",
              { class: "costly" },
              el("button", { type: "button", class: "btn small", onclick: () => jump(d.index + 1) }, `Move ${d.index + 1}`),
              ` ${labelled(d, `${d.chosen.label}: ${given(d, data.measure)}`)} (best: ${d.best.label})`,
            ),
          ),
        )
      : el("p", {}, "No decision gave anything up."),
    notes.length ? el("p", { id: "review-notes" }, notes.join(" ")) : null,
    el("p", { class: "help" }, `Advisor: ${data.method}. The moves list marks each decision; figures are 95% intervals.`),
  );
  annotateLog(data);
}

function annotateLog(data) {
  for (const item of document.querySelectorAll("#log li[data-step]")) {
    const old = item.querySelector(".review-note");
    if (old) old.remove();
    const decision = byStep.get(Number(item.dataset.step));
    if (!decision) continue;
    const costly = data.costliest.includes(decision.index);
    const lost = given(decision, data.measure);
    const text =
      decision.best.action === decision.chosen.action
        ? " ✓ best"
        : lost
          ? ` ${labelled(decision, `gave up ${lost.replace(/^\+/, "")}`)}; best: ${decision.best.label}`
          : " ✓ as good as the best";
    item.append(el("span", { class: `review-note${costly ? " costly" : ""}`, "data-review": decision.index }, text));
  }
}
