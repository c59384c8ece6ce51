"""The nmjl card and hands (found after issue 37's branches were merged): a card pattern that makes no
hand is named and never expanded, and suits written in upper case are one problem with the lower-case
hint, as in the MCR notation. Expectations come from the card's rules (docs/rule-systems.md), never
from our output."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcr_score.cli import main
from tests.support import REPO
from tests.support.cli import runner

ROOT = REPO


# ---- an nmjl card: a pattern that makes no hand is not expanded ----------------------------------------


def test_a_card_of_many_miscounted_patterns_expands_none_of_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """500 lines of 40 pungs each (120 tiles, under the 200-character bound): each is named (`N
    tiles: a hand of the card has 14`), and none is expanded, as no hand is made of it; expanding
    them (27 suit and shift choices × 40 groups each) cost `card check` 2 s."""
    from mcr_score.systems.nmjl import card

    made: list[str] = []
    real = card.expand
    monkeypatch.setattr(card, "expand", lambda pattern, shifts=(0,): made.append(pattern.text) or real(pattern, shifts))
    pattern = " ".join(["111a"] * 40)[:199]
    rest = 'numbers = "shift"\nexposed = true\nvalue = 25\n'
    lines = [f'[[hand]]\nid = "l{i}"\npattern = "{pattern}"\n{rest}' for i in range(3)]
    good = f'[[hand]]\nid = "ok"\npattern = "111a 222b 333c 44a 55b 6c"\n{rest}'
    path = tmp_path / "card.toml"
    path.write_text('name = "x"\n' + "".join(lines) + good, encoding="utf-8")
    result = runner().invoke(main, ["card", "check", str(path)])
    assert result.exit_code == 1
    assert result.stderr.count("a hand of the card has 14") == 3
    assert made == ["111a 222b 333c 44a 55b 6c"]  # only the line that holds 14 tiles


# ---- nmjl: suits in upper case are one problem, as in the MCR notation ----------------------------------

CARD = str(ROOT / "examples" / "nmjl" / "sample-card.toml")


def _nmjl_problems(hand: str) -> list[dict[str, Any]]:
    result = runner().invoke(main, ["score", hand, "--system", "nmjl", "--card", CARD, "--json"])
    assert result.exit_code == 2, result.output
    problems: list[dict[str, Any]] = json.loads(result.stdout)["error"]["problems"]
    return problems


def test_nmjl_upper_case_suits_are_one_problem_with_the_lower_case_hint() -> None:
    """`111M222P333S44M55P6S` gave ten problems (a missing suit at every group, `M` and `P` unknown)
    and no word of case, as the MCR notation did before issue 37."""
    problems = _nmjl_problems("111M222P333S44M55P6S")
    assert [(p["code"], p["column"]) for p in problems] == [("upper-case-suit", 4)]
    assert "suits are lower case" in problems[0]["message"]
    assert "111m222p333s44m55p6s" in problems[0]["message"]


def test_nmjl_upper_case_suits_keep_the_texts_other_problems_at_their_columns() -> None:
    problems = _nmjl_problems("11M222M3333M444M55MQ")
    assert [(p["code"], p["column"]) for p in problems] == [("upper-case-suit", 3), ("illegal-character", 20)]


def test_soaps_before_a_wind_are_no_slip() -> None:
    """`000S`: three white dragons (soap) and South, as the dialect writes them: no hint of case."""
    result = runner().invoke(main, ["score", "000S 11m222m3333m44m", "--system", "nmjl", "--card", CARD, "--json"])
    codes = [p["code"] for p in json.loads(result.stdout)["error"]["problems"]]
    assert "upper-case-suit" not in codes
    assert codes == ["tile-count"]  # 15 tiles: read as written
