"""Variant options (core/options.py): validated once at load_game, typos never
silently play the default, and every error names what exists."""

from __future__ import annotations

import pytest

import roadtrip
from roadtrip.core import InvalidOption, Option, parse_option_texts, validate_options

FLAG = Option("flag", False, "a flag")
COUNT = Option("count", 3, "a number", minimum=1, maximum=6)
OPEN_COUNT = Option("open", 0, "an unbounded number")
MODE = Option("mode", "fast", "a choice", choices=("fast", "slow", "odd"), rule="Rule 1")
SPEC = (FLAG, COUNT, MODE)


def test_option_kinds_follow_the_default_or_choices() -> None:
    assert (FLAG.kind, COUNT.kind, MODE.kind, OPEN_COUNT.kind) == ("bool", "int", "choice", "int")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("true", True),
        ("Yes", True),
        (" on ", True),
        ("1", True),
        ("FALSE", False),
        ("no", False),
        ("off", False),
        ("0", False),
    ],
)
def test_parse_flag_texts(text: str, value: bool) -> None:
    assert FLAG.parse(text, "g") is value


@pytest.mark.parametrize("text", ["maybe", "", "2", "truee"])
def test_parse_flag_rejects_other_texts(text: str) -> None:
    with pytest.raises(InvalidOption, match="'flag' of game 'g' must be true or false"):
        FLAG.parse(text, "g")


@pytest.mark.parametrize(("text", "value"), [("1", 1), (" 6 ", 6), ("3", 3)])
def test_parse_int_texts(text: str, value: int) -> None:
    parsed = COUNT.parse(text, "g")
    assert parsed == value and type(parsed) is int


@pytest.mark.parametrize("text", ["4.5", "three", "", "0x3"])
def test_parse_int_rejects_non_numbers(text: str) -> None:
    with pytest.raises(InvalidOption, match="must be a whole number"):
        COUNT.parse(text, "g")


@pytest.mark.parametrize("text", ["0", "7", "-1"])
def test_parse_int_checks_the_range(text: str) -> None:
    with pytest.raises(InvalidOption, match="between 1 and 6"):
        COUNT.parse(text, "g")


def test_parse_choice_strips_and_checks() -> None:
    assert MODE.parse(" slow ", "g") == "slow"
    with pytest.raises(InvalidOption) as err:
        MODE.parse("Slow", "g")
    assert all(repr(c) in str(err.value) for c in MODE.choices)


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        (FLAG, 1, "true or false"),
        (FLAG, "true", "true or false"),
        (FLAG, None, "true or false"),
        (COUNT, True, "whole number"),  # a bool is not an int here
        (COUNT, False, "whole number"),
        (COUNT, 3.0, "whole number"),
        (COUNT, "3", "whole number"),
        (COUNT, 0, "between 1 and 6"),
        (COUNT, 7, "between 1 and 6"),
        (MODE, "medium", "'fast', 'slow', 'odd'"),
        (MODE, 1, "'fast', 'slow', 'odd'"),
    ],
)
def test_validate_rejects_bad_values_naming_what_is_allowed(
    option: Option, value: object, words: str
) -> None:
    with pytest.raises(InvalidOption) as err:
        option.validate(value, "g")
    message = str(err.value)
    assert words in message and f"'{option.name}'" in message and "'g'" in message


def test_validate_accepts_good_values() -> None:
    assert FLAG.validate(True, "g") is True
    assert COUNT.validate(1, "g") == 1 and COUNT.validate(6, "g") == 6
    assert OPEN_COUNT.validate(-(10**9), "g") == -(10**9)
    assert MODE.validate("odd", "g") == "odd"


def test_validate_options_fills_defaults() -> None:
    assert validate_options("g", SPEC, {}) == {"flag": False, "count": 3, "mode": "fast"}
    assert validate_options("g", SPEC, {"count": 5}) == {"flag": False, "count": 5, "mode": "fast"}


def test_validate_options_unknown_name_lists_the_options() -> None:
    with pytest.raises(InvalidOption) as err:
        validate_options("g", SPEC, {"cuont": 2})
    message = str(err.value)
    assert "'cuont'" in message
    assert "count, flag, mode" in message


def test_validate_options_for_a_game_without_options() -> None:
    assert validate_options("g", (), {}) == {}
    with pytest.raises(InvalidOption, match="its options are: none"):
        validate_options("g", (), {"x": 1})


def test_parse_option_texts() -> None:
    values = parse_option_texts("g", SPEC, ["flag=yes", "count = 2", "mode=slow"])
    assert values == {"flag": True, "count": 2, "mode": "slow"}


def test_parse_option_texts_accepts_dashes_for_underscores() -> None:
    spec = (Option("first_move", "a", "x", choices=("a", "b")),)
    assert parse_option_texts("g", spec, ["first-move=b"]) == {"first_move": "b"}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("flag", "name=value"),
        ("colour=red", "its options are: count, flag, mode"),
        ("count=9", "between 1 and 6"),
    ],
)
def test_parse_option_texts_rejects(text: str, words: str) -> None:
    with pytest.raises(InvalidOption, match=words):
        parse_option_texts("g", SPEC, [text])


def test_describe_is_json_ready() -> None:
    assert MODE.describe() == {
        "name": "mode",
        "kind": "choice",
        "default": "fast",
        "doc": "a choice",
        "choices": ["fast", "slow", "odd"],
        "rule": "Rule 1",
    }
    assert COUNT.describe()["minimum"] == 1 and COUNT.describe()["maximum"] == 6
    assert "choices" not in FLAG.describe() and "rule" not in FLAG.describe()


# --------------------------------------------- through load_game, for real games
def test_load_game_unknown_option_names_the_game_options() -> None:
    with pytest.raises(InvalidOption) as err:
        roadtrip.load_game("road-to-300", player=2)
    message = str(err.value)
    for name in ("players", "cross_standing", "first_move", "no_cross", "final_field", "target"):
        assert name in message


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 0}, "between 1 and 6"),
        ({"players": 7}, "between 1 and 6"),
        ({"players": True}, "whole number"),
        ({"players": "2"}, "whole number"),
        ({"cross_standing": 1}, "true or false"),
        ({"first_move": "corner"}, "'corner_step', 'corner_free'"),
        ({"final_field": "sometimes"}, "'rulebook', 'always', 'never'"),
        ({"target": 601}, "between 1 and 600"),
    ],
)
def test_load_game_bad_values(options: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidOption, match=words):
        roadtrip.load_game("road-to-300", **options)


def test_every_registered_option_default_validates() -> None:
    """A game's declared defaults are themselves valid values (else load_game() fails)."""
    for info in roadtrip.list_games():
        game = roadtrip.load_game(info.id)
        for option in game.options_spec:
            assert option.validate(option.default, info.id) == option.default
            assert game.options[option.name] == option.default
            assert option.doc, f"{info.id}: option {option.name} has no documentation"


def test_round_limit_option_is_off_by_default_and_bounded() -> None:
    """Every game's max_rounds (issue 11: a core bound for policies that never stop)."""
    from roadtrip.core import round_limit_option

    option = round_limit_option("a turn of each mat", "nobody wins")
    assert option.name == "max_rounds" and option.default == 0
    assert option.validate(12, "g") == 12
    with pytest.raises(InvalidOption):
        option.validate(-1, "g")
