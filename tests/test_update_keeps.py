"""Updating the official files without losing data: ``update`` keeps every rules and card file the current store
was built from (``build --cr/--cards`` keeps its files in ``quellen/``; a card file whose address left
``REGELBOT_CARDS_URLS`` stays while it lies there) and names what the new store lacks; ``build`` warns when it
drops official files; a re-issued rules file with the same date is named, also in the running bot's swap line.
Also the operator's settings file (a token readable by others), the systemd worker unit and ``--help``.

Against the loopback server of :mod:`tests.test_update` (fixture ``served``); files from
``tests/importer/fixtures``, so the suite runs without ``../shared/reference``."""

from __future__ import annotations

import asyncio
import json
import logging
import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from bot.cli import official_files_dropped
from bot.config import readable_secret_file
from bot.core import RULES_DIGESTS, Core, build_change
from bot.update import BuiltFrom, built_from, run_update, snapshot
from tests import test_update
from tests.conftest import call_cli
from tests.importer.newer_rules import CONVOKE_NEW, CONVOKE_OLD, basis_rules_text
from tests.test_update import Fake, _settings, _upd

pytestmark = test_update.pytestmark  # every build through the run's build cache (tests/build_cache.py)
served = test_update.served  # the loopback server of tests/test_update.py, as a fixture of this module too

FIX = Path(__file__).parent / "importer" / "fixtures"
CR_2010 = FIX / "cr_2010_ascii_italics.txt"  # "effective as of October 1, 2010"
CR_2026 = FIX / "cr_2026_bom_crcrlf.txt"  # "effective as of April 17, 2026"
UNITS = Path(__file__).resolve().parents[1] / "deploy" / "systemd"
#: An MTGJSON v3 set file whose "Hide // Seek" no document names: the build adds it as a card of its own.
CARDS_V3 = (FIX / "mtgjson_v3_mini.json").read_bytes()
ADDED = "Hide // Seek"
#: The rules of 2026-04-17 as the register quotes them (small: builds take a few seconds, not half a minute).
BASIS = basis_rules_text(real=False)


async def _update(tmp_path: Path, upd, *, rebuild: bool = False) -> list[str]:
    lines: list[str] = []
    await asyncio.to_thread(run_update, _settings(tmp_path), upd, lines.append, rebuild=rebuild)
    return lines


