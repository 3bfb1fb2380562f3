"""America's Main Street: Get Your Kicks and Your Mileage May Vary (1-5 mats)."""

from roadtrip.games.main_street.kicks import GetYourKicksGame, GetYourKicksState
from roadtrip.games.main_street.mileage import MileageGame, MileageState

__all__ = ["GetYourKicksGame", "GetYourKicksState", "MileageGame", "MileageState"]
