"""Seats named in action texts: the rules mention a seat, the caller names it."""

from roadtrip.core import fill_mentions, mention


def test_mentions_take_the_given_names() -> None:
    text = f"{mention(1)} draws a card for {mention(0)}"
    assert fill_mentions(text, ["Ann", "Ben"]) == "Ben draws a card for Ann"


def test_mentions_default_to_seat_numbers_counting_from_one() -> None:
    assert fill_mentions(f"{mention(2)} draws a card") == "seat 3 draws a card"
    assert fill_mentions(f"{mention(2)} draws", ["Ann"]) == "seat 3 draws"


def test_text_without_mentions_is_unchanged() -> None:
    assert fill_mentions("rolls a 6 {seat:x}", ["Ann"]) == "rolls a 6 {seat:x}"
