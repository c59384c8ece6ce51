"""Language-aware pieces of text around the catalogue's messages (`messages.py`).

Fan names come from the catalogues (`fan-name.<id>`: the French names are those of the seed list,
the Chinese those of the 1998 rulebook); every sentence, and each language's punctuation (its
colon, parentheses, list separator: the `i18n.*` ids), comes from the catalogues `locales/*.toml`,
so that no code here knows a language. French follows the seed's vocabulary: a fan is a
« combinaison », a chow, pung or kong a « figure ». Chinese uses the rulebook's terms (不重复、不拆移、
不得相同、套算一次, 错和 for a false Hu).
"""

from __future__ import annotations

from mcr_score.messages import DEFAULT_LANG, LANGS, join_and, join_list, join_or, language_from_env, text
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.fans.table import FANS
from mcr_score.textwidth import pad, width

__all__ = [
    "DEFAULT_LANG",
    "LANGS",
    "colon",
    "fan_name",
    "join_and",
    "join_list",
    "join_or",
    "labelled",
    "language_from_env",
    "other_languages",
    "paren",
    "seat",
    "text",
]


def fan_name(fan: Fan | int, lang: str) -> str:
    return FANS[Fan(fan)].name_in(lang)


def other_languages(lang: str) -> list[str]:
    """The languages whose names are shown beside `lang`'s, in the order its catalogue gives
    (`i18n.other-names`); a language it does not list comes after them."""
    listed = [x for x in text("i18n.other-names", lang).split() if x in LANGS and x != lang]
    return listed + [x for x in LANGS if x != lang and x not in listed]


def seat(wind: str, lang: str) -> str:
    return text(f"seat.{wind}", lang)


def colon(label: str, value: str, lang: str) -> str:
    """`label: value` as the language writes it (`label : value` in French, `label：value` in Chinese)."""
    return text("i18n.colon", lang, label=label, value=value)


def paren(inner: str, lang: str, before: str = "") -> str:
    """`before (inner)` as the language writes it (`before（inner）` in Chinese); without `before`,
    the part to append (` (inner)`)."""
    return text("i18n.paren", lang, text=before, inner=inner)


def labelled(rows: list[tuple[str, str]], lang: str) -> str:
    """`label: value` lines, the values in one column (`parse`): each label (a message id) as the
    language writes it before a colon, padded to the longest one and a space."""
    labels = [colon(text(key, lang), "", lang).rstrip() for key, _ in rows]
    cells = max(width(label) for label in labels) + 1
    return "\n".join(pad(label, cells) + value for label, (_, value) in zip(labels, rows, strict=True))
