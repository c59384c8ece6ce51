"""A request's fields, read by the rules of the rest of mcr-score rather than by HTTP's leniencies.

The CLI refuses an option given twice and reads whole numbers in ASCII digits only
(`decoding.ascii_int`); its JSON readers refuse a key twice. A web framework would keep the last
of two query fields, read `+8` and `"25"` as numbers and `"yes"` and `1` as true, replace bytes
that are not UTF-8 and refuse a JSON body sent as `text/plain`. Here:

- a query field is given once, its name and value are UTF-8 once percent-decoded, a whole number is
  ASCII digits and a flag is `true` or `false` (JSON's spellings, which JavaScript and httpx write);
- a body is one JSON object whatever its content type, read by `decoding.loads_json` (no key twice,
  bounded numbers and nesting), its values of JSON's own types: numbers for numbers, `true` and
  `false` for flags, strings for text (pydantic's strict mode);
- a path number is ASCII digits.

Every problem is a `RequestError` whose `where` names the field (`query.seat`, `body.flowers`,
`path.number`); a request's problems are reported together. pydantic's own problems are said in
the service's words, by message id (`pydantic_problem`), never in pydantic's English ("Extra
inputs are not permitted", "Value error, ..."), so they read in every language like the rest.
"""

from __future__ import annotations

import enum
import types
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Union, get_args, get_origin
from urllib.parse import unquote_to_bytes

from fastapi.dependencies.models import Dependant
from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails
from starlette.requests import Request

from mcr_score import errors
from mcr_score.decoding import DataError, ascii_int, loads_json, shown
from mcr_score.messages import msg
from mcr_score.notation.record import json_type
from mcr_score.web.schemas import NoInput

FLAGS = {"true": True, "false": False}
"""A flag's spellings in a query string."""


class RequestError(errors.McrError):
    """A request field the service cannot take (wrong type, out of range, unknown, given twice)."""

    code = "bad-request"
    exit_code = 2


class Kind(enum.Enum):
    """How a query or path field's text is read: as it is, as a whole number, as a flag."""

    TEXT = "text"
    WHOLE = "whole"
    FLAG = "flag"


def kind_of(annotation: Any) -> Kind:
    """The kind of a field typed `annotation`: `int | None` is a whole number, `bool` a flag."""
    union = get_origin(annotation) in (Union, types.UnionType)
    kinds = set(get_args(annotation)) - {type(None)} if union else {annotation}
    return Kind.FLAG if kinds == {bool} else Kind.WHOLE if kinds == {int} else Kind.TEXT


def _all(problems: list[errors.McrError]) -> errors.McrError:
    """One error carrying every problem (the first one raised, as `errors.raise_all` does)."""
    first = problems[0]
    first.problems = tuple(problems)
    return first


def _refused(field: str, message_id: str, **args: Any) -> RequestError:
    return RequestError(msg(message_id, field=field, **args), where=field)


# pydantic's error types for a value of the wrong JSON type -> what the field takes.
_TYPES = {
    "string_type": "error.request.takes-text",
    "int_type": "error.request.takes-whole",
    "int_from_float": "error.request.takes-whole",
    "int_parsing": "error.request.takes-whole",
    "bool_type": "error.request.takes-flag",
    "bool_parsing": "error.request.takes-flag",
    "dict_type": "error.request.takes-object",
    "model_type": "error.request.takes-object",
    "model_attributes_type": "error.request.takes-object",
}


