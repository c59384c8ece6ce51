"""The JSON service under bad input (found in issue 22): every field read by one rule (JSON numbers and booleans in
a body, ASCII digits and `true`/`false` in a query), no field given twice, any body that is JSON
whatever its content type, the API's error shape for 404/405/500, HEAD for every GET, and no input
that makes an endpoint answer 500 (hypothesis on query strings and bodies)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote

import pytest

pytest.importorskip("fastapi")

from click.testing import CliRunner
from fastapi import Body
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcr_score import errors
from mcr_score.cli import main
from mcr_score.messages import msg
from mcr_score.web import api
from mcr_score.web.schemas import RulesInput

HAND = "123456789m123p5s5s"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(api.create_app(), raise_server_exceptions=False)


def refused(response: Any, where: str, code: str = "bad-request", status: int = 422) -> dict[str, Any]:
    """The response is the API's error shape naming `where` among its problems; returns the error."""
    assert response.status_code == status, response.text
    body = response.json()
    assert body["ok"] is False
    error: dict[str, Any] = body["error"]
    assert error["code"] == code, error
    assert where in [p.get("where") for p in error["problems"]], error
    return error


# ---- item 1: claims that cannot be, and any McrError is a 422 ---------------------------------------


def test_the_claim_of_the_issue_is_422_not_500(client: TestClient) -> None:
    response = client.get(f"/api/explain?hand={HAND}&claim_fans=28x99999999999999999999")
    error = refused(response, "query.claim_fans", code="bad-field")
    assert "28x9999999999" in error["message"]
    assert "too large" in error["message"]


@pytest.mark.parametrize(
    "claim",
    [
        "28x100000000",  # 10^8 copies: 2 GB and 32 s before (#22)
        "28x9",  # more than the eight flowers, the most any fan counts in one hand
        "69x0",  # a fan claimed no time: was dropped silently
        "28,69x0",
        ",,,",  # no fan at all: was no claim
        " ",
        "28x٣",  # the multiplier in ASCII digits, as the fan ids
        "28x+2",
    ],
)
def test_a_claim_count_out_of_bounds_is_refused_at_the_door(client: TestClient, claim: str) -> None:
    refused(client.get("/api/explain", params={"hand": HAND, "claim_fans": claim}), "query.claim_fans", "bad-field")
    refused(client.post("/api/explain", json={"hand": HAND, "claim_fans": claim}), "body.claim_fans", "bad-field")


def test_a_claim_within_bounds_is_still_checked(client: TestClient) -> None:
    answer = client.get("/api/explain", params={"hand": HAND, "claim_fans": "28 62;69x1,81x8"})
    assert answer.status_code == 200
    assert answer.json()["claim"]["fans"] == [28, 62, 69, *[81] * 8]


def test_an_error_of_any_reader_is_422_in_the_error_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any) -> Any:
        raise errors.McrError(msg("error.request.lang", lang="xx"), where="somewhere")

    for name in ("fan_table", "fan_detail", "rules_to_dict", "do_session", "do_score"):
        monkeypatch.setattr(api, name, refuse)
    client = TestClient(api.create_app(), raise_server_exceptions=False)
    for response in (
        client.get("/api/fans"),
        client.get("/api/fans/28"),
        client.get("/api/rules"),
        client.post("/api/session", json={"players": ["A", "B", "C", "D"], "hands": []}),
        client.get("/api/score", params={"hand": HAND}),
    ):
        assert (
            refused(response, "somewhere", code="mcr-error")["message"] == "unknown language xx: expected en, fr or zh"
        )


# ---- item 3: a field given twice -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "where"),
    [
        (f"hand={HAND}&seat=E&seat=S", "query.seat"),
        (f"hand={HAND}&hand={HAND}", "query.hand"),
        (f"hand={HAND}&seat=E&seat=E", "query.seat"),  # even the same value: the CLI refuses it too
        (f"hand={HAND}&self_drawn=true&self%5Fdrawn=true", "query.self_drawn"),  # the same name, encoded
    ],
)
def test_a_query_field_given_twice_is_refused(client: TestClient, query: str, where: str) -> None:
    error = refused(client.get(f"/api/score?{query}"), where)
    assert "twice" in error["message"]


