"""``roadtrip learn GAME``: a game's tutorial in the terminal, then a normal game.

The tutorial itself is :class:`roadtrip.core.tutorial.Tutorial` (chosen chance, one
rule per step); this module only shows it: the game's own terminal board
(``cli/<game>/``, through :func:`roadtrip.cli.play.ui_for`), the step's words, the
board parts to look at and the rule's link, then the player's typed move.  A move the
step does not want is answered with the tutorial's explanation and asked again; a
typed line that is no legal move at all gets the board's own explanation.  After the
last step the same match goes on with seeded chance (:meth:`Tutorial.hand_over`), the
seats that are not the learner's played by a bot, through the loop ``roadtrip play``
uses.  ``q`` quits at any prompt.
"""

from __future__ import annotations

import secrets
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel

from roadtrip.cli.choices import QUIT_WORDS, InputError, Reader
from roadtrip.cli.exits import user_errors
from roadtrip.cli.play import (
    GameUI,
    GenericUI,
    narrate,
    play_match,
    read_choice,
    ui_for,
)
from roadtrip.cli.seated_ui import SeatedUI
from roadtrip.core import State
from roadtrip.core.tutorial import Tutorial
from roadtrip.games.tutorials import tutorial_ids, tutorial_script


def _look_at(keys: tuple[str, ...]) -> str:
    """Highlight keys in words: 'field:3,4' -> 'field 3,4', 'failed-rolls' -> 'failed rolls'."""
    return " · ".join(k.replace(":", " ").replace("-", " ") for k in keys)


def _chooser(ui: GameUI) -> GameUI:
    """Whose choices a step lists: the board's own, except where a board's choice
    stands for several actions (``whole_plays``: Road Rally's whole play, read by its
    own loop): a step is one action, so those list each legal action in the game's
    words."""
    return GenericUI() if getattr(ui, "whole_plays", False) else ui


def _show_step(console: Console, tutorial: Tutorial, ui: GameUI) -> None:
    step = tutorial.step
    if step is None:  # past the last step: the game goes on without a prompt
        return
    seat = tutorial.seat
    console.print()
    marked = getattr(ui, "render_marked", None)
    if marked is not None:  # the board marks the step's parts itself
        marked(console, tutorial.state, seat, step.highlight)
    else:
        ui.render(console, tutorial.state, seat)
    lines = [escape(step.text)]
    if step.highlight:
        lines.append(f"[magenta]Look at: {escape(_look_at(step.highlight))}[/]")
    if step.rule is not None:
        lines.append(f"[dim]Rule: {escape(step.rule.title)} ({escape(step.rule.href)})[/]")
    title = f"{tutorial.script.title}: step {tutorial.index + 1} of {len(tutorial.script.steps)}"
    console.print(Panel("\n".join(lines), title=escape(title), border_style="cyan"))
    chooser = _chooser(ui)
    choices = chooser.choices(tutorial.state, seat)
    console.print(f"[bold]{escape(chooser.choice_title(tutorial.state, seat))}[/]")
    for number, choice in enumerate(choices, start=1):
        console.print(f"{number:>3}) {escape(choice.label)}")


def _tell(console: Console, ui: GameUI, before: State, tutorial: Tutorial) -> None:
    """What followed the learner's move, the other seats' moves included (a step's
    text refers to them): the board's own telling of every move where it has one
    (``tell``: The Open Road, whose events follow an action's words), else its
    events (Road Rally's tell a whole play at the move)."""
    told = getattr(ui, "tell", None)
    if told is not None:
        told(console, before, tutorial.state)
        return
    for _, _, _, events in narrate(ui, before, tutorial.state):
        for event in events:
            console.print(f"[yellow]{escape(event)}[/]")


def run_tutorial(console: Console, tutorial: Tutorial, ui: GameUI, read: Reader) -> str:
    """Take the learner through every step; 'done', 'quit' or 'eof'."""
    while not tutorial.finished:
        _show_step(console, tutorial, ui)
        state, seat, chooser = tutorial.state, tutorial.seat, _chooser(ui)
        choices = chooser.choices(state, seat)
        while True:
            try:
                typed = read(chooser.prompt(state, seat))
            except (EOFError, KeyboardInterrupt):
                console.print()
                console.print("End of input: leaving the tutorial.")
                return "eof"
            if typed.strip().lower() in QUIT_WORDS:
                console.print("You left the tutorial.")
                return "quit"
            try:
                action = read_choice(typed, chooser, state, seat, choices)
            except InputError as exc:
                step = tutorial.step
                hint = f" This step's move: {step.move}." if step is not None else ""
                console.print(f"[red]{escape(str(exc))}[/]{hint}")
                continue
            before = state.clone()
            answer = tutorial.attempt(action)
            if not answer.accepted:
                console.print(f"[red]{escape(answer.message)}[/]")
                continue
            _tell(console, ui, before, tutorial)
            break
    return "done"


def _hand_over(console: Console, tutorial: Tutorial, ui: GameUI, read: Reader, seed: int) -> str:
    console.print()
    console.print(Panel(escape(tutorial.script.handover), title="Your game", border_style="green"))
    if tutorial.script.later:
        console.print("[bold]Rules for later[/] (the tutorial's game does not need them yet):")
        for link in tutorial.script.later:
            console.print(f"  {escape(link.title)}: {escape(link.href)}")
    match = tutorial.hand_over(seed)
    console.print(f"From here the dice and cards come from seed {seed}.")
    seated = getattr(ui, "play_seated", None)
    if seated is not None:  # games with bot seats: the learner's seat is the human one
        outcome: str = seated(console, match, read, humans=tutorial.seat + 1)
    else:
        outcome = play_match(console, match, ui, read)
    console.print()
    ui.render_result(console, match.state)
    return outcome


def learn(console: Console, game_id: str, read: Reader, seed: int) -> str:
    """The whole session: the tutorial, then the game on; what play returned."""
    tutorial = Tutorial(tutorial_script(game_id))
    ui = ui_for(game_id)
    if isinstance(ui, SeatedUI):  # the board calls the learner "you" from the start
        ui.humans = [tutorial.seat]
    console.print(f"[bold]Learn to play {escape(tutorial.script.title)}[/] (q quits)")
    outcome = run_tutorial(console, tutorial, ui, read)
    if outcome != "done":
        return outcome
    return _hand_over(console, tutorial, ui, read, seed)


def register(app: typer.Typer) -> None:
    @app.command(name="learn")
    def learn_command(
        game_id: Annotated[
            str,
            typer.Argument(metavar="GAME", help=f"A game: {', '.join(tutorial_ids())}."),
        ],
        seed: Annotated[
            int | None,
            typer.Option("--seed", help="Seed of the game after the tutorial."),
        ] = None,
    ) -> None:
        """Learn a game step by step on chosen dice, then play it on; type q to quit."""
        console = Console(highlight=False)
        with user_errors():
            tutorial_script(game_id)  # an unknown game fails here, before any output

            def read(prompt: str) -> str:
                return console.input(escape(prompt))

            learn(console, game_id, read, seed if seed is not None else secrets.randbits(62))
