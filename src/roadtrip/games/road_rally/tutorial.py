"""Learn to play Road Rally USA: two cars on the demo track, chosen cards.

You drive seat 1; the other car's moves are scripted too.  The script runs on to the
first rally point (space 10, whose card you hold): a checkpoint, the reveal, places,
the trigger's double and the chip, then Gas.  Board keys to highlight: ``hand``,
``deck``, ``discards``, ``track``, ``car:<seat>`` (from 1), ``rally:<n>`` (rally point
n), ``rally-cards``, ``order``, ``scores``, ``checkpoint:<space>``, ``gas:<space>``
(docs/tutorials.md).
"""

from __future__ import annotations

from roadtrip.core.tutorial_script import RuleLink, Step, TutorialScript

DOC = "road-rally-usa"

PLAYING = RuleLink(DOC, "playing-cards", "Playing cards")
DRAWING = RuleLink(DOC, "drawing-after-the-move", "Drawing after the move")
ORDER = RuleLink(DOC, "turn-order", "Turn order")
RALLY = RuleLink(DOC, "rally-scoring", "Rally scoring")
POINTS = RuleLink(DOC, "points-cards-and-chips", "Points, cards and chips")
CHECKPOINT = RuleLink(DOC, "checkpoint", "Checkpoint")
GAS = RuleLink(
    DOC, "gas-reshuffle-before-or-after-drawing", "Gas: reshuffle before or after drawing"
)

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
        text="Move 5 spaces, past the other car and over the checkpoint on space 8.",
        move="moves 5 spaces",
        highlight=("track", "checkpoint:8"),
        rule=PLAYING,
        otherwise="Move now: five spaces.",
    ),
    Step(
        key="checkpoint",
        text=(
            "First over the checkpoint, you took its tile (2 points at the end) and the "
            "last car drew two cards. Rally point 1 is on space 10 and its card is in "
            "your hand: play the green 2."
        ),
        move="plays a green 2",
        highlight=("checkpoint:8", "rally:1", "rally-cards", "hand"),
        rule=CHECKPOINT,
        otherwise="Legal, but the green 2 stops you on rally point 1: play it.",
    ),
    Step(
        key="onto-the-rally-point",
        text=(
            "Move 2 spaces onto rally point 1: when it scores, the first car on its "
            "space takes its chip, worth 2 points at the end."
        ),
        move="moves 2 spaces",
        highlight=("rally:1", "car:1"),
        rule=POINTS,
        otherwise="Move now: two spaces, onto rally point 1.",
    ),
    Step(
        key="reveal",
        text=(
            "The other car passed rally point 1 too. At the end of the round whoever "
            "holds its card may reveal it to score it: reveal yours."
        ),
        move="reveals rally point card 1",
        highlight=("rally-cards", "rally:1"),
        rule=RALLY,
        why={
            "does not reveal rally point 1": (
                "Legal: the rally point would go, unscored, with its chip, and the card "
                "stays hidden. You may score 3 of your 4 cards; this one pays now."
            )
        },
    ),
    Step(
        key="places",
        text=(
            "Scored by place: 1st 5 points, 2nd 4, and you, the trigger, doubled yours "
            "to 8, and took the chip. The other car leads now. Play the yellow 2."
        ),
        move="plays a yellow 2",
        highlight=("scores", "order", "hand"),
        rule=POINTS,
        otherwise="Legal, but the yellow 2 stops you on the Gas station: play it.",
    ),
    Step(
        key="to-gas",
        text="Move 2 spaces, onto the Gas station on space 12.",
        move="moves 2 spaces",
        highlight=("track", "gas:12"),
        rule=GAS,
        otherwise="Move now: two spaces, onto Gas.",
    ),
    Step(
        key="gas",
        text=(
            "Gas puts your played cards back: shuffle your discards into your deck, "
            "before or after you draw. Shuffle first."
        ),
        move="shuffles the discards into the deck, then draws (Gas)",
        highlight=("discards", "deck"),
        rule=GAS,
        why={
            "draws, then shuffles the discards into the deck (Gas)": (
                "Legal too (the draw then comes from the cards you have not played); "
                "the tutorial shuffles first."
            )
        },
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
        "seat 2 draws a green 1",
        "seat 2 draws a yellow 3",
        "seat 1 draws a green 2",
        "seat 1 draws a red 4",
        "seat 1 draws a yellow 3",
        "seat 2 draws a green 2",
    ),
    others=(
        "plays a red 4",
        "moves 4 spaces",
        "plays a red 3",
        "moves 3 spaces",
        "plays a red 4",
        "moves 4 spaces",
        "plays a yellow 2",
        "moves 2 spaces",
    ),
    steps=STEPS,
    handover="The race is on: you against the heuristic bot, from here.",
    later=(
        RuleLink(DOC, "general-store", "General Store"),
        RuleLink(DOC, "shortcut", "Shortcut"),
        RuleLink(DOC, "mechanic", "Mechanic"),
        RuleLink(DOC, "an-empty-hand", "An empty hand"),
        RuleLink(
            DOC,
            "rally_limit-at-most-two-rally-points-per-round",
            "At most two rally points a round",
        ),
        RuleLink(DOC, "the-finish", "The finish"),
        RuleLink(DOC, "scoring-and-the-winner", "Scoring and the winner"),
    ),
)
