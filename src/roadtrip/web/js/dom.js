// dom.js: small DOM helpers shared by every page and board: element builders
// for HTML and SVG, toasts, copying to the clipboard, style sheet loading.

const SVG_NS = "http://www.w3.org/2000/svg";

function applyAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "value" && "value" in node) node.value = value;
    else if (key === "checked" && "checked" in node) node.checked = Boolean(value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: el("button", {class: "btn", onclick: f}, "Label"). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  applyAttrs(node, attrs);
  append(node, children);
  return node;
}

/** An SVG element, same calling convention as el(). */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  applyAttrs(node, attrs);
  append(node, children);
  return node;
}

/** Replace a node's children (arrays are flattened; null and false are skipped). */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** Capitalize the first letter ("cross 2,4" -> "Cross 2,4"). */
export function capitalize(text) {
  const s = String(text ?? "");
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** "Alice", "Alice and Bob", "Alice, Bob and Carol". */
export function joinNames(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** Show a dismissible message in the corner; errors stay until closed or 8 s. */
export function toast(message, { kind = "error", timeout = 8000 } = {}) {
  let box = document.getElementById("toasts");
  if (!box) {
    box = el("div", { id: "toasts", class: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  // A page with standing live regions (the match page's #announcer and #alert,
  // js/announce.js) says the message there: a region inserted already filled is
  // often not read, and the page keeps one polite region.
  const spoken = document.getElementById(kind === "error" ? "alert" : "announcer");
  if (spoken) spoken.append(el("p", {}, message));
  const item = el(
    "div",
    { class: `toast ${kind}`, role: spoken ? null : kind === "error" ? "alert" : "status" },
    el("span", { class: "msg" }, message),
    el("button", { type: "button", "aria-label": "Dismiss", title: "Dismiss", onclick: () => item.remove() }, "×"),
  );
  box.append(item);
  while (box.children.length > 4) box.firstElementChild.remove();
  if (timeout) setTimeout(() => item.remove(), timeout);
  return item;
}

/** Copy text; falls back to a hidden textarea where the Clipboard API is missing. */
export async function copyText(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall through to the old way */
  }
  const area = el("textarea", { style: "position:fixed;left:-1000px;top:0", readonly: true });
  area.value = text;
  document.body.append(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** Add a style sheet once (boards bring their own). */
export function ensureStylesheet(href) {
  const url = String(href);
  if ([...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.href === url)) return;
  document.head.append(el("link", { rel: "stylesheet", href: url }));
}

/** Open a <dialog> with a title and body nodes; returns the dialog. */
export function showDialog(dialog, title, body) {
  fill(dialog,
    el(
      "div",
      { class: "dialog-head" },
      el("h2", {}, title),
      el("button", { type: "button", class: "btn small", onclick: () => dialog.close() }, "Close"),
    ),
    // tabindex: a body long enough to scroll can be scrolled with the keyboard.
    el("div", { class: "dialog-body", tabindex: "0" }, body),
  );
  if (!dialog.open) dialog.showModal();
  return dialog;
}
