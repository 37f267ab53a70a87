"""Command line: ``regelbot {init,build,update,run,sync,serve,console,call,complete,press}`` (also
``python -m bot …``; contract in DESIGN.md).

The launcher: this module parses the arguments and runs one subcommand, which writes a settings file, builds the
store or starts one door; their bodies live in :mod:`bot.cli`, the logging set-up (token redaction) in
:mod:`bot.logs`. The program names itself as it was called (:func:`program_name`) in ``--help``, usage errors and
every message naming a command (:func:`bot.exits.named`); ``--version`` prints its version; ``--env-file`` (or
``REGELBOT_ENV_FILE``) names the settings file (:func:`bot.config.env_file_for`).

Exit codes (README "Exit codes"): 0 success (also when the bot answered with a user-facing error, and
``run``/``serve`` after a clean shutdown on Ctrl+C/SIGTERM), 1 a runtime problem (store missing/corrupt,
Discord refused the token), 2 a usage problem (unknown command or option, missing token; argparse's
errors as one German line, :class:`GermanArgumentParser`), 130 Ctrl+C/SIGTERM elsewhere, also during the
start-up imports (:mod:`bot.startup`). Messages for people are German and one line; nothing prints a
traceback except with ``LOG_LEVEL=DEBUG``.
"""

from __future__ import annotations

import os
import signal
import sys

from bot import startup

startup.begin()  # before the imports below: Ctrl+C there must not print a traceback (bot.startup)

import argparse  # noqa: E402  (after the handlers: Ctrl+C during imports must not print a traceback)
import logging  # noqa: E402
import re  # noqa: E402
from collections.abc import Callable, Collection  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, NoReturn  # noqa: E402

from bot import __version__  # noqa: E402
from bot.cli import (  # noqa: E402
    cmd_build,
    cmd_call,
    cmd_complete,
    cmd_console,
    cmd_init,
    cmd_press,
    cmd_run,
    cmd_serve,
    cmd_sync,
    cmd_update,
    ensure_store,
)
from bot.config import ConfigError, load_settings, readable_secret_file  # noqa: E402
from bot.exits import INTERRUPTED, MODULE_PROGRAM, fail, program, set_program  # noqa: E402
from bot.logs import setup_logging  # noqa: E402
from bot.reply import one_line  # noqa: E402

startup.end()  # imports done: Ctrl+C is a KeyboardInterrupt again, which main() turns into 130
log = logging.getLogger("bot")
_MAIN_PID = os.getpid()


def _sigterm_as_interrupt(signum: int, frame: object) -> None:
    """SIGTERM in the main process unwinds like Ctrl+C (German line, exit 130, temp files removed); in a
    forked worker it keeps its default meaning (the pool stops its workers with it)."""
    if os.getpid() != _MAIN_PID:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
        return
    raise KeyboardInterrupt


#: argparse's English error messages (Python 3.11-3.13 wording) → German; the last group is kept as is.
_ERRORS_DE = [
    (re.compile(r"the following arguments are required: (.+)"), r"Es fehlt: \1"),
    (re.compile(r"unrecognized arguments: (.+)"), r"Unbekannte Angabe: \1"),
    (re.compile(r"argument (\S+): invalid choice: (.+?) \(choose from (.+)\)"), r"\1: \2 gibt es nicht (möglich: \3)"),
    (re.compile(r"argument (\S+): expected one argument"), r"\1 braucht einen Wert"),
    (re.compile(r"argument (\S+): invalid (?:int|float) value: (.+)"), r"\1: \2 ist keine Zahl"),
    (re.compile(r"argument (\S+): ignored explicit argument (.+)"), r"\1 nimmt keinen Wert (\2)"),
    (re.compile(r"ambiguous option: (\S+) could match (.+)"), r"\1 ist mehrdeutig (passt zu \2)"),
    (re.compile(r"argument (\S+): (.+)"), r"\1: \2"),  # our own type checks already speak German
]


class _GermanHelp(argparse.HelpFormatter):
    """argparse's help with the German "Aufruf:" instead of "usage:"."""

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, "Aufruf: " if prefix is None else prefix)


