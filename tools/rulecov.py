#!/usr/bin/env python3
"""Rule-id coverage: which rule ids of the specification are cited by a test.

    python tools/rulecov.py [--json] [--rules DIR] [--tests DIR] [--write-ids]

The rule ids are the bullets ``* **S-XXX-n`` / ``* **S-CARD-XXX-n`` of ``standard.md``, the ``| S-TERM-n |`` rows of
its glossary table, its worked examples (``EX-n``) and, if present, the ``* **C-NAME-n`` bullets of
``standard-characters.md``. The rules directory is ``$FENGSHENG_RULES`` or ``../shared/rules`` next to the repository
root. Where it does not exist (CI), the copy ``tools/rule_ids.txt`` is used; ``--write-ids`` regenerates that copy.

A test covers an id when its function name carries it with dashes as underscores: ``test_S_PRIO_7_…`` covers
S-PRIO-7, ``test_S_CARD_LOCK_3_…`` S-CARD-LOCK-3, ``test_EX_1_…`` EX-1, ``test_C_LAO_GUI_1_…`` C-LAO_GUI-1. A name may
carry several ids.

Sections SETUP DIST ID INTEL TURN PRIO PASS METH CARD PREC DEATH LOSE WIN VAR are in scope; TRIG CHAR COMP TERM, the
worked examples (EX) and the character skills (C) are reported separately. An in-scope id must be covered or listed
in ``WAITING`` (ids that need real characters, with a reason each); the waiting ids may be at most 10% of the in-scope
ids. Exit status 0 when both hold, 1 otherwise.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
IDS_COPY = REPO / "tools" / "rule_ids.txt"
TESTS_DIR = REPO / "tests"
DEFAULT_RULES = REPO.parent / "shared" / "rules"

IN_SCOPE = (
    "SETUP",
    "DIST",
    "ID",
    "INTEL",
    "TURN",
    "PRIO",
    "PASS",
    "METH",
    "CARD",
    "PREC",
    "DEATH",
    "LOSE",
    "WIN",
    "VAR",
)
OUT_OF_SCOPE = ("TRIG", "CHAR", "COMP", "TERM", "EX", "C")
WAITING_LIMIT = 0.10

# In-scope ids that cannot be tested before the characters exist, with the reason. Keep this list minimal: an id
# whose mechanism the engine has is tested through a test-only Rule instead.
WAITING: dict[str, str] = {
    "S-SETUP-1": "character selection (two character cards dealt, one kept) needs the character cards",
    "S-SETUP-2": "hidden characters set up face down, public ones face up: needs the character cards",
}

_BULLET = re.compile(r"^\s*[*-]\s+\*\*((?:S|C)-[A-Z][A-Z_]*(?:-[A-Z][A-Z_]*)*-\d+)\b\**(.*)$")
_TERM_ROW = re.compile(r"^\|\s*(S-TERM-\d+)\s*\|\s*([^|]*)\|\s*([^|]*)\|")
_EXAMPLE = re.compile(r"^#+\s*Worked example (EX-\d+)\s*(.*)$")

_NAME_IDS = re.compile(
    r"(?<![A-Za-z0-9])(?:"
    r"S_(?P<s>CARD_[A-Z]+|[A-Z]+)_(?P<sn>\d+)"
    r"|EX_(?P<ex>\d+)"
    r"|C_(?P<c>[A-Z][A-Z_]*?)_(?P<cn>\d+)"
    r")(?![0-9])"
)


# ---------------------------------------------------------------------------------------------------------------
# Rule ids
# ---------------------------------------------------------------------------------------------------------------


def _short(text: str, limit: int = 90) -> str:
    text = re.sub(r"\s+", " ", text.replace("**", "")).strip(" .:")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse_rules(standard: str, characters: str | None = None) -> dict[str, str]:
    """Rule ids (in document order) with a short title, from the text of standard.md (and standard-characters.md)."""
    ids: dict[str, str] = {}
    for line in standard.splitlines():
        m = _BULLET.match(line)
        if m and m.group(1).startswith("S-"):
            ids.setdefault(m.group(1), _short(m.group(2)))
            continue
        m = _TERM_ROW.match(line)
        if m:
            ids.setdefault(m.group(1), _short(f"{m.group(2)}: {m.group(3)}"))
            continue
        m = _EXAMPLE.match(line)
        if m:
            ids.setdefault(m.group(1), _short(m.group(2).strip("()")))
    for line in (characters or "").splitlines():
        m = _BULLET.match(line)
        if m and m.group(1).startswith("C-"):
            ids.setdefault(m.group(1), _short(m.group(2)))
    return ids


def rules_dir(explicit: str | None = None) -> Path | None:
    """The shared rules directory: ``explicit``, ``$FENGSHENG_RULES`` or ``../shared/rules``; None if absent."""
    for cand in (explicit, os.environ.get("FENGSHENG_RULES"), str(DEFAULT_RULES)):
        if cand and (Path(cand) / "standard.md").is_file():
            return Path(cand)
    return None


def _rel(path: Path) -> str:
    try:
        return str(path.relative_to(REPO))
    except ValueError:
        return str(path)


def read_copy(path: Path | None = None) -> dict[str, str]:
    path = path or IDS_COPY
    ids: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        rid, _, title = line.partition("\t")
        ids[rid.strip()] = title.strip()
    return ids


def write_copy(ids: dict[str, str], source: Path, path: Path | None = None) -> None:
    path = path or IDS_COPY
    lines = [
        "# Rule ids of the specification, generated by `python tools/rulecov.py --write-ids`",
        f"# from {source.name}/standard.md and standard-characters.md. Used when the rules directory is absent (CI).",
        "# Format: id<TAB>short title",
    ]
    lines += [f"{rid}\t{title}" for rid, title in ids.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def load_ids(explicit: str | None = None) -> tuple[dict[str, str], str, list[str]]:
    """(ids, where they came from, warnings)."""
    warnings: list[str] = []
    d = rules_dir(explicit)
    if d is not None:
        chars = d / "standard-characters.md"
        ids = parse_rules(
            (d / "standard.md").read_text(encoding="utf-8"),
            chars.read_text(encoding="utf-8") if chars.is_file() else None,
        )
        if IDS_COPY.is_file():
            if list(read_copy()) != list(ids):
                warnings.append(f"{_rel(IDS_COPY)} differs from {d}: run `tools/rulecov.py --write-ids`")
        else:
            warnings.append(f"{_rel(IDS_COPY)} is missing: run `tools/rulecov.py --write-ids`")
        return ids, str(d / "standard.md"), warnings
    if not IDS_COPY.is_file():
        raise SystemExit(f"no rules directory (set FENGSHENG_RULES) and no {IDS_COPY}")
    return read_copy(), _rel(IDS_COPY), warnings


def section(rid: str) -> str:
    if rid.startswith("EX-"):
        return "EX"
    if rid.startswith("C-"):
        return "C"
    parts = rid.split("-")
    return parts[1]  # S-CARD-LOCK-1 -> CARD, S-PRIO-7 -> PRIO


# ---------------------------------------------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------------------------------------------


def ids_in_name(name: str) -> list[str]:
    """The rule ids a test function name carries."""
    out = []
    for m in _NAME_IDS.finditer(name):
        if m.group("s") is not None:
            out.append(f"S-{m.group('s').replace('_', '-')}-{m.group('sn')}")
        elif m.group("ex") is not None:
            out.append(f"EX-{m.group('ex')}")
        else:
            out.append(f"C-{m.group('c')}-{m.group('cn')}")
    return out


def test_names(tests_dir: Path = TESTS_DIR) -> dict[str, list[str]]:
    """Test function names per file (relative path), found with ``ast`` (methods of test classes included)."""
    out: dict[str, list[str]] = {}
    for path in sorted(tests_dir.rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except SyntaxError:
            continue
        names = [
            n.name
            for n in ast.walk(tree)
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name.startswith("test")
        ]
        if names:
            out[str(path.relative_to(tests_dir.parent))] = names
    return out


# ---------------------------------------------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------------------------------------------


def compute(rules: str | None = None, tests: str | None = None) -> dict[str, Any]:
    ids, source, warnings = load_ids(rules)
    tdir = Path(tests) if tests else TESTS_DIR
    covering: dict[str, list[str]] = {}
    unknown: dict[str, list[str]] = {}
    n_tests = 0
    for file, names in test_names(tdir).items():
        for name in names:
            n_tests += 1
            for rid in ids_in_name(name):
                where = f"{file}::{name}"
                (covering if rid in ids else unknown).setdefault(rid, []).append(where)

    sections: dict[str, dict[str, Any]] = {}
    for sec in (*IN_SCOPE, *OUT_OF_SCOPE):
        sec_ids = [r for r in ids if section(r) == sec]
        if not sec_ids and sec not in IN_SCOPE:
            continue
        covered = [r for r in sec_ids if r in covering]
        waiting = [r for r in sec_ids if r not in covering and r in WAITING]
        missing = [r for r in sec_ids if r not in covering and r not in WAITING]
        sections[sec] = {
            "in_scope": sec in IN_SCOPE,
            "total": len(sec_ids),
            "covered": covered,
            "waiting": waiting,
            "missing": missing,
        }
    others = sorted({section(r) for r in ids} - set(sections))
    for sec in others:  # a new section in the spec: reported, out of scope until someone decides otherwise
        sec_ids = [r for r in ids if section(r) == sec]
        sections[sec] = {
            "in_scope": False,
            "total": len(sec_ids),
            "covered": [r for r in sec_ids if r in covering],
            "waiting": [],
            "missing": [r for r in sec_ids if r not in covering],
        }

    scope = [s for s in sections.values() if s["in_scope"]]
    total = sum(s["total"] for s in scope)
    n_cov = sum(len(s["covered"]) for s in scope)
    n_wait = sum(len(s["waiting"]) for s in scope)
    missing = [r for s in scope for r in s["missing"]]
    pct = n_wait / total if total else 0.0
    problems = []
    if missing:
        problems.append(f"{len(missing)} in-scope id(s) neither covered nor waiting for characters")
    if pct > WAITING_LIMIT:
        problems.append(f"waiting ids are {pct:.1%} of the in-scope ids (limit {WAITING_LIMIT:.0%})")
    stale = sorted(r for r in WAITING if r in covering)
    if stale:
        warnings.append("covered ids still on the waiting list (remove them): " + ", ".join(stale))
    not_ids = sorted(r for r in WAITING if r not in ids)
    if not_ids:
        warnings.append("waiting-list entries that are not rule ids: " + ", ".join(not_ids))
    if unknown:
        warnings.append("test names cite ids that are not in the specification: " + ", ".join(sorted(unknown)))
    return {
        "source": source,
        "tests": n_tests,
        "sections": sections,
        "in_scope": {
            "total": total,
            "covered": n_cov,
            "waiting": n_wait,
            "missing": missing,
            "waiting_pct": round(100 * pct, 1),
            "waiting_limit_pct": round(100 * WAITING_LIMIT, 1),
        },
        "waiting_reasons": {r: WAITING[r] for r in WAITING if r in ids and r not in covering},
        "covering": covering,
        "unknown": unknown,
        "titles": ids,
        "warnings": warnings,
        "problems": problems,
        "ok": not problems,
    }


def render(rep: dict[str, Any]) -> str:
    out = [f"Rule-id coverage: ids from {rep['source']}, {rep['tests']} test functions", ""]
    head = f"  {'section':<8} {'covered':>8} {'waiting':>8} {'missing':>8} {'total':>6}"

    def rows(in_scope: bool) -> list[str]:
        lines = []
        for name, s in rep["sections"].items():
            if s["in_scope"] != in_scope:
                continue
            lines.append(
                f"  {name:<8} {len(s['covered']):>8} {len(s['waiting']):>8} {len(s['missing']):>8} {s['total']:>6}"
            )
        return lines

    sc = rep["in_scope"]
    out += ["In scope", head, *rows(True)]
    out.append(f"  {'total':<8} {sc['covered']:>8} {sc['waiting']:>8} {len(sc['missing']):>8} {sc['total']:>6}")
    out.append("")
    out.append(
        f"Waiting for characters: {sc['waiting']} of {sc['total']} in-scope ids = {sc['waiting_pct']}% "
        f"(limit {sc['waiting_limit_pct']:.0f}%)"
    )
    for rid, why in rep["waiting_reasons"].items():
        if rep["sections"].get(section(rid), {}).get("in_scope"):
            out.append(f"  {rid:<18} {why}")
    if sc["missing"]:
        out += ["", "Missing (neither covered nor waiting):"]
        out += [f"  {rid:<18} {rep['titles'].get(rid, '')}" for rid in sc["missing"]]
    out += ["", "Out of scope (reported only)", head, *rows(False)]
    for name, s in rep["sections"].items():
        if not s["in_scope"] and s["missing"] and name != "C":
            out.append(f"  {name} uncovered: " + ", ".join(s["missing"]))
    for w in rep["warnings"]:
        out += ["", f"warning: {w}"]
    out.append("")
    out.append("OK" if rep["ok"] else "FAIL: " + "; ".join(rep["problems"]))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Rule-id coverage of the tests (see the module docstring).")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    ap.add_argument("--rules", help="the rules directory (default: $FENGSHENG_RULES or ../shared/rules)")
    ap.add_argument("--tests", help="the tests directory (default: tests/ of this repository)")
    ap.add_argument("--write-ids", action="store_true", help="regenerate tools/rule_ids.txt from the rules directory")
    args = ap.parse_args(argv)
    if args.write_ids:
        d = rules_dir(args.rules)
        if d is None:
            print("no rules directory found (use --rules or FENGSHENG_RULES)", file=sys.stderr)
            return 2
        chars = d / "standard-characters.md"
        ids = parse_rules(
            (d / "standard.md").read_text(encoding="utf-8"),
            chars.read_text(encoding="utf-8") if chars.is_file() else None,
        )
        write_copy(ids, d)
        print(f"wrote {len(ids)} ids to {_rel(IDS_COPY)}")
        return 0
    rep = compute(args.rules, args.tests)
    if args.json:
        print(json.dumps(rep, ensure_ascii=False, indent=2))
    else:
        print(render(rep))
    return 0 if rep["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
