"""The Open Road's places: real cities and the real towns and parks its camp sites are named for.

The rulebook names three kinds of dot (big city, small city, camp site) but not the
places; FACTS.md says the board covers the 48 contiguous states along the United States
Bicycle Route System.  The list below is a ruling (docs/rules/the-open-road.md), with
each place's real coordinates (latitude, longitude, two decimals; GeoNames populated
places, parks from their visitor areas).

* **Big cities** are the 34 metropolitan areas of at least 1.9 million people at the
  2020 census (Riverside-San Bernardino and San Jose, which the board folds into Los
  Angeles and San Francisco, excepted).
* **Small cities** are every other city of the board: route-card, Heartland and Side
  Trip cities, every junction of two routes, and a few regional centres that break up
  long empty stretches.
* **Camp towns** are stops of a route that are not cities of the board: the dot there
  is a camp site named for the town or park ("Walden camp, CO").  The dots between two
  stops are unnamed camp sites (see roads.py).

The tables are pure data; roadtrip.games.open_road.board builds the map from them.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

CitySize = Literal["big", "small"]
BIG: CitySize = "big"
SMALL: CitySize = "small"


class City(NamedTuple):
    """A city of the board: a big (orange) or small (blue) dot."""

    name: str
    state: str  # USPS code; "DC" for Washington
    lat: float
    lon: float
    size: CitySize

    @property
    def key(self) -> str:
        """The city's unique name on the board, "Portland, OR"."""
        return f"{self.name}, {self.state}"


class CampTown(NamedTuple):
    """A town or park on a route that is a camp site (yellow dot), not a city."""

    name: str
    state: str
    lat: float
    lon: float
    landmark: str = ""  # the park's full name, where the stop is a park

    @property
    def key(self) -> str:
        """The stop's name in the route tables, "Walden, CO"."""
        return f"{self.name}, {self.state}"


