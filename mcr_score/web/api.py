"""The app of `mcr-score serve`: the JSON service under `/api/`, the table-side page at `/`, the docs.

Each hand endpoint takes the CLI command's inputs (query fields for GET, a JSON object for POST)
and returns exactly what the command prints with `--json`, built by the same functions (the CLI
tests and these compare the two); a bad input is HTTP 422 with the same named error object
`{"ok": false, "error": {...}}`, its `where` naming the request's field (`query.from`) where the
CLI's names an option (`--from`). The fields are read by `reading` (the CLI's rules: each once,
ASCII digits, JSON types); FastAPI routes and documents them. A path that does not exist (404), a
method a path does not take (405) and a bug (500) answer in the same shape, and HEAD answers
every GET. Everything the page needs is package data: no network at run time. A hand command
plugs in with one `_hand_route` call.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine, MutableMapping
from importlib import resources
from typing import Annotated, Any

from fastapi import Body, FastAPI, Path, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.routing import Mount, Route

from mcr_score import __version__, errors
from mcr_score.messages import LANGS, msg, page_strings
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.fans.table import FANS
from mcr_score.systems.mcr.pages.referee import fan_detail, fan_table, rejection
from mcr_score.systems.mcr.pages.referee_text import render_rejection
from mcr_score.systems.mcr.pages.text import rules_to_dict
from mcr_score.web.commands import (
    do_discards,
    do_edit,
    do_explain,
    do_parse,
    do_score,
    do_session,
    do_shanten,
    do_waits,
    explain_words,
    score_words,
)
from mcr_score.web.engine import page_html
from mcr_score.web.reading import Plan, RequestError
from mcr_score.web.schemas import (
    DiscardsBody,
    DiscardsInput,
    EditBody,
    EditInput,
    ErrorBody,
    ExplainBody,
    ExplainInput,
    ExplainTextInput,
    FanDetail,
    FanRow,
    HandInput,
    HandOnly,
    ParseBody,
    RulesBody,
    RulesInput,
    ScoreBody,
    SessionBody,
    ShantenBody,
    ShantenInput,
    SituatedInput,
    TextInput,
    WaitsBody,
    WaitsInput,
)

MAX_BODY = 8 * 1024
"""The largest request body read, in bytes: a hand and its options fit in a few hundred."""
BODY_SECONDS = 10.0
"""The most time a request body may take to arrive, from the end of its head, whatever its size: at
most 8 KiB, which a table's network brings in milliseconds. A body that does not come, or comes a
byte at a time (slowloris), holds the connection no longer: 408 and the connection closed."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

STATIC = resources.files("mcr_score.web") / "static"
_ERRORS: dict[int | str, dict[str, Any]] = {422: {"model": ErrorBody, "description": "Bad input: a named error."}}
_BODY_ERRORS: dict[int | str, dict[str, Any]] = {
    413: {
        "model": ErrorBody,
        "description": f"A body over {MAX_BODY // 1024} KiB (`too-large`); the connection is closed.",
    },
    408: {
        "model": ErrorBody,
        "description": f"A body not all there {BODY_SECONDS:g} s after the head (`request-timeout`).",
    },
}

LOG = logging.getLogger("mcr_score.web")


class TooLargeError(errors.McrError):
    code = "too-large"
    exit_code = 2


class RequestTimeoutError(errors.McrError):
    """A request body that did not arrive in time (`BODY_SECONDS`)."""

    code = "request-timeout"
    exit_code = 2


class NotFoundError(errors.McrError):
    """A path the service does not have."""

    code = "not-found"
    exit_code = 2


class MethodError(errors.McrError):
    """A method the path does not take (the `Allow` header lists those it takes)."""

    code = "method-not-allowed"
    exit_code = 2


class ServiceError(errors.McrError):
    """A bug: an exception no reader expected; the log has its traceback."""

    code = "internal-error"


