"""Learn to play: every game's tutorial completes by following its prompts, a wrong
move is explained and changes nothing, the chosen chance is legal, links resolve."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

import roadtrip  # noqa: F401  (registers the games)
from roadtrip.core import CHANCE, State, load_game
from roadtrip.core.errors import UnknownGame
from roadtrip.core.tutorial import ChosenChance, Tutorial, TutorialError
from roadtrip.games.tutorials import TUTORIALS, tutorial_script

DOCS = Path(__file__).resolve().parents[2] / "docs"
IDS = sorted(TUTORIALS)


def _slug(heading: str) -> str:
    """GitHub's anchor for a Markdown heading: lower case, punctuation but - and _
    dropped, spaces to hyphens."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(doc: Path) -> set[str]:
    """Every heading's anchor; GitHub numbers a repeated slug (-1, -2, ...)."""
    seen: dict[str, int] = {}
    anchors: set[str] = set()
    for line in doc.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            continue
        slug = _slug(line.lstrip("#"))
        count = seen.get(slug, 0)
        anchors.add(slug if count == 0 else f"{slug}-{count}")
        seen[slug] = count + 1
    return anchors


def _follow(tutorial: Tutorial) -> None:
    while not tutorial.finished:
        answer = tutorial.attempt(tutorial.intended_action())
        assert answer.accepted, answer.message


def _fingerprint(state: State) -> tuple[list[tuple[int, int]], object]:
    return state.history(), state.view(None)


@pytest.mark.parametrize("game_id", IDS)
def test_following_the_prompts_completes_the_tutorial(game_id: str) -> None:
    tutorial = Tutorial(tutorial_script(game_id))
    steps = len(tutorial.script.steps)
    assert steps >= 3
    _follow(tutorial)
    assert tutorial.index == steps
    assert not tutorial.state.is_terminal()
    assert tutorial.to_json()["handover"] == tutorial.script.handover


@pytest.mark.parametrize("game_id", IDS)
def test_a_wrong_move_is_explained_and_changes_nothing(game_id: str) -> None:
    tutorial = Tutorial(tutorial_script(game_id))
    explained = 0
    while not tutorial.finished:
        state, seat = tutorial.state, tutorial.seat
        intended = tutorial.intended_action()
        before = _fingerprint(state)
        for action in state.legal_actions(seat):
            if action == intended:
                continue
            answer = tutorial.attempt(action)
            assert not answer.accepted
            assert tutorial.step is not None and tutorial.step.move in answer.message
            assert _fingerprint(tutorial.state) == before
            explained += 1
        illegal = max(state.legal_actions(seat)) + 10_000
        answer = tutorial.attempt(illegal)
        assert not answer.accepted and "rules do not allow" in answer.message
        assert _fingerprint(tutorial.state) == before
        tutorial.attempt(intended)
    assert explained > 0


@pytest.mark.parametrize("game_id", IDS)
def test_the_chosen_outcomes_are_legal_chance_outcomes(game_id: str) -> None:
    """Replays the tutorial's history through a fresh state of the game: every chance
    outcome must be one that its node offers, and every chosen one is in the script."""
    tutorial = Tutorial(tutorial_script(game_id))
    _follow(tutorial)
    script = tutorial.script
    state = load_game(game_id, **dict(script.options)).new_initial_state()
    chance_index = 0
    for seat, action in tutorial.state.history():
        if seat == CHANCE:
            offered = {a: p for a, p in state.chance_outcomes()}
            assert offered.get(action, 0) > 0
            chosen = script.chance[chance_index]
            if chosen is not None:
                assert state.action_to_string(action, CHANCE) == chosen
            chance_index += 1
        state.apply_action(action, seat)
    assert chance_index == len(script.chance)  # every chosen outcome was used


def test_a_chosen_outcome_the_node_does_not_offer_is_refused() -> None:
    state = load_game("road-to-300").new_initial_state()
    with pytest.raises(TutorialError, match="roll 7-7-7"):
        ChosenChance(0, ["roll 7-7-7"]).draw(state, 0)
    assert state.history() == []


