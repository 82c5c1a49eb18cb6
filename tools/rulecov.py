#!/usr/bin/env python3
"""Rule-id coverage: which rule ids of the specification are cited by a test.

    python tools/rulecov.py [--json] [--rules DIR] [--tests DIR] [--write-ids]

The rule ids are the bullets ``* **S-XXX-n`` / ``* **S-CARD-XXX-n`` of ``standard.md``, the ``| S-TERM-n |`` rows of
its glossary table, its worked examples (``EX-n``) and, if present, the ``* **C-NAME-n`` bullets of
``standard-characters.md``. By default they are read from the repository's own copy, ``tools/rule_ids.txt``: the tool
reads nothing outside the repository unless told to. ``--rules DIR`` or ``$FENGSHENG_RULES`` names an external rules
directory to read them from instead (with a warning where the copy differs); ``--write-ids`` regenerates the copy from
it.

A test covers an id when its function name carries it with dashes as underscores: ``test_S_PRIO_7_…`` covers
S-PRIO-7, ``test_S_CARD_LOCK_3_…`` S-CARD-LOCK-3, ``test_EX_1_…`` EX-1, ``test_C_LAO_GUI_1_…`` C-LAO_GUI-1. A name may
carry several ids.

Every section is in scope: all S- ids of standard.md (SETUP … VAR, TRIG, CHAR, COMP, TERM), the worked examples (EX)
and the character skills (C). An in-scope id must be covered or listed in ``WAITING`` (with a reason); the waiting ids
may be at most 10% of the in-scope ids (the list is empty since the characters exist).

The 千智风声 edition's ids come from ``qianzhi.md``: the bullets ``* **Q-XXX-n``, the card rows ``| **Q-CARD-XXX** |``,
the ``| Q-TERM-n |`` rows, the table heading ``(Q-CARD-TABLE)`` and the character skills ``* **QC-NAME-n``. A test
covers one as above (``test_Q_PASS_3_…`` Q-PASS-3, ``test_Q_CARD_SWAP_…`` Q-CARD-SWAP, ``test_Q_CARD_PROBE_1_…``
Q-CARD-PROBE-1, ``test_QC_LAO_GUI_1_…`` QC-LAO_GUI-1). Every Q- section is in scope; a Q- id must be covered or
listed in ``Q_WAITING`` (the rules that need the 千智风声 characters or modes, a later step; they do not count towards
the S- limit, which stays as it is); the QC- skills of the characters not implemented yet wait too. Every in-scope Q-
id that is not waiting must be implemented by exactly one module of ``editions/qianzhi/`` (its ``Implements:``
paragraph), and an ``Implements:`` entry must be an id of the specification.

The same command checks where each S- id is *implemented*. A module of ``src/fengsheng`` implements the ids listed in
the ``Implements:`` paragraph of its module docstring (ids separated by commas, ``S-TURN-1..8`` for a range, up to the
next blank line); any other citation of an id, anywhere in a module (prose, comments, a ``rule_id``), only *mentions*
it. Every S- id of the specification must be implemented by exactly one module, and that module must be a home of the
id's section (:data:`HOMES`; ``S-CARD-<TYPE>`` in ``cards/<type>.py``), or the module named for that id in
:data:`ELSEWHERE`, the few rules whose code lives outside their section's module, each with the reason.

    python tools/rulecov.py --where S-PRIO-9    # the implementing module and the mentions of one id

Exit status 0 when the coverage and the implementation map both hold, 1 otherwise.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
IDS_COPY = REPO / "tools" / "rule_ids.txt"
TESTS_DIR = REPO / "tests"
SRC_DIR = REPO / "src" / "fengsheng"

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
    "TRIG",
    "CHAR",
    "COMP",
    "TERM",
    "EX",
    "C",
)
OUT_OF_SCOPE: tuple[str, ...] = ()
WAITING_LIMIT = 0.10

# In-scope ids that cannot be tested before the characters exist, with the reason. Keep this list minimal: an id
# whose mechanism the engine has is tested through a test-only Rule instead.
WAITING: dict[str, str] = {}

# 千智风声 ids that wait (none: every character is implemented; an id listed here must say why).
Q_WAITING: dict[str, str] = {}
Q_HOMES = ("editions/qianzhi/*",)
"""Where the 千智风声 ids are implemented: the edition's package (its shared rules say so in its __init__)."""

