"""Shell completion (issue 29, docs/getting-started.md): click's bash script, sourced in bash, completes
a command name and an option of the installed `mcr-score`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).parent / "mcr-score"  # the console script beside this interpreter

pytestmark = [
    pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed"),
    pytest.mark.skipif(not SCRIPT.is_file(), reason="mcr-score is not installed beside this Python"),
]


def complete(*words: str) -> list[str]:
    """What bash offers after `mcr-score WORDS...`, the last word being completed."""
    line = " ".join(["mcr-score", *words])
    program = f"""
        eval "$(_MCR_SCORE_COMPLETE=bash_source mcr-score)"
        COMP_WORDS=({line}); COMP_CWORD={len(words)}
        _mcr_score_completion mcr-score
        printf '%s\\n' "${{COMPREPLY[@]}}"
    """
    env = {**os.environ, "PATH": f"{SCRIPT.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    proc = subprocess.run(["bash", "-c", program], capture_output=True, text=True, env=env, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.split()


def test_the_bash_script_is_produced() -> None:
    proc = subprocess.run(
        [str(SCRIPT)], env={**os.environ, "_MCR_SCORE_COMPLETE": "bash_source"}, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    assert "complete -o nosort -F _mcr_score_completion mcr-score" in proc.stdout


def test_bash_completes_a_command_name_and_an_option() -> None:
    assert complete("sc") == ["score"]
    assert set(complete("s")) >= {"score", "session", "serve", "shanten"}
    assert complete("score", "--ru") == ["--rules"]
