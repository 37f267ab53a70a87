"""``python -m bot update`` against a loopback HTTP server (aiohttp) that plays the rules page, the rules TXT and
MTGJSON: first run downloads and builds, second run downloads nothing, a newer rules file is taken with its
changes listed (by the real process, which exits 3 for the register rows to review), and bad input is refused
with one German line, the old files and store byte-identical."""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import logging
import os
import re
import sqlite3
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

import bot.download as download
from bot.config import Settings, UpdateSettings
from bot.text import german_int
from bot.update import UpdateError, cmd_update, run_update
from tests.importer.newer_rules import basis_rules_text, newer_rules_text

#: Every build of these tests through the run's build cache (tests/build_cache.py): the same files are built once.
pytestmark = pytest.mark.usefixtures("cached_builds")

CARDS = (Path(__file__).parent / "importer" / "fixtures" / "mtgjson_v5_mini.json").read_bytes()


@dataclass
class Fake:
    """What the server serves (changed by the tests) and what it counted."""

    rules: bytes
    cards: bytes = CARDS
    checksum: str | None = None  # published SHA-256 of the cards; None: the right one
    rules_type: str = "text/plain; charset=utf-8"
    truncate: bool = False
    sent: Counter[str] = field(default_factory=Counter)  # full (200) responses per path
    flood: int = 0  # > 0: the rules address streams this many bytes of rules-like text
    flood_length: bool = False  # announce the flood's Content-Length (else none: chunked)
    flooded: int = 0  # bytes of the flood the server could hand to the connection

    async def flood_rules(self, request: web.Request) -> web.StreamResponse:
        """Stream :attr:`flood` bytes in 64 KiB chunks until done or the client hangs up."""
        headers = {"Content-Type": "text/plain"} | ({"Content-Length": str(self.flood)} if self.flood_length else {})
        response = web.StreamResponse(headers=headers)
        await response.prepare(request)
        chunk = (b"100.1. These Magic rules apply to any Magic game.\n" * 1400)[: 1 << 16]
        self.flooded = 0
        try:
            while self.flooded < self.flood:
                await response.write(chunk[: self.flood - self.flooded])
                self.flooded += min(len(chunk), self.flood - self.flooded)
        except (ConnectionError, RuntimeError):  # the client hung up (aiohttp's "transport closing")
            pass
        return response

    async def file(self, request: web.Request, data: bytes, content_type: str) -> web.StreamResponse:
        etag = '"' + hashlib.sha256(data).hexdigest()[:16] + '"'
        if request.headers.get("If-None-Match") == etag:
            return web.Response(status=304, headers={"ETag": etag})
        self.sent[request.path] += 1
        if self.truncate and request.path.endswith(".txt"):
            response = web.StreamResponse(headers={"Content-Length": str(len(data)), "Content-Type": content_type})
            await response.prepare(request)
            await response.write(data[: len(data) // 2])
            assert request.transport is not None
            request.transport.close()
            return response
        return web.Response(body=data, headers={"ETag": etag, "Content-Type": content_type})

    def app(self) -> web.Application:
        async def page(request: web.Request) -> web.StreamResponse:
            html = b'<html><body><a href="/downloads/other.pdf">PDF</a> '
            html += b'<a href="/downloads/MagicCompRules%2020260417.txt">TXT</a></body></html>'
            return await self.file(request, html, "text/html")

        async def rules(request: web.Request) -> web.StreamResponse:
            if self.flood:
                return await self.flood_rules(request)
            return await self.file(request, self.rules, self.rules_type)

        async def cards(request: web.Request) -> web.StreamResponse:
            return await self.file(request, self.cards, "application/json")

        async def checksum(request: web.Request) -> web.StreamResponse:
            self.sent[request.path] += 1
            return web.Response(text=(self.checksum or hashlib.sha256(self.cards).hexdigest()) + "\n")

        app = web.Application()
        app.router.add_get("/en/rules", page)
        app.router.add_get("/downloads/MagicCompRules 20260417.txt", rules)
        app.router.add_get("/api/v5/RAV.json", cards)
        app.router.add_get("/api/v5/RAV.json.sha256", checksum)
        return app


@pytest.fixture
async def served(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[Fake, str]]:
    monkeypatch.setattr(download, "RETRY_WAIT", 0.0)
    # A log handler an earlier test left on a closed stream must not print its own error into captured stderr.
    monkeypatch.setattr(logging, "raiseExceptions", False)
    fake = Fake(basis_rules_text().encode("utf-8-sig"))
    server = TestServer(fake.app(), host="127.0.0.1", access_log=None)  # the server side logs nothing
    await server.start_server()
    try:
        yield fake, str(server.make_url("/"))[:-1]
    finally:
        await server.close()


def _settings(tmp_path: Path) -> Settings:
    return Settings(token="", dev_guild_id=None, db_path=tmp_path / "store.sqlite3", state_dir=tmp_path,
                    log_level="INFO")


def _upd(tmp_path: Path, base: str) -> UpdateSettings:
    return UpdateSettings(cr_url="", rules_page=f"{base}/en/rules", card_urls=(f"{base}/api/v5/RAV.json",),
                          folder=tmp_path / "quellen", timeout=5.0, attempts=2)


async def _run(tmp_path: Path, upd: UpdateSettings, code: int = 0) -> list[str]:
    """``update``'s lines; its exit code must be ``code``."""
    lines: list[str] = []
    assert await asyncio.to_thread(run_update, _settings(tmp_path), upd, lines.append) == code, lines
    return lines


async def _update_process(tmp_path: Path, upd: UpdateSettings) -> tuple[int | None, list[str], str]:
    """``python -m bot update`` as a new process (README's command; cwd the repository) with the settings of
    :func:`_settings` and ``upd`` in its environment: its exit code, its lines (stdout) and its stderr. Its build
    is real (the run's build cache lives in this process only)."""
    from tests.conftest import ROOT, cli_env

    env = cli_env(tmp_path / "store.sqlite3", {
        "REGELBOT_STATE_DIR": str(tmp_path), "REGELBOT_CR_URL": upd.cr_url, "REGELBOT_RULES_PAGE": upd.rules_page,
        "REGELBOT_CARDS_URLS": " ".join(upd.card_urls), "REGELBOT_UPDATE_DIR": str(upd.folder),
        "REGELBOT_UPDATE_TIMEOUT": str(upd.timeout), "REGELBOT_UPDATE_ATTEMPTS": str(upd.attempts),
        "PYTHONDONTWRITEBYTECODE": "1"})
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "update", cwd=ROOT, env=env, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 120)
    return proc.returncode, out.decode().splitlines(), err.decode()


def _digests(tmp_path: Path) -> dict[str, str]:
    """SHA-256 of the store and of every kept file."""
    files = [tmp_path / "store.sqlite3", *sorted((tmp_path / "quellen").iterdir())]
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in files if p.is_file()}