CITIES: tuple[City, ...] = (
    # Pacific states
    City("Anacortes", "WA", 48.51, -122.61, SMALL),
    City("Seattle", "WA", 47.61, -122.33, BIG),
    City("Spokane", "WA", 47.66, -117.43, SMALL),
    City("Astoria", "OR", 46.19, -123.83, SMALL),
    City("Baker City", "OR", 44.77, -117.83, SMALL),
    City("Bend", "OR", 44.06, -121.32, SMALL),
    City("Eugene", "OR", 44.05, -123.09, SMALL),
    City("Newport", "OR", 44.64, -124.05, SMALL),
    City("Portland", "OR", 45.52, -122.68, BIG),
    City("Barstow", "CA", 34.90, -117.02, SMALL),
    City("Crescent City", "CA", 41.76, -124.20, SMALL),
    City("Eureka", "CA", 40.80, -124.16, SMALL),
    City("Los Angeles", "CA", 34.05, -118.24, BIG),
    City("Monterey", "CA", 36.60, -121.89, SMALL),
    City("Sacramento", "CA", 38.58, -121.49, BIG),
    City("San Diego", "CA", 32.72, -117.16, BIG),
    City("San Francisco", "CA", 37.77, -122.42, BIG),
    City("Santa Barbara", "CA", 34.42, -119.70, SMALL),
    # Mountain states
    City("Boise", "ID", 43.61, -116.20, SMALL),
    City("Grangeville", "ID", 45.93, -116.12, SMALL),
    City("Billings", "MT", 45.78, -108.50, SMALL),
    City("Glasgow", "MT", 48.20, -106.64, SMALL),
    City("Missoula", "MT", 46.87, -113.99, SMALL),
    City("Whitefish", "MT", 48.41, -114.34, SMALL),
    City("Cheyenne", "WY", 41.14, -104.82, SMALL),
    City("Jackson", "WY", 43.48, -110.76, SMALL),
    City("Rawlins", "WY", 41.79, -107.24, SMALL),
    City("Elko", "NV", 40.83, -115.76, SMALL),
    City("Las Vegas", "NV", 36.17, -115.14, BIG),
    City("Reno", "NV", 39.53, -119.81, SMALL),
    City("Cedar City", "UT", 37.68, -113.06, SMALL),
    City("Moab", "UT", 38.57, -109.55, SMALL),
    City("Salt Lake City", "UT", 40.76, -111.89, SMALL),
    City("Alamosa", "CO", 37.47, -105.87, SMALL),
    City("Breckenridge", "CO", 39.48, -106.04, SMALL),
    City("Denver", "CO", 39.74, -104.98, BIG),
    City("La Junta", "CO", 37.98, -103.54, SMALL),
    City("Pueblo", "CO", 38.25, -104.61, SMALL),
    City("Flagstaff", "AZ", 35.20, -111.65, SMALL),
    City("Phoenix", "AZ", 33.45, -112.07, BIG),
    City("Tucson", "AZ", 32.22, -110.93, SMALL),
    City("Albuquerque", "NM", 35.08, -106.65, SMALL),
    City("Santa Fe", "NM", 35.69, -105.94, SMALL),
    # Great Plains and Texas
    City("Bismarck", "ND", 46.81, -100.78, SMALL),
    City("Fargo", "ND", 46.88, -96.79, SMALL),
    City("Williston", "ND", 48.15, -103.62, SMALL),
    City("Pierre", "SD", 44.37, -100.35, SMALL),
    City("Rapid City", "SD", 44.08, -103.23, SMALL),
    City("Omaha", "NE", 41.26, -95.94, SMALL),
    City("Larned", "KS", 38.18, -99.10, SMALL),
    City("Wichita", "KS", 37.69, -97.34, SMALL),
    City("Oklahoma City", "OK", 35.47, -97.52, SMALL),
    City("Tulsa", "OK", 36.15, -95.99, SMALL),
    City("Alpine", "TX", 30.36, -103.66, SMALL),
    City("Amarillo", "TX", 35.22, -101.83, SMALL),
    City("Austin", "TX", 30.27, -97.74, BIG),
    City("Dallas", "TX", 32.78, -96.81, BIG),
    City("El Paso", "TX", 31.76, -106.49, SMALL),
    City("Houston", "TX", 29.76, -95.36, BIG),
    City("San Antonio", "TX", 29.42, -98.49, BIG),
    # Midwest
    City("Minneapolis", "MN", 44.98, -93.26, BIG),
    City("Davenport", "IA", 41.52, -90.58, SMALL),
    City("Des Moines", "IA", 41.60, -93.61, SMALL),
    City("Joplin", "MO", 37.08, -94.51, SMALL),
    City("Kansas City", "MO", 39.10, -94.58, BIG),
    City("Springfield", "MO", 37.22, -93.30, SMALL),
    City("St. Louis", "MO", 38.63, -90.20, BIG),
    City("La Crosse", "WI", 43.80, -91.24, SMALL),
    City("Madison", "WI", 43.07, -89.40, SMALL),
    City("Milwaukee", "WI", 43.04, -87.91, SMALL),
    City("Chester", "IL", 37.91, -89.82, SMALL),
    City("Chicago", "IL", 41.85, -87.65, BIG),
    City("Springfield", "IL", 39.80, -89.64, SMALL),
    City("Indianapolis", "IN", 39.77, -86.16, BIG),
    City("Detroit", "MI", 42.33, -83.05, BIG),
    City("Cincinnati", "OH", 39.13, -84.51, BIG),
    City("Cleveland", "OH", 41.50, -81.70, BIG),
    City("Columbus", "OH", 39.96, -83.00, BIG),
    # South
    City("Little Rock", "AR", 34.75, -92.29, SMALL),
    City("Baton Rouge", "LA", 30.45, -91.15, SMALL),
    City("Lafayette", "LA", 30.22, -92.02, SMALL),
    City("New Orleans", "LA", 29.95, -90.08, SMALL),
    City("Clarksdale", "MS", 34.20, -90.57, SMALL),
    City("Jackson", "MS", 32.30, -90.18, SMALL),
    City("Natchez", "MS", 31.56, -91.40, SMALL),
    City("Vicksburg", "MS", 32.35, -90.88, SMALL),
    City("Birmingham", "AL", 33.52, -86.80, SMALL),
    City("Chattanooga", "TN", 35.05, -85.31, SMALL),
    City("Knoxville", "TN", 35.96, -83.92, SMALL),
    City("Memphis", "TN", 35.15, -90.05, SMALL),
    City("Nashville", "TN", 36.17, -86.78, BIG),
    City("Elizabethtown", "KY", 37.69, -85.86, SMALL),
    City("Louisville", "KY", 38.25, -85.76, SMALL),
    City("Atlanta", "GA", 33.75, -84.39, BIG),
    City("Savannah", "GA", 32.08, -81.10, SMALL),
    City("Daytona Beach", "FL", 29.21, -81.02, SMALL),
    City("Jacksonville", "FL", 30.33, -81.66, SMALL),
    City("Miami", "FL", 25.77, -80.19, BIG),
    City("Orlando", "FL", 28.54, -81.38, BIG),
    City("Tallahassee", "FL", 30.44, -84.28, SMALL),
    City("Tampa", "FL", 27.95, -82.46, BIG),
    City("Charleston", "SC", 32.78, -79.93, SMALL),
    City("Asheville", "NC", 35.60, -82.55, SMALL),
    City("Charlotte", "NC", 35.23, -80.84, BIG),
    City("Raleigh", "NC", 35.77, -78.64, SMALL),
    City("Wilmington", "NC", 34.23, -77.94, SMALL),
    City("Charlottesville", "VA", 38.03, -78.48, SMALL),
    City("Richmond", "VA", 37.55, -77.46, SMALL),
    City("Roanoke", "VA", 37.27, -79.94, SMALL),
    City("Virginia Beach", "VA", 36.85, -75.98, SMALL),
    City("Yorktown", "VA", 37.24, -76.51, SMALL),
    # Northeast
    City("Washington", "DC", 38.90, -77.04, BIG),
    City("Baltimore", "MD", 39.29, -76.61, BIG),
    City("Philadelphia", "PA", 39.95, -75.16, BIG),
    City("Pittsburgh", "PA", 40.44, -80.00, BIG),
    City("Atlantic City", "NJ", 39.36, -74.42, SMALL),
    City("Albany", "NY", 42.65, -73.76, SMALL),
    City("Buffalo", "NY", 42.89, -78.88, SMALL),
    City("New York", "NY", 40.71, -74.01, BIG),
    City("Providence", "RI", 41.82, -71.41, SMALL),
    City("Boston", "MA", 42.36, -71.06, BIG),
    City("North Conway", "NH", 44.05, -71.13, SMALL),
    City("Bar Harbor", "ME", 44.39, -68.20, SMALL),
    City("Portland", "ME", 43.66, -70.26, SMALL),
)

