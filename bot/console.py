"""The console door: slash commands typed as text, answered on the application core without Discord.

``/karte name: Boros-Rekrut`` is parsed against the command table (:mod:`bot.commands`), so every command and
option is accepted in English and in German exactly as Discord users see them; the typed values go through the
table's one option checker, as the gateway's and the HTTP endpoint's do. Used by ``python -m bot call``,
``complete``, ``press`` and ``console`` (:func:`repl`, the interactive prompt).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import sys
import threading
import unicodedata
from collections.abc import Sequence
from typing import Any

from bot.commands import (
    TABLE,
    Kind,
    Leaf,
    MessageCommand,
    Option,
    OptionProblem,
    Table,
    Text,
    UnknownOption,
    check_options,
    typed_fits,
    typed_value,
    unknown_option_line,
)
from bot.commands.buttons import Pressed, press
from bot.core import Core
from bot.custom_id import PAGE, PREFIX, Invocation
from bot.metric_labels import leaf_label
from bot.render import buttons, message_payload, shown, to_text
from bot.reply import Choice, Reply, as_private, one_line, quote_user
from bot.text import shorten, spaced_zwsp
from bot.unpaged import turn_refusal
from bot.words import UMLAUT_SPELLINGS

log = logging.getLogger(__name__)

#: "wort:" followed by a space or the end: how options are typed; "0:24" or "{2}:" do not match.
_OPTION_LIKE = re.compile(r"(?:^|\s)([^\W\d_][\w-]{1,31})\s*:(?=\s|$)")

#: Characters of typed text the console echoes in a message of its own (a 6 000-character option is cut with „…“).
ECHO = 100


def _free_text(option: Option) -> bool:
    """True for an option whose value is any text (a string without fixed choices): a colon in it is text."""
    return option.kind == Kind.STRING and not option.choices


def _prose(options: Sequence[Option]) -> Option | None:
    """The option of ``options`` whose value is prose, a question: the one free-text option (:func:`_free_text`)
    with no autocomplete (``/frage frage``); in its text its own name is text („Meine Frage: …“). None where there
    is no such option or several free-text ones (``/fehde chancen``: a second „bibliothek1:“ is an option given
    twice; ``/karte name``: a value chosen from the box)."""
    free = [o for o in options if _free_text(o)]
    return free[0] if len(free) == 1 and free[0].completer_at is None else None


def typed_command(text: str) -> str:
    """``text`` with what comes before its first colon (the command's name and the first option's) as the
    option values are read (:func:`bot.text.clean`'s NFKC, invisible format characters dropped, a zero-width space
    between letters a space): ``/\u200bfrage`` and the full-width ``/ｆrage`` are ``/frage``, ``/frage was\u200bmacht``
    is ``/frage was macht``. Line breaks and what follows the colon are kept as typed."""
    head, colon, rest = text.partition(":")
    head = "".join(ch for ch in spaced_zwsp(unicodedata.normalize("NFKC", head)) if unicodedata.category(ch) != "Cf")
    return head + colon + rest


class UsageError(Exception):
    """The typed command cannot be parsed (unknown command or option); German message."""


def names_of(text: Text) -> set[str]:
    """Every typed form of a name, casefolded: English and German, umlauts also typed as ``ae``/``oe``/``ue``
    and the other way round (``erhoehung`` also as ``erhöhung``, ``Karten erklären`` also as ``Karten
    erklaeren``), ``ß`` also as ``ss``. Compare a typed name with ``typed.casefold() in names_of(…)``."""
    names = {text.en.casefold(), text.de.casefold()}
    out = set(names)
    for name in names:
        umlauts, spelled = name, name
        for pair, umlaut in UMLAUT_SPELLINGS:  # a name's „ss“ is not read as „ß“: only „ß“ typed as „ss“
            umlauts = umlauts if umlaut == "ß" else umlauts.replace(pair, umlaut)
            spelled = spelled.replace(umlaut, pair)
        out |= {umlauts, spelled}
    return out


class CommandLine:
    """Parse and run typed slash commands on the open ``core``, from the command ``table``."""

    def __init__(self, core: Core, table: Table = TABLE) -> None:
        self.core = core
        self.table = table

    def command_list(self) -> list[str]:
        """Every command as ``/english (/deutsch)`` for help texts, by English name."""
        out = []
        for leaf in sorted(self.table.leaves, key=lambda leaf: leaf.path):
            en = "/" + " ".join(leaf.path)
            out.append(en + (f" ({leaf.label})" if leaf.label != en else ""))
        return out

    def _match_command(self, words: list[str]) -> tuple[Leaf, int]:
        best: tuple[Leaf, int] | None = None
        for leaf in self.table.leaves:
            depth = len(leaf.names)
            if len(words) >= depth and all(words[i].casefold() in names_of(n) for i, n in enumerate(leaf.names)) and (
                    best is None or depth > best[1]):
                best = (leaf, depth)
        if best is None:
            raise UsageError(self._unknown(words))
        return best

    def _unknown(self, words: list[str]) -> str:
        """The German usage error for ``words`` that name no command: a group's name without (or with an unknown)
        subcommand lists the group's subcommands (``/fehde`` → ``/fehde chancen``, ``/fehde aufdecken``), naming an
        unknown one (``/mana foo`` → „Unbekannter Unterbefehl „foo“ für /mana. Gültig sind: …“, escaped by
        :func:`bot.reply.quote_user`, at most 32 characters); anything else every command. A group's name is echoed
        only as one of the table's names (it matched one)."""
        group = [leaf for leaf in self.table.leaves
                 if len(leaf.names) > 1 and words and words[0].casefold() in names_of(leaf.names[0])]
        if group:
            top = words[0].casefold()
            english = top == group[0].names[0].en.casefold() != group[0].names[0].de.casefold()
            subs = [leaf.names[1].en if english else leaf.names[1].de + (
                f" ({leaf.names[1].en})" if leaf.names[1].en != leaf.names[1].de else "") for leaf in group]
            listed = ", ".join(f"/{top} {sub}" for sub in subs)
            if len(words) > 1 and ":" not in words[1]:  # a word in the subcommand's place that names none
                return f"Unbekannter Unterbefehl „{quote_user(words[1], 32)}“ für /{top}. Gültig sind: {listed}."
            return f"„/{top}“ braucht einen Unterbefehl: {listed}."
        shown = " ".join(words[:2]) or "(leer)"
        return f"Unbekannter Befehl „/{shown}“. Verfügbare Befehle: " + ", ".join(self.command_list())

    def parse(self, text: str) -> tuple[Leaf, list[dict[str, Any]]]:
        """``"/karte name: Boros-Rekrut"`` → (the command, ``[{"name": "name", "value": "Boros-Rekrut"}]``): the
        options as Discord would send them, typed text turned into values (:func:`bot.commands.typed_value`),
        names that are no option of the command with the value None (the checker names them).

        Options are ``name: value`` in any order; values run to the next option name of the command, so a colon in
        free text is text (``/frage frage: Was passiert bei: Fehde?``; where a ``wort:`` counts as an unknown
        option: :meth:`_unknown_names`). Text before the first option fills the first option (``/karte
        Boros-Rekrut``); an empty value counts as left out.

        Raises:
            UsageError: unknown command, or an option given twice.
        """
        text = typed_command(text).strip()
        if not text.startswith("/"):
            raise UsageError(
                "Befehle beginnen mit „/“, zum Beispiel: /karte name: Boros-Rekrut"
                " (oder „Karten erklären: <Text einer Nachricht>“)"
            )
        words = text[1:].split()
        leaf, depth = self._match_command(words)
        rest = text[1:].split(None, depth)[depth] if len(words) > depth else ""
        options = leaf.command.all_options
        segments = self._segments(leaf, rest)
        values = self._values(leaf, segments)
        typed = [{"name": o.name.en, "value": typed_value(o, values[o.name.en])} for o in options
                 if values.get(o.name.en)]
        return leaf, typed + [{"name": name, "value": None} for name in self._unknown_names(leaf, segments)]

    @staticmethod
    def _segments(leaf: Leaf, rest: str) -> list[tuple[Option | None, str]]:
        """The typed text ``rest`` cut at the option names: ``(option, its text)`` in order, the text before the
        first name (if any) with None. A text that begins with an option's name and a space instead of its colon
        is that option (``/ruling suche manaburn`` is ``/ruling suche: manaburn``; only in the console: Discord
        always asks for the option), when more follows the name. In the text of the command's prose option
        (:func:`_prose`) its own name is text (``/frage frage: Meine Frage: …``), and so is another option's name
        before two or more words that are no value of it (``Was bedeutet privat: bei Vorhersage?``); one word or
        none after it is the option (``privat: ja``; ``privat: jaa`` refused)."""
        options = leaf.command.all_options
        alternatives = sorted({n for o in options for n in names_of(o.name)}, key=len, reverse=True)
        matches = []
        if alternatives:
            names = "|".join(map(re.escape, alternatives))
            marker = re.compile(r"(?:^|\s)(" + names + r")\s*:", re.IGNORECASE)
            matches = list(marker.finditer(rest))
            bare = re.match(r"\s*(" + names + r")\s+(?=\S)", rest, re.IGNORECASE)  # „suche manaburn“
            if bare is not None and not (matches and matches[0].start() == 0):
                matches.insert(0, bare)
        head = rest[: matches[0].start()] if matches else rest
        segments: list[tuple[Option | None, str]] = [(None, head)] if head.strip() else []
        # the prose option's name again after its text began is text of it („/frage frage: Meine Frage: …“)
        prose = _prose(options)
        begun = bool(segments) and prose is options[0] and not _OPTION_LIKE.match(head.lstrip())  # no alias
        ends = [n.start() for n in matches[1:]] + [len(rest)] * bool(matches)  # each name's text ends at the next
        for m, end in zip(matches, ends, strict=True):
            option = next(o for o in options if m.group(1).casefold() in names_of(o.name))
            last = (segments[-1][0] or options[0]) if segments else None  # whose text the name stands in
            typed = rest[m.end() : end]  # one word or none: the option's, checked
            if (option is prose and begun) or (prose is not None and option is not prose and last is prose
                                               and len(typed.split()) > 1 and not typed_fits(option, typed)):
                segments[-1] = (segments[-1][0], segments[-1][1] + rest[m.start() : end])
                continue
            segments.append((option, typed))
            begun = begun or option is prose
        return segments

    @staticmethod
    def _values(leaf: Leaf, segments: list[tuple[Option | None, str]]) -> dict[str, str]:
        """{English name: text} of the :meth:`_segments`; the text before the first name fills the first option,
        unless it starts with a name of its own (``/regel nummer: 1 suche: 701.19``: an unknown option's value).

        Raises:
            UsageError: an option given twice.
        """
        options = leaf.command.all_options
        values: dict[str, str] = {}
        for named, text in segments:
            option = named if named is not None else (options[0] if options else None)
            if option is None or (named is None and _OPTION_LIKE.match(text.lstrip())):
                continue
            if option.name.en in values:
                raise UsageError(f"Option „{option.name.de}“ ist doppelt angegeben.")
            values[option.name.en] = text.strip()
        return values

    @staticmethod
    def _unknown_names(leaf: Leaf, segments: list[tuple[Option | None, str]]) -> list[str]:
        """``wort:`` forms that are no option of the command, where they stand for an option name: anywhere in the
        value of an option that takes no free text (a number, ``ja``/``nein``, a choice), at the start of the text
        before the first option name (``/regel nummer: 702``). In free text a colon is text (``/frage frage: Was
        passiert bei: Fehde?``), also further on in the text before the first name (``/frage Was passiert bei: …``)."""
        options = leaf.command.all_options
        known = {n for o in options for n in names_of(o.name)}
        found = []
        for option, text in segments:
            holder = option if option is not None else (options[0] if options else None)
            if holder is None or not _free_text(holder):
                found += [m.group(1) for m in _OPTION_LIKE.finditer(text)]
            elif option is None and (m := _OPTION_LIKE.match(text.lstrip())):
                found.append(m.group(1))
        return [name for name in found if name.casefold() not in known]

    async def call(self, text: str) -> Reply:
        """Run a typed command and return its reply (user-facing errors are error replies).

        Raises:
            UsageError: the command itself, or one of its option names, is unknown.
        """
        return (await self.invoke(text))[0]

    def _menu_line(self, text: str) -> tuple[MessageCommand, str] | None:
        """``"Karten erklären: Was macht [[Boros-Rekrut]]?"`` → (the message command, the message's text); None
        for a line that names no message command of the table (English or German name, ``ae`` for ``ä``)."""
        name, colon, message = text.strip().partition(":")
        typed = name.strip().casefold()
        menu = next((m for m in self.table.menus if typed in names_of(m.name)), None) if colon else None
        return None if menu is None else (menu, message.strip())

    async def invoke(self, text: str) -> tuple[Reply, Invocation | None]:
        """Like :meth:`call`, and the invocation the paging buttons of the reply re-run (None for an error about
        the typed options, which the table's checker words as it does for Discord).

        ``Karten erklären: <text of a message>`` runs the message command on that text, as Discord runs it on a
        message with that content (private, as there)."""
        menu = self._menu_line(text)
        if menu is not None:
            origin = menu[0].invocation(self.core.context, menu[1])
            return as_private(await self.core.run(origin)), origin
        leaf, options = self.parse(text)
        try:
            call = check_options(leaf, options)
        except UnknownOption as problem:  # a typo on the command line: a usage error (exit code 2)
            raise UsageError(unknown_option_line(leaf, problem.name, _typed_english(text, leaf))) from None
        except OptionProblem as problem:
            return problem.reply, None
        origin = call.invocation()
        reply = await self.core.run(origin)
        return (as_private(reply) if call.private else reply), origin

    async def complete(self, target: str, current: str) -> list[Choice]:
        """Autocomplete choices for ``target`` = ``"/karte name"`` and the typed text ``current``.

        Raises:
            UsageError: unknown command or an option without autocomplete.

        ``target`` is read as :meth:`parse` reads a command's name (:func:`typed_command`: NFKC, invisible
        characters dropped), so ``/ｋarte ｎａｍｅ`` and ``/\u200bkarte name`` name ``/karte name``.
        """
        words = typed_command(target).strip().lstrip("/").split()
        leaf, depth = self._match_command(words)
        typed = words[depth].casefold() if len(words) > depth else ""
        option = next((o for o in leaf.command.all_options if typed in names_of(o.name)), None)
        if option is None or option.completer is None:
            names = ", ".join(o.name.de for o in leaf.command.all_options if o.completer_at is not None)
            what = f"Option „{words[depth]}“" if len(words) > depth else "keine Option angegeben"
            offer = (f"Autovervollständigung gibt es für: {names}." if names
                     else "dieser Befehl hat keine Option mit Autovervollständigung.")
            raise UsageError(f"{leaf.label}: {what} – {offer}")
        return await self.core.complete(option.completer, current, leaf_label(leaf.path))  # the metrics' label

    async def press(self, custom_id: str) -> Pressed:
        """Press the button ``custom_id`` as a click in Discord would (:func:`bot.commands.buttons.press`): an
        action (``rb:rulings:12``) or a page of a paged answer (``rb:pg:2:…``, as ``call --json`` shows it). Any
        text is pressed as given (a console line comes stripped), as Discord sends a button's id exactly as the bot
        wrote it: an id the bot did not make (``rb``, ``""``, ``rb:mechanic_pick:Aufstacheln `` with its space,
        another program's ``x``) is answered with the German „Unbekannte Schaltfläche“, as on the gateway and the
        HTTP endpoint. Never raises for the id."""
        return await press(custom_id, self.core.run)