class GermanArgumentParser(argparse.ArgumentParser):
    """argparse with German help (headings "Argumente"/"Optionen", "-h, --help  diese Hilfe zeigen") and
    usage errors as one German line on stderr, exit code 2. Subcommand parsers are of
    the same class (argparse creates them with ``type(parser)``)."""

    def __init__(self, *args: Any, add_help: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _GermanHelp)
        # the parser's options as added (-h and --help first): what :func:`command_at` and :func:`dashed_ids` read
        self.options: list[argparse.Action] = []
        super().__init__(*args, add_help=False, **kwargs)
        self._positionals.title, self._optionals.title = "Argumente", "Optionen"
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help="diese Hilfe zeigen und beenden")

    def error(self, message: str) -> NoReturn:
        """One German line ``<prog>: <problem> (Hilfe: <prog> --help)``, exit code 2."""
        for pattern, german in _ERRORS_DE:
            if pattern.fullmatch(message):
                message = pattern.sub(german, message)
                break
        self.exit(2, f"{self.prog}: {one_line(message)} (Hilfe: {self.prog} --help)\n")

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """argparse's :meth:`~argparse.ArgumentParser.add_argument`, an option's action kept in :attr:`options`."""
        action = super().add_argument(*args, **kwargs)
        if action.option_strings:
            self.options.append(action)
        return action


def _port(text: str) -> int:
    """A TCP port 0-65535 for ``serve --port`` (argparse type; German message otherwise)."""
    if not text.isascii() or not text.isdigit() or len(text) > 5 or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"Port muss eine Zahl von 0 bis 65535 sein, nicht {text[:20]!r}")
    return int(text)


