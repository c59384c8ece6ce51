"""Issue 38: one mechanism for every system's switches and profiles (`engine/switches.Switches`):
a system writes its profile dataclass, each switch a field made by `switch` (its default written
there once) and each value a field made by `value`; the switch list, the key -> field map, the
profile builder and the house-file reader are generated from it."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

import pytest

from mcr_score.engine.switches import STANDARD, SwitchDef, Switches, switch, value
from mcr_score.errors import ProfileFileError
from mcr_score.systems.hk import rules as hk
from mcr_score.systems.maho import rules as maho
from mcr_score.systems.nmjl import rules as nmjl
from mcr_score.systems.six import rules as six
from tests.support import REPO


class Light(StrEnum):
    ON = "on"
    OFF = "off"
    DIM = "dim"


@dataclass(frozen=True, slots=True)
class Toy:
    name: str
    description: str
    light: Light = switch("light", Light.OFF, "123m", gap="G1")
    limit: int | None = value("limit", 1, 9)

    def choices(self) -> dict[str, str]:
        return TOY.chosen(self)


TOY: Switches[Toy] = Switches("toy", Toy)


def test_the_switches_are_read_from_the_fields() -> None:
    assert TOY.switches == (SwitchDef("light", (Light.ON, Light.OFF, Light.DIM), Light.OFF, "123m", "G1", "toy"),)
    assert [(v.key, v.low, v.high, v.system) for v in TOY.values] == [("limit", 1, 9, "toy")]
    assert dict(TOY.bounds) == {"limit": (1, 9)}


def test_a_profile_is_built_from_its_choices_and_the_defaults() -> None:
    assert TOY.build("a", "d", {}) == Toy("a", "d")
    built = TOY.build("b", "d", {"light": "dim"}, {"limit": 3})
    assert built == Toy("b", "d", Light.DIM, 3)
    assert built.light is Light.DIM
    assert TOY.chosen(built) == {"light": "dim"}
    assert TOY.values_of(built) == {"limit": 3}


def test_a_house_file_is_read_against_the_switches_and_values(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('name = "club"\n[switches]\nlight = "on"\n[values]\nlimit = 5\n')
    profiles = {STANDARD: TOY.build(STANDARD, "d", {})}
    assert TOY.choose(str(path), profiles) == Toy("club", "house rules from club.toml", Light.ON, 5)
    path.write_text('name = "club"\n[switches]\nlight = "bright"\n')
    with pytest.raises(ProfileFileError, match="bright"):
        TOY.choose(str(path), profiles)


@pytest.mark.parametrize("module", [six, hk, maho, nmjl], ids=lambda m: m.__name__.split(".")[2])
def test_every_system_takes_its_switches_from_its_profile(module: object) -> None:
    spec = next(v for v in vars(module).values() if isinstance(v, Switches))
    standard = module.PROFILES[STANDARD]  # type: ignore[attr-defined]
    assert module.SWITCHES is spec.switches  # type: ignore[attr-defined]
    assert standard.choices() == {s.key: str(s.default) for s in spec.switches}
    assert all(s.default in s.options and s.system == spec.system for s in spec.switches)


def test_a_switch_is_defined_only_in_a_profile_field() -> None:
    """No system writes `SwitchDef(...)` (its options and default a second time): only `switch`."""
    found = []
    for path in sorted((REPO / "mcr_score").rglob("*.py")):
        if path.name == "switches.py" and path.parent.name == "engine":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "SwitchDef":
                found.append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert found == []


def test_mcr_switches_are_the_common_switch_with_fan_data_as_payload() -> None:
    from mcr_score.systems.mcr import profiles

    for s in profiles.SWITCHES:
        assert isinstance(s, SwitchDef)
        assert s.system == "mcr"
        assert tuple(s.payload) == s.options
        assert all(isinstance(o, profiles.Option) for o in s.payload.values())
    # The default profile is the switches' defaults; the others are variants, a choice per switch.
    assert dict(profiles.PROFILE_CHOICES[profiles.DEFAULT]) == {s.key: s.default for s in profiles.SWITCHES}
    for choices in profiles.PROFILE_CHOICES.values():
        assert set(choices) == {s.key for s in profiles.SWITCHES}
