"""The operator's command line: the program's name as called, ``--version``, ``init`` writing the commented
settings, and the settings file from ``--env-file`` or ``REGELBOT_ENV_FILE`` (subprocesses, as an operator runs
them; the installed ``regelbot`` script is tested in tests/test_packaging.py)."""

from __future__ import annotations

import importlib.metadata
import os
import stat

import pytest

from bot import __version__, exits
from bot.__main__ import program_name
from bot.config import ENV_FILE_VARIABLE, env_file_for
from bot.paths import ENV_EXAMPLE
from tests.conftest import ROOT, call_cli, cli_env, run_cli


@pytest.mark.parametrize(("argv0", "name"), [
    (str(ROOT / "bot" / "__main__.py"), "python -m bot"),  # what Python puts in sys.argv[0] for `-m bot`
    ("/opt/regelbot/bin/regelbot", "regelbot"),
    ("regelbot.exe", "regelbot"),
    ("", "python -m bot"),
])
def test_the_program_is_named_as_it_was_called(argv0, name):
    assert program_name(argv0) == name


def test_messages_name_commands_as_the_program_was_called(monkeypatch):
    message = "Datenbank fehlt (/x.sqlite3): `python -m bot build` ausführen."
    assert exits.named(message) == message
    monkeypatch.setattr(exits, "_program", "regelbot")
    assert exits.named(message) == "Datenbank fehlt (/x.sqlite3): `regelbot build` ausführen."


def test_version():
    proc = run_cli("--version")
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, f"regelbot {__version__}\n", "")  # the program's name
    assert run_cli("--help").stdout.startswith("Aufruf: python -m bot [-h]")  # usage names the call
    assert importlib.metadata.version("regelbot") == __version__  # pyproject reads bot.__version__


def test_init_writes_the_commented_settings_for_the_owner_only_and_never_overwrites(tmp_path):
    target = tmp_path / ".env"
    proc = run_cli("init", str(tmp_path))
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout == (f"Einstellungen geschrieben: {target} – DISCORD_TOKEN eintragen. Lesen mit "
                           f"`python -m bot --env-file {target} …` oder REGELBOT_ENV_FILE={target}.\n")
    text = target.read_text(encoding="utf-8")
    assert text == ENV_EXAMPLE.read_text(encoding="utf-8") == (ROOT / ".env.example").read_text(encoding="utf-8")
    assert "\nDISCORD_TOKEN=\n" in text and "\nMETRICS_PORT=\n" in text and text.startswith("# Regelbot settings.")
    assert stat.S_IMODE(target.stat().st_mode) == 0o600  # it will hold the token

    target.write_text("DISCORD_TOKEN=schon-eingetragen\n", encoding="utf-8")
    for again in (run_cli("init", str(tmp_path)), run_cli("init", str(target))):
        assert (again.returncode, again.stdout) == (2, "")
        assert again.stderr == (f"Nicht überschrieben: {target} gibt es schon "
                                "(löschen oder einen anderen Pfad angeben).\n")
    assert target.read_text(encoding="utf-8") == "DISCORD_TOKEN=schon-eingetragen\n"

    missing = run_cli("init", str(tmp_path / "fehlt" / "regelbot.env"))
    assert (missing.returncode, missing.stderr) == (
        2, f"Ordner gibt es nicht: {tmp_path / 'fehlt'} (erst anlegen oder den Pfad prüfen).\n")


def test_the_settings_file_comes_from_env_file_or_regelbot_env_file(tmp_path):
    loud = tmp_path / "laut.env"
    loud.write_text("LOG_LEVEL=LAUT\n", encoding="utf-8")
    refused = ("LOG_LEVEL muss einer von DEBUG, INFO, WARNING, ERROR, CRITICAL sein, nicht 'LAUT'.\n")
    for proc in (call_cli("--env-file", str(loud), "call", "/info"),  # before the command
                 call_cli("call", "/info", "--env-file", str(loud)),  # after it
                 call_cli("call", "/info", env={"REGELBOT_ENV_FILE": str(loud)})):
        assert (proc.returncode, proc.stderr) == (2, refused)

    missing = tmp_path / "fehlt.env"
    proc = call_cli("call", "/info", env={"REGELBOT_ENV_FILE": str(missing)})
    assert (proc.returncode, proc.stderr) == (
        2, f"Einstellungsdatei nicht gefunden: {missing} (REGELBOT_ENV_FILE; anlegen mit `python -m bot init`).\n")
    proc = call_cli("--env-file", str(missing), "call", "/info")
    assert (proc.returncode, proc.stderr) == (
        2, f"Einstellungsdatei nicht gefunden: {missing} (--env-file; anlegen mit `python -m bot init`).\n")


def test_the_template_s_settings_file_leaves_a_one_shot_command_quiet(tmp_path, built_db):
    # the README's step `install -m 600 .env.example .env` sets LOG_LEVEL=INFO (for run and serve): call, press and
    # complete print their answer and nothing on stderr (before: the settings file read, the mana symbols, the store
    # opened, three INFO lines); LOG_LEVEL=DEBUG shows what they do
    settings = tmp_path / ".env"
    settings.write_text(ENV_EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    settings.chmod(0o600)
    assert "\nLOG_LEVEL=INFO\n" in settings.read_text(encoding="utf-8")
    for args in (["call", "/karte name: Circu"], ["press", "rb:card:12"], ["complete", "/karte name", "Ci"]):
        proc = call_cli("--env-file", str(settings), *args, db=built_db)
        assert (proc.returncode, proc.stderr) == (0, ""), args
        assert proc.stdout, args
    told = call_cli("call", "/karte name: Circu", db=built_db, env={"LOG_LEVEL": "INFO"})  # said on the command line
    assert (told.returncode, told.stderr) == (0, "")
    loud = call_cli("--env-file", str(settings), "call", "/karte name: Circu", db=built_db, env={"LOG_LEVEL": "DEBUG"})
    assert f"INFO    bot: Einstellungen aus {settings}\n" in loud.stderr and "Datenbank geöffnet: " in loud.stderr


def test_dev_null_names_no_settings_file(built_db, monkeypatch):
    # REGELBOT_ENV_FILE=/dev/null or --env-file /dev/null: the environment alone, also beside a checkout's .env;
    # the test suite and every process it starts run so (tests/conftest.py), whatever .env the checkout has
    for env_file in (["--env-file", os.devnull], []):
        proc = call_cli(*env_file, "call", "/karte name: Circu", db=built_db,
                        env={"LOG_LEVEL": "DEBUG", ENV_FILE_VARIABLE: os.devnull})
        assert proc.returncode == 0 and "Circu, Dimir-Lobotomist" in proc.stdout, proc.stderr
        assert "Einstellungen aus" not in proc.stderr and "Einstellungsdatei nicht gefunden" not in proc.stderr
    monkeypatch.setenv(ENV_FILE_VARIABLE, os.devnull)
    assert env_file_for() is None
    assert os.environ[ENV_FILE_VARIABLE] == cli_env(None, None)[ENV_FILE_VARIABLE] == os.devnull


def test_a_store_named_in_the_settings_file_is_used(tmp_path, built_db):
    settings = tmp_path / "regelbot.env"
    settings.write_text(f"# eigene Einstellungen\nREGELBOT_DB={built_db}\n", encoding="utf-8")
    proc = call_cli("--env-file", str(settings), "call", "/karte name: Circu", env={"REGELBOT_ENV_FILE": "/fehlt"})
    assert proc.returncode == 0, proc.stderr
    assert "Circu, Dimir-Lobotomist" in proc.stdout and "Datenbank fehlt" not in proc.stderr
