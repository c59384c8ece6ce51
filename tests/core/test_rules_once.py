"""Issue 38, rules written once (the review's table of rules written twice): each test names the
one place a rule is written, and fails when a module writes it again."""

from __future__ import annotations

import ast
import stat
from pathlib import Path

import pytest

from mcr_score import files, hand, systems, tiles, vocabulary
from mcr_score.hand import Meld
from mcr_score.systems import Situated
from mcr_score.systems.hk.scoring import HkReason
from mcr_score.systems.six.scoring import SixReason
from mcr_score.tiles import Tile
from tests.support import REPO

PACKAGE = REPO / "mcr_score"


def _tree(relative: str) -> ast.AST:
    return ast.parse((PACKAGE / relative).read_text())


def _compared_with(tree: ast.AST, number: int, ops: tuple[type[ast.cmpop], ...]) -> list[int]:
    """The lines where a value is compared (by `ops`) with the literal `number`."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare)
        and any(isinstance(op, ops) for op in node.ops)
        and any(isinstance(c, ast.Constant) and c.value == number for c in (node.left, *node.comparators))
    ]


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_copies_per_tile_is_written_in_tiles_only() -> None:
    """`tiles.COPIES`: the counts of one kind are compared with it, never with a literal 4."""
    counts = ("systems/mcr/advice.py", "engine/shanten.py", "systems/six/scoring.py")
    ops = (ast.Eq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)
    assert {m: _compared_with(_tree(m), 4, ops) for m in counts} == {m: [] for m in counts}
    assert tiles.COPIES == 4


def test_last_copy_when_three_are_visible_is_written_in_tiles_only() -> None:
    """`tiles.LAST_COPY_SEEN` (fan 58): the engine, the advice, the referee and the replay read it."""
    readers = ("systems/mcr/fans/facts.py", "systems/mcr/advice.py", "systems/mcr/pages/referee.py", "games/replay.py")
    assert {m: _compared_with(_tree(m), 3, (ast.Eq,)) for m in readers} == {m: [] for m in readers}
    assert tiles.LAST_COPY_SEEN == tiles.COPIES - 1 == 3
    for m in readers:
        assert "LAST_COPY_SEEN" in (PACKAGE / m).read_text(), m


def test_promoted_kong_and_the_claim_relation_are_written_in_hand_only() -> None:
    """`hand.PROMOTED`, `hand.promoted_claim` and `hand.FROM`: no other module adds 4 to a claim
    digit or maps the digits 1-3 to the players."""
    found = []
    for path in _modules():
        if path == PACKAGE / "hand.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Dict) and any(
                isinstance(v, ast.Constant) and v.value == "opposite" for v in node.values
            ):
                found.append(f"{path.name}:{node.lineno} the claim relation")
            value = node.value if isinstance(node, ast.keyword) and node.arg == "claim" else None
            if isinstance(value, ast.BinOp) and isinstance(value.right, ast.Constant) and value.right.value == 4:
                found.append(f"{path.name}:{value.lineno} a claim digit plus 4")
    assert found == []
    assert hand.promoted_claim(2) == 6
    assert hand.CLAIMS["kong"] == (1, 2, 3, 5, 6, 7)
    m = Tile("1m")
    froms = [Meld("kong", m, claim=c).claimed_from for c in (1, 2, 3, 5, 6, 7)]
    assert froms == ["left", "opposite", "right", "left", "opposite", "right"]
    assert Meld("chow", m, claim=2).claimed_from is None
    assert Meld("kong", m, concealed=True).claimed_from is None


def test_the_file_kinds_refused_are_written_in_files_only() -> None:
    """`files.kind_of`: every file read and `batch --resume`'s output refuse the same kinds."""
    uses = [p.relative_to(PACKAGE).as_posix() for p in _modules() if "S_ISFIFO" in p.read_text()]
    assert uses == ["files.py"]
    assert "kind_of(" in (PACKAGE / "batch/resume.py").read_text()
    assert files.kind_of(stat.S_IFREG) is None
    assert [files.kind_of(k).id for k in (stat.S_IFDIR, stat.S_IFIFO, stat.S_IFCHR)] == [  # type: ignore[union-attr]
        "file.kind.directory",
        "file.kind.fifo",
        "file.kind.device",
    ]


def test_why_not_winning_is_shared_not_redefined() -> None:
    """`vocabulary.Reason` (waiting, no winning shape): six and hk add only their own reasons."""
    shared = {r.value for r in vocabulary.Reason}
    assert shared == {"waiting", "no-shape"}
    assert not shared & {r.value for r in SixReason}
    assert not shared & {r.value for r in HkReason}
    assert [p.relative_to(PACKAGE).as_posix() for p in _modules() if '"no-shape"' in p.read_text()] == ["vocabulary.py"]


