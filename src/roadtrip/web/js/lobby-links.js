// lobby-links.js: the lobby's links, for lobby.js: after a match is created, the
// link of every seat (and the hot-seat and spectator links) to copy or open, with
// what the match allows (advice, the turn clock); and "Your matches", the matches
// remembered in this browser, each with its links, a replay link, whose turn it is
// (lobby-clock.js) and a button to forget it; or, when logged in, the account's
// matches from the server (lobby-account.js).

import { absolute, forgetMatch, savedMatches, tokenFromHash } from "./api.js";
import { copyText, el, fill } from "./dom.js";
import { expiryText, formatLeft } from "./clock.js";
import { refreshTurns } from "./lobby-clock.js";
import { localView, renderServerMatches, signedIn, viewSwitch } from "./lobby-account.js";

const $ = (id) => document.getElementById(id);

// ------------------------------------------------------------- the links
function linkRow(who, url, testId) {
  const full = absolute(url);
  const input = el("input", { type: "text", readonly: true, value: full, "aria-label": `Link for ${who}`, onfocus: (e) => e.target.select() });
  const copy = el(
    "button",
    {
      type: "button",
      class: "btn small",
      "data-copy": testId,
      onclick: async () => {
        const ok = await copyText(full);
        copy.textContent = ok ? "Copied" : "Select and copy";
        setTimeout(() => (copy.textContent = "Copy"), 1800);
      },
    },
    "Copy",
  );
  return el(
    "li",
    { class: "link-row", "data-link": testId },
    el("span", { class: "who" }, who),
    input,
    copy,
    el("a", { class: "btn small", href: url, target: "_blank", rel: "noopener" }, "Open"),
  );
}

export function showCreated(created, game, seats) {
  const rows = [];
  seats.forEach((spec, i) => {
    const people = created.seats.filter((s) => s.seat === i);
    people.forEach((seat) => rows.push(linkRow(`${seat.name} (seat ${i + 1})`, seat.url, seat.member ? `seat-${i}-partner` : `seat-${i}`)));
    if (!people.length) rows.push(el("li", { class: "link-row" }, el("span", { class: "who" }, `${spec.name} (seat ${i + 1})`), el("span", { class: "muted" }, `${spec.bot} bot: plays by itself`)));
  });
  if (created.hotseat) rows.push(linkRow("Hot-seat (all humans)", created.hotseat.url, "hotseat"));
  rows.push(linkRow("Spectators", created.spectator.url, "spectator"));
  const first = created.hotseat ? created.hotseat.url : created.seats.length ? created.seats[0].url : created.spectator.url;
  const playLabel = created.hotseat ? "Play now (hot-seat)" : created.seats.length ? `Play now as ${created.seats[0].name}` : "Watch now";
  fill($("created-body"),
    el("p", { class: "help" }, `${game.name}, match ${created.match}. Send each player their own link: the link is their seat.`),
    el("p", { class: "help", id: "created-advice" }, created.advice ? "Advice is allowed: each player may switch on the advisor's figures for their own choices." : "Advice is off in this match."),
    created.turn_clock ? el("p", { class: "help", id: "created-clock" }, `Time per move: ${formatLeft(created.turn_clock.seconds * 1000)}; when it runs out, ${expiryText(created.turn_clock, "the player").replace(/^then /, "")}.`) : null,
    el("ul", { class: "links" }, rows),
    el(
      "div",
      { class: "created-actions" },
      el("a", { class: "btn primary big", id: "play-now", href: first }, playLabel),
      el("button", { type: "button", class: "btn", onclick: () => ($("created").hidden = true) }, "Close"),
    ),
  );
  $("created").hidden = false;
  $("created").scrollIntoView({ behavior: "smooth", block: "start" });
}

// ----------------------------------------------------------- your matches
function linkToken(url) {
  const hash = url.includes("#") ? url.slice(url.indexOf("#")) : "";
  return tokenFromHash(hash);
}

export function renderMyMatches() {
  const list = $("my-matches");
  const help = $("mine-help");
  const fromServer = signedIn() && !localView();
  if (help) help.textContent = fromServer ? "The matches of your account, on every device where you log in." : "Matches created or opened in this browser. The links are kept only here.";
  if (fromServer) return renderServerMatches(list);
  delete list.dataset.source;
  const matches = savedMatches();
  if (!matches.length) {
    fill(list, el("li", { class: "muted" }, "None yet. Start one above: it will show up here."), viewSwitch());
    return;
  }
  const entries = [];
  fill(list,
    ...matches.map((m) => {
      const status = el("span", { class: "badge" }, "…");
      const token = linkToken(m.links[0].url);
      const item = el(
        "li",
        { class: "my-match", "data-match": m.match },
        el("span", { class: "what" }, m.game_name || m.game || "Match", m.players ? el("span", { class: "muted" }, ` · ${m.players.join(", ")}`) : null),
        el("span", { class: "when" }, new Date(m.created || Date.now()).toLocaleString()),
        status,
        el(
          "span",
          { class: "ops" },
          m.links.map((l) => el("a", { class: "btn small", href: l.url }, l.label)),
          token ? el("a", { class: "btn small", href: `/replay/${m.match}#t=${token}` }, "Replay") : null,
          el(
            "button",
            {
              type: "button",
              class: "btn small link",
              onclick: () => {
                forgetMatch(m.match);
                renderMyMatches();
              },
            },
            "Forget",
          ),
        ),
      );
      entries.push({ match: m.match, token, item, badge: status });
      return item;
    }),
  );
  const toAccount = viewSwitch();
  if (toAccount) list.append(toAccount);
  refreshTurns(list, entries);
}
