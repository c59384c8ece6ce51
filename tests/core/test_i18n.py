"""Issue 29, every output in every language: `parse`, `rules` (every system, text and Markdown), the
fan definitions, the switches and options, and the help of every command and option come from the
catalogues by id, in the language `--lang` gives (else `LANG`); no text falls back to English, the
JSON stays English, and a fourth language is one more catalogue file.

"Falls back to English" is checked against the English catalogue: an output in French or Chinese
must hold no English entry's words (a fragment of 16 characters or more between its placeholders)
that the language translates. The English outputs themselves are pinned by the golden files, the
README and the site's examples, and `docs/rules.md`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from mcr_score import systems
from mcr_score.batch import tally
from mcr_score.cli import COMMANDS, LazyCommands, help_group, helptext, main
from mcr_score.messages import DEFAULT_LANG, LANGS, LOCALES, catalogue, languages, placeholders, plural_form, text
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.fans.table import FANS
from mcr_score.textwidth import width
from tests.support import REPO
from tests.support.cli import runner

ROOT = REPO
OTHERS = [lang for lang in LANGS if lang != DEFAULT_LANG]
CARD = "examples/nmjl/sample-card.toml"
HANDS = {  # a hand each system's `parse` reads (nmjl's hands are lines of a card: it has no parse)
    "mcr": "[123m2][EEE3][5555p6]78s9s11p|ES1011|ab",
    "six": "11223344m",
    "hk": "EEE123m456p789s55s",
    "maho": "[123a][456a]7a7b7c999b5c5c",
}
FRAGMENT = 16  # the shortest English fragment looked for: shorter ones ("none", "example") are words any text may hold
# The fan names in every language are shown on purpose (a fan page gives all three; the Chinese fan
# table has an English column): a fan's English name is not a fallback.
FAN_NAMES = frozenset(text(f"fan-name.{int(fan)}", DEFAULT_LANG) for fan in FANS)


@cache
def english_fragments(lang: str) -> tuple[tuple[str, str], ...]:
    """(id, fragment) of every English entry `lang` translates: the entry's literal text between its
    placeholders, long enough to be a sentence's words, and found nowhere in `lang`'s catalogue (a
    quotation, a citation or a file name every language writes alike is not a fallback), nor a fan's
    English name."""
    english, other = catalogue(DEFAULT_LANG), catalogue(lang)
    everywhere = "\n".join(other.values())
    found = []
    for key, template in english.items():
        if other[key] == template:
            continue
        for piece in re.split(r"\{[^{}]*\}", template.replace("{{", "{").replace("}}", "}")):
            piece = piece.strip()
            if len(piece) >= FRAGMENT and " " in piece and piece not in everywhere and piece not in FAN_NAMES:
                found.append((key, piece))
    return tuple(found)


def fallbacks(output: str, lang: str) -> list[tuple[str, str]]:
    """The English entries whose words `output` (an output in `lang`) holds."""
    flat = " ".join(output.split())  # a help text is wrapped: its words, not its lines
    return [(key, piece) for key, piece in english_fragments(lang) if piece in flat]


def run(*args: str, lang: str | None = None, env_lang: str = "C.UTF-8") -> str:
    result = runner().invoke(
        main, [*args, *(["--lang", lang] if lang else [])], prog_name="mcr-score", env={"LANG": env_lang}
    )
    assert result.exit_code == 0, (args, result.output, result.exception)
    return result.stdout


# ---- the check itself -----------------------------------------------------------------------------


def test_the_fallback_check_finds_english_words() -> None:
    """The check above can fail: an English sentence of the catalogue in a French output is found."""
    english = text("parse.discard", DEFAULT_LANG)
    assert ("parse.discard", english) in english_fragments("fr")
    assert ("parse.discard", english) in fallbacks(f"situation : {english}; vent dominant E", "fr")
    assert fallbacks("situation : gagnée sur une défausse ; vent dominant E", "fr") == []
    assert fallbacks(run("parse", HANDS["mcr"], lang="en"), "zh")  # the English output, read as Chinese


# ---- outputs in every language --------------------------------------------------------------------


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("system", sorted(HANDS))
def test_parse_is_written_in_the_language(system: str, lang: str) -> None:
    out = run("parse", HANDS[system], "--system", system, lang=lang)
    assert fallbacks(out, lang) == []
    label = text("i18n.colon", lang, label=text("parse.canonical", lang), value="").rstrip()
    assert out.startswith(label)


@pytest.mark.parametrize("lang", OTHERS)
def test_parse_says_every_meld_and_the_situation_in_the_language(lang: str) -> None:
    out = run("parse", HANDS["mcr"], lang=lang)
    for key in ("parse.exposed", "parse.self-drawn", "parse.wall-last", "parse.replacement"):
        assert text(key, lang) in out, key
    assert text("parse.promoted", lang, who=text("who.opposite", lang)) in out
    assert text("parse.from", lang, who=text("who.right", lang)) in out


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("system", systems.NAMES)
@pytest.mark.parametrize("markdown", [False, True], ids=["text", "markdown"])
def test_rules_are_written_in_the_language(system: str, lang: str, markdown: bool) -> None:
    out = run("rules", "--system", system, *(["--markdown"] if markdown else []), lang=lang)
    assert fallbacks(out, lang) == []


@pytest.mark.parametrize("lang", OTHERS)
def test_every_switch_option_and_profile_is_written_in_the_language(lang: str) -> None:
    from mcr_score.systems.mcr import profiles

    out = run("rules", lang=lang)
    for switch in profiles.SWITCHES:
        assert switch.point(lang) in out
        assert all(switch.reading(option, lang) in out for option in switch.options)
    assert all(profiles.description(name, lang) in out for name in profiles.PROFILES)
    markdown = run("rules", "--markdown", lang=lang)
    assert markdown.startswith("# " + text("rules-page.md.title", lang))


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("fan", [1, 7, 35, 64, 77, 81, 82])
def test_a_fan_page_is_written_in_the_language(fan: int, lang: str) -> None:
    out = run("fan", str(fan), lang=lang)
    assert fallbacks(out, lang) == []
    assert FANS[Fan(fan)].definition(lang) in out
    assert FANS[Fan(fan)].definition() not in out


@pytest.mark.parametrize("lang", OTHERS)
def test_the_fan_table_and_an_explanation_are_written_in_the_language(lang: str) -> None:
    assert fallbacks(run("fans", lang=lang), lang) == []
    assert fallbacks(run("explain", "[678s3]789m11p12334s2s|WS0000|3", lang=lang), lang) == []
    for system in ("six", "hk", "maho"):
        assert fallbacks(run("fans", "--system", system, lang=lang), lang) == []


def test_every_fan_has_a_name_and_a_definition_in_every_language() -> None:
    for fan in FANS.values():
        names = fan.names
        assert list(names) == list(LANGS)
        assert all(names.values()), fan.id
        assert len({fan.definition(lang) for lang in LANGS}) == len(LANGS), fan.id  # each its own words


@pytest.mark.parametrize("lang", LANGS)
def test_the_json_is_english_whatever_the_language(lang: str) -> None:
    """`--lang` is the text's: every JSON is the same (English texts, names in every language)."""
    for args in (
        ("rules", "--json"),
        ("rules", "--system", "nmjl", "--json"),
        ("rules", "--system", "hk", "--json"),
        ("fan", "35", "--json"),
        ("parse", HANDS["mcr"], "--json"),
    ):
        assert run(*args, lang=lang) == run(*args, lang=DEFAULT_LANG), args
    fan = json.loads(run("fan", "1", "--json", lang=lang))
    assert fan["definition"] == FANS[Fan(1)].definition()
    assert fan["names"] == {code: FANS[Fan(1)].name_in(code) for code in LANGS}


