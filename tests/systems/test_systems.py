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
