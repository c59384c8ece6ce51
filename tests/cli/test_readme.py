"""Issues 12 and 29: the README and the documentation site show what a user will see. Every `$ command`
shown in a block of the README or of a page of docs/ is run from the repository root, the commands
of one block in turn in one folder, and must print the output shown (`...` on a line of its own
stands for any lines, inside a line for any text); the Python API example runs and each `# value`
comment that shows a repr is the value's repr."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys

import pytest

from tests.support import REPO

ROOT = REPO
README = (ROOT / "README.md").read_text(encoding="utf-8")
# The README and every page of the site, by their path from the root.
PAGES = {
    p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8")
    for p in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
}
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
# Before the site (#29) the README's blocks held 46 commands, of which the first of each block ran (40);
# now every command of every block runs: those 46, moved into the site, and the README's tour (3).
COMMANDS_AT_LEAST = 49


def page_text(name: str) -> str:
    """A page of the site (`docs/batch.md`) or the README, as written."""
    return PAGES[name]


def blocks(language: str, page: str = "README.md") -> list[str]:
    return [body for lang, body in BLOCK.findall(page_text(page)) if lang == language]


def shown_commands(body: str) -> list[tuple[str, list[str]]]:
    """(command, the lines shown after it, up to the next `$ ` line) for each command of a block."""
    lines = body.rstrip("\n").split("\n")
    starts = [i for i, line in enumerate(lines) if line.startswith("$ ")]
    out = []
    for start, end in zip(starts, [*starts[1:], len(lines)], strict=True):
        while end > start + 1 and not lines[end - 1]:
            end -= 1  # the blank line that separates it from the next command
        out.append((lines[start][2:], lines[start + 1 : end]))
    return out


def command_blocks() -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """(page, its commands) for every block of the README and the site that starts with `$ `."""
    return [(name, shown_commands(body)) for name in PAGES for body in blocks("", name) if body.startswith("$ ")]


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
    if words[0] == "cat":  # a file an earlier command of the block wrote
        return words
    assert words[0] == "mcr-score", command
    return [sys.executable, "-m", "mcr_score", *words[1:]]


BLOCKS = command_blocks()


def test_the_readme_and_the_site_show_commands():
    assert sum(len(commands) for _, commands in BLOCKS) >= COMMANDS_AT_LEAST
    pages = {page for page, _ in BLOCKS}
    assert pages >= {"README.md", "docs/at-the-table.md", "docs/game-records.md", "docs/sessions.md"}


def test_the_readme_is_the_front_door():
    """At most 250 lines (issue 29); the rest is in the site, whose pages its links name."""
    assert len(README.splitlines()) <= 250
    for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", README):
        assert (ROOT / target).is_file(), target
    assert "```sh\nscripts/demo     # sets up .venv if needed" in README  # the set-up .ci/run follows


@pytest.mark.parametrize(("page", "commands"), BLOCKS, ids=[f"{p}: {c[0][0]}" for p, c in BLOCKS])
def test_every_command_shown_prints_what_is_shown(page, commands, tmp_path):
    (tmp_path / "examples").symlink_to(ROOT / "examples")  # what the commands read; what they write stays in tmp_path
    (tmp_path / "tests").symlink_to(ROOT / "tests")  # the real game records (tests/fixtures/records)
    for command, shown in commands:
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
            f"{page}\n$ {command}\n--- shown\n" + "\n".join(shown) + ("\n--- printed\n" + output)
        )


REPR_COMMENT = re.compile(r"^(?:[\[({'\"<0-9]|[A-Z]\w*\()")


def test_the_python_api_example_runs_and_shows_true_values():
    body = blocks("python", "docs/python-api.md")[0]
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


def test_every_hand_of_the_python_and_batch_examples_wins():
    """The hands given as examples of a result are winning hands."""
    from mcr_score import score

    for hand in ("[123p1][456s2][789m3]34mEE5m|ES1000", "123456789m123p5s5s|EE0000"):
        assert score(hand).winning
    assert "r1-h2\t[123p1][456s2][789m3]34mEE5m|ES1000" in page_text("docs/batch.md")


# ---- the README ----------------------------------------------------------------------------------


def test_the_readme_says_how_long_the_tests_take_and_how_to_run_a_quick_subset() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "about 9 minutes on 2 cores" in readme
    assert "scripts/test --quick" in readme
    script = (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    assert '"--quick"' in script
    assert '-m "not slow"' in script
    assert script.count("pytest -n 2 --dist loadfile") == 2  # the time said is the two processes' time


def test_the_readmes_benchmark_ratios_say_slower_or_faster() -> None:
    """ "5.5x the reference's C++ call" did not say which way: each ratio says "times as long"."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    bare = re.findall(r"\b\d+(?:\.\d+)?(?:-\d+(?:\.\d+)?)?x\b", readme)
    assert not bare, bare
    speed = readme[readme.index("[Speed]") :].split("\n- ", 1)[0]
    assert "times as long" in speed
    assert "slower" in speed


def test_the_slow_tests_are_left_out_of_the_quick_subset(pytestconfig: pytest.Config) -> None:
    from tests.conftest import SLOW

    assert "test_packaging.py" in SLOW
    assert "test_web_browser.py" in SLOW
    markers = pytestconfig.getini("markers")
    assert any(m.startswith("slow:") for m in markers)