def test_a_query_field_given_twice_is_refused_on_every_endpoint(client: TestClient) -> None:
    refused(client.get("/api/fans?rules=china&rules=china"), "query.rules")
    refused(client.get("/api/fans/28?rules=china&rules=china"), "query.rules")
    refused(client.get(f"/api/text/score?hand={HAND}&lang=fr&lang=zh"), "query.lang")
    refused(client.post("/api/session?rules=china&rules=china", json={}), "query.rules")


def test_a_json_key_given_twice_is_refused(client: TestClient) -> None:
    body = b'{"hand": "123456789m123p5s5s", "seat": "E", "seat": "S"}'
    error = refused(client.post("/api/score", content=body), "body")
    assert error["message"] == 'the body: the key "seat" appears twice in one object'
    sheet = b'{"players": ["A", "B", "C", "D"], "hands": [{"draw": true}], "hands": []}'  # every hand dropped
    refused(client.post("/api/session", content=sheet), "body")


# ---- item 4: one reading of numbers and booleans ------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "where"),
    [
        ({"flowers": True}, "body.flowers"),
        ({"flowers": 1.0}, "body.flowers"),
        ({"flowers": "2"}, "body.flowers"),
        ({"self_drawn": "true"}, "body.self_drawn"),
        ({"self_drawn": 1}, "body.self_drawn"),
        ({"last_tile": 0}, "body.last_tile"),
        ({"seat": 1}, "body.seat"),
        ({"claim": "25"}, "body.claim"),
        ({"claim": 25.0}, "body.claim"),
        ({"claim": 10**9}, "body"),  # ten digits: no number of the game is that large
        ({"claim_fans": [28]}, "body.claim_fans"),
        ({"from": True}, "body.from"),
        ({"discarder": "S"}, "body.discarder"),  # the field is `from`, as the option
    ],
)
def test_a_json_body_takes_numbers_booleans_and_text_as_json_types(
    client: TestClient, fields: dict[str, Any], where: str
) -> None:
    refused(client.post("/api/explain", json={"hand": HAND, **fields}), where)


@pytest.mark.parametrize(
    ("fields", "where"),
    [
        ({"flowers": "١"}, "query.flowers"),
        ({"flowers": "１"}, "query.flowers"),
        ({"flowers": "1_0"}, "query.flowers"),
        ({"flowers": "+8"}, "query.flowers"),
        ({"flowers": "8.0"}, "query.flowers"),
        ({"flowers": "0x8"}, "query.flowers"),
        ({"flowers": ""}, "query.flowers"),
        ({"claim": "１２"}, "query.claim"),
        ({"claim": "1" * 10}, "query.claim"),
        ({"self_drawn": "yes"}, "query.self_drawn"),
        ({"self_drawn": "1"}, "query.self_drawn"),
        ({"self_drawn": "True"}, "query.self_drawn"),  # Python's spelling: JSON's and JavaScript's is true
        ({"last_tile": "on"}, "query.last_tile"),
        ({"kong": ""}, "query.kong"),
    ],
)
def test_a_query_takes_ascii_digits_and_true_or_false(client: TestClient, fields: dict[str, Any], where: str) -> None:
    refused(client.get("/api/explain", params={"hand": HAND, **fields}), where)


def test_the_path_number_is_ascii_digits(client: TestClient) -> None:
    for number in ("+8", "٨", "８", "8.0", "1_0", "0", "82x"):
        refused(client.get(f"/api/fans/{number}"), "path.number")
    assert client.get("/api/fans/08").json() == client.get("/api/fans/8").json()


@pytest.mark.parametrize(
    ("query", "body"),
    [
        ({"flowers": "3", "self_drawn": "true", "claim": "25"}, {"flowers": 3, "self_drawn": True, "claim": 25}),
        ({"self_drawn": "false", "last_tile": "false"}, {"self_drawn": False, "last_tile": False}),
        ({"flowers": "0"}, {"flowers": 0}),
    ],
)
def test_a_query_and_a_body_read_the_same_inputs_alike(
    client: TestClient, query: dict[str, str], body: dict[str, Any]
) -> None:
    got = client.get("/api/explain", params={"hand": HAND, **query})
    assert got.status_code == 200
    assert got.json() == client.post("/api/explain", json={"hand": HAND, **body}).json()


