"""``outremer play``: a game in the terminal against bots, or hotseat between people.

The loop reads plain lines from standard input, so it works the same when input is piped (tests
drive it that way). The board is printed when a person first acts, when the step of play has
changed and the board with it, after an undo, and on ``b``; after the other actions only the new
log lines (the bots' moves among them) and the prompt are printed, not the whole board again
(issue 15). Bad input never changes anything. End of input saves what is unsaved and exits: to the
file the user named for writing (``--save`` or ``s FILE``), else to a new file, never over one
they did not name (not even the ``--load`` file).
"""

from __future__ import annotations

import secrets
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

import click
from rich.console import Console

from ..bots.base import Bot
from ..bots.registry import default_bot, make_bot
from ..engine.errors import OutremerError
from ..engine.game import Action, Game, Role
from ..engine.record import save_new_record, save_record
from ..engine.session import Session
from .common import load_game, open_save, parse_options
from .menu import Choice, choices
from .render import board_text, step_of, without_step
from .simulate import bot_seed

HELP = """Commands:
  N         take action number N (or open group N of a long list)
  0         back out of a group
  u         undo your last action (not across a die roll, a reveal or a change of player)
  s [FILE]  save the game (to FILE, or to the --save file, else to a new file)
  l         show your log
  b         show the board again
  h         this help
  q         quit (you may save first)"""


class EndOfInput(Exception):
    """Standard input is exhausted."""


