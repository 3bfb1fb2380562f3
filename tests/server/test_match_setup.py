"""Issue 11 over HTTP: the HTML 404 page, seats that set the player count, the name
limit, distinct seat names and colours, team seats and the rematch."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_kit import auth, create_http, play_http, state_http

from roadtrip.server.app import create_app
from roadtrip.server.seats import NAME_LIMIT, SEAT_COLOURS
from roadtrip.server.storage import MemoryStore


@pytest.fixture(params=["memory", "sqlite"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    if request.param == "memory":
        app = create_app(MemoryStore())
    else:
        app = create_app(database_url=f"sqlite:///{tmp_path / 'setup.sqlite3'}")
    with TestClient(app) as test_client:
        yield test_client


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> Any:
    return client.post("/api/matches", json={"game": game, "seats": seats, **extra})


# ------------------------------------------------------------------ 404
@pytest.mark.parametrize("path", ["/nowhere", "/m", "/replay", "/static/no-such-file.js"])
def test_unknown_pages_get_an_html_page_with_a_way_back(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert "Not Found" not in response.text and '"detail"' not in response.text
    assert 'href="/"' in response.text and "does not exist" in response.text


def test_unknown_api_routes_keep_a_json_error_as_a_sentence(client: TestClient) -> None:
    response = client.get("/api/nowhere")
    assert response.status_code == 404
    error = response.json()["error"]
    assert error["code"] == "not_found" and error["message"].startswith("There is no API route")
    response = client.delete("/api/games")
    assert response.status_code == 405
    assert response.json()["error"]["message"][0].isupper()


def test_match_errors_start_with_a_capital(client: TestClient) -> None:
    response = client.get("/api/matches/nope/state")
    assert response.status_code == 404
    assert response.json()["error"]["message"].startswith("No match")


# --------------------------------------------------------- seats and names
def test_the_seats_set_the_player_count_when_the_options_do_not(client: TestClient) -> None:
    """Road Rally with two seats and no `players` option is a two-player match."""
    response = create(client, "road-rally", [{"name": "Ann"}, {"name": "Ben", "bot": "random"}])
    assert response.status_code == 201, response.text
    created = response.json()
    state = state_http(client, created["match"], created["seats"][0]["token"])
    assert state["options"]["players"] == 2 and len(state["players"]) == 2


def test_a_seat_count_the_game_does_not_take_is_a_creation_error(client: TestClient) -> None:
    response = create(client, "road-rally", [{"name": "Ann"}])
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_setup" and "2 to 5 players" in error["message"]


def test_a_name_over_the_limit_is_refused_naming_the_limit(client: TestClient) -> None:
    name = "N" * (NAME_LIMIT + 1)
    response = create(client, "road-to-300", [{"name": name}])
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_setup"
    assert f"at most {NAME_LIMIT} characters" in error["message"]
    assert create(client, "road-to-300", [{"name": "N" * NAME_LIMIT}]).status_code == 201


def test_two_bots_of_one_kind_get_distinct_names_and_every_seat_a_colour(
    client: TestClient,
) -> None:
    seats = [
        {"name": "Ann"},
        {"name": "Greedy bot", "bot": "greedy"},
        {"name": "Greedy bot", "bot": "greedy"},
    ]
    created = create(client, "road-to-300", seats).json()
    state = state_http(client, created["match"], created["seats"][0]["token"])
    names = [p["name"] for p in state["players"]]
    assert names == ["Ann", "Greedy bot 1", "Greedy bot 2"]
    assert [p["colour"] for p in state["players"]] == list(SEAT_COLOURS[:3])
    replay = client.get(
        f"/api/matches/{created['match']}/replay", headers=auth(created["seats"][0]["token"])
    ).json()
    assert [p["name"] for p in replay["players"]] == names
    assert all(p["colour"] for p in replay["players"])
    bot_lines = [line for line in state["log"] if line.startswith("Greedy bot")]
    assert bot_lines and all(
        line.startswith(("Greedy bot 1:", "Greedy bot 2:")) for line in bot_lines
    )


# ------------------------------------------------------------------ teams
def test_a_main_street_seat_may_be_a_team_of_two_each_with_a_link(client: TestClient) -> None:
    seats = [{"name": "Ann", "partner": "Bob"}, {"name": "Cy"}]
    response = create(client, "get-your-kicks", seats)
    assert response.status_code == 201, response.text
    created = response.json()
    people = [(s["seat"], s["name"], s["seat_name"]) for s in created["seats"]]
    assert people == [(0, "Ann", "Ann & Bob"), (0, "Bob", "Ann & Bob"), (1, "Cy", "Cy")]
    ann, bob = created["seats"][0]["token"], created["seats"][1]["token"]
    assert ann != bob
    mid = created["match"]
    seen_by_ann = state_http(client, mid, ann)
    seen_by_bob = state_http(client, mid, bob)
    assert seen_by_ann["seat"] == seen_by_bob["seat"] == 0
    assert seen_by_ann["players"][0]["name"] == "Ann & Bob"
    assert seen_by_ann["players"][0]["members"] == ["Ann", "Bob"]
    # Either partner may act for the mat; the first valid move wins, the other's
    # click on the same state is refused as stale and then sees the move.
    choice = seen_by_bob["choices"][0]["action"]
    moved = client.post(
        f"/api/matches/{mid}/actions",
        json={"action": choice, "my_moves": seen_by_bob["my_moves"]},
        headers=auth(bob),
    )
    assert moved.status_code == 200, moved.text
    late = client.post(
        f"/api/matches/{mid}/actions",
        json={"action": choice, "my_moves": seen_by_ann["my_moves"]},
        headers=auth(ann),
    )
    assert late.status_code == 409 and late.json()["error"]["code"] == "stale"
    assert state_http(client, mid, ann)["my_moves"] == seen_by_ann["my_moves"] + 1


def test_team_tokens_survive_a_restart_on_sqlite(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'teams.sqlite3'}"
    with TestClient(create_app(database_url=url)) as first:
        created = create(first, "mileage-may-vary", [{"name": "Ann", "partner": "Bob"}]).json()
    with TestClient(create_app(database_url=url)) as second:
        for person in created["seats"]:
            state = state_http(second, created["match"], person["token"])
            assert state["seat"] == 0 and state["players"][0]["name"] == "Ann & Bob"


# ---------------------------------------------------------------- rematch
def test_a_rematch_has_the_same_game_options_and_seats_and_new_links(client: TestClient) -> None:
    created = create_http(client, players=2, bots=[None, "greedy"], options={"target": 60})
    mid, token = created["match"], created["seats"][0]["token"]
    spectator = created["spectator"]["token"]
    early = client.post(f"/api/matches/{mid}/rematch", headers=auth(token))
    assert early.status_code == 400 and early.json()["error"]["code"] == "bad_setup"
    play_http(client, mid, token, Random(3))
    refused = client.post(f"/api/matches/{mid}/rematch", headers=auth(spectator))
    assert refused.status_code == 403
    response = client.post(f"/api/matches/{mid}/rematch", headers=auth(token))
    assert response.status_code == 201, response.text
    rematch = response.json()
    new_token = rematch["url"].split("#t=")[1]
    assert rematch["url"].startswith(f"/m/{rematch['match']}#t=") and new_token != token
    old, new = state_http(client, mid, token), state_http(client, rematch["match"], new_token)
    assert new["game"] == old["game"] and new["options"] == old["options"]
    assert [(p["name"], p["bot"]) for p in new["players"]] == [
        (p["name"], p["bot"]) for p in old["players"]
    ]
    assert new["seat"] == 0 and not new["finished"]
    # The old match's state now points this seat (only) to its own new link.
    assert old["rematch"] == rematch["url"]
    # A second click (another player, or the same) joins the same rematch.
    again = client.post(f"/api/matches/{mid}/rematch", headers=auth(token)).json()
    assert again["match"] == rematch["match"]


def board_palette(board_file: str, name: str) -> list[str]:
    """The fallback palette ``name`` of a board's script (``export const NAME = [...]``)."""
    import re

    import roadtrip

    text = (Path(roadtrip.__file__).parent / "web" / "boards" / board_file).read_text()
    found = re.search(rf"export const {name} = \[([^\]]*)\]", text)
    assert found, f"{name} not in {board_file}"
    return re.findall(r'"(#[0-9a-fA-F]{6})"', found.group(1))


@pytest.mark.parametrize(
    ("game", "players", "board_file", "palette"),
    [
        ("open-road", 3, "open_road/map.js", "RIDER_COLORS"),
        ("road-rally", 3, "road_rally/pieces.js", "CAR_COLORS"),
    ],
)
def test_one_palette_the_chips_log_and_board_pieces_show_a_seat_in_one_colour(
    client: TestClient, game: str, players: int, board_file: str, palette: str
) -> None:
    """Issue 25 item 4: the server's players carry the colours the board draws its
    pieces in (the boards take them from the players; their own list is the same
    palette, for pages that give none), in the match and in its replay."""
    seats = [{"name": "Ann"}, *({"name": f"Bot {i}", "bot": "random"} for i in range(1, players))]
    created = create(client, game, seats, options={"players": players}).json()
    token = created["seats"][0]["token"]
    state = state_http(client, created["match"], token)
    colours = [p["colour"] for p in state["players"]]
    assert colours == board_palette(board_file, palette)[:players]
    assert len(set(colours)) == players
    replay = client.get(f"/api/matches/{created['match']}/replay", headers=auth(token)).json()
    assert [p["colour"] for p in replay["players"]] == colours
