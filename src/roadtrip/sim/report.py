"""``roadtrip report``: one self-contained HTML file about one or more simulation runs.

A report shows, for each run (:class:`~roadtrip.sim.report_plots.ResultSet`, from a
results file of ``roadtrip simulate --out`` or straight from a run), each seat's
results, plots of the score distributions, the win rate by seat and by bot with
95% intervals, the game length and the endings (:mod:`roadtrip.sim.report_plots`),
and the game's own balance tables (:mod:`roadtrip.sim.balance_tables`, the tables
``roadtrip simulate`` prints).  Given several runs, every run after the first is
compared with the first (the baseline) figure by figure, with intervals and
significance tests (:mod:`roadtrip.sim.significance`), and the report says in words
which differences are significant.  So a variant study can hand it one run per
variant value.

The one rule: the file needs nothing else (images are inline PNG ``data:`` URLs,
the style sheet is inline, no script), so it can be mailed or archived as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from pathlib import Path

from roadtrip.sim.balance_tables import CellTable, balance_cells
from roadtrip.sim.game_table import TableBuilder
from roadtrip.sim.multiplicity import COUNTS, PLAY, WINS
from roadtrip.sim.recording import iter_rows
from roadtrip.sim.report_plots import (
    ReportError,
    ResultSet,
    endings_plot,
    fairness_plot,
    length_plot,
    score_plot,
    win_rate_by_bot_plot,
    win_rate_by_seat_plot,
)
from roadtrip.sim.results import Row, RunScan
from roadtrip.sim.seat_fairness import Fairness, seat_fairness
from roadtrip.sim.significance import Comparison, Difference, compare_runs, format_p, table_of
from roadtrip.sim.stats import SimulationSummary

__all__ = ["ReportError", "ResultSet", "load_result_set", "report_html", "write_report"]

# The verdict's questions in the order they are tested (roadtrip.sim.multiplicity).
QUESTIONS = {WINS: "who wins", PLAY: "how they play", COUNTS: "balance count"}
ORDER = (
    "who wins (win rates by seat, starting place and bot, ties) starts with 80% of the 5%, "
    "how they play (scores, finishing positions, length, endings) with 20%, each split "
    "equally within its question; a significant figure passes its share to the rest of "
    "its question, and a question whose every figure is significant passes on to the other"
)

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 72rem;
       padding: 0 1rem; color: #1b1b1b; background: #fff; line-height: 1.4; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
th, td { border-bottom: 1px solid #ccc; padding: 0.2rem 0.6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
caption { text-align: left; font-weight: 600; padding: 0.3rem 0; }
img { max-width: 100%; height: auto; }
.runs { display: flex; flex-wrap: wrap; gap: 2rem; align-items: flex-start; }
.significant { color: #8a1c00; font-weight: 600; }
.note { color: #444; }
"""


def load_result_set(path: Path, label: str | None = None) -> ResultSet:
    """A run from its results file (``roadtrip simulate --out``), labelled with
    the file's name unless ``label`` is given.  Raises ResultsError or ReportError."""
    return result_set_of_rows(iter_rows(path), label or path.stem, path)


def result_set_of_rows(rows: Iterable[Row], label: str, source: Path) -> ResultSet:
    """A run from its rows (a file's, or a notebook's table's), each game once."""
    scan = RunScan(source)
    builder = TableBuilder()
    for row in rows:
        if scan.add(row):
            builder.add_row(row)
    tally, header = scan.tally, scan.header
    if tally is None or header is None:
        raise ReportError(f"{source}: no games in this results file")
    summary = SimulationSummary.from_tally(
        tally,
        game=header["game"],
        options=header["options"],
        seed=header["seed"],
        bots=tuple(header["bots"]),
        elapsed_s=0.0,
        workers=0,
        backend="file",
        # Where the games were played (files written before it was kept: "engine").
        path=header.get("path", "engine"),
    )
    return ResultSet(label, summary, tally, builder.build())