# ---- item 5: HEAD, and the error shape of 404 and 405 -------------------------------------------


def get_paths() -> list[str]:
    """Every GET route of the app, with the inputs it needs."""
    examples = {"{number}": "28", "{lang}": "fr"}
    paths = []
    for route in api.create_app().routes:
        if "GET" in getattr(route, "methods", ()):
            path = route.path  # type: ignore[attr-defined]
            for name, value in examples.items():
                path = path.replace(name, value)
            if route.path.startswith("/api/discards"):
                path += "?hand=123456789m123p5s5s"
            elif route.path.startswith(
                ("/api/score", "/api/explain", "/api/parse", "/api/waits", "/api/text/", "/api/sha")
            ):
                path += "?hand=123456789m123p5s"
            paths.append(path)
    return [*paths, "/static/app.js", "/static/style.css"]


def test_head_answers_every_get_route_as_get_without_a_body(client: TestClient) -> None:
    paths = get_paths()
    assert {"/", "/docs", "/openapi.json", "/api/rules", "/api/fans/28", "/ui/strings/fr.json"} <= {
        p.split("?")[0] for p in paths
    }
    for path in paths:
        got = client.get(path)
        head = client.head(path)
        assert head.status_code == got.status_code == 200, path
        assert head.content == b""
        assert head.headers["content-type"] == got.headers["content-type"], path
        assert head.headers["content-length"] == str(len(got.content)), path
    bad = client.head("/api/score?hand=x")
    assert bad.status_code == 422
    assert bad.content == b""


@pytest.mark.parametrize("path", ["/api/nothing", "/api/fans/28/x", "/nothing", "/static/nothing.js"])
def test_a_path_that_does_not_exist_is_404_in_the_error_shape(client: TestClient, path: str) -> None:
    for response in (client.get(path), client.head(path), client.post(path, json={})):
        if path.startswith("/static/") and response.request.method == "POST":
            continue  # the static files take GET and HEAD: 405 comes first
        assert response.status_code == 404
        if response.request.method != "HEAD":
            error = refused(response, "path", code="not-found", status=404)
            assert error["message"] == f"no such path: {path}"


def test_a_method_a_path_does_not_take_is_405_in_the_error_shape(client: TestClient) -> None:
    for method, path, allowed in (
        ("DELETE", "/api/score", "GET, HEAD, POST"),
        ("PUT", "/api/rules", "GET, HEAD"),
        ("GET", "/api/session", "POST"),
        ("HEAD", "/api/session", "POST"),
        ("POST", "/api/rules", "GET, HEAD"),
        ("POST", "/", "GET, HEAD"),
    ):
        response = client.request(method, path)
        assert response.status_code == 405, (method, path)
        assert response.headers["allow"] == allowed
        if method != "HEAD":
            error = refused(response, "method", code="method-not-allowed", status=405)
            assert error["message"] == f"{method} is not allowed on {path}: it takes {allowed}"


# ---- item 6: a JSON body whatever its content type ---------------------------------------------


