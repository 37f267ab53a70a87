"""Operator paths, follow-up round: every path ends in one
German line with the documented exit code."""

from __future__ import annotations

import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.importer import DEFAULT_SOURCES, OutdatedRulesError, build
from tests.conftest import ROOT, call_cli, run_cli

FIX = ROOT / "tests" / "importer" / "fixtures"
CR_2010 = FIX / "cr_2010_ascii_italics.txt"  # "effective as of October 1, 2010"


# ---------------------------------------------------------------- an old CR file alone is not "today"


def test_build_refuses_when_the_newest_cr_predates_the_register(tmp_path):
    db = tmp_path / "old.sqlite3"
    with pytest.raises(OutdatedRulesError, match=r"Stand 2010-10-01\) ist älter .* \(2026-04-17\)"):
        build(db, DEFAULT_SOURCES, cr_files=[CR_2010])
    assert not db.exists()


def test_cli_build_with_only_an_old_cr_is_a_usage_error(tmp_path):
    db = tmp_path / "old.sqlite3"
    proc = call_cli("build", "--db", str(db), "--cr", str(CR_2010))
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "(aktuell)" not in proc.stdout
    assert proc.stderr.startswith("Nicht gebaut: Die neueste Regeldatei (cr_2010_ascii_italics.txt, "
                                  "Stand 2010-10-01) ist älter als der Stand, auf dem data/changes.toml beruht "
                                  "(2026-04-17)")
    assert not db.exists()


# ---------------------------------------------------------------- folders and missing folders


def test_build_paths_are_checked_in_german(tmp_path):
    proc = call_cli("build", "--db", str(tmp_path))
    assert (proc.returncode, proc.stderr.strip()) == (2, f"Das Ziel ist ein Ordner, keine Datei: {tmp_path} "
                                                         f"(--db braucht einen Dateinamen, z. B. "
                                                         f"{tmp_path / 'regelbot.sqlite3'})")
    proc = call_cli("build", "--db", str(tmp_path / "x.sqlite3"), "--cr", str(tmp_path))
    assert (proc.returncode, proc.stderr.strip()) == (2, f"Das ist ein Ordner, keine Datei: {tmp_path}")
    target = tmp_path / "gibt" / "es" / "nicht" / "x.sqlite3"
    proc = call_cli("build", "--db", str(target))
    assert (proc.returncode, proc.stderr.strip()) == (
        2, f"Ordner für --db gibt es nicht: {target.parent} (erst anlegen oder den Pfad prüfen)")
    assert not (tmp_path / "gibt").exists()


# ---------------------------------------------------------------- signals while Python is importing