def pydantic_problem(where: str, error: ErrorDetails, model: type[BaseModel] | None = None) -> RequestError:
    """One of pydantic's problems with the field at `where`, said by our message for its type: a
    named error of ours raised by a validator as itself, an unknown field with the fields the
    request takes (those of `model`), a bound with its number, a choice with its values."""
    kind, ctx, value = error["type"], error.get("ctx") or {}, error.get("input")
    cause = ctx.get("error")
    if kind == "value_error" and isinstance(cause, errors.McrError):
        return RequestError(msg("error.request.field", field=where, problem=cause.msg), where=where)
    if kind == "extra_forbidden":
        fields = ", ".join(f.alias or name for name, f in model.model_fields.items()) if model is not None else ""
        if not fields:  # a query of a request that takes its fields in the body: no empty list
            return _refused(where, "error.request.no-fields")
        return _refused(where, "error.request.unknown-field", fields=fields)
    if kind == "missing":
        return _refused(where, "error.request.missing")
    if kind in _TYPES:
        return _refused(where, _TYPES[kind], type=json_type(value))
    if kind == "literal_error":
        return _refused(where, "error.request.choice", value=shown(value), choices=_choices(model, error["loc"]))
    if kind in ("less_than_equal", "less_than"):
        return _refused(where, "error.request.most", value=shown(value), most=ctx.get("le", ctx.get("lt")))
    if kind in ("greater_than_equal", "greater_than"):
        return _refused(where, "error.request.least", value=shown(value), least=ctx.get("ge", ctx.get("gt")))
    if kind == "string_too_short":
        return _refused(where, "error.request.empty")
    if kind == "string_too_long":
        return _refused(where, "error.request.too-long", most=ctx.get("max_length"))
    return _refused(where, "error.request.invalid", kind=kind)


def _choices(model: type[BaseModel] | None, loc: tuple[int | str, ...]) -> str:
    """The values a `Literal` field takes (`E, S, W, N`), from the model's own annotation."""
    field = next(
        (f for name, f in (model.model_fields.items() if model else ()) if loc[-1:] in ((name,), (f.alias,))), None
    )
    values: list[str] = []
    stack = [field.annotation] if field is not None else []
    while stack:
        annotation = stack.pop(0)
        if get_origin(annotation) is Literal:
            values += [str(v) for v in get_args(annotation)]
        else:
            stack += [a for a in get_args(annotation) if a is not type(None)]
    return ", ".join(values)


def _decoded(raw: bytes, where: str) -> str:
    """A name or value of a query string: `+` a space, `%XX` a byte, the bytes UTF-8."""
    data = unquote_to_bytes(raw.replace(b"+", b" "))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise _refused(where, "error.request.utf8", byte=data[e.start]) from None


def _read(value: str, kind: Kind, where: str) -> Any:
    if kind is Kind.WHOLE:
        number = ascii_int(value)
        if number is None:
            raise _refused(where, "error.request.whole", value=shown(value))
        return number
    if kind is Kind.FLAG:
        if value not in FLAGS:
            raise _refused(where, "error.request.flag", value=shown(value))
        return FLAGS[value]
    return value


def query_fields(raw: bytes, kinds: Mapping[str, Kind]) -> tuple[dict[str, Any], list[errors.McrError]]:
    """The fields of a raw query string, each read by its kind (an unknown name as text, for the
    model to refuse by name), and the problems: a field twice, bytes not UTF-8, a bad number or
    flag. A field with a problem is left out of the fields."""
    fields: dict[str, Any] = {}
    problems: list[errors.McrError] = []
    seen: set[str] = set()
    for part in raw.split(b"&"):
        if not part:
            continue
        raw_name, _, raw_value = part.partition(b"=")
        try:
            name = _decoded(raw_name, "query")
            where = f"query.{name}"
            if name in seen:
                fields.pop(name, None)
                if all(p.where != where for p in problems):
                    problems.append(_refused(where, "error.request.twice"))
                continue
            seen.add(name)
            fields[name] = _read(_decoded(raw_value, where), kinds.get(name, Kind.TEXT), where)
        except RequestError as e:
            problems.append(e)
    return fields, problems


def body_object(raw: bytes) -> dict[str, Any]:
    """The request body: one JSON object in UTF-8, whatever the content type says."""
    if not raw.strip():
        raise RequestError(msg("error.request.body-empty"), where="body")
    try:
        data = loads_json(raw.decode("utf-8"))
    except UnicodeDecodeError as e:
        reason = msg("file.encoding", byte=raw[e.start], at=e.start + 1)
        raise RequestError(msg("error.request.body", reason=reason), where="body") from None
    except DataError as e:
        raise RequestError(msg("error.request.body", reason=e.msg), where="body") from None
    if not isinstance(data, dict):
        raise RequestError(msg("error.request.body-type", type=json_type(data)), where="body")
    return data