def _typed_english(text: str, leaf: Leaf) -> bool | None:
    """True when the command of the typed ``text`` was typed with its English name (``/rule``), False with its
    German one (``/regel``), None when the two are the same (``/ruling``)."""
    top = leaf.names[0]
    if top.en.casefold() == top.de.casefold():
        return None
    words = typed_command(text).strip()[1:].split()
    return bool(words) and words[0].casefold() == top.en.casefold()


def private_note(reply: Reply, page: int, origin: Invocation | None) -> str | None:
    """For a private (ephemeral, ``flags: 64``) reply the console line ``(nur für dich) [Im Kanal teilen]
    (rb:sh:…)`` with the share button's custom_id exactly as Discord gets it (:func:`bot.render.message_payload`);
    None for a public reply."""
    if not reply.ephemeral:
        return None
    share = [b for b in buttons(message_payload(reply, page, origin)) if b["custom_id"].startswith("rb:sh:")]
    return "(nur für dich)" + "".join(f" [{b['label']}] ({b['custom_id']})" for b in share)


CONSOLE_HELP = """Regelbot-Konsole. Tippe einen Befehl wie in Discord, z. B.:
  /karte name: Boros-Rekrut
  ?karte name: boros        (Autovervollständigung für eine Option)
  Karten erklären: Was macht [[Boros-Rekrut]]?   (der Befehl im Nachrichtenmenü, auf diesen Text)
  weiter / zurück           (blättern)       rb:rulings:12   (Knopf drücken)
  hilfe                     (diese Hilfe)    ende            (beenden)"""


