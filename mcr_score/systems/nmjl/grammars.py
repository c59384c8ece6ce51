"""The nmjl system's two Lark grammars at work: `grammar/nmjl.lark` (a hand in the nmjl dialect)
and `grammar/nmjl-card.lark` (a card line's pattern). Each text is read to its end with Lark's
`on_error` recovery, so that every problem is found in one pass, each with its column."""

from __future__ import annotations

import functools

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from mcr_score.notation import MAX_PROBLEMS
from mcr_score.notation.parser import grammar_path

HAND = "nmjl.lark"
CARD = "nmjl-card.lark"


@functools.cache
def parser(name: str) -> Lark:
    """The LALR parser of a grammar shipped beside MCR's (`parser.grammar_path`), built once."""
    return Lark(grammar_path(name).read_text(encoding="utf-8"), parser="lalr", cache=True)


def parse(name: str, text: str) -> tuple[Tree[Token] | None, list[UnexpectedInput]]:
    """The tree of `text` (None when the parser cannot reach its end) and every character or token
    it could not take, in order; at most `notation.MAX_PROBLEMS` of them (past that, the text is
    not one of ours at all)."""
    problems: list[UnexpectedInput] = []

    def recover(e: UnexpectedInput) -> bool:
        problems.append(e)
        return len(problems) < MAX_PROBLEMS

    try:
        return parser(name).parse(text, on_error=recover), problems
    except UnexpectedInput as e:  # Lark gave up after `recover` saw the problems (the last again)
        return None, problems or [e]


def column(e: UnexpectedInput, text: str) -> int:
    """The 1-based column of what the parser could not take (just past the text at its end)."""
    pos = e.pos_in_stream
    return (pos if pos is not None else len(text)) + 1
