// rematch.js: the end screen's rematch.  "Rematch" asks the server for a new match
// with the same game, options and seats (POST /api/matches/<id>/rematch; the same
// bots, new links for the people) and takes the player there.  The server answers
// only with the clicker's own link; every other player's page learns its own link
// from its next state message (`rematch`), shown here as "Join the rematch".

import { api } from "./api.js";
import { el, toast } from "./dom.js";

async function start(matchId, token, button) {
  button.disabled = true;
  button.textContent = "Starting the rematch…";
  try {
    const made = await api(`/api/matches/${encodeURIComponent(matchId)}/rematch`, { method: "POST", token });
    location.href = made.url;
  } catch (err) {
    toast(`Could not start a rematch: ${err.message}`);
    button.disabled = false;
    button.textContent = "Rematch";
  }
}

/** The rematch control of a finished match's end screen (null: none to offer). */
export function rematchControl(msg, matchId, token) {
  if (msg.rematch) {
    return el("a", { class: "btn primary", id: "rematch-join", href: msg.rematch }, msg.spectator ? "Watch the rematch" : "Join the rematch");
  }
  if (msg.spectator) return null;
  const button = el("button", { type: "button", class: "btn primary", id: "rematch-btn", onclick: () => start(matchId, token, button) }, "Rematch");
  return button;
}