# ---- the help -------------------------------------------------------------------------------------


def commands() -> list[list[str]]:
    return [[name] for name in COMMANDS] + [["card", "check"]]


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("command", commands(), ids=" ".join)
def test_every_command_s_help_is_written_in_the_language(command: list[str], lang: str) -> None:
    out = run(*command, "--help", env_lang=f"{lang}.UTF-8")
    assert fallbacks(out, lang) == []
    assert out.startswith(text("help.usage", lang, usage="mcr-score"))


@pytest.mark.parametrize("lang", OTHERS)
def test_the_group_s_help_is_written_in_the_language_of_lang(lang: str) -> None:
    out = run("--help", env_lang=f"{lang}_XX.UTF-8")
    assert fallbacks(out, lang) == []
    for name in COMMANDS:
        assert helptext.short_help(f"help.{name}", lang, 60)[:8] in out, name


def test_lang_on_the_command_line_chooses_the_help_s_language_before_or_after_help() -> None:
    """`--help` is eager: click answers it before it reads `--lang`; the command line is read first."""
    french = text("help.usage", "fr", usage="mcr-score score")
    for args in (
        ["score", "--lang", "fr", "--help"],
        ["score", "--help", "--lang", "fr"],
        ["score", "--lang=fr", "--help"],
    ):
        assert run(*args, env_lang="zh_CN.UTF-8").startswith(french), args
    # an unknown language, or --lang taken as another option's value, leaves the choice to LANG
    assert run("score", "--lang", "de", "--help", env_lang="fr_FR.UTF-8").startswith(french)
    assert run("score", "--win", "--lang", "--help", env_lang="C.UTF-8").startswith("Usage: mcr-score score")
    # the group has no --lang: its help follows LANG
    assert run("--help", env_lang="fr_FR.UTF-8").startswith(text("help.usage", "fr", usage="mcr-score"))


