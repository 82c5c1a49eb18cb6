"""A masked policy-gradient baseline on fengsheng.rl: REINFORCE with a baseline, a small numpy network, one core.

    .venv/bin/pip install -e '.[rl,report]'
    .venv/bin/python examples/reinforce.py [--minutes M] [--eval-games G] [--players P] [--seed S] [--out DIR]

One learning seat plays against RandomBots (``fengsheng.bots.random_bot.RandomBot`` at every other seat), at seat
(game seed mod players), so at every seat equally often, 5 players, characters on. The policy scores every legal action of the catalogue:

    h = tanh(V · observation + c)                           (64 hidden units)
    score(a) = phi(a) · (W · h) + b · phi(a)                (phi: fixed features of action a)
    pi(a) = softmax over the legal actions (the action mask) of score(a)

``phi(a)`` describes a catalogue entry without the card id, so that what is learnt for one card carries over to
every card like it: the option kind, the card type used as, the card's own type, colour and method, the relative
target seat, the colour of a referenced card (烧毁's target) and the stack position. Training: after each game, the
gradient of ``sum log pi(a_t) * (R - baseline)`` over the learning seat's decisions that had a choice (R = +1 win,
−1 loss, 0 draw; the baseline a running mean of R), Adam, a small entropy bonus; batches of ``--batch`` games.

At the end it plays ``--eval-games`` evaluation games with the trained policy (sampling) and the same number with a
RandomBot in its place (the same seeds, so the same deals and seats), and prints both win rates with 95% Wilson
intervals. The learning curve (win rate per batch, smoothed, with the RandomBot's rate) goes to ``DIR/curve.png``
(matplotlib, the ``report`` extra; skipped with a note without it) and the figures to ``DIR/result.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

import fengsheng.rl as rl
from fengsheng.bots.random_bot import RandomBot
from fengsheng.core.cards import CARD_TYPES
from fengsheng.core.options import KINDS
from fengsheng.report.stats import wilson

HIDDEN = 64


def action_features(env: Any) -> np.ndarray:
    """phi: one row of fixed features per catalogue entry (no card id)."""
    cat = env.catalogue
    n = env.config.players
    edition = env.game.edition if env.game is not None else None
    assert edition is not None
    colours = ("red", "blue", "black")
    methods = ("secret", "direct", "text")
    uses = (*CARD_TYPES, "skill")
    size = len(KINDS) + len(uses) + len(CARD_TYPES) + 3 + 3 + (n + 1) + 3 + 2 + 1
    phi = np.zeros((len(cat), size), np.float32)
    for i, k in enumerate(cat.keys):
        f = phi[i]
        o = 0
        f[o + KINDS.index(k.kind)] = 1
        o += len(KINDS)
        if k.use:
            f[o + (uses.index(k.use) if k.use in CARD_TYPES else len(uses) - 1)] = 1
        o += len(uses)
        if k.card >= 0:
            f[o + CARD_TYPES.index(edition.card_type[k.card])] = 1
            f[o + len(CARD_TYPES) + colours.index(edition.card_colour[k.card])] = 1
            f[o + len(CARD_TYPES) + 3 + methods.index(edition.card_method[k.card])] = 1
        o += len(CARD_TYPES) + 6
        f[o + (k.rel if k.rel >= 0 else n)] = 1
        o += n + 1
        if k.ref >= 0 and k.kind != "pick" and k.use != "see_through":
            f[o + colours.index(edition.card_colour[k.ref])] = 1
        o += 3
        if k.use == "see_through":
            f[o] = 1
            f[o + 1] = k.ref / 4.0
        o += 2
        f[o] = 1  # bias
    return phi


class Policy:
    def __init__(self, obs_size: int, phi: np.ndarray, rng: np.random.Generator) -> None:
        self.phi = phi
        F = phi.shape[1]
        self.params = {
            "V": (rng.standard_normal((obs_size, HIDDEN)) / math.sqrt(obs_size)).astype(np.float32),
            "c": np.zeros(HIDDEN, np.float32),
            "W": (rng.standard_normal((F, HIDDEN)) * 0.01).astype(np.float32),
            "b": np.zeros(F, np.float32),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0

    def probs(self, obs: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        p = self.params
        h = np.tanh(obs @ p["V"] + p["c"])
        ph = self.phi[legal]
        s = ph @ (p["W"] @ h) + ph @ p["b"]
        s = s - s.max()
        e = np.exp(s)
        return e / e.sum(), h

    def grads(self, steps: list[tuple[np.ndarray, np.ndarray, int]], adv: float, entropy: float) -> dict[str, Any]:
        """Gradient of sum_t adv * log pi(a_t) + entropy * H(pi_t), for ascent."""
        p = self.params
        obs = np.stack([s[0] for s in steps])
        H = np.tanh(obs @ p["V"] + p["c"])  # T x HIDDEN
        gW = np.zeros_like(p["W"])
        gb = np.zeros_like(p["b"])
        dH = np.zeros_like(H)
        for t, (_o, legal, a) in enumerate(steps):
            ph = self.phi[legal]
            wh = p["W"] @ H[t]
            s = ph @ wh + ph @ p["b"]
            s = s - s.max()
            pi = np.exp(s)
            pi /= pi.sum()
            g = -pi * adv
            g[a] += adv
            if entropy:
                logp = np.log(pi + 1e-12)
                g += entropy * (-pi * (logp - (pi * logp).sum()))
            u = ph.T @ g  # F
            gW += np.outer(u, H[t])
            gb += u
            dH[t] = p["W"].T @ u
        dpre = dH * (1 - H * H)
        return {"V": obs.T @ dpre, "c": dpre.sum(0), "W": gW, "b": gb}

    def update(self, g: dict[str, Any], lr: float) -> None:
        self.t += 1
        for k, grad in g.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * grad
            self.v[k] = 0.999 * self.v[k] + 0.001 * grad * grad
            mh = self.m[k] / (1 - 0.9**self.t)
            vh = self.v[k] / (1 - 0.999**self.t)
            self.params[k] += lr * mh / (np.sqrt(vh) + 1e-8)


def play(env: Any, policy: Policy | None, seed: int, rng: random.Random, learn: bool) -> tuple[float, list[Any]]:
    """One game: the learner (``policy``; a RandomBot if None) at a random seat, RandomBots elsewhere. Returns the
    learner's reward and, if ``learn``, its decisions with a choice (observation, legal actions, index chosen)."""
    env.reset(seed=seed)
    n = env.config.players
    seat = seed % n
    me = env.possible_agents[seat]
    bots = {s: RandomBot(s, seed * 10 + s) for s in range(n)}
    steps: list[Any] = []
    reward = 0.0
    for agent in env.agent_iter():
        if env.terminations[agent] or env.truncations[agent]:
            if agent == me:
                reward = float(env.last(observe=False)[1])
            env.step(None)
            continue
        s = env.agent_name_mapping[agent]
        if agent != me or policy is None:
            d = env.game.decision
            option = bots[s].choose(d, None, None)
            env.step(env.action_of(option))
            continue
        legal = np.array(env.legal_actions(agent))
        if len(legal) == 1:
            env.step(int(legal[0]))
            continue
        obs = env.observe(agent)["observation"]
        pi, _ = policy.probs(obs, legal)
        i = int(np.searchsorted(np.cumsum(pi), rng.random() * pi.sum()))
        i = min(i, len(legal) - 1)
        if learn:
            steps.append((obs, legal, i))
        env.step(int(legal[i]))
    return reward, steps


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minutes", type=float, default=5.0, help="training time (5)")
    ap.add_argument("--eval-games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--entropy", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="examples/out")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    env = rl.env(players=args.players, characters=True, raw_view=False)
    env.reset(seed=args.seed)
    nprng = np.random.default_rng(args.seed)
    rng = random.Random(args.seed)
    policy = Policy(env.layout.size, action_features(env), nprng)
    baseline = 0.0
    curve: list[tuple[int, float]] = []
    t0 = time.perf_counter()
    games = 0
    batch_rewards: list[float] = []
    grads: dict[str, Any] | None = None
    seed = 1_000_000 + args.seed * 100_000
    while time.perf_counter() - t0 < args.minutes * 60:
        reward, steps = play(env, policy, seed + games, rng, learn=True)
        games += 1
        batch_rewards.append(reward)
        if steps:
            g = policy.grads(steps, reward - baseline, args.entropy)
            grads = g if grads is None else {k: grads[k] + g[k] for k in g}
        baseline = 0.98 * baseline + 0.02 * reward
        if games % args.batch == 0:
            if grads is not None:
                policy.update({k: v / args.batch for k, v in grads.items()}, args.lr)
            grads = None
            wins = sum(1 for r in batch_rewards if r > 0)
            curve.append((games, wins / len(batch_rewards)))
            batch_rewards = []
            if len(curve) % 20 == 0:
                recent = [w for _, w in curve[-20:]]
                print(
                    f"{games:6d} games  {time.perf_counter() - t0:6.0f} s  win rate (last {20 * args.batch}) "
                    f"{sum(recent) / len(recent):.3f}",
                    flush=True,
                )
    train_s = time.perf_counter() - t0

    # evaluation: the trained policy and a RandomBot in the same seat, on the same seeds
    eval_seed = 9_000_000 + args.seed * 100_000
    wins_policy = wins_random = 0
    for k in range(args.eval_games):
        r, _ = play(env, policy, eval_seed + k, rng, learn=False)
        wins_policy += r > 0
        r, _ = play(env, None, eval_seed + k, rng, learn=False)
        wins_random += r > 0
    lo, hi = wilson(wins_policy, args.eval_games)
    rlo, rhi = wilson(wins_random, args.eval_games)
    result = {
        "players": args.players,
        "characters": True,
        "training_seconds": round(train_s, 1),
        "training_games": games,
        "eval_games": args.eval_games,
        "policy_win_rate": round(wins_policy / args.eval_games, 4),
        "policy_win_rate_95": [round(lo, 4), round(hi, 4)],
        "random_bot_win_rate": round(wins_random / args.eval_games, 4),
        "random_bot_win_rate_95": [round(rlo, 4), round(rhi, 4)],
        "curve": curve,
    }
    (out / "result.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(
        f"trained {games} games in {train_s:.0f} s; over {args.eval_games} evaluation games at a random seat vs "
        f"RandomBots: policy wins {result['policy_win_rate']:.3f} (95% {lo:.3f}-{hi:.3f}), a RandomBot in its "
        f"place {result['random_bot_win_rate']:.3f} (95% {rlo:.3f}-{rhi:.3f})"
    )
    plot(curve, args.batch, result, out / "curve.png")
    return 0