_BULLET = re.compile(r"^\s*[*-]\s+\*\*((?:S|C)-[A-Z][A-Z_]*(?:-[A-Z][A-Z_]*)*-\d+)\b\**(.*)$")
_TERM_ROW = re.compile(r"^\|\s*(S-TERM-\d+)\s*\|\s*([^|]*)\|\s*([^|]*)\|")
_EXAMPLE = re.compile(r"^#+\s*Worked example (EX-\d+)\s*(.*)$")
_Q_BULLET = re.compile(r"^\s*[*-]\s+\*\*(QC?-[A-Z][A-Z_]*(?:-[A-Z][A-Z_]*)*(?:-\d+)?)\b\**(.*)$")
_Q_CARD_ROW = re.compile(r"^\|\s*\*\*(Q-CARD-[A-Z]+)\*\*\s*([^|]*)\|\s*([^|]*)\|")
_Q_TERM_ROW = re.compile(r"^\|\s*(Q-TERM-\d+)\s*\|\s*([^|]*)\|\s*([^|]*)\|")
_Q_HEADING = re.compile(r"^#+\s*(.*?)\s*\((Q-[A-Z]+-[A-Z]+)\)\s*$")

_NAME_IDS = re.compile(
    r"(?<![A-Za-z0-9])(?:"
    r"S_(?P<s>CARD_[A-Z]+|[A-Z]+)_(?P<sn>\d+)"
    r"|EX_(?P<ex>\d+)"
    r"|C_(?P<c>[A-Z][A-Z_]*?)_(?P<cn>\d+)"
    r"|QC_(?P<qc>[A-Z][A-Z_]*?)_(?P<qcn>\d+)"
    r"|Q_(?P<qcard>CARD_[A-Z]+)(?:_(?P<qcardn>\d+))?"
    r"|Q_(?P<q>[A-Z]+)_(?P<qn>\d+)"
    r")(?![0-9])"
)


# ---------------------------------------------------------------------------------------------------------------
# Rule ids
# ---------------------------------------------------------------------------------------------------------------


def _short(text: str, limit: int = 90) -> str:
    text = re.sub(r"\s+", " ", text.replace("**", "")).strip(" .:")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse_rules(standard: str, characters: str | None = None, qianzhi: str | None = None) -> dict[str, str]:
    """Rule ids (in document order) with a short title, from the text of standard.md (and standard-characters.md,
    and qianzhi.md)."""
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
    ids.update(parse_qianzhi(qianzhi or ""))
    return ids


def parse_qianzhi(text: str) -> dict[str, str]:
    """The 千智风声 rule ids (in document order) with a short title, from the text of qianzhi.md."""
    ids: dict[str, str] = {}
    for line in text.splitlines():
        m = _Q_BULLET.match(line)
        if m:
            ids.setdefault(m.group(1), _short(m.group(2)))
            continue
        m = _Q_CARD_ROW.match(line) or _Q_TERM_ROW.match(line)
        if m:
            ids.setdefault(m.group(1), _short(f"{m.group(2)}: {m.group(3)}"))
            continue
        m = _Q_HEADING.match(line)
        if m:
            ids.setdefault(m.group(2), _short(m.group(1)))
    return ids