def test_a_usage_error_keeps_click_s_english() -> None:
    result = runner().invoke(main, ["score", "--bogus"], prog_name="mcr-score", env={"LANG": "fr_FR.UTF-8"})
    assert result.exit_code == 2
    assert result.stderr.startswith("Usage: mcr-score score [OPTIONS] HAND")


def test_the_group_help_names_every_system_of_the_registry() -> None:
    """mcr, six, hk, maho and nmjl, each with its words: a system added to the registry without them
    fails here (its description is `help.system.<name>` in every catalogue)."""
    for lang in LANGS:
        out = "".join(run("--help", env_lang=f"{lang}.UTF-8").split())  # the words, however wrapped
        for name in systems.NAMES:
            what = text(f"help.system.{name}", lang)
            key = "help.system.default" if name == systems.DEFAULT else "help.system.item"
            assert "".join(text(key, lang, name=name, what=what).split()) in out, (lang, name)
        assert "hk" in out
        assert "maho" in out
    option = " ".join(run("score", "--help").split())
    assert all(f"{name} (" in option for name in systems.NAMES)


@pytest.mark.parametrize("lang", LANGS)
def test_every_option_of_every_command_has_its_help_in_the_catalogue(lang: str) -> None:
    for command in [LazyCommands()[name] for name in COMMANDS]:
        subcommands = command.commands.values() if isinstance(command, click.Group) else [command]
        for each in subcommands:
            assert each.help is not None, each.name
            assert f"{each.help}.summary" in catalogue(lang), each.name
            for param in each.params:
                if isinstance(param, click.Option):
                    assert param.help in catalogue(lang), (each.name, param.name)


def test_the_chinese_help_fits_the_terminal_in_cells_and_breaks_where_chinese_may() -> None:
    for command in (["score"], ["batch"], []):
        for cells in (80, 120):
            result = CliRunner().invoke(
                main, [*command, "--help"], prog_name="mcr-score", terminal_width=cells, env={"LANG": "zh_CN.UTF-8"}
            )
            assert result.exit_code == 0
            for line in result.output.splitlines():
                assert width(line) <= cells, (command, cells, line)
                assert not line.strip() or line.strip()[0] not in "，。、；：）", line
    lines = helptext.wrap_cells("和牌，自摸（杠上开花）。再和一次", 7)
    assert "".join(lines) == "和牌，自摸（杠上开花）。再和一次"
    assert all(width(line) <= 7 for line in lines)
    assert not any(line.startswith(("，", "。", "）")) or line.endswith("（") for line in lines)


def test_wrapping_in_cells_is_click_s_for_text_without_wide_characters() -> None:
    text_ = "Exit status is the verdict: 0 a valid win (MCR: a winning hand of 8 points or more), 3 not.  [default: 3]"
    for cells in (20, 33, 44, 60):
        assert "\n".join(helptext.wrap_cells(text_, cells)) == click.formatting.wrap_text(text_, cells)


# ---- a language is one file -----------------------------------------------------------------------


def test_the_languages_are_the_catalogue_files(tmp_path: Path) -> None:
    assert LANGS == languages(LOCALES) == tuple(sorted(p.stem for p in Path(LOCALES).glob("*.toml")))
    for name in ("en.toml", "fr.toml", "de.toml", "README.md"):
        (tmp_path / name).write_text("", encoding="utf-8")
    assert languages(str(tmp_path)) == ("de", "en", "fr")


