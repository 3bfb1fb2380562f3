"""Learn to play Road Rally USA: two cars on the demo track, chosen cards.

You drive seat 1; the other car's moves are scripted too.  Board keys to highlight:
``hand``, ``deck``, ``discards``, ``track``, ``car:<seat>`` (from 1), ``rally:<n>``
(rally point n), ``rally-cards``, ``order``, ``scores`` (docs/tutorials.md).
"""

from __future__ import annotations

from roadtrip.core.tutorial_script import RuleLink, Step, TutorialScript

DOC = "road-rally-usa"

PLAYING = RuleLink(DOC, "playing-cards", "Playing cards")
DRAWING = RuleLink(DOC, "drawing-after-the-move", "Drawing after the move")
ORDER = RuleLink(DOC, "turn-order", "Turn order")
RALLY = RuleLink(DOC, "rally-scoring", "Rally scoring")
POINTS = RuleLink(DOC, "points-cards-and-chips", "Points, cards and chips")

STEPS = (
    Step(
        key="play-one-colour",
        text=(
            "Your car leads, so you move first. Play one or more cards of one colour; "
            "your car moves their sum. Play the green 2."
        ),
        move="plays a green 2",
        highlight=("hand", "car:1"),
        rule=PLAYING,
        otherwise="Legal, but the tutorial plays greens this turn: start with the green 2.",
    ),
    Step(
        key="same-colour",
        text="A second card must be green too. Add the green 1.",
        move="plays a green 1",
        highlight=("hand",),
        rule=PLAYING,
        otherwise="Add the green 1: the tutorial moves 3.",
    ),
    Step(
        key="move-and-draw",
        text=(
            "Now move 3 spaces. After the move you draw by the colour played: green "
            "draws 2, yellow 1, red none."
        ),
        move="moves 3 spaces",
        highlight=("track", "deck"),
        rule=DRAWING,
        otherwise="Move now: three spaces for the green 2 and green 1.",
    ),
    Step(
        key="furthest-first",
        text=(
            "You drew a yellow 2 and a red 3. The other car played a red 4 and passed "
            "you: each round the furthest car moves first. Play the yellow 3."
        ),
        move="plays a yellow 3",
        highlight=("order", "car:2", "hand"),
        rule=ORDER,
        otherwise="Legal, but the tutorial plays yellows now: start with the yellow 3.",
    ),
    Step(
        key="yellow-draws-one",
        text="Add the yellow 2, then move 5; yellow cards draw one card after the move.",
        move="plays a yellow 2",
        highlight=("hand",),
        rule=DRAWING,
        otherwise="Add the yellow 2: five spaces take you past the other car.",
    ),
    Step(
        key="move-five",
        text="Move 5 spaces.",
        move="moves 5 spaces",
        highlight=("track",),
        rule=PLAYING,
        otherwise="Move now: five spaces.",
    ),
)

SCRIPT = TutorialScript(
    game_id="road-rally",
    title="Road Rally USA",
    options={"players": 2},
    chance=(
        "seat 1's car takes the next place in the starting row",
        "seat 1 is dealt rally point card 1",
        "seat 2 is dealt rally point card 2",
        "seat 1 is dealt rally point card 3",
        "seat 2 is dealt rally point card 5",
        "seat 1 is dealt rally point card 15",
        "seat 2 is dealt rally point card 18",
        "seat 1 is dealt rally point card 20",
        "seat 2 is dealt rally point card 11",
        "seat 1 draws a green 1",
        "seat 1 draws a green 2",
        "seat 1 draws a yellow 2",
        "seat 1 draws a yellow 3",
        "seat 1 draws a red 4",
        "seat 2 draws a green 1",
        "seat 2 draws a yellow 2",
        "seat 2 draws a red 3",
        "seat 2 draws a red 4",
        "seat 2 draws a red 4",
        "seat 1 draws a yellow 2",
        "seat 1 draws a red 3",
    ),
    others=("plays a red 4", "moves 4 spaces", "plays a red 3", "moves 3 spaces"),
    steps=STEPS,
    handover="The race is on: you against the heuristic bot, from here.",
    later=(ORDER, RALLY, POINTS),
)
