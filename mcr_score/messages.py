"""Every user-visible text by id: the catalogues `locales/en.toml`, `fr.toml`, `zh.toml`.

Code never writes a sentence: it names a message by id with its arguments (`Message`), and the
text is made at the edge, in the reader's language. TOML was chosen over gettext `.po` files:
Python reads it without a dependency or a compile step, one id per line reads well in review,
and ids (not English sentences) are the keys, so rewording English never orphans a translation.
A test checks that every id exists in the three languages with the same placeholders.
"""

from __future__ import annotations

import functools
import os
import string
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

LANGS = ("en", "fr", "zh")
LOCALES = Path(__file__).resolve().parent / "locales"
DEFAULT_LANG = "en"


@dataclass(frozen=True, slots=True)
class Message:
    """A message id and its arguments; an argument may itself be a `Message`, rendered in the same language."""

    id: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = DEFAULT_LANG) -> str:
        return text(self.id, lang, **self.args)

    def __str__(self) -> str:
        return self.text()


def msg(message_id: str, /, **args: Any) -> Message:
    """`Message(message_id, args)`, checked against the English catalogue so a typo fails at once."""
    if message_id not in catalogue(DEFAULT_LANG):
        raise KeyError(f"no message {message_id!r} in the catalogue")
    return Message(message_id, args)


def text(message_id: str, lang: str = DEFAULT_LANG, /, **args: Any) -> str:
    """The message `message_id` in `lang`, filled with `args`."""
    values = {k: v.text(lang) if isinstance(v, Message) else v for k, v in args.items()}
    return catalogue(lang)[message_id].format(**values)


@functools.cache
def catalogue(lang: str) -> Mapping[str, str]:
    """The messages of one language, flat: the TOML table `h` with key `verdict` is the id `h.verdict`."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGS)}")
    # Beside this module in the wheel as in a checkout (a plain path: importlib.resources costs start-up time).
    data = tomllib.loads((LOCALES / f"{lang}.toml").read_text(encoding="utf-8"))
    out: dict[str, str] = {}

    def walk(prefix: str, table: Mapping[str, Any]) -> None:
        for key, value in table.items():
            if isinstance(value, dict):
                walk(f"{prefix}{key}.", value)
            else:
                out[prefix + key] = value

    walk("", data)
    return out


def placeholders(template: str) -> set[str]:
    """The `{name}` fields of a message."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def language_from_env(env: Mapping[str, str] | None = None) -> str:
    """The language named by `LANG` (`fr_FR.UTF-8` -> fr, `zh_CN` -> zh), English otherwise."""
    value = (os.environ if env is None else env).get("LANG", "")
    code = value.split(".")[0].split("_")[0].split("-")[0].lower()
    return code if code in LANGS else DEFAULT_LANG