def test_a_fourth_language_is_one_catalogue_file(tmp_path: Path) -> None:
    """The package copied with one more catalogue (Esperanto, `eo.toml`: the French entries, marked)
    speaks it everywhere: `--lang eo` is taken, the JSON names the fan in four languages, the help
    and the pages are written in it. Nothing else was added."""
    package = tmp_path / "mcr_score"
    shutil.copytree(ROOT / "mcr_score", package, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    lines = (package / "locales" / "fr.toml").read_text(encoding="utf-8").splitlines()
    marked = [re.sub(r'^([A-Za-z0-9_.-]+) = "', r'\1 = "[eo] ', line) for line in lines]
    (package / "locales" / "eo.toml").write_text("\n".join(marked) + "\n", encoding="utf-8")
    shutil.copytree(ROOT / "grammar", tmp_path / "grammar")  # beside the package, as in a checkout
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "LANG": "C.UTF-8"}

    def cli(*args: str) -> str:
        proc = subprocess.run(
            [sys.executable, "-m", "mcr_score", *args], cwd=tmp_path, env=env, capture_output=True, text=True
        )
        assert proc.returncode == 0, (args, proc.stderr)
        return proc.stdout

    names = json.loads(cli("fan", "1", "--json"))["names"]
    assert list(names) == ["en", "eo", "fr", "zh"]
    assert names["eo"] == "[eo] Quatre grands vents"
    assert "[eo] " in cli("parse", HANDS["mcr"], "--lang", "eo")
    assert "[eo] " in cli("rules", "--system", "six", "--lang", "eo")
    assert cli("score", "--lang", "eo", "--help").startswith("[eo] ")
    assert "[en|eo|fr|zh]" in cli("score", "--help")


# ---- what each language writes its own way --------------------------------------------------------


def test_each_language_writes_its_punctuation_plural_and_numbers() -> None:
    assert [text("i18n.colon", lang, label="a", value="b") for lang in ("en", "fr", "zh")] == ["a: b", "a : b", "a：b"]
    assert [plural_form(n, lang) for lang in ("en", "fr", "zh") for n in (0, 1, 2)] == [
        "other", "one", "other", "one", "one", "other", "other", "other", "other",
    ]  # fmt: skip
    assert [tally._number(1234.5, lang, 1) for lang in ("en", "fr", "zh")] == ["1,234.5", "1\u202f234,5", "1,234.5"]


@pytest.mark.parametrize("message_id", sorted(k for k in catalogue(DEFAULT_LANG) if k.startswith("i18n.")))
def test_the_language_facts_are_written_alike_in_every_catalogue(message_id: str) -> None:
    for lang in LANGS:
        value = catalogue(lang)[message_id]
        assert placeholders(value) == placeholders(catalogue(DEFAULT_LANG)[message_id]), (lang, message_id)
        if message_id == "i18n.number":
            assert re.fullmatch(r"1\D234\D5", value), lang
        if message_id in ("i18n.other-names", "i18n.second-name"):
            assert set(value.split()) <= set(LANGS) - {lang}, lang


def test_the_help_s_pieces_in_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Chinese summary cut to a narrow list with an ellipsis, in cells; a definition list with a
    long first column and an empty second one; spaces at a break dropped."""
    summary = helptext.help_text("help.score.summary", "zh")
    cut = helptext.short_help("help.score", "zh", 20)
    assert cut.endswith("…")
    assert width(cut) <= 20
    assert summary.startswith(cut[:-1])
    assert helptext.short_help("help.parse", "zh", 200) == helptext.help_text("help.parse.summary", "zh")
    formatter = helptext.HelpFormatter("zh", width=60)
    formatter.write_dl([("--a-very-long-option-name-beyond-thirty", "和牌（自摸）"), ("--x", "")])
    assert formatter.getvalue() == "--a-very-long-option-name-beyond-thirty\n" + " " * 32 + "和牌（自摸）\n--x\n"
    assert helptext.wrap_cells("中文中文  [默认]", 9) == ["中文中文", "[默认]"]
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")  # a group asked outside a help page: LANG's language
    group = help_group.HelpGroup(help="help.card")
    assert group.get_short_help_str(200) == " ".join(helptext.help_text("help.card.summary", "fr").split())