@pytest.mark.parametrize(
    "headers", [{"content-type": "text/plain"}, {}, {"content-type": "application/x-www-form-urlencoded"}]
)
def test_a_json_body_is_read_whatever_its_content_type(client: TestClient, headers: dict[str, str]) -> None:
    body = json.dumps({"hand": HAND, "flowers": 2}).encode()
    expected = client.get("/api/score", params={"hand": HAND, "flowers": "2"}).json()
    response = client.post("/api/score", content=body, headers=headers)
    assert response.status_code == 200, response.text
    assert response.json() == expected


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b"hand=123456789m123p5s5s", "the body: not valid JSON: Expecting value (line 1, column 1)"),  # a form
        (b"", "the body is empty: send one JSON object"),
        (b"[1, 2]", "the body is a list: send one JSON object"),
        (b'"123456789m123p5s5s"', "the body is a string: send one JSON object"),
        (b'{"hand": "\xff"}', "the body: not UTF-8: byte 0xff at byte 11"),
        (
            b"\xef\xbb\xbf{}",
            "the body: not valid JSON: Unexpected UTF-8 BOM (decode using utf-8-sig) (line 1, column 1)",
        ),
        (b'{"hand": NaN}', "the body: NaN is not a number"),
        (b'{"claim": 1e400}', "the body: the number 1e400 is out of range"),
        (b'{"hand": "x", "hand": "y"}', 'the body: the key "hand" appears twice in one object'),
        (b"[" * 8000, "the body: nested too deeply"),
    ],
)
def test_a_body_that_is_not_one_json_object_is_a_clear_bad_request(client: TestClient, body: bytes, says: str) -> None:
    for path in ("/api/score", "/api/session"):
        error = refused(client.post(path, content=body), "body")
        assert error["message"] == says


# ---- the rest of the surface: sizes, NUL, non-UTF-8, unknown fields ----------------------------


def test_non_utf8_bytes_in_the_query_are_refused_not_replaced(client: TestClient) -> None:
    error = refused(client.get("/api/score?hand=%ff%fe"), "query.hand")
    assert "not UTF-8" in error["message"]
    refused(client.get(f"/api/score?hand={HAND}&%ff=1"), "query")


def test_nul_characters_and_huge_hands_are_named_errors(client: TestClient) -> None:
    nul = client.get("/api/score?hand=12345%006789m123p5s5s")
    assert nul.status_code == 422
    assert "illegal-character" in [p["code"] for p in nul.json()["error"]["problems"]]
    refused(client.get(f"/api/score?hand={HAND}&se%00at=E"), "query.se\x00at")
    refused(client.get("/api/score", params={"hand": "1m" * 5_000}), "query.hand")
    refused(client.post("/api/score", json={"hand": "1m" * 3000}), "body.hand")
    refused(client.post("/api/score", json={"hand": HAND, "extra": 1}), "body.extra")


def test_a_query_field_the_endpoint_does_not_take_is_refused(client: TestClient) -> None:
    refused(client.get("/api/rules?profile=china"), "query.profile")
    refused(client.get("/api/fans?hand=1m"), "query.hand")
    refused(client.post(f"/api/session?hand={HAND}", json={}), "query.hand")


# ---- item 8: a session the reader refuses is 422 -------------------------------------------------


def test_a_session_of_17_hands_is_422_as_the_cli_says(
    client: TestClient, cli_runner: CliRunner, tmp_path: Path
) -> None:
    sheet = {"players": ["Ana", "Bo", "Cy", "Di"], "hands": [{"draw": True}] * 17}
    response = client.post("/api/session", json=sheet)
    assert response.status_code == 422
    assert response.json()["error"]["code"] != "internal-error"
    path = tmp_path / "long.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    result = cli_runner.invoke(main, ["session", str(path), "--json"])
    assert response.json() == json.loads(result.stdout)


# ---- fuzz: no input makes an endpoint answer 500 ------------------------------------------------

NAMES = ["hand", "seat", "prevalent", "flowers", "self_drawn", "last_tile", "kong", "claim", "claim_fans", "from"]
RAW = ["", "true", "false", "E", "8", "-1", "28x2", "28x9", HAND, "1m", "%ff", "%00", "+", "%", "%zz", "%e4%b8"]
PIECES = st.one_of(st.sampled_from(RAW), st.text(max_size=30).map(lambda t: quote(t, safe="")))
FIELD = st.tuples(st.one_of(st.sampled_from(NAMES), PIECES), st.sampled_from(["=", ""]), PIECES)
QUERY = st.lists(FIELD.map("".join), max_size=6).map("&".join)
PATHS = [route.path for route in api.create_app().routes if isinstance(route, APIRoute) and "{" not in route.path]


@given(path=st.sampled_from(PATHS), query=QUERY)
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_query_string_makes_a_500(client: TestClient, path: str, query: str) -> None:
    response = client.get(f"{path}?{query}")
    assert response.status_code in (200, 405, 422), (path, query, response.text)
    if response.headers["content-type"].startswith("application/json"):
        body = response.json()
        assert isinstance(body, list) or "ok" in body or "openapi" in body


