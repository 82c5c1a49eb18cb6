"""One human against bots in the terminal: the input loop.

The session drives the game through a :class:`fengsheng.match.Match`: the match answers for the bots (each gets its
own view and events) and stops at the human's decisions; the human sees ``g.view(seat)`` and the match's
``new_events(seat)``. Every answer is checked here before it reaches the game, so bad input never changes the state:
the question is asked again. A bot that raises or answers something not on offer plays at random that time.

Questions are asked one level of the choice tree at a time (:mod:`fengsheng.choices`: what to use, then as which
card, then on whom; ``0`` or ``b`` goes back), or as one flat numbered list (``flat``, for scripts). The response
policy (``policy``, changed with ``settings``) decides from the seat's view which response windows to ask; the others
are passed. Before the card that would leave the player without a card to send, the session asks to confirm.

Ways out, all of them saving the record so far: the end of the game (result screen), ``quit``, end of input (EOF,
exit code 0) and Ctrl-C (exit code 130).
"""

from __future__ import annotations

import contextlib
import re
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType

from fengsheng.bots.base import Bot
from fengsheng.bots.random_bot import RandomBot
from fengsheng.choices import SWITCHES, AskPolicy, Choice, Words, choice_tree
from fengsheng.choices.policy import SWITCH_WORDS, Recall, follow_ups
from fengsheng.core.options import CONTINUE, PASS, PLAY, PRIORITY, SEND, Decision, Option, parse_option
from fengsheng.errors import IllegalAction
from fengsheng.game import Game
from fengsheng.match import HUMAN, Match, Player
from fengsheng.play.notes import FACTS_SHOWN, notebook, render_notes
from fengsheng.play.screen import (
    STYLE,
    colourize,
    fit_screen,
    prompt_text,
    render_log,
    render_question,
    render_result,
    render_screen,
    saved_words,
)
from fengsheng.play.words import (
    ZH,
    _t,
    card_help,
    character_help,
    commands_help,
    describe_option,
    describe_options,
    help_topic,
    normalize,
    skill_label,
    skill_text,
)
from fengsheng.record import replay, save
from fengsheng.text import render_events

LOG_PANE = 10  # log lines on the screen
LOG_PANE_MAX = 60  # when lines were not streamed, everything since the last screen, up to this many
LOG_DEFAULT = 30  # `log` without a number

MAX_ANSWER = 200  # characters: longer answers are refused unread
_INT = re.compile(r"[-+]?\d+")


class Quit(Exception):
    """The player typed ``quit``."""


class ForgivingBot(Bot):
    """A session's bot that cannot end the human's game: when it raises or answers something not on offer, it says so
    on stderr and a RandomBot answers that decision instead."""

    def __init__(self, seat: int, inner: Bot) -> None:
        super().__init__(seat, inner.seed)
        self.inner = inner
        self.needs_view = inner.needs_view
        self.fallback: RandomBot | None = None

    def choose(self, decision: Decision, view: dict[str, Any] | None, events: list[dict[str, Any]] | None) -> Option:
        option: Option | None = None
        try:
            chosen: Any = self.inner.choose(decision, view, events)
            option = chosen if isinstance(chosen, Option) else parse_option(chosen)
        except Exception as exc:  # a bot bug must not end the human's game
            print(f"fengsheng: bot {self.seat} failed ({exc!r}); it plays at random this time", file=sys.stderr)
        if option is None or option not in decision.options:
            if self.fallback is None:
                self.fallback = RandomBot(self.seat, self.seat)
            option = self.fallback.choose(decision)
        return option


def _both_words(option: Option, view: dict[str, Any], d: Decision) -> tuple[str, str]:
    """An option's words in both languages (zh, en)."""
    return (
        describe_option(option, "zh", view, d.kind, d.context),
        describe_option(option, "en", view, d.kind, d.context),
    )