class Terminal:
    """One terminal game: people in ``humans`` seats, bots in the others."""

    def __init__(
        self,
        session: Session,
        humans: list[Role],
        bots: dict[Role, Bot],
        save_path: str | None,
        new_stem: str,
    ) -> None:
        self.session = session
        self.game: Game[Any] = session.game
        self.humans = humans
        self.bots = bots
        self.save_path = save_path  # named by the user for writing: --save
        self.new_stem = new_stem  # without --save, a new file STEM.json, STEM-2.json, ... is made
        self.last_file: str | None = None  # saved to last by `s FILE` or as a new file: used again
        self.saved = list(session.record.actions)  # the actions as last saved (or loaded)
        self.console = Console(file=sys.stdout, highlight=False)
        self.seen: dict[Role, int] = {}
        # The board as last printed for each person's role, without the name of its step of play;
        # and the step at each person's last decision.
        self.shown: dict[Role, str] = {}
        self.step: dict[Role, str] = {}
        self.last_human: Role | None = None
        self.prefix: tuple[object, ...] = ()

    # -- input and output ------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        click.echo(text)

    def say_wrapped(self, text: str, indent: str = "") -> None:
        """``text`` wrapped to the terminal's width, its next lines indented under its first."""
        wrapper = textwrap.TextWrapper(
            width=max(self.console.width, 40),
            initial_indent=indent,
            subsequent_indent=indent + "    ",
            break_on_hyphens=False,
            break_long_words=False,
        )
        self.say("\n".join(wrapper.wrap(text)) or indent)

    def say_entry(self, entry: dict[str, Any]) -> None:
        """A log entry: its rule, then its text."""
        rule = entry.get("rule") or ""
        text = entry.get("text", "")
        self.say_wrapped(f"[{rule}] {text}" if rule else text, indent="  ")

    def read(self, prompt: str) -> str:
        click.echo(prompt, nl=False)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            click.echo()
            raise EndOfInput
        line = line.rstrip("\r\n")
        if not sys.stdin.isatty():
            click.echo(line)  # piped input: keep the transcript readable
        return line

    def save(self, path: str | None = None, quiet: bool = False) -> bool:
        """Save to ``path``, else the --save file, else the file saved to last, else a new file."""
        target = path or self.save_path or self.last_file
        try:
            if target:
                save_record(target, self.session.record)
            else:
                target = str(save_new_record(self.new_stem, self.session.record))
        except OSError as exc:
            self.say(f"Could not save to {target or self.new_stem + '.json'}: {exc}")
            return False
        if target != self.save_path:
            self.last_file = target
        self.saved = list(self.session.record.actions)
        if not quiet:
            self.say(f"Game saved to {target}.")
        return True

    def autosave(self) -> None:
        if self.save_path:
            self.save(self.save_path, quiet=True)

    def flush_log(self, role: Role) -> None:
        """Print the entries of ``role``'s log it has not seen yet (bots' moves among them)."""
        entries = self.game.log(self.session.state, role)
        start = min(self.seen.get(role, 0), len(entries))
        for entry in entries[start:]:
            self.say_entry(entry)
        self.seen[role] = len(entries)

    # -- the game --------------------------------------------------------------------------------
    def run(self) -> None:
        """Play until the game ends, a person quits, or input ends."""
        try:
            while True:
                outcome = self.session.outcome()
                if outcome is not None:
                    self.finish()
                    return
                active = self.session.active_roles()
                if not active:
                    self.say("The game cannot go on: nobody may act, yet it is not over.")
                    self.save()
                    return
                bot_role = next((r for r in self.session.roles if r in active and r not in self.humans), None)
                if bot_role is not None:
                    try:
                        action = self.bots[bot_role].choose(self.game, self.session.state, bot_role)
                        self.session.act(bot_role, action)
                    except OutremerError as exc:
                        self.say(f"The {bot_role} bot failed: {exc}")
                        self.save()
                        return
                    self.autosave()
                    continue
                role = next(r for r in self.session.roles if r in active)
                if not self.turn(role):
                    return
        except EndOfInput:
            self.say("Input ended.")
            if self.session.record.actions != self.saved:
                self.save()

    def finish(self) -> None:
        outcome = self.session.outcome()
        assert outcome is not None
        for role in self.humans:
            if len(self.humans) > 1:
                self.say(f"--- the log of {role} ---")  # no "Saracens's" (issue 15)
            self.flush_log(role)
        winners = ", ".join(outcome.winners) or "nobody (a draw)"
        self.say(f"Game over: {winners} won. {outcome.reason}")
        if self.save_path:
            self.save(self.save_path)

    def show(self, role: Role) -> list[Choice]:
        view = self.session.view(role)
        self.show_board(role, board_text(self.game, view), step_of(view))
        return self.menu(role)

    def show_board(self, role: Role, text: str, step: str) -> None:
        self.console.print(text, markup=False, highlight=False)
        self.shown[role] = without_step(text, step)

    def board_due(self, role: Role, view: dict[str, Any]) -> str | None:
        """The board to print at the start of ``role``'s decision, or None when only the new log
        lines and the prompt are due: never shown yet, or a new step of play (the view's
        ``phase_name``) with a board that changed since it was last printed (issue 15)."""
        step = step_of(view)
        text = board_text(self.game, view)
        new_step = self.step.get(role) != step
        self.step[role] = step
        if role not in self.shown:
            return text
        return text if new_step and without_step(text, step) != self.shown[role] else None

    def menu(self, role: Role) -> list[Choice]:
        legal = self.session.legal_actions(role)
        self.say_wrapped(self.game.prompt(self.session.state, role))
        lines = choices(legal, self.prefix, lambda a: self.game.describe_action(self.session.state, role, a))
        if self.prefix:
            self.say("    0. (back)")
        for i, line in enumerate(lines, start=1):
            self.say(f"  {i:>3}. {line.label}")
        return lines

    def confirm(self, role: Role, action: Action) -> bool:
        """Whether to take ``action``: yes, unless the title warns of it (``Game.warning``) and the
        person does not answer yes when shown the warning."""
        warning = self.game.warning(self.session.state, role, action)
        if not warning:
            return True
        self.say_wrapped(f"Warning: {warning}")
        if self.read("Take this action all the same? [y/N] ").strip().lower() in ("y", "yes"):
            return True
        self.say("Not taken: choose again.")
        return False

    def pass_keyboard(self, role: Role) -> None:
        if len(self.humans) > 1 and role != self.last_human:
            self.shown.pop(role, None)  # whoever takes the keyboard sees the board first
            self.say(f"--- pass the keyboard to {role} ---")
            if sys.stdin.isatty() and sys.stdout.isatty():
                click.clear()
                self.read(f"{role}: press Enter when you have the keyboard. ")
        self.last_human = role

    def turn(self, role: Role) -> bool:
        """One decision of a person; False if they quit."""
        self.pass_keyboard(role)
        self.say()
        view = self.session.view(role)
        board = self.board_due(role, view)
        if board is not None:
            self.say(f"== {role} ==")
        self.flush_log(role)
        if board is not None:
            self.show_board(role, board, step_of(view))
        legal = self.menu(role)
        while True:
            line = self.read(f"{role}> ").strip()
            if not line:
                continue
            word, _, arg = line.partition(" ")
            word, arg = word.lower(), arg.strip()
            if word.isdigit():
                n = int(word)
                if n == 0 and self.prefix:
                    self.prefix = self.prefix[:-1]
                    legal = self.menu(role)
                    continue
                if not 1 <= n <= len(legal):
                    self.say(f"There is no choice {n}; choose 1-{len(legal)} (h for help).")
                    continue
                chosen = legal[n - 1]
                if chosen.action is None:
                    self.prefix = chosen.prefix
                    legal = self.menu(role)
                    continue
                if not self.confirm(role, chosen.action):
                    continue
                try:
                    self.session.act(role, chosen.action)
                except OutremerError as exc:  # cannot happen with a sound title; never crash on it
                    self.say(f"Refused: {exc}")
                    continue
                self.prefix = ()
                self.autosave()
                return True
            if word in ("u", "undo"):
                if not self.session.can_undo(role):
                    self.say(f"Cannot undo: {self.session.why_not_undo(role)}.")
                    continue
                action = self.session.undo(role)
                self.prefix = ()
                self.shown.pop(role, None)  # the board is printed again, as it was before
                self.autosave()
                self.say(f"Undone: {self.game.describe_action(self.session.state, role, action)}.")
                return True
            if word in ("s", "save"):
                self.save(arg or None)
            elif word in ("l", "log"):
                for entry in self.game.log(self.session.state, role):
                    self.say_entry(entry)
            elif word in ("b", "board"):
                legal = self.show(role)
            elif word in ("h", "help", "?"):
                self.say(HELP)
            elif word in ("q", "quit", "exit"):
                self.quit()
                return False
            else:
                self.say(f"Unknown command {line!r}; type a number, or h for help.")

    def quit(self) -> None:
        if not self.session.record.actions:
            self.say("Goodbye.")
            return
        try:
            answer = self.read("Save before quitting? [y/N] ").strip().lower()
        except EndOfInput:
            answer = "y"
        if answer in ("y", "yes"):
            path = self.save_path
            if not path:
                try:
                    path = self.read(f"File name [{self.last_file or 'a new file'}]: ").strip() or None
                except EndOfInput:
                    path = None
            self.save(path)
        self.say("Goodbye.")