def test_a_script_whose_chance_runs_out_is_refused() -> None:
    script = tutorial_script("road-to-300")
    tutorial = Tutorial(replace(script, chance=script.chance[:1]))
    with pytest.raises(TutorialError, match="ran out"):
        _follow(tutorial)


@pytest.mark.parametrize("game_id", IDS)
def test_every_rule_link_names_a_heading_of_the_rules(game_id: str) -> None:
    links = tutorial_script(game_id).links()
    assert links
    for link in links:
        doc = DOCS.parent / link.path
        assert doc.is_file(), link.path
        assert link.anchor in _anchors(doc), f"{link.href}: no such heading"


@pytest.mark.parametrize("game_id", IDS)
def test_every_step_introduces_a_rule_with_a_link_or_says_why_not(game_id: str) -> None:
    script = tutorial_script(game_id)
    keys = [step.key for step in script.steps]
    assert len(keys) == len(set(keys)), "step keys are stable ids: no two alike"
    assert script.steps[0].rule is not None
    assert script.later, "the rules a first game does not need are listed at the end"


@pytest.mark.parametrize("game_id", IDS)
def test_the_hand_over_plays_on_with_the_seeded_sampler(game_id: str) -> None:
    first, second = Tutorial(tutorial_script(game_id)), Tutorial(tutorial_script(game_id))
    _follow(first)
    _follow(second)
    a, b = first.hand_over(5), second.hand_over(5)
    assert a.state.history() == b.state.history()
    assert a.seed == 5 and not a.state.is_chance_node()


def test_the_hand_over_waits_for_the_last_step() -> None:
    with pytest.raises(TutorialError, match="last step"):
        Tutorial(tutorial_script("road-to-300")).hand_over(1)


def test_an_unknown_game_has_no_tutorial_and_the_error_names_those_that_exist() -> None:
    with pytest.raises(UnknownGame, match="road-to-300"):
        tutorial_script("monopoly")


def test_the_step_as_json_carries_text_highlight_rule_and_intended_move() -> None:
    tutorial = Tutorial(tutorial_script("road-to-300"))
    data = tutorial.to_json()
    step = data["step"]
    assert step["key"] == "roll-and-cross"
    assert step["highlight"] == ["dice", "field:3,4"]
    assert step["rule"]["href"] == "docs/rules/road-to-300.md#step-2-cross-out-a-field"
    assert tutorial.state.action_to_string(data["intended_action"], 0) == step["move"]


def _followed(game_id: str) -> Tutorial:
    tutorial = Tutorial(tutorial_script(game_id))
    _follow(tutorial)
    return tutorial


def test_road_rally_runs_on_to_rally_point_1_scored_by_the_learner_as_trigger() -> None:
    """What the steps' words claim: the checkpoint tile, the reveal, 2nd place doubled
    (8) against 5 for 1st, the chip to the car on the space, then a stop on Gas."""
    view = _followed("road-rally").state.view(0)
    me, other = view["cars"]
    assert me["checkpoints"] == 1 and me["rally_revealed"] == [1] and me["chips"] == [1]
    assert (me["points"], other["points"]) == (8, 5)
    assert view["rally_results"][0]["trigger"] == 0
    assert view["track"]["features"][me["space"]] == "G"


def test_open_road_ends_in_phoenix_after_the_side_trip_heartland_and_hotel() -> None:
    """What the steps' words claim: Flagstaff paid, Phoenix paid 5 and 5 capped at 10
    money, Oklahoma City the new Heartland, the hotel's 2 money for 2 energy."""
    rider = _followed("open-road").state.view(0)["riders"][0]
    assert rider["at"] == "Phoenix, AZ" and rider["side_trip_paid"] == ["Flagstaff, AZ"]
    assert rider["heartland"] == "Oklahoma City, OK"
    assert (rider["energy"], rider["money"]) == (8, 8)
    assert rider["cards"] == {}