async def test_update_downloads_builds_then_downloads_nothing(served: tuple[Fake, str], tmp_path: Path):
    fake, base = served
    upd = _upd(tmp_path, base)
    first = await _run(tmp_path, upd)
    assert first[0] == f"Regeln: neu geladen, Stand 2026-04-17 ({german_int(len(fake.rules))} Bytes, " \
                       f"{base}/downloads/MagicCompRules%2020260417.txt)"
    assert first[1] == f"Karten RAV.json: neu geladen ({german_int(len(CARDS))} Bytes, Prüfsumme stimmt)"
    assert re.search(r"\(\d{1,3}(\.\d{3})+ Bytes, ", first[0])  # German groups: 980.384, not 980,384
    assert "Regeln entfallen: 0" in first
    assert first[-1] == (f"Datenbank neu gebaut: {tmp_path / 'store.sqlite3'} (laufende Bots wechseln von selbst zu "
                         "ihr: innerhalb von REGELBOT_STORE_WATCH Sekunden oder sofort mit SIGHUP)")
    assert sorted(p.name for p in upd.folder.iterdir()) == ["MagicCompRules_20260417.txt", "RAV.json",
                                                            "abruf.json", "regelseite.html"]
    assert fake.sent == Counter({"/en/rules": 1, "/downloads/MagicCompRules 20260417.txt": 1,
                                 "/api/v5/RAV.json": 1, "/api/v5/RAV.json.sha256": 1})
    before = _digests(tmp_path)
    second = await _run(tmp_path, upd)
    assert second == ["Regeln: unverändert (" + base + "/downloads/MagicCompRules%2020260417.txt)",
                      "Karten RAV.json: unverändert",
                      f"Nichts Neues: die Datenbank {tmp_path / 'store.sqlite3'} bleibt, wie sie ist."]
    assert sum(fake.sent.values()) == 4  # every request of the second run was answered 304
    assert _digests(tmp_path) == before

    fake.rules = newer_rules_text().encode("utf-8")
    # built, with register rows to review: the exit status the timer or cron job sees, from the real process
    code, third, err = await _update_process(tmp_path, upd)
    assert code == 3, (third, err)
    assert "Traceback" not in err and "Unerwarteter Fehler" not in err
    assert third[0].startswith("Regeln: neu geladen, Stand 2026-08-01")
    assert third[-1] == "Exit-Code 3: 9 Registerzeilen zu prüfen (data/changes.toml; README: After a rules update)"
    assert "Regeln geändert: 1: 702.51a" in third
    assert "Regeln neu: 1: 709.4f" in third
    assert "Regeln entfallen: 2: 106.4, 709.4a" in third
    assert "Karten neu: 0" in third
    assert any(line.endswith("9 Registerzeilen zu prüfen (data/changes.toml).") for line in third)
    assert (upd.folder / "MagicCompRules_20260801.txt").is_file()
    assert (upd.folder / "MagicCompRules_20260417.txt").is_file()  # kept as history


