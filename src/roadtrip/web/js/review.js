// review.js: the game review on the replay page of a finished match.  "Review
// with the advisor" asks the server to judge every decision of a seat (POST
// /api/matches/<id>/review?seat=S; computed once and cached server-side per
// match and seat), shows a progress bar while it runs (GET the same address),
// then annotates the moves: each decision's log line says the advisor's best
// choice and what the choice made gave up (chance to win, or expected turns),
// and a summary gives the total and the three costliest decisions (click to
// jump there).

import { api } from "./api.js";
import { el, fill } from "./dom.js";

const POLL_MS = 400;
const $ = (id) => document.getElementById(id);

let review = null; // the finished review, or null
let byStep = new Map(); // step (action index + 1) -> decision

const pct = (x) => `${Math.round(100 * x)}%`;

function given(decision, measure) {
  if (measure === "turns") return decision.cost > 0.05 ? `+${decision.cost.toFixed(1)} expected turns` : "";
  return decision.cost >= 0.005 ? `−${pct(decision.cost)} chance to win` : "";
}

/** The annotation of one decision, in words. */
function noteText(decision, measure) {
  const lost = given(decision, measure);
  if (decision.best.action === decision.chosen.action) return "Advisor: the best choice.";
  if (!lost) return `Advisor: as good as the best (${decision.best.label}).`;
  return `Advisor's best: ${decision.best.label}; this gave up ${lost.replace(/^[−+]/, "")}.`;
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
  const total =
    data.measure === "turns"
      ? `${data.total.toFixed(1)} expected turns`
      : `${(100 * data.total).toFixed(1)} percentage points of the chance to win`;
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
              ` ${d.chosen.label}: ${given(d, data.measure)} (best: ${d.best.label})`,
            ),
          ),
        )
      : el("p", {}, "No decision gave anything up."),
    el("p", { class: "help" }, `Advisor: ${data.method}. The moves list marks each decision.`),
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
    const text = decision.best.action === decision.chosen.action ? " ✓ best" : lost ? ` ${lost}; best: ${decision.best.label}` : " ✓ as good as the best";
    item.append(el("span", { class: `review-note${costly ? " costly" : ""}`, "data-review": decision.index }, text));
  }
}