def _error_response(error: errors.McrError, status: int = 422) -> JSONResponse:
    return JSONResponse(rejection(error), status_code=status)


def _in_request(error: errors.McrError, place: str) -> errors.McrError:
    """An error of the engine with its CLI option (`where: "--from"`) named as the request's field
    (`query.from`, `body.from`): an HTTP answer names what the request sent, not a command line."""
    for problem in error.problems:
        if problem.where is not None and problem.where.startswith("--"):
            problem.where = f"{place}.{problem.where[2:].replace('-', '_')}"
    return error


class BodyLimit:
    """Refuse a request body over `limit` bytes with HTTP 413 and a named error, before anything parses
    it: at once when its `Content-Length` says so (nothing of it is read), else when the bytes read
    pass the limit. A body that has not all arrived `seconds` after the head is HTTP 408. Either
    answer closes the connection: the rest of the body is never read."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY, seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        too_large = TooLargeError(msg("error.request.too-large", limit=self.limit), where="body")
        declared = _declared_length(scope)
        if declared is not None and declared > self.limit:
            await _closing(too_large, 413)(scope, receive, send)
            return
        try:
            async with asyncio.timeout(self.seconds):
                body = await self._body(receive)
        except TimeoutError:
            late = RequestTimeoutError(msg("error.request.timeout", seconds=self.seconds), where="body")
            await _closing(late, 408)(scope, receive, send)
            return
        if body is None:  # the client went away
            return
        if len(body) > self.limit:
            await _closing(too_large, 413)(scope, receive, send)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _body(self, receive: Receive) -> bytes | None:
        """The body, or its first bytes past the limit (None: the client disconnected)."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            chunks.append(chunk)
            if size > self.limit or not message.get("more_body", False):
                return b"".join(chunks)


def _declared_length(scope: Scope) -> int | None:
    """The request's `Content-Length` (the server checked it is digits), None without one."""
    for name, value in scope.get("headers", ()):
        if name.lower() == b"content-length" and value.strip().isdigit():
            return int(value)
    return None


def _closing(error: errors.McrError, status: int) -> JSONResponse:
    """An error answer after which the connection is closed (the body was not all read)."""
    return JSONResponse(rejection(error), status_code=status, headers={"connection": "close"})


class HeadAsGet:
    """HEAD answers as GET would, headers included (`content-length` the body's), without the body:
    every GET route, the page and the static files take HEAD, and no route needs its own."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {**message, "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)


class InternalErrors:
    """An exception no reader expected answers HTTP 500 in the error shape (`internal-error`), logged
    with its traceback, and the connection stays open for the client's next request. Starlette's
    outermost layer would answer in plain text and re-raise, and uvicorn then drops the connection.
    An exception after the answer began is re-raised: that answer cannot be completed."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception as e:
            if started:
                raise
            LOG.exception("unexpected error on %s %s", scope["method"], scope["path"])
            error = ServiceError(msg("error.request.internal", exception=type(e).__name__))
            await _error_response(error, 500)(scope, receive, send)


