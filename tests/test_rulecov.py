"""The rule-coverage tool (tools/rulecov.py) and the coverage it reports for this test suite."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.external import rules_file

TOOL = Path(__file__).resolve().parents[1] / "tools" / "rulecov.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rulecov", TOOL)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


rulecov = load()


def test_every_in_scope_rule_id_is_covered_or_waiting_for_characters(capsys: pytest.CaptureFixture[str]) -> None:
    rep = rulecov.compute()
    assert rep["in_scope"]["missing"] == [], rep["in_scope"]["missing"]
    assert rep["in_scope"]["waiting_pct"] <= 10.0
    assert rep["ok"], rep["problems"]
    assert rulecov.main([]) == 0
    assert "OK" in capsys.readouterr().out


def test_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    code = rulecov.main(["--json"])
    rep = json.loads(capsys.readouterr().out)
    assert code == (0 if rep["ok"] else 1)
    assert set(rulecov.IN_SCOPE) <= set(rep["sections"])
    assert all(rep["sections"][s]["in_scope"] for s in rulecov.IN_SCOPE)
    # since the characters exist, every section of the specification is in scope (the characters issue)
    assert {"TRIG", "CHAR", "COMP", "TERM", "EX", "C"} <= set(rulecov.IN_SCOPE)
    assert rep["in_scope"]["total"] == sum(rep["sections"][s]["total"] for s in rulecov.IN_SCOPE)


def test_waiting_list_is_small_with_a_reason_for_each_in_scope_id() -> None:
    ids = rulecov.load_ids()[0]
    in_scope = [r for r in ids if rulecov.section(r) in rulecov.IN_SCOPE]
    for rid, why in rulecov.WAITING.items():
        assert rid in ids and rulecov.section(rid) in rulecov.IN_SCOPE, rid
        assert len(why) > 20
    assert len(rulecov.WAITING) <= 0.10 * len(in_scope)


def test_ids_in_test_names() -> None:
    f = rulecov.ids_in_name
    assert f("test_S_PRIO_7_full_round_of_passes_resolves_lifo") == ["S-PRIO-7"]
    assert f("test_S_CARD_LOCK_3_first_locked") == ["S-CARD-LOCK-3"]
    assert f("test_S_ID_4_S_WIN_9_mission") == ["S-ID-4", "S-WIN-9"]
    assert f("test_S_PASS_11_x") == ["S-PASS-11"] and f("test_S_PASS_1_x") == ["S-PASS-1"]
    assert f("test_EX_3_chained_intercepts") == ["EX-3"]
    assert f("test_C_LAO_GUI_1_flip") == ["C-LAO_GUI-1"]
    assert f("test_C_LI_FU_MENG_MIAN_REN_2_rescue") == ["C-LI_FU_MENG_MIAN_REN-2"]
    assert f("test_deck_has_81_cards") == [] and f("test_xS_PRIO_1") == []


def test_parse_rules_bullets_glossary_rows_examples_and_characters() -> None:
    standard = "\n".join(
        [
            "* **S-TURN-1 Order.** Players take turns one at a time.",
            "* **S-CARD-LOCK-3 Several locked players.** The first one.",
            "  * not an id",
            "| S-TERM-2 | 情报 intelligence | A game card. | 000 |",
            "### Worked example EX-2 (passing phase, 003, condensed)",
            "Text citing S-PRIO-4 inline is not a rule.",
        ]
    )
    ids = rulecov.parse_rules(standard, "* **C-LAO_GUI-1** (flip). text")
    assert list(ids) == ["S-TURN-1", "S-CARD-LOCK-3", "S-TERM-2", "EX-2", "C-LAO_GUI-1"]
    assert ids["S-TURN-1"].startswith("Order")
    assert [rulecov.section(r) for r in ids] == ["TURN", "CARD", "TERM", "EX", "C"]


def test_the_id_copy_matches_the_specification_when_it_is_named() -> None:
    """The repository's copy of the ids is the specification's (with $FENGSHENG_RULES; skipped without it)."""
    d = rules_file("standard.md").parent
    parsed = rulecov.parse_rules(
        (d / "standard.md").read_text(encoding="utf-8"),
        (d / "standard-characters.md").read_text(encoding="utf-8"),
        (d / "qianzhi.md").read_text(encoding="utf-8"),
    )
    assert list(rulecov.read_copy()) == list(parsed), "run `python tools/rulecov.py --write-ids`"
    assert any(r.startswith("Q-") for r in parsed) and any(r.startswith("S-") for r in parsed)


def test_reads_the_repositorys_copy_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing outside the repository is read unless a rules directory is named."""
    monkeypatch.delenv("FENGSHENG_RULES", raising=False)
    assert rulecov.rules_dir() is None
    ids, source, warnings = rulecov.load_ids()
    assert source == "tools/rule_ids.txt" and not warnings
    assert ids == rulecov.read_copy()
    assert "S-PRIO-7" in ids and "Q-PASS-3" in ids


