// players.js: the public pages of accounts (server/profiles.py, server/ratings.py).
//  - /players/<name>: an account's profile: its ratings (with their uncertainty),
//    figures per game and finished matches (replays open from "Your matches",
//    where the account's device has a link).
//  - /leaderboard/<game>: the accounts with enough rated matches of a game, best
//    conservative rating (mu - 3 sigma) first, and links to the other games' boards.
// Plain tables with captions and headers, so screen readers read them as tables.

import { api } from "./api.js";
import { el, fill } from "./dom.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
const fixed = (x) => (x === null || x === undefined ? "–" : Number(x).toFixed(1));

function table(id, caption, heads, rows) {
  return el(
    "table",
    { id, class: "results" },
    el("caption", {}, caption),
    el("thead", {}, el("tr", {}, heads.map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, rows.map((cells) => el("tr", {}, cells.map((c) => el("td", {}, c))))),
  );
}

function ratingText(r) {
  return `${fixed(r.rating)} (${fixed(r.mu)} ± ${fixed(3 * r.sigma)})`;
}

async function profile(name) {
  const page = await api(`/api/accounts/${encodeURIComponent(name)}`);
  document.title = `${page.name} · roadtrip`;
  fill($("players-title"), page.name);
  const games = Object.entries(page.games);
  fill(
    $("players-body"),
    el("p", {}, `Playing since ${new Date(page.created_at * 1000).toLocaleDateString()}.`),
    page.ratings.length
      ? table(
          "profile-ratings",
          "Ratings: conservative rating (estimate ± uncertainty)",
          ["Game", "Rating", "Rated matches", "Leaderboard"],
          page.ratings.map((r) => [r.game, ratingText(r), String(r.matches), el("a", { href: `/leaderboard/${r.game}` }, "See the board")]),
        )
      : el("p", { id: "profile-no-ratings" }, "No rated match yet."),
    games.length
      ? table(
          "profile-games",
          "Figures per game",
          ["Game", "Matches", "Wins", "Mean score", "Solo"],
          games.map(([game, f]) => [
            game,
            String(f.matches),
            String(f.wins),
            fixed(f.mean_score),
            f.solo ? `${Math.round(f.solo.win_rate * 100)}% won, ${fixed(f.solo.mean_rounds)} rounds on average` : "–",
          ]),
        )
      : null,
    page.matches.length
      ? table(
          "profile-matches",
          "Finished matches, newest first",
          ["Date", "Game", "Players", "Result", "Rated"],
          page.matches.map((m) => [
            new Date(m.created_at * 1000).toLocaleDateString(),
            m.game,
            m.players.join(", "),
            `${m.won ? "won" : "lost"} (${m.seats.map((s) => fixed(m.scores[s])).join(", ")})`,
            m.rated ? "rated" : "–",
          ]),
        )
      : el("p", { id: "profile-no-matches" }, "No finished match yet."),
  );
}

async function leaderboard(game) {
  const [board, games] = await Promise.all([api(`/api/leaderboard/${encodeURIComponent(game)}`), api("/api/games")]);
  const named = games.find((g) => g.id === game);
  fill($("players-title"), `Leaderboard: ${named ? named.name : game}`);
  document.title = `Leaderboard · ${game} · roadtrip`;
  fill(
    $("players-body"),
    el("p", { class: "help" }, `Accounts with ${board.min_matches} rated matches or more, best first by the conservative rating (the estimate minus three times its uncertainty).`),
    board.accounts.length
      ? table(
          "leaderboard",
          "Ranking",
          ["Rank", "Player", "Rating (estimate ± uncertainty)", "Rated matches"],
          board.accounts.map((r) => [String(r.rank), el("a", { href: `/players/${encodeURIComponent(r.name)}` }, r.name), ratingText(r), String(r.matches)]),
        )
      : el("p", { id: "leaderboard-empty" }, "Nobody has enough rated matches of this game yet."),
    el("nav", { "aria-label": "Other games", class: "board-links" }, el("ul", {}, games.map((g) => el("li", {}, el("a", { href: `/leaderboard/${g.id}` }, g.name))))),
  );
}

async function start() {
  try {
    if (parts[0] === "leaderboard") await leaderboard(parts[1] || "road-to-300");
    else await profile(parts[1] || "");
  } catch (err) {
    fill($("players-body"), el("p", { class: "badge red", role: "alert", id: "players-error" }, err.message || String(err)));
  }
}

start();
