"""Command line: ``python -m bot {build,run,sync,serve,console,call,complete,press}`` (contract in DESIGN.md).

Exit codes: 0 success (also when the bot answered with a user-facing error), 1 a runtime
problem (store missing/corrupt, Discord refused the token), 2 a usage problem (unknown
command, missing token). Messages for people are German; nothing prints a traceback except
with ``LOG_LEVEL=DEBUG``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import json
import logging
import os
import re
import signal
import sqlite3
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from bot.config import ConfigError, Settings, load_settings, token_problem
from bot.reply import one_line

log = logging.getLogger("bot")


#: Interaction tokens: in callback and webhook URLs (``/interactions/<id>/<token>/callback``,
#: ``/webhooks/<app>/<token>``) and as the ``token`` field of a payload (JSON or a dict's repr).
_INTERACTION_TOKEN = re.compile(
    r"(?P<pre>/interactions/\d+/|/webhooks/\d+/)(?P<secret>[^/\s'\"?#]+)"
    r"|(?P<key>['\"]token['\"]\s*:\s*['\"])(?P<value>[^'\"]+)"
)
#: Anything shaped like a bot token (user id in base64 . timestamp . HMAC), also one that is not ours.
_BOT_TOKEN = re.compile(r"\b[MNO][A-Za-z\d_-]{23,27}\.[A-Za-z\d_-]{6}\.[A-Za-z\d_-]{27,}\b")
REDACTED = "[geheim]"


def redact(text: str, secrets: Sequence[str] = ()) -> str:
    """``text`` with the secrets (the bot token), every bot-token-shaped string and every interaction token
    replaced by ``[geheim]``; see :class:`RedactingFormatter`."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, REDACTED)
    text = _BOT_TOKEN.sub(REDACTED, text)
    return _INTERACTION_TOKEN.sub(lambda m: (m["pre"] or m["key"]) + REDACTED, text)


class RedactingFormatter(logging.Formatter):
    """Formats a record completely — message, traceback, stack — and then redacts the whole line (see
    :func:`redact`), so a token inside an exception's text, a URL in discord.py's DEBUG output or a
    gateway payload never reaches the log."""

    def __init__(self, fmt: str, secrets: list[str]) -> None:
        super().__init__(fmt)
        self.secrets = [s for s in secrets if s]

    def format(self, record: logging.LogRecord) -> str:
        """The formatted record with every secret replaced by ``[geheim]``."""
        return redact(super().format(record), self.secrets)