def test_the_claim_text_syntax_is_written_in_claims_only() -> None:
    """`claims.CLAIM_TEXT` (and the item patterns beside it): batch's test for a claim written where
    a hand was expected reads it, and no other module spells the `69x2` syntax."""
    from mcr_score.systems.mcr import claims

    spellings = (r"[\s,;]", "[x×*]", "[x*×]", "[^x*×]")
    spelled = [p.relative_to(PACKAGE).as_posix() for p in _modules() if any(t in p.read_text() for t in spellings)]
    assert spelled == []  # claims.py builds them from its _SEPARATORS and _TIMES
    assert "CLAIM_TEXT.fullmatch(" in (PACKAGE / "batch/records.py").read_text()
    assert all(claims.CLAIM_TEXT.fullmatch(t) for t in ("69x2 1,2;3", "12", "6*3", "1×2 ; 5"))
    assert not any(claims.CLAIM_TEXT.fullmatch(t) for t in ("123m", "1 2x", "69x"))


def test_the_profile_names_are_written_in_the_fan_table_only() -> None:
    """`fans.table.PROFILES` (`GREEN_BOOK`, `CHINA`, `WMO_2014`): the points columns of every fan row,
    the built-in profiles, the default and the options that read a column all name them from there."""
    from mcr_score.systems.mcr import profiles
    from mcr_score.systems.mcr.fans import table

    named = [
        p.relative_to(PACKAGE).as_posix()
        for p in _modules()
        if '"green-book"' in p.read_text() or '"china"' in p.read_text()
    ]
    assert named == ["systems/mcr/fans/table.py"]
    assert tuple(profiles.PROFILE_CHOICES) == tuple(profiles.PROFILES) == table.PROFILES
    assert table.PROFILES[0] == profiles.DEFAULT
    assert all(set(row.points) <= set(table.PROFILES) for row in table.FANS.values())


def _strings(relative: str) -> list[str]:
    return [n.value for n in ast.walk(_tree(relative)) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def test_the_four_winds_are_written_in_tiles_only() -> None:
    """`tiles.Wind` / `WINDS` (and `HONORS` after them): the notation's patterns, its suffix check,
    the 1z-7z spelling and the honour letters are built from them, and the service's `Wind` type
    spells the same four."""
    from typing import get_args

    from mcr_score.web import schemas

    readers = ("tiles.py", "notation/__init__.py", "notation/parser.py", "notation/text_rules.py")
    assert {m: [s for s in _strings(m) if "ESWN" in s] for m in readers} == {m: [] for m in readers}
    assert tiles.Z_HONORS == tiles.HONORS == "ESWNCFP"
    assert get_args(schemas.Wind) == tiles.WINDS  # a Literal: mypy reads no computed value


def test_the_meld_kinds_are_written_in_vocabulary_only() -> None:
    """`vocabulary.MELD_KINDS` (members of `Kind`): `hand.MELD_KINDS` is the same three as plain
    texts, and no module writes the three as a tuple of its own."""
    found = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Tuple) and [getattr(e, "value", None) for e in node.elts] == [
                "chow",
                "pung",
                "kong",
            ]:
                found.append(f"{path.relative_to(PACKAGE).as_posix()}:{node.lineno}")
    assert found == []
    assert hand.MELD_KINDS == vocabulary.MELD_KINDS == ("chow", "pung", "kong")
    assert all(type(k) is str for k in hand.MELD_KINDS)


def test_the_hand_size_is_read_from_the_shape() -> None:
    """`hand.Shape` (`tiles`, `waiting`, `size`): the record reader and the advice count a hand by
    it, never by `3 * len(melds)` or a literal 13 or 14."""
    readers = ("notation/record.py", "systems/mcr/advice.py")
    found = []
    for m in readers:
        for node in ast.walk(_tree(m)):
            sides = (node.left, node.right) if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) else ()
            if any(isinstance(side, ast.Constant) and side.value == 3 for side in sides):
                found.append(f"{m}:{node.lineno} three per meld")
            if isinstance(node, ast.Constant) and node.value in (13, 14) and type(node.value) is int:
                found.append(f"{m}:{node.lineno} a hand size")
    assert found == []
    shape = hand.FOUR_SETS
    assert (shape.tiles(0), shape.waiting(0), shape.size(8, 2), shape.tiles(2)) == (14, 13, 14, 8)