def test_a_named_rules_directory_is_read_and_a_wrong_one_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("FENGSHENG_RULES", str(tmp_path / "nowhere"))
    with pytest.raises(SystemExit, match="not a rules directory"):
        rulecov.load_ids()
    (tmp_path / "standard.md").write_text("* **S-PRIO-7 Priority.** text\n", encoding="utf-8")
    ids, source, warnings = rulecov.load_ids(str(tmp_path))
    assert list(ids) == ["S-PRIO-7"] and source == str(tmp_path / "standard.md")
    assert warnings and "differs" in warnings[0]


def test_fails_when_an_id_is_neither_covered_nor_waiting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "test_x.py").write_text("def test_S_PRIO_7_only():\n    assert True\n", encoding="utf-8")
    rep = rulecov.compute(tests=str(tmp_path))
    assert not rep["ok"]
    assert rep["sections"]["PRIO"]["covered"] == ["S-PRIO-7"]
    assert "S-PRIO-1" in rep["in_scope"]["missing"]
    assert rulecov.main(["--tests", str(tmp_path)]) == 1
    assert "FAIL" in capsys.readouterr().out


# --- where each S- id is implemented ---------------------------------------------------------------------------


def test_every_S_id_is_implemented_once_in_its_sections_module() -> None:
    imp = rulecov.compute()["implementation"]
    assert imp["missing"] == [], imp["missing"]
    assert imp["twice"] == {}, imp["twice"]
    assert imp["misplaced"] == {}, imp["misplaced"]
    assert imp["malformed"] == {} and imp["unknown"] == {}
    assert imp["ok"] and imp["warnings"] == []
    ids = [r for r in rulecov.load_ids()[0] if r.startswith("S-")]
    assert sorted(imp["implemented"]) == sorted(ids)
    assert imp["implemented"]["S-TURN-5"] == ["flow/turn.py"]
    assert imp["implemented"]["S-CARD-LOCK-3"] == ["cards/lock.py"]
    assert imp["implemented"]["S-LOSE-1"] == ["flow/settle.py"]
    assert imp["implemented"]["S-PASS-1"] == ["flow/passing.py"]
    assert "flow/turn.py" in imp["mentioned"]["S-LOSE-1"]  # cited there, implemented elsewhere


def test_the_elsewhere_list_is_small_with_a_reason_outside_the_sections_homes() -> None:
    ids = rulecov.load_ids()[0]
    assert len(rulecov.ELSEWHERE) <= 0.10 * sum(1 for r in ids if r.startswith("S-"))
    for rid, (module, why) in rulecov.ELSEWHERE.items():
        assert rid in ids, rid
        assert (rulecov.SRC_DIR / module).is_file(), module
        base = rulecov.HOMES.get(rulecov.section(rid), ())
        assert not rulecov.in_homes(module, base), f"{rid}: {module} is already a home of its section"
        assert len(why) > 10


def test_every_section_and_card_type_has_a_home() -> None:
    ids = [r for r in rulecov.load_ids()[0] if r.startswith("S-")]
    for rid in ids:
        assert rulecov.homes(rid), rid
    types = {r.split("-")[2] for r in ids if rulecov.section(r) == "CARD"}
    assert types == set(rulecov.CARD_MODULES)
    for mod in rulecov.CARD_MODULES.values():
        assert (rulecov.SRC_DIR / "cards" / f"{mod}.py").is_file()
    assert rulecov.homes("S-CARD-LURE-2")[0] == "cards/lure_away.py"
    assert rulecov.homes("S-PRIO-9")[-1] == "flow/settle.py"  # its ELSEWHERE module
    assert rulecov.in_homes("editions/standard/characters/lao_gui.py", rulecov.homes("S-CHAR-2"))
    assert not rulecov.in_homes("flow/window.py", rulecov.homes("S-TURN-1"))


