// announce.js: what a screen reader hears of a live match, through two live
// regions that are in match.html from the start, empty at load, and never
// rebuilt (a region inserted already filled is often not read at all):
//   #announcer (polite): every move by anyone, once, in words: each new line of
//     the game log (announce-words.js), a Main Street bust, the end of the game;
//   #alert (assertive): only what needs the player now: their turn, their own
//     bust, their time running out.
// Lines are taken by their index in the match's log, so each is said exactly
// once across redraws and reconnects; the index said last is kept for the tab
// (sessionStorage), so a reload does not read the match again.  A line whose
// words changed since they were said (a sealed choice revealed, "Bo has
// chosen" -> what Bo chose) is said again with its new words.  On a first visit
// the page reads what happened since the viewer's own last move.

import { logSeats } from "./lastmove.js";
import { sentences, viewNews } from "./announce-words.js";

const KEPT = 400; // line texts remembered (the server sends at most 300)
const SHOWN = 40; // paragraphs kept in a region

function store(key, value) {
  try {
    if (value === undefined) return sessionStorage.getItem(key);
    sessionStorage.setItem(key, String(value));
  } catch {
    // storage refused (private mode): only this page's memory then
  }
  return null;
}

/** Add sentences to a live region as new paragraphs (the region stays).  Old
 *  paragraphs are dropped only once many newer ones follow: a screen reader may
 *  still be reading them, and removals are not announced. */
function speak(region, texts) {
  if (!region || !texts.length) return;
  region.append(...texts.map((t) => Object.assign(document.createElement("p"), { textContent: t })));
  while (region.childElementCount > SHOWN) region.firstElementChild.remove();
}

export function createAnnouncer({ polite, assertive }) {
  const said = new Map(); // log index -> the words said
  let next = null; // the first log index not said yet
  let key = null;
  let lastView = null;
  let lastSeat = null;
  let turnWasMine = false;
  let over = false;
  let others = false; // the lines just said hold another player's move

  function firstIndex(msg) {
    const kept = Number(store(key));
    const start = msg.log_start || 0;
    const stop = start + msg.log.length;
    if (Number.isFinite(kept) && store(key) !== null) return Math.min(Math.max(kept, start), stop);
    if (msg.spectator || msg.seat === null || msg.seat === undefined) return stop;
    // Since the viewer's own last move (all of it before their first).
    const seats = logSeats(msg.log, msg.players, msg.log_seats);
    const mine = new Set(msg.my_seats);
    for (let i = seats.length - 1; i >= 0; i--) if (mine.has(seats[i])) return start + i + 1;
    return start;
  }

  function moves(msg) {
    const out = [];
    others = false;
    for (const s of sentences(msg)) {
      if (s.index >= next || (said.has(s.index) && said.get(s.index) !== s.text)) {
        out.push(s.text);
        if (s.seat !== null && !msg.my_seats.includes(s.seat)) others = true;
        said.set(s.index, s.text);
      }
    }
    const start = msg.log_start || 0;
    next = Math.max(next, start + msg.log.length);
    for (const index of said.keys()) if (index < next - KEPT) said.delete(index);
    store(key, next);
    return out;
  }

  /** A new state message arrived (and was drawn: `headline` is its end screen's). */
  function update(msg, { detail = "", headline = "" } = {}) {
    if (key === null) {
      key = `roadtrip-said:${msg.match}:${msg.my_seats.join(",")}:${msg.spectator ? "s" : "p"}`;
      next = firstIndex(msg);
      for (const s of sentences(msg)) if (s.index < next) said.set(s.index, s.text);
    }
    const told = moves(msg);
    const urgent = [];
    const sameSeat = lastSeat === msg.seat;
    for (const news of sameSeat ? viewNews(msg, lastView, msg.view) : []) {
      if (msg.my_seats.includes(news.seat) && !msg.spectator) urgent.push(news.text);
      else told.push(news.text);
    }
    lastView = msg.view;
    lastSeat = msg.seat;
    if (msg.finished && !over) {
      over = true;
      told.push(`Game over. ${headline}`.trim());
    }
    const mine = Boolean(msg.choices && msg.choices.length && !msg.finished);
    // "Your turn" when it becomes yours, and again once others have moved since
    // (their moves may all arrive in one message, with no state in between).
    if (mine && (!turnWasMine || !sameSeat || others)) {
      const who = msg.my_seats.length > 1 && msg.players[msg.seat] ? `${msg.players[msg.seat].name}'s turn` : "Your turn";
      urgent.push(`${who}${detail ? `: ${detail}` : "."}`);
    }
    turnWasMine = mine;
    speak(told.length ? politeRegion() : null, told);
    speak(urgent.length ? assertiveRegion() : null, urgent);
  }

  const politeRegion = () => (typeof polite === "function" ? polite() : polite);
  const assertiveRegion = () => (typeof assertive === "function" ? assertive() : assertive);

  /** Something that needs the player now, said at once (e.g. time running out). */
  function alert(text) {
    speak(assertiveRegion(), [text]);
  }

  return { update, alert };
}