class Session:
    """The interactive console (:func:`repl`): the last answer shown, its page and its invocation."""

    def __init__(self, cli: CommandLine) -> None:
        self.cli = cli
        self.last: Reply | None = None
        self.page = 0
        self.origin: Invocation | None = None

    def help(self) -> None:
        """Print the console's help and the commands."""
        print(CONSOLE_HELP)
        print("Befehle: " + ", ".join(self.cli.command_list()))

    async def turn(self, step: int) -> None:
        """Show the next (``step`` 1) or the previous (-1) page of the last answer by pressing its „Weiter“ or
        „Zurück“ button as Discord would (:func:`bot.commands.buttons.press`): it pages where they page; without
        one, :func:`bot.unpaged.turn_refusal` of it as shown says why. An error of the press is shown; it stays."""
        if self.last is None:
            print("Noch keine Antwort zum Blättern.")
            return
        label = "Weiter" if step > 0 else "Zurück"
        under = buttons(message_payload(self.last, self.page, self.origin))
        paging = f"{PREFIX}:{PAGE}:"
        button = next((b for b in under if b.get("label") == label and b["custom_id"].startswith(paging)), None)
        if button is None or button.get("disabled"):
            print(turn_refusal(shown(self.last, self.origin)[0], step))  # the first page alone of an unpaged answer
            return
        pressed = await press(button["custom_id"], self.cli.core.run, private=self.last.ephemeral)
        if pressed.update:  # the page turned in place, as the clicked message in Discord
            self.last, self.page, self.origin = pressed.reply, pressed.page, pressed.origin
        print(to_text(pressed.reply, pressed.page, pressed.origin))
        note = private_note(pressed.reply, pressed.page, pressed.origin) if pressed.update else None
        if note:
            print(note)

    async def suggest(self, line: str) -> None:
        """``?karte name: boros``: print the autocomplete choices."""
        target, _, typed = line[1:].partition(":")
        choices = await self.cli.complete("/" + target.strip(), typed.strip())
        for c in choices:
            print("  " + c.name)
        if not choices:
            print(f"  Keine Vorschläge für „{shorten(one_line(typed), ECHO)}“.")  # bounded as the answers' echo

    async def answer(self, line: str) -> None:
        """Run a typed command or press a button (``rb:…``) and print the answer."""
        if line.startswith("rb"):
            pressed = await self.cli.press(line)
            self.last, self.page, self.origin = pressed.reply, pressed.page, pressed.origin
        else:
            (self.last, self.origin), self.page = await self.cli.invoke(line), 0
        print(to_text(self.last, self.page, self.origin))
        note = private_note(self.last, self.page, self.origin)
        if note:
            print(note)

    async def handle(self, line: str) -> bool:
        """Handle one typed ``line``; False when the console should end. Its command word (``?mechanik``,
        ``weiter``) is read as a command's name is (:func:`typed_command`: NFKC, invisible characters dropped)."""
        line = typed_command(line)
        low = line.casefold()
        if low in {"ende", "exit", "quit"}:
            return False
        if low in {"hilfe", "help", "?"}:
            self.help()
        elif low in {"weiter", "zurück", "zurueck"}:
            await self.turn(1 if low == "weiter" else -1)
        elif line.startswith("?"):
            await self.suggest(line)
        else:
            await self.answer(line)
        return True