CAMP_TOWNS: tuple[CampTown, ...] = (
    # Pacific states
    CampTown("Ellensburg", "WA", 47.00, -120.55),
    CampTown("Kettle Falls", "WA", 48.61, -118.06),
    CampTown("Pasco", "WA", 46.24, -119.10),
    CampTown("Winthrop", "WA", 48.48, -120.19),
    CampTown("Coos Bay", "OR", 43.37, -124.22),
    CampTown("John Day", "OR", 44.42, -118.95),
    CampTown("Klamath Falls", "OR", 42.22, -121.78),
    CampTown("The Dalles", "OR", 45.59, -121.18),
    CampTown("Fort Bragg", "CA", 39.45, -123.81),
    CampTown("Imperial Dunes", "CA", 32.98, -115.13, "Imperial Sand Dunes"),
    CampTown("Lassen", "CA", 40.49, -121.51, "Lassen Volcanic National Park"),
    CampTown("San Luis Obispo", "CA", 35.28, -120.66),
    # Mountain states
    CampTown("Lewiston", "ID", 46.42, -117.02),
    CampTown("Pocatello", "ID", 42.87, -112.45),
    CampTown("Sandpoint", "ID", 48.28, -116.55),
    CampTown("Twin Falls", "ID", 42.56, -114.46),
    CampTown("Bozeman", "MT", 45.68, -111.04),
    CampTown("Dillon", "MT", 45.22, -112.64),
    CampTown("Great Falls", "MT", 47.50, -111.30),
    CampTown("Havre", "MT", 48.55, -109.68),
    CampTown("Lewistown", "MT", 47.06, -109.43),
    CampTown("Miles City", "MT", 46.41, -105.84),
    CampTown("Shelby", "MT", 48.51, -111.86),
    CampTown("West Yellowstone", "MT", 44.66, -111.10),
    CampTown("Lander", "WY", 42.83, -108.73),
    CampTown("Rock Springs", "WY", 41.59, -109.20),
    CampTown("Sheridan", "WY", 44.80, -106.96),
    CampTown("Austin", "NV", 39.49, -117.07),
    CampTown("Ely", "NV", 39.25, -114.89),
    CampTown("Fallon", "NV", 39.47, -118.78),
    CampTown("Winnemucca", "NV", 40.97, -117.74),
    CampTown("Durango", "CO", 37.28, -107.88),
    CampTown("Eads", "CO", 38.48, -102.78),
    CampTown("Grand Junction", "CO", 39.06, -108.55),
    CampTown("Trinidad", "CO", 37.17, -104.50),
    CampTown("Walden", "CO", 40.73, -106.28),
    CampTown("Gila Bend", "AZ", 32.95, -112.72),
    CampTown("Kingman", "AZ", 35.19, -114.05),
    CampTown("Elephant Butte", "NM", 33.18, -107.21, "Elephant Butte Lake State Park"),
    CampTown("Gallup", "NM", 35.53, -108.74),
    CampTown("Silver City", "NM", 32.77, -108.28),
    CampTown("Tucumcari", "NM", 35.17, -103.73),
    # Great Plains and Texas
    CampTown("Minot", "ND", 48.23, -101.30),
    CampTown("Chamberlain", "SD", 43.81, -99.33),
    CampTown("Yankton", "SD", 42.87, -97.40),
    CampTown("Kearney", "NE", 40.70, -99.08),
    CampTown("North Platte", "NE", 41.12, -100.77),
    CampTown("Chanute", "KS", 37.68, -95.46),
    CampTown("Council Grove", "KS", 38.66, -96.49),
    CampTown("Dodge City", "KS", 37.75, -100.02),
    CampTown("Scott City", "KS", 38.48, -100.91),
    CampTown("Del Rio", "TX", 29.36, -100.90),
    CampTown("Van Horn", "TX", 31.04, -104.83),
    # Midwest
    CampTown("St. Cloud", "MN", 45.56, -94.16),
    CampTown("Dubuque", "IA", 42.50, -90.66),
    CampTown("Cape Girardeau", "MO", 37.31, -89.52),
    CampTown("Hannibal", "MO", 39.71, -91.36),
    CampTown("Rocheport", "MO", 38.98, -92.55),
    CampTown("Rolla", "MO", 37.95, -91.77),
    CampTown("Pontiac", "IL", 40.88, -88.63),
    CampTown("Potato Creek", "IN", 41.53, -86.36, "Potato Creek State Park"),
    CampTown("Maumee Bay", "OH", 41.68, -83.37, "Maumee Bay State Park"),
    # South
    CampTown("Greenville", "MS", 33.41, -91.06),
    CampTown("Ocean Springs", "MS", 30.41, -88.83),
    CampTown("Tupelo", "MS", 34.26, -88.70),
    CampTown("Berea", "KY", 37.57, -84.30),
    CampTown("Bowling Green", "KY", 36.99, -86.44),
    CampTown("Hazard", "KY", 37.25, -83.19),
    CampTown("Madisonville", "KY", 37.33, -87.50),
    CampTown("Big Cypress", "FL", 25.87, -81.08, "Big Cypress National Preserve"),
    CampTown("Jonathan Dickinson", "FL", 27.01, -80.11, "Jonathan Dickinson State Park"),
    CampTown("Myakka", "FL", 27.24, -82.31, "Myakka River State Park"),
    CampTown("Pensacola", "FL", 30.42, -87.22),
    CampTown("Sebastian Inlet", "FL", 27.86, -80.45, "Sebastian Inlet State Park"),
    CampTown("Greenville", "SC", 34.85, -82.39),
    CampTown("Myrtle Beach", "SC", 33.69, -78.89),
    CampTown("Kitty Hawk", "NC", 36.06, -75.71),
    CampTown("Damascus", "VA", 36.64, -81.79),
    # Northeast
    CampTown("Cumberland", "MD", 39.65, -78.76),
    CampTown("Ocean City", "MD", 38.34, -75.08),
    CampTown("Harrisburg", "PA", 40.27, -76.88),
    CampTown("Presque Isle", "PA", 42.16, -80.11, "Presque Isle State Park"),
    CampTown("Hammonasset", "CT", 41.26, -72.55, "Hammonasset Beach State Park"),
    CampTown("Burlington", "VT", 44.48, -73.21),
    CampTown("Portsmouth", "NH", 43.08, -70.76),
    CampTown("Bangor", "ME", 44.80, -68.78),
)