async def test_rebuild_builds_from_the_kept_files_without_downloading(served: tuple[Fake, str], tmp_path: Path):
    fake, base = served
    upd = _upd(tmp_path, base)
    await _run(tmp_path, upd)
    inode = (tmp_path / "store.sqlite3").stat().st_ino
    lines: list[str] = []
    await asyncio.to_thread(run_update, _settings(tmp_path), upd, lines.append, rebuild=True)
    assert lines[:2] == [f"Regeln: unverändert ({base}/downloads/MagicCompRules%2020260417.txt)",
                         "Karten RAV.json: unverändert"]
    assert "Regeln geändert: 0" in lines and lines[-1].startswith("Datenbank neu gebaut:")
    assert sum(fake.sent.values()) == 4  # only the first run's downloads
    assert (tmp_path / "store.sqlite3").stat().st_ino != inode  # a new file renamed over the old one
    with sqlite3.connect(tmp_path / "store.sqlite3") as conn:  # built with the kept rules file
        assert conn.execute("SELECT max(effective) FROM cr_versions").fetchone() == ("2026-04-17",)


async def _refused(tmp_path: Path, upd: UpdateSettings, match: str) -> None:
    before = _digests(tmp_path)
    with pytest.raises(UpdateError, match=match):
        await _run(tmp_path, upd)
    assert _digests(tmp_path) == before
    assert not list(upd.folder.glob(".neu-*"))


async def test_bad_downloads_are_refused_and_change_nothing(served: tuple[Fake, str], tmp_path: Path):
    fake, base = served
    upd = _upd(tmp_path, base)
    await _run(tmp_path, upd)
    good = fake.rules

    fake.rules, fake.rules_type = b"<!DOCTYPE html><html><body>Fehler 500</body></html>", "text/html"
    await _refused(tmp_path, upd, "liefert eine HTML-Seite statt der Datei")
    fake.rules_type = "text/plain"  # an HTML page sent as text is refused as well
    await _refused(tmp_path, upd, "liefert eine HTML-Seite statt der Regeln als Text")

    fake.rules, fake.truncate = newer_rules_text().encode("utf-8"), True
    await _refused(tmp_path, upd, "Download unvollständig abgebrochen")
    assert fake.sent["/downloads/MagicCompRules 20260417.txt"] == 1 + 2 + 2  # first run, 2 tries per truncation

    fake.truncate, fake.rules = False, good.replace(b"April 17, 2026", b"October 1, 2010")
    await _refused(tmp_path, upd, r"Regeldatei \(Stand 2010-10-01\) ist älter als die aktuelle \(Stand 2026-04-17\)")

    fake.rules, fake.cards, fake.checksum = good, CARDS + b"\n", "0" * 64
    await _refused(tmp_path, upd, r"Prüfsumme von RAV\.json stimmt nicht: veröffentlicht 000000000000…")


FLOOD = 50_000_000


@pytest.mark.parametrize("announced", [False, True])
async def test_downloads_above_their_ceiling_are_refused_while_they_stream(announced: bool, served: tuple[Fake, str],
                                                                           tmp_path: Path):
    fake, base = served
    upd = replace(_upd(tmp_path, base), max_rules_mb=2.0, max_cards_mb=0.1)
    await _run(tmp_path, upd)  # the real files (rules 0.96 MB, cards 1.8 kB) pass their ceilings
    fake.rules = newer_rules_text().encode("utf-8")  # a newer file would be taken, were it not too large
    fake.flood, fake.flood_length = FLOOD, announced
    await _refused(tmp_path, upd, r"MagicCompRules%2020260417\.txt ist größer als 2 MB "
                                  r"\(REGELBOT_UPDATE_MAX_RULES_MB\)$")
    assert fake.flooded < FLOOD  # the client hung up at the ceiling (or at once, when it was announced)
    fake.flood = 0
    fake.cards = b'{"meta": {}, "data": {"cards": [' + b'{"name": "x"},' * 20_000 + b'{}]}}'  # 0.3 MB
    await _refused(tmp_path, upd, r"RAV\.json ist größer als 0\.1 MB \(REGELBOT_UPDATE_MAX_CARDS_MB\)$")


