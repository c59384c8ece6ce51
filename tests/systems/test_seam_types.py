# ruff: noqa: E501  (the snippet's lines are as mypy reports them)
"""The seam between the shared code and the systems is typed (`systems/base.py`): mypy `--strict`
sees each system's hand, result and profile where its `SYSTEM` is built, and a wrong type across
the seam is an error. Checked by running mypy on a small module written for it (slow: mypy reads
the package), each line that must fail marked `# error: <code>`.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap

import pytest

from tests.support import REPO

pytest.importorskip("mypy")

SNIPPET = textwrap.dedent(
    """
    from mcr_score import systems
    from mcr_score.hand import FOUR_SETS, Hand
    from mcr_score.systems.base import Capability, Situated, System
    from mcr_score.systems.maho import SYSTEM as MAHO
    from mcr_score.systems.maho.notation import MahoHand
    from mcr_score.systems.mcr import SYSTEM as MCR
    from mcr_score.systems.mcr.profiles import Profile
    from mcr_score.systems.mcr.scoring import Score


    def read(text: str, situated: Situated) -> Hand:
        raise NotImplementedError


    def score(hand: MahoHand, profile: Profile, situated: Situated) -> Score:
        raise NotImplementedError


    def result_without_valid(hand: Hand, profile: Profile, situated: Situated) -> int:
        raise NotImplementedError


    reveal_type(MCR)  # note: System[mcr_score.hand.Hand, mcr_score.systems.mcr.result.Score, mcr_score.systems.mcr.profiles.Profile]
    reveal_type(MAHO.read)  # note: -> mcr_score.systems.maho.notation.MahoHand
    reveal_type(systems.get("mcr").score)  # note: def (object, mcr_score.systems.base.Profile, mcr_score.systems.base.Situated) -> mcr_score.systems.base.Result
    facts = dict(name="x", players=4, shape=FOUR_SETS, minimum=None, capabilities=frozenset(Capability),
                 options={}, default_profile="p", profile_names=("p",), switch_keys=(), pages="x")
    # a system whose score takes another hand than its read returns
    wrong: System[Hand, Score, Profile] = System(read=read, score=score, profile=lambda n: Profile, **facts)  # error: arg-type
    # a result that is not a Result (no `valid`, `total`...)
    System(read=read, score=result_without_valid, profile=lambda n: Profile, **facts)  # error: type-var
    chosen = systems.get("six")
    hand = chosen.read("123m", Situated({}))
    result = chosen.score(hand, chosen.profile("standard"), Situated({}))
    result.winnings  # error: attr-defined
    n: str = result.total  # error: assignment
    hand.melds  # error: attr-defined
    m: int = chosen.minimum  # error: assignment
    MCR.score(MAHO.read("x", Situated({})), MCR.profile("china"), Situated({}))  # error: arg-type
    """
)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    path = tmp_path_factory.mktemp("seam") / "seam_snippet.py"
    path.write_text(SNIPPET, encoding="utf-8")
    cache = tmp_path_factory.mktemp("mypy-cache")
    # In a process of its own: mypy's API raises the interpreter's recursion limit for good (to
    # 2**14), and the JSON readers' depth bound is that limit (decoding.loads_json).
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache), "--no-error-summary", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    out, err = done.stdout, done.stderr
    assert not err, err
    return [line.split(":", 1)[1] for line in out.splitlines() if line.startswith(str(path))]


def _expected(kind: str) -> dict[int, str]:
    marks = {}
    for number, line in enumerate(SNIPPET.splitlines(), start=1):
        found = re.search(rf"# {kind}: (.+)$", line)
        if found:
            marks[number] = found.group(1).strip()
    return marks


def test_each_wrong_type_across_the_seam_is_an_error(report: list[str]) -> None:
    errors: dict[int, list[str]] = {}
    for line in report:
        at, _, rest = line.partition(":")
        if " error: " in rest:
            errors.setdefault(int(at), []).append(rest)
    expected = _expected("error")
    assert len(expected) == 7
    for number, code in expected.items():
        assert any(f"[{code}]" in e for e in errors.get(number, [])), (number, code, errors.get(number))
    # the only errors are those the snippet plants (the package itself is clean)
    assert set(errors) <= set(expected), {n: errors[n] for n in set(errors) - set(expected)}


def test_mypy_sees_each_system_s_types_through_the_seam(report: list[str]) -> None:
    notes = {int(line.partition(":")[0]): line for line in report if "Revealed type" in line}
    for number, wanted in _expected("note").items():
        assert wanted in notes.get(number, ""), (number, wanted, notes.get(number))


def test_the_seam_has_no_any() -> None:
    source = (REPO / "mcr_score" / "systems" / "base.py").read_text(encoding="utf-8")
    assert not re.search(r"\bAny\b", source)
