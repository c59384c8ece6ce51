"""Every rule system of the registry is whole: its pages module has every page the front ends ask
for (`systems.base.Pages`), and the facts shared code reads are set."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcr_score import systems
from mcr_score.systems.base import Pages


@pytest.mark.parametrize("name", systems.NAMES)
def test_a_system_pages_module_has_every_page(name: str) -> None:
    system = systems.get(name)
    pages = system.page()
    wanted = [n for n in vars(Pages) if not n.startswith("_")]
    # The pages a capability makes optional: a system without it has no such page to offer.
    optional = {
        "session": systems.Capability.SESSION,
        "elements": systems.Capability.FANS,  # the fan table's pages (nmjl has a card, not fans)
        "card": systems.Capability.CARD,
        "parse": systems.Capability.PARSE,
    }
    assert all(any(n.startswith(prefix) for n in wanted) for prefix in optional)
    wanted = [n for n in wanted if all(system.can(c) for p, c in optional.items() if n.startswith(p))]
    missing = [n for n in wanted if not callable(getattr(pages, n, None))]
    assert not missing, f"{name}: {missing}"


@pytest.mark.parametrize("name", systems.NAMES)
def test_a_system_knows_its_name_and_its_default_profile(name: str) -> None:
    system = systems.get(name)
    assert system.name == name
    assert system.default_profile in system.profile_names
    assert system.profile(system.default_profile) is not None


def test_an_unknown_system_is_a_named_error() -> None:
    with pytest.raises(systems.UnknownSystemError, match="no rule system 'go'"):
        systems.get("go")


def test_mcr_s_facts_are_those_its_code_reads() -> None:
    """The facts of MCR's `System` that its batch and web code read agree with its profiles: the
    minimum of every built-in profile (the batch report's), the shape of the web picker."""
    from mcr_score.systems.mcr import profiles
    from mcr_score.web.picker import SHAPE

    mcr = systems.get(systems.DEFAULT)
    assert {p.minimum for p in profiles.PROFILES.values()} == {mcr.minimum} == {8}
    assert SHAPE is mcr.shape


@pytest.mark.parametrize("name", systems.NAMES)
def test_a_system_s_options_are_its_own_and_on_commands_it_has(name: str) -> None:
    """Each option a system declares is on commands the system answers and takes (`System.options`)."""
    import importlib

    system = systems.get(name)
    specs = importlib.import_module(f"mcr_score.systems.{name}.options").OPTIONS
    for spec in specs:
        assert spec.flag == "--" + spec.name.replace("_", "-"), spec
        for capability in spec.commands:
            assert system.can(capability), (spec.name, capability)
            takes = system.options.get(capability)
            # `parse --bonus` (Maho!) is listed, as it always was, and refused: a parse scores nothing.
            assert takes is None or spec.name in takes or capability is systems.Capability.PARSE, (spec, capability)
    assert set(specs) <= set(systems.option_specs())


# A winning hand of each system, as its `read` takes it (nmjl's on the sample card).
WINS: dict[str, tuple[str, dict[str, object]]] = {
    "mcr": ("11123456789999m|EE1000", {}),
    "six": ("[2222s]888s55s", {"replacement": True}),
    "hk": ("123456789m234p5p5p|EE1000|ab", {}),
    "maho": ("[123a][555x][7a7b7c][3a4b5c]9c9c", {}),
    "nmjl": ("666s 777s 8888m 9999m", {"card": "examples/nmjl/sample-card.toml", "self_drawn": True}),
}


@pytest.mark.parametrize("name", systems.NAMES)
def test_a_system_s_result_answers_what_shared_code_reads(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The `Result` members agree with the system's own JSON and with each other: a valid win is a
    winning hand short of nothing, and the minimum is the JSON's where the JSON has one."""
    from tests.support import REPO

    monkeypatch.chdir(REPO)
    system = systems.get(name)
    text, fields = WINS[name]
    situated = systems.Situated(fields)
    result = system.score(system.read(text, situated), system.profile(system.default_profile), situated)
    data = result.to_dict()
    assert result.winning is data["winning"] is True
    assert result.valid
    assert result.short_by == 0
    assert result.total > 0
    assert result.minimum == data.get("minimum") == system.minimum


def test_a_hand_below_the_minimum_is_no_valid_win_and_says_how_short() -> None:
    mcr = systems.get("mcr")
    situated = systems.Situated({})
    result = mcr.score(mcr.read("123m456m789s234p55p|EE0000|", situated), mcr.profile("green-book"), situated)
    points = result.to_dict()["points"]
    assert isinstance(points, int)
    assert result.winning
    assert not result.valid
    assert result.minimum == 8
    assert result.short_by == 8 - points


def test_hk_s_minimum_counts_its_fan(tmp_path: Path) -> None:
    """hk's `total` is the fan its house file's minimum counts; a hand short of it is no valid win."""
    hk = systems.get("hk")
    house = tmp_path / "min.toml"
    house.write_text('name = "min"\nsystem = "hk"\nbase = "standard"\n[values]\nminimum = 40\n', encoding="utf-8")
    situated = systems.Situated({})
    result = hk.score(hk.read("123456789m234p5p5p|EE1000|ab", situated), hk.profile(str(house)), situated)
    assert result.winning
    assert not result.valid
    assert result.minimum == 40
    assert result.short_by == 40 - result.total


@pytest.mark.parametrize(("name", "text"), [("six", "[2222s]888s56s"), ("hk", "123456789m234p5p6p")])
def test_a_hand_that_does_not_win_is_short_of_nothing_it_could_reach(name: str, text: str) -> None:
    system = systems.get(name)
    situated = systems.Situated({})
    result = system.score(system.read(text, situated), system.profile("standard"), situated)
    assert not result.winning
    assert not result.valid
    assert result.short_by is None
    assert result.minimum is None
    assert result.total == 0