async def test_cli_prints_one_german_line(served: tuple[Fake, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]):
    fake, base = served
    fake.rules, fake.rules_type = b"<html>Wartungsarbeiten</html>", "text/html"
    monkeypatch.setenv("REGELBOT_CR_URL", f"{base}/downloads/MagicCompRules%2020260417.txt")
    monkeypatch.setenv("REGELBOT_CARDS_URLS", "")
    monkeypatch.setenv("REGELBOT_UPDATE_DIR", str(tmp_path / "quellen"))
    code = await asyncio.to_thread(cmd_update, _settings(tmp_path), argparse.Namespace())
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1
    assert err[0] == (f"Update abgelehnt: {base}/downloads/MagicCompRules%2020260417.txt liefert eine HTML-Seite "
                      "statt der Datei (Content-Type text/html). Die bisherigen Dateien und die Datenbank sind "
                      "unverändert.")
    assert not (tmp_path / "store.sqlite3").exists()
    monkeypatch.setenv("REGELBOT_CARDS_URLS", "ftp://example.org/RAV.json")
    assert await asyncio.to_thread(cmd_update, _settings(tmp_path), argparse.Namespace()) == 2
    assert "REGELBOT_CARDS_URLS muss eine http(s)-Adresse sein" in capsys.readouterr().err

    monkeypatch.setenv("REGELBOT_CARDS_URLS", "")
    fake.rules, fake.rules_type, fake.flood = b"", "text/plain", 3_000_000
    monkeypatch.setenv("REGELBOT_UPDATE_MAX_RULES_MB", "1.5")
    assert await asyncio.to_thread(cmd_update, _settings(tmp_path), argparse.Namespace()) == 1
    assert capsys.readouterr().err == (f"Update abgelehnt: {base}/downloads/MagicCompRules%2020260417.txt ist größer "
                                       "als 1.5 MB (REGELBOT_UPDATE_MAX_RULES_MB). Die bisherigen Dateien und die "
                                       "Datenbank sind unverändert.\n")
    assert not (tmp_path / "store.sqlite3").exists()
    monkeypatch.setenv("REGELBOT_UPDATE_MAX_RULES_MB", "0")
    assert await asyncio.to_thread(cmd_update, _settings(tmp_path), argparse.Namespace()) == 2
    assert "REGELBOT_UPDATE_MAX_RULES_MB muss zwischen 0.001 und 10000 liegen" in capsys.readouterr().err
    assert replace(_upd(tmp_path, base), attempts=1).attempts == 1


SPLIT_TODAY = "Wer eine geteilte Karte benennen will, nennt einen ihrer beiden Namen, nicht beide."


def _stored_today(tmp_path: Path, start: str) -> list[str]:
    with sqlite3.connect(tmp_path / "store.sqlite3") as conn:
        return [t for (t,) in conn.execute("SELECT today FROM changes WHERE today LIKE ?", (start + "%",))]


def _replace_in(path: Path, old: str, new: str) -> None:
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


