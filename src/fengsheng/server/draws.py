"""What the server draws from the operating system's CSPRNG: a game's seed (:func:`new_seed`), the seeds of the bots
at its seats (:func:`bot_seed`, derived) and a table's code (:func:`new_code`). docs/server.md, "The seed", says why
128 bits and why the engine's Mersenne Twister gives a seat no handle on them."""

from __future__ import annotations

import hashlib
import secrets
from typing import Final

SEED_BITS: Final = 128  # a game's seed: random bits from the OS's CSPRNG (docs/server.md, "The seed")
CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def new_seed() -> int:
    """A game's seed: :data:`SEED_BITS` (128) bits from the operating system's CSPRNG (``secrets``), with bit 128 set
    so that every seed is exactly 129 bits long (never a short one by chance; 128 bits of entropy). The engine's
    ``random.Random`` takes every bit of it (docs/server.md, "The seed": a 31-bit seed was found from seat 0's deal
    in minutes; 2**128 seeds cannot be searched)."""
    return secrets.randbits(SEED_BITS) | 1 << SEED_BITS


def bot_seed(seed: int, why: str, seat: int) -> int:
    """The seed of the bot playing ``seat`` (``why``: ``bot`` from the start, ``stand-in`` for an away human): 128
    bits of SHA-256 over the table's seed, the reason and the seat. Deterministic, as wide as the table's seed, and
    no way back to it (a preimage of SHA-256); the simulator's 63-bit ``derive_seed`` would do as well in practice,
    but a bot's choices are seen by every seat, so it gets the same margin as the game's own seed."""
    digest = hashlib.sha256(f"{seed}:{why}:{seat}".encode()).digest()
    return int.from_bytes(digest[:16], "big")


def new_code(taken: set[str]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(5))
        if code not in taken:
            return code
