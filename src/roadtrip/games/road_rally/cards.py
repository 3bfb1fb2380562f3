"""Each car's cards: hand, draw deck and discards, as counts per card type.

The draw deck's order is hidden from everyone, so it is kept as a multiset
(``unknown``) from which the chance player draws with exact odds; a shuffle is
just merging counts.  The only order anyone knows is the top of a deck after a
Mechanic stop (``known_top``, known to its owner), drawn before the rest.
"""

from __future__ import annotations

from roadtrip.games.road_rally.data import NUM_TYPES


class Cards:
    """One car's hand, deck and discard pile."""

    __slots__ = ("discard", "hand", "known_top", "unknown")

    def __init__(self, deck: tuple[int, ...]) -> None:
        self.hand = [0] * NUM_TYPES
        self.known_top: list[int] = []  # card types on top of the deck, top first
        self.unknown = list(deck)  # the rest of the deck, order unknown
        self.discard = [0] * NUM_TYPES

    def copy(self) -> Cards:
        other = Cards.__new__(Cards)
        other.hand = list(self.hand)
        other.known_top = list(self.known_top)
        other.unknown = list(self.unknown)
        other.discard = list(self.discard)
        return other

    @property
    def hand_size(self) -> int:
        return sum(self.hand)

    @property
    def deck_size(self) -> int:
        return len(self.known_top) + sum(self.unknown)

    def reshuffle(self) -> None:
        """Discards and the whole deck become one deck of unknown order."""
        for card in self.known_top:
            self.unknown[card] += 1
        self.known_top = []
        for card, count in enumerate(self.discard):
            self.unknown[card] += count
            self.discard[card] = 0

    def draw_odds(self) -> list[tuple[int, int]]:
        """(card type, count) of the unknown part, for the chance player."""
        return [(card, count) for card, count in enumerate(self.unknown) if count]

    def take_unknown(self, card: int) -> None:
        self.unknown[card] -= 1
