"""The Open Road's roads: named bicycle routes as chains of stops, one dot = one energy.

FACTS.md: the board "is based on the United States Bicycle Route System over the 48
contiguous states, split into equal-distance segments (one segment = one energy cube =
one dot)".  The network is not public; this one is a ruling (docs/rules/the-open-road.md)
that follows real cross-country and regional bicycle routes: the USBRS numbers, Adventure
Cycling Association's classic routes and the historic trails the riders' routes follow.
The board is drawn from these corridors, not from the routes' exact turn-by-turn lines.

Each route lists its stops in riding order, separated by " > ": cities of the board
and camp towns (cities.py).  Two routes meet only at a city, so every camp site lies
on exactly one leg (city to city).  Between two consecutive stops the board places
``max(1, round(miles / MILES_PER_DOT))`` segments, miles being the great-circle distance
(map_data.py); the unnamed camp sites between the stops are named after the first route
that lists that stretch, "TransAm camp 7".
"""

from __future__ import annotations

from typing import NamedTuple


class Route(NamedTuple):
    """A named route: what it follows and its stops in riding order."""

    name: str
    short: str  # names the route's unnamed camp sites: "<short> camp <n>"
    follows: str  # the real routes and trails it follows
    stops: str  # "Anacortes, WA > Seattle, WA > ..."

    @property
    def stop_keys(self) -> tuple[str, ...]:
        """The stops, "Name, ST" each, in riding order."""
        return tuple(stop.strip() for stop in self.stops.split(">"))


