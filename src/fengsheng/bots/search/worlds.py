"""Worlds for search, built from one seat's information alone: its view, its memory of the events it saw, and its
identity belief.

A bot never holds the :class:`~fengsheng.game.Game` (the bot interface gives it only its seat's view and events), so
it cannot call ``Game.determinize``. Instead it builds each world itself, with the engine's public scenario builder
(:class:`fengsheng.scenario.Scenario`), as a complete game at the start of the phase or passing step where the seat
decides now:

* **kept from the view**: every public fact the scenario can hold: the turn, the current player, locks, every
  seat's intelligence, the discard pile, who is dead or out, face-up characters, the card in transit's sender,
  holder, method, target, direction and lured seats (and the card itself when the seat may see it), the seat's own
  hand, identity and character, every zone's size;
* **drawn from the belief**: the identities the seat does not know, one complete assignment from the posterior of
  :class:`~fengsheng.bots.belief.IdentityBelief` (:meth:`~fengsheng.bots.belief.IdentityBelief.sample`), so the
  correlations between seats are kept;
* **drawn uniformly**: every hidden card (other hands, the deck order, the 试探 out of the game and the 真伪莫辨 layout,
  which are set aside, and a face-down card in transit, among the cards of its method) from the cards the seat
  cannot place, and each face-down character among the hidden characters of the pool the seat cannot place.

**Not conditioned on** (what a scenario cannot hold, or what the seat's memory does not turn into constraints): the
cards the seat saw in another hand, 试探 answers as card constraints, rule state in the middle of a turn (skills used
this turn), and other seats' private knowledge (a world's other seats are played with what they saw in public:
:mod:`.opponents`).
The world is checked against the real decision (the same seat and kind, and every real option on offer; it may offer
more, since rule state is not kept, and the searcher chooses among the real ones only), and :func:`build_world`
returns ``None`` when it differs: the searcher then does not search.
"""

from __future__ import annotations

import random
from typing import Any

from fengsheng.config import Config
from fengsheng.core.options import Decision
from fengsheng.editions import get_edition
from fengsheng.errors import FengshengError
from fengsheng.game import Game
from fengsheng.scenario import Scenario

SEARCH_AT = {"send": "pass", "receive": "step3"}
"""Decision kind -> where its world starts (a priority decision starts at its window, see :func:`world_at`)."""


def world_at(decision: Decision, view: dict[str, Any], stack: bool = False) -> str | None:
    """Where a world for this decision starts (a phase or passing step the scenario builder can build), or ``None``
    when the position cannot be rebuilt from the view (a question asked in the middle of an effect; a response
    window with something on the stack unless ``stack``: the world then starts at the window and replays the uses
    on the stack, :func:`_replay`)."""
    if decision.kind in SEARCH_AT:
        return SEARCH_AT[decision.kind]
    if decision.kind != "priority":
        return None
    stacked = bool(view.get("stack"))
    if stacked and (not stack or any(u["window"] != decision.context for u in view["stack"])):
        return None
    if decision.context == "play" and view.get("transit") is None and (stacked or view["current"] == decision.seat):
        return "play"  # the current player's own play phase, or anyone's response to a use in it
    if decision.context in ("step1", "step2") and view.get("transit") is not None:
        return decision.context
    return None


def world_config(view: dict[str, Any], memory_distribution: list[int] | None = None) -> Config:
    """The game's configuration as far as the seat can tell it (the players, characters, texts and variants it
    saw), with auto-pass on: a world is played by bots only, and the seats that can only pass need not be asked."""
    seats = view["seats"]
    with_chars = any(s.get("has_character") for s in seats)
    pool = "base"
    if with_chars:
        ed = get_edition("standard")
        chars = ed.characters(view.get("character_texts", ""))
        seen = [s["character"] for s in seats if s.get("character")]
        seen += list(view.get("me", {}).get("characters_dealt") or [])
        if any(c in chars and chars[c].pool != "base" for c in seen):
            pool = "all"
    return Config(
        players=int(view["players"]),
        characters=with_chars,
        character_pool=pool,
        character_texts=view.get("character_texts", ""),
        auto_pass=True,
    ).with_variants(list(view.get("variants") or []))


