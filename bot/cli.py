"""The bodies of the ``python -m bot`` subcommands (``cmd_build``, ``cmd_run``, ``cmd_sync``, ``cmd_serve``,
``cmd_console``, ``cmd_call``, ``cmd_complete``, ``cmd_press``): each takes the settings and the parsed
arguments and returns the exit code (see :mod:`bot.__main__` for the codes and the argument parser)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import json
import logging
import signal
import sqlite3
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.config import Settings, token_problem
from bot.reply import one_line

log = logging.getLogger("bot")


def fail(message: str, code: int = 1) -> int:
    """Print the German ``message`` to stderr; returns the exit ``code``."""
    print(message, file=sys.stderr)
    return code


#: Exit code after Ctrl+C (128 + SIGINT), as shells report it.
INTERRUPTED = 130
#: SQLite's SQLITE_FULL (https://sqlite.org/rescode.html#full).
SQLITE_FULL = 13
_ERRNO_TEXT = {
    errno.ENOSPC: "Kein Platz mehr auf dem Datenträger",
    errno.EDQUOT: "Speicherkontingent (Quota) erschöpft",
    errno.EACCES: "Keine Schreibrechte",
    errno.EPERM: "Keine Berechtigung",
    errno.EROFS: "Das Dateisystem ist schreibgeschützt",
    errno.ENOENT: "Ordner oder Datei nicht gefunden",
    errno.EISDIR: "Das Ziel ist ein Ordner, keine Datei",
    errno.ENOTDIR: "Ein Teil des Pfads ist kein Ordner",
    errno.EIO: "Ein-/Ausgabefehler des Datenträgers",
}


def storage_error_text(exc: BaseException, target: Path) -> str:
    """A German sentence for a file-system or SQLite error while writing ``target`` (no English
    ``strerror``): disk full (ENOSPC or SQLITE_FULL), no permission, read-only, missing folder …"""
    code = getattr(exc, "errno", None)
    if isinstance(exc, sqlite3.DatabaseError):
        full = (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF == SQLITE_FULL or "disk is full" in str(exc)
        code = errno.ENOSPC if full else None
        if code is None:
            return f"SQLite-Fehler beim Schreiben von {target} ({getattr(exc, 'sqlite_errorname', 'unbekannt')})."
    known = _ERRNO_TEXT.get(code) if code is not None else None
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
    from bot.importer import DEFAULT_SOURCES, BuildError, OutdatedRulesError, build, format_report
    from bot.importer.model import SourceError

    db = Path(args.db) if args.db else settings.db_path
    cr_files = [Path(f) for f in getattr(args, "cr", None) or []]
    card_files = [Path(f) for f in getattr(args, "cards", None) or []]
    problem = build_paths_problem(db, cr_files + card_files, explicit_db=bool(args.db))
    if problem:
        return fail(problem, 2)
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
    return 0


def ensure_store(settings: Settings) -> int:
    """Build the store if it is missing (first start); 0 when it exists afterwards."""
    if settings.db_path.is_file():
        return 0
    print(f"Datenbank fehlt ({settings.db_path}), baue sie aus data/sources …", file=sys.stderr)
    with contextlib.redirect_stdout(sys.stderr):  # stdout stays clean for --json
        return cmd_build(settings, argparse.Namespace(db=None, cr=[], cards=[]))


# --- offline bot (console, call, complete) ---------------------------------------------------


async def _with_offline_bot(settings: Settings, work: Callable[[Any], Awaitable[int]]) -> int:
    """Prepare the bot without Discord, run ``work(cli)``; a UsageError becomes exit code 2."""
    from bot.client import Regelbot
    from bot.console import CommandLine, UsageError
    from bot.store import StoreError

    bot = Regelbot(settings)
    try:
        try:
            await bot.prepare()
        except StoreError as exc:
            return fail(str(exc))
        cli = await CommandLine.create(bot)
        try:
            return await work(cli)
        except UsageError as exc:  # it may quote what was typed: one line, no terminal control characters
            return fail(one_line(str(exc)), 2)
    finally:
        await bot.close()


def _print_reply_of(settings: Settings, args: argparse.Namespace, make: Callable[[Any], Awaitable[Any]]) -> int:
    """Print what ``make(cli)`` produced (a :class:`bot.delivery.Pressed`): the text, or with ``--json``
    exactly the message payload Discord receives (:func:`bot.render.message_payload`)."""
    from bot.render import to_json, to_text

    async def work(cli: Any) -> int:
        shown = await make(cli)
        page = shown.page if args.page is None else args.page - 1
        print(to_json(shown.reply, page, shown.origin) if args.json else to_text(shown.reply, page))
        return 0

    return asyncio.run(_with_offline_bot(settings, work))


def cmd_call(settings: Settings, args: argparse.Namespace) -> int:
    """Run one slash command typed as text and print the reply (text or Discord JSON payload)."""
    from bot.delivery import Pressed

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

    return asyncio.run(_with_offline_bot(settings, work))


CONSOLE_HELP = """Regelbot-Konsole. Tippe einen Befehl wie in Discord, z. B.:
  /karte name: Boros-Rekrut
  ?karte name: boros        (Autovervollständigung für eine Option)
  weiter / zurück           (blättern)       rb:rulings:12   (Knopf drücken)
  hilfe                     (diese Hilfe)    ende            (beenden)"""


def cmd_console(settings: Settings, args: argparse.Namespace) -> int:
    """Interactive prompt over the same answer layer as the bot (no Discord needed)."""
    from bot.console import UsageError, private_note
    from bot.render import fit_reply, to_text

    async def work(cli: Any) -> int:
        print(CONSOLE_HELP)
        print("Befehle: " + ", ".join(cli.command_list()))
        last, page, origin = None, 0, None
        loop = asyncio.get_running_loop()
        while True:
            try:
                line = await loop.run_in_executor(None, input, "regelbot> ")
            except (EOFError, KeyboardInterrupt):
                print()
                return 0
            line = line.strip()
            if not line:
                continue
            low = line.casefold()
            try:
                if low in {"ende", "exit", "quit"}:
                    return 0
                if low in {"hilfe", "help", "?"}:
                    print(CONSOLE_HELP)
                    print("Befehle: " + ", ".join(cli.command_list()))
                    continue
                if low in {"weiter", "zurück", "zurueck"}:
                    if last is None:
                        print("Noch keine Antwort zum Blättern.")
                        continue
                    last_page = len(fit_reply(last)) - 1
                    step = 1 if low == "weiter" else -1
                    if not 0 <= page + step <= last_page:
                        print("Schon auf der letzten Seite." if step > 0 else "Schon auf der ersten Seite.")
                        continue
                    page += step
                    print(to_text(last, page))
                    continue
                if line.startswith("?"):
                    target, _, text = line[1:].partition(":")
                    choices = await cli.complete("/" + target.strip(), text.strip())
                    for c in choices:
                        print("  " + c.name)
                    if not choices:
                        print(f"  Keine Vorschläge für „{one_line(text.strip())}“.")
                    continue
                if line.startswith("rb"):
                    pressed = await cli.press(line)
                    last, page, origin = pressed.reply, pressed.page, pressed.origin
                else:
                    (last, origin), page = await cli.invoke(line), 0
                print(to_text(last, page))
                note = private_note(last, page, origin)
                if note:
                    print(note)
            except UsageError as exc:
                print(one_line(str(exc)))
            except Exception:  # the console must survive anything, like the bot does
                log.exception("Fehler bei %r", line)
                print("Da ist etwas schiefgelaufen (Details im Log).")

    return asyncio.run(_with_offline_bot(settings, work))


# --- run / sync --------------------------------------------------------------------------------


#: Gateway close codes that end the bot, with the German line for the operator
#: (https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway-gateway-close-event-codes).
GATEWAY_CLOSE_TEXT = {
    4004: "Discord lehnt das Token ab (Gateway-Code 4004, Anmeldung fehlgeschlagen): DISCORD_TOKEN prüfen.",
    4010: "Discord lehnt die Shard-Angaben ab (Gateway-Code 4010): SHARD_COUNT/SHARD_IDS prüfen.",
    4011: "Discord verlangt Sharding (Gateway-Code 4011): SHARD_COUNT setzen.",
    4012: "Discord kennt die Gateway-Version nicht (Gateway-Code 4012): discord.py aktualisieren.",
    4013: "Discord lehnt die Intents ab (Gateway-Code 4013).",
    4014: "Discord verlangt eine privilegierte Intent-Freigabe, die der Bot nicht braucht (Gateway-Code 4014).",
}
#: Waits between login attempts when Discord is unreachable at start (seconds): 1, 2, 4, … capped at 30.
RETRY_FIRST, RETRY_MAX = 1.0, 30.0


class DiscordUnreachable(Exception):
    """Discord could not be reached at start after every attempt; German message."""


async def login_with_retry(bot: Any, settings: Settings, stopping: Callable[[], bool]) -> bool:
    """Log in; while Discord is unreachable (network error, timeout, 5xx) retry with exponential backoff,
    ``settings.connect_attempts`` attempts in all. False when a signal arrived meanwhile.

    Raises:
        DiscordUnreachable: the last attempt failed too (German message with the attempts and the cause).
        discord.LoginFailure: the token was refused (never retried).
    """
    import aiohttp
    import discord

    delay, started = RETRY_FIRST, time.monotonic()
    for attempt in range(1, settings.connect_attempts + 1):
        try:
            await bot.login(settings.token)
            return True
        except (OSError, aiohttp.ClientError, TimeoutError, discord.DiscordServerError) as exc:
            cause = type(exc).__name__
            await bot.http.close()  # login opens a new HTTP session (and connector) each time
            bot.http.connector = discord.utils.MISSING
            if attempt == settings.connect_attempts:
                tries = "1 Versuch" if attempt == 1 else f"{attempt} Versuche"
                raise DiscordUnreachable(
                    f"Discord ist nicht erreichbar ({tries} in {time.monotonic() - started:.0f} s, "
                    f"zuletzt {cause}): Netzwerk, DNS und Firewall prüfen, dann erneut starten."
                ) from None
            log.warning("Discord nicht erreichbar (%s), neuer Versuch in %.0f s (%d/%d)", cause, delay, attempt,
                        settings.connect_attempts)
            for _ in range(int(delay * 10)):
                if stopping():
                    return False
                await asyncio.sleep(0.1)
            delay = min(delay * 2, RETRY_MAX)
    return False


async def _run_bot(settings: Settings, sync_only: bool = False) -> int:
    import discord

    from bot.client import Regelbot
    from bot.store import StoreError

    async with Regelbot(settings) as bot:
        loop = asyncio.get_running_loop()
        closing: list[asyncio.Task[None]] = []

        def stop() -> None:
            if not closing:
                log.info("Signal empfangen, fahre herunter …")
                closing.append(loop.create_task(bot.close()))

        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, stop)
        try:
            if sync_only:
                bot.force_sync = True
            # login runs setup_hook once: prepare, then the sync (forced for `sync`)
            if not await login_with_retry(bot, settings, lambda: bool(closing)):
                return 0
            if sync_only:
                if bot.last_sync is None:
                    return fail("Befehle wurden nicht synchronisiert.")
                count, scope = bot.last_sync
                # the same 13 that `serve` reports: commands you can type (subcommands counted singly)
                typed = sum(isinstance(c, discord.app_commands.Command) for c in bot.tree.walk_commands())
                print(f"{count} Befehle ({typed} mit Unterbefehlen) synchronisiert ({scope}).")
                return 0
            if not closing:
                await bot.connect(reconnect=True)
            if closing:  # a signal stopped the bot: let close() finish (the store is closed there)
                await closing[0]
        except discord.LoginFailure:
            return fail("Discord lehnt das Token ab (DISCORD_TOKEN prüfen).")
        except DiscordUnreachable as exc:
            return fail(str(exc))
        except StoreError as exc:
            return fail(str(exc))
        except discord.PrivilegedIntentsRequired:
            return fail(GATEWAY_CLOSE_TEXT[4014])
        except discord.ConnectionClosed as exc:
            text = GATEWAY_CLOSE_TEXT.get(exc.code, f"Discord hat die Verbindung beendet (Gateway-Code {exc.code}).")
            return fail(text)
        except discord.GatewayNotFound:
            return fail("Discord nennt keinen Gateway (Störung bei Discord?): später erneut starten.")
    return 0


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
    return asyncio.run(_run_bot(settings, sync_only))


def cmd_sync(settings: Settings, args: argparse.Namespace) -> int:
    """Sync the slash commands now (to DEV_GUILD_ID if set), then exit."""
    return cmd_run(settings, args, sync_only=True)


_LISTEN_ERRNO_TEXT = {
    errno.EADDRINUSE: "Port schon belegt (läuft noch ein anderer Prozess?)",
    errno.EADDRNOTAVAIL: "Diese Adresse gehört nicht zu diesem Rechner",
    errno.EACCES: "Keine Berechtigung (Ports unter 1024 brauchen besondere Rechte)",
}


def listen_error_text(exc: OSError) -> str:
    """German cause for ``serve`` failing to listen (no English ``strerror``): an unknown host name
    (:class:`socket.gaierror`, e.g. ``999.1.1.1``), port in use, foreign address, no permission."""
    import socket

    if isinstance(exc, socket.gaierror):
        return "Adresse unbekannt (kein gültiger Rechnername und keine IP-Adresse)"
    known = _LISTEN_ERRNO_TEXT.get(exc.errno or 0) or _ERRNO_TEXT.get(exc.errno or 0)
    return known or f"Netzwerkfehler (errno {exc.errno})"


NO_PUBLIC_KEY = ("DISCORD_PUBLIC_KEY fehlt: den Public Key der Anwendung (Developer Portal → General Information) "
                 "in .env eintragen.")


def cmd_serve(settings: Settings, args: argparse.Namespace) -> int:
    """Serve Discord's HTTP interactions (``bot.serve``) until SIGINT/SIGTERM."""
    if not settings.public_key:
        return fail(NO_PUBLIC_KEY, 2)
    code = ensure_store(settings)
    if code:
        return code

    async def main() -> int:
        from bot.client import Regelbot
        from bot.serve import serve
        from bot.store import StoreError

        bot = Regelbot(settings)
        try:
            await serve(bot, settings.public_key, args.host, args.port, reuse_port=args.reuse_port,
                        defer_after=args.defer_after)
        except StoreError as exc:
            return fail(str(exc))
        except OSError as exc:
            return fail(f"Kann nicht auf {args.host}:{args.port} lauschen: {listen_error_text(exc)}.")
        finally:
            await bot.close()
        return 0

    return asyncio.run(main())
