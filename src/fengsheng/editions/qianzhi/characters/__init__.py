"""千智风声's characters (Q-CHAR, QC-*): every module here that defines ``CHARACTER``, with the texts of seed 001.

The one text set is ``001`` (``data/characters-001.json``: the 30 characters of 001, zh verbatim in traditional
characters, en by the project). A character is hidden if a skill reads 「翻開此角色」 (13 of them), 蝮蛇 excepted,
which 001 lists among the ordinary ones (A-88, Q-CHAR-4). Only the characters whose module exists are dealt: the
texts of the others are data waiting for their rules (docs/qianzhi.md lists them). Setup is the shared one: two
characters dealt to each player, who keeps one; hidden ones go face down (蓋伏), ordinary ones face up (Q-SETUP-1).

A character that shares its name with a standard one reuses the standard rule classes where 001's text says the
same, re-bound to the 千智 character id (a subclass naming ``character`` and ``skill_id``), and has its own classes
where it differs (Q-CHAR-1/2: flip skills work face down, ordinary skills face up; some ordinary skills cover).

Skills place intelligence from the hand unless a text says otherwise (Q-TERM-8: ``characters.base.place_from_hand``);
a mission is a victory condition only for a 打酱油的 (Q-CHAR-3, ``characters.base.Mission``); the sexes are data
(Q-TERM-1: a covered character has none; 小白 is both); covering is the shared ``Game.cover`` and never applies to a
covered card (Q-TERM-7).

Implements: Q-CHAR-1, Q-CHAR-2, Q-CHAR-3, Q-CHAR-4, Q-COMP-4, Q-SETUP-1, Q-TERM-1, Q-TERM-7, Q-TERM-8.
"""

from __future__ import annotations

from fengsheng.characters import CharacterDef, discover

TEXT_SETS: tuple[str, ...] = ("001",)


def load_characters(text_set: str) -> dict[str, CharacterDef]:
    return discover(__name__, "qianzhi", text_set)


__all__ = ["TEXT_SETS", "load_characters"]