def test_the_payment_rule_is_written_in_payments_only() -> None:
    """`payments.owed` (and `payments.received`, its sum over the three losers): catch-up's lines,
    the sheet's bounds, the settlement and the advice's value of a win are computed from it; no other
    module of MCR reads the base or gives `_smallest` a factor of its own."""
    from mcr_score.systems.mcr import payments
    from mcr_score.systems.mcr.tournament import catchup, limits

    mcr = sorted((PACKAGE / "systems" / "mcr").rglob("*.py"))
    readers = []
    for path in mcr:
        if path.name == "payments.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Name) and node.id == "BASE") or (
                isinstance(node, ast.alias) and node.name == "BASE"
            ):
                readers.append(f"{path.relative_to(PACKAGE)}:{getattr(node, 'lineno', '?')}")
    assert readers == []
    calls = [
        node
        for node in ast.walk(_tree("systems/mcr/tournament/catchup.py"))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_smallest"
    ]
    assert len(calls) == 3
    assert all(isinstance(arg, ast.Name) for call in calls for arg in call.args)
    # the algebra the module docstring explains: 4(h + 8), 2h + 32, h + 32
    assert (catchup._SELF_DRAWN, catchup._FROM_THEM, catchup._FROM_OTHER) == ((4, 32), (2, 32), (1, 32))
    assert payments.received(10, self_drawn=True) == 3 * payments.owed(10, self_drawn=True, discarder=False) == 54
    assert payments.received(10, self_drawn=False) == 18 + 8 + 8
    assert limits.MAX_WIN_GAIN == 3 * (336 + 8)


def test_error_columns_found_by_reading_again_are_written_in_situation_only() -> None:
    """`notation.situation.locator`: the one place a valid text is read again for its columns (a
    field an option set is named instead); `apply_situation` and hk's read call it."""
    from mcr_score.errors import SituationNotInSystemError
    from mcr_score.notation.situation import locator

    def rereads(tree: ast.AST) -> list[int]:
        return [
            node.lineno
            for node in ast.walk(tree)
            if isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Call)
            and getattr(node.value.func, "id", getattr(node.value.func, "attr", None)) == "parse_located"
            and isinstance(node.slice, ast.Constant)
            and node.slice.value == 1
        ]

    found = {str(p.relative_to(PACKAGE)): rereads(ast.parse(p.read_text())) for p in _modules()}
    assert [m for m, lines in found.items() if lines] == ["notation/situation.py"]
    assert len(found["notation/situation.py"]) == 1
    assert "locator(" in (PACKAGE / "systems/hk/system.py").read_text()
    locate = locator("123456789m55p234p|EE0110", {"wall_last": "situation: --wall-last"})
    assert locate(("situation", "wall_last")) == (None, "situation: --wall-last")
    assert locate(("situation", "last_copy")) == (22, None)
    with pytest.raises(SituationNotInSystemError) as e:
        systems.get("hk").read("123456789m55p234p|EE0100", Situated({"wall_last": True}))
    assert {(p.column, p.where) for p in e.value.problems} == {(22, None), (None, "situation.wall_last")}


def test_which_forms_take_melds_is_written_in_arrangements_only() -> None:
    """`arrangements.SPECIAL_MELDS` and `KNITTED_MELDS` (the special forms none, the knitted
    straight one): the arrangements, completions and shanten compare the melds with them, never
    with a literal 0 or 1, and never count the knitted straight's other sets as `1 - melds`."""
    from mcr_score.engine import arrangements, shanten
    from mcr_score.vocabulary import Form

    def melds_of(node: ast.AST) -> bool:
        if isinstance(node, ast.Name):
            return node.id == "n_melds"
        return (
            isinstance(node, ast.Call) and getattr(node.func, "id", None) == "len" and ast.unparse(node) == "len(melds)"
        )

    def restated(node: ast.AST) -> bool:
        """A count of melds compared with 0 or 1, `1 - melds`, or `not melds`."""
        if isinstance(node, ast.Compare):
            sides = (node.left, *node.comparators)
            return any(melds_of(x) for x in sides) and any(
                isinstance(x, ast.Constant) and x.value in (0, 1) for x in sides
            )
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
            return melds_of(node.right) and isinstance(node.left, ast.Constant) and node.left.value == 1
        return isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) and ast.unparse(node.operand) == "melds"

    found = [
        f"{m}: {ast.unparse(node)}"
        for m in ("engine/arrangements.py", "engine/shanten.py")
        for node in ast.walk(_tree(m))
        if restated(node)
    ]
    assert found == []
    assert "SPECIAL_MELDS: Final = " not in (PACKAGE / "engine/shanten.py").read_text()
    assert (arrangements.SPECIAL_MELDS, arrangements.KNITTED_MELDS) == (0, 1)
    # what the forms allow, as the shanten reads them: one meld leaves the knitted straight only
    readings = shanten.form_readings([1] * 10 + [0] * 24, 1)
    assert {form for form, reading in readings.items() if reading is not None} == {Form.STANDARD, Form.KNITTED_STRAIGHT}
    readings = shanten.form_readings([1] * 13 + [0] * 21, 2)
    assert {form for form, reading in readings.items() if reading is not None} == {Form.STANDARD}
