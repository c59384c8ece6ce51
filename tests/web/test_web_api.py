"""The JSON service of `mcr-score serve`, through FastAPI's test client: every answer is the CLI's own
`--json` object for the same inputs (compared with the command's output, not with the API's own code),
and every bad input is HTTP 422 with the CLI's named error object."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support import REPO

pytest.importorskip("fastapi")

from click.testing import CliRunner
from fastapi.testclient import TestClient

from mcr_score.cli import main
from mcr_score.web import api
from mcr_score.web.schemas import MAX_HAND


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(api.create_app())


def cli_json(cli_runner: CliRunner, *args: str) -> tuple[int, Any]:
    result = cli_runner.invoke(main, [*args, "--json"])
    return result.exit_code, json.loads(result.stdout)


def in_request(answer: Any, place: str) -> Any:
    """The CLI's JSON as the service answers it: an error about an option (`"where": "--win"`)
    names the request's field (`query.win`, `body.win`), as an HTTP answer names what was sent."""
    if answer.get("ok") is not False:
        return answer

    def field(problem: dict[str, Any]) -> dict[str, Any]:
        where = problem.get("where")
        if isinstance(where, str) and where.startswith("--"):
            return {**problem, "where": f"{place}.{where[2:].replace('-', '_')}"}
        return problem

    error = field(answer["error"])
    return {**answer, "error": {**error, "problems": [field(p) for p in error["problems"]]}}


HANDS = [
    ("123456789m123p5s5s", {}, []),
    ("123456789m123p5s5s", {"rules": "china"}, ["--rules", "china"]),
    ("[WWWW1][444s]45m678pFF6m", {"self_drawn": True, "seat": "S"}, ["--self-drawn", "--seat", "S"]),
    ("11123456789999m", {"last_tile": True, "wall_last": True}, ["--last-tile", "--wall-last"]),
    ("[1111s6]23456m789p55s5s", {"replacement": True, "flowers": 3}, ["--replacement", "--flowers", "3"]),
    ("123456789m123p5s", {}, []),  # waiting: not a winning hand
    ("123456789m123p5s7p", {"prevalent": "W", "self_drawn": False}, ["--prevalent", "W", "--discard"]),
    ("[555m1]123456789mEE", {"win": "5m"}, ["--win", "5m"]),  # 29, where E winning would give 25
    ("[555m1]123456789mEE", {"win": "7p"}, ["--win", "7p"]),  # not among the tiles: win-tile
]


@pytest.mark.parametrize("command", ["score", "parse", "explain"])
@pytest.mark.parametrize(("hand", "fields", "options"), HANDS)
def test_a_hand_endpoint_answers_the_cli_json(
    client: TestClient, cli_runner: CliRunner, command: str, hand: str, fields: dict[str, Any], options: list[str]
) -> None:
    if command == "parse" and "rules" in fields:
        assert client.get("/api/parse", params={"hand": hand, **fields}).json()["error"]["where"] == "query.rules"
        return  # parse has no --rules
    code, expected = cli_json(cli_runner, command, hand, *options)
    got = client.get(f"/api/{command}", params={"hand": hand, **fields})
    posted = client.post(f"/api/{command}", json={"hand": hand, **fields})
    assert got.json() == in_request(expected, "query")
    assert posted.json() == in_request(expected, "body")
    assert got.status_code == posted.status_code == (200 if code == 0 else 422)


@pytest.mark.parametrize(
    ("hand", "fields", "options"),
    [
        ("123456789m123p5s5x", {}, []),  # two notation problems at once
        ("1111m123456789p55s", {}, []),  # too many copies
        ("123456789m123p5s5s", {"self_drawn": True, "robbing_kong": True}, ["--self-drawn", "--robbing-kong"]),
        ("123456789m123p5s5s", {"replacement": True}, ["--replacement"]),
        ("123456789m123p5s5s|EE1000", {"from": "S"}, ["--from", "S"]),
    ],
)
def test_bad_input_is_422_with_the_cli_error_object(
    client: TestClient, cli_runner: CliRunner, hand: str, fields: dict[str, Any], options: list[str]
) -> None:
    command = "explain" if "from" in fields else "score"
    code, expected = cli_json(cli_runner, command, hand, *options)
    assert code in (1, 2)
    response = client.get(f"/api/{command}", params={"hand": hand, **fields})
    assert response.status_code == 422
    assert response.json() == in_request(expected, "query")
    assert expected["ok"] is False
    assert expected["error"]["code"]


