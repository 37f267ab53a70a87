"""The shapes of the command table: what a user can type, in English and German, and which answer it runs.

Discord-free: the gateway builds discord.py's ``app_commands`` from these (:mod:`bot.gateway.slash`), the HTTP
endpoint maps payloads onto them (:mod:`bot.serve`) and the console maps typed lines onto them
(:mod:`bot.console`). One area of the table declares its commands like this::

    COMMANDS = [
        Command(tr("card", "karte"), tr("Show a card …", "Zeigt eine Karte …"), "bot.answers.cards:card_answer", [
            Option(tr("name", "name"), tr("Card name …", "Kartenname …"),
                   completer_at="bot.answers.card_picks:card_names"),
        ]),
    ]

The table names its answers, completers and message readers by their place, ``"module:function"``
(:func:`resolve`), and imports a module at the first use of one of them: reading the table (every command's names
and options, for the console's parsing and the gateway's payload) imports no answer module, and a one-shot
``python -m bot call '/karte …'`` imports the answer modules of ``/karte`` only. The doors that stay up (``run``,
``serve``, ``console``) import every answer module at start, before their first interaction
(:meth:`bot.commands.Table.warm`). tests/test_commands.py checks that every place names the registered function.

An option's English name is the answer function's parameter name; every command also takes
:data:`PRIVATE` (German ``privat``), which the doors handle around the answer.
"""

from __future__ import annotations

import functools
import pkgutil
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from bot.answers.registry import AnswerContext, AnswerFn, CompleterFn, answer_key
from bot.custom_id import Invocation
from bot.reply import PRIVATE_OPTION
from bot.text import german_int


def resolve(place: str) -> Any:
    """The function at ``place``, ``"module:function"`` (``"bot.answers.cards:card_answer"``), its module imported
    at the first call (:func:`pkgutil.resolve_name`; the module's decorators then register it, see
    :mod:`bot.answers.registry`).

    Raises:
        ImportError, AttributeError: no such module or function (a programming error of the table; tests/
            test_commands.py resolves every place).
    """
    return pkgutil.resolve_name(place)


#: The place of the card-name completer (:func:`resolve`), which ``/mana`` and ``/fehde`` offer.
CARD_NAMES = "bot.answers.card_picks:card_names"
#: The place of the completer of ``/karte`` and ``/ruling karte``: the card names and the guilds and sets whose
#: names the typed words begin, which those answers explain (:mod:`bot.answers.guild_offers`).
CARD_OR_GUILD_NAMES = "bot.answers.guild_offers:card_or_guild_names"


@dataclass(frozen=True)
class Text:
    """A name or description in English (Discord's base text) and German (what German clients show)."""

    en: str
    de: str


def tr(en: str, de: str) -> Text:
    """``tr("card", "karte")``: English base text with its German translation."""
    return Text(en, de)


class Kind(IntEnum):
    """The option types the table uses: Discord's application command option types (``3`` string …)."""

    STRING = 3
    INTEGER = 4
    BOOLEAN = 5
    NUMBER = 10


#: What an option of each kind takes, in German (the "erwartet: …" of a value that does not fit).
KIND_TEXT = {Kind.STRING: "Text", Kind.INTEGER: "ganze Zahl", Kind.BOOLEAN: "ja oder nein", Kind.NUMBER: "Zahl"}


@dataclass(frozen=True)
class Choice:
    """A fixed value of an option: ``name`` shown (≤ 100 characters), ``value`` sent."""

    name: Text
    value: str | int


@dataclass(frozen=True)
class Option:
    """One option of a command.

    ``name.en`` is the answer function's parameter name and Discord's base name (an optional option left out
    is not passed: the answer's own default applies); ``min_value``/``max_value`` bound integers and numbers
    (Discord's client enforces them, :mod:`bot.commands.check` does for every door); ``completer_at`` is the
    place (:func:`resolve`) of the completer that answers autocomplete from memory, None for an option without.
    """

    name: Text
    description: Text
    kind: Kind = Kind.STRING
    required: bool = True
    min_value: int | None = None
    max_value: int | None = None
    choices: Sequence[Choice] = ()
    completer_at: str | None = None

    @functools.cached_property
    def completer(self) -> CompleterFn | None:
        """The completer at :attr:`completer_at` (its module imported at the first use), or None."""
        return None if self.completer_at is None else resolve(self.completer_at)

    @property
    def param(self) -> str:
        """The answer function's parameter (the English name): ``"search"`` for ``suche``."""
        return self.name.en

    def expected(self) -> str:
        """What the option takes, in German: ``"ganze Zahl von 0 bis 1000"``, ``"ganze Zahl von 0 bis 999.999.999"``
        (:func:`bot.text.german_int`), ``"eine der Auswahlen: heute, 2007"``."""
        if self.choices:
            return "eine der Auswahlen: " + ", ".join(str(c.value) for c in self.choices)
        text = KIND_TEXT[self.kind]
        if self.min_value is not None and self.max_value is not None:
            text += f" von {german_int(self.min_value)} bis {german_int(self.max_value)}"
        return text


