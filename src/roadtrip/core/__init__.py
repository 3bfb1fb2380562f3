"""The game core: protocol, state base, chance, errors, registry, records (no I/O)."""

from roadtrip.core.chance import ChanceSampler, pick_outcome, sample_chance
from roadtrip.core.errors import (
    CorruptRecord,
    GameOver,
    IllegalMove,
    InvalidOption,
    InvalidSeat,
    NotSupported,
    NotYourTurn,
    RoadtripError,
    SeedMismatch,
    UnknownGame,
)
from roadtrip.core.game import Game, GameInfo
from roadtrip.core.match import Match
from roadtrip.core.options import (
    Option,
    OptionValue,
    parse_option_texts,
    round_limit_option,
    validate_options,
)
from roadtrip.core.records import MatchRecord, replay, replay_states
from roadtrip.core.registry import game_class, list_games, load_game, register_game
from roadtrip.core.state import (
    CHANCE,
    ROUND_LIMIT_ENDING,
    TERMINAL,
    State,
    fill_mentions,
    mention,
)

__all__ = [
    "CHANCE",
    "ROUND_LIMIT_ENDING",
    "TERMINAL",
    "ChanceSampler",
    "CorruptRecord",
    "Game",
    "GameInfo",
    "GameOver",
    "IllegalMove",
    "InvalidOption",
    "InvalidSeat",
    "Match",
    "MatchRecord",
    "NotSupported",
    "NotYourTurn",
    "Option",
    "OptionValue",
    "RoadtripError",
    "SeedMismatch",
    "State",
    "UnknownGame",
    "fill_mentions",
    "game_class",
    "list_games",
    "load_game",
    "mention",
    "parse_option_texts",
    "pick_outcome",
    "register_game",
    "replay",
    "replay_states",
    "round_limit_option",
    "sample_chance",
    "validate_options",
]
