"""Learn to play Get Your Kicks: a solo mat on chosen draws from the bag.

Board keys to highlight: ``casino``, ``bag``, ``sign`` (the Route 66 highway sign),
``state:<name>`` (a state of the mat, lower case: ``state:arizona``), ``turns``
(docs/tutorials.md).
"""

from __future__ import annotations

from roadtrip.core.tutorial_script import RuleLink, Step, TutorialScript

DOC = "americas-main-street"

TURN = RuleLink(DOC, "the-turn", "Get Your Kicks: the turn")
BAG = RuleLink(DOC, "the-bag-is-chance", "The bag is chance")
SOLO = RuleLink(DOC, "solo", "Solo: count your turns")
END = RuleLink(DOC, "end-when-the-game-ends", "When the game ends")
SIX_BLACK = RuleLink(
    DOC, "solo_six_black-six-black-cubes-in-the-solo-game", "Six black cubes, solo"
)
SCORING = RuleLink(DOC, "scoring-and-the-winner", "Scoring and the winner")

CONCLUDE = "conclude: place the casino cubes on the mat"
CONTINUE = "continue: draw another cube"

STEPS = (
    Step(
        key="first-cube",
        text=(
            "Your goal: a cube on each of the eight states and on the Route 66 sign, in "
            "as few turns as you can. Your turn began with a red cube from the bag, now "
            "in the casino. Continue, to draw another."
        ),
        move=CONTINUE,
        highlight=("casino", "state:arizona"),
        rule=TURN,
        why={CONCLUDE: "Concluding would keep the red cube; first see what a second draw does."},
    ),
    Step(
        key="new-colour",
        text=(
            "Light blue, a new colour: you decide again. If a cube matches a colour "
            "already in the casino, the turn busts. Risk one more."
        ),
        move=CONTINUE,
        highlight=("casino",),
        rule=TURN,
        why={
            CONCLUDE: "Keeping two cubes is the safe play; the tutorial risks one more "
            "to show you a bust."
        },
    ),
    Step(
        key="bust-then-black",
        text=(
            "A second red: bust! All three cubes went back into the bag and the turn "
            "ended with nothing. Turn 2 began with a black cube, for the Route 66 sign. "
            "Conclude to keep it."
        ),
        move=CONCLUDE,
        highlight=("sign", "bag", "turns"),
        rule=TURN,
        why={CONTINUE: "Legal, but one cube is worth keeping: conclude places it on the sign."},
    ),
    Step(
        key="mat-does-not-bust",
        text=(
            "Turn 3: a yellow cube. Only the casino can bust you, never a colour on your "
            "mat. Continue."
        ),
        move=CONTINUE,
        highlight=("casino", "state:oklahoma"),
        rule=TURN,
        why={CONCLUDE: "Legal, but with one cube in the casino the risk is small: continue."},
    ),
    Step(
        key="keep-them-all",
        text=(
            "Green, a new colour. Two cubes in the casino; conclude to place both on their states."
        ),
        move=CONCLUDE,
        highlight=("casino", "state:oklahoma", "state:illinois"),
        rule=SOLO,
        why={CONTINUE: "Legal, but the tutorial banks these two; you will judge the risk soon."},
    ),
    Step(
        key="six-black",
        text=(
            "Another black cube. Beware: six black cubes on the sign end the solo game "
            "as a loss. Conclude to keep it (that makes two)."
        ),
        move=CONCLUDE,
        highlight=("sign",),
        rule=SIX_BLACK,
        why={CONTINUE: "Legal; the tutorial keeps this one to show the sign filling up."},
    ),
)

SCRIPT = TutorialScript(
    game_id="get-your-kicks",
    title="Get Your Kicks",
    options={"players": 1},
    chance=(
        "draw a red cube (Arizona)",
        "draw a light blue cube (Missouri)",
        "draw a red cube (Arizona)",
        "draw a black cube (Route 66 sign)",
        "draw a yellow cube (Oklahoma)",
        "draw a green cube (Illinois)",
        "draw a black cube (Route 66 sign)",
    ),
    steps=STEPS,
    handover="The bag is yours now: fill the mat in as few turns as you can.",
    later=(
        BAG,
        RuleLink(DOC, "empty-bag", "Empty bag"),
        END,
        SCORING,
        RuleLink(DOC, "players-teams-and-turn-order", "Players, teams and turn order"),
    ),
)