def plot(curve: list[tuple[int, float]], batch: int, result: dict[str, Any], path: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("no matplotlib (the report extra): the curve was not drawn", file=sys.stderr)
        return
    xs = [g for g, _ in curve]
    ys = [w for _, w in curve]
    k = 20
    smooth = [sum(ys[max(0, i - k + 1) : i + 1]) / len(ys[max(0, i - k + 1) : i + 1]) for i in range(len(ys))]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.plot(xs, ys, color="#bbbbbb", linewidth=0.6, label=f"win rate per batch of {batch} games")
    ax.plot(xs, smooth, color="#c0392b", linewidth=2, label=f"moving mean of {k} batches")
    ax.axhline(
        result["random_bot_win_rate"], color="#2c3e50", linestyle="--", label="RandomBot in the same seat (eval)"
    )
    ax.axhline(result["policy_win_rate"], color="#27ae60", linestyle=":", label="trained policy (eval)")
    ax.set_xlabel("training games")
    ax.set_ylabel("win rate of the learning seat")
    ax.set_title(f"REINFORCE (numpy) vs RandomBots, {result['players']} players, characters on")
    ax.legend(loc="lower right", fontsize=8)
    ax.set_ylim(0, 1)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    print(f"curve: {path}")


if __name__ == "__main__":
    raise SystemExit(main())