def _versions(db: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT effective, file FROM cr_versions ORDER BY effective").fetchall()


async def test_update_keeps_the_rules_and_card_files_build_was_given(served: tuple[Fake, str], tmp_path: Path):
    # The operator built the store with two rules files and a card file from a download folder, then ran update.
    fake, base = served
    fake.rules = BASIS.encode("utf-8-sig")  # the address serves the file build was given
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    (downloads / "MagicCompRules 20260417.txt").write_bytes(BASIS.encode("utf-8-sig"))
    shutil.copy(CR_2010, downloads / "CR-2010-10-01.txt")
    (downloads / "RAV.json").write_bytes(CARDS_V3)
    db, quellen = tmp_path / "store.sqlite3", tmp_path / "quellen"
    proc = await asyncio.to_thread(
        call_cli, "build", "--cr", str(downloads / "MagicCompRules 20260417.txt"), "--cr",
        str(downloads / "CR-2010-10-01.txt"), "--cards", str(downloads / "RAV.json"), db=db,
        env={"REGELBOT_STATE_DIR": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-3:] == [
        f"Behalten für update: MagicCompRules 20260417.txt als {quellen / 'MagicCompRules_20260417.txt'}",
        f"Behalten für update: CR-2010-10-01.txt als {quellen / 'MagicCompRules_20101001.txt'}",
        f"Behalten für update: RAV.json als {quellen / 'RAV.json'}"]
    built = snapshot(db)
    assert _versions(db) == [("2010-10-01", "CR-2010-10-01.txt"), ("2026-04-17", "MagicCompRules 20260417.txt")]

    upd = replace(_upd(tmp_path, base), card_urls=())  # no card address configured
    lines = await _update(tmp_path, upd, rebuild=True)
    assert lines[:2] == [f"Regeln: unverändert (Stand 2026-04-17, {base}/downloads/MagicCompRules%2020260417.txt)",
                         f"Karten RAV.json: behalten (nicht in REGELBOT_CARDS_URLS, aus {quellen})"]
    assert "Karten neu: 0" in lines and "Karten entfernt: 0" in lines and "Regeln entfallen: 0" in lines
    assert not [line for line in lines if "nicht mehr dabei" in line]
    assert _versions(db) == [("2010-10-01", "MagicCompRules_20101001.txt"),
                             ("2026-04-17", "MagicCompRules_20260417.txt")]
    assert snapshot(db).cards == built.cards and ADDED in built.cards
    assert built_from(db).cards == ["RAV.json"]


async def test_a_card_file_whose_address_left_the_settings_stays_and_a_missing_file_is_named(
        served: tuple[Fake, str], tmp_path: Path):
    fake, base = served
    fake.rules, fake.cards = BASIS.encode("utf-8"), CARDS_V3
    db, upd = tmp_path / "store.sqlite3", _upd(tmp_path, base)
    upd.folder.mkdir()
    shutil.copy(CR_2010, upd.folder / "MagicCompRules_20101001.txt")  # older rules put there as history
    await _update(tmp_path, upd)  # downloads the rules and RAV.json
    with_cards = snapshot(db).cards
    assert ADDED in with_cards

    without_address = replace(upd, card_urls=())
    lines = await _update(tmp_path, without_address, rebuild=True)
    assert lines[:2] == [f"Regeln: unverändert ({base}/downloads/MagicCompRules%2020260417.txt)",
                         f"Karten RAV.json: behalten (nicht in REGELBOT_CARDS_URLS, aus {upd.folder})"]
    assert "Karten entfernt: 0" in lines and snapshot(db).cards == with_cards

    (upd.folder / "RAV.json").unlink()  # the operator drops the card file (and the 2010 rules)
    (upd.folder / "MagicCompRules_20101001.txt").unlink()
    lines = await _update(tmp_path, without_address, rebuild=True)
    assert lines[1:3] == [
        f"Kartendatei RAV.json nicht mehr dabei: nicht in {upd.folder} (dort ablegen und `update --rebuild`, sonst "
        "fehlen ihre Karten)",
        f"Regeldatei MagicCompRules_20101001.txt (Stand 2010-10-01) nicht mehr dabei: nicht in {upd.folder} (dort "
        "ablegen und `update --rebuild`, sonst fehlen diese Regeln)"]
    gone = sorted(with_cards - snapshot(db).cards)
    assert ADDED in gone
    assert f"Karten entfernt: {len(gone)}: {', '.join(gone[:12])}{' …' if len(gone) > 12 else ''}" in lines
    assert _versions(db) == [("2026-04-17", "MagicCompRules_20260417.txt")]


def test_build_warns_when_it_replaces_a_store_with_official_files_by_one_without(tmp_path: Path):
    db, state = tmp_path / "other.sqlite3", tmp_path / "state"
    env = {"REGELBOT_DB": str(tmp_path / "default.sqlite3"), "REGELBOT_STATE_DIR": str(state)}
    first = call_cli("build", "--db", str(db), "--cr", str(CR_2026), "--cr", str(CR_2010), "--cards",
                     str(FIX / "mtgjson_v3_mini.json"), env=env)
    assert first.returncode == 0 and "Warnung" not in first.stderr, first.stderr
    assert not (state / "quellen").exists()  # a build to another --db than the store update rebuilds keeps nothing
    again = call_cli("build", "--db", str(db), env=env)
    assert again.returncode == 0
    assert again.stderr.strip().splitlines()[-1] == (
        "Warnung: die bisherige Datenbank hatte Regeldateien cr_2010_ascii_italics.txt, cr_2026_bom_crcrlf.txt, "
        "Kartendateien mtgjson_v3_mini.json, die neue nicht. Mit den in quellen/ behaltenen Dateien baut "
        "`update --rebuild`; sonst --cr/--cards wieder angeben.")
    assert "Warnung" not in call_cli("build", "--db", str(db), env=env).stderr  # nothing left to drop


def test_the_warning_names_only_what_the_new_store_lacks():
    before = BuiltFrom({"2010-10-01": "old.txt", "2026-04-17": "new.txt"}, ["RAV.json", "GPT.json"])
    assert official_files_dropped(before, BuiltFrom({"2026-04-17": "x.txt"}, ["RAV.json", "GPT.json"])) == (
        "Warnung: die bisherige Datenbank hatte Regeldateien old.txt, die neue nicht. Mit den in quellen/ "
        "behaltenen Dateien baut `update --rebuild`; sonst --cr/--cards wieder angeben.")
    assert official_files_dropped(before, BuiltFrom(dict(before.rules), ["GPT.json", "RAV.json"])) is None


async def test_a_reissue_with_the_same_date_is_named_and_the_swap_line_names_the_file(
        served: tuple[Fake, str], tmp_path: Path, caplog: pytest.LogCaptureFixture):
    fake, base = served
    fake.rules = BASIS.encode("utf-8")
    upd = _upd(tmp_path, base)
    await _update(tmp_path, upd)
    core = Core(_settings(tmp_path))
    await core.open()
    try:
        assert CONVOKE_OLD in BASIS
        fake.rules = BASIS.replace(CONVOKE_OLD, CONVOKE_NEW).encode("utf-8")  # same date line
        lines = await _update(tmp_path, upd)
        assert lines[0].startswith("Regeln: neu geladen, Stand 2026-04-17")
        assert lines[1] == ("Gleiches Datum wie die aktuelle Regeldatei (2026-04-17), aber anderer Inhalt: "
                            "MagicCompRules_20260417.txt wird ersetzt")
        assert "Regeln geändert: 1: 702.51a" in lines
        with caplog.at_level(logging.INFO, logger="bot.core"):
            assert await core.reload("Test")
        (swap,) = [r.getMessage() for r in caplog.records if r.getMessage().startswith("Neue Datenbank in Betrieb")]
        assert swap.endswith("Regeldatei MagicCompRules_20260417.txt mit anderem Inhalt"), swap
        assert "Regeldateien" not in swap  # the list of names did not change
    finally:
        await core.close()


def test_build_change_names_only_the_rules_file_whose_text_differs():
    old = {"built_at": "1", "sources_sha256": "a" * 64, "cr_files": '["a.txt", "b.txt"]',
           RULES_DIGESTS: json.dumps({"a.txt": "111", "b.txt": "222"})}
    new = old | {"built_at": "2", RULES_DIGESTS: json.dumps({"a.txt": "111", "b.txt": "333"})}
    assert build_change(old, new) == f"gebaut 1 → 2, Quellen {'a' * 12} (gleich), Regeldatei b.txt mit anderem Inhalt"
    assert build_change(old, old | {"built_at": "2"}) == f"gebaut 1 → 2, Quellen {'a' * 12} (gleich)"


def test_a_settings_file_with_a_token_readable_by_others_is_warned_about_once(tmp_path: Path):
    env_file = tmp_path / "regelbot.env"
    env_file.write_text("# Kommentar\nDISCORD_TOKEN=MTAxfake.token\nREGELBOT_CR_URL=ftp://x\n", encoding="utf-8")
    env_file.chmod(0o644)
    expected = (f"Die Einstellungsdatei {env_file} enthält DISCORD_TOKEN und ist für andere lesbar (Rechte 644): "
                f"`chmod 600 {env_file}`.")
    assert readable_secret_file(env_file) == expected
    proc = call_cli("--env-file", str(env_file), "update", env={"DISCORD_TOKEN": ""})
    assert proc.returncode == 2  # the bad REGELBOT_CR_URL: the command stops after the settings were read
    assert proc.stderr.count("für andere lesbar") == 1 and expected in proc.stderr
    env_file.chmod(0o600)
    assert readable_secret_file(env_file) is None
    env_file.chmod(0o644)
    env_file.write_text("DISCORD_TOKEN=\n# DISCORD_TOKEN=alt\n", encoding="utf-8")  # no token in it
    assert readable_secret_file(env_file) is None


def test_the_systemd_workers_ignore_health_port_of_the_shared_settings_file():
    lines = (UNITS / "regelbot-serve@.service").read_text(encoding="utf-8").splitlines()
    assert "UnsetEnvironment=HEALTH_PORT" in lines
    assert lines.index("UnsetEnvironment=HEALTH_PORT") > lines.index("EnvironmentFile=/etc/regelbot/regelbot.env")


def test_help_has_one_options_section_and_describes_every_option():
    for command in ("call", "build", "serve", "press", "complete", "update"):
        out = call_cli(command, "--help").stdout
        assert out.count("Optionen:") == 1, out
        assert "--env-file DATEI" in out
    assert "--json            Vorschläge als JSON ausgeben (name und value)" in call_cli("complete", "--help").stdout
    assert "--json            Discord-Nachricht als JSON ausgeben" in call_cli("press", "--help").stdout
    init = call_cli("init", "--help").stdout
    assert "--env-file" not in init and init.count("Optionen:") == 1
    refused = call_cli("init", "--env-file", "x.env")
    assert refused.returncode == 2 and "Unbekannte Angabe: --env-file" in refused.stderr


def test_the_settings_example_has_a_blank_line_between_its_settings():
    text = (Path(__file__).resolve().parents[1] / "data" / "env.example").read_text(encoding="utf-8")
    assert "DISCORD_PUBLIC_KEY=\n\n# Seconds of CPU time a calculation" in text
    assert "install -m 600 .env.example .env" in text
