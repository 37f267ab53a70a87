"""``LOG_FORMAT=json``: one JSON object per line with the fields a log collector reads, also for what the
program prints to stderr outside logging; an unknown value falls back to text with one German warning."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from datetime import datetime

import pytest

from bot.config import Settings
from bot.log_json import JsonStderr
from bot.logs import setup_logging
from tests.conftest import ROOT

TOKEN = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.e2e-fake-token-0123456789abcdefghijklmnop"


@pytest.fixture
def logs(tmp_path, monkeypatch):
    """``setup(fmt)`` configures logging as ``python -m bot`` does; handlers, level and stderr restored after."""
    root = logging.getLogger()
    saved = root.handlers[:], root.level, sys.stderr

    def setup(fmt: str) -> None:
        monkeypatch.setenv("LOG_FORMAT", fmt)
        setup_logging(Settings(token=TOKEN, dev_guild_id=None, db_path=tmp_path / "x", state_dir=tmp_path,
                               log_level="INFO"))

    yield setup
    root.handlers[:], level, sys.stderr = saved
    root.setLevel(level)


def test_a_record_is_one_json_object_with_the_collector_fields(logs, capsys):
    logs("json")
    log = logging.getLogger("bot.client")
    log.info("Shard %d bereit: %s", 3, "Übersicht", extra={"shard": 3, "guilds": [1, 2]})
    try:
        1 / 0  # noqa: B018
    except ZeroDivisionError:
        log.exception("Antwort fehlgeschlagen")
    first, second = (json.loads(line) for line in capsys.readouterr().err.splitlines())
    assert first["message"] == "Shard 3 bereit: Übersicht" and first["level"] == "INFO"
    assert first["logger"] == "bot.client" and first["service"] == "regelbot"
    assert first["pid"] == os.getpid() and first["function"].startswith("test_a_record_is_one_json_object")
    assert first["module"] == "test_log_json" and isinstance(first["line"], int)
    assert first["shard"] == 3 and first["guilds"] == [1, 2]
    assert datetime.fromisoformat(first["time"]).utcoffset().total_seconds() == 0
    assert "exception" not in first
    assert second["level"] == "ERROR" and second["exception"].startswith("Traceback (most recent call last):")
    assert second["exception"].endswith("ZeroDivisionError: division by zero")


def test_what_is_printed_to_stderr_outside_logging_becomes_json_lines(logs, capsys):
    logs("json")
    assert isinstance(sys.stderr, JsonStderr)
    print(f"Discord lehnt das Token ab ({TOKEN}): DISCORD_TOKEN prüfen.", file=sys.stderr)
    sys.stderr.write("Datenbank fehlt, ")  # one line in two writes, then two lines in one
    sys.stderr.write("baue sie …\nZeile zwei\n\n")
    lines = capsys.readouterr().err.splitlines()
    records = [json.loads(line) for line in lines]
    assert [r["message"] for r in records] == ["Discord lehnt das Token ab ([geheim]): DISCORD_TOKEN prüfen.",
                                               "Datenbank fehlt, baue sie …", "Zeile zwei"]
    assert {r["logger"] for r in records} == {"stderr"} and {r["level"] for r in records} == {"WARNING"}
    logs("text")  # back to text: stderr is the real stream again
    assert not isinstance(sys.stderr, JsonStderr)


def test_an_unknown_log_format_writes_text_and_says_so(logs, capsys):
    logs("xml")
    logging.getLogger("bot").warning("weiter")
    err = capsys.readouterr().err.splitlines()
    assert err[0].endswith("bot.logs: LOG_FORMAT muss text oder json sein, nicht 'xml': es wird text geschrieben.")
    assert err[1].endswith("WARNING bot: weiter")


def test_the_operator_message_of_a_real_run_is_a_json_line(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in {"LOG_LEVEL", "PYTHONPATH"}}
    env.update(LOG_FORMAT="json", DISCORD_TOKEN=f"Bot {TOKEN}", REGELBOT_DB=str(tmp_path / "x.sqlite3"))
    proc = subprocess.run([sys.executable, "-m", "bot", "run"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 2
    (record,) = (json.loads(line) for line in proc.stderr.splitlines())
    assert record["message"] == "DISCORD_TOKEN: nur das Token eintragen, ohne „Bot “ davor."
    assert TOKEN not in proc.stderr and str(ROOT) not in record["message"]
