"""Every user-visible text by id: the catalogues `locales/en.toml`, `fr.toml`, `zh.toml`.

Code never writes a sentence: it names a message by id with its arguments (`Message`), and the
text is made at the edge, in the reader's language. TOML was chosen over gettext `.po` files:
Python reads it without a dependency or a compile step, one id per line reads well in review,
and ids (not English sentences) are the keys, so rewording English never orphans a translation.
A test checks that every id exists in every language with the same placeholders. The languages are
the catalogue files (`LANGS`): this module is the only one that names one (its default).
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# Beside this module in the wheel as in a checkout. A plain path: pathlib and importlib.resources
# cost start-up time, as would tomllib and string, imported where they are needed.
LOCALES = os.path.join(os.path.dirname(os.path.realpath(__file__)), "locales")
# The lines a catalogue is written in: `dotted.key = "text"` (a TOML basic string whose only escape
# is `\"`), blank lines and comments, one match per line. Whatever else a file holds, tomllib reads it.
_TEXT = r'[^"\\\x00-\x08\x0a-\x1f\x7f]*'  # the characters a basic string takes as they are
_COMMENT = r"#[^\x00-\x08\x0a-\x1f\x7f]*"
_LINE = rf'^(?:([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*) = "({_TEXT}(?:\\"{_TEXT})*)"|[ \t]*(?:{_COMMENT})?)$'
DEFAULT_LANG = "en"


def languages(locales: str = LOCALES) -> tuple[str, ...]:
    """The output languages: one catalogue file each in `locales` (`fr.toml` is French), in the
    order of their codes. A fourth language is one more file; nothing else names the languages."""
    return tuple(sorted(name.removesuffix(".toml") for name in os.listdir(locales) if name.endswith(".toml")))


LANGS = languages()


@dataclass(frozen=True, slots=True)
class Message:
    """A message id and its arguments; an argument may itself be a `Message`, rendered in the same language."""

    id: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = DEFAULT_LANG) -> str:
        return text(self.id, lang, **self.args)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class Count(Message):
    """A number with its noun, in the form the language gives that number (`count`); `shown` is
    the number as the message writes it (`1,234`, `1 234`), when not plainly."""

    n: int = 0
    shown: str | None = None

    def text(self, lang: str = DEFAULT_LANG) -> str:
        return text(f"{self.id}.{plural_form(self.n, lang)}", lang, n=self.n if self.shown is None else self.shown)


def plural_form(n: int, lang: str) -> str:
    """The plural category of a whole number, as Unicode CLDR defines it: `one` or `other`. Each
    catalogue lists its `one` numbers (`i18n.plural-one`): English 1; French 0 and 1 (« 0 fleur,
    1 fleur, 2 fleurs »); Chinese none (`-`: it has no plural, only `other`)."""
    return "one" if str(n) in catalogue(lang)["i18n.plural-one"].split() else "other"


def count(noun_id: str, n: int, shown: str | None = None) -> Count:
    """`n` and a noun (`count("n.flower", 1)`: "1 flower", "1 fleur", "花牌1番"), for a message's
    argument: each language's catalogue writes the noun's `.one` and `.other` forms. `shown`: the
    number as written, for a number already set in the language's digits (`1,234`)."""
    if f"{noun_id}.one" not in catalogue(DEFAULT_LANG):
        raise KeyError(f"no counted noun {noun_id!r} in the catalogue")
    return Count(noun_id, {}, n, shown)


def msg(message_id: str, /, **args: Any) -> Message:
    """`Message(message_id, args)`, checked against the English catalogue so a typo fails at once."""
    if message_id not in catalogue(DEFAULT_LANG):
        raise KeyError(f"no message {message_id!r} in the catalogue")
    return Message(message_id, args)


class Name(str):
    """A person's name, as a message writes it (a player's, a seat's holder): French elides the
    word before it when it begins with a vowel or a mute h (« la défausse d’Ann », not « de Ann »),
    by the rule of the catalogue (`i18n.elide`, `i18n.elide-before`)."""

    __slots__ = ()


def text(message_id: str, lang: str = DEFAULT_LANG, /, **args: Any) -> str:
    """The message `message_id` in `lang`, filled with `args`: a `Name` with the language's elision
    before it, and parentheses inside parentheses written as the language nests them."""
    values = {k: v.text(lang) if isinstance(v, Message) else _writable(v) for k, v in args.items()}
    template = catalogue(lang)[message_id]
    names = [k for k, v in args.items() if isinstance(v, Name)]
    if names:
        template = _elided(template, {k: values[k] for k in names}, lang)
    out = template.format(**values)
    nesting = _nesting(lang)
    return _nested(out, *nesting) if nesting is not None and nesting[0] in out else out


def _elided(template: str, names: Mapping[str, str], lang: str) -> str:
    """`template` with each word the language elides (`de`, `que`) elided before the names in
    `names` that begin with one of its letters (`de {player}` -> `d’{player}` for Ann)."""
    words, letters = _elision(lang)
    for key, value in names.items():
        if not value or value[0].lower() not in letters:
            continue
        for word, elided in words.items():
            template = re.sub(rf"(?<![\w’']){word} (\{{{key}[:}}!])", rf"{elided}\1", template)
    return template


@functools.cache
def _elision(lang: str) -> tuple[dict[str, str], str]:
    """The words `lang` elides and what each becomes (`i18n.elide`: `de d’ que qu’`), and the first
    letters that elide them (`i18n.elide-before`); none where the catalogue says `-`."""
    pairs = catalogue(lang)["i18n.elide"].split()
    letters = catalogue(lang)["i18n.elide-before"]
    if pairs == ["-"]:
        return {}, ""
    return {re.escape(w): e for w, e in zip(pairs[::2], pairs[1::2], strict=True)}, letters.replace(" ", "")


