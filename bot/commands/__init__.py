"""The command table: every command, its names in English and German, its options with the one checker, its
completers and its answer; the message commands; the button actions (:mod:`bot.commands.buttons`).

Every door reads this table: the gateway builds discord.py's ``app_commands`` from it, the HTTP endpoint and
the console map payloads and typed lines onto it. Discord-free.

An *area* is a module of this package that declares ``COMMANDS`` (slash commands: :class:`Command` or
:class:`Group`), ``MENUS`` (:class:`MessageCommand`) and, optionally, ``WARMUPS`` (start-up work, e.g. memory
for autocomplete). Areas are found by walking the package, in the order of their names: a new area is a new
file; nothing lists it.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Sequence

from bot.answers.registry import AnswerContext, load_all
from bot.commands.check import (
    STALE_COMMAND,
    BadValue,
    Call,
    ChangedOptions,
    MissingOption,
    OptionProblem,
    UnknownOption,
    check_options,
    typed_fits,
    typed_value,
    unknown_option_line,
)
from bot.commands.spec import (
    PRIVATE,
    Area,
    Choice,
    Command,
    Group,
    Kind,
    Leaf,
    MessageCommand,
    Option,
    Text,
    tr,
)
from bot.reply import emoji_sequence
from bot.rules.mana import load_all as load_calculations
from bot.text import grapheme

__all__ = [
    "PRIVATE",
    "STALE_COMMAND",
    "TABLE",
    "Area",
    "BadValue",
    "Call",
    "ChangedOptions",
    "Choice",
    "Command",
    "Group",
    "Kind",
    "Leaf",
    "MessageCommand",
    "MissingOption",
    "Option",
    "OptionProblem",
    "Table",
    "Text",
    "UnknownOption",
    "area_names",
    "check_options",
    "tr",
    "typed_fits",
    "typed_value",
    "unknown_option_line",
]


class Table:
    """The commands of all ``areas``: ``commands`` (top level, as Discord lists them), ``leaves`` (every
    command a user can invoke, subcommands singly) and ``menus`` (message commands)."""

    def __init__(self, areas: Sequence[Area]) -> None:
        self.areas = list(areas)
        self.commands = [c for a in self.areas for c in a.commands]
        self.menus = [m for a in self.areas for m in a.menus]
        self.leaves: list[Leaf] = []
        for top in self.commands:
            subs = top.commands if isinstance(top, Group) else [top]
            self.leaves += [Leaf((top.name, sub.name) if sub is not top else (top.name,), sub) for sub in subs]
        self._by_path = {leaf.path: leaf for leaf in self.leaves}

    def find(self, path: Sequence[str]) -> Leaf | None:
        """The command whose English names are ``path`` (``("mana", "pay")``), or None."""
        return self._by_path.get(tuple(path))

    def menu(self, name: str) -> MessageCommand | None:
        """The message command whose English name is ``name`` (``"Explain cards"``), or None."""
        return next((m for m in self.menus if m.name.en == name), None)

    def resolve_all(self) -> int:
        """Look up the function at every place of the table (answers, completers, the menus' readers; each kept by
        its :class:`~bot.commands.spec.Command`, :class:`~bot.commands.spec.Option` or
        :class:`~bot.commands.spec.MessageCommand`), so that no first interaction does. Returns how many.

        Raises:
            ImportError, AttributeError: a place names no function (a programming error).
        """
        found = [leaf.command.answer for leaf in self.leaves]
        found += [o.completer for leaf in self.leaves for o in leaf.command.options if o.completer_at is not None]
        found += [fn for menu in self.menus for fn in (menu.answer, menu.options)]
        return len(found)

    async def warm(self, ctx: AnswerContext) -> None:
        """Import what a one-shot command imports only when it needs it, which the first interaction of a door that
        stays up must not wait for: every answer module (:func:`bot.answers.registry.load_all`; the table imports
        one at the first use of its command), every mana calculation (:func:`bot.rules.mana.load_all`) and the
        ``regex`` patterns (:func:`bot.text.grapheme`, :func:`bot.reply.emoji_sequence`). Then run every area's
        start-up work (memory for autocomplete) on ``ctx``."""
        load_all()
        load_calculations()
        grapheme()
        emoji_sequence()
        self.resolve_all()
        for area in self.areas:
            for warmup in area.warmups:
                await warmup(ctx)


def area_names() -> list[str]:
    """The area modules of this package (``["bot.commands.cards", "bot.commands.chat", …]``): every module that
    declares ``COMMANDS`` or ``MENUS``, sorted by name.

    Raises:
        ImportError: an area cannot be imported.
    """
    found = []
    for info in pkgutil.iter_modules(__path__, f"{__name__}."):
        module = importlib.import_module(info.name)
        if hasattr(module, "COMMANDS") or hasattr(module, "MENUS"):
            found.append(info.name)
    return sorted(found)


def _load() -> Table:
    areas = []
    for name in area_names():
        module = importlib.import_module(name)
        areas.append(Area(name.rpartition(".")[2], list(getattr(module, "COMMANDS", [])),
                          list(getattr(module, "MENUS", [])), list(getattr(module, "WARMUPS", []))))
    return Table(areas)


#: The table of this bot.
TABLE = _load()