def validated(model: type[NoInput], data: Mapping[str, Any], place: str, found: list[errors.McrError]) -> Any:
    """`data` as `model` in pydantic's strict mode (the values have their JSON types by now) and the
    model's own checks (`problems()`); raises every problem, those `found` before first (a field
    already refused is not reported again as missing)."""
    problems = list(found)
    said = {p.where for p in found}
    try:
        instance = model.model_validate(data, strict=True)
    except ValidationError as e:
        for error in e.errors(include_url=False):
            where = ".".join(str(part) for part in (place, *error["loc"]))
            if where not in said:
                problems.append(pydantic_problem(where, error, model))
    else:
        for problem in instance.problems():
            problem.where = f"{place}.{problem.where}"
            problems.append(problem)
    if problems:
        raise _all(problems)
    return instance


@dataclass(frozen=True, slots=True)
class Plan:
    """Where an endpoint's arguments come from: a query model (its name, the model), the body (its
    name and model, or None for any JSON object), the path parameters (their kind and type); built
    once per route from FastAPI's own reading of the endpoint's signature, which also documents it."""

    query: tuple[str | None, type[NoInput]]
    kinds: Mapping[str, Kind]
    body: tuple[str, type[NoInput] | None] | None
    path: Mapping[str, tuple[Kind, TypeAdapter[Any]]]

    @classmethod
    def of(cls, dependant: Dependant) -> Plan:
        query: tuple[str | None, type[NoInput]] = (None, NoInput)
        for field in dependant.query_params:
            model = field.field_info.annotation
            if query[0] is not None or not (isinstance(model, type) and issubclass(model, NoInput)):
                raise TypeError(f"{field.name}: the query fields of an endpoint are one schemas model")
            query = (field.name, model)
        body = None
        for field in dependant.body_params:
            model = field.field_info.annotation
            if body is not None:
                raise TypeError(f"{field.name}: the body of an endpoint is one model or one JSON object")
            body = (field.name, model if isinstance(model, type) and issubclass(model, NoInput) else None)
        path = {f.name: (kind_of(f.field_info.annotation), _adapter(f.field_info)) for f in dependant.path_params}
        model = query[1]
        kinds = {f.alias or name: kind_of(f.annotation) for name, f in model.model_fields.items()}
        return cls(query, kinds, body, path)

    async def read(self, request: Request) -> dict[str, Any]:
        """The endpoint's arguments read from `request`, or a `RequestError` with every problem."""
        values: dict[str, Any] = {}
        problems: list[errors.McrError] = []
        for key, (kind, adapter) in self.path.items():
            where = f"path.{key}"
            try:
                values[key] = adapter.validate_python(_read(request.path_params[key], kind, where), strict=True)
            except RequestError as e:
                problems.append(e)
            except ValidationError as e:
                problems.extend(pydantic_problem(where, x) for x in e.errors(include_url=False))
        name, model = self.query
        data, found = query_fields(request.scope.get("query_string", b""), self.kinds)
        try:
            fields = validated(model, data, "query", found)
        except errors.McrError as e:
            problems.extend(e.problems)
        else:
            if name is not None:
                values[name] = fields
        if self.body is not None:
            name, body_model = self.body
            try:
                sheet = body_object(await request.body())
                values[name] = sheet if body_model is None else validated(body_model, sheet, "body", [])
            except errors.McrError as e:
                problems.extend(e.problems)
        if problems:
            raise _all(problems)
        return values


def _adapter(info: FieldInfo) -> TypeAdapter[Any]:
    """A path parameter's type with its constraints (`Path(ge=1, le=81)`)."""
    form: Any = Annotated[info.annotation, info]
    return TypeAdapter(form)
