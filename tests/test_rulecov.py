"""The rule-coverage tool (tools/rulecov.py) and the coverage it reports for this test suite."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

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


def test_the_id_copy_matches_the_specification_when_it_is_present() -> None:
    d = rulecov.rules_dir()
    if d is None:
        pytest.skip("no shared rules directory here; the copy is what CI uses")
    parsed = rulecov.parse_rules(
        (d / "standard.md").read_text(encoding="utf-8"), (d / "standard-characters.md").read_text(encoding="utf-8")
    )
    assert list(rulecov.read_copy()) == list(parsed), "run `python tools/rulecov.py --write-ids`"


def test_falls_back_to_the_copy_without_a_rules_directory(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FENGSHENG_RULES", str(tmp_path / "nowhere"))
    monkeypatch.setattr(rulecov, "DEFAULT_RULES", tmp_path / "none")
    ids, source, _ = rulecov.load_ids()
    assert source.endswith("rule_ids.txt")
    assert ids == rulecov.read_copy()
    assert "S-PRIO-7" in ids


def test_fails_when_an_id_is_neither_covered_nor_waiting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "test_x.py").write_text("def test_S_PRIO_7_only():\n    assert True\n", encoding="utf-8")
    rep = rulecov.compute(tests=str(tmp_path))
    assert not rep["ok"]
    assert rep["sections"]["PRIO"]["covered"] == ["S-PRIO-7"]
    assert "S-PRIO-1" in rep["in_scope"]["missing"]
    assert rulecov.main(["--tests", str(tmp_path)]) == 1
    assert "FAIL" in capsys.readouterr().out
