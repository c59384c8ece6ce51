"""The sdist and the wheel as users get them (`python -m build`): the grammar (outside the package in
the repository), `py.typed`, the version written once in `mcr_score/__init__.py`, `python -m
mcr_score`, the licence and classifiers, and a fresh install that answers and scores (issue 29).

An editable install or a source checkout would hide a packaging mistake (the parser falls back to
the repository's `grammar/`), so this builds a real wheel once, from the sdist, and imports it from
an unzipped copy or installs it in a throwaway venv.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

import mcr_score
from tests.support import REPO

ROOT = REPO
NETWORK_DOWN = (
    "Failed to establish a new connection",
    "Temporary failure in name resolution",
    "Name or service not known",
    "Network is unreachable",
    "Could not fetch URL",
    "No matching distribution found for hatchling",
    "ConnectTimeoutError",
    "ReadTimeoutError",
)


def build_dist(out: Path) -> tuple[Path, Path]:
    """`python -m build`: the sdist, then the wheel built from it (isolated builds: they download
    hatchling); skip only when that download fails. The pure Python wheel (MCR_SCORE_PURE=1, which
    hatch_build.py reads; some 30 s): scripts/test-compiled builds and tests the compiled one."""
    proc = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "MCR_SCORE_PURE": "1"},
    )
    log = proc.stdout + proc.stderr
    if proc.returncode != 0:
        if any(sign in log for sign in NETWORK_DOWN):
            pytest.skip("the build cannot download its backend (hatchling): the network seems down")
        pytest.fail(f"python -m build failed:\n{log}")
    (sdist,) = out.glob("mcr_score-*.tar.gz")
    (wheel,) = out.glob("mcr_score-*.whl")
    return sdist, wheel


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """One sdist and one wheel for the whole module: building them is the slow part."""
    return build_dist(tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="module")
def sdist(dist: tuple[Path, Path]) -> Path:
    return dist[0]


@pytest.fixture(scope="module")
def wheel(dist: tuple[Path, Path]) -> Path:
    return dist[1]


@pytest.fixture(scope="module")
def site(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel unzipped, as an installer would lay it out in site-packages."""
    target = tmp_path_factory.mktemp("site")
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(target)
    return target.resolve()


