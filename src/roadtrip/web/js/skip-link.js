// js/skip-link.js: the skip link at the top of every page ("Skip to the board").
//
// It moves the keyboard focus to its target without touching the address: the
// match page keeps the seat's token in the URL's fragment, which a plain
// "#board" link would replace.
for (const link of document.querySelectorAll("a.skip-link")) {
  link.addEventListener("click", (event) => {
    const target = document.getElementById(link.getAttribute("href").slice(1));
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: "start" });
  });
}
