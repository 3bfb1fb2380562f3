"""America's Main Street teams in the terminal: "Give each player a mat (teams of 2
players share one mat)."  ``roadtrip play ... --names "Ann+Ben,Cy"`` seats a team of
two at mat 1: both names are shown, the prompt asks either partner, and whatever
either types acts for the mat (docs/rules/americas-main-street.md, "Players, teams
and turn order")."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from roadtrip.cli.main import app
from roadtrip.cli.main_street.seats import SeatNames, parse_seat_names
from roadtrip.cli.seating import SeatError

runner = CliRunner()


def test_a_team_of_two_shares_a_mat_and_either_may_act() -> None:
    result = runner.invoke(
        app,
        ["play", "get-your-kicks", "--seed", "5", "--players", "2", "--names", "Ann+Ben,Cy"],
        input="s\n" * 400,
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Ann or Ben, conclude (s) or continue (c)?" in out  # either partner answers
    assert "Cy, conclude (s) or continue (c)?" in out
    assert "Ann & Ben's turn · their turn 1" in out
    assert "Ann & Ben conclude: 1 cube placed" in out  # a team takes the plural
    assert "Cy concludes: 1 cube placed" in out
    assert "Ann & Ben's turn (their turn 2)." in out
    assert "Player 1" not in out and "Player 2" not in out
    assert "Final table" in out and "Ann & Ben" in out.split("Final table")[1]
    assert any(f"{who} with" in out for who in ("Ann & Ben win", "Cy wins", "Shared win"))


def test_a_solo_team_is_named_instead_of_you() -> None:
    result = runner.invoke(
        app,
        ["play", "mileage-may-vary", "--seed", "2", "--names", "Ann+Ben"],
        input="s\n" * 400,
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Ann or Ben, stop (s) or fill up again (f)?" in out
    assert "Ann & Ben's mat" in out and "Your mat" not in out
    assert "Ann & Ben win in" in out or "Not a win this time" in out


@pytest.mark.parametrize(
    ("names", "players", "message"),
    [
        ("Ann+Ben+Cy", 1, "seat 1 names 3 players; a team is 2 players sharing one mat"),
        ("Ann,Ben", 3, "--names gives 2 seats for 3 mats"),
        ("Ann+,Cy", 2, "seat 1 has an empty name"),
        ("Ann,ann", 2, "'ann' is named twice"),
        ("A" * 30, 1, "is 30 characters long; names may have at most 24"),
    ],
)
def test_bad_names_are_refused_with_the_reason(names: str, players: int, message: str) -> None:
    with pytest.raises(SeatError, match=message.replace("+", r"\+")):
        parse_seat_names(names, players)
    result = runner.invoke(
        app, ["play", "get-your-kicks", "--players", str(players), "--names", names], input="q\n"
    )
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


def test_names_are_offered_only_where_seats_take_them() -> None:
    result = runner.invoke(app, ["play", "road-to-300", "--names", "Ann"], input="q\n")
    assert result.exit_code == 2
    assert "--names is not offered for road-to-300" in result.output


def test_seat_names_default_to_player_numbers() -> None:
    names = SeatNames()
    assert names.name(1) == "Player 2" and names.addressee(1) == "Player 2"
    team = parse_seat_names(" Ann + Ben , Cy ", 2)
    assert team.name(0) == "Ann & Ben" and team.addressee(0) == "Ann or Ben"
    assert team.team(0) and not team.team(1) and team.name(1) == "Cy"