class ReadRoute(APIRoute):
    """An API route whose fields `reading` reads (the CLI's rules), not FastAPI's lenient coercion;
    FastAPI still routes it and documents its fields in /openapi.json from the same signature."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        plan = Plan.of(self.dependant)
        endpoint = self.endpoint

        async def handler(request: Request) -> Response:
            arguments = await plan.read(request)
            response: Response = await run_in_threadpool(endpoint, **arguments)
            return response

        return handler


def _allowed(app: FastAPI, path: str) -> list[str]:
    """The methods `path` takes, HEAD wherever GET is."""
    methods: set[str] = set()
    for route in app.routes:
        if isinstance(route, Mount) and path.startswith(route.path + "/"):
            methods |= {"GET"}  # the static files
        elif isinstance(route, Route) and route.path_regex.match(path):
            methods |= route.methods or set()
    if "GET" in methods:
        methods.add("HEAD")
    return sorted(methods)


def _hand_route(
    app: FastAPI,
    name: str,
    build: Callable[[Any], dict[str, Any]],
    model: type[HandOnly],
    answer: type[Any],
    summary: str,
) -> None:
    """`GET /api/NAME?hand=...` and `POST /api/NAME {"hand": ...}` for the CLI command NAME."""
    responses = {200: {"model": answer, "description": summary}, **_ERRORS}

    def run(data: HandOnly, place: str) -> Response:
        try:
            return JSONResponse(build(data))
        except errors.McrError as e:
            return _error_response(_in_request(e, place))

    def get(data: HandOnly) -> Response:
        return run(data, "query")

    def post(data: HandOnly) -> Response:
        return run(data, "body")

    # The model is this route's own: set as a real object (a string annotation would not resolve here).
    get.__annotations__ = {"data": Annotated[model, Query()], "return": Response}
    post.__annotations__ = {"data": model, "return": Response}

    for method, endpoint in (("GET", get), ("POST", post)):
        app.add_api_route(
            f"/api/{name}",
            endpoint,
            methods=[method],
            summary=summary,
            response_model=None,
            responses=responses | (_BODY_ERRORS if method == "POST" else {}),
            operation_id=f"{name}_{method.lower()}",
            tags=["hands"],
        )


def _text_route(app: FastAPI, name: str, render: Callable[[Any], str], model: type[HandInput], summary: str) -> None:
    """`GET /api/text/NAME`: the command's text output in `lang`; an error is 422 with its words in `lang`."""

    def endpoint(data: TextInput | ExplainTextInput) -> Response:
        try:
            return PlainTextResponse(render(data))
        except errors.McrError as e:
            return PlainTextResponse(render_rejection(e, data.lang), status_code=422)

    endpoint.__annotations__ = {"data": Annotated[model, Query()], "return": Response}

    app.add_api_route(
        f"/api/text/{name}",
        endpoint,
        methods=["GET"],
        summary=summary,
        response_class=PlainTextResponse,
        responses={
            200: {"content": {"text/plain": {"schema": {"type": "string"}}}, "description": summary},
            422: {
                "content": {"text/plain": {"schema": {"type": "string"}}, "application/json": {"schema": {}}},
                "description": "Bad input: the problems in words (a bad field: the JSON error object).",
            },
        },
        operation_id=f"text_{name}",
        tags=["text"],
    )