def _signal_during_imports(sig: int, *args: str) -> subprocess.CompletedProcess[str]:
    """Start ``python -X importtime -m bot ARGS`` and send ``sig`` right after the ``bot`` package is
    imported (stderr then shows its importtime line), i.e. while bot/__main__.py imports argparse, bot.cli
    and the rest; a fixed delay would land in the interpreter's own start-up on a busy machine."""
    env = {k: v for k, v in os.environ.items() if k not in {"LOG_LEVEL", "DEV_GUILD_ID"}}
    env["DISCORD_TOKEN"] = ""
    proc = subprocess.Popen([sys.executable, "-X", "importtime", "-m", "bot", *args], cwd=ROOT, env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None and proc.stdout is not None
    seen: list[str] = []
    for line in proc.stderr:
        seen.append(line)
        if line.rsplit("|", 1)[-1].strip() == "bot":
            proc.send_signal(sig)
            break
    rest = proc.stderr.read()
    out = proc.stdout.read()
    code = proc.wait(timeout=60)
    lines = [x for x in (("".join(seen)) + rest).splitlines() if not x.startswith("import time:")]
    return subprocess.CompletedProcess(proc.args, code, out, "\n".join(lines))


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_signal_during_imports_is_one_german_line_and_130(sig, tmp_path):
    proc = _signal_during_imports(sig, "build", "--db", str(tmp_path / "x.sqlite3"))
    assert proc.returncode == 130, proc.stderr
    assert proc.stderr.strip() == "Abgebrochen (Strg+C oder SIGTERM)."
    assert not (tmp_path / "x.sqlite3").exists()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_signal_at_the_prompt_ends_at_once_with_130_while_stdin_stays_open(sig, built_db):
    env = {k: v for k, v in os.environ.items() if k not in {"LOG_LEVEL", "DEV_GUILD_ID"}}
    env.update(DISCORD_TOKEN="", REGELBOT_DB=str(built_db))
    proc = subprocess.Popen([sys.executable, "-m", "bot", "console"], cwd=ROOT, env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdin is not None
    try:
        assert proc.stdout.readline().startswith("Regelbot-Konsole.")  # started: the prompt waits for input
        time.sleep(0.5)
        proc.send_signal(sig)
        # stdin stays open: the waiting read of the next line must not keep the process alive
        code = proc.wait(timeout=20)
    finally:
        proc.kill()
        _out, err = proc.communicate(timeout=60)
    assert code == 130, err
    assert err.strip().splitlines()[-1] == "Abgebrochen (Strg+C oder SIGTERM)."
    assert "Traceback" not in err and "Fatal Python error" not in err


# ---------------------------------------------------------------- a damaged store is one German line


def test_damaged_store_is_one_german_line(built_db, tmp_path):
    from tests.test_store_corrupt import overwrite_pages

    db = tmp_path / "kaputt.sqlite3"
    shutil.copy(built_db, db)
    overwrite_pages(db, 40, 60)  # quick_check reports several English lines ("*** in database main ***" …)
    proc = call_cli("call", "/karte name: Boros-Rekrut", db=db)
    assert proc.returncode == 1
    assert proc.stderr == (f"Datenbank beschädigt oder keine Regelbot-Datenbank ({db}): "
                           "`python -m bot build` ausführen.\n")


def test_an_outdated_store_of_the_documents_alone_is_rebuilt_at_start(built_db, tmp_path):
    """After a ``git pull`` that changed the schema, a store built from data/sources alone is built again (nothing
    is lost); one with a rules version keeps the „Datenbank veraltet“ message that names ``update --rebuild``."""
    from bot.store import SCHEMA_VERSION

    db = tmp_path / "alt.sqlite3"
    shutil.copy(built_db, db)
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")
    proc = run_cli("call", "/karte name: Boros-Rekrut", db=db)  # the real process: its start, build and answer
    assert proc.returncode == 0, proc.stderr
    assert f"Datenbank veraltet ({db}: Schema {SCHEMA_VERSION - 1}) und nur aus data/sources gebaut" in proc.stderr
    assert "Boros-Rekrut" in proc.stdout
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION

    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO cr_versions (effective, file, encoding) "
                     "VALUES ('2026-04-17', 'MagicCompRules 20260417.txt', 'utf-8')")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")
    proc = call_cli("call", "/karte name: Boros-Rekrut", db=db)
    assert proc.returncode == 1
    assert proc.stderr.startswith(f"Datenbank veraltet ({db}: Schema {SCHEMA_VERSION - 1}, erwartet {SCHEMA_VERSION})")
    assert "update --rebuild" in proc.stderr


async def test_store_newer_than_the_bot_is_not_called_outdated(built_db, tmp_path):
    from bot.store import SCHEMA_VERSION, Store, StoreError

    db = tmp_path / "neu.sqlite3"
    shutil.copy(built_db, db)
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA user_version = 99999")
    with pytest.raises(StoreError, match=rf"^Datenbank neuer als dieser Bot \(Schema 99999, erwartet "
                                         rf"{SCHEMA_VERSION}\)"):
        await Store.open(db)


# ---------------------------------------------------------------- no English frame around German text

ENGLISH = ("usage:", "positional arguments", "options:", "show this help", "error:", "the following", "invalid",
           "unrecognized", "expected one argument")


@pytest.mark.parametrize("args", [["--help"], ["build", "--help"], ["serve", "--help"], ["call", "--help"]])
def test_help_is_german(args):
    proc = call_cli(*args)
    assert proc.returncode == 0
    assert proc.stdout.startswith("Aufruf: python -m bot")
    assert "-h, --help" in proc.stdout and "diese Hilfe zeigen und beenden" in proc.stdout
    assert not [w for w in ENGLISH if w in proc.stdout]


@pytest.mark.parametrize(("args", "line"), [
    (["serve", "--port", "abc"], "python -m bot serve: --port: Port muss eine Zahl von 0 bis 65535 sein, nicht "
                                 "'abc' (Hilfe: python -m bot serve --help)"),
    ([], "python -m bot: Es fehlt: BEFEHL (Hilfe: python -m bot --help)"),
    (["bauen"], "python -m bot: BEFEHL: 'bauen' gibt es nicht (möglich: 'init', 'build', 'update', 'run', 'sync', "
                "'console', 'serve', 'call', 'complete', 'press') (Hilfe: python -m bot --help)"),
    (["build", "--db"], "python -m bot build: --db braucht einen Wert (Hilfe: python -m bot build --help)"),
    (["build", "--xyz"], "python -m bot build: Unbekannte Angabe: --xyz (Hilfe: python -m bot build --help)"),
    (["call", "/karte name: Boros-Rekrut", "--bogus"],
     "python -m bot call: Unbekannte Angabe: --bogus (Hilfe: python -m bot call --help)"),
    (["call", "/karte name: Boros-Rekrut", "zwei"],
     "python -m bot call: Unbekannte Angabe: zwei (Hilfe: python -m bot call --help)"),
    (["--bogus", "call", "/info"], "python -m bot: Unbekannte Angabe: --bogus (Hilfe: python -m bot --help)"),
    (["call", "/info", "--page", "x"], "python -m bot call: --page: 'x' ist keine Zahl "
                                       "(Hilfe: python -m bot call --help)"),
])
def test_usage_errors_are_one_german_line_and_exit_2(args, line):
    proc = call_cli(*args)
    assert (proc.returncode, proc.stdout, proc.stderr) == (2, "", line + "\n")


@pytest.mark.parametrize(("args", "line"), [
    (["--env-file", "x.env", "call", "/info", "--bogus"],
     "python -m bot call: Unbekannte Angabe: --bogus (Hilfe: python -m bot call --help)"),
    (["--env-file=x.env", "--bogus", "build"],
     "python -m bot: Unbekannte Angabe: --bogus (Hilfe: python -m bot --help)"),
    (["--bogus", "build", "--xyz"],  # the subcommand's parser reads first, as argparse does
     "python -m bot build: Unbekannte Angabe: --xyz (Hilfe: python -m bot build --help)"),
    (["init", "a", "b"], "python -m bot init: Unbekannte Angabe: b (Hilfe: python -m bot init --help)"),
])
def test_an_argument_no_parser_takes_is_said_by_the_parser_it_was_given_to(args, line):
    from bot.__main__ import _parser_with, command_at, make_parser, parse_command_line

    with pytest.raises(SystemExit) as stop:
        parse_command_line(make_parser(), args)
    assert stop.value.code == 2
    top = make_parser()
    assert command_at(["--env-file", "call", "build", "x"], top) == 2 and command_at(["--", "call"], top) == 1
    # argparse's public API only: no parser method is overridden (a subcommand's parse is argparse's business)
    sub = _parser_with(lambda parser: None)
    assert "parse_known_args" not in vars(sub) and "_parse_known_args" not in vars(sub)
    proc = call_cli(*args)
    assert (proc.returncode, proc.stdout, proc.stderr) == (2, "", line + "\n")


def test_listen_errors_are_german():
    import errno
    import socket

    from bot.cli import listen_error_text

    assert listen_error_text(socket.gaierror(socket.EAI_NONAME, "Name or service not known")) == (
        "Adresse unbekannt (kein gültiger Rechnername und keine IP-Adresse)")
    assert listen_error_text(OSError(errno.EADDRINUSE, "Address already in use")).startswith("Port schon belegt")
    assert listen_error_text(OSError(errno.EADDRNOTAVAIL, "Cannot assign requested address")) == (
        "Diese Adresse gehört nicht zu diesem Rechner")


async def test_one_failed_login_attempt_is_singular():
    from bot.config import Settings
    from bot.gateway.run import DiscordUnreachable, login_with_retry

    class FakeHTTP:
        connector = None

        async def close(self) -> None:
            pass

    class FakeBot:
        http = FakeHTTP()

        async def login(self, token: str) -> None:
            raise OSError("offline")

    settings = Settings("x", None, Path("x.sqlite3"), Path(), "INFO", connect_attempts=1)
    with pytest.raises(DiscordUnreachable, match=r"^Discord ist nicht erreichbar \(1 Versuch in 0 s, zuletzt OSE"):
        await login_with_retry(FakeBot(), settings, lambda: False)


def test_discord_client_info_lines_are_quiet_at_the_default_level():
    import logging

    from bot.config import Settings
    from bot.logs import setup_logging

    root = logging.getLogger()
    saved = root.handlers[:], root.level
    try:
        setup_logging(Settings("", None, Path("x.sqlite3"), Path(), "INFO"))
        assert logging.getLogger("discord.client").getEffectiveLevel() == logging.WARNING
        setup_logging(Settings("", None, Path("x.sqlite3"), Path(), "DEBUG"))
        assert logging.getLogger("discord.client").getEffectiveLevel() == logging.DEBUG
    finally:
        root.handlers[:], _ = saved[0], root.setLevel(saved[1])
        logging.getLogger("discord.client").setLevel(logging.NOTSET)
        logging.getLogger("discord.gateway").setLevel(logging.NOTSET)


# ---------------------------------------------------------------- the console shows private answers


def test_console_marks_private_answers_and_hints_empty_completions(built_db):
    from tests.test_cli_ops import run_console

    proc = run_console("/karte name: Krims // Krams privat: ja\n/karte name: Krims // Krams\n"
                       "?mana bezahlen kosten: {2\nende\n", built_db)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    private = [x for x in lines if x.startswith("(nur für dich)")]
    # the same share id `call --json` puts on the button (flags 64): re-runs /card with the typed name
    assert len(private) == 1  # the public call gets no marker
    assert re.fullmatch(r"\(nur für dich\) \[Im Kanal teilen\] \(rb:sh:1:[\w-]{6}:/card:Krims // Krams\)", private[0])
    assert "regelbot>   Keine Vorschläge für „{2“." in lines



def test_console_echoes_a_long_completion_cut(built_db):
    """A 6 000-character text typed for autocomplete that finds nothing is echoed cut to 100 characters with „…“, as
    the answers cut a long search, not as one line of 6 000 characters."""
    from tests.test_cli_ops import run_console

    typed = "wortohnetreffer " * 375  # 6 000 characters
    proc = run_console(f"?karte name: {typed}\nende\n", built_db)
    assert proc.returncode == 0, proc.stderr
    echoed = [x for x in proc.stdout.splitlines() if "Keine Vorschläge" in x]
    assert echoed == ["regelbot>   Keine Vorschläge für „" + ("wortohnetreffer " * 7)[:99] + "…“."]

def test_console_reads_the_command_word_of_a_completion_and_of_paging_as_a_commands_name(built_db):
    from tests.test_cli_ops import run_console

    # full-width letters and a zero-width space in „?mechanik“ and „weiter“, as in „/frage“
    proc = run_console("?ｍｅｃｈａｎｉｋ name: spu\n?\u200bmechanik name: spu\n/ruling karte: Boros-Rekrut\n"
                       "ｗｅｉｔｅｒ\nende\n", built_db)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("regelbot>   Spuk") == 2  # the section's choice, once per completion
    assert "Unbekannter Befehl" not in proc.stdout


@pytest.mark.parametrize("from_env", [False, True])
def test_serve_with_its_health_port_on_its_own_port_is_a_usage_error(from_env, capsys):
    # not "Port schon belegt" (exit 1): no other process holds it, the two options name one port
    from types import SimpleNamespace

    from bot.cli import cmd_serve

    settings = SimpleNamespace(public_key="00" * 32, health_port=18590 if from_env else None)
    args = SimpleNamespace(port=18590, health_port=None if from_env else 18590, host="127.0.0.1")
    assert cmd_serve(settings, args) == 2  # type: ignore[arg-type]
    assert capsys.readouterr().err == ("--port und --health-port (HEALTH_PORT) sind beide 18590: der Gesundheits-Port "
                                       "braucht einen eigenen Port (ohne ihn antwortet /health auf --port).\n")


def test_the_top_level_options_with_a_value_are_taken_from_the_parser():
    from bot.__main__ import command_at, make_parser, valued_options

    top = make_parser()
    assert valued_options(top) == ("--env-file",)  # --version and -h/--help take none
    assert command_at(["--version", "call"], top) == 1 and command_at(["--env", ".env", "press", "x"], top) == 2
    # an option added to the parser is skipped with its value, without a second list to keep
    top.add_argument("--profil", metavar="NAME")
    assert command_at(["--profil", "call", "build", "x"], top) == 2
    assert command_at(["--profil=call", "build"], top) == 1
