"""Learn to play Road to 300: a solo game on chosen rolls, one rule at a time.

Board keys to highlight: ``field:C,R`` (column C, row R), ``dice``,
``failed-rolls``, ``score`` (docs/tutorials.md).
"""

from __future__ import annotations

from roadtrip.core.tutorial_script import RuleLink, Step, TutorialScript

DOC = "road-to-300"

ROLL = RuleLink(DOC, "step-1-the-roll", "Step 1: the roll")
CROSS = RuleLink(DOC, "step-2-cross-out-a-field", "Step 2: cross out a field")
FIRST = RuleLink(DOC, "first_move-entering-the-grid", "first_move: entering the grid")
START = RuleLink(DOC, "step-3-cross-out-the-starting-field", "Step 3: cross out the starting field")
MOVE = RuleLink(DOC, "step-4-move", "Step 4: move")
NO_CROSS = RuleLink(DOC, "no_cross-no-field-to-cross", "no_cross: no field to cross")
SCORE = RuleLink(DOC, "end-of-the-game-and-the-score", "End of the game and the score")

STEPS = (
    Step(
        key="roll-and-cross",
        text=(
            "You rolled 1, 3 and 4. Two dice name a field to cross out, column then row; "
            "the third die is how far you will move. Cross out 3,4, a 5 in the middle, "
            "and keep the 1 to move."
        ),
        move="cross 3,4 (move 1)",
        highlight=("dice", "field:3,4"),
        rule=CROSS,
        otherwise=(
            "That crosses out a field too, but the tutorial keeps the 1 for moving: a 1 "
            "lets you enter on a corner and stay on its 30."
        ),
    ),
    Step(
        key="enter-on-a-corner",
        text=(
            "You start outside the grid, and the first step of your first move must land "
            "on a 30, one of the four corners. With a 1 you stop there: end on 1,1. The "
            "field where a move ends is circled."
        ),
        move="end on 1,1 (30 points)",
        highlight=("field:1,1", "field:6,1", "field:1,6", "field:6,6"),
        rule=FIRST,
        otherwise="Every corner is a 30; the tutorial starts at 1,1, top left.",
    ),
    Step(
        key="doubles",
        text=(
            "Round 2: you rolled 2, 3 and 3. Two equal dice name one field only, 3,3. "
            "Cross it out and move 2."
        ),
        move="cross 3,3 (move 2)",
        highlight=("dice", "field:3,3"),
        rule=CROSS,
        otherwise=(
            "3,2 and 2,3 are legal too, but they keep a 3 to move; the tutorial crosses "
            "3,3, a 5 in the middle, and moves 2."
        ),
    ),
    Step(
        key="start-crossed-then-move",
        text=(
            "Step 3: the field you started on, 1,1, is now crossed out too. It has an X "
            "and a circle, so it scores its 30 at the end. Now move exactly 2 steps, "
            "orthogonally; you may turn, never enter a field twice or leave the grid. "
            "End on 3,1."
        ),
        move="end on 3,1 (20 points)",
        highlight=("field:1,1", "field:3,1", "field:1,3", "field:2,2"),
        rule=START,
        why={
            "end on 2,2 (15 points)": (
                "Turning is allowed, so 2,2 is legal, but it is worth 15 and 3,1 is worth 20."
            ),
            "end on 1,3 (20 points)": (
                "1,3 is as good as 3,1; the tutorial goes along the top row."
            ),
        },
    ),
    Step(
        key="failed-roll-and-crossed-fields",
        text=(
            "Your roll 1-1-1 named only 1,1, already crossed: no field could be crossed, "
            "so you rolled again (three failed rolls in a row end the game). Now 3, 4, 4: "
            "3,4 is crossed already, so it is no choice. Cross 4,4 and move 3."
        ),
        move="cross 4,4 (move 3)",
        highlight=("failed-rolls", "dice", "field:4,4"),
        rule=NO_CROSS,
        why={
            "cross 4,3 (move 4)": (
                "4,3 is legal, but then you would move 4, and the tutorial wants a 3 to "
                "reach the corner 6,1."
            ),
        },
    ),
    Step(
        key="move-around-blocks",
        text=(
            "3,1 is crossed out now, and crossed or circled fields may never be entered. "
            "Three steps right take you to the corner: end on 6,1."
        ),
        move="end on 6,1 (30 points)",
        highlight=("field:6,1", "field:3,1"),
        rule=MOVE,
        otherwise="That is a legal end, but 6,1 is a 30, the best field you can reach.",
    ),
    Step(
        key="cross-first",
        text=(
            "You rolled 2, 5 and 5. Cross first, then move: the field you cross blocks "
            "this round's move. Cross 2,5 (a 15, far away) and keep a 5."
        ),
        move="cross 2,5 (move 5)",
        highlight=("dice", "field:2,5"),
        rule=MOVE,
        why={
            "cross 5,2 (move 5)": (
                "Legal, but 5,2 lies on your way down the right edge: crossed first, it "
                "would block this round's move. 2,5 is out of your way."
            ),
        },
        otherwise="Legal, but then you move 2; the tutorial keeps a 5 to reach 6,6.",
    ),
    Step(
        key="score",
        text=(
            "Five steps from 6,1 (crossed out now): end on 6,6, another 30. The game ends "
            "when you cannot move, or after three failed rolls in a row; then every "
            "field with an X and a circle scores. 300 points win."
        ),
        move="end on 6,6 (30 points)",
        highlight=("field:6,6", "score"),
        rule=SCORE,
        otherwise="That is legal, but 6,6 is a corner: 30 points when it is crossed later.",
    ),
)

SCRIPT = TutorialScript(
    game_id="road-to-300",
    title="Road to 300",
    options={},
    chance=("roll 1-3-4", "roll 2-3-3", "roll 1-1-1", "roll 3-4-4", "roll 2-5-5"),
    steps=STEPS,
    handover="Your turn alone now: the same sheet, new rolls. Reach 300 points!",
    later=(
        ROLL,
        RuleLink(DOC, "cross_standing-the-field-you-stand-on", "The field you stand on"),
        RuleLink(DOC, "final_field-the-field-you-stand-on-at-the-end", "The last field"),
        RuleLink(DOC, "target-and-returns", "The target"),
        RuleLink(DOC, "players-and-the-competitive-mode", "The competitive mode"),
    ),
)