def _table(cells: CellTable) -> str:
    head = "".join(f"<th scope='col'>{escape(name)}</th>" for name in cells.columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in cells.rows
    )
    return (
        f"<table><caption>{escape(cells.title)}</caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def _seats_table(run: ResultSet) -> str:
    summary = run.summary
    rows = tuple(
        (
            f"seat {seat.seat + 1}",
            seat.bot,
            f"{seat.mean_score:.2f}",
            f"{seat.median_score:g}",
            f"{seat.wins:,}",
            f"{seat.win_rate:.2%}",
            f"{seat.win_rate_low:.2%} - {seat.win_rate_high:.2%}",
        )
        for seat in summary.seats
    )
    columns = ("seat", "bot", "mean score", "median", "wins", "win rate", "95% interval")
    return _table(
        CellTable(f"{run.label}: {summary.games:,} games, seed {summary.seed}", columns, rows)
    )


def _run_facts(run: ResultSet, shared: dict[str, object]) -> str:
    """A run's bots, its options (those not ``shared`` by every run) and length."""
    summary = run.summary
    own = {name: value for name, value in summary.options.items() if shared.get(name) != value}
    options = ", ".join(f"{name}={value}" for name, value in own.items())
    facts = [f"bots {', '.join(summary.bots)}"]
    if options or not shared:
        facts.append(f"options {options or '(defaults)'}")
    if summary.mean_rounds is not None:
        facts.append(
            f"mean length {summary.mean_rounds:.2f} rounds (median {summary.median_rounds:g})"
        )
    if len(summary.seats) > 1:
        facts.append(f"ties (shared wins) {summary.ties:,}")
    return f"<li><strong>{escape(run.label)}</strong>: {escape('; '.join(facts))}</li>"


def _figure(title: str, url: str, alt: str) -> str:
    return f"<h2>{escape(title)}</h2><img src='{url}' alt='{escape(alt)}'>"


def _comparison(comparison: Comparison) -> str:
    title = f"{comparison.other} against {comparison.base}"
    wins = sum(d.family == WINS for d in comparison.differences)
    text = (
        f"<h3>{escape(title)}</h3><p class='note'>{escape(comparison.design)}; "
        f"{len(comparison.differences)} figures, {wins} of them on who wins (80% of the "
        "5% to start with).</p>" + _differences_table(title, comparison, comparison.differences)
    )
    if comparison.counts:
        text += (
            f"<p class='note'>The game's balance counts, {len(comparison.counts)} figures: "
            "a family of their own (Holm-corrected among themselves), not part of the "
            "answers above.</p>"
            + _differences_table(f"{title}: balance counts", comparison, comparison.counts)
        )
    return text


def _differences_table(
    title: str, comparison: Comparison, differences: Sequence[Difference]
) -> str:
    rows = []
    for diff in differences:
        rate = diff.kind == "rate"
        scale = 100 if rate else 1
        unit = " pts" if rate else ""
        rows.append(
            (
                QUESTIONS.get(diff.family, diff.family),
                diff.what,
                _shown(diff.a, rate),
                _shown(diff.b, rate),
                f"{scale * (diff.b - diff.a):+.2f}{unit}",
                f"{scale * diff.low:+.2f} to {scale * diff.high:+.2f}",
                diff.test,
                format_p(diff.p_value),
                format_p(diff.p_adjusted),
                "significant" if diff.significant else "not significant",
            )
        )
    columns = (
        "question",
        "figure",
        comparison.base,
        comparison.other,
        "difference",
        "95% interval",
        "test",
        "p",
        "adjusted p",
        "at 5%",
    )
    return _table(CellTable(title, columns, tuple(rows)))


def _shown(value: float, rate: bool) -> str:
    return f"{value:.1%}" if rate else f"{value:.2f}"


def _changes(comparison: Comparison) -> str:
    """What changed between two runs, in words, with the figures behind it."""
    found = comparison.significant
    pairing = "game by game on the same seeds" if comparison.paired else "unpaired"
    head = (
        f"{comparison.other} against {comparison.base} ({comparison.games:,} games, "
        f"{pairing}, {len(comparison.differences)} figures, most of the 5% on who wins): "
    )
    if not found:
        closest = min(comparison.differences, key=lambda d: d.p_adjusted)
        return head + (
            "no figure changed significantly; the nearest, "
            f"{closest.what}: {closest.change()}, adjusted p = "
            f"{format_p(closest.p_adjusted)}."
        )
    described = "; ".join(
        f"{d.what} {_shown(d.a, d.kind == 'rate')} to {_shown(d.b, d.kind == 'rate')}, "
        f"{d.change()}, {d.test} p = {format_p(d.p_value)}, adjusted p = "
        f"{format_p(d.p_adjusted)}"
        for d in sorted(found, key=lambda d: d.p_adjusted)
    )
    return head + f"{len(found)} significant change{'s' if len(found) != 1 else ''}: {described}."


def _answers(
    runs: Sequence[ResultSet],
    fairness: Sequence[Fairness | None],
    comparisons: Sequence[Comparison],
) -> str:
    """The report's opening: is each run fair by seat, and what changed."""
    items = []
    for run, fair in zip(runs, fairness, strict=True):
        if fair is None:
            verdict = (
                "one seat: no fairness test"
                if len(run.summary.seats) < 2
                else "no per-game results or no game won: no fairness test"
            )
        else:
            verdict = fair.sentence()
        css = "significant" if fair is not None and not fair.fair else "plain"
        items.append(
            f"<li class='{css}'>Fair by seat? <strong>{escape(run.label)}</strong>: "
            f"{escape(verdict)}</li>"
        )
    for comparison in comparisons:
        css = "significant" if comparison.significant else "plain"
        items.append(f"<li class='{css}'>What changed? {escape(_changes(comparison))}</li>")
    return f"<h2>Answers</h2><ul class='answers'>{''.join(items)}</ul>"


def _fairness_section(runs: Sequence[ResultSet], fairness: Sequence[Fairness | None]) -> str:
    tested = [(run, fair) for run, fair in zip(runs, fairness, strict=True) if fair is not None]
    if not tested:
        return ""
    rows = tuple(
        (
            f"{run.label}: seat {share.seat + 1}",
            f"{share.share:.1%}",
            f"{share.low:.1%} - {share.high:.1%}",
            f"{fair.equal:.1%}",
            format_p(share.p_value),
            format_p(share.p_adjusted),
            "off the equal share" if share.off else "-",
        )
        for run, fair in tested
        for share in fair.shares
    )
    columns = ("seat", "share of wins", "95% interval", "equal share", "p", "Holm p", "at 5%")
    tests = "; ".join(f"{run.label}: {fair.test}" for run, fair in tested)
    url = fairness_plot([run for run, _ in tested], [fair.shares for _, fair in tested])
    return (
        "<h2>Fairness by seat</h2><p class='note'>Each seat's share of the wins of the "
        "games somebody won (a shared win counts 1/k for each of k), against the equal "
        f"share: chi-square over all seats, and each seat alone ({escape(tests)}), "
        "Holm-adjusted over the seats.</p>"
        + _table(CellTable("share of the wins by seat", columns, rows))
        + f"<img src='{url}' alt='share of wins per seat against the equal share'>"
    )


def _balance_section(runs: Sequence[ResultSet]) -> str:
    """The game's balance tables, each table's runs side by side."""
    by_title: dict[str, list[tuple[str, CellTable]]] = {}
    for run in runs:
        for cells in balance_cells(run.summary):
            by_title.setdefault(cells.title, []).append((run.label, cells))
    if not by_title:
        return "<h2>Balance tables</h2><p>This game has no balance counts.</p>"
    parts = ["<h2>Balance tables</h2>"]
    for title, tables in by_title.items():
        parts.append(f"<h3>{escape(title)}</h3><div class='runs'>")
        for label, cells in tables:
            named = CellTable(label if len(runs) > 1 else title, cells.columns, cells.rows)
            parts.append(f"<div>{_table(named)}</div>")
        parts.append("</div>")
    return "".join(parts)


def report_html(runs: Sequence[ResultSet], title: str | None = None) -> str:
    """The whole report about ``runs`` (the first is the baseline) as HTML text."""
    if not runs:
        raise ReportError("a report needs at least one run")
    games = sorted({run.summary.game for run in runs})
    if len(games) > 1:
        named = ", ".join(f"{run.label} is {run.summary.game}" for run in runs)
        raise ReportError(f"a report compares runs of one game, not of several ({named})")
    heading = title or f"{', '.join(games)}: simulation report"
    body: list[str] = [f"<h1>{escape(heading)}</h1>"]
    shared = {
        name: value
        for name, value in runs[0].summary.options.items()
        if len(runs) > 1 and all(run.summary.options.get(name) == value for run in runs)
    }
    if shared:
        common = ", ".join(f"{name}={value}" for name, value in shared.items())
        body.append(f"<p>Options of every run: {escape(common)}.</p>")
    body.append("<ul>")
    body += [_run_facts(run, shared) for run in runs]
    body.append("</ul>")
    fairness = [
        seat_fairness(table_of(run)) if len(run.summary.seats) > 1 else None for run in runs
    ]
    comparisons = [compare_runs(runs[0], run) for run in runs[1:]]
    body.insert(1, _answers(runs, fairness, comparisons))
    if comparisons:
        body.append("<h2>Comparison</h2>")
        body.append(
            "<p class='note'>Each figure of every run is compared with the first run "
            f"({escape(runs[0].label)}), two-sided. Within each comparison {escape(ORDER)}: "
            "together they keep the chance of any false alarm at 5% (the graphical "
            "procedure of Bretz et al. 2009), and both the raw and the adjusted p are "
            "shown.</p>"
        )
        body += [_comparison(comparison) for comparison in comparisons]
    body.append(_fairness_section(runs, fairness))
    body.append("<h2>Results by seat</h2><div class='runs'>")
    body += [f"<div>{_seats_table(run)}</div>" for run in runs]
    body.append("</div>")
    body.append(_figure("Score distributions", score_plot(runs), "score histograms per seat"))
    body.append(
        _figure("Win rate by seat", win_rate_by_seat_plot(runs), "win rate per seat, 95% intervals")
    )
    if any(len(set(run.summary.bots)) > 1 for run in runs):
        body.append(
            _figure(
                "Win rate by bot", win_rate_by_bot_plot(runs), "win rate per bot, 95% intervals"
            )
        )
    elif any(len(run.summary.seats) > 1 for run in runs):
        bots = ", ".join(sorted({run.summary.bots[0] for run in runs}))
        body.append(
            f"<p class='note'>Every seat has the same bot ({escape(bots)}): the win rate by "
            "bot is the share of games with a winner, so there is no chart by bot.</p>"
        )
    if all(run.tally.round_histogram for run in runs):
        body.append(_figure("Game length", length_plot(runs), "rounds per game"))
    endings = {ending for run in runs for ending in run.summary.endings}
    if len(endings) > 1:
        body.append(_figure("Endings", endings_plot(runs), "share of games per ending"))
    elif endings:
        body.append(
            f"<p class='note'>Every game ended the same way ({escape(endings.pop())}): "
            "no chart of endings.</p>"
        )
    body.append(_balance_section(runs))
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(heading)}</title><style>{STYLE}</style></head>"
        f"<body><main>{''.join(body)}</main></body></html>\n"
    )


def write_report(runs: Sequence[ResultSet], path: Path, title: str | None = None) -> Path:
    """Write the report about ``runs`` to ``path`` (see :func:`report_html`)."""
    text = report_html(runs, title)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ReportError(f"cannot write the report to {path}: {exc.strerror}") from None
    return path
