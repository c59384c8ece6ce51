"""A bad option value is said in the command's language: its `--lang`, else `LANG` (the messages of
the catalogues; click's own frame, `Usage:` and `Error:`, stays click's)."""

from __future__ import annotations

import pytest

from mcr_score.cli import main
from tests.support import REPO
from tests.support.cli import runner

HAND = "123m456p789s11z234s"


@pytest.mark.parametrize(
    ("args", "env", "said"),
    [
        (["score", HAND, "--lang", "fr", "--seat", "Q"], {}, "'Q' n’est pas un vent : E, S, W ou N"),
        (["score", HAND, "--seat", "Q", "--lang", "zh"], {}, "'Q'不是风：E、S、W或N"),
        (["score", HAND, "--rules", "nope", "--lang", "zh"], {}, "未知规则'nope'"),
        (["score", HAND, "--rules", "nope"], {"LANG": "fr_FR.UTF-8"}, "profil de règles inconnu 'nope'"),
        (
            ["session", str(REPO / "examples" / "session" / "full-16.json"), "--false-hu", "1,x", "--lang", "fr"],
            {},
            "n’est pas une liste de 2 nombres entiers séparés par des virgules",
        ),
        (
            ["session", str(REPO / "examples" / "session" / "full-16.json"), "--false-hu", "1,2,3", "--lang", "zh"],
            {},
            "有3个数，而不是2个",
        ),
    ],
)
def test_a_bad_option_value_in_the_command_s_language(args: list[str], env: dict[str, str], said: str) -> None:
    result = runner().invoke(main, args, env={"LANG": "C.UTF-8", **env})
    assert result.exit_code == 2
    assert said in result.output


def test_english_stays_the_default() -> None:
    result = runner().invoke(main, ["score", HAND, "--seat", "Q"], env={"LANG": "C.UTF-8"})
    assert result.exit_code == 2
    assert "'Q' is not a wind: E, S, W or N" in result.output