def _defer_after(text: str) -> float:
    """Seconds 0-2.5 for ``serve --defer-after`` (Discord's limit is 3 s; argparse type)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 2.5:
        raise argparse.ArgumentTypeError(f"Sekunden von 0 bis 2,5 (Discord wartet 3 s), nicht {text[:20]!r}")
    return value


def program_name(argv0: str) -> str:
    """How the program was called, for its messages: ``python -m bot`` when ``argv0`` is the package's
    ``__main__.py`` (what Python puts there for ``-m``), else the script's name (``regelbot``, also
    ``regelbot.exe`` on Windows → ``regelbot``)."""
    name = Path(argv0).name
    if not name or name == "__main__.py":
        return MODULE_PROGRAM
    return name.removesuffix(".exe")


ENV_FILE_HELP = "Einstellungsdatei (sonst REGELBOT_ENV_FILE, .env oder die von init geschriebene)"


def _add_common(parser: argparse.ArgumentParser) -> None:
    """Add the options every subcommand that reads settings also takes after its name (``regelbot run
    --env-file x``) to ``parser``, in its one "Optionen" section."""
    parser.add_argument("--env-file", metavar="DATEI", default=argparse.SUPPRESS, help=ENV_FILE_HELP)


def make_parser(prog: str = MODULE_PROGRAM) -> argparse.ArgumentParser:
    """The argparse parser of ``python -m bot`` / ``regelbot`` (``prog``: how the program was called)."""
    parser = GermanArgumentParser(prog=prog, description="Regelbot: MTG-Regelfragen auf Deutsch.")
    # The version line names the program (``regelbot``), however it was called; usage lines name the call.
    parser.add_argument("--version", action="version", version=f"regelbot {__version__}",
                        help="Version zeigen und beenden")
    parser.add_argument("--env-file", metavar="DATEI", default=None, help=ENV_FILE_HELP)
    sub = parser.add_subparsers(dest="cmd", required=True, metavar="BEFEHL", parser_class=_parser_with(_add_common))
    p = sub.add_parser("init", help="Kommentierte Einstellungsdatei (.env) anlegen", settings=False)
    p.add_argument("path", nargs="?", metavar="PFAD",
                   help="Datei oder Ordner (Standard: .env im Checkout, sonst ~/.config/regelbot/regelbot.env)")
    p.set_defaults(func=cmd_init)
    p = sub.add_parser("build", help="Datenbank aus data/sources bauen")
    p.add_argument("--db", metavar="DATEI", help="Zieldatei (Standard: REGELBOT_DB oder data/regelbot.sqlite3)")
    p.add_argument(
        "--cr", action="append", metavar="DATEI",
        help="Comprehensive Rules als Textdatei (magic.wizards.com/en/rules); mehrfach für ältere Stände",
    )
    p.add_argument(
        "--cards", action="append", metavar="DATEI",
        help="MTGJSON-Set-Datei (v3 oder v5) für englische Kartennamen, Oracle-Text und Rulings; mehrfach möglich",
    )
    p.set_defaults(func=cmd_build)
    p = sub.add_parser("update", help="Neueste Regeln und MTGJSON-Dateien laden, prüfen und die Datenbank neu "
                       "bauen (Einstellungen: REGELBOT_CR_URL, REGELBOT_CARDS_URLS …)")
    p.add_argument("--rebuild", action="store_true",
                   help="Datenbank auch neu bauen, wenn keine Datei neu ist (nach neuem Code oder neuen Dokumenten)")
    p.set_defaults(func=cmd_update)
    sub.add_parser("run", help="Bot mit Discord verbinden (braucht DISCORD_TOKEN)").set_defaults(func=cmd_run)
    sub.add_parser("sync", help="Slash-Befehle bei Discord registrieren").set_defaults(func=cmd_sync)
    sub.add_parser("console", help="Interaktive Konsole ohne Discord").set_defaults(func=cmd_console)
    p = sub.add_parser("serve", help="HTTP-Endpunkt für Interaktionen (Interactions Endpoint URL)")
    p.add_argument("--host", default="127.0.0.1", help="Adresse (Standard 127.0.0.1; hinter einem Proxy lassen)")
    p.add_argument("--port", type=_port, default=8080, help="Port (Standard 8080; 0: ein freier)")
    p.add_argument("--reuse-port", action="store_true",
                   help="SO_REUSEPORT: mehrere serve-Prozesse teilen sich einen Port (Linux)")
    p.add_argument("--defer-after", type=_defer_after, default=2.0, metavar="SEKUNDEN",
                   help="Antworten, die länger brauchen, erst zurückstellen (Standard 2; Discord wartet 3 s)")
    p.add_argument("--health-port", type=_port, default=None, metavar="PORT",
                   help="eigener Port für /health und /metrics, von einem eigenen Thread beantwortet (Standard: "
                        "HEALTH_PORT; ohne: nur auf dem Port der Interaktionen)")
    p.set_defaults(func=cmd_serve)
    p = sub.add_parser("call", help="Einen Befehl ausführen, z. B. '/karte name: Boros-Rekrut'")
    p.add_argument("command", metavar="BEFEHL", help="z. B. '/karte name: Boros-Rekrut'")
    p.add_argument("--json", action="store_true", help="Discord-Nachricht als JSON ausgeben")
    p.add_argument("--page", type=int, default=None, metavar="SEITE", help="Seite der Antwort (ab 1)")
    p.set_defaults(func=cmd_call)
    p = sub.add_parser("complete", help="Autovervollständigung, z. B. '/karte name' 'boros'")
    p.add_argument("target", metavar="OPTION", help="Befehl und Option, z. B. '/karte name'")
    p.add_argument("text", metavar="TEXT", help="bisher getippter Text")
    p.add_argument("--json", action="store_true", help="Vorschläge als JSON ausgeben (name und value)")
    p.set_defaults(func=cmd_complete)
    p = sub.add_parser("press", help="Einen Knopf drücken, z. B. 'rb:rulings:12'", epilog=PRESS_EPILOG)
    p.add_argument("custom_id", metavar="KNOPF", help="custom_id des Knopfs, z. B. 'rb:rulings:12'")
    p.add_argument("--json", action="store_true", help="Discord-Nachricht als JSON ausgeben")
    p.add_argument("--page", type=int, default=None, metavar="SEITE",
                   help="Seite der Antwort (ab 1; sonst die des Knopfs)")
    p.set_defaults(func=cmd_press)
    return parser


def _parser_with(add_common: Callable[[argparse.ArgumentParser], None]) -> type[GermanArgumentParser]:
    """The subcommand parser class: a :class:`GermanArgumentParser` to which ``add_common`` adds the options
    every subcommand that reads settings takes."""

    class SubcommandParser(GermanArgumentParser):
        def __init__(self, *args: Any, settings: bool = True, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            if settings:  # settings=False: a subcommand that reads no settings file (init) has no --env-file
                add_common(self)
            # each subcommand's namespace names its parser: its usage errors (an argument it does not take, an
            # unknown option of the typed text, ``--page``) are said with its own program (parse_command_line)
            self.set_defaults(usage_parser=self)

    return SubcommandParser


def valued_options(parser: argparse.ArgumentParser) -> tuple[str, ...]:
    """The names of ``parser``'s own options that take a value, as argparse made them (:func:`make_parser`'s top
    level: ``("--env-file",)``; ``--version`` and ``-h`` take none): an option added to the parser is one here
    without a second list. ``()`` for a parser that is no :class:`GermanArgumentParser`."""
    options = parser.options if isinstance(parser, GermanArgumentParser) else []
    return tuple(name for action in options if action.nargs != 0 for name in action.option_strings)


def command_at(given: list[str], parser: argparse.ArgumentParser) -> int:
    """The index in ``given`` (the arguments after the program) of the subcommand's name, as argparse reads the
    top-level ``parser`` of :func:`make_parser`: the first argument that is no option (``-…``) and no option's value
    (:func:`valued_options`, also abbreviated, ``--env``, or with ``=``); everything after ``--``. ``len(given)``
    when there is none."""
    valued_names = valued_options(parser)
    i = 0
    while i < len(given):
        word = given[i]
        if word == "--":
            return i + 1
        if not word.startswith("-") or word == "-":
            return i
        valued = "=" not in word and len(word) > 2 and any(v.startswith(word) for v in valued_names)
        i += 2 if valued else 1
    return len(given)


#: ``press --help``'s last lines: how a custom_id beginning with ``-`` is given (:func:`dashed_ids`).
PRESS_EPILOG = ("Ein KNOPF, der mit - beginnt, wird als KNOPF gelesen (press -x); heißt er wie eine Option (--json), "
                "steht er nach --: press -- --json")


def press_options(parser: argparse.ArgumentParser) -> dict[str, bool]:
    """Each option name of ``press`` in ``parser`` (:func:`make_parser`: ``--json``, ``--page``, ``--env-file``,
    ``-h``, ``--help``) → whether it takes a value, as argparse made them: the subcommand's parser is the one argparse
    names when it reads ``press -- KNOPF`` (``usage_parser``), its options those it was given (``options`` of
    :func:`_parser_with`'s class). An option added to ``press`` is one here without a second list."""
    press = parser.parse_known_args(["press", "--", "KNOPF"])[0].usage_parser
    return {name: action.nargs != 0 for action in press.options for name in action.option_strings}


def _press_option(word: str, options: Collection[str]) -> str | None:
    """The option of ``options`` (:func:`press_options`) ``word`` names as argparse reads it (the whole name, a ``--``
    abbreviation of one or ``--name=value``), None when it names none."""
    name = word.split("=", 1)[0]
    if name in options:
        return name
    found = [o for o in options if name.startswith("--") and len(name) > 2 and o.startswith(name)]
    return found[0] if len(found) == 1 else None


def dashed_ids(given: list[str], parser: argparse.ArgumentParser) -> list[str]:
    """``given`` (the arguments after the program) with a custom_id of ``press`` that begins with ``-`` and names
    none of its options in ``parser`` (:func:`press_options`) moved behind ``--`` at the end (``press -x --json`` →
    ``press --json -- -x``): every id the bot could be handed is pressable, where argparse would read it as an
    unknown option and miss the KNOPF. Unchanged for every other subcommand, after a ``--`` typed, or once the KNOPF
    was given."""
    at = command_at(given, parser)
    if at >= len(given) or given[at] != "press" or (at and given[at - 1] == "--"):
        return given
    options = press_options(parser)
    i = at + 1
    while i < len(given):
        word = given[i]
        if word == "--" or not word.startswith("-") or word == "-":
            return given  # the KNOPF (or everything after ``--``) comes as typed
        option = _press_option(word, options)
        if option is None:
            return [*given[:i], *given[i + 1 :], "--", word]
        i += 2 if options[option] and "=" not in word else 1
    return given


def parse_command_line(parser: argparse.ArgumentParser, argv: list[str] | None) -> argparse.Namespace:
    """``argv`` (None: ``sys.argv[1:]``) parsed by ``parser`` (:func:`make_parser`) with argparse's public
    :meth:`~argparse.ArgumentParser.parse_known_args`; an argument no parser takes is a usage error (exit 2) said
    by the parser it was given to: after the subcommand's name by the subcommand's parser (``python -m bot call:
    Unbekannte Angabe: --bogus (Hilfe: python -m bot call --help)``, also a second text), before it by the
    top-level parser (``python -m bot: Unbekannte Angabe: --bogus …``); the subcommand's first, as argparse
    reads it first."""
    given = dashed_ids(list(sys.argv[1:] if argv is None else argv), parser)
    args, extras = parser.parse_known_args(given)
    if extras:
        top = [w for w in given[: command_at(given, parser)] if w in extras]
        rest = list(extras)
        for word in top:
            rest.remove(word)
        if rest:
            args.usage_parser.error(f"unrecognized arguments: {' '.join(rest)}")
        parser.error(f"unrecognized arguments: {' '.join(top)}")
    return args


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m bot`` and the ``regelbot`` script; returns the exit code (130 after
    Ctrl+C or SIGTERM at any point, with one German line; ``run``/``serve`` handle both themselves)."""
    if argv is None:  # the real command line (not a caller passing arguments): name it as it was called
        set_program(program_name(sys.argv[0] if sys.argv else ""))
    previous = startup.install((signal.default_int_handler, _sigterm_as_interrupt))
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return fail(startup.ABORTED, INTERRUPTED)
    finally:
        startup.install(previous)


def _main(argv: list[str] | None) -> int:
    args = parse_command_line(make_parser(program()), argv)
    if args.cmd == "init":  # writes the settings file: reads none
        return int(args.func(args))
    try:
        settings = load_settings(Path(args.env_file) if args.env_file else None)
    except ConfigError as exc:
        return fail(str(exc), 2)
    offline = args.cmd in {"call", "complete", "console", "press"}
    setup_logging(settings, offline=offline)
    if settings.env_file is not None:
        log.info("Einstellungen aus %s", settings.env_file)
        loose = readable_secret_file(settings.env_file)
        if loose:
            log.warning("%s", loose)
    if offline:
        code = ensure_store(settings)
        if code:
            return code
    try:
        return int(args.func(settings, args))
    except KeyboardInterrupt:
        return fail(startup.ABORTED, INTERRUPTED)
    except BrokenPipeError:  # `python -m bot call … | head`: the reader left; not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception:
        log.debug("Unerwarteter Fehler", exc_info=True)
        log.critical("Unerwarteter Fehler (Details mit LOG_LEVEL=DEBUG)")
        return 1


def _exit(code: int) -> None:
    """``sys.exit(code)`` for ``python -m bot``. CPython marks a KeyboardInterrupt that ends a string
    ``exec`` (dataclasses, namedtuple build their methods that way) as unhandled even when it is caught
    later, and under ``-m`` then kills itself with SIGINT (exit -2) instead of exiting 130; any string
    ``exec`` resets that mark (``run_eval_code_obj`` in Python/pythonrun.c)."""
    if code == INTERRUPTED:
        exec("None")
    sys.exit(code)


if __name__ == "__main__":
    _exit(main())
