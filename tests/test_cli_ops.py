"""Operator paths of the CLI as subprocesses: the console driven through stdin, build
interruption and clean-up, disk full, corrupt stores, bad tokens."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT, call_cli, run_cli


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


def test_a_console_line_drops_its_surrounding_spaces_while_press_takes_its_argument_as_given(built_db):
    # rulings button of Krims // Krams (001): the console reads a line without the spaces around it (README, „Using
    # the console“); `press` gets exactly the id, as Discord sends one, and a space more is no id the bot made
    console = run_console("   rb:rulings:181   \nende\n", db=built_db)
    assert "== Rulings: Krims // Krams (1) ==" in console.stdout
    pressed = call_cli("press", "rb:rulings:181 ", db=built_db)
    assert pressed.stdout.startswith("== Unbekannte Schaltfläche ==")
    assert call_cli("press", "rb:rulings:181", db=built_db).stdout.startswith("== Rulings: Krims // Krams (1) ==")


def test_console_ends_at_end_of_input(built_db):
    proc = run_console("/karte name: Circu, Dimir-Lobotomist\n", built_db)
    assert proc.returncode == 0, proc.stderr
    assert "== Circu, Dimir-Lobotomist ==" in proc.stdout


# ---------------------------------------------------------------- build: Ctrl+C, SIGTERM, kill, disk full


def start_build(db, *extra: str) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k not in {"LOG_LEVEL", "DEV_GUILD_ID"}}
    env.update(DISCORD_TOKEN="", REGELBOT_DB=str(db))
    return subprocess.Popen([sys.executable, "-m", "bot", "build", "--db", str(db), *extra], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def temps(db) -> list[Path]:
    return sorted(db.parent.glob(db.name + "-build-*"))


def interrupt_while_writing(db, sig: int) -> subprocess.CompletedProcess:
    """Start a build, wait until its temp file exists (the store is being written), send ``sig``."""
    proc = start_build(db)
    deadline = time.monotonic() + 60
    while not temps(db) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    assert proc.poll() is None, "the build ended before it could be interrupted"
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 130)], ids=["SIGINT", "SIGTERM"])
def test_interrupted_build_exits_130_in_german_and_keeps_the_old_store(built_db, tmp_path, sig, code):
    db = tmp_path / "regelbot.sqlite3"
    shutil.copy(built_db, db)
    before = db.read_bytes()
    proc = interrupt_while_writing(db, sig)
    assert proc.returncode == code, proc.stderr
    assert proc.stderr.strip() == f"Abgebrochen: die Datenbank wurde nicht neu gebaut ({db} ist unverändert)."
    assert temps(db) == []
    assert db.read_bytes() == before


def test_a_signal_right_after_the_temp_file_is_created_still_removes_it(tmp_path, monkeypatch):
    """The race behind the flaky interruption test under load: the test signals as soon as the temp file
    exists, and the signal used to land between its creation and the ``try`` that removes it."""
    import bot.importer as importer

    db = tmp_path / "regelbot.sqlite3"
    seen: list[list[Path]] = []

    def interrupted(fd: int, needed: bool = False) -> bool:  # the first line after the file was created
        seen.append(temps(db))
        raise KeyboardInterrupt

    monkeypatch.setattr(importer, "_lock", interrupted)
    with pytest.raises(KeyboardInterrupt):
        importer.build(db, importer.DEFAULT_SOURCES)
    assert len(seen) == 1 and len(seen[0]) == 1  # the temp file existed when the "signal" came
    assert temps(db) == [] and not db.exists()


def test_temp_files_of_killed_builds_are_removed_by_the_next_build(tmp_path):
    db = tmp_path / "regelbot.sqlite3"
    proc = interrupt_while_writing(db, signal.SIGKILL)
    assert proc.returncode == -signal.SIGKILL
    left = temps(db)
    assert len(left) == 1  # a killed build cannot clean up
    # a build running at the same time holds its temp file locked: that one must survive
    busy = tmp_path / (db.name + "-build-busy0001")
    busy.write_bytes(b"")
    with busy.open("rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        again = run_cli("build", "--db", str(db))
        assert again.returncode == 0, again.stderr
        assert temps(db) == [busy]
    assert db.is_file()


def test_disk_full_during_build_is_a_german_message(tmp_path, monkeypatch, capsys):
    """SQLite reports a full disk as SQLITE_FULL while writing the temp store (injected here; the
    next test fills a real tmpfs when the machine allows mounting one)."""
    from bot import __main__ as cli
    from bot.importer import writer

    def full(*args, **kwargs):
        exc = sqlite3.OperationalError("database or disk is full")
        exc.sqlite_errorcode = 13
        raise exc

    monkeypatch.setattr(writer, "write", full)
    monkeypatch.setenv("REGELBOT_DB", str(tmp_path / "x.sqlite3"))
    assert cli.main(["build"]) == 1
    err = capsys.readouterr().err
    assert err.strip() == (f"Import fehlgeschlagen: Kein Platz mehr auf dem Datenträger: {tmp_path / 'x.sqlite3'}. "
                           "Platz schaffen und `python -m bot build` erneut ausführen. "
                           "Die bisherige Datenbank ist unverändert.")
    assert temps(tmp_path / "x.sqlite3") == []


@pytest.fixture
def tiny_tmpfs(tmp_path):
    mnt = tmp_path / "klein"
    mnt.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=300k", "tmpfs", str(mnt)],
                                           capture_output=True).returncode != 0:
        pytest.skip("mounting a tmpfs needs root")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", str(mnt)], check=False)


def test_disk_full_on_a_real_tiny_file_system(tiny_tmpfs):
    db = tiny_tmpfs / "regelbot.sqlite3"
    proc = run_cli("build", "--db", str(db))
    assert proc.returncode == 1
    assert "Kein Platz mehr auf dem Datenträger" in proc.stderr and "Traceback" not in proc.stderr
    assert list(tiny_tmpfs.iterdir()) == []


def test_build_errors_are_german(tmp_path):
    bad = tmp_path / "RAV.json"
    bad.write_text("kein json")
    proc = call_cli("build", "--db", str(tmp_path / "x.sqlite3"), "--cards", str(bad))
    assert proc.returncode == 1
    assert proc.stderr.strip() == ("Import fehlgeschlagen: RAV.json, Zeile 1: keine MTGJSON-Set-Datei: kein gültiges "
                                   "JSON (Zeile 1, Spalte 1)")
    proc = call_cli("build", "--db", str(tmp_path))  # a folder, not a file: a usage problem, named as typed
    assert proc.returncode == 2
    assert proc.stderr.startswith(f"Das Ziel ist ein Ordner, keine Datei: {tmp_path} (")


def test_typed_control_characters_never_reach_the_terminal(built_db):
    proc = call_cli("call", "/zauber\x1b[2J\x1b]0;pwned\x07ei\u202e", db=built_db)
    assert proc.returncode == 2
    assert "\x1b" not in proc.stderr and "\x07" not in proc.stderr and "\u202e" not in proc.stderr
    # the RTL override is dropped as from option values (a format character), the controls shown as spaces
    assert proc.stderr.startswith("python -m bot call: Unbekannter Befehl „/zauber [2J ]0;pwned ei“")


def test_a_group_without_its_subcommand_names_them_through_the_real_cli(built_db):
    # the clash article's two actions (000): /fehde chancen, /fehde aufdecken; a usage problem, exit 2, one line
    proc = call_cli("call", "/fehde anzahl: -3", db=built_db)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr == ("python -m bot call: „/fehde“ braucht einen Unterbefehl: /fehde aufdecken (reveal), "
                           "/fehde chancen (odds). (Hilfe: python -m bot call --help)\n")


def test_readme_stand_heute_figures_are_what_build_prints(tmp_path):
    """README, "Stand heute": the per-document counts unchanged / changed / wording are the build's (the four
    parts of 001 summed), so the README cannot drift from the data."""
    import re
    from collections import Counter

    proc = call_cli("build", "--db", str(tmp_path / "x.sqlite3"))
    assert proc.returncode == 0, proc.stderr
    built: dict[str, Counter[str]] = {}
    for doc, unchanged, changed, wording in re.findall(
            r"^  (\d{3})_\w+\.txt(?: #\d+ .+?)?: (\d+) unverändert, (\d+) geändert, (\d+) nur Begriffe",
            proc.stdout, re.MULTILINE):
        built.setdefault(doc, Counter()).update(unchanged=int(unchanged), changed=int(changed),
                                                wording=int(wording))
    printed = {doc: f"{c['unchanged']}/{c['changed']}/{c['wording']}" for doc, c in built.items()}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    figures = re.search(r"\((000: [^;]+); none unreviewed\)", readme)
    assert figures, "README: die Zahlen „(000: …; none unreviewed)“ fehlen"
    stated = dict(part.split(": ") for part in figures.group(1).split(", "))
    assert stated == printed
    # the four parts of 001 (88+68+90+79 unchanged …; 001:2061 confirmed by 002:33 since 2026-12-07, split_discard)
    assert printed["001"] == "325/25/249"


def test_a_convoke_count_that_is_none_is_the_german_count_error_in_a_real_console(built_db):
    # README „Using the console“: a user-facing error reply is exit 0, German, one reply, no traceback; before
    # 4deaed1 the card-name reading raised the count („0000000“: seven digits) past the answer („Unerwarteter
    # Fehler“), there tested in process only
    proc = run_console("/mana einberufen kosten: {3}{G} kreaturen: 0000000\nende\n", built_db)
    assert proc.returncode == 0, proc.stderr
    assert "regelbot> == Ungültige Angabe zu den Kreaturen ==\n" \
           "Die Anzahl „0000000“ ist zu groß (höchstens sechs Ziffern).\n" in proc.stdout
    assert "Unerwarteter Fehler" not in proc.stdout and "schiefgelaufen" not in proc.stdout
    assert "Traceback" not in proc.stderr and "Error" not in proc.stderr, proc.stderr


def test_the_rule_buttons_of_a_ruling_search_for_several_numbers_open_each_rule_whole_in_another_process(built_db):
    # /ruling suche: two rule numbers no ruling names: one button per rule (bot/answers/rule_numbers.py); pressed in
    # another process (`press`: nothing kept from the first, as after a restart) each opens the rule's whole answer,
    # every page as `/regel suche` shows it. 502.46 of the Ravnica FAQ (2005) is today's 702.51 Convoke; 701.19 of
    # the clash article (2007) is today's 701.30 Clash, and 701.19 is Regenerate today
    found = run_cli("call", "/ruling suche: 502.46 701.19", "--json", db=built_db)
    assert found.returncode == 0, found.stderr
    message = json.loads(found.stdout)
    assert message["embeds"][0]["title"] == "Nichts gefunden für „502.46 701.19“"
    ids = [c["custom_id"] for row in message["components"] for c in row["components"]]
    assert ids == ["rb:rule:502.46", "rb:rule:701.19"]
    heads = {"502.46": "== Regel 502.46 (so zitiert) – heute 702.51 ==\n**502.46** ist heute **702.51** "
                       "(inhaltlich geändert): Convoke",
             "701.19": "== Regel 701.19 (heute) – Regenerieren · so zitiert 2007, heute 701.30 ==\n**Heute: Regel "
                       "701.19** – Regenerate"}
    for custom_id in ids:
        number = custom_id.removeprefix("rb:rule:")
        for page in (1, 2):
            pressed = run_cli("press", custom_id, "--page", str(page), db=built_db)
            assert pressed.returncode == 0 and "Traceback" not in pressed.stderr, pressed.stderr
            rule = run_cli("call", f"/regel suche: {number}", "--page", str(page), db=built_db)
            # the same answer, private as the ruling search's reply it was pressed under (its share line)
            shown = pressed.stdout.splitlines()
            assert shown[-1].startswith("(nur für dich) [Im Kanal teilen] (rb:sh:")
            assert "\n".join(shown[:-1]) + "\n" == rule.stdout
            assert f"Seite {page}/2" in pressed.stdout
        first = run_cli("press", custom_id, db=built_db)
        assert first.stdout.startswith(heads[number]), first.stdout