@functools.cache
def _nesting(lang: str) -> tuple[str, str, str, str] | None:
    """`lang`'s parentheses and the pair it writes inside them (`i18n.nested-paren`: `（） 〔〕`), or None."""
    written = catalogue(lang)["i18n.nested-paren"].replace(" ", "")
    if written == "-":
        return None
    return written[0], written[1], written[2], written[3]


def _nested(out: str, opening: str, closing: str, inner_opening: str, inner_closing: str) -> str:
    """`out` with every pair of parentheses inside another written as the inner pair: Chinese writes
    （基本和型〔四副一将〕）, never （…（…）…）."""
    chars, depth = list(out), 0
    for i, c in enumerate(chars):
        if c == opening:
            depth += 1
            if depth > 1:
                chars[i] = inner_opening
        elif c == closing:
            if depth > 1:
                chars[i] = inner_closing
            depth = max(depth - 1, 0)
    return "".join(chars)


def _writable(value: Any) -> Any:
    """A value a message can write: an integer past Python's 4,300-digit limit for writing one
    (a number a user or a caller gave, quoted back in an error) as its sign and first digits."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 10_000:
        digits = int(value.bit_length() * 0.30103)  # log10(2): about that many digits
        return _Shown(f"{'-' if value < 0 else ''}<a number of about {digits:,} digits>")
    return value


class _Shown(str):
    """Text standing for a number in a message: the number's format (`{n:,}`) does not apply."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return str(self)


@functools.cache
def catalogue(lang: str) -> Mapping[str, str]:
    """The messages of one language, flat: the TOML table `h` with key `verdict` is the id `h.verdict`."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGS)}")
    with open(os.path.join(LOCALES, f"{lang}.toml"), encoding="utf-8") as f:
        source = f.read()
    flat = read_flat(source)
    if flat is not None:
        return flat
    import tomllib

    out: dict[str, str] = {}

    def walk(prefix: str, table: Mapping[str, Any]) -> None:
        for key, value in table.items():
            if isinstance(value, dict):
                walk(f"{prefix}{key}.", value)
            else:
                out[prefix + key] = value

    walk("", tomllib.loads(source))
    return out


def read_flat(source: str) -> dict[str, str] | None:
    """The texts of a catalogue by their dotted ids, read with one regular expression (several times
    quicker than tomllib, which `mcr-score` would pay at every start); None for a source with a line
    `_LINE` does not match, or an id given twice or both as a text and as a table: tomllib reads those."""
    lines = re.findall(_LINE, source, re.MULTILINE)
    if len(lines) != source.count("\n") + 1:
        return None  # a line was skipped: not one of ours
    out: dict[str, str] = {}
    for dotted, value in lines:
        if not dotted:
            continue  # a blank line or a comment
        if dotted in out:
            return None
        out[dotted] = value.replace('\\"', '"')
    tables: set[str] = set()
    for dotted in out:
        end = dotted.rfind(".")
        while end > 0 and dotted[:end] not in tables:
            tables.add(dotted[:end])
            end = dotted.rfind(".", 0, end)
    return None if tables.intersection(out) else out


def read_lines(source: str) -> dict[str, Any] | None:
    """The tables `tomllib.loads(source)` returns (`read_flat`'s texts, nested by their dotted ids),
    or None where `read_flat` leaves the source to tomllib."""
    flat = read_flat(source)
    if flat is None:
        return None
    data: dict[str, Any] = {}
    for dotted, value in flat.items():
        *tables, key = dotted.split(".")
        table = data
        for name in tables:
            table = table.setdefault(name, {})
        table[key] = value
    return data


def join_list(items: list[str], lang: str) -> str:
    """`a, b, c` in the language (`a、b、c` in Chinese)."""
    if not items:
        return ""
    head = items[0]
    for item in items[1:]:
        head = text("i18n.list", lang, items=head, item=item)
    return head


def join_and(items: list[str], lang: str) -> str:
    """`a, b and c` in the language (the Chinese list separator is 、)."""
    return _join(items, lang, "and")


def join_or(items: list[str], lang: str) -> str:
    """`a, b or c` in the language."""
    return _join(items, lang, "or")


def _join(items: list[str], lang: str, word: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return join_list(items[:-1], lang) + text(word, lang) + items[-1]


def placeholders(template: str) -> set[str]:
    """The `{name}` fields of a message."""
    import string

    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def language_from_env(env: Mapping[str, str] | None = None) -> str:
    """The language named by `LANG` (`fr_FR.UTF-8` -> fr, `zh_CN` -> zh), English otherwise."""
    value = (os.environ if env is None else env).get("LANG", "")
    code = value.split(".")[0].split("_")[0].split("-")[0].lower()
    return code if code in LANGS else DEFAULT_LANG


PAGE_PREFIXES = ("page.", "rule.", "wait.", "form.")
"""The ids the table-side page shows: its own `page.*`, the not-counted reasons, waits, forms."""
PAGE_IDS = ("i18n.plural-one",)
"""And the numbers whose counted noun is `one`: the page chooses its nouns' forms as `plural_form` does."""


def page_strings(lang: str) -> dict[str, str]:
    """The catalogue entries the page shows, served by `mcr-score serve` and written into the static
    build by `scripts/build-page` (which imports this module alone: it needs no dependency)."""
    return {k: v for k, v in catalogue(lang).items() if k.startswith(PAGE_PREFIXES) or k in PAGE_IDS}
