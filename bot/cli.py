"""The launcher's subcommands of ``python -m bot``: ``cmd_init`` writes a settings file, ``cmd_build`` builds the
store; the others start one door —
``cmd_run``/``cmd_sync`` the gateway bot (:mod:`bot.gateway.run`), ``cmd_serve`` the HTTP endpoint
(:mod:`bot.serve`), ``cmd_console``/``cmd_call``/``cmd_complete``/``cmd_press`` the console (:mod:`bot.console`)
on the application core (:mod:`bot.core`). Each takes the settings and the parsed arguments and returns the exit
code (see :mod:`bot.__main__` for the codes and the argument parser). Each command imports its own modules inside
its function, when it runs, so a one-shot command loads only what it needs (bench/bench_startup.py); a door is
imported only when it starts: the console and ``serve`` never load discord.py."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import json
import logging
import os
import signal
import sqlite3
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.config import ENV_FILE_VARIABLE, ROOT, Settings, token_problem
from bot.exits import ERRNO_TEXT, INTERRUPTED, USAGE, fail, listen_error_text, named
from bot.paths import CHECKOUT, ENV_EXAMPLE, user_env_file

if TYPE_CHECKING:
    from bot.update import BuiltFrom

log = logging.getLogger("bot")

#: SQLite's SQLITE_FULL (https://sqlite.org/rescode.html#full).
SQLITE_FULL = 13


def storage_error_text(exc: BaseException, target: Path) -> str:
    """A German sentence for a file-system or SQLite error while writing ``target`` (no English
    ``strerror``): disk full (ENOSPC or SQLITE_FULL), no permission, read-only, missing folder …"""
    code = getattr(exc, "errno", None)
    if isinstance(exc, sqlite3.DatabaseError):
        full = (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF == SQLITE_FULL or "disk is full" in str(exc)
        code = errno.ENOSPC if full else None
        if code is None:
            return f"SQLite-Fehler beim Schreiben von {target} ({getattr(exc, 'sqlite_errorname', 'unbekannt')})."
    known = ERRNO_TEXT.get(code) if code is not None else None
    what = known or (f"Dateisystemfehler (errno {code})" if code else "Dateisystemfehler")
    where = getattr(exc, "filename", None) or target
    hint = " Platz schaffen und `python -m bot build` erneut ausführen." if code in (errno.ENOSPC, errno.EDQUOT) else ""
    return f"{what}: {where}.{hint}"


def _terminate(signum: int, frame: object) -> None:
    """SIGTERM during a build: unwind like Ctrl+C, so the temp file is removed."""
    raise KeyboardInterrupt


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


# --- init ------------------------------------------------------------------------------------


def init_target(path: str | None) -> tuple[Path, bool]:
    """Where ``init`` writes, and whether the program finds that file from any folder by itself: ``path`` (a
    folder gets ``.env`` in it), else ``.env`` in the checkout, else the user's ``regelbot.env``
    (:func:`bot.paths.user_env_file`; its folder is created)."""
    if path is None:
        target = ROOT / ".env" if CHECKOUT is not None else user_env_file()
    else:
        target = Path(path).expanduser()
        if target.is_dir():
            target = target / ".env"
    default = ROOT / ".env" if CHECKOUT is not None else user_env_file()
    return target, target.absolute() == default.absolute()


def cmd_init(args: argparse.Namespace) -> int:
    """Write the commented settings (``data/env.example``) to a new file readable by its owner only (0600: it
    will hold the token); never overwrite one. Exit 2 when the file exists or its folder does not."""
    target, found = init_target(getattr(args, "path", None))
    target = target.absolute()
    if args.path is None:
        target.parent.mkdir(parents=True, exist_ok=True)
    elif not target.parent.is_dir():
        return fail(f"Ordner gibt es nicht: {target.parent} (erst anlegen oder den Pfad prüfen).", USAGE)
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return fail(f"Nicht überschrieben: {target} gibt es schon (löschen oder einen anderen Pfad angeben).", USAGE)
    except OSError as exc:
        return fail(f"Nicht geschrieben: {storage_error_text(exc, target)}")
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(ENV_EXAMPLE.read_text(encoding="utf-8"))
    how = ("Sie wird von selbst gelesen." if found else
           f"Lesen mit `python -m bot --env-file {target} …` oder {ENV_FILE_VARIABLE}={target}.")
    print(named(f"Einstellungen geschrieben: {target} – DISCORD_TOKEN eintragen. {how}"))
    return 0


# --- build -----------------------------------------------------------------------------------


def build_paths_problem(db: Path, inputs: list[Path], *, explicit_db: bool) -> str | None:
    """The German one-line usage problem of ``build``'s paths, or None: an input (``--cr``/``--cards``)
    missing or a folder; the target ``db`` a folder; an explicit ``--db`` whose folder does not exist
    (a typo is refused rather than creating folders; the default location is created as needed)."""
    folders = [str(f) for f in inputs if f.is_dir()]
    if folders:
        return f"Das ist ein Ordner, keine Datei: {', '.join(folders)}"
    missing = [str(f) for f in inputs if not f.is_file()]
    if missing:
        return f"Datei nicht gefunden: {', '.join(missing)}"
    if db.is_dir():
        example = db / "regelbot.sqlite3"
        return f"Das Ziel ist ein Ordner, keine Datei: {db} (--db braucht einen Dateinamen, z. B. {example})"
    if explicit_db and not db.parent.is_dir():
        return f"Ordner für --db gibt es nicht: {db.parent} (erst anlegen oder den Pfad prüfen)"
    return None


def cmd_build(settings: Settings, args: argparse.Namespace) -> int:
    """Build the store from data/sources (and optional official files); print the counts."""
    from bot.importer import DEFAULT_SOURCES, BuildError, OutdatedRulesError, build
    from bot.importer.model import SourceError
    from bot.importer.report import format_report

    db = Path(args.db) if args.db else settings.db_path
    cr_files = [Path(f) for f in getattr(args, "cr", None) or []]
    card_files = [Path(f) for f in getattr(args, "cards", None) or []]
    problem = build_paths_problem(db, cr_files + card_files, explicit_db=bool(args.db))
    if problem:
        return fail(problem, 2)
    from bot.update import built_from

    before = built_from(db)
    started = time.perf_counter()
    previous = signal.signal(signal.SIGTERM, _terminate) if _main_thread() else None
    try:
        report = build(db, DEFAULT_SOURCES, cr_files=cr_files, card_files=card_files)
    except SourceError as exc:
        return fail(f"Import fehlgeschlagen: {exc.file}, Zeile {exc.line}: {exc.reason}")
    except OutdatedRulesError as exc:
        return fail(f"Nicht gebaut: {exc}", 2)
    except BuildError as exc:
        return fail(f"Import fehlgeschlagen: {exc}")
    except (OSError, sqlite3.DatabaseError) as exc:
        return fail(f"Import fehlgeschlagen: {storage_error_text(exc, db)} Die bisherige Datenbank ist unverändert.")
    except KeyboardInterrupt:
        return fail(f"Abgebrochen: die Datenbank wurde nicht neu gebaut ({db} ist unverändert).", INTERRUPTED)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    print(format_report(report))
    print(f"Datenbank geschrieben: {db} ({time.perf_counter() - started:.1f} s)")
    for line in _keep_for_update(settings, db, cr_files, card_files):
        print(line)
    warning = official_files_dropped(before, built_from(db))
    if warning:
        print(warning, file=sys.stderr)
    return 0


def _keep_for_update(settings: Settings, db: Path, cr_files: list[Path], card_files: list[Path]) -> list[str]:
    """Keep the official files of a build of the store ``update`` rebuilds (``settings.db_path``) in its folder
    (:func:`bot.update.keep_official_files`); a build to another ``--db`` keeps nothing. A folder that cannot
    be written is one German line, not a failed build (the store is written already)."""
    from bot.config import ConfigError, load_update_settings
    from bot.update import keep_official_files

    if not (cr_files or card_files) or db.absolute() != settings.db_path.absolute():
        return []
    try:
        folder = load_update_settings(settings).folder
    except ConfigError as exc:
        return [f"Offizielle Dateien nicht für `update` behalten: {exc}"]
    try:
        return keep_official_files(folder, cr_files, card_files)
    except OSError as exc:
        return [f"Offizielle Dateien nicht für `update` behalten: {storage_error_text(exc, folder)}"]


def official_files_dropped(before: BuiltFrom, after: BuiltFrom) -> str | None:
    """The one German warning line when a build replaced a store built with rules or card files
    (:class:`bot.update.BuiltFrom` ``before``) by one without some of them (``after``), else None."""
    rules = [f for d, f in sorted(before.rules.items()) if d not in after.rules]
    cards = [f for f in before.cards if f not in after.cards]
    if not rules and not cards:
        return None
    what = ", ".join(([f"Regeldateien {', '.join(rules)}"] if rules else [])
                     + ([f"Kartendateien {', '.join(cards)}"] if cards else []))
    return (f"Warnung: die bisherige Datenbank hatte {what}, die neue nicht. Mit den in quellen/ behaltenen "
            "Dateien baut `update --rebuild`; sonst --cr/--cards wieder angeben.")


def outdated_documents_store(db: Path) -> int | None:
    """The schema version (``PRAGMA user_version``) of the store at ``db`` when it is older than this bot's
    (:data:`bot.store.base.SCHEMA_VERSION`) and was built from ``data/sources`` alone (:func:`bot.update.built_from`
    names no rules version and no card file). Such a store is rebuilt from the shipped documents without losing
    anything. None otherwise: current, newer, not a Regelbot store, built with official files, or not readable
    (opening it then says why, with the German message of :mod:`bot.store.base`). A current store costs one
    ``PRAGMA`` read; only an older one is looked into further."""
    from bot.store.base import SCHEMA_VERSION

    try:
        with contextlib.closing(sqlite3.connect(db.resolve().as_uri() + "?mode=ro", uri=True)) as conn:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    except (sqlite3.Error, TypeError):
        return None
    if not 0 < version < SCHEMA_VERSION:
        return None
    from bot.update import built_from

    official = built_from(db)
    return None if official.rules or official.cards else version


def cmd_update(settings: Settings, args: argparse.Namespace) -> int:
    """``update``: :func:`bot.update.cmd_update` (imported when asked: the other subcommands do without it)."""
    from bot.update import cmd_update as update

    return update(settings, args)


def ensure_store(settings: Settings) -> int:
    """Build the store if it is missing (first start) or outdated and built from ``data/sources`` alone
    (:func:`outdated_documents_store`: after a ``git pull`` that changed the schema); 0 when a store exists
    afterwards. A store built with rules or card files is never rebuilt here: opening it says how."""
    if settings.db_path.is_file():
        old = outdated_documents_store(settings.db_path)
        if old is None:
            return 0
        print(f"Datenbank veraltet ({settings.db_path}: Schema {old}) und nur aus data/sources gebaut, baue sie "
              "neu …", file=sys.stderr)
    else:
        print(f"Datenbank fehlt ({settings.db_path}), baue sie aus data/sources …", file=sys.stderr)
    with contextlib.redirect_stdout(sys.stderr):  # stdout stays clean for --json
        return cmd_build(settings, argparse.Namespace(db=None, cr=[], cards=[]))


# --- the console door (console, call, complete, press) ------------------------------------------


async def _with_console(settings: Settings, work: Callable[[Any], Awaitable[int]], warm: bool = False) -> int:
    """Open the core (no Discord), run ``work(cli)`` on a :class:`bot.console.CommandLine`, close the core; a
    store problem is exit code 1. A :class:`bot.console.UsageError` passes (the core closed first): the one-shot
    commands report it as argparse reports theirs (:func:`_one_shot`). ``warm``: run the command table's
    warm-ups first (the interactive console); a one-shot command does without them, as every answer and completer
    prepares what it needs at its first use."""
    from bot.commands import TABLE
    from bot.console import CommandLine
    from bot.core import Core
    from bot.store import StoreError

    core = Core(settings)
    try:
        try:
            await core.open(TABLE.warm if warm else None)
        except StoreError as exc:
            return fail(str(exc))
        return await work(CommandLine(core))
    finally:
        await core.close()


def _one_shot(settings: Settings, args: argparse.Namespace, work: Callable[[Any], Awaitable[int]]) -> int:
    """Run ``work`` as :func:`_with_console` does, for ``call``, ``complete`` and ``press``; a usage problem
    (:class:`bot.console.UsageError`: an unknown command or option of the typed text, a ``--page`` the answer does
    not have) is reported by the subcommand's own parser (``args.usage_parser``, argparse's
    :meth:`~argparse.ArgumentParser.error`): one German line ``python -m bot call: … (Hilfe: python -m bot call
    --help)`` on stderr, exit code 2, as every other usage error of the command line."""
    from bot.console import UsageError

    try:
        return asyncio.run(_with_console(settings, work))
    except UsageError as exc:
        parser: argparse.ArgumentParser = args.usage_parser
        parser.error(str(exc))  # exits 2 (NoReturn)


def _print_reply_of(settings: Settings, args: argparse.Namespace, make: Callable[[Any], Awaitable[Any]]) -> int:
    """Print what ``make(cli)`` produced (a :class:`bot.commands.buttons.Pressed`): the text (a private answer
    with the console's line ``(nur für dich) [Im Kanal teilen] (rb:sh:…)``), or with ``--json`` exactly the
    message payload Discord receives (:func:`bot.render.message_payload`)."""
    from bot.console import UsageError, private_note
    from bot.render import shown, to_json, to_text
    from bot.unpaged import only_first_shown

    async def work(cli: Any) -> int:
        made = await make(cli)
        alone, fitted = shown(made.reply, made.origin)  # the pages Discord gets: one where no button can page
        count = len(fitted)
        if args.page is not None and not 1 <= args.page <= count:  # a usage problem: exit 2, argparse's line
            raise UsageError(f"--page: Seite {args.page} " + (
                f"wird nicht gezeigt. {only_first_shown(alone.unpaged)}" if alone.unpaged and args.page > 1 else
                "gibt es nicht, die Antwort hat " + ("1 Seite" if count == 1 else f"{count} Seiten (1 bis {count})")))
        page = made.page if args.page is None else args.page - 1
        if args.json:
            print(to_json(made.reply, page, made.origin))
            return 0
        print(to_text(made.reply, page, made.origin))
        note = private_note(made.reply, page, made.origin)  # as the console shows it: the share id to press
        if note is not None:
            print(note)
        return 0

    return _one_shot(settings, args, work)


def cmd_call(settings: Settings, args: argparse.Namespace) -> int:
    """Run one slash command typed as text and print the reply (text or Discord JSON payload)."""
    from bot.commands.buttons import Pressed

    async def make(cli: Any) -> Pressed:
        reply, origin = await cli.invoke(args.command)
        return Pressed(reply, 0, origin)

    return _print_reply_of(settings, args, make)


def cmd_press(settings: Settings, args: argparse.Namespace) -> int:
    """Press a button by its custom_id (``rb:rulings:12``, a paging id from ``call --json``) and print the reply."""
    return _print_reply_of(settings, args, lambda cli: cli.press(args.custom_id))


def cmd_complete(settings: Settings, args: argparse.Namespace) -> int:
    """Print the autocomplete choices for an option and typed text."""

    async def work(cli: Any) -> int:
        choices = await cli.complete(args.target, args.text)
        if args.json:
            print(json.dumps([{"name": c.name, "value": c.value} for c in choices], ensure_ascii=False, indent=2))
        else:
            for c in choices:
                print(c.name)
        return 0

    return _one_shot(settings, args, work)


def cmd_console(settings: Settings, args: argparse.Namespace) -> int:
    """Interactive prompt over the same answers as the bot (no Discord needed): :func:`bot.console.repl`."""
    from bot.console import repl

    return asyncio.run(_with_console(settings, repl, warm=True))  # repl answers each line's usage problem itself


# --- the gateway door (run / sync) ---------------------------------------------------------------


NO_TOKEN = "DISCORD_TOKEN fehlt: in .env eintragen (siehe .env.example) oder als Umgebungsvariable setzen."


def cmd_run(settings: Settings, args: argparse.Namespace, sync_only: bool = False) -> int:
    """Start the bot on Discord (builds the store first if missing)."""
    if not settings.token:
        return fail(NO_TOKEN, 2)
    problem = token_problem(settings.token)
    if problem:
        return fail(problem, 2)
    code = ensure_store(settings)
    if code:
        return code
    from bot.gateway.run import run

    return asyncio.run(run(settings, sync_only))


def cmd_sync(settings: Settings, args: argparse.Namespace) -> int:
    """Sync the slash commands now (to DEV_GUILD_ID if set), then exit."""
    return cmd_run(settings, args, sync_only=True)


# --- the HTTP door (serve) ----------------------------------------------------------------------


NO_PUBLIC_KEY = ("DISCORD_PUBLIC_KEY fehlt: den Public Key der Anwendung (Developer Portal → General Information) "
                 "in .env eintragen.")


def cmd_serve(settings: Settings, args: argparse.Namespace) -> int:
    """Serve Discord's HTTP interactions (``bot.serve``) until SIGINT/SIGTERM."""
    if not settings.public_key:
        return fail(NO_PUBLIC_KEY, 2)
    health_port = args.health_port if args.health_port is not None else settings.health_port
    if health_port == args.port and args.port:  # a usage error, not a port some other process holds
        return fail(f"--port und --health-port (HEALTH_PORT) sind beide {args.port}: der Gesundheits-Port braucht "
                    "einen eigenen Port (ohne ihn antwortet /health auf --port).", USAGE)
    code = ensure_store(settings)
    if code:
        return code

    async def main() -> int:
        from bot.core import Core
        from bot.health import PortError
        from bot.serve import serve
        from bot.store import StoreError

        core = Core(settings)
        try:
            await serve(core, settings.public_key, args.host, args.port, reuse_port=args.reuse_port,
                        defer_after=args.defer_after, health_port=health_port)
        except StoreError as exc:
            return fail(str(exc))
        except PortError as exc:
            return fail(f"Kann nicht auf {args.host}:{exc.port} lauschen (HEALTH_PORT): {listen_error_text(exc)}.")
        except OSError as exc:
            return fail(f"Kann nicht auf {args.host}:{args.port} lauschen: {listen_error_text(exc)}.")
        finally:
            await core.close()
        return 0

    return asyncio.run(main())