#: Bytes read from stdin (not a terminal) that do not yet end a line (:func:`_raw_line`).
_pending = bytearray()


def _raw_line() -> str:
    """The next line of stdin without its line break, read from the file descriptor itself: unlike
    ``sys.stdin``, ``os.read`` takes no lock of the interpreter's, so a thread waiting here cannot stop the
    interpreter from ending.

    Raises:
        EOFError: the end of input and nothing left.
    """
    while b"\n" not in _pending:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            if not _pending:
                raise EOFError
            _pending.extend(b"\n")
        _pending.extend(chunk)
    end = _pending.index(b"\n")
    line = bytes(_pending[:end])
    del _pending[: end + 1]
    return line.decode(sys.stdin.encoding or "utf-8", sys.stdin.errors or "strict").removesuffix("\r")


async def read_line(prompt: str) -> str:
    """The operator's next line after ``prompt``, read in a daemon thread of its own, so that a line not yet
    typed cannot keep the process alive after Ctrl+C or SIGTERM (a thread of the loop's default executor would
    be joined when ``asyncio.run`` ends: the process would wait for the next line or the end of input). Not
    ``input``: on a terminal it holds the C library's lock on stdin, on a pipe the interpreter's, and the
    ending interpreter would wait for either.

    Raises:
        EOFError: the end of input.
    """
    loop = asyncio.get_running_loop()
    future: asyncio.Future[str] = loop.create_future()
    print(prompt, end="", flush=True)

    def settle(line: str, error: BaseException | None) -> None:
        if not future.done():
            future.set_exception(error) if error is not None else future.set_result(line)

    def read() -> None:
        line, error = "", None
        try:
            line = _raw_line()
        except BaseException as exc:  # EOFError, a broken stdin: handed to the awaiting coroutine
            error = exc
        with contextlib.suppress(RuntimeError):  # the loop has ended meanwhile: nobody waits for this line
            loop.call_soon_threadsafe(settle, line, error)

    threading.Thread(target=read, name="console-input", daemon=True).start()
    return await future


async def repl(cli: CommandLine) -> int:
    """The interactive prompt (``python -m bot console``) over ``cli``: commands, autocomplete, buttons and
    paging, until ``ende`` or the end of input. Survives any error (logged; one German line). Returns 0."""
    session = Session(cli)
    session.help()
    while True:
        try:
            line = (await read_line("regelbot> ")).strip()
        except (EOFError, KeyboardInterrupt):
            print()
            return 0
        if not line:
            continue
        try:
            if not await session.handle(line):
                return 0
        except UsageError as exc:
            print(one_line(str(exc)))
        except Exception:  # the console must survive anything, like the bot does
            log.exception("Fehler bei %r", line)
            print("Da ist etwas schiefgelaufen (Details im Log).")
