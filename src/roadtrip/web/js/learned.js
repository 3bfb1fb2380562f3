// learned.js: which games this browser has played, for the lobby's "Learn to
// play" offer.  A game counts as played once a match of it was opened as a
// player here (match.js) or its tutorial was finished (learn.js); the flag is a
// localStorage set of game ids, nothing is sent to the server.

const KEY = "roadtrip-played-games";

/** The game ids played in this browser (a Set; empty when storage is off). */
export function playedGames() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return new Set(Array.isArray(list) ? list.filter((g) => typeof g === "string") : []);
  } catch {
    return new Set();
  }
}

/** Remember that this browser has played ``game``. */
export function markPlayed(game) {
  const games = playedGames();
  if (games.has(game)) return;
  games.add(game);
  try {
    localStorage.setItem(KEY, JSON.stringify([...games]));
  } catch {
    // Storage full or off: the lobby keeps offering the tutorial first, no harm.
  }
}

/** The address of a game's tutorial page. */
export const learnUrl = (game) => `/learn/${encodeURIComponent(game)}`;
