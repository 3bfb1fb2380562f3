// api.js: talking to the roadtrip server over HTTP, reading links, and the
// "Your matches" memory kept in localStorage.  Tokens come from the part of a
// link after '#' and are only ever sent in a header or a WebSocket message.

/** The token of a link: "#t=abc" -> "abc" (null when there is none). */
export function tokenFromHash(hash = location.hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const token = params.get("t");
  return token && token.trim() ? token.trim() : null;
}

/** The match id of /m/<id> or /replay/<id>. */
export function matchIdFromPath(path = location.pathname) {
  const parts = path.split("/").filter(Boolean);
  return parts.length >= 2 ? decodeURIComponent(parts[1]) : null;
}

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** fetch() a JSON API route; throws ApiError with the server's code and message. */
export async function api(path, { method = "GET", token = null, body = undefined } = {}) {
  const headers = { accept: "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, "network", `The server cannot be reached (${err.message}).`);
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = data && data.error ? data.error : {};
    throw new ApiError(
      response.status,
      error.code || `http_${response.status}`,
      error.message || `${response.status} ${response.statusText}`,
    );
  }
  return data;
}

/** The WebSocket address of a match on this server. */
export function wsUrl(matchId) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws/matches/${encodeURIComponent(matchId)}`;
}

/** A link as an absolute address (to copy and send to someone). */
export function absolute(url) {
  return new URL(url, location.origin).href;
}

/** Download the finished match's record (needs the token) and save it as a file. */
export async function downloadRecord(matchId, token) {
  const response = await fetch(`/api/matches/${encodeURIComponent(matchId)}/record`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try {
      message = (await response.json()).error.message || message;
    } catch {
      /* keep the status line */
    }
    throw new ApiError(response.status, "record", message);
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = `roadtrip-${matchId}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10000);
}

// ------------------------------------------------------------ your matches
const STORE_KEY = "roadtrip.matches.v1";
const STORE_MAX = 40;

/** Remembered matches, newest first: {match, game, game_name, created, links: [{kind, label, url}]}. */
export function savedMatches() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE_KEY) || "[]");
    return Array.isArray(list) ? list.filter((m) => m && m.match && Array.isArray(m.links)) : [];
  } catch {
    return [];
  }
}

function writeMatches(list) {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(list.slice(0, STORE_MAX)));
  } catch {
    /* storage full or disabled: remembering is a convenience only */
  }
}

/** Remember a match, merging its links into what is already known. */
export function rememberMatch(entry) {
  const list = savedMatches();
  const old = list.find((m) => m.match === entry.match);
  if (old) {
    for (const link of entry.links) {
      if (!old.links.some((l) => l.url === link.url)) old.links.push(link);
    }
    old.game_name = old.game_name || entry.game_name;
    old.game = old.game || entry.game;
    if (entry.players && !old.players) old.players = entry.players;
    writeMatches(list);
    return;
  }
  writeMatches([{ created: Date.now(), ...entry }, ...list]);
}

export function forgetMatch(matchId) {
  writeMatches(savedMatches().filter((m) => m.match !== matchId));
}

/** The remembered entry for a newly created match (the POST /api/matches answer). */
export function entryFromCreated(created, game, seatSpecs) {
  const links = [];
  for (const seat of created.seats) {
    links.push({ kind: "seat", label: `Play as ${seat.name}`, url: seat.url });
  }
  if (created.hotseat) links.push({ kind: "hotseat", label: "Hot-seat", url: created.hotseat.url });
  links.push({ kind: "spectator", label: "Watch", url: created.spectator.url });
  return {
    match: created.match,
    game: game.id,
    game_name: game.name,
    players: seatSpecs.map((s) => (s.bot ? `${s.name} (${s.bot})` : s.name)),
    links,
  };
}

/** A seat opened while logged in (the lobby keeps the account's name as a hint in
 *  localStorage; the session cookie itself is HttpOnly) becomes the account's,
 *  unless another account holds it (POST /api/account/seats). */
export function claimIfLoggedIn(token) {
  let hinted = null;
  try {
    hinted = localStorage.getItem("roadtrip.account.v1");
  } catch {
    hinted = null;
  }
  if (!hinted || !token) return;
  api("/api/account/seats", { method: "POST", body: { tokens: [token] } }).catch(() => null);
}
