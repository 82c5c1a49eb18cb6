"""大美女 Great Beauty — ordinary, female (qianzhi.md §12 no. 6).

* QC-DA_MEI_NV-1 精明: 「你的抽牌階段改為抽三張牌」: she draws three in her draw phase (Q-TURN-1's exception); nothing
  goes back (the standard puts one back).
* QC-DA_MEI_NV-2 愛情: 「在你的出牌階段，翻開你的身份牌，然後燒毀二張黑情報」: in the play window of her own turn, while
  face up and her identity is still hidden (revealing it is the cost, so once per game, A-43), and while at least one
  black intelligence lies in front of a player in the game (Q-PRIO-2: there must be a target). R-34: the two are
  chosen when it resolves, anywhere on the table (one player or two, herself included), one after the other; with
  only one there, she burns that one. A skill: it resolves at once (Q-PRIO-4).
* Mission: 「當一位男性角色宣告勝利時，你獲得的黑情報少於等於一張」: a co-win when a face-up **male character** declares
  (A-41; 小白 counts) and she holds at most one black intelligence; only the declarer's effects fire (Q-TERM-5).
  001 has no fallback (the standard 000's "kill everyone" when no man is at the table).

Implements: QC-DA_MEI_NV-1, QC-DA_MEI_NV-2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fengsheng.characters.base import CharacterDef, Skill
from fengsheng.editions.qianzhi.characters._common import own_play_phase
from fengsheng.editions.standard.characters import da_mei_nv as std

if TYPE_CHECKING:
    from fengsheng.core.options import Option
    from fengsheng.core.state import Use
    from fengsheng.flow.window import Window
    from fengsheng.game import Game

CID = "qianzhi.da_mei_nv"
DRAW = 3
BURNS = 2


class Shrewd(Skill):  # 精明
    __slots__ = ()
    character = CID
    skill_id = "QC-DA_MEI_NV-1"

    def draw_count(self, g: Game, seat: int, count: int) -> int:
        return DRAW if seat == self.owner and self.active(g) else count


def _black_on_table(g: Game, exclude: list[int] | None = None) -> list[tuple[int, int]]:
    return [(s.index, c) for s in g.seats if s.in_game for c in s.intel if g.is_black[c] and c not in (exclude or ())]


class Love(Skill):  # 愛情
    __slots__ = ()
    face = True  # its actions need Skill.active (face up)
    character = CID
    skill_id = "QC-DA_MEI_NV-2"

    def actions(self, g: Game, seat: int, window: Window) -> list[Option]:
        if (
            seat != self.owner
            or not own_play_phase(g, seat, window)
            or not self.active(g)
            or g.seats[seat].identity_revealed
            or not _black_on_table(g)
        ):
            return []
        return [self.option()]

    def play(self, g: Game, option: Option, window: Window) -> Use:
        g.reveal_identity(self.owner)  # the cost
        self.log(g)
        return g.new_use(self.owner, self.key)

    def resolve(self, g: Game, use: Use) -> None:
        self._ask(g, {"chosen": []})

    def _ask(self, g: Game, data: dict[str, Any]) -> None:
        left = _black_on_table(g, [c for _, c in data["chosen"]])
        if len(data["chosen"]) >= BURNS or not left:
            for seat, c in data["chosen"]:
                g.burn_intel(seat, c, by=self.owner)
            return
        self.choose_intel(g, left, self._chosen, data)

    def _chosen(self, g: Game, option: Option, data: dict[str, Any]) -> None:
        data["chosen"].append((option.target, option.ref))
        self._ask(g, data)


class DaMeiNvMission(std.DaMeiNvMission):  # a male character declares, she holds at most one black; no fallback
    __slots__ = ()
    character = CID
    has_fallback = False


CHARACTER = CharacterDef(CID, rules=(Shrewd, Love, DaMeiNvMission))


# ======================================================================================================================
# Bot knowledge: how a bot plays this character (read by fengsheng.bots through fengsheng.bots.ai). No rule here.
# ======================================================================================================================
from fengsheng.bots.ai import CharacterAI, Deciding, SkillAI  # noqa: E402
from fengsheng.bots.skills import REVEAL_COST, removal  # noqa: E402
from fengsheng.core.cards import BLACK  # noqa: E402
from fengsheng.core.state import W_PLAY  # noqa: E402


def _love_gain(pos: Deciding, o: Option, context: str) -> float:
    """愛情, in her own play phase: two black intelligence burned, the best pair on the table (two must go when two
    lie there, whoever they hurt), at the price of her identity (less as a bystander, who has no side to betray)."""
    if context != W_PLAY or pos.view.get("current") != pos.seat:
        return -1.0
    singles: list[float] = []  # per seat: the removal of one of his black intelligence
    pairs: list[float] = []  # per seat with two or more: the removal of two
    for s in range(pos.n):
        k = pos.counts[s][2]
        if not pos.in_game[s] or k < 1:
            continue
        one = -pos.value(s, BLACK, extra=-1)
        singles.append(one)
        if k >= 2:
            pairs.append(one - pos.value(s, BLACK, extra=-2))
    if not singles:
        return -1.0
    singles.sort(reverse=True)
    if len(singles) == 1 and not pairs:
        best = singles[0]
    else:
        best = max([*pairs, *([singles[0] + singles[1]] if len(singles) >= 2 else [])])
    bystander = (pos.view.get("me") or {}).get("identity") == "bystander"
    return best - REVEAL_COST * (0.5 if bystander else 1.0)


# rank: the win rate (%) in 001 HeuristicBot self-play, bench/ranks.py (5 players, 3,000 games, seed 0)
AI = CharacterAI(rank=46, skills={Love: SkillAI(gain=_love_gain, intel=removal)})
"""精明 and the mission need no decision; 愛情 when burning two black intelligence is worth her identity (her own
false intelligence counts: her mission wants at most one)."""
