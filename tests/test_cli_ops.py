"""Operator paths of the CLI as subprocesses (issue 10): the console driven through stdin, build
interruption and clean-up, disk full, corrupt stores, bad tokens."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import ROOT


def run_console(lines: str, db, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in {"LOG_LEVEL", "DEV_GUILD_ID"}}
    env.update(DISCORD_TOKEN="", REGELBOT_DB=str(db))
    return subprocess.run([sys.executable, "-m", "bot", "console"], cwd=ROOT, env=env, input=lines,
                          capture_output=True, text=True, timeout=timeout)


def test_console_through_stdin(built_db):
    proc = run_console(
        "/karte name: Boros-Rekrut\n?karte name: chor\n/ruling karte: Feld der Unterdrückung\n"
        "/zauberei\nweiter\nende\n", built_db)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.startswith("Regelbot-Konsole.")
    # 001_d6ee154855c71d75.txt lines 26-31: Boros-Rekrut, {R/W}, Kreatur — Goblin, Soldat
    assert "== Boros-Rekrut ==" in out and "{R/W}" in out and "Kreatur — Goblin, Soldat" in out
    assert "  Chor des Konklave" in out  # autocomplete
    # 001 lines 380-385: the one ruling of Feld der Unterdrückung
    assert "Die Fähigkeit des Felds der Unterdrückung hat keinen Einfluss auf statische Fähigkeiten" in out
    assert "Unbekannter Befehl „/zauberei“" in out
    assert "Schon auf der letzten Seite." in out
    assert "Traceback" not in proc.stderr


def test_console_ends_at_end_of_input(built_db):
    proc = run_console("/karte name: Circu\n", built_db)
    assert proc.returncode == 0, proc.stderr
    assert "== Circu, Dimir-Lobotomist ==" in proc.stdout
