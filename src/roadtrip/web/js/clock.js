// clock.js: turn timers in the browser.  A timed match's state message carries
// `clock` ({seconds, on_expiry, bot, server_time, deadlines: [{seat, at,
// remaining_ms}]}); the match page shows the time left of the seat(s) to move in
// the turn line, in words and figures (never by colour alone), counting down
// every second.  The countdown uses remaining_ms (measured on the server when
// the message was built), so a wrong clock on this computer does not matter.
// The lobby's "Your matches" uses the same wording for each match's deadline.
// Until every invited person has opened their link the clocks do not run
// (`clock.waiting_for`): the turn line says whom they wait for instead.

let ticking = null;
const warned = new Set(); // deadlines whose "almost out" was announced (once each)

/** "2 d 3 h", "5 h 04 min", "12:05", "0:09" for a time left in milliseconds. */
export function formatLeft(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days) return hours ? `${days} d ${hours} h` : `${days} d`;
  if (hours) return `${hours} h ${String(minutes).padStart(2, "0")} min`;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

/** What happens when the time runs out, in words. */
export function expiryText(clock, who) {
  if (clock.on_expiry === "pass") return `then ${who} pass${who === "you" ? "" : "es"} (or the ${clock.bot} bot moves where no pass is possible)`;
  return `then the ${clock.bot} bot moves for ${who}`;
}

function text(node) {
  const left = Number(node.dataset.deadline) - Date.now();
  const low = left <= Math.min(10000, Number(node.dataset.limit) * 100);
  node.dataset.low = String(low);
  // The viewer's own time almost out: once per deadline, for the assertive region
  // (js/announce.js); the node is drawn anew on every redraw, the deadline stays.
  const key = node.dataset.at || String(Math.round(Number(node.dataset.deadline) / 5000));
  if (low && left > 0 && node.dataset.own === "true" && !warned.has(key)) {
    warned.add(key);
    document.dispatchEvent(new CustomEvent("roadtrip:time-low", { detail: formatLeft(left) }));
  }
  const figure = node.querySelector(".left");
  if (figure) figure.textContent = left > 0 ? `${formatLeft(left)} left${low ? ", almost out" : ""}` : "time is up";
}

function tick() {
  const nodes = document.querySelectorAll("[data-deadline]");
  nodes.forEach(text);
  if (!nodes.length) {
    clearInterval(ticking);
    ticking = null;
  }
}

/** Count every [data-deadline] element of the page down, once a second. */
export function startTicking() {
  tick();
  if (!ticking) ticking = setInterval(tick, 1000);
}

/**
 * "Clock starts when Bo opens their link" while the clocks wait for people
 * (`clock.waiting_for`, named by the server), or null once they run.
 * `join(names)` joins the names in words ("Ann and Bo").
 */
export function waitingClock(clock, join) {
  if (!clock || clock.started !== false || !Array.isArray(clock.waiting_for) || !clock.waiting_for.length) return null;
  const names = clock.waiting_for.map((w) => w.name);
  const node = document.createElement("span");
  node.className = "turn-clock waiting";
  node.dataset.testid = "clock-waiting";
  const one = names.length === 1;
  node.textContent = `Clock starts when ${join(names)} open${one ? "s" : ""} ${one ? "their link" : "their links"}${clock.starts_on_move ? " or someone moves" : ""}`;
  return node;
}

/**
 * The countdown for the turn line: the first running deadline of `seats` (the
 * viewer's own seats when it is their move, else the seats to move), or null.
 * `label(seat)` names a seat; `own` says the viewer is the one to move.
 */
export function turnClock(clock, seats, { label, own }) {
  if (!clock || !Array.isArray(clock.deadlines)) return null;
  const running = clock.deadlines.filter((d) => seats.includes(d.seat));
  if (!running.length) return null;
  const first = running.reduce((a, b) => (b.remaining_ms < a.remaining_ms ? b : a));
  const who = own ? "you" : label(first.seat);
  const node = document.createElement("span");
  node.className = "turn-clock";
  node.setAttribute("role", "timer");
  node.dataset.deadline = String(Date.now() + first.remaining_ms);
  node.dataset.limit = String(clock.seconds * 1000);
  node.dataset.testid = "turn-clock";
  node.dataset.own = String(Boolean(own));
  if (first.at !== undefined && first.at !== null) node.dataset.at = String(first.at); // the server's: same on every redraw
  const prefix = document.createElement("span");
  prefix.className = "who";
  prefix.textContent = own ? "Your time: " : `${who}'s time: `;
  const left = document.createElement("b");
  left.className = "left";
  const then = document.createElement("span");
  then.className = "then";
  then.textContent = ` (${expiryText(clock, who)})`;
  node.append(prefix, left, then);
  text(node);
  return node;
}
