"""Issue 12: the README shows what a user will see. Every `$ command` shown in it is run from the
repository root and must print the output shown (`...` on a line of its own stands for any lines,
inside a line for any text); the Python API example runs and each `# value` comment that shows a
repr is the value's repr."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)


def blocks(language: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(README) if lang == language]


def shown_commands() -> list[tuple[str, list[str]]]:
    """(command, the lines shown after it, up to the next `$ ` line) for every README block that starts with `$ `."""
    out = []
    for body in blocks(""):
        lines = body.rstrip("\n").split("\n")
        if lines[0].startswith("$ "):
            shown = lines[1:]
            end = next((i for i, line in enumerate(shown) if line.startswith("$ ")), len(shown))
            while end and not shown[end - 1]:
                end -= 1  # the blank line that separates it from the next command
            out.append((lines[0][2:], shown[:end]))
    return out


def expected_pattern(lines: list[str]) -> re.Pattern[str]:
    parts = []
    for line in lines:
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append("[^\n]*".join(re.escape(p) for p in line.rstrip().split("...")) + r"\n")
    return re.compile("".join(parts))


def argv(command: str) -> list[str]:
    words = shlex.split(command)
    if words[0] == "scripts/demo":  # what the demo runs, without setting up a venv
        return [sys.executable, "-m", "mcr_score", "score", *(words[1:] or ["123456789m123p5s5s"])]
    assert words[0] == "mcr-score", command
    return [sys.executable, "-m", "mcr_score", *words[1:]]


COMMANDS = shown_commands()


def test_the_readme_shows_commands():
    assert len(COMMANDS) >= 7


@pytest.mark.parametrize(("command", "shown"), COMMANDS, ids=[c for c, _ in COMMANDS])
def test_every_command_shown_prints_what_is_shown(command, shown, tmp_path):
    (tmp_path / "examples").symlink_to(ROOT / "examples")  # what the commands read; what they write stays in tmp_path
    (tmp_path / "tests").symlink_to(ROOT / "tests")  # the real game records (tests/fixtures/records)
    result = subprocess.run(
        argv(command),
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        env={**os.environ, "NO_COLOR": "1", "LANG": "C.UTF-8"},
        timeout=120,
        check=False,
    )
    output = "".join(line.rstrip() + "\n" for line in result.stdout.splitlines())
    assert expected_pattern(shown).fullmatch(output), (
        f"$ {command}\n--- shown\n" + "\n".join(shown) + ("\n--- printed\n" + output)
    )


REPR_COMMENT = re.compile(r"^(?:[\[({'\"<0-9]|[A-Z]\w*\()")


def test_the_python_api_example_runs_and_shows_true_values():
    body = blocks("python")[0]
    assert 'parse_hand("[123p1][456s2][789m3]34mEE5m|ES1000")' in body  # a winning hand (issue 12)
    namespace: dict[str, object] = {}
    checked = 0
    for line in body.splitlines():
        code, sep, comment = line.partition("  # ")
        if not code.strip():
            continue
        if sep and REPR_COMMENT.match(comment.strip()):
            value = eval(code.strip(), namespace)
            shown = comment.strip()
            candidates = [shown] + [shown[: m.start()] for m in re.finditer(r": ", shown)]
            assert any(
                re.fullmatch(".*?".join(re.escape(p) for p in c.split("...")), repr(value)) for c in candidates
            ), f"{code.strip()}: shown {shown}, is {value!r}"
            checked += 1
        else:
            exec(code, namespace)
    assert checked >= 7


def test_every_hand_of_the_readme_python_and_batch_examples_wins():
    """The hands given as examples of a result are winning hands."""
    from mcr_score import score

    for hand in ("[123p1][456s2][789m3]34mEE5m|ES1000", "123456789m123p5s5s|EE0000"):
        assert score(hand).winning
    assert "r1-h2\t[123p1][456s2][789m3]34mEE5m|ES1000" in README