#: The option every command takes: the answer is shown only to the asking user, with an "Im Kanal teilen"
#: button (:func:`bot.reply.as_private`). It goes last, after the command's own options.
PRIVATE = Option(
    tr(PRIVATE_OPTION, "privat"),
    tr("Only you see the answer (with a button to share it)", "Nur du siehst die Antwort (im Kanal teilen möglich)"),
    Kind.BOOLEAN,
    required=False,
)


@dataclass(frozen=True, eq=False)
class Command:
    """A slash command: its names, its description (≤ 100 characters each language), the place of the answer it
    runs (``answer_at``, :func:`resolve`) and its options in the order Discord shows them (required ones first).
    Compared by identity."""

    name: Text
    description: Text
    answer_at: str
    options: Sequence[Option] = ()

    @functools.cached_property
    def answer(self) -> AnswerFn:
        """The answer at :attr:`answer_at` (its module imported at the first use)."""
        fn: AnswerFn = resolve(self.answer_at)
        return fn

    @functools.cached_property
    def ordered_options(self) -> tuple[Option, ...]:
        """:attr:`all_options`, put in order once (the command does not change): what every invocation reads."""
        return (*sorted(self.options, key=lambda o: not o.required), PRIVATE)

    @property
    def all_options(self) -> list[Option]:
        """The command's options as users see them (as Discord lists them: required ones first, else in their
        order), then :data:`PRIVATE`."""
        return list(self.ordered_options)


@dataclass(frozen=True, eq=False)
class Group:
    """A slash command with subcommands (``/mana bezahlen``): its names, description and the subcommands."""

    name: Text
    description: Text
    commands: Sequence[Command]


@dataclass(frozen=True, eq=False)
class MessageCommand:
    """A command of a message's context menu ("Karten erklären"): its names, the place of the answer it runs
    (``answer_at``) and of the function that reads the answer's options from the message's text (``options_at``:
    ``options(ctx, text) -> {parameter: value}``; places as :func:`resolve` reads them). Its answer is always
    private."""

    name: Text
    answer_at: str
    options_at: str

    @functools.cached_property
    def answer(self) -> AnswerFn:
        """The answer at :attr:`answer_at` (its module imported at the first use)."""
        fn: AnswerFn = resolve(self.answer_at)
        return fn

    @functools.cached_property
    def options(self) -> Callable[[AnswerContext, str], dict[str, Any]]:
        """The reader of the answer's options at :attr:`options_at` (its module imported at the first use)."""
        fn: Callable[[AnswerContext, str], dict[str, Any]] = resolve(self.options_at)
        return fn

    def invocation(self, ctx: AnswerContext, text: str) -> Invocation:
        """What runs for a message with the content ``text`` (and what the answer's buttons run again)."""
        return Invocation.answer(answer_key(self.answer), **self.options(ctx, text))


@dataclass(frozen=True)
class Leaf:
    """A command as users invoke it: its ``names`` from the top (``mana``, ``pay``) and the :class:`Command`."""

    names: tuple[Text, ...]
    command: Command

    @property
    def path(self) -> tuple[str, ...]:
        """The English names, as Discord sends them: ``("mana", "pay")``."""
        return tuple(n.en for n in self.names)

    @property
    def label(self) -> str:
        """The command as a German user types it: ``/mana bezahlen``."""
        return "/" + " ".join(n.de for n in self.names)

    def option(self, name: str) -> Option | None:
        """The option whose English name is ``name`` (as Discord sends it), or None."""
        return self._options_by_name.get(name)

    @functools.cached_property
    def _options_by_name(self) -> dict[str, Option]:
        """English name → the first option of that name (:attr:`Command.ordered_options`), made once per leaf."""
        found: dict[str, Option] = {}
        for option in self.command.ordered_options:
            found.setdefault(option.name.en, option)
        return found


#: Work an area wants done once at start-up, before the first interaction (memory for autocomplete).
Warmup = Callable[[AnswerContext], Awaitable[object]]


@dataclass
class Area:
    """What one area module of the table declares: its slash commands (:class:`Command` or :class:`Group`),
    its message commands and its start-up work."""

    name: str
    commands: list[Command | Group] = field(default_factory=list)
    menus: list[MessageCommand] = field(default_factory=list)
    warmups: list[Warmup] = field(default_factory=list)