ROUTES: tuple[Route, ...] = (
    Route(
        "Pacific Coast",
        "Pacific Coast",
        (
            "US 101 and California 1: Adventure Cycling's Pacific Coast route; USBR 95 along "
            "the California coast"
        ),
        (
            "Anacortes, WA > Seattle, WA > Astoria, OR > Newport, OR > Coos Bay, OR > "
            "Crescent City, CA > Eureka, CA > Fort Bragg, CA > San Francisco, CA > "
            "Monterey, CA > San Luis Obispo, CA > Santa Barbara, CA > Los Angeles, CA > "
            "San Diego, CA"
        ),
    ),
    Route(
        "Willamette Valley",
        "Willamette",
        ("the Seattle to Portland ride and the Willamette Valley Scenic Bikeway (I-5 corridor)"),
        "Seattle, WA > Portland, OR > Eugene, OR",
    ),
    Route(
        "Lewis and Clark Trail",
        "Lewis & Clark",
        (
            "Adventure Cycling's Lewis & Clark Bicycle Trail: the Columbia, the Clearwater "
            "and Lolo Pass, the Missouri, the Katy Trail"
        ),
        (
            "Astoria, OR > Portland, OR > The Dalles, OR > Pasco, WA > Lewiston, ID > "
            "Grangeville, ID > Missoula, MT > Great Falls, MT > Lewistown, MT > "
            "Glasgow, MT > Williston, ND > Bismarck, ND > Pierre, SD > Chamberlain, SD > "
            "Yankton, SD > Omaha, NE > Kansas City, MO > Rocheport, MO > St. Louis, MO"
        ),
    ),
    Route(
        "Northern Tier",
        "Northern Tier",
        (
            "Adventure Cycling's Northern Tier (USBR 10 in Washington), the Lake Erie shore, "
            "the Erie Canal (Empire State Trail) and northern New England"
        ),
        (
            "Anacortes, WA > Winthrop, WA > Kettle Falls, WA > Sandpoint, ID > "
            "Whitefish, MT > Shelby, MT > Havre, MT > Glasgow, MT > Williston, ND > "
            "Minot, ND > Fargo, ND > St. Cloud, MN > Minneapolis, MN > La Crosse, WI > "
            "Madison, WI > Milwaukee, WI > Chicago, IL > Potato Creek, IN > Detroit, MI > "
            "Maumee Bay, OH > Cleveland, OH > Presque Isle, PA > Buffalo, NY > Albany, NY > "
            "Burlington, VT > North Conway, NH > Bangor, ME > Bar Harbor, ME"
        ),
    ),
    Route(
        "Yellowstone Trail",
        "Yellowstone Trail",
        (
            "the Palouse to Cascades Trail and the historic Yellowstone Trail (I-90 and I-94 "
            "corridor)"
        ),
        (
            "Seattle, WA > Ellensburg, WA > Spokane, WA > Missoula, MT > Bozeman, MT > "
            "Billings, MT > Miles City, MT > Bismarck, ND > Fargo, ND"
        ),
    ),
    Route(
        "TransAmerica Trail",
        "TransAm",
        (
            "Adventure Cycling's TransAmerica Bicycle Trail, the 1976 Bikecentennial route "
            "(USBR 76 in the East); from Astoria to Newport it rides the Pacific Coast route"
        ),
        (
            "Newport, OR > Eugene, OR > Bend, OR > John Day, OR > Baker City, OR > "
            "Grangeville, ID > Missoula, MT > Dillon, MT > West Yellowstone, MT > "
            "Jackson, WY > Lander, WY > Rawlins, WY > Walden, CO > Breckenridge, CO > "
            "Pueblo, CO > Eads, CO > Scott City, KS > Larned, KS > Wichita, KS > "
            "Chanute, KS > Joplin, MO > Springfield, MO > Chester, IL > Madisonville, KY > "
            "Elizabethtown, KY > Berea, KY > Hazard, KY > Damascus, VA > Roanoke, VA > "
            "Charlottesville, VA > Richmond, VA > Yorktown, VA"
        ),
    ),
    Route(
        "Sierra Cascades",
        "Sierra Cascades",
        "Adventure Cycling's Sierra Cascades route (Crater Lake country, Lassen)",
        "Bend, OR > Klamath Falls, OR > Lassen, CA > Sacramento, CA",
    ),
    Route(
        "Western Express",
        "Western Express",
        (
            "Adventure Cycling's Western Express: US 50, the Loneliest Road in America, and "
            "canyon country to Pueblo"
        ),
        (
            "San Francisco, CA > Sacramento, CA > Reno, NV > Fallon, NV > Austin, NV > "
            "Ely, NV > Cedar City, UT > Moab, UT > Durango, CO > Alamosa, CO > Pueblo, CO"
        ),
    ),
    Route(
        "Lincoln Highway",
        "Lincoln Highway",
        "the historic Lincoln Highway (I-80 corridor)",
        (
            "Reno, NV > Winnemucca, NV > Elko, NV > Salt Lake City, UT > Rock Springs, WY > "
            "Rawlins, WY > Cheyenne, WY > North Platte, NE > Kearney, NE > Omaha, NE > "
            "Des Moines, IA > Davenport, IA > Chicago, IL"
        ),
    ),
    Route(
        "Oregon Trail",
        "Oregon Trail",
        "the Oregon Trail along the Snake River Plain",
        ("Baker City, OR > Boise, ID > Twin Falls, ID > Pocatello, ID > Salt Lake City, UT"),
    ),
    Route(
        "Old Spanish Trail",
        "Old Spanish Trail",
        "the Old Spanish Trail and Mormon Road (I-15 corridor)",
        ("Salt Lake City, UT > Cedar City, UT > Las Vegas, NV > Barstow, CA > Los Angeles, CA"),
    ),
    Route(
        "Canyonlands",
        "Canyonlands",
        "Utah's canyon country and the Colorado River (I-70 corridor)",
        ("Salt Lake City, UT > Moab, UT > Grand Junction, CO > Breckenridge, CO > Denver, CO"),
    ),
    Route(
        "Front Range",
        "Front Range",
        "the Colorado Front Range (I-25 corridor)",
        "Cheyenne, WY > Denver, CO > Pueblo, CO",
    ),
    Route(
        "Santa Fe Trail",
        "Santa Fe Trail",
        "the historic Santa Fe Trail, ridden each year as the Santa Fe Trail Bicycle Trek",
        (
            "Kansas City, MO > Council Grove, KS > Larned, KS > Dodge City, KS > "
            "La Junta, CO > Trinidad, CO > Santa Fe, NM"
        ),
    ),
    Route(
        "Rio Grande",
        "Rio Grande",
        "the Rio Grande valley and the San Luis Valley",
        ("El Paso, TX > Elephant Butte, NM > Albuquerque, NM > Santa Fe, NM > Alamosa, CO"),
    ),
    Route(
        "Route 66",
        "Route 66",
        "historic Route 66: Adventure Cycling's Bicycle Route 66 and USBR 66",
        (
            "Chicago, IL > Pontiac, IL > Springfield, IL > St. Louis, MO > Rolla, MO > "
            "Springfield, MO > Joplin, MO > Tulsa, OK > Oklahoma City, OK > Amarillo, TX > "
            "Tucumcari, NM > Albuquerque, NM > Gallup, NM > Flagstaff, AZ > Kingman, AZ > "
            "Barstow, CA > Los Angeles, CA"
        ),
    ),
    Route(
        "Verde Valley",
        "Verde",
        "Flagstaff to Phoenix through the Verde Valley (Arizona 89A and I-17 corridor)",
        "Flagstaff, AZ > Phoenix, AZ",
    ),
    Route(
        "Central Valley",
        "Central Valley",
        "California's Central Valley (California 99 corridor)",
        "Sacramento, CA > Los Angeles, CA",
    ),
    Route(
        "Southern Tier",
        "Southern Tier",
        "Adventure Cycling's Southern Tier (USBR 90 corridor)",
        (
            "San Diego, CA > Imperial Dunes, CA > Gila Bend, AZ > Phoenix, AZ > "
            "Tucson, AZ > Silver City, NM > El Paso, TX > Van Horn, TX > Alpine, TX > "
            "Del Rio, TX > San Antonio, TX > Austin, TX > Houston, TX > Lafayette, LA > "
            "Baton Rouge, LA > New Orleans, LA > Ocean Springs, MS > Pensacola, FL > "
            "Tallahassee, FL > Jacksonville, FL"
        ),
    ),
    Route(
        "Chisholm Trail",
        "Chisholm Trail",
        "the historic Chisholm Trail cattle drive (US 81 and I-35 corridor)",
        "Wichita, KS > Oklahoma City, OK > Dallas, TX > Austin, TX",
    ),
    Route(
        "Deep South",
        "Deep South",
        "Dallas to Atlanta through Vicksburg, Jackson and Birmingham (I-20 corridor)",
        "Dallas, TX > Vicksburg, MS > Jackson, MS > Birmingham, AL > Atlanta, GA",
    ),
    Route(
        "Mississippi River Trail",
        "River Trail",
        "the Mississippi River Trail (USBR 45) and the Great River Road",
        (
            "Minneapolis, MN > La Crosse, WI > Dubuque, IA > Davenport, IA > Hannibal, MO > "
            "St. Louis, MO > Chester, IL > Cape Girardeau, MO > Memphis, TN > "
            "Clarksdale, MS > Greenville, MS > Vicksburg, MS > Natchez, MS > "
            "Baton Rouge, LA > New Orleans, LA"
        ),
    ),
    Route(
        "Natchez Trace",
        "Natchez Trace",
        "the Natchez Trace Parkway",
        "Natchez, MS > Jackson, MS > Tupelo, MS > Nashville, TN",
    ),
    Route(
        "USBR 50",
        "USBR 50",
        (
            "the C&O Canal towpath and the Great Allegheny Passage, then USBR 50 across Ohio "
            "and Indiana"
        ),
        (
            "Washington, DC > Cumberland, MD > Pittsburgh, PA > Columbus, OH > "
            "Indianapolis, IN > Springfield, IL"
        ),
    ),
    Route(
        "Hoosier",
        "Hoosier",
        "Chicago to Louisville through Indianapolis (USBR 35 corridor, I-65)",
        "Chicago, IL > Indianapolis, IN > Louisville, KY",
    ),
    Route(
        "Ohio to Erie Trail",
        "Ohio to Erie",
        "the Ohio to Erie Trail, Cincinnati to Cleveland",
        "Cincinnati, OH > Columbus, OH > Cleveland, OH",
    ),
    Route(
        "USBR 21",
        "USBR 21",
        "the USBR 21 corridor (Ohio to Georgia) by Chattanooga to Atlanta",
        "Knoxville, TN > Chattanooga, TN > Atlanta, GA",
    ),
    Route(
        "Bluegrass",
        "Bluegrass",
        "the Ohio River and the Kentucky knobs (I-65 and I-24 corridor)",
        (
            "Cincinnati, OH > Louisville, KY > Elizabethtown, KY > Bowling Green, KY > "
            "Nashville, TN > Chattanooga, TN"
        ),
    ),
    Route(
        "Music Highway",
        "Music Highway",
        "the Music Highway (I-40) to Memphis, then the Arkansas River Trail",
        "Nashville, TN > Memphis, TN > Little Rock, AR > Tulsa, OK",
    ),
    Route(
        "Blue Ridge Parkway",
        "Blue Ridge",
        "the Blue Ridge Parkway and Great Smoky Mountains",
        "Roanoke, VA > Asheville, NC > Knoxville, TN",
    ),
    Route(
        "Carolina Foothills",
        "Foothills",
        "Asheville to Charlotte across the Carolina foothills",
        "Asheville, NC > Charlotte, NC",
    ),
    Route(
        "Piedmont",
        "Piedmont",
        "the Carolina Piedmont (I-85 corridor)",
        "Atlanta, GA > Greenville, SC > Charlotte, NC > Raleigh, NC",
    ),
    Route(
        "Palmetto",
        "Palmetto",
        "Charlotte to the sea through the South Carolina midlands",
        "Charlotte, NC > Charleston, SC",
    ),
    Route(
        "Georgia Central",
        "Georgia",
        "Atlanta to Savannah (the Central of Georgia railroad)",
        "Atlanta, GA > Savannah, GA",
    ),
    Route(
        "East Coast Greenway",
        "Greenway",
        "the East Coast Greenway and USBR 1, Maine to Florida",
        (
            "Bar Harbor, ME > Portland, ME > Portsmouth, NH > Boston, MA > Providence, RI > "
            "Hammonasset, CT > New York, NY > Philadelphia, PA > Baltimore, MD > "
            "Washington, DC > Richmond, VA > Raleigh, NC > Wilmington, NC > "
            "Myrtle Beach, SC > Charleston, SC > Savannah, GA > Jacksonville, FL > "
            "Daytona Beach, FL > Sebastian Inlet, FL > Jonathan Dickinson, FL > Miami, FL"
        ),
    ),
    Route(
        "Florida Coast-to-Coast",
        "Florida",
        "the Florida Coast-to-Coast Trail to Tampa, then the Tamiami Trail to Miami",
        ("Daytona Beach, FL > Orlando, FL > Tampa, FL > Myakka, FL > Big Cypress, FL > Miami, FL"),
    ),
    Route(
        "Atlantic Shore",
        "Shore",
        (
            "the Jersey Shore, the Cape May-Lewes ferry, the Chesapeake Bay Bridge-Tunnel and "
            "the Outer Banks ferries"
        ),
        (
            "New York, NY > Atlantic City, NJ > Ocean City, MD > Virginia Beach, VA > "
            "Kitty Hawk, NC > Wilmington, NC"
        ),
    ),
    Route(
        "Tidewater",
        "Tidewater",
        "Yorktown to Virginia Beach across Hampton Roads",
        "Yorktown, VA > Virginia Beach, VA",
    ),
    Route(
        "Empire State Trail",
        "Empire State",
        "the Empire State Trail up the Hudson",
        "New York, NY > Albany, NY",
    ),
    Route(
        "Mass Central",
        "Mass Central",
        "Boston to Albany (Massachusetts Central Rail Trail corridor)",
        "Albany, NY > Boston, MA",
    ),
    Route(
        "Keystone",
        "Keystone",
        "across Pennsylvania (BicyclePA Route S corridor)",
        "Pittsburgh, PA > Harrisburg, PA > Philadelphia, PA",
    ),
    Route(
        "Black Hills",
        "Black Hills",
        "Billings to Pierre by the Bighorns and the Black Hills",
        "Billings, MT > Sheridan, WY > Rapid City, SD > Pierre, SD",
    ),
)