def rules_dir(explicit: str | None = None) -> Path | None:
    """The external rules directory named by ``explicit`` or ``$FENGSHENG_RULES``; None if neither names one."""
    cand = explicit or os.environ.get("FENGSHENG_RULES")
    if not cand:
        return None
    if not (Path(cand) / "standard.md").is_file():
        raise SystemExit(f"rulecov: {cand} is not a rules directory (no standard.md there)")
    return Path(cand)


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
        f"# from the specification's {source.name}/standard.md, standard-characters.md and qianzhi.md: the repository's "
        "own copy, which the tool reads by default.",
        "# Format: id<TAB>short title",
    ]
    lines += [f"{rid}\t{title}" for rid, title in ids.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _read_rules(d: Path) -> dict[str, str]:
    """The ids of the rules directory ``d`` (standard.md, and standard-characters.md and qianzhi.md if present)."""
    chars, qz = d / "standard-characters.md", d / "qianzhi.md"
    return parse_rules(
        (d / "standard.md").read_text(encoding="utf-8"),
        chars.read_text(encoding="utf-8") if chars.is_file() else None,
        qz.read_text(encoding="utf-8") if qz.is_file() else None,
    )


def load_ids(explicit: str | None = None) -> tuple[dict[str, str], str, list[str]]:
    """(ids, where they came from, warnings)."""
    warnings: list[str] = []
    d = rules_dir(explicit)
    if d is not None:
        ids = _read_rules(d)
        if IDS_COPY.is_file():
            if list(read_copy()) != list(ids):
                warnings.append(f"{_rel(IDS_COPY)} differs from {d}: run `tools/rulecov.py --write-ids`")
        else:
            warnings.append(f"{_rel(IDS_COPY)} is missing: run `tools/rulecov.py --write-ids`")
        return ids, str(d / "standard.md"), warnings
    if not IDS_COPY.is_file():
        raise SystemExit(f"no {IDS_COPY} (and no rules directory named by --rules or FENGSHENG_RULES)")
    return read_copy(), _rel(IDS_COPY), warnings


def section(rid: str) -> str:
    if rid.startswith("EX-"):
        return "EX"
    if rid.startswith("C-"):
        return "C"
    if rid.startswith("QC-"):
        return "QC"
    if rid.startswith("Q-"):
        return "Q-" + rid.split("-")[1]  # Q-CARD-SWAP -> Q-CARD, Q-PASS-3 -> Q-PASS
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
        elif m.group("c") is not None:
            out.append(f"C-{m.group('c')}-{m.group('cn')}")
        elif m.group("qc") is not None:
            out.append(f"QC-{m.group('qc')}-{m.group('qcn')}")
        elif m.group("qcard") is not None:
            n = m.group("qcardn")
            out.append(f"Q-{m.group('qcard').replace('_', '-')}" + (f"-{n}" if n else ""))
        else:
            out.append(f"Q-{m.group('q')}-{m.group('qn')}")
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
# Where each S- id is implemented
# ---------------------------------------------------------------------------------------------------------------

# The modules (relative to src/fengsheng, ``*`` = any name) where each section's rules live.
HOMES: dict[str, tuple[str, ...]] = {
    "COMP": (  # the components: the deck, the identity cards, the characters, the play areas
        "core/cards.py",
        "cards/__init__.py",
        "cards/base.py",
        "editions/*/__init__.py",
        "editions/*/deck.py",
        "editions/*/identities.py",
        "editions/*/characters/__init__.py",
        "engine/state.py",
    ),
    "INTEL": ("core/cards.py", "rules/victory.py", "engine/primitives.py"),
    "ID": ("rules/victory.py", "editions/*/identities.py"),
    "DIST": ("flow/setup.py", "editions/*/identities.py"),
    "SETUP": ("flow/setup.py", "editions/*/identities.py"),
    "TURN": ("flow/turn.py",),
    "PRIO": ("flow/window.py",),
    "PASS": ("flow/passing.py", "flow/route.py"),
    "METH": ("flow/passing.py", "flow/route.py"),
    "PREC": (
        "cards/lock.py",
        "cards/lure_away.py",
        "cards/intercept.py",
        "cards/return_.py",
        "flow/passing.py",
        "flow/route.py",
    ),
    "DEATH": ("flow/settle.py",),
    "LOSE": ("flow/settle.py",),
    "WIN": ("flow/settle.py",),
    "TRIG": ("flow/settle.py",),
    "CHAR": ("characters/*.py", "editions/*/characters/*.py", "engine/primitives.py"),
    "TERM": ("characters/*.py", "editions/*/characters/*.py", "engine/primitives.py"),
    "VAR": ("config.py", "rules/victory.py", "editions/*/identities.py"),
}
# S-CARD-<TYPE>-n lives in cards/<module>.py (or an edition's own module for that type).
CARD_MODULES = {
    "LOCK": "lock",
    "LURE": "lure_away",
    "INTERCEPT": "intercept",
    "RETURN": "return_",
    "DECODE": "decode",
    "BURN": "burn",
    "SEE": "see_through",
    "PROBE": "probe",
    "TOF": "true_or_false",
}

# Rules implemented outside their section's modules, by decision: (module, why). Most restate another id, whose
# code they share.
ELSEWHERE: dict[str, tuple[str, str]] = {
    "S-TURN-9": ("cards/base.py", "where a used card goes is CardHandler.dispose (试探's own in cards/probe.py)"),
    "S-PRIO-1": ("cards/base.py", "CardHandler.can_use: a rule's permission beats the card's own restriction"),
    "S-PRIO-9": ("flow/settle.py", "automatic skills are the triggers of S-TRIG-1 (the Triggers frame)"),
    "S-PASS-13": ("cards/base.py", "the steps a card may be used in are each card type's CardHandler.windows"),
    "S-DEATH-6": ("characters/base.py", "Skill.active: a face-down character's skills, death skills too, are off"),
    "S-DEATH-7": ("flow/passing.py", "a pass goes on past a dead player: S-PASS-11 and S-PASS-7"),
    "S-WIN-2": ("rules/victory.py", "who shares a win is each victory rule's winners()"),
    "S-WIN-9": ("rules/victory.py", "the same rule as S-ID-4 (BystanderMission.can_declare)"),
    "S-TRIG-3": ("flow/window.py", "the same rules as S-PRIO-8 and S-PRIO-6 (order of use, LIFO)"),
    "S-TRIG-4": (
        "flow/window.py",
        "a cancelled use never resolves, so its effect's events and their triggers never happen",
    ),
    "S-ID-5": ("views.py", "identities are secret in every view until revealed"),
    "S-CHAR-6": ("cards/see_through.py", "识破 targets card uses only: the same rule as S-CARD-SEE-5"),
    "S-CHAR-7": ("core/state.py", "Seat.sex_matches"),
    "S-TERM-13": ("flow/window.py", "the same rule as S-TRIG-4"),
    "S-TERM-14": ("views.py", "the discard pile is in every view"),
    "S-TERM-15": ("core/state.py", "the same rule as S-CHAR-7 (Seat.sex_matches)"),
    "S-TERM-16": ("flow/settle.py", "the same rule as S-WIN-7 (the Declaration frame)"),
}

_CITE = re.compile(r"(?<![A-Za-z0-9_-])(S-(?:CARD-[A-Z]+|[A-Z]+))-(\d+)((?:(?:\.\.|/)\d+)*)(?![0-9])")
_IMPLEMENTS = re.compile(r"^[ \t]*Implements:(.*?)(?=\n[ \t]*\n|\Z)", re.M | re.S)
_ENTRY = re.compile(r"(S-(?:CARD-[A-Z]+|[A-Z]+))-(\d+)(?:\.\.(\d+))?")
_Q_ENTRY = re.compile(r"(Q-(?:CARD-[A-Z]+|[A-Z]+))(?:-(\d+)(?:\.\.(\d+))?)?")
_QC_ENTRY = re.compile(r"QC-[A-Z][A-Z_]*-\d+")


def expand(text: str) -> list[str]:
    """Every S- id cited in ``text``; ``S-PASS-1..3`` and ``S-PREC-1/2`` stand for several."""
    out: list[str] = []
    for m in _CITE.finditer(text):
        nums = [int(m.group(2))]
        for sep, n in re.findall(r"(\.\.|/)(\d+)", m.group(3)):
            nums += list(range(nums[-1] + 1, int(n) + 1)) if sep == ".." else [int(n)]
        out += [f"{m.group(1)}-{k}" for k in nums]
    return out


def implements(doc: str) -> tuple[list[str], list[str], tuple[int, int] | None]:
    """(ids, malformed entries, span of the paragraph) of the ``Implements:`` paragraph of a module docstring."""
    m = _IMPLEMENTS.search(doc)
    if m is None:
        return [], [], None
    ids: list[str] = []
    bad: list[str] = []
    for item in m.group(1).replace("\n", " ").split(","):
        item = item.strip().rstrip(".")
        e = _ENTRY.fullmatch(item)
        if e is None and _QC_ENTRY.fullmatch(item):
            ids.append(item)  # a 千智风声 character skill (QC-LAO_GUI-1)
            continue
        if e is None:
            q = _Q_ENTRY.fullmatch(item)
            if q is None or (q.group(2) is None and not q.group(1).startswith("Q-CARD-")):
                bad.append(item)
                continue
            if q.group(2) is None:
                ids.append(q.group(1))  # a card of 千智风声 (Q-CARD-SWAP): an id without a number
                continue
            e = q
        first, last = int(e.group(2)), int(e.group(3) or e.group(2))
        if last < first:
            bad.append(item)
            continue
        ids += [f"{e.group(1)}-{k}" for k in range(first, last + 1)]
    return ids, bad, m.span()


def homes(rid: str) -> tuple[str, ...]:
    """The module patterns where ``rid`` may be implemented (its section's, or its :data:`ELSEWHERE` module)."""
    sec = section(rid)
    if sec == "CARD":
        mod = CARD_MODULES.get(rid.split("-")[2])
        base: tuple[str, ...] = (f"cards/{mod}.py", f"editions/*/cards/{mod}.py") if mod else ()
    else:
        base = HOMES.get(sec, ())
    return base + ((ELSEWHERE[rid][0],) if rid in ELSEWHERE else ())


def in_homes(module: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(module, p) for p in patterns)


def scan_sources(src_dir: Path = SRC_DIR) -> dict[str, dict[str, list[str]]]:
    """Per module (path relative to ``src_dir``): the ids it ``implements``, the ids it ``mentions`` and the
    ``malformed`` entries of its Implements paragraph."""
    out: dict[str, dict[str, list[str]]] = {}
    for path in sorted(src_dir.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        try:
            tree = ast.parse(text, filename=str(path))
        except SyntaxError:
            continue
        doc = ast.get_docstring(tree, clean=False) or ""
        ids, bad, span = implements(doc)
        rest = text
        if span is not None:
            rest = text.replace(doc[span[0] : span[1]], "", 1)
        out[path.relative_to(src_dir).as_posix()] = {"implements": ids, "mentions": expand(rest), "malformed": bad}
    return out


def compute_implementation(ids: dict[str, str], src_dir: Path = SRC_DIR) -> dict[str, Any]:
    """The implementation map of the S- ids: where each is implemented and mentioned, and what is wrong."""
    modules = scan_sources(src_dir)
    s_ids = [r for r in ids if r.startswith("S-")]
    implemented: dict[str, list[str]] = {}
    mentioned: dict[str, list[str]] = {}
    for mod, found in modules.items():
        for rid in dict.fromkeys(found["implements"]):
            implemented.setdefault(rid, []).append(mod)
        for rid in dict.fromkeys(found["mentions"]):
            mentioned.setdefault(rid, []).append(mod)
    missing = [r for r in s_ids if r not in implemented]
    twice = {r: implemented[r] for r in s_ids if len(implemented.get(r, [])) > 1}
    misplaced = {
        r: implemented[r][0]
        for r in s_ids
        if len(implemented.get(r, [])) == 1 and not in_homes(implemented[r][0], homes(r))
    }
    unknown = {r: mods for r, mods in implemented.items() if r not in ids}
    q_ids = [r for r in ids if r.startswith(("Q-", "QC-")) and r not in Q_WAITING]
    q_missing = [r for r in q_ids if r not in implemented]
    q_twice = {r: implemented[r] for r in q_ids if len(implemented.get(r, [])) > 1}
    q_misplaced = {
        r: implemented[r][0]
        for r in q_ids
        if len(implemented.get(r, [])) == 1 and not in_homes(implemented[r][0], Q_HOMES)
    }
    malformed = {mod: found["malformed"] for mod, found in modules.items() if found["malformed"]}
    elsewhere_used = [r for r in ELSEWHERE if implemented.get(r) == [ELSEWHERE[r][0]]]
    stale = sorted(r for r in ELSEWHERE if r not in elsewhere_used)
    problems = []
    if missing:
        problems.append(f"{len(missing)} S- id(s) implemented nowhere")
    if twice:
        problems.append(f"{len(twice)} S- id(s) implemented by more than one module")
    if misplaced:
        problems.append(f"{len(misplaced)} S- id(s) implemented outside their section's modules")
    if unknown:
        problems.append("Implements lines cite ids that are not in the specification: " + ", ".join(sorted(unknown)))
    if malformed:
        problems.append(f"malformed Implements entries in {len(malformed)} module(s)")
    if q_missing:
        problems.append("千智风声 ids implemented nowhere: " + ", ".join(q_missing))
    if q_twice:
        problems.append("千智风声 ids implemented by more than one module: " + ", ".join(q_twice))
    if q_misplaced:
        problems.append("千智风声 ids implemented outside editions/qianzhi/: " + ", ".join(q_misplaced))
    warnings = []
    if stale:
        warnings.append(
            "ELSEWHERE entries not implemented in the module they name (remove or fix): " + ", ".join(stale)
        )
    sections: dict[str, dict[str, int]] = {}
    for r in s_ids:
        row = sections.setdefault(section(r), {"total": 0, "home": 0, "elsewhere": 0, "misplaced": 0, "missing": 0})
        row["total"] += 1
        if r in missing:
            row["missing"] += 1
        elif r in misplaced or r in twice:
            row["misplaced"] += 1
        elif r in elsewhere_used:
            row["elsewhere"] += 1
        else:
            row["home"] += 1
    by_module: dict[str, int] = {}
    for r in s_ids:
        for mod in implemented.get(r, []):
            by_module[mod] = by_module.get(mod, 0) + 1
    return {
        "implemented": {r: implemented[r] for r in s_ids if r in implemented},
        "qianzhi_implemented": {r: implemented[r] for r in ids if r.startswith(("Q-", "QC-")) and r in implemented},
        "mentioned": {r: mentioned.get(r, []) for r in s_ids},
        "sections": sections,
        "modules": dict(sorted(by_module.items(), key=lambda kv: (-kv[1], kv[0]))),
        "elsewhere": {r: {"module": ELSEWHERE[r][0], "why": ELSEWHERE[r][1]} for r in elsewhere_used},
        "missing": missing,
        "twice": twice,
        "misplaced": {r: {"module": m, "homes": list(homes(r))} for r, m in misplaced.items()},
        "unknown": unknown,
        "malformed": malformed,
        "warnings": warnings,
        "problems": problems,
        "ok": not problems,
    }


def render_implementation(imp: dict[str, Any]) -> str:
    out = ["Implementation map: the module whose docstring's Implements: lists each S- id", ""]
    head = f"  {'section':<8} {'home':>6} {'elsewhere':>10} {'misplaced':>10} {'missing':>8} {'total':>6}"
    out.append(head)
    tot = {"home": 0, "elsewhere": 0, "misplaced": 0, "missing": 0, "total": 0}
    for name, row in imp["sections"].items():
        out.append(
            f"  {name:<8} {row['home']:>6} {row['elsewhere']:>10} {row['misplaced']:>10} {row['missing']:>8}"
            f" {row['total']:>6}"
        )
        for k in tot:
            tot[k] += row[k]
    out.append(
        f"  {'total':<8} {tot['home']:>6} {tot['elsewhere']:>10} {tot['misplaced']:>10} {tot['missing']:>8}"
        f" {tot['total']:>6}"
    )
    out += ["", "Implementing modules (S- ids each):"]
    out += [f"  {n:>3}  {mod}" for mod, n in imp["modules"].items()]
    if imp["elsewhere"]:
        out += ["", "Outside their section's modules, by decision (ELSEWHERE):"]
        out += [f"  {r:<12} {e['module']:<22} {e['why']}" for r, e in imp["elsewhere"].items()]
    if imp["missing"]:
        out += ["", "Implemented nowhere: " + ", ".join(imp["missing"])]
    for r, mods in imp["twice"].items():
        out.append(f"Implemented twice: {r} in " + ", ".join(mods))
    for r, m in imp["misplaced"].items():
        out.append(f"Misplaced: {r} is implemented in {m['module']}; its homes: " + ", ".join(m["homes"]))
    for mod, bad in imp["malformed"].items():
        out.append(f"Malformed Implements entries in {mod}: " + ", ".join(repr(b) for b in bad))
    for w in imp["warnings"]:
        out += ["", f"warning: {w}"]
    return "\n".join(out)


def where(rid: str, imp: dict[str, Any]) -> str:
    mods = imp["implemented"].get(rid, [])
    lines = [f"{rid}: implemented in " + (", ".join(mods) if mods else "no module")]
    if rid in imp["elsewhere"]:
        lines.append(f"  outside its section's modules: {imp['elsewhere'][rid]['why']}")
    lines.append("  homes: " + ", ".join(homes(rid)))
    mentions = imp["mentioned"].get(rid, [])
    lines.append("  mentioned in: " + (", ".join(mentions) if mentions else "no module"))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------------------------------------------


def compute(rules: str | None = None, tests: str | None = None, src: str | None = None) -> dict[str, Any]:
    """The coverage report, with the implementation map under ``implementation`` (``ok`` needs both)."""
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
    q_sections = list(dict.fromkeys(section(r) for r in ids if r.startswith(("Q-", "QC-"))))
    for sec in (*IN_SCOPE, *q_sections, *OUT_OF_SCOPE):
        sec_ids = [r for r in ids if section(r) == sec]
        if not sec_ids and sec not in IN_SCOPE:
            continue
        wait = Q_WAITING if sec in q_sections else WAITING
        covered = [r for r in sec_ids if r in covering]
        waiting = [r for r in sec_ids if r not in covering and r in wait]
        missing = [r for r in sec_ids if r not in covering and r not in wait]
        sections[sec] = {
            "in_scope": sec in IN_SCOPE or sec in q_sections,
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

    # the standard edition's ids (the waiting limit is theirs); the 千智风声 ids are counted apart
    scope = [s for name, s in sections.items() if s["in_scope"] and name not in q_sections]
    q_scope = [s for name, s in sections.items() if name in q_sections]
    total = sum(s["total"] for s in scope)
    n_cov = sum(len(s["covered"]) for s in scope)
    n_wait = sum(len(s["waiting"]) for s in scope)
    missing = [r for s in scope for r in s["missing"]]
    q_missing = [r for s in q_scope for r in s["missing"]]
    pct = n_wait / total if total else 0.0
    problems = []
    if missing:
        problems.append(f"{len(missing)} in-scope id(s) neither covered nor waiting for characters")
    if q_missing:
        problems.append(f"{len(q_missing)} 千智风声 id(s) neither covered nor waiting")
    if pct > WAITING_LIMIT:
        problems.append(f"waiting ids are {pct:.1%} of the in-scope ids (limit {WAITING_LIMIT:.0%})")
    stale = sorted(r for r in (*WAITING, *Q_WAITING) if r in covering)
    if stale:
        warnings.append("covered ids still on the waiting list (remove them): " + ", ".join(stale))
    not_ids = sorted(r for r in (*WAITING, *Q_WAITING) if r not in ids)
    if not_ids:
        warnings.append("waiting-list entries that are not rule ids: " + ", ".join(not_ids))
    if unknown:
        warnings.append("test names cite ids that are not in the specification: " + ", ".join(sorted(unknown)))
    imp = compute_implementation(ids, Path(src) if src else SRC_DIR)
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
        "qianzhi": {
            "total": sum(s["total"] for s in q_scope),
            "covered": sum(len(s["covered"]) for s in q_scope),
            "waiting": {r: Q_WAITING[r] for s in q_scope for r in s["waiting"]},
            "missing": q_missing,
        },
        "covering": covering,
        "unknown": unknown,
        "titles": ids,
        "warnings": warnings,
        "problems": problems,
        "implementation": imp,
        "ok": not problems and imp["ok"],
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
    qz = rep["qianzhi"]
    if qz["total"]:
        out += [
            "",
            f"千智风声 (Q-): {qz['covered']} covered, {len(qz['waiting'])} waiting, {len(qz['missing'])} missing "
            f"of {qz['total']}",
        ]
        out += [f"  {rid:<18} waiting: {why}" for rid, why in qz["waiting"].items()]
        out += [f"  {rid:<18} missing: {rep['titles'].get(rid, '')}" for rid in qz["missing"]]
    if any(not s["in_scope"] for s in rep["sections"].values()):
        out += ["", "Out of scope (reported only)", head, *rows(False)]
    for name, s in rep["sections"].items():
        if not s["in_scope"] and s["missing"] and name != "C":
            out.append(f"  {name} uncovered: " + ", ".join(s["missing"]))
    for w in rep["warnings"]:
        out += ["", f"warning: {w}"]
    out += ["", render_implementation(rep["implementation"]), ""]
    problems = rep["problems"] + rep["implementation"]["problems"]
    out.append("OK" if rep["ok"] else "FAIL: " + "; ".join(problems))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Rule-id coverage of the tests (see the module docstring).")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    ap.add_argument("--rules", help="an external rules directory (default: $FENGSHENG_RULES, else the copy tools/rule_ids.txt)")
    ap.add_argument("--tests", help="the tests directory (default: tests/ of this repository)")
    ap.add_argument("--src", help="the source package (default: src/fengsheng of this repository)")
    ap.add_argument("--where", metavar="ID", help="print where one S- id is implemented and mentioned")
    ap.add_argument("--write-ids", action="store_true", help="regenerate tools/rule_ids.txt from the rules directory")
    args = ap.parse_args(argv)
    if args.write_ids:
        d = rules_dir(args.rules)
        if d is None:
            print("no rules directory found (use --rules or FENGSHENG_RULES)", file=sys.stderr)
            return 2
        ids = _read_rules(d)
        write_copy(ids, d)
        print(f"wrote {len(ids)} ids to {_rel(IDS_COPY)}")
        return 0
    rep = compute(args.rules, args.tests, args.src)
    if args.where:
        print(where(args.where, rep["implementation"]))
        return 0 if args.where in rep["implementation"]["implemented"] else 1
    if args.json:
        print(json.dumps(rep, ensure_ascii=False, indent=2))
    else:
        print(render(rep))
    return 0 if rep["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