def test_fans_fan_and_rules_answer_the_cli_json(client: TestClient, cli_runner: CliRunner) -> None:
    assert (
        client.get("/api/fans", params={"rules": "china"}).json() == cli_json(cli_runner, "fans", "--rules", "china")[1]
    )
    assert (
        client.get("/api/fans/82", params={"rules": "china"}).json()
        == cli_json(cli_runner, "fan", "82", "--rules", "china")[1]
    )
    assert client.get("/api/fans/28").json() == cli_json(cli_runner, "fan", "28")[1]
    rules = client.get("/api/rules").json()
    assert rules == cli_json(cli_runner, "rules")[1]
    assert {"green-book", "china"} <= {p["name"] for p in rules["profiles"]}


def test_rules_json_lists_each_switch_with_its_users(cli_runner: CliRunner) -> None:
    _, data = cli_json(cli_runner, "rules")
    assert data["default"] == "green-book"
    names = {p["name"] for p in data["profiles"]}
    for switch in data["switches"]:
        users = [name for option in switch["options"] for name in option["profiles"]]
        assert sorted(users) == sorted(names), switch["key"]  # every profile chooses exactly one option
        assert all(option["cite"] for option in switch["options"])


@pytest.mark.parametrize(
    ("params", "where"),
    [
        ({}, "query.hand"),
        ({"hand": ""}, "query.hand"),
        ({"hand": "1m" * (MAX_HAND // 2 + 1)}, "query.hand"),
        ({"hand": "123456789m123p5s5s", "seat": "Q"}, "query.seat"),
        ({"hand": "123456789m123p5s5s", "flowers": 9}, "query.flowers"),
        ({"hand": "123456789m123p5s5s", "rules": "house.toml"}, "query.rules"),  # the service reads no file
        ({"hand": "123456789m123p5s5s", "selfdrawn": "true"}, "query.selfdrawn"),  # a typo is not ignored
    ],
)
def test_a_bad_field_is_422_bad_request(client: TestClient, params: dict[str, Any], where: str) -> None:
    response = client.get("/api/score", params=params)
    assert response.status_code == 422
    body = response.json()
    assert body["ok"] is False
    assert body["error"]["code"] == "bad-request"
    assert body["error"]["where"] == where


def test_several_bad_fields_are_all_reported(client: TestClient) -> None:
    body = client.post("/api/score", json={"hand": 5, "seat": "Q"}).json()
    assert [p["where"] for p in body["error"]["problems"]] == ["body.hand", "body.seat"]
    assert (
        client.post("/api/score", content=b"{not json", headers={"content-type": "application/json"}).status_code == 422
    )


def test_a_large_body_is_refused_before_it_is_read(client: TestClient) -> None:
    response = client.post(
        "/api/score", content=b"x" * (api.MAX_BODY + 1), headers={"content-type": "application/json"}
    )
    assert response.status_code == 413
    too_large = {"code": "too-large", "message": f"the request body is over {api.MAX_BODY} bytes", "where": "body"}
    assert response.json() == {
        "ok": False,
        "error": {**too_large, "problems": [too_large]},
    }
    chunks = (b"x" * 4096 for _ in range(3))  # no content-length: counted as it comes
    assert client.post("/api/score", content=chunks).status_code == 413


def test_text_endpoints_are_the_cli_text_in_a_language(client: TestClient, cli_runner: CliRunner) -> None:
    hand = "123456789m123p5s5s"
    for lang in ("en", "fr", "zh"):
        expected = cli_runner.invoke(main, ["score", hand, "--lang", lang]).stdout
        assert client.get("/api/text/score", params={"hand": hand, "lang": lang}).text == expected.rstrip("\n")
        explained = cli_runner.invoke(main, ["explain", hand, "--lang", lang, "--from", "S"]).stdout
        response = client.get("/api/text/explain", params={"hand": hand, "lang": lang, "from": "S"})
        assert response.text == explained.rstrip("\n")
    bad = client.get("/api/text/explain", params={"hand": hand, "lang": "fr", "replacement": True})
    assert bad.status_code == 422
    assert bad.text == cli_runner.invoke(main, ["explain", hand, "--lang", "fr", "--replacement"]).stderr.rstrip("\n")
    field = client.get("/api/text/score", params={"hand": hand, "lang": "xx"})
    assert field.status_code == 422
    assert field.json()["error"]["where"] == "query.lang"


def test_the_page_its_files_strings_and_docs_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert '<script src="static/app.js">' in page.text  # relative: the static build serves it from any folder
    assert client.head("/").status_code == 200
    files = (("app.js", "javascript"), ("style.css", "text/css"), ("favicon.svg", "svg"), ("tiles.svg", "svg"))
    for name, kind in files:
        response = client.get(f"/static/{name}")
        assert response.status_code == 200
        assert kind in response.headers["content-type"]
    docs = client.get("/docs").text
    assert "/openapi.json" in docs
    assert "http" not in docs.replace("http://", "").split("<script>")[0]
    for text in (page.text, docs, client.get("/static/app.js").text):  # no network at run time
        assert "https://" not in text
        assert "//cdn" not in text
    zh = client.get("/ui/strings/zh.json").json()
    assert zh["page.title"] == "国标麻将算番器"
    assert "rule.implied" in zh
    missing = client.get("/ui/strings/xx.json")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "bad-request"


def test_the_schema_documents_every_endpoint(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert {"/api/score", "/api/explain", "/api/parse", "/api/fans", "/api/fans/{number}", "/api/rules"} <= set(
        spec["paths"]
    )
    score = spec["paths"]["/api/score"]
    assert set(score) == {"get", "post"}
    assert score["get"]["responses"]["422"]["content"]["application/json"]["schema"]["$ref"].endswith("ErrorBody")
    rules = next(p for p in score["get"]["parameters"] if p["name"] == "rules")
    assert rules["schema"]["enum"][0] == "green-book"


def test_a_body_that_is_not_json_and_a_wrong_method(client: TestClient) -> None:
    body = client.post("/api/score", content=b"\xff", headers={"content-type": "application/json"})
    assert body.status_code == 422
    assert body.json()["error"]["code"] == "bad-request"
    wrong = client.delete("/api/score")
    assert wrong.status_code == 405
    assert wrong.headers["allow"] == "GET, HEAD, POST"
    assert client.get("/api/nothing").status_code == 404


def test_every_text_id_of_the_page_is_in_every_catalogue() -> None:
    import re
    from importlib import resources

    from mcr_score.systems.mcr.profiles import PROFILES

    static = resources.files("mcr_score.web") / "static"
    html = (static / "index.html").read_text(encoding="utf-8")
    script = (static / "app.js").read_text(encoding="utf-8")
    ids = set(re.findall(r'data-i18n="([^"]+)"', html)) | set(re.findall(r'\bt\("([^"]+)"', script))
    ids |= {f"{i}.{form}" for i in re.findall(r'\btn\("([^"]+)"', script) for form in ("one", "other")}  # counted
    ids.add("i18n.plural-one")  # the numbers `tn` takes the `one` form of
    ids |= {f"page.suit.{k}" for k in "mpszf"} | {f"page.wind.{w}" for w in "ESWN"}  # ids the script composes
    ids |= {f"rule.{r}" for r in ("implied", "same-set", "non-separation", "non-identical", "account-once")}
    ids |= {f"page.profile.{name}" for name in PROFILES}  # the rule profiles' names, shown translated
    assert len(ids) > 40
    for lang in ("en", "fr", "zh"):
        assert ids <= set(api.page_strings(lang)), (lang, ids - set(api.page_strings(lang)))


def test_rules_json_gives_each_profile_its_source(cli_runner: CliRunner) -> None:
    _, data = cli_json(cli_runner, "rules")
    for switch in data["switches"]:
        assert set(switch["sources"]) == {p["name"] for p in data["profiles"]}
        assert all(switch["sources"].values())


def test_the_lang_field_takes_the_catalogue_languages() -> None:
    from typing import get_args

    from mcr_score.messages import LANGS
    from mcr_score.web.schemas import Lang

    assert get_args(Lang) == LANGS


ADVICE = [
    ("waits", "1112345678999m", {}, []),
    ("waits", "123456789m123p5s", {"seen": "5s5s", "rules": "china"}, ["--seen", "5s5s", "--rules", "china"]),
    ("waits", "123456789m123p5s|EE1000", {"seat": "S"}, ["--seat", "S"]),
    ("waits", "1112345678999m5m", {}, []),  # 14 tiles: an error
    ("shanten", "1112345678999m", {}, []),
    ("shanten", "19m19p19sESWNCF2m", {"seen": "PPP"}, ["--seen", "PPP"]),
    ("discards", "1112345678999m5m", {}, []),
    ("discards", "123456789m123p5s7p", {"rules": "china"}, ["--rules", "china"]),
    # --wall and --opponent: the opponents in one field, separated by spaces, as many options
    ("discards", "123m456p78s11z2349m", {"wall": 30}, ["--wall", "30"]),
    (
        "discards",
        "123m456p78s11z2349m",
        {"wall": 12, "opponent": "10:2:s 8:0 3:0", "seen": "5m"},
        ["--wall", "12", "--opponent", "10:2:s", "--opponent", "8:0", "--opponent", "3:0", "--seen", "5m"],
    ),
    (
        "discards",
        "123m456p78s11z2349m",
        {"seen": "9m5p", "opponent": "6:0/9m/5p"},
        ["--seen", "9m5p", "--opponent", "6:0/9m/5p"],
    ),
]


@pytest.mark.parametrize(("command", "hand", "fields", "options"), ADVICE)
def test_waits_shanten_discards_answer_the_cli_json(
    client: TestClient, cli_runner: CliRunner, command: str, hand: str, fields: dict[str, Any], options: list[str]
) -> None:
    code, expected = cli_json(cli_runner, command, hand, *options)
    got = client.get(f"/api/{command}", params={"hand": hand, **fields})
    assert got.json() == expected == client.post(f"/api/{command}", json={"hand": hand, **fields}).json()
    assert got.status_code == (200 if code == 0 else 422)


def test_discards_gives_the_wall_and_the_opponents_their_weight(client: TestClient) -> None:
    """The same hand is worth less with four tiles left in the wall than with sixty (fewer draws)."""
    hand = "123m456p78s11z2349m"
    few = client.get("/api/discards", params={"hand": hand, "wall": 4}).json()["discards"][0]
    many = client.get("/api/discards", params={"hand": hand, "wall": 60}).json()["discards"][0]
    assert few["valid_chance"] < many["valid_chance"]


@pytest.mark.parametrize(
    ("fields", "code", "where"),
    [
        ({"opponent": "x"}, "bad-field", "opponent"),
        ({"opponent": "9:2 99:1"}, "bad-field", "opponent"),  # 99 discards: no opponent of a game
        ({"opponent": "1:0 1:0 1:0 1:0"}, "bad-table-view", "opponent"),  # a player has three
        ({"opponent": "6:0/1p", "seen": "9m"}, "bad-seen", "opponent"),  # their discards lie face up
        ({"wall": 145}, "bad-request", "wall"),
        ({"wall": -1}, "bad-request", "wall"),
    ],
)
def test_a_bad_wall_or_opponent_is_named_by_its_field(
    client: TestClient, fields: dict[str, Any], code: str, where: str
) -> None:
    hand = "123m456p78s11z2349m"
    for got, place in (
        (client.get("/api/discards", params={"hand": hand, **fields}), "query"),
        (client.post("/api/discards", json={"hand": hand, **fields}), "body"),
    ):
        assert got.status_code == 422, got.text
        assert got.json()["error"]["code"] == code
        assert got.json()["error"]["where"] == f"{place}.{where}"


@pytest.mark.parametrize(
    ("fields", "options"),
    [
        ({"claim": 24, "claim_fans": "28,50,71,69,64x2"}, ["--claim", "24", "--claim-fans", "28,50,71,69,64x2"]),
        ({"claim": 29}, ["--claim", "29"]),
        ({"claim_fans": "28,zz"}, ["--claim-fans", "28,zz"]),  # a bad fan id: an error on both
    ],
)
def test_explain_checks_a_claim_as_the_cli_does(
    client: TestClient, cli_runner: CliRunner, fields: dict[str, Any], options: list[str]
) -> None:
    hand = "[555m1]12346789mEE5m"
    got = client.get("/api/explain", params={"hand": hand, **fields})
    if "zz" in fields.get("claim_fans", ""):
        assert cli_runner.invoke(main, ["explain", hand, *options, "--json"]).exit_code == 2
        assert got.status_code == 422
        assert got.json()["error"]["code"] == "bad-field"
        return
    code, expected = cli_json(cli_runner, "explain", hand, *options)
    assert code == 0
    assert got.status_code == 200
    assert got.json() == expected
    assert expected["claim"]["agrees"] is (fields.get("claim") == 29)


def test_session_settles_the_sheet_as_the_cli_does(client: TestClient, cli_runner: CliRunner) -> None:
    path = REPO / "examples" / "session" / "full-16.json"
    sheet = json.loads(path.read_text(encoding="utf-8"))
    for rules in ("green-book", "china"):
        _, expected = cli_json(cli_runner, "session", str(path), "--rules", rules)
        response = client.post("/api/session", params={"rules": rules}, json=sheet)
        assert response.status_code == 200
        assert response.json() == expected
    _, expected = cli_json(cli_runner, "session", str(path.with_name("bad.json")))
    bad = json.loads(path.with_name("bad.json").read_text(encoding="utf-8"))
    response = client.post("/api/session", json=bad)
    assert response.status_code == 422
    assert response.json() == expected
    assert [p["code"] for p in expected["error"]["problems"]] == ["bad-session-hand", "winds-mismatch"]


def test_discards_reads_the_fourteenth_tile_as_drawn_as_the_cli_does(client: TestClient, cli_runner: CliRunner) -> None:
    """Robbing a kong is about the win to come: the 5s the hand drew is no robbed kong's tile (#22)."""
    for hand in ("123456789m123p5s5s", "123456789m123p5s6s"):
        code, expected = cli_json(cli_runner, "discards", hand, "--robbing-kong")
        assert code == 0
        got = client.get("/api/discards", params={"hand": hand, "robbing_kong": "true"})
        assert got.status_code == 200, got.text
        assert got.json() == expected


@pytest.mark.parametrize("endpoint", ["waits", "discards"])
def test_waits_and_discards_take_no_win_field_as_the_cli_takes_no_win_option(client: TestClient, endpoint: str) -> None:
    got = client.get(f"/api/{endpoint}", params={"hand": "123456789m123p5s", "win": "5s"})
    assert got.status_code == 422
    assert "query.win" in [p.get("where") for p in got.json()["error"]["problems"]]


def test_the_page_says_which_rule_systems_it_does_not_score_yet() -> None:
    """#24: the page offers a system where it applies, or says it does not yet: it scores MCR,
    and its footer names every other system of the registry with the command that answers it."""
    from mcr_score import systems

    others = [name for name in systems.NAMES if name != systems.DEFAULT]
    for lang in ("en", "fr", "zh"):
        note = api.page_strings(lang)["page.systems"]
        assert "--system" in note
        assert all(name in note for name in others), (lang, note)


def test_every_tile_has_a_face_in_the_sprite_and_no_text_to_draw() -> None:
    """The page draws tiles from static/tiles.svg: a face for each tile and the back, as outlines
    (no <text>: a machine with no CJK font showed empty boxes)."""
    from importlib import resources

    sprite = (resources.files("mcr_score.web") / "static" / "tiles.svg").read_text(encoding="utf-8")
    codes = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("ESWNCFP") + list("abcdefgh") + ["back"]
    for code in codes:
        assert f'<symbol id="t-{code}" ' in sprite, code
    assert "<text" not in sprite
