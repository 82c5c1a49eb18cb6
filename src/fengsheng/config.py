"""Game configuration: the edition, player count, identity distribution, variants and engine switches (S-DIST, S-VAR).

What an edition fixes (its identity table, player range, characters and text sets) comes from the edition object
(``fengsheng.editions``); the config only names it.

The first game of S-VAR-3 is Config(players=4 or 6, optional_distribution=True): characters are off by default.

Implements: S-VAR-3.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import TYPE_CHECKING, Any

from fengsheng.core.options import quote
from fengsheng.editions import get_edition
from fengsheng.errors import ConfigError

if TYPE_CHECKING:
    from fengsheng.editions.base import Edition

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

    * ``edition``: the edition played (``"standard"``, the default); see ``fengsheng.editions``.
    * ``players``: the edition's range (3 to 9 in the standard edition, S-DIST-4).
    * ``optional_distribution``: use the optional identity row for 4, 6 or 7 players (S-DIST-2).
    * ``bystander_alliance``: S-VAR-1 (only with 2/2/2 or 3/3/3, A-77).
    * ``four_card_victory``: S-VAR-2.
    * ``auto_pass``: skip asking a seat that has nothing but "pass" in a response window (simulation speed). Off by
      default: asking everyone hides who holds what.
    * ``uniform_prompts``: every seat in the same public situation gets the same question, privately, with
      ``continue`` as its only option when it has nothing to do, so that who is waited on never tells a hand card or
      a face-down character (docs/engine.md §2). Off by default (simulation speed); on for online tables. Needs
      ``auto_pass`` off: skipping the seats that could only pass tells who holds what.
    * ``characters``: play with character cards; off = the rulebook's first-game mode (S-SETUP-3).
    * ``character_pool``: ``"base"`` (the 18 characters of the 2010 rulebook) or ``"all"`` (plus the 6 complete
      supplement characters).
    * ``fixed_characters``: one character id per seat, for scenarios and tests (no selection is dealt).
    * ``player_sexes``: optional per-seat sex of the real players, ``"F"``/``"M"``/``""`` (S-CHAR-7, A-41).
    * ``character_texts``: the edition's character text set (``""`` = its default; standard: ``"000"``, or
      ``"004"``, A-45).
    * ``mode``: the edition's mode (``""`` = its default; 千智风声: ``free``, ``beginner`` 新手场, ``3v3``, Q-MODE);
      the standard edition has none. A mode may fix the player count and the identity row.

    Character ids may be given by short name (``lao_gui``); they are stored by full id (``standard.lao_gui``).
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
    edition: str = "standard"
    character_texts: str = ""
    uniform_prompts: bool = False
    mode: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.edition, str):
            raise ConfigError(f"edition must be a name, not {quote(self.edition)}")
        ed = get_edition(self.edition)
        lo, hi = ed.players
        if not isinstance(self.players, int) or isinstance(self.players, bool) or not lo <= self.players <= hi:
            raise ConfigError(f"players must be an integer from {lo} to {hi} (S-DIST-4), not {quote(self.players)}")
        if not isinstance(self.character_texts, str) or (
            self.character_texts and self.character_texts not in ed.text_sets
        ):
            raise ConfigError(
                f"character_texts must be one of {', '.join(ed.text_sets)} for the {ed.id} edition, "
                f"not {quote(self.character_texts)}"
            )
        if not self.character_texts:
            object.__setattr__(self, "character_texts", ed.default_texts)
        if not isinstance(self.mode, str) or (self.mode and self.mode not in ed.modes):
            have = f"its modes are {', '.join(ed.modes)}" if ed.modes else "it has no modes"
            raise ConfigError(f"the {ed.id} edition has no mode {quote(self.mode)}: {have}")
        mode = ed.mode(self.mode)
        if mode is not None and mode.distribution is not None:
            if self.players not in mode.distribution:
                counts = " or ".join(map(str, mode.distribution))
                raise ConfigError(f"the {mode.id} mode is played by {counts} players, not {self.players} (Q-MODE)")
            if self.optional_distribution:
                raise ConfigError(f"the {mode.id} mode has its own identity row: no optional_distribution")
        if mode is not None and mode.missions and not self.characters:
            raise ConfigError(
                f"the {mode.id} mode is won by the characters' missions (Q-MODE-3): it needs characters "
                "(not --no-characters)"
            )
        if self.optional_distribution and self.players not in ed.optional_distribution:
            rows = ", ".join(str(n) for n in sorted(ed.optional_distribution))
            raise ConfigError(
                f"the optional identity row exists only for {rows} players (S-DIST-2), not {self.players}"
            )
        for v in ("bystander_alliance", "four_card_victory"):
            if getattr(self, v) and v not in ed.variants:
                raise ConfigError(f"the {ed.id} edition has no variant {v}")
        if self.bystander_alliance:
            ug, mi, by = self.distribution
            if not ug == mi == by >= 2:  # 2/2/2 or 3/3/3 only, not 1/1/1
                raise ConfigError(
                    "醬油同盟 (bystander_alliance) is played with 2/2/2 or 3/3/3 identities (S-VAR-1, A-77); "
                    f"{self.players} players give {ug}/{mi}/{by}"
                )
        if self.uniform_prompts and self.auto_pass:
            raise ConfigError(
                "uniform_prompts needs auto_pass off: skipping the seats that could only pass tells who holds what"
            )
        if self.characters and not ed.characters(self.character_texts):
            raise ConfigError(
                f"the {ed.id} edition has no characters yet: play it without characters (--no-characters)"
            )
        if self.character_pool not in CHARACTER_POOLS:
            raise ConfigError(f"character_pool must be one of {CHARACTER_POOLS}, not {quote(self.character_pool)}")
        if self.characters and not self.fixed_characters:
            dealt = len(ed.pool(self.character_pool, self.character_texts))
            if dealt < self.players:  # an edition whose characters are not all implemented yet (千智风声)
                raise ConfigError(
                    f"the {ed.id} edition's {self.character_pool} pool has {dealt} characters for {self.players} players"
                )
        if self.fixed_characters:
            if not self.characters:
                raise ConfigError("fixed_characters needs characters=True")
            if len(self.fixed_characters) != self.players:
                raise ConfigError(
                    f"fixed_characters needs one id per seat ({self.players}), got {len(self.fixed_characters)}"
                )
            known = ed.characters(self.character_texts)
            full = tuple(ed.character_id(c) if isinstance(c, str) else c for c in self.fixed_characters)
            unknown = [c for c in full if c not in known]
            if unknown:
                raise ConfigError(f"unknown characters {quote(unknown)}; known: {', '.join(sorted(known))}")
            object.__setattr__(self, "fixed_characters", full)
            if len(set(self.fixed_characters)) != len(self.fixed_characters):
                raise ConfigError("fixed_characters: each character card exists once")
        if self.player_sexes and len(self.player_sexes) != self.players:
            raise ConfigError(f"player_sexes needs one entry per seat ({self.players}), got {len(self.player_sexes)}")
        for s in self.player_sexes:
            if s not in ("F", "M", ""):
                raise ConfigError(f"player sex must be 'F', 'M' or '' (unknown), not {quote(s)}")

    @property
    def edition_rules(self) -> Edition:
        """The edition object this config names."""
        return get_edition(self.edition)

    @property
    def distribution(self) -> tuple[int, int, int]:
        """(underground, military_intel, bystander) identity counts (S-DIST-1)."""
        return self.edition_rules.identity_counts(self.players, self.optional_distribution, self.mode)

    def identity_pool(self) -> list[str]:
        return self.edition_rules.identity_pool(self.players, self.optional_distribution, self.mode)

    @property
    def missions_for_all(self) -> bool:
        """Whether every player's victory is his character's mission, whatever his identity (the mission mode,
        Q-MODE-3, A-82)."""
        mode = self.edition_rules.mode(self.mode)
        return mode is not None and mode.missions

    @property
    def faction_target(self) -> int:
        """Red/blue intelligence a faction needs (S-ID-1/2; one more with S-VAR-2)."""
        base = self.edition_rules.switches.faction_target
        return base + 1 if self.four_card_victory else base

    @property
    def variants(self) -> tuple[str, ...]:
        return tuple(v for v in VARIANTS if getattr(self, v))

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["player_sexes"] = list(self.player_sexes)
        d["fixed_characters"] = list(self.fixed_characters)
        if not self.mode:
            del d["mode"]  # the edition's default: records written before modes existed read the same
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Config:
        """The config ``to_dict`` wrote. Strict (a record may be hostile): not an object, an unknown key or a value
        of the wrong type (``"5"`` players, ``1`` for a switch, a list holding a number) raise ``ConfigError``."""
        if not isinstance(d, dict):
            raise ConfigError(f"a config must be an object, not {type(d).__name__}")
        unknown = [k for k in d if k not in _FIELD_KINDS]
        if unknown:
            raise ConfigError(f"unknown config keys: {sorted(map(str, unknown))[:5]}")
        kw = dict(d)
        for key, value in d.items():
            kind = _FIELD_KINDS[key]
            if kind is tuple:
                if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
                    raise ConfigError(f"config {key} must be a list of strings")
                kw[key] = tuple(value)
            elif type(value) is not kind:
                raise ConfigError(f"config {key} must be {kind.__name__}, not {type(value).__name__}")
        return cls(**kw)

    def with_variants(self, names: list[str] | tuple[str, ...]) -> Config:
        """A copy with the named variants switched on (see ``VARIANTS``)."""
        kw = self.to_dict()
        for n in names:
            if n not in VARIANTS:
                raise ConfigError(f"unknown variant {quote(n)}; variants are {', '.join(VARIANTS)}")
            kw[n] = True
        return Config.from_dict(kw)


# The type of each config field as JSON gives it (``tuple``: a list of strings).
_FIELD_KINDS: dict[str, type] = {
    f.name: tuple if f.name in ("player_sexes", "fixed_characters") else type(getattr(Config(), f.name))
    for f in fields(Config)
}
