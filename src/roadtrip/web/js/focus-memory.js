// focus-memory.js: keeps the keyboard focus on the same control (or the nearest
// one) when a part of the page is drawn again.  Pages and boards redraw by
// replacing their nodes (dom.js fill()), which drops the focus to <body>: a
// keyboard or screen-reader player then starts again from the top of the page
// after every move, and after every bot's move.
//
// The key of a control is a stable name for the choice it stands for, not the
// node: data-focus-key when the control sets one, else data-action (the
// server's action number), else its id, else its accessible name.  Before a
// redraw keepFocus() notes the key of the focused control and its place among
// the focusable controls of the scope; after it, when the focus was lost, it
// focuses the control with the same key, else the one of the same sort (tag and
// first class) at the same place among those, else the one now at the same place
// (the nearest sibling), else the scope's fallback (a tabindex=-1 heading or
// banner), so the focus is never left on <body>.  A focus parked on the
// fallback (while nothing could be chosen, e.g. during a bot's turn) goes back
// to the remembered choice as soon as one is there again.

const FOCUSABLE =
  'button, [href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [role="button"][tabindex]';

const memory = new WeakMap(); // scope -> {key, index, parked}

/** The stable key of a control (null: nothing to remember it by). */
export function focusKey(node) {
  if (!node || !node.getAttribute) return null;
  const d = node.dataset || {};
  if (d.focusKey) return `k:${d.focusKey}`;
  if (d.action !== undefined) return `a:${d.action}${d.cardType !== undefined ? `/${d.cardType}/${d.index ?? ""}` : ""}`;
  if (node.id) return `#${node.id}`;
  const name = node.getAttribute("aria-label") || (node.textContent || "").trim();
  return name ? `n:${node.tagName}:${name}` : null;
}

/** What sort of control a node is (a sheet's field, a decision button...): the
 *  nearest control of the same sort is a better stand-in than any neighbour. */
function kindOf(node) {
  const first = node.classList && node.classList.length ? node.classList[0] : "";
  return `${node.tagName}.${first}`;
}

function usable(node) {
  if (!node || node.disabled || node.getAttribute("aria-disabled") === "true") return false;
  if (node.closest("[hidden], [inert]")) return false;
  // An SVG element has no offsetParent: ask for its boxes instead.
  return node.getClientRects().length > 0;
}

/** The focusable, enabled controls inside scope, in document order. */
export function focusables(scope) {
  return [...scope.querySelectorAll(FOCUSABLE)].filter(usable);
}

function lost() {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement || !active.isConnected;
}

/** Note which control inside scope has the focus (kept while the focus is lost,
 *  e.g. to <body> while a button is disabled during a move). */
export function rememberFocus(scope) {
  const active = document.activeElement;
  const old = memory.get(scope) || null;
  if (active && scope.contains(active) && active !== scope) {
    if (old && old.parked && active === old.parked) return old;
    const list = focusables(scope);
    const kind = kindOf(active);
    const same = list.filter((n) => kindOf(n) === kind);
    const memo = { key: focusKey(active), index: Math.max(0, list.indexOf(active)), kind, kindIndex: Math.max(0, same.indexOf(active)), parked: null };
    memory.set(scope, memo);
    return memo;
  }
  if (lost()) return old;
  memory.delete(scope); // the focus went elsewhere on purpose: forget
  return null;
}

/** After a redraw: put the focus back on the remembered control, the nearest one,
 *  or `fallback` (a node or a function returning one).  nearest=false (a move on
 *  its way, every choice disabled): the same control or the fallback only, so the
 *  focus does not wander off to an unrelated control meanwhile. */
export function restoreFocus(scope, memo, fallback = null, { nearest = true } = {}) {
  if (!memo) return;
  const active = document.activeElement;
  const parked = memo.parked && active === memo.parked;
  if (!lost() && !parked) return;
  const list = focusables(scope);
  let target = memo.key ? list.find((n) => focusKey(n) === memo.key) : null;
  const same = nearest ? list.filter((n) => kindOf(n) === memo.kind) : [];
  if (!target && same.length) target = same[Math.min(memo.kindIndex, same.length - 1)];
  if (!target && list.length && nearest) target = list[Math.min(memo.index, list.length - 1)];
  if (target) {
    memo.parked = null;
    target.focus({ preventScroll: true });
    memory.set(scope, memo);
    return;
  }
  if (parked) return;
  const spot = typeof fallback === "function" ? fallback() : fallback;
  if (spot) {
    spot.focus({ preventScroll: true });
    if (document.activeElement !== spot) return; // hidden: nothing to park on
    memo.parked = spot;
    memory.set(scope, memo);
  }
}

/** Run draw() with the focus kept inside scope across it. */
export function keepFocus(scope, draw, fallback = null, options = {}) {
  const memo = rememberFocus(scope);
  const out = draw();
  restoreFocus(scope, memo, fallback, options);
  return out;
}
