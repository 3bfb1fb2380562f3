"""Learn to play Your Mileage May Vary: a solo race on chosen fill-ups from the bag.

Board keys to highlight: ``pumps`` (the first fill-up of the turn), ``drawn`` (the
later fill-ups), ``bag``, ``sign`` (the Route 66 highway sign), ``state:<name>``
(lower case: ``state:texas``), ``turns`` (docs/tutorials.md).
"""

from __future__ import annotations

from roadtrip.core.tutorial_script import RuleLink, Step, TutorialScript

DOC = "americas-main-street"

FILLING = RuleLink(DOC, "filling-up", "Filling up")
STOPPING = RuleLink(DOC, "stopping", "Stopping")
ENDS = RuleLink(DOC, "the-race-ends", "The race ends")

STOP = "stop: fill the boxes on the mat"
AGAIN = "fill up again: draw three more cubes"

STEPS = (
    Step(
        key="first-fill-up",
        text=(
            "Fill every box of the eight states and five black cubes on the Route 66 "
            "sign, in as few turns as you can. Your first fill-up, black, red and "
            "yellow, sets this turn's fuel: each later fill-up must match one of them. "
            "Fill up again."
        ),
        move=AGAIN,
        highlight=("pumps",),
        rule=FILLING,
        why={STOP: "Stopping keeps these three; first see a second fill-up."},
    ),
    Step(
        key="matched-stop",
        text=(
            "Yellow, pink and green: the yellow matches your first fill-up, so the turn "
            "goes on if you like. Stop now: every cube a state still needs goes on it."
        ),
        move=STOP,
        highlight=("pumps", "drawn"),
        rule=STOPPING,
        why={AGAIN: "Legal, but six cubes are a good turn: bank them."},
    ),
    Step(
        key="risk-it",
        text=(
            "Turn 2: light blue, dark blue and orange. Fill up again, to see what "
            "happens when nothing matches."
        ),
        move=AGAIN,
        highlight=("pumps", "turns"),
        rule=FILLING,
        why={STOP: "Stopping is the safe play; the tutorial shows you the risk."},
    ),
    Step(
        key="bust-and-extras",
        text=(
            "Pink, green and purple matched none of light blue, dark blue and orange: "
            "all six cubes went back to the bag. Turn 3: orange, orange and black. Texas "
            "needs one orange only; when you stop, the extra goes back to the bag. Stop."
        ),
        move=STOP,
        highlight=("state:texas", "bag"),
        rule=STOPPING,
        why={AGAIN: "Legal, but a full Texas and a black cube are worth keeping now."},
    ),
)

SCRIPT = TutorialScript(
    game_id="mileage-may-vary",
    title="Your Mileage May Vary",
    options={"players": 1},
    chance=(
        "draw a black cube (Route 66 sign)",
        "draw a red cube (Arizona)",
        "draw a yellow cube (Oklahoma)",
        "draw a yellow cube (Oklahoma)",
        "draw a pink cube (New Mexico)",
        "draw a green cube (Illinois)",
        "draw a light blue cube (Missouri)",
        "draw a dark blue cube (California)",
        "draw an orange cube (Texas)",
        "draw a pink cube (New Mexico)",
        "draw a green cube (Illinois)",
        "draw a purple cube (Kansas)",
        "draw an orange cube (Texas)",
        "draw an orange cube (Texas)",
        "draw a black cube (Route 66 sign)",
    ),
    steps=STEPS,
    handover="The race is yours now: fill the mat in as few turns as you can.",
    later=(
        ENDS,
        RuleLink(DOC, "short_bag-fewer-than-three-cubes-in-the-bag", "A short bag"),
        RuleLink(DOC, "a-stalled-race", "A stalled race"),
        RuleLink(DOC, "players-teams-and-turn-order", "Players, teams and turn order"),
    ),
)