@pytest.fixture
def own_register(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of data/changes.toml (and terms.tsv) the builds of this test read, to be edited."""
    from bot.importer import register

    folder = tmp_path / "data"
    folder.mkdir()
    for name, path in (("CHANGES_PATH", register.CHANGES_PATH), ("TERMS_PATH", register.TERMS_PATH)):
        copy = folder / path.name
        copy.write_bytes(path.read_bytes())
        older = time.time() - 10  # edited before any build of the test (built_at has whole seconds)
        os.utime(copy, (older, older))
        monkeypatch.setattr(register, name, copy)
    return folder / register.CHANGES_PATH.name


async def test_plain_update_rebuilds_when_the_register_changed_since_its_build(
        served: tuple[Fake, str], tmp_path: Path, own_register: Path):
    fake, base = served
    upd = _upd(tmp_path, base)
    await _run(tmp_path, upd)
    assert _stored_today(tmp_path, SPLIT_TODAY) and await _run(tmp_path, upd) == [
        f"Regeln: unverändert ({base}/downloads/MagicCompRules%2020260417.txt)", "Karten RAV.json: unverändert",
        f"Nichts Neues: die Datenbank {tmp_path / 'store.sqlite3'} bleibt, wie sie ist."]
    # the operator edits a row's statement of today (data/changes.toml), then runs plain `update`
    edited = "Wer eine geteilte Karte benennen will, nennt genau einen ihrer beiden Namen."
    _replace_in(own_register, SPLIT_TODAY, edited)
    lines = await _run(tmp_path, upd)
    assert lines[2] == ("Änderungsregister (data/changes.toml, data/terms.tsv) geändert seit dem Bau der Datenbank: "
                        "sie wird neu gebaut")
    assert "Regeln geändert: 0" in lines and lines[-1].startswith("Datenbank neu gebaut:")
    assert _stored_today(tmp_path, edited) and not _stored_today(tmp_path, SPLIT_TODAY)
    assert sum(fake.sent.values()) == 4  # nothing downloaded again
    assert (await _run(tmp_path, upd))[-1].startswith("Nichts Neues")  # built with it now: once


async def test_plain_update_rebuilds_a_store_build_made_before_the_register_was_edited(
        served: tuple[Fake, str], tmp_path: Path, own_register: Path):
    import json

    _, base = served
    upd = _upd(tmp_path, base)
    await _run(tmp_path, upd)
    state_file = upd.folder / "abruf.json"
    state = json.loads(state_file.read_text(encoding="utf-8"))
    del state["_register"]  # as after `build`: no record of the register this store was built with
    state_file.write_text(json.dumps(state), encoding="utf-8")
    assert (await _run(tmp_path, upd))[-1].startswith("Nichts Neues")  # the register is older than the store
    later = (tmp_path / "store.sqlite3").stat().st_mtime + 5
    os.utime(own_register, (later, later))  # edited after the build
    lines = await _run(tmp_path, upd)
    assert lines[2].startswith("Änderungsregister (data/changes.toml) nach dem Bau der Datenbank (")
    assert lines[2].endswith(") bearbeitet: sie wird neu gebaut") and lines[-1].startswith("Datenbank neu gebaut:")
    assert (await _run(tmp_path, upd))[-1].startswith("Nichts Neues")


def test_an_http_address_to_another_machine_gets_a_german_warning(tmp_path: Path):
    from bot.download import insecure_lines

    upd = UpdateSettings(cr_url="http://example.org/MagicCompRules.txt", rules_page="https://magic.wizards.com/en/rules",
                         card_urls=("http://mtgjson.example/RAV.json", "https://mtgjson.com/api/v5/RAV.json",
                                    "http://127.0.0.1:8080/RAV.json", "http://localhost/RAV.json",
                                    "http://127.0.0.2/RAV.json", "http://[::1]:8080/RAV.json"),
                         folder=tmp_path, timeout=5.0, attempts=1)
    lines = insecure_lines(upd)
    assert [line.split(" ist ")[0] for line in lines] == ["Warnung: REGELBOT_CR_URL", "Warnung: REGELBOT_CARDS_URLS"]
    assert lines[0] == ("Warnung: REGELBOT_CR_URL ist eine unverschlüsselte http-Adresse "
                        "(http://example.org/MagicCompRules.txt): was unterwegs verändert wird, fällt keiner Prüfung "
                        "auf (die Regeldatei hat keine Prüfsumme, die .sha256 einer Kartendatei kommt über dieselbe "
                        "Verbindung). Besser https verwenden.")
    assert "http://mtgjson.example/RAV.json" in lines[1]
    assert insecure_lines(replace(upd, cr_url="", card_urls=())) == []


async def test_update_starts_with_the_http_warning_before_any_download(served: tuple[Fake, str], tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch):
    # the loopback server stands for another machine here: every address of the run is warned about first
    fake, base = served
    monkeypatch.setattr(download, "_on_this_machine", lambda host: False)
    fake.checksum = "0" * 64  # refused after the downloads: no build needed to see the first lines
    lines: list[str] = []
    with pytest.raises(UpdateError, match=r"Prüfsumme von RAV\.json stimmt nicht"):
        await asyncio.to_thread(run_update, _settings(tmp_path), _upd(tmp_path, base), lines.append)
    assert [line.split(" ist ")[0] for line in lines] == ["Warnung: REGELBOT_RULES_PAGE",
                                                          "Warnung: REGELBOT_CARDS_URLS"]