def match_role(game: Game[Any], roles: Sequence[Role], name: str) -> Role:
    """The role called ``name`` (any case) among ``roles``, or a click error listing them."""
    for role in roles:
        if role.lower() == name.lower():
            return role
    raise click.BadParameter(
        f"{name!r} is not a role of this {game.slug} game: {', '.join(roles)}", param_hint="--side"
    )


@click.command("play")
@click.argument("game_slug", metavar="GAME")
@click.option("--side", "sides", multiple=True, metavar="ROLE", help="A role you play (repeatable).")
@click.option("--hotseat", is_flag=True, help="People play several roles on this keyboard (all by default).")
@click.option(
    "--bot", "bot_name", default=None, help="The bot for other seats (default: scripted, else random)."
)
@click.option("--seed", type=int, default=None, help="Random seed (default: a random one, printed).")
@click.option("--scenario", default=None)
@click.option(
    "--option", "option_pairs", multiple=True, metavar="NAME=BOOL", help="e.g. --option iron_bridge=true"
)
@click.option(
    "--load", "load_path", type=click.Path(dir_okay=False), default=None, help="Continue a saved game."
)
@click.option("--save", "save_path", type=click.Path(dir_okay=False), default=None, help="Autosave here.")
def play_command(
    game_slug: str,
    sides: tuple[str, ...],
    hotseat: bool,
    bot_name: str | None,
    seed: int | None,
    scenario: str | None,
    option_pairs: tuple[str, ...],
    load_path: str | None,
    save_path: str | None,
) -> None:
    """Play GAME in the terminal; seats nobody takes are played by a bot."""
    game = load_game(game_slug)
    try:
        if load_path:
            if seed is not None or scenario or option_pairs:
                click.echo("Note: --seed, --scenario and --option are taken from the save file.")
            session = open_save(load_path, expected_game=game.slug)
        else:
            if seed is None:
                seed = secrets.randbelow(2**31)
            session = Session.new(game, seed, scenario, parse_options(game, option_pairs))
    except OutremerError as exc:
        raise click.ClickException(str(exc)) from exc
    roles = session.roles
    humans = [match_role(game, roles, s) for s in sides]
    if not humans:
        humans = list(roles) if hotseat else [roles[0]]
    humans = [r for r in roles if r in humans]
    name = bot_name or default_bot(game)
    bots: dict[Role, Bot] = {}
    try:
        for j, role in enumerate(roles):
            if role not in humans:
                bots[role] = make_bot(name, game, bot_seed(session.record.seed, j))
    except OutremerError as exc:
        raise click.BadParameter(str(exc), param_hint="--bot") from exc
    rec = session.record
    click.echo(f"{game.title}: seed {rec.seed}, scenario {rec.scenario}.")
    click.echo(f"You play {', '.join(humans)}" + (f"; {name} bot plays {', '.join(bots)}." if bots else "."))
    click.echo("Type h for help.")
    Terminal(session, humans, bots, save_path, f"{game.slug}-seed{rec.seed}").run()
