"""The Open Road's heuristic bot: bot.py (the decisions), evaluation.py (a rider's
situation scored in dots), moves.py (each legal move scored one step ahead)."""

from roadtrip.bots.open_road.bot import WIN, OpenRoadBot, decide, make_open_road_bot

__all__ = ["WIN", "OpenRoadBot", "decide", "make_open_road_bot"]