def create_app(body_seconds: float = BODY_SECONDS) -> FastAPI:
    """The whole service: API, page, static files, offline docs; a request body has `body_seconds`
    to arrive."""
    app = FastAPI(
        title="mcr-score",
        version=__version__,
        description="Chinese Official Mahjong (MCR) scoring: the `mcr-score` commands as a JSON service. "
        "Every answer is exactly the command's `--json` object; bad input is HTTP 422 with a named error. "
        "Fields are read as the CLI reads its options: each once; in a query, whole numbers in ASCII digits "
        "and flags `true`/`false`; a body is one JSON object whatever its content type, with JSON's own types.",
        docs_url=None,
        redoc_url=None,
    )

    @app.exception_handler(errors.McrError)
    async def _refused(request: Request, exc: Exception) -> Response:
        """A named error from any reader, the request's fields included: 422 in the error shape."""
        assert isinstance(exc, errors.McrError)
        return _error_response(exc)

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: Exception) -> Response:
        """A path the service does not have, a method a path does not take (any other HTTP error
        too): the error shape on every path (a browser shows the JSON), and in `Allow` the methods
        the path takes."""
        assert isinstance(exc, HTTPException)
        path = request.url.path
        if exc.status_code == 405:
            allowed = ", ".join(_allowed(app, path))
            problem = msg("error.request.method", method=request.method, path=path, allowed=allowed)
            return JSONResponse(rejection(MethodError(problem, where="method")), 405, headers={"Allow": allowed})
        if exc.status_code == 404:
            missing = NotFoundError(msg("error.request.not-found", path=path), where="path")
            return JSONResponse(rejection(missing), 404)
        other = RequestError(msg("error.request.field", field="request", problem=str(exc.detail)), where="request")
        return JSONResponse(rejection(other), exc.status_code, headers=exc.headers)

    @app.get("/ui/strings/{lang}.json", include_in_schema=False)
    def strings(lang: str) -> Response:
        if lang not in LANGS:
            return _error_response(RequestError(msg("error.request.lang", lang=lang), where="lang"), 404)
        return JSONResponse(page_strings(lang))

    index: list[str] = []  # the page with the engine's first answers, made on the first visit

    @app.get("/", include_in_schema=False)
    def page() -> Response:
        if not index:
            index.append(page_html((STATIC / "index.html").read_text(encoding="utf-8")))
        return HTMLResponse(index[0])

    @app.get("/docs", include_in_schema=False)
    def docs() -> Response:
        return HTMLResponse((STATIC / "docs.html").read_text(encoding="utf-8"))

    # Every route from here on is an API route: its fields are read by `reading`.
    app.router.route_class = ReadRoute
    _hand_route(app, "parse", do_parse, SituatedInput, ParseBody, "parse --json: the hand's structure")
    _hand_route(app, "score", do_score, HandInput, ScoreBody, "score --json: the best arrangement, fans, total")
    _hand_route(app, "explain", do_explain, ExplainInput, ExplainBody, "explain --json: the referee view")
    _hand_route(
        app, "waits", do_waits, WaitsInput, WaitsBody, "waits --json: each winning tile of a 13-tile hand, scored"
    )
    _hand_route(app, "shanten", do_shanten, ShantenInput, ShantenBody, "shanten --json: how far from ready, per form")
    _hand_route(
        app,
        "discards",
        do_discards,
        DiscardsInput,
        DiscardsBody,
        "discards --json: each discard of a 14-tile hand, ranked",
    )
    _hand_route(app, "edit", do_edit, EditInput, EditBody, "the page's picker: the hand after one tap, as shown")
    _text_route(app, "score", score_words, TextInput, "score: the text output in lang")
    _text_route(app, "explain", explain_words, ExplainTextInput, "explain: the text output in lang")

    @app.get(
        "/api/fans",
        summary="fans --json: the fan table under a profile",
        response_model=None,
        responses={200: {"model": list[FanRow]}, **_ERRORS},
        tags=["fans"],
    )
    def fans(data: Annotated[RulesInput, Query()]) -> Response:
        return JSONResponse(fan_table(data.rules))

    @app.get(
        "/api/fans/{number}",
        summary="fan N --json: one fan in full with its example scored",
        response_model=None,
        responses={200: {"model": FanDetail}, **_ERRORS},
        tags=["fans"],
    )
    def fan(number: Annotated[int, Path(ge=1, le=len(FANS))], data: Annotated[RulesInput, Query()]) -> Response:
        return JSONResponse(fan_detail(Fan(number), data.rules))

    @app.get(
        "/api/rules",
        summary="rules --json: the profiles and their switches",
        response_model=None,
        responses={200: {"model": RulesBody}},
        tags=["fans"],
    )
    def rules() -> Response:
        return JSONResponse(rules_to_dict())

    @app.post(
        "/api/session",
        summary="session --json: a session's score sheet (the JSON of a session file) settled",
        response_model=None,
        responses={200: {"model": SessionBody}, **_BODY_ERRORS, **_ERRORS},
        tags=["sessions"],
    )
    def session(sheet: Annotated[dict[str, Any], Body()], data: Annotated[RulesInput, Query()]) -> Response:
        try:
            return JSONResponse(do_session(sheet, data.rules))
        except errors.McrError as e:
            return _error_response(e)

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    app.add_middleware(BodyLimit, seconds=body_seconds)
    app.add_middleware(InternalErrors)
    app.add_middleware(HeadAsGet)  # the last added is the outermost: a 500's body is dropped for HEAD too
    return app