def run_from(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """This interpreter with only the unzipped wheel to import mcr_score from, away from the repository."""
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_wheel_ships_grammar_py_typed_and_main(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        assert "mcr_score/grammar/mcr.lark" in names
        assert zf.read("mcr_score/grammar/mcr.lark") == (ROOT / "grammar" / "mcr.lark").read_bytes()
        assert zf.read("mcr_score/grammar/maho.lark") == (ROOT / "grammar" / "maho.lark").read_bytes()
        assert "mcr_score/py.typed" in names
        assert "mcr_score/__main__.py" in names
        assert {"mcr_score/cli/__init__.py", "mcr_score/cli/options.py", "mcr_score/cli/hand.py"} <= set(names)


def test_mcr_score_pure_builds_a_pure_python_wheel(wheel: Path) -> None:
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as zf:
        assert not [n for n in zf.namelist() if n.endswith((".so", ".pyd"))]
        assert "mcr_score/systems/mcr/scoring.py" in zf.namelist()


def test_wheel_version_is_the_package_version(wheel: Path) -> None:
    assert wheel.name.startswith(f"mcr_score-{mcr_score.__version__}-")
    with zipfile.ZipFile(wheel) as zf:
        (metadata,) = [n for n in zf.namelist() if n.endswith(".dist-info/METADATA")]
        assert Parser().parsestr(zf.read(metadata).decode())["Version"] == mcr_score.__version__


def test_python_m_mcr_score_runs_from_the_wheel(site: Path, tmp_path: Path) -> None:
    proc = run_from(site, tmp_path, "-m", "mcr_score", "--version")
    assert proc.returncode == 0, proc.stderr
    assert mcr_score.__version__ in proc.stdout


def test_grammar_is_found_from_an_installed_wheel(site: Path, tmp_path: Path) -> None:
    code = (
        "import mcr_score, mcr_score.notation as n; print(mcr_score.__file__); print(n.grammar_path()); "
        "print(mcr_score.parse_hand('1112345678999s9s').winning)"
    )
    proc = run_from(site, tmp_path, "-c", code)
    assert proc.returncode == 0, proc.stderr
    module_file, grammar, winning = proc.stdout.splitlines()
    assert Path(module_file).resolve().is_relative_to(site), module_file
    assert not Path(module_file).resolve().is_relative_to(ROOT)
    assert Path(grammar).resolve() == site / "mcr_score" / "grammar" / "mcr.lark"
    assert winning == "9s"


def test_the_nmjl_grammars_ship_and_read_a_card_and_a_hand_from_the_wheel(
    wheel: Path, site: Path, tmp_path: Path
) -> None:
    with zipfile.ZipFile(wheel) as zf:
        for name in ("nmjl.lark", "nmjl-card.lark"):
            assert zf.read(f"mcr_score/grammar/{name}") == (ROOT / "grammar" / name).read_bytes()
    card = ROOT / "examples" / "nmjl" / "sample-card.toml"
    proc = run_from(
        site,
        tmp_path,
        "-m",
        "mcr_score",
        "score",
        "FFFF 5555m 555pJ 2s 5s",
        "--system",
        "nmjl",
        "--card",
        str(card),
        "--json",
    )
    assert proc.returncode == 0, proc.stderr
    assert '"line": "multiplication-1"' in proc.stdout


def test_the_message_catalogues_ship_and_speak_from_the_wheel(wheel: Path, site: Path, tmp_path: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        for lang in ("en", "fr", "zh"):
            assert (
                zf.read(f"mcr_score/locales/{lang}.toml")
                == (ROOT / "mcr_score" / "locales" / f"{lang}.toml").read_bytes()
            )
    proc = run_from(site, tmp_path, "-m", "mcr_score", "score", "123456789m123p5s5s", "--lang", "fr")
    assert proc.returncode == 0, proc.stderr
    assert "Grande suite pure" in proc.stdout


def test_the_sdist_holds_what_the_wheel_and_the_tests_need(sdist: Path) -> None:
    with tarfile.open(sdist) as tf:
        names = {n.split("/", 1)[1] for n in tf.getnames() if "/" in n}
    assert {"LICENSE", "README.md", "CHANGELOG.md", "mkdocs.yml", "hatch_build.py", "grammar/mcr.lark"} <= names
    assert {"mcr_score/py.typed", "docs/index.md", "docs/rules.md", "tests/cli/test_readme.py"} <= names


def test_the_metadata_says_licence_typing_and_where(wheel: Path) -> None:
    """What PyPI shows: the licence (its text shipped), `Typing :: Typed`, the classifiers, the links."""
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        (metadata,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        meta = Parser().parsestr(zf.read(metadata).decode())
        assert [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
    assert meta["License-Expression"] == "MIT"
    classifiers = meta.get_all("Classifier")
    assert "Typing :: Typed" in classifiers
    assert "Environment :: Console" in classifiers
    assert "Programming Language :: Python :: 3.11" in classifiers
    assert meta["Requires-Python"] == ">=3.11"


def test_a_fresh_install_of_the_wheel_answers_and_scores(wheel: Path, tmp_path: Path) -> None:
    """A throwaway venv, the wheel and its dependencies installed as a user would: the `mcr-score` script."""
    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "venv")], check=True, timeout=120)
    bin_dir = tmp_path / "venv" / ("Scripts" if os.name == "nt" else "bin")
    proc = subprocess.run(
        [str(bin_dir / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if proc.returncode != 0:
        if any(sign in proc.stdout + proc.stderr for sign in NETWORK_DOWN):
            pytest.skip("pip cannot download click and lark: the network seems down")
        pytest.fail(f"pip install failed:\n{proc.stdout}{proc.stderr}")
    version = subprocess.run([str(bin_dir / "mcr-score"), "--version"], capture_output=True, text=True, cwd=tmp_path)
    assert version.returncode == 0, version.stderr
    assert mcr_score.__version__ in version.stdout
    scored = subprocess.run(
        [str(bin_dir / "mcr-score"), "score", "123456789m123p5s5s", "--brief"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert scored.returncode == 0, scored.stderr
    assert scored.stdout.startswith("22 = 22 + 0 flowers"), scored.stdout