class VoiceNoiseFilter(logging.Filter):
    """Drops discord.py's start-up warnings about voice libraries (the bot has no voice features)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """False for "… is not installed, voice will NOT be supported"."""
        return "voice will NOT be supported" not in record.getMessage()


class ExpiredInteractionFilter(logging.Filter):
    """Turns discord.py's own traceback for a too-late autocomplete answer ("Ignoring exception in
    autocomplete …" with "Unknown interaction") into one warning line without the traceback (a burst would
    otherwise log thousands of them, and formatting them costs the CPU the burst needs)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record in place when it carries an expired-interaction error; never drops it."""
        tree = sys.modules.get("bot.tree")  # only the bot can get such errors; build never imports it
        if record.exc_info and tree is not None and tree.is_expired(record.exc_info[1]):
            record.msg, record.args = f"{record.getMessage()}: zu spät beantwortet (Discord: Unknown interaction)", None
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def setup_logging(settings: Settings, offline: bool = False) -> None:
    """Configure logging once: stderr, the configured level, the token redacted everywhere.

    Offline commands (call, complete, console) log only warnings unless LOG_LEVEL is set.
    """
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s", [settings.token]))
    handler.addFilter(VoiceNoiseFilter())
    handler.addFilter(ExpiredInteractionFilter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    level = settings.log_level
    if offline and "LOG_LEVEL" not in os.environ:
        level = "WARNING"
    root.setLevel(level)
    # discord.gateway logs every event at INFO/DEBUG: only shown when DEBUG is asked for (set both ways,
    # so a second call in the same process, as in the tests, does not keep an earlier level).
    logging.getLogger("discord.gateway").setLevel(logging.NOTSET if settings.log_level == "DEBUG" else logging.WARNING)


def _fail(message: str, code: int = 1) -> int:
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


def cmd_build(settings: Settings, args: argparse.Namespace) -> int:
    """Build the store from data/sources (and optional official files); print the counts."""
    from bot.importer import DEFAULT_SOURCES, BuildError, build, format_report
    from bot.importer.model import SourceError

    db = Path(args.db) if args.db else settings.db_path
    cr_files = [Path(f) for f in getattr(args, "cr", None) or []]
    card_files = [Path(f) for f in getattr(args, "cards", None) or []]
    missing = [str(f) for f in cr_files + card_files if not f.is_file()]
    if missing:
        return _fail(f"Datei nicht gefunden: {', '.join(missing)}", 2)
    started = time.perf_counter()
    previous = signal.signal(signal.SIGTERM, _terminate) if _main_thread() else None
    try:
        report = build(db, DEFAULT_SOURCES, cr_files=cr_files, card_files=card_files)
    except SourceError as exc:
        return _fail(f"Import fehlgeschlagen: {exc.file}, Zeile {exc.line}: {exc.reason}")
    except BuildError as exc:
        return _fail(f"Import fehlgeschlagen: {exc}")
    except (OSError, sqlite3.DatabaseError) as exc:
        return _fail(f"Import fehlgeschlagen: {storage_error_text(exc, db)} Die bisherige Datenbank ist unverändert.")
    except KeyboardInterrupt:
        return _fail(f"Abgebrochen: die Datenbank wurde nicht neu gebaut ({db} ist unverändert).", INTERRUPTED)
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
            return _fail(str(exc))
        cli = await CommandLine.create(bot)
        try:
            return await work(cli)
        except UsageError as exc:  # it may quote what was typed: one line, no terminal control characters
            return _fail(one_line(str(exc)), 2)
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
    from bot.console import UsageError
    from bot.render import fit_reply, to_text

    async def work(cli: Any) -> int:
        print(CONSOLE_HELP)
        print("Befehle: " + ", ".join(cli.command_list()))
        last, page = None, 0
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
                    for c in await cli.complete("/" + target.strip(), text.strip()):
                        print("  " + c.name)
                    continue
                if line.startswith("rb"):
                    pressed = await cli.press(line)
                    last, page = pressed.reply, pressed.page
                else:
                    last, page = await cli.call(line), 0
                print(to_text(last, page))
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
                raise DiscordUnreachable(
                    f"Discord ist nicht erreichbar ({attempt} Versuche in {time.monotonic() - started:.0f} s, "
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
                    return _fail("Befehle wurden nicht synchronisiert.")
                count, scope = bot.last_sync
                print(f"{count} Befehle synchronisiert ({scope}).")
                return 0
            if not closing:
                await bot.connect(reconnect=True)
            if closing:  # a signal stopped the bot: let close() finish (the store is closed there)
                await closing[0]
        except discord.LoginFailure:
            return _fail("Discord lehnt das Token ab (DISCORD_TOKEN prüfen).")
        except DiscordUnreachable as exc:
            return _fail(str(exc))
        except StoreError as exc:
            return _fail(str(exc))
        except discord.PrivilegedIntentsRequired:
            return _fail(GATEWAY_CLOSE_TEXT[4014])
        except discord.ConnectionClosed as exc:
            text = GATEWAY_CLOSE_TEXT.get(exc.code, f"Discord hat die Verbindung beendet (Gateway-Code {exc.code}).")
            return _fail(text)
        except discord.GatewayNotFound:
            return _fail("Discord nennt keinen Gateway (Störung bei Discord?): später erneut starten.")
    return 0


NO_TOKEN = "DISCORD_TOKEN fehlt: in .env eintragen (siehe .env.example) oder als Umgebungsvariable setzen."


def cmd_run(settings: Settings, args: argparse.Namespace, sync_only: bool = False) -> int:
    """Start the bot on Discord (builds the store first if missing)."""
    if not settings.token:
        return _fail(NO_TOKEN, 2)
    problem = token_problem(settings.token)
    if problem:
        return _fail(problem, 2)
    code = ensure_store(settings)
    if code:
        return code
    return asyncio.run(_run_bot(settings, sync_only))


def cmd_sync(settings: Settings, args: argparse.Namespace) -> int:
    """Sync the slash commands now (to DEV_GUILD_ID if set), then exit."""
    return cmd_run(settings, args, sync_only=True)


NO_PUBLIC_KEY = ("DISCORD_PUBLIC_KEY fehlt: den Public Key der Anwendung (Developer Portal → General Information) "
                 "in .env eintragen.")


def cmd_serve(settings: Settings, args: argparse.Namespace) -> int:
    """Serve Discord's HTTP interactions (``bot.serve``) until SIGINT/SIGTERM."""
    if not settings.public_key:
        return _fail(NO_PUBLIC_KEY, 2)
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
            return _fail(str(exc))
        except OSError as exc:
            return _fail(f"Kann nicht auf {args.host}:{args.port} lauschen: {exc.strerror or exc}")
        finally:
            await bot.close()
        return 0

    return asyncio.run(main())


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