class Session:
    """A game with one human seat. ``read(prompt)`` returns one line (raises ``EOFError`` at the end of input).

    ``live``: the output is a terminal (clear the screen before each question, stream the log as it happens).
    ``notes``: show the notebook panel (play/notes.py) on the screen; ``notes on|off`` toggles it.
    ``flat``: one numbered list per question, as before the choice tree (for scripts). ``policy``: which response
    windows to ask (default :class:`AskPolicy`; ``AskPolicy.everything()`` asks all of them).
    ``delay``: seconds to pause after a bot's move that the human could see. ``echo``: print each answer read (when
    the input is not a terminal, so a transcript reads well).
    """

    def __init__(
        self,
        game: Game,
        human: int,
        bots: dict[int, Bot],
        console: Console,
        read: Callable[[str], str],
        lang: str = ZH,
        delay: float = 0.0,
        live: bool = False,
        echo: bool = False,
        record_path: Path | None = None,
        sleep: Callable[[float], None] = time.sleep,
        notes: bool = False,
        flat: bool = False,
        policy: AskPolicy | None = None,
    ) -> None:
        self.g = game
        self.human = human
        self.bots = bots
        self.console = console
        self.read = read
        self.lang = lang
        self.delay = max(0.0, delay)
        self.live = live
        self.echo = echo
        self.record_path = record_path
        self.sleep = sleep
        self.notes = notes  # the notebook panel on the screen (the `notes` command shows it either way)
        self.flat = flat
        self.policy = policy if policy is not None else AskPolicy()
        self.recall = Recall(human)  # what the policy remembers: the human's events and answers
        self._recalled = 0  # events already given to it
        self.stream = live or self.delay > 0
        self.log: list[str] = []
        self.shown = 0  # log lines already shown on a screen
        self.saved: Path | None = None
        self.match: Match | None = None  # built by run(), from the bots as they are then

    # ------------------------------------------------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end (or until the player leaves). Returns the exit code."""
        lang = self.lang
        players: dict[int, Player] = {s: ForgivingBot(s, b) for s, b in self.bots.items()}
        players[self.human] = HUMAN
        match = self.match = Match(self.g, players, on_decision=self._moved)
        try:
            self._flush(after_bot=False)
            d = match.run()
            while d is not None:
                d = match.answer(self._human_answer(d))
        except EOFError:
            path = self._save()
            self.console.print()
            self.say(
                _t(lang, "输入已结束，游戏没有下完。", "End of input: the game was not finished.")
                + self._saved_words(path)
            )
            return 0
        except KeyboardInterrupt:
            return self._interrupted()
        except Quit:
            path = self._save()
            self.say(_t(lang, "你离开了游戏。", "You left the game.") + self._saved_words(path))
            return 0
        except OSError as exc:  # the terminal went away (a closed or full output): save quietly, then re-raise with
            # where the record is (`fengsheng` says it in one line on stderr)
            path = None
            with contextlib.suppress(Exception):
                path = save(replay(self.g.record()).record(), self.record_path) if self.record_path else None
            saved = f"; the record is saved: {path}" if path else ""
            raise OSError(exc.errno, f"{exc.strerror or exc}{saved}") from None
        except Exception:  # an engine or bot bug: never lose the game played so far
            path = self._save(rebuild=True)
            traceback.print_exc(file=sys.stderr)
            self.say(
                _t(lang, "出错了（程序错误，不是你的操作）。", "Something went wrong (a bug, not your input).")
                + self._saved_words(path)
            )
            return 1
        path = self._save()
        self._finish(path)
        return 0

    def _interrupted(self) -> int:
        """Ctrl-C: save, say so, exit 130. The console may have been cut off in the middle of a write, so the message
        goes straight to the file; a second Ctrl-C meanwhile does not turn into a traceback."""
        try:
            path = self._save(rebuild=True)
        except KeyboardInterrupt:
            path = self._save(rebuild=True)
        message = _t(self.lang, "已中断（Ctrl-C）。", "Interrupted (Ctrl-C).") + self._saved_words(path)
        with contextlib.suppress(KeyboardInterrupt):
            print("\n" + message, file=self.console.file, flush=True)
        return 130

    def say(self, message: str, style: str | None = None) -> None:
        """A message outside the panels: coloured like the log, wrapped by the terminal (a path stays whole)."""
        self.console.print(colourize(message, self.human, self.lang), style=style, soft_wrap=True)

    def _saved_words(self, path: Path | None) -> str:
        """What follows a closing sentence: where the record is (with the space English needs between them)."""
        if path is None:
            return ""
        return _t(self.lang, f"对局记录已保存：{path}", f" The record is saved: {path}")

    def _save(self, rebuild: bool = False) -> Path | None:
        """Save the record. ``rebuild``: the game may have been cut off in the middle of an answer (Ctrl-C), so the
        record is rebuilt by replaying its decisions, which makes its digest match what a replay produces."""
        if self.record_path is None:
            return None
        record = self.g.record()
        if rebuild:
            with contextlib.suppress(Exception):  # else keep what we have: the decisions are the valuable part
                record = replay(record).record()
        try:
            self.saved = save(record, self.record_path)
        except OSError as exc:
            self.say(_t(self.lang, f"无法保存对局记录：{exc}", f"Could not save the record: {exc}"))
            return None
        return self.saved

    # ------------------------------------------------------------------------------------------------------------
    def _human_answer(self, d: Decision) -> Option:
        """Ask the human, unless the policy says this window does not concern him: then pass."""
        view = self.g.view(self.human)
        self.recall.saw(self.g.events_for(self.human, self._recalled))
        self._recalled = len(self.g.events)
        if len(d.options) == 1 and (d.kind == PRIORITY or d.options[0].kind == CONTINUE):
            option = d.options[0]  # nothing to play (pass), or a uniform prompt's lone continue: without asking
        else:
            auto = self.policy.answer(view, self.recall) if len(d.options) > 1 else None
            if auto is not None and auto in d.options:
                option = next(o for o in d.options if o == auto)
                if option.kind != PASS:
                    self._answered_for(view, d, option)
            else:
                option = self.ask()
        self.recall.answered(view, option)
        return option

    def _answered_for(self, view: dict[str, Any], d: Decision, option: Option) -> None:
        """Say what the policy answered for the human (a declaration, a blind pick, a skill that only draws, the
        follow-up chosen with the send)."""
        words = describe_option(option, self.lang, view, d.kind, d.context)
        self.say(_t(self.lang, f"（已替你回答：{words}）", f"(Answered for you: {words})"), style=STYLE["dim"])

    def _moved(self, d: Decision, option: Option) -> None:
        """After every answered decision (the match calls it): the new log lines, and the pause after a bot's."""
        self._flush(after_bot=d.seat != self.human)

    def _flush(self, after_bot: bool) -> None:
        """Turn the new events (as the human saw them) into log lines; stream them; pause after a bot's move."""
        assert self.match is not None
        events = self.match.new_events(self.human)
        texts = self.g.config.character_texts
        lines = render_events(events, self.lang, texts, viewer=self.human)
        if any(e["kind"] in ("died", "lost") and e.get("seat") == self.human for e in events):
            lines.append(
                _t(
                    self.lang,
                    "你已出局：机器人们会把这局下完。",
                    "You are out of the game: the bots play it to the end.",
                )
            )
        self.log.extend(lines)
        if self.stream and lines:
            for line in lines:
                self.console.print(colourize(line, self.human, self.lang))
            self.shown = len(self.log)
            if after_bot and self.delay > 0:
                self.sleep(self.delay)

    # ------------------------------------------------------------------------------------------------------------
    def _pane(self) -> list[str]:
        new = len(self.log) - self.shown
        count = LOG_PANE if self.stream else min(max(LOG_PANE, new), LOG_PANE_MAX)
        self.shown = len(self.log)
        return self.log[-count:]

    def show_screen(self, view: dict[str, Any], question: RenderableType | None = None) -> None:
        """The screen, then the question. On a terminal: cleared first, and the log pane shortened so that the
        whole screen fits the window when it can."""
        pane = self._pane()
        notes = self._notes(view) if self.notes else None
        if self.live:  # fitted to the window: boxed when it fits, else the small screen (play/screen.py)
            self.console.clear()
            size = self.console.size
            self.console.print(fit_screen(view, self.lang, pane, question, size.width, size.height, 2, notes))
            return
        self.console.print(render_screen(view, self.lang, pane))
        if notes is not None:
            self.console.print(notes)
        if question is not None:
            self.console.print(question)

    def _notes(self, view: dict[str, Any], facts: int = FACTS_SHOWN) -> RenderableType:
        """The human's notebook, from his view and the events he saw only."""
        notes = notebook(view, self.g.events_for(self.human), self.lang)
        return render_notes(notes, self.lang, self.human, facts)

    def ask(self) -> Option:
        """Ask the human the pending decision until a valid answer comes. Never touches the game state."""
        g = self.g
        d = g.decision
        assert d is not None and d.seat == self.human
        view = g.view(self.human)
        offered = self.policy.offered(view)
        if d.kind == SEND:
            self.recall.sent(None, False)  # until the tree's follow-up step says otherwise
        if self.flat:
            return self._ask_flat(view, d, offered)
        return self._ask_tree(view, d, offered)

    def _then_node(self, view: dict[str, Any], send: Choice, plans: list[Option]) -> Choice:
        """The send question's next step: send only, or play one of ``plans`` (锁定 / 调虎离山) right after it."""
        tree = choice_tree(plans, view, PRIORITY, "step1")
        just = Choice(
            "then/=",
            Words("只传出情报", "Just send it"),
            Words(
                "传出后不再出牌（之后有人出牌时仍会问你）。",
                "Play nothing after the send (you are asked again if someone else plays).",
            ),
            option=Option(CONTINUE),
        )
        words = Words(f"{send.words.zh}，然后", f"{send.words.en}, then")
        help_ = Words("传出后立刻打出的牌：锁定或调虎离山。", "What you play right after the send: Lock or Lure Away.")
        return Choice("then", words, help_, [just, *tree.children])

    def _read(self, low: int, high: int) -> str:
        """One answer line; one longer than ``MAX_ANSWER`` (5,000 digits, a pasted file) is refused unread."""
        while True:
            line = self.read(prompt_text(self.lang, low, high))
            if len(line) <= MAX_ANSWER:
                break
            self._error(
                _t(
                    self.lang,
                    f"输入太长了：请输入一个编号（{low}–{high}）。",
                    f"Too long: type a number ({low}-{high}).",
                )
            )
        if self.echo:
            self.console.print(line.rstrip("\r\n"), markup=False, highlight=False)
        return line

    def _ask_flat(self, view: dict[str, Any], d: Decision, offered: list[Option]) -> Option:
        """One numbered list: ``pass`` is 0, the other options 1, 2, … (the numbering scripts rely on)."""
        choices = describe_options(offered, self.lang, view, d.kind, d.context)
        self.show_screen(view, render_question(view, choices, self.lang))
        low, high = min(n for n, _, _ in choices), max(n for n, _, _ in choices)
        while True:
            answer = self._answer(self._read(low, high), view, choices)
            if answer is not None:
                return answer
            self.console.print(render_question(view, choices, self.lang))

    def _level(self, node: Choice, top: bool) -> list[tuple[int, str, Any]]:
        """One level of the tree as numbered lines: at the top ``pass`` is 0; below, 0 goes back."""
        lines: list[tuple[int, str, Any]] = []
        if not top:
            lines.append((0, _t(self.lang, "← 返回上一步", "← Back"), None))
        for n, child in node.numbered():
            lines.append((n, child.label(self.lang), child.option if child.option is not None else child))
        return lines

    def _ask_tree(self, view: dict[str, Any], d: Decision, offered: list[Option]) -> Option:
        """Walk the choice tree one level at a time until a leaf (one option) is chosen and, if it needs it,
        confirmed."""
        lang = self.lang
        root = choice_tree(offered, view, d.kind, d.context)
        path: list[Choice] = [root]
        first = True
        sending: Option | None = None  # the send chosen, while its follow-up step is shown
        while True:
            node = path[-1]
            choices = self._level(node, top=len(path) == 1)
            crumb = " › ".join(c.words.get(lang) for c in path[1:]) or None
            question = render_question(view, choices, lang, crumb)
            if first:
                self.show_screen(view, question)
                first = False
            else:
                self.console.print(question)
            low, high = min(n for n, _, _ in choices), max(n for n, _, _ in choices)
            while True:
                line = self._read(low, high)
                picked = self._tree_answer(line, view, path, choices)
                if picked is None:
                    self.console.print(question)
                    continue
                break
            if picked == "back":
                path.pop()
                if sending is not None and all(p.key != "then" for p in path):
                    sending = None
                continue
            if isinstance(picked, Choice) and not picked.leaf:
                path.append(picked)
                continue
            option = picked.option if isinstance(picked, Choice) else picked
            assert isinstance(option, Option)
            if sending is not None and option not in d.options:  # a leaf of the send's follow-up step
                self.recall.sent(Option(PASS) if option.kind == CONTINUE else option, True)
                return sending
            if self._last_card(option, view) and not self._confirm_last_card(view):
                self.console.print(question)
                first = False
                continue
            plans = follow_ups(view, option) if d.kind == SEND and self.policy.folds() else []
            if plans:  # the same question goes on: what to play right after the send
                leaf = (
                    picked
                    if isinstance(picked, Choice)
                    else Choice("", Words(*_both_words(option, view, d)), Words("", ""), option=option)
                )
                sending = option
                path.append(self._then_node(view, leaf, plans))
                continue
            return option

    def _no_option(self, cmd: str, low: int, high: int) -> None:
        """The one-line answer to a number that is not on the screen."""
        self._error(
            _t(
                self.lang,
                f"没有编号 {cmd}：请输入 {low}–{high} 之间的编号。",
                f"There is no option {cmd}: type a number from {low} to {high}.",
            )
        )

    def _tree_answer(
        self, line: str, view: dict[str, Any], path: list[Choice], choices: list[tuple[int, str, Any]]
    ) -> Choice | Option | str | None:
        """What ``line`` picks at the level ``path`` ends with (``path[0]`` the root): a child, an option typed in
        its notation, ``"back"``, or ``None`` after printing a message or the help it asked for."""
        node, top = path[-1], len(path) == 1
        lang = self.lang
        cmd = normalize(line)
        lowered = cmd.lower()
        children = {n: c for n, c in node.numbered()}
        low, high = min(n for n, _, _ in choices), max(n for n, _, _ in choices)
        if not top and lowered in ("0", "b", "back", "返回", "<"):
            return "back"
        if _INT.fullmatch(cmd):
            n = int(cmd)
            if n in children:
                return children[n]
            self._no_option(cmd, low, high)
            return None
        words = lowered.split(maxsplit=1)
        head, rest = (words[0], words[1] if len(words) > 1 else "") if words else ("", "")
        topic = cmd[1:].strip() if cmd.startswith("?") else rest if head in ("help", "h", "帮助") else ""
        if topic.isdigit() and int(topic) in children:  # help on one line of this level
            child = children[int(topic)]
            self.say(f"{child.words.get(lang)}\n{child.help.get(lang)}".rstrip())
            return None
        # everything else (help, log, look, settings, quit, any option's notation) as for a flat question; the
        # options stand for the question (their numbers are this level's, not theirs: -1)
        every = [(-1, leaf.words.get(lang), leaf.option) for leaf in path[0].leaves() if leaf.option is not None]
        return self._answer(line, view, every, bounds=(low, high))

    def _last_card(self, option: Option, view: dict[str, Any]) -> bool:
        """Whether ``option`` plays the seat's last card in its own play phase: with no card left it cannot send
        intelligence this turn and loses when the turn ends (S-LOSE-1)."""
        me = view.get("me") or {}
        hand = me.get("hand") or []
        return (
            option.kind == PLAY
            and view.get("current") == view.get("seat")
            and view.get("phase") == "play"
            and hand == [option.card]
        )

    def _confirm_last_card(self, view: dict[str, Any]) -> bool:
        """Say that this is the last card and ask to confirm: 1 plays it, 0 goes back."""
        lang = self.lang
        self.say(
            _t(
                lang,
                "注意：这是你最后一张手牌。打出后你在传递阶段没有牌可以传出，回合结束时你会输掉游戏。",
                "Careful: this is your last card. Without a card you cannot send intelligence in your passing "
                "phase, and you lose the game when the turn ends.",
            ),
            style=STYLE["warn"],
        )
        choices: list[tuple[int, str, Any]] = [
            (0, _t(lang, "← 返回，不打出", "← Back, keep it"), None),
            (1, _t(lang, "照样打出", "Play it anyway"), None),
        ]
        self.console.print(
            render_question(view, choices, lang, _t(lang, "确定要打出最后一张牌吗？", "Play your last card?"))
        )
        while True:
            cmd = normalize(self._read(0, 1)).lower()
            if cmd in ("1", "y", "yes", "是"):
                return True
            if cmd in ("0", "b", "back", "n", "no", "返回", "否"):
                return False
            self._error(_t(lang, "请输入 1（打出）或 0（返回）。", "Type 1 (play it) or 0 (go back)."))

    def _answer(
        self,
        line: str,
        view: dict[str, Any],
        choices: list[tuple[int, str, Option]],
        bounds: tuple[int, int] | None = None,
    ) -> Option | None:
        """The option ``line`` chooses, or ``None`` after printing a message or the help it asked for. ``bounds``:
        the numbers on the screen when they are not the options' (a level of the choice tree)."""
        lang = self.lang
        cmd = normalize(line)
        lowered = cmd.lower()
        numbers = {n: o for n, _, o in choices if n >= 0}
        low, high = bounds if bounds is not None else (min(numbers), max(numbers))
        words = lowered.split(maxsplit=1)
        head, rest = (words[0], words[1] if len(words) > 1 else "") if words else ("", "")
        if not cmd:
            self._error(_t(lang, f"请输入一个编号（{low}–{high}）。", f"Please type a number ({low}-{high})."))
            return None
        if _INT.fullmatch(cmd):
            n = int(cmd)
            if n in numbers:
                return numbers[n]
            self._no_option(cmd, low, high)
            return None
        if cmd.startswith("?") or head in ("help", "h", "帮助"):
            topic = cmd[1:].strip() if cmd.startswith("?") else rest
            self._help(topic, view, choices)
            return None
        if head in ("log", "日志", "记录"):
            count = LOG_DEFAULT
            if rest and rest.isdigit():
                count = max(1, int(rest))
            title = _t(
                lang, f"最近的记录（{min(count, len(self.log))} 条）", f"Recent events ({min(count, len(self.log))})"
            )
            self.console.print(render_log(self.log[-count:], view, lang, title))
            return None
        if head in ("look", "screen", "l", "桌面", "看"):
            self.console.print(render_screen(view, lang, self.log[-LOG_PANE:]))
            return None
        if head in ("notes", "note", "笔记"):
            if rest in ("on", "off", "开", "关"):
                self.notes = rest in ("on", "开")
            self.console.print(self._notes(view, facts=0))
            return None
        if head in ("quit", "exit", "退出"):
            raise Quit
        if head in ("settings", "setting", "设置"):
            self._settings(rest)
            return None
        try:  # the option notation itself (``pass``, ``play c23 lock @3``) is accepted too
            option = parse_option(cmd)
        except IllegalAction:
            option = None
        if option is not None and option in [o for _, _, o in choices]:
            return option
        self._error(
            _t(
                lang,
                f"看不懂“{cmd}”：请输入选项前面的编号（{low}–{high}），或输入 ? 查看帮助。",
                f"I don't understand “{cmd}”: type the number of an option ({low}-{high}), or ? for help.",
            )
        )
        return None

    def _settings(self, arg: str) -> None:
        """``settings``: show which windows are asked; ``settings N`` turns switch N on or off, ``settings all`` asks
        everything, ``settings default`` the default policy, ``settings flat`` / ``settings tree`` the question
        form. Takes effect from the next question."""
        lang = self.lang
        arg = arg.strip().lower()
        if arg in ("all", "全部"):
            self.policy = AskPolicy.everything()
        elif arg in ("default", "默认"):
            self.policy = AskPolicy()
        elif arg in ("flat", "列表"):
            self.flat = True
        elif arg in ("tree", "分步"):
            self.flat = False
        elif arg.isdigit() and 1 <= int(arg) <= len(SWITCHES):
            switch = SWITCHES[int(arg) - 1]
            self.policy = self.policy.with_switch(switch, not getattr(self.policy, switch))
            if self.policy.ask_all:
                self.policy = AskPolicy(**{k: getattr(self.policy, k) for k in SWITCHES})
        elif arg:
            self._error(
                _t(
                    lang,
                    f"没有这个设置：“{arg}”。输入 settings 查看。",
                    f"No such setting: “{arg}”. Type settings to see them.",
                )
            )
            return
        p = self.policy
        lines = [
            _t(
                lang,
                "什么时候问你（其余的响应时机自动放弃）：",
                "When you are asked (other response windows are passed):",
            )
        ]
        if p.ask_all:
            lines.append(
                _t(
                    lang,
                    "  现在：每个时机都问（settings default 恢复默认）",
                    "  now: every window (settings default: the default)",
                )
            )
        for i, switch in enumerate(SWITCHES, 1):
            zh, en = SWITCH_WORDS[switch]
            mark = "x" if getattr(p, switch) and not p.ask_all else " "
            lines.append(f"  {i}. [{mark}] {_t(lang, zh, en)}")
        lines.append(
            _t(
                lang,
                "  你自己的问题（传出、接收、弃牌、技能、宣告胜利）总是会问。\n"
                f"  settings N 打开/关闭第 N 项；settings all 全部都问；settings default 默认；"
                f"settings flat / tree 一次列出全部选项 / 分步选择（现在：{'列表' if self.flat else '分步'}）",
                "  Your own questions (send, receive, discard, skills, declaring) are always asked.\n"
                "  settings N turns item N on or off; settings all asks everything; settings default; "
                f"settings flat / tree: one list / step by step (now: {'flat' if self.flat else 'tree'})",
            )
        )
        self.say("\n".join(lines))

    def _error(self, message: str) -> None:
        self.say(message, style=STYLE["warn"])

    def _help(self, topic: str, view: dict[str, Any], choices: list[tuple[int, str, Option]]) -> None:
        lang = self.lang
        numbered = [(n, o) for n, _, o in choices]
        if topic:
            text = help_topic(topic, lang, view, numbered)
            if text is None:
                text = _t(
                    lang,
                    f"没有找到“{topic}”。可以查：选项编号、卡牌名（锁定）、角色名（老鬼）、身份、传递方式（直达），或 规则。",
                    f"Nothing found for “{topic}”. Try an option number, a card (lock), a character (Old Ghost), an "
                    "identity, a method (direct), or rules.",
                )
            self.say(text)
            return
        parts = [commands_help(lang)]
        if not self.flat:
            parts.append(
                _t(
                    lang,
                    "  0 / b          （第二步起）返回上一步\n"
                    "  settings       哪些响应时机问你（默认只问与你有关的；settings all 全部都问）",
                    "  0 / b          (from the second step on) back one step\n"
                    "  settings       which response windows you are asked (default: those that concern you; "
                    "settings all: every one)",
                )
            )
        me = view.get("me") or {}
        texts = view.get("character_texts", "")
        if me.get("character"):
            parts.append(character_help(me["character"], lang, texts))
        d = self.g.decision
        if d is not None and d.kind == "skill_choice" and skill_text(d.context, lang, texts):
            parts.append(f"{skill_label(d.context, lang, texts)} {skill_text(d.context, lang, texts)}")
        types: list[str] = []
        deck = self.g.edition.deck
        for _, _, o in choices:
            for c in (o.card, o.ref if o.kind == "play" and o.use == "burn" else -1):
                if c >= 0 and deck[c].type not in types:
                    types.append(deck[c].type)
            if o.kind == "play" and o.use in {c.type for c in deck} and o.use not in types:
                types.append(o.use)
        parts.extend(card_help(t, lang) for t in types)
        self.say("\n".join(parts))

    # ------------------------------------------------------------------------------------------------------------
    def _finish(self, path: Path | None) -> None:
        view = self.g.view(self.human)
        characters = [s.character for s in self.g.seats]  # the game is over: every character may be shown
        if self.live:
            self.console.clear()
        self.console.print(render_screen(view, self.lang, self._pane()))
        self.console.print(render_result(view, characters, self.lang, self.g.events_for(self.human)))
        if path is not None:
            self.say(saved_words(path, self.human, self.lang))


__all__ = ["Quit", "Session"]