def test_implements_paragraph_and_citations() -> None:
    doc = "Title (S-PRIO-1).\n\nProse S-TURN-9.\n\nImplements: S-TURN-1..3, S-PASS-2,\n    S-CARD-LOCK-1.\n\nMore: S-WIN-1."
    ids, bad, span = rulecov.implements(doc)
    assert ids == ["S-TURN-1", "S-TURN-2", "S-TURN-3", "S-PASS-2", "S-CARD-LOCK-1"]
    assert bad == [] and span is not None
    assert "S-WIN-1" not in doc[span[0] : span[1]]
    assert rulecov.implements("No such paragraph; Implements: S-TURN-1 mid-line does not count")[0] == []
    assert rulecov.implements("Implements: S-TURN-3..1, A-5, S-TURN-2")[:2] == (["S-TURN-2"], ["S-TURN-3..1", "A-5"])
    assert rulecov.expand("(S-PREC-1/2/4, S-TURN-4..6; S-CARD-LOCK-3, xS-PRIO-1, S-PASS)") == [
        "S-PREC-1",
        "S-PREC-2",
        "S-PREC-4",
        "S-TURN-4",
        "S-TURN-5",
        "S-TURN-6",
        "S-CARD-LOCK-3",
    ]


def _src(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_mentions_are_not_implementations(tmp_path: Path) -> None:
    src = _src(
        tmp_path,
        {
            "flow/turn.py": '"""Turns (S-TURN-2).\n\nImplements: S-TURN-1.\n"""\n',
            "cards/lock.py": '"""Lock, relies on S-TURN-1."""\nX = 1  # S-TURN-1, S-PRIO-10\n',
        },
    )
    imp = rulecov.compute_implementation({"S-TURN-1": "", "S-TURN-2": "", "S-PRIO-10": ""}, src)
    assert imp["implemented"] == {"S-TURN-1": ["flow/turn.py"]}
    assert imp["mentioned"]["S-TURN-1"] == ["cards/lock.py"]  # the Implements paragraph is not a mention
    assert imp["mentioned"]["S-TURN-2"] == ["flow/turn.py"]
    assert imp["missing"] == ["S-TURN-2", "S-PRIO-10"] and not imp["ok"]


def test_fails_on_a_misplaced_twice_implemented_or_malformed_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = _src(
        tmp_path,
        {
            "flow/turn.py": '"""Turns.\n\nImplements: S-TURN-1, S-PRIO-1.\n"""\n',
            "flow/window.py": '"""Windows.\n\nImplements: S-TURN-1, S-PRIO-2, S-PRIO-X.\n"""\n',
            "cards/lock.py": '"""Lock.\n\nImplements: S-CARD-LOCK-1, S-NOPE-1.\n"""\n',
        },
    )
    ids = {r: "" for r in ("S-TURN-1", "S-PRIO-1", "S-PRIO-2", "S-CARD-LOCK-1")}
    imp = rulecov.compute_implementation(ids, src)
    assert imp["twice"] == {"S-TURN-1": ["flow/turn.py", "flow/window.py"]}
    assert imp["misplaced"] == {"S-PRIO-1": {"module": "flow/turn.py", "homes": ["flow/window.py", "cards/base.py"]}}
    assert imp["malformed"] == {"flow/window.py": ["S-PRIO-X"]}
    assert imp["unknown"] == {"S-NOPE-1": ["cards/lock.py"]}
    assert imp["implemented"]["S-PRIO-2"] == ["flow/window.py"] and imp["missing"] == []
    assert len(imp["problems"]) == 4 and not imp["ok"]
    assert rulecov.main(["--src", str(src)]) == 1
    out = capsys.readouterr().out
    assert "Misplaced: S-PRIO-1 is implemented in flow/turn.py" in out and "FAIL" in out


def test_where_one_id_is(capsys: pytest.CaptureFixture[str]) -> None:
    assert rulecov.main(["--where", "S-PRIO-9"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("S-PRIO-9: implemented in flow/settle.py")
    assert "outside its section's modules" in out and "mentioned in:" in out
    assert rulecov.main(["--where", "S-NOPE-1"]) == 1
