"""The shared frame of the terminal games that seat humans beside bots (Road Rally
USA, The Open Road): who sits where, the announcement, and how a game stops early.
Each game's UI subclasses :class:`SeatedUI` and writes only its own loop."""

from __future__ import annotations

from random import Random

from rich.console import Console

from roadtrip.bots import Bot
from roadtrip.cli.choices import QUIT_WORDS, Reader
from roadtrip.cli.seating import Seating, seat_match
from roadtrip.core import Match


class SeatedUI:
    """Seats a match from the command line's ``--bots``/``--humans``/``--hotseat`` and
    hands it to the game's own loop (:meth:`_play`)."""

    noun = "players"
    """What the seats are called in seating errors ("cars", "riders")."""

    def __init__(self) -> None:
        self.bots: dict[int, str] = {}
        self.humans: list[int] = []
        self.outcome = "over"

    def play_seated(
        self,
        console: Console,
        match: Match,
        read: Reader,
        *,
        bots: str | None = None,
        humans: int | None = None,
        hotseat: bool = False,
        hint: Bot | None = None,
    ) -> str:
        """Play ``match`` with humans typing and bots on the other seats.
        Returns 'over', 'quit' or 'eof'."""
        seating = seat_match(match, bots, humans, hotseat, self.noun)
        self.bots, self.humans = seating.kinds, seating.humans
        self._announce(console)
        # The hint bot's own generator: the same seed gives the same hints.
        hint_rng = Random(f"roadtrip-hint:{match.seed}")
        return self._play(console, match, read, seating, hint, hint_rng)

    def _play(
        self,
        console: Console,
        match: Match,
        read: Reader,
        seating: Seating,
        hint: Bot | None,
        hint_rng: Random,
    ) -> str:
        raise NotImplementedError

    def _announce(self, console: Console) -> None:
        raise NotImplementedError

    def _read_line(self, console: Console, read: Reader, prompt: str) -> str | None:
        """What the player typed, or None when they left: end of input, an interrupt
        or a quit word (the outcome is then set)."""
        try:
            typed = read(prompt)
        except EOFError:
            self._stop(console, "End of input: leaving the game unfinished.", "eof")
            return None
        except KeyboardInterrupt:
            self._stop(console, "Interrupted: leaving the game unfinished.", "quit")
            return None
        if typed.strip().lower() in QUIT_WORDS:
            self._stop(console, "You quit the game.", "quit")
            return None
        return typed

    def _stop(self, console: Console, message: str, outcome: str) -> None:
        """Leave the game unfinished with ``outcome`` ('quit' or 'eof')."""
        console.print()
        console.print(message)
        self.outcome = outcome