@given(
    path=st.sampled_from([p for p in PATHS if p.startswith("/api/") and not p.startswith("/api/text")]),
    body=st.one_of(
        st.binary(max_size=64),
        st.dictionaries(
            st.sampled_from([*NAMES, "players", "hands"]),
            st.recursive(
                st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                max_leaves=12,
            ),
            max_size=5,
        ).map(lambda d: json.dumps(d).encode()),
    ),
)
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_body_makes_a_500(client: TestClient, path: str, body: bytes) -> None:
    response = client.post(path, content=body)
    assert response.status_code in (200, 405, 413, 422), (path, body, response.text)
    assert response.json()["ok"] in (True, False) if response.status_code != 200 or path != "/api/fans" else True


def test_an_error_after_the_answer_began_is_not_hidden() -> None:
    """An exception once the headers are out cannot become a 500: it goes on to the server, which
    ends the connection (the answer is incomplete)."""
    from fastapi.responses import StreamingResponse

    app = api.create_app()

    def broken() -> Any:
        yield b"{"
        raise RuntimeError("a bug mid-answer")

    @app.get("/api/broken")
    def stream() -> StreamingResponse:
        return StreamingResponse(broken())

    with pytest.raises(RuntimeError, match="mid-answer"):
        TestClient(app).get("/api/broken")


def test_any_other_http_error_has_the_error_shape() -> None:
    from starlette.exceptions import HTTPException

    app = api.create_app()

    @app.get("/api/teapot")
    def teapot() -> None:
        raise HTTPException(418, "short and stout", headers={"x-pot": "1"})

    response = TestClient(app).get("/api/teapot")
    assert response.headers["x-pot"] == "1"
    assert refused(response, "request", status=418)["message"] == "request: short and stout"


def test_a_json_number_too_large_for_a_float_is_refused_by_the_json_reader() -> None:
    from mcr_score.decoding import DataError, loads_json

    with pytest.raises(DataError, match="the number 1e400 is out of range"):
        loads_json('{"points": 1e400}')
    with pytest.raises(DataError, match=r"the number -1{38}…"):
        loads_json("[-" + "1" * 400 + ".5]")
    assert loads_json("[1.5e3]") == [1500.0]


def test_head_of_a_streamed_answer_has_no_body() -> None:
    from fastapi.responses import StreamingResponse

    app = api.create_app()

    @app.get("/api/stream")
    def stream() -> StreamingResponse:
        return StreamingResponse(iter([b"a", b"b", b"c"]))

    client = TestClient(app)
    assert client.get("/api/stream").content == b"abc"
    head = client.head("/api/stream")
    assert head.status_code == 200
    assert head.content == b""


def test_an_api_route_takes_its_fields_as_reading_reads_them() -> None:
    """An endpoint whose fields `reading` could not read is refused when the app is built, not at
    the first request: a bare query parameter (not a schemas model), two bodies."""
    app = api.create_app()
    with pytest.raises(TypeError, match="the query fields of an endpoint are one schemas model"):

        @app.get("/api/bare")
        def bare(x: int) -> None: ...

    with pytest.raises(TypeError, match="the body of an endpoint is one model or one JSON object"):

        @app.post("/api/two")
        def two(a: Annotated[RulesInput, Body()], b: Annotated[RulesInput, Body()]) -> None: ...


# ---- the service: an unknown query field of a request that takes none ---------------------------------


@pytest.mark.parametrize("path", ["/api/score", "/api/explain", "/api/parse"])
def test_a_query_field_of_a_body_request_says_it_takes_none_not_an_empty_list(path: str) -> None:
    from fastapi.testclient import TestClient

    from mcr_score.web import api

    response = TestClient(api.create_app()).post(f"{path}?lang=fr", json={"hand": "123456789m123p5s5s"})
    assert response.status_code == 422
    messages = [p["message"] for p in response.json()["error"]["problems"] if p["where"] == "query.lang"]
    assert messages == ["query.lang: not a field of this request, which takes none there"]
