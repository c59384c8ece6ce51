"""Every rule system of the registry is whole: its pages module has every page the front ends ask
for (`systems.base.Pages`), and the facts shared code reads are set."""

from __future__ import annotations

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
    """The facts of MCR's `System` that its tournament, batch and web code read elsewhere agree:
    the seats of a sheet, the minimum of every built-in profile, the shape of the web picker."""
    from mcr_score.systems.mcr import profiles
    from mcr_score.systems.mcr.tournament.sheet import SEATS
    from mcr_score.web.picker import SHAPE

    mcr = systems.get(systems.DEFAULT)
    assert mcr.players == SEATS == 4
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
