"""Game configuration: player count, identity distribution, variants and engine switches (S-DIST, S-VAR)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from fengsheng.core.cards import BYSTANDER, MILITARY_INTEL, UNDERGROUND
from fengsheng.errors import ConfigError

# S-DIST-1: (underground, military_intel, bystander) per player count; the optional rows of 000「红色部分」.
DISTRIBUTION: dict[int, tuple[int, int, int]] = {
    3: (1, 1, 1),
    4: (1, 1, 2),
    5: (2, 2, 1),
    6: (2, 2, 2),
    7: (3, 3, 1),
    8: (3, 3, 2),
    9: (3, 3, 3),
}
OPTIONAL_DISTRIBUTION: dict[int, tuple[int, int, int]] = {4: (2, 2, 0), 6: (3, 3, 0), 7: (2, 2, 3)}

CHARACTER_POOLS = ("base", "all")

# Variant names accepted by ``Config.with_variants`` and the CLI's ``--variant``.
VARIANTS = {
    "optional_distribution": "S-DIST-2: use the optional identity row (4, 6 or 7 players)",
    "bystander_alliance": "S-VAR-1 醬油同盟: a bystander's declared win is shared by all bystanders (2/2/2, 3/3/3)",
    "four_card_victory": "S-VAR-2: the factions need 4 red / blue intelligence instead of 3",
}


@dataclass(frozen=True)
class Config:
    """Everything that fixes a game's rules. Together with a seed and the decisions, it reproduces a game.

    * ``players``: 3 to 9 (S-DIST-4).
    * ``optional_distribution``: use the optional identity row for 4, 6 or 7 players (S-DIST-2).
    * ``bystander_alliance``: S-VAR-1 (only with 2/2/2 or 3/3/3, A-77).
    * ``four_card_victory``: S-VAR-2.
    * ``auto_pass``: skip asking a seat that has nothing but "pass" in a response window (simulation speed). Off by
      default: asking everyone hides who holds what.
    * ``characters``: play with character cards; off = the rulebook's first-game mode (S-SETUP-3).
    * ``character_pool``: ``"base"`` (the 18 characters of the 2010 rulebook) or ``"all"`` (plus the 6 complete
      supplement characters).
    * ``fixed_characters``: one character id per seat, for scenarios and tests (no selection is dealt).
    * ``player_sexes``: optional per-seat sex of the real players, ``"F"``/``"M"``/``""`` (S-CHAR-7, A-41).
    """

    players: int = 5
    optional_distribution: bool = False
    bystander_alliance: bool = False
    four_card_victory: bool = False
    auto_pass: bool = False
    characters: bool = False
    character_pool: str = "base"
    fixed_characters: tuple[str, ...] = field(default_factory=tuple)
    player_sexes: tuple[str, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 3 <= self.players <= 9:
            raise ConfigError(f"players must be an integer from 3 to 9 (S-DIST-4), not {self.players!r}")
        if self.optional_distribution and self.players not in OPTIONAL_DISTRIBUTION:
            raise ConfigError(
                f"the optional identity row exists only for 4, 6 and 7 players (S-DIST-2), not {self.players}"
            )
        if self.bystander_alliance:
            ug, mi, by = self.distribution
            if not ug == mi == by >= 2:  # 2/2/2 or 3/3/3 only, not 1/1/1
                raise ConfigError(
                    "醬油同盟 (bystander_alliance) is played with 2/2/2 or 3/3/3 identities (S-VAR-1, A-77); "
                    f"{self.players} players give {ug}/{mi}/{by}"
                )
        if self.character_pool not in CHARACTER_POOLS:
            raise ConfigError(f"character_pool must be one of {CHARACTER_POOLS}, not {self.character_pool!r}")
        if self.fixed_characters:
            if not self.characters:
                raise ConfigError("fixed_characters needs characters=True")
            if len(self.fixed_characters) != self.players:
                raise ConfigError(
                    f"fixed_characters needs one id per seat ({self.players}), got {len(self.fixed_characters)}"
                )
            from fengsheng.characters import CHARACTERS

            unknown = [c for c in self.fixed_characters if c not in CHARACTERS]
            if unknown:
                raise ConfigError(f"unknown characters {unknown}; known: {', '.join(sorted(CHARACTERS))}")
            if len(set(self.fixed_characters)) != len(self.fixed_characters):
                raise ConfigError("fixed_characters: each character card exists once")
        if self.player_sexes and len(self.player_sexes) != self.players:
            raise ConfigError(f"player_sexes needs one entry per seat ({self.players}), got {len(self.player_sexes)}")
        for s in self.player_sexes:
            if s not in ("F", "M", ""):
                raise ConfigError(f"player sex must be 'F', 'M' or '' (unknown), not {s!r}")

    @property
    def distribution(self) -> tuple[int, int, int]:
        """(underground, military_intel, bystander) identity counts (S-DIST-1)."""
        if self.optional_distribution:
            return OPTIONAL_DISTRIBUTION[self.players]
        return DISTRIBUTION[self.players]

    def identity_pool(self) -> list[str]:
        ug, mi, by = self.distribution
        return [UNDERGROUND] * ug + [MILITARY_INTEL] * mi + [BYSTANDER] * by

    @property
    def faction_target(self) -> int:
        """Red/blue intelligence a faction needs (S-ID-1/2; 4 with S-VAR-2)."""
        return 4 if self.four_card_victory else 3

    @property
    def variants(self) -> tuple[str, ...]:
        return tuple(v for v in VARIANTS if getattr(self, v))

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["player_sexes"] = list(self.player_sexes)
        d["fixed_characters"] = list(self.fixed_characters)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Config:
        names = {f.name for f in fields(cls)}
        unknown = set(d) - names
        if unknown:
            raise ConfigError(f"unknown config keys: {sorted(unknown)}")
        kw = dict(d)
        for key in ("player_sexes", "fixed_characters"):
            if key in kw:
                kw[key] = tuple(kw[key])
        return cls(**kw)

    def with_variants(self, names: list[str] | tuple[str, ...]) -> Config:
        """A copy with the named variants switched on (see ``VARIANTS``)."""
        kw = self.to_dict()
        for n in names:
            if n not in VARIANTS:
                raise ConfigError(f"unknown variant {n!r}; variants are {', '.join(VARIANTS)}")
            kw[n] = True
        return Config.from_dict(kw)
