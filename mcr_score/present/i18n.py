"""Language-aware pieces of text around the catalogue's messages (`messages.py`).

Fan names come from the fan table (the French names are those of the seed list, the Chinese those
of the 1998 rulebook); every sentence comes from the catalogues `locales/*.toml`. French follows
the seed's vocabulary: a fan is a « combinaison », a chow, pung or kong a « figure ». Chinese uses
the rulebook's terms (不重复、不拆移、不得相同、套算一次, 错和 for a false Hu).
"""

from __future__ import annotations

from ..fans.ids import Fan
from ..fans.table import FANS
from ..messages import DEFAULT_LANG, LANGS, language_from_env, text

__all__ = ["DEFAULT_LANG", "LANGS", "fan_name", "join_and", "join_or", "language_from_env", "seat", "text"]


def fan_name(fan: Fan | int, lang: str) -> str:
    return FANS[Fan(fan)].names[lang]


def seat(wind: str, lang: str) -> str:
    return text(f"seat.{wind}", lang)


def join_and(items: list[str], lang: str) -> str:
    """`a, b and c` in the language (the Chinese list separator is 、)."""
    return _join(items, lang, "and")


def join_or(items: list[str], lang: str) -> str:
    """`a, b or c` in the language."""
    return _join(items, lang, "or")


def _join(items: list[str], lang: str, word: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    sep = "、" if lang == "zh" else ", "
    return sep.join(items[:-1]) + text(word, lang) + items[-1]