def build_world(
    decision: Decision,
    view: dict[str, Any],
    identities: dict[int, str],
    face_up_seen: dict[int, str],
    rng: random.Random,
    config: Config | None = None,
    stack: bool = False,
) -> Game | None:
    """A complete game that the seat's view allows, at the decision it must answer now; ``None`` if it cannot be
    built or does not offer the same options.

    ``identities`` gives the identity of every seat the view does not show (a sample of the belief);
    ``face_up_seen`` the characters the seat saw face up earlier (kept for a seat that has since covered its
    character). Every other hidden thing is drawn from ``rng``; the same inputs and ``rng`` state give the same game.
    """
    at = world_at(decision, view, stack)
    if at is None:
        return None
    cfg = config or world_config(view)
    me = decision.seat
    seats = view["seats"]
    n = len(seats)
    ed = get_edition(cfg.edition)
    deck = ed.deck
    # --- cards: what the seat can place, and the hidden slots to fill ----------------------------------------
    out_of_game = [s["seat"] for s in seats if not s["alive"] or s["lost"]]
    placed: set[int] = set(view["me"]["hand"]) | set(view["discard"])
    for s in seats:
        placed.update(s["intel"])
    transit = view.get("transit")
    if transit is not None and transit.get("card") is not None:
        placed.add(transit["card"])
    uses = list(view.get("stack") or ())
    placed.update(u["card"] for u in uses if u["card"] is not None)
    free = [c for c in range(len(deck)) if c not in placed]
    rng.shuffle(free)
    used: list[int] = []  # the card of each use on the stack: seen, or drawn among the free cards of its type
    for u in uses:
        c = u["card"]
        if c is None and "." in u["use"]:
            return None  # a skill's use (``character.n``): its flip or cost is not replayed (3 % of stacks)
        if c is None:
            c = next((x for x in free if deck[x].type == u["use"]), None)
            if c is None:
                return None
            free.remove(c)
        used.append(c)
    transit_card: int | None = None
    if transit is not None:
        transit_card = transit.get("card")
        if transit_card is None:
            fits = [c for c in free if deck[c].method == transit["method"]]
            if not fits:
                return None
            transit_card = fits[int(rng.random() * len(fits))]
            free.remove(transit_card)
    hands: dict[int, list[int | str]] = {me: list(view["me"]["hand"])}
    for s in seats:
        k = s["seat"]
        if k != me and s["hand_count"]:
            if len(free) < s["hand_count"]:
                return None
            hands[k] = [free.pop() for _ in range(s["hand_count"])]
    deck_count = int(view["deck_count"])
    if len(free) < deck_count:
        return None
    deck_cards: list[int | str] = [free.pop() for _ in range(deck_count)]
    aside: list[int | str] = list(free)  # the 试探 out of the game, the 真伪莫辨 layout (their sizes are public)
    intel: dict[int, list[int | str]] = {}
    for s in seats:
        if s["seat"] in out_of_game:
            aside.extend(s["intel"])  # a dead seat holds no cards in a scenario; its intelligence plays no part
            hands.pop(s["seat"], None)
        elif s["intel"]:
            intel[s["seat"]] = list(s["intel"])
    for u, c in zip(uses, used, strict=True):  # back in the user's hand, to be used again in the world
        hands.setdefault(u["user"], []).append(c)
    # --- identities and characters ---------------------------------------------------------------------------
    idents: list[str] = []
    for s in seats:
        ident = s["identity"] or identities.get(s["seat"])
        if ident is None:
            return None
        idents.append(ident)
    characters: dict[int, str] = {}
    face_up: dict[int, bool] = {}
    if cfg.characters:
        chars = ed.characters(cfg.character_texts)
        known = {s["character"] for s in seats if s.get("character")}
        known.update(view["me"].get("characters_dealt") or [])
        known.update(face_up_seen.values())
        hidden_pool = [
            c for c in ed.pool(cfg.character_pool, cfg.character_texts) if chars[c].hidden and c not in known
        ]
        rng.shuffle(hidden_pool)
        for s in seats:
            if not s.get("has_character"):
                continue
            k = s["seat"]
            ch = s.get("character") or face_up_seen.get(k)
            if ch is None:
                if not hidden_pool:
                    return None
                ch = hidden_pool.pop()
            characters[k] = ch
            face_up[k] = bool(s["face_up"])
    # --- the position ----------------------------------------------------------------------------------------
    scenario_transit = None
    if transit is not None:
        assert transit_card is not None
        scenario_transit = {
            "card": transit_card,
            "method": transit["method"],
            "sender": transit["sender"],
            "holder": transit["holder"],
            "target": transit["target"],
            "direction": transit["direction"],
            "back": bool(transit.get("back")),
            "lured": list(transit.get("lured") or []),
        }
    dead = [k for k in view.get("death_order", []) if k in out_of_game]
    dead += [k for k in out_of_game if k not in dead]
    try:
        g = Scenario(
            players=n,
            identities=idents,
            current=int(view["current"]),
            hands=hands,
            intel=intel,
            deck=deck_cards,
            discard=list(view["discard"]),
            aside=aside,
            at=at,
            transit=scenario_transit,
            locks=[k for k in view.get("locks", []) if k not in out_of_game],
            dead=dead,
            config=cfg,
            seed=rng.getrandbits(63),
            turn=max(1, int(view.get("turn") or 1)),
            characters=characters,
            face_up=face_up,
        ).build()
    except (FengshengError, KeyError, IndexError, ValueError):
        return None
    # In a response window the seats asked before this one passed (or made the uses on the stack): so in the world.
    d = _replay(g, me, decision.context, uses, used)
    if d is None or d.seat != me or d.kind != decision.kind:
        return None
    offered = {str(o) for o in d.options}
    if any(str(o) not in offered for o in decision.options):
        return None  # a world may offer more (rule state such as a skill used this turn is not kept), never less
    return g


def _replay(g: Game, me: int, context: str, uses: list[dict[str, Any]], cards: list[int]) -> Decision | None:
    """Play the window of ``context`` in world ``g`` up to ``me``'s decision: each use of the stack (bottom first) by
    its user with its card, target and reference, numbered as in the real game (``g.uid``: a 识破's reference is a
    use's number); every other seat asked passes. ``None`` when the world does not offer a use or asks something
    else (a world may then not be searched)."""
    pending = list(zip(uses, cards, strict=True))
    d = g.decision
    for _ in range(8 * g.n * (len(uses) + 1)):
        if d is None or d.kind != "priority" or d.context != context:
            return d if not pending else None
        if pending:
            u, card = pending[0]
            if d.seat == u["user"]:
                want = (card, u["use"], u["target"], u["ref"])
                opt = next(
                    (o for o in d.options if o.kind == "play" and (o.card, o.use, o.target, o.ref) == want), None
                )
                if opt is None:
                    return None
                g.uid = u["uid"] - 1  # the next use takes the real one's number
                g.act(opt)
                pending.pop(0)
                d = g.decision
                continue
        elif d.seat == me:
            return d
        g.act(d.options[0] if len(d.options) == 1 else "pass")
        d = g.decision
    return None


__all__ = ["SEARCH_AT", "build_world", "world_at", "world_config"]
