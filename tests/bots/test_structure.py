"""The shape of the bots package: no import cycles, no character knowledge outside the character modules, and every
character's knowledge found by its id."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from fengsheng.bots.ai import DEFAULT, CharacterAI, SkillAI, character_ai, skill_ai
from fengsheng.characters.base import Skill
from tests.helpers import CHARACTERS, ROOT

BOTS = ROOT / "src" / "fengsheng" / "bots"


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT / "src").with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> dict[str, set[str]]:
    """Module -> the fengsheng.bots modules it imports (at any level, type-checking imports included)."""
    out: dict[str, set[str]] = {}
    for p in BOTS.rglob("*.py"):
        deps: set[str] = set()
        for node in ast.walk(ast.parse(p.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("fengsheng.bots"):
                deps.add(node.module)
            elif isinstance(node, ast.Import):
                deps.update(a.name for a in node.names if a.name.startswith("fengsheng.bots"))
        out[_module(p)] = deps
    return out


def test_the_bots_import_no_cycle_and_skills_does_not_import_the_heuristic_bot() -> None:
    graph = _imports()
    assert "fengsheng.bots.heuristic" in graph and "fengsheng.bots.skills" in graph
    state: dict[str, int] = {}

    def visit(m: str, path: list[str]) -> None:
        if state.get(m) == 2:
            return
        assert state.get(m) != 1, f"import cycle: {' -> '.join([*path, m])}"
        state[m] = 1
        for d in graph.get(m, ()):
            if d != "fengsheng.bots":  # the package's __init__ only re-exports
                visit(d, [*path, m])
        state[m] = 2

    for m in graph:
        visit(m, [])
    assert not any(d.startswith("fengsheng.bots.heuristic") for d in graph["fengsheng.bots.skills"])
    assert graph["fengsheng.bots.ai"] == set()


def _literals(tree: ast.AST) -> list[str]:
    """String constants that are not docstrings."""
    docs = {
        id(n.body[0].value)
        for n in ast.walk(tree)
        if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and n.body
        and isinstance(n.body[0], ast.Expr)
        and isinstance(n.body[0].value, ast.Constant)
    }
    return [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]


def test_no_per_character_table_in_the_bots_package() -> None:
    """The bots name no character, skill id or skill option word: that knowledge is beside each character."""
    shorts = {cid.split(".", 1)[1] for cid in CHARACTERS}
    word = re.compile(r"(?:[a-z]+\.)?([a-z][a-z_]*)(?:\.\d+)?")
    for p in BOTS.rglob("*.py"):
        for s in _literals(ast.parse(p.read_text("utf-8"))):
            m = word.fullmatch(s)
            assert not (m and m.group(1) in shorts), f"{p.name} names a character: {s!r}"
            assert not re.search(r"C-[A-Z_]+-\d", s), f"{p.name} names a skill: {s!r}"


def test_every_character_declares_its_bot_knowledge() -> None:
    for cid, ch in CHARACTERS.items():
        ai = character_ai(cid)
        assert isinstance(ai, CharacterAI) and ai is not DEFAULT, cid
        for cls, sai in ai.skills.items():
            assert issubclass(cls, Skill) and cls in ch.rules, (cid, cls)
            assert skill_ai("standard", cls.skill_id) is sai and skill_ai("standard", cls(0).key) is sai
    assert character_ai(None) is DEFAULT and character_ai("standard.nobody") is DEFAULT
    assert skill_ai("standard", "lock") is None
    # a few facts the bot relies on
    assert {c for c in CHARACTERS if character_ai(c).conceals} == {
        "standard.lao_gui",
        "standard.qian_mian_nv_lang",
        "standard.chao_xi",
    }
    feint = skill_ai("standard", "fu_she.1")
    assert isinstance(feint, SkillAI) and feint.acts_as == "lure_away"
    assert max(CHARACTERS, key=lambda c: character_ai(c).rank) in ("standard.lao_qiang", "standard.da_mei_nv")