def make_parser() -> argparse.ArgumentParser:
    """The argparse parser of ``python -m bot``."""
    parser = argparse.ArgumentParser(prog="python -m bot", description="Regelbot: MTG-Regelfragen auf Deutsch.")
    sub = parser.add_subparsers(dest="cmd", required=True, metavar="BEFEHL")
    p = sub.add_parser("build", help="Datenbank aus data/sources bauen")
    p.add_argument("--db", help="Zieldatei (Standard: REGELBOT_DB oder data/regelbot.sqlite3)")
    p.add_argument(
        "--cr", action="append", metavar="DATEI",
        help="Comprehensive Rules als Textdatei (magic.wizards.com/en/rules); mehrfach für ältere Stände",
    )
    p.add_argument(
        "--cards", action="append", metavar="DATEI",
        help="MTGJSON-Set-Datei (v3 oder v5) für englische Kartennamen, Oracle-Text und Rulings; mehrfach möglich",
    )
    p.set_defaults(func=cmd_build)
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
    p.set_defaults(func=cmd_serve)
    p = sub.add_parser("call", help="Einen Befehl ausführen, z. B. '/karte name: Boros-Rekrut'")
    p.add_argument("command")
    p.add_argument("--json", action="store_true", help="Discord-Nachricht als JSON ausgeben")
    p.add_argument("--page", type=int, default=None, help="Seite der Antwort (ab 1)")
    p.set_defaults(func=cmd_call)
    p = sub.add_parser("complete", help="Autovervollständigung, z. B. '/karte name' 'boros'")
    p.add_argument("target")
    p.add_argument("text")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_complete)
    p = sub.add_parser("press", help="Einen Knopf drücken, z. B. 'rb:rulings:12'")
    p.add_argument("custom_id")
    p.add_argument("--json", action="store_true")
    p.add_argument("--page", type=int, default=None, help="Seite der Antwort (ab 1; sonst die des Knopfs)")
    p.set_defaults(func=cmd_press)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m bot`` and the ``regelbot`` script; returns the exit code."""
    args = make_parser().parse_args(argv)
    try:
        settings = load_settings()
    except ConfigError as exc:
        return _fail(str(exc), 2)
    offline = args.cmd in {"call", "complete", "console", "press"}
    setup_logging(settings, offline=offline)
    if offline:
        code = ensure_store(settings)
        if code:
            return code
    try:
        return int(args.func(settings, args))
    except KeyboardInterrupt:
        return _fail("Abgebrochen (Strg+C).", INTERRUPTED)
    except BrokenPipeError:  # `python -m bot call … | head`: the reader left; not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception:
        log.debug("Unerwarteter Fehler", exc_info=True)
        log.critical("Unerwarteter Fehler (Details mit LOG_LEVEL=DEBUG)")
        return 1


if __name__ == "__main__":
    sys.exit(main())
