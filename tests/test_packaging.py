"""Packaging: ``pip install .`` (not editable) into a fresh venv ships the documents, schema, tables and the
commented settings, so ``regelbot build`` / ``call`` / ``console`` work from another folder; the store goes to
the user's state folder (``$XDG_STATE_HOME/regelbot``) or ``REGELBOT_DB``; ``regelbot init`` writes the settings
where every folder finds them, and the program names itself ``regelbot``. One wheel build (~15 s), offline: no
build isolation, dependencies taken from the test venv through a ``.pth`` file."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.conftest import ROOT

PARTS = ["pyproject.toml", "README.md", "bot", "cogs", "data"]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh venv with the wheel of this checkout installed (no editable install, no network)."""
    pytest.importorskip("setuptools")
    base = tmp_path_factory.mktemp("pkg")
    src = base / "src"
    for part in PARTS:
        if (ROOT / part).is_dir():
            shutil.copytree(ROOT / part, src / part,
                            ignore=shutil.ignore_patterns("*.sqlite3*", "__pycache__", "command-tree.sha256"))
        else:
            src.mkdir(exist_ok=True)
            shutil.copy(ROOT / part, src / part)
    wheels = base / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w",
                    str(wheels), str(src)], check=True, capture_output=True, timeout=300)
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    site = Path(subprocess.run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    # dependencies from the test venv: a path in a .pth file (its own .pth files, e.g. the editable
    # install of this checkout, are not processed, so `bot` comes from the wheel)
    (site / "_regelbot_test_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    (wheel,) = wheels.glob("regelbot-*.whl")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps", "--no-index",
                    str(wheel)], check=True, capture_output=True, timeout=300)
    return venv


def run(venv: Path, args: list[str], home: Path, stdin: str | None = None, cwd: Path | None = None, **env: str):
    full = {k: v for k, v in os.environ.items()
            if k not in {"REGELBOT_DB", "REGELBOT_STATE_DIR", "LOG_LEVEL", "DEV_GUILD_ID", "PYTHONPATH",
                         "XDG_STATE_HOME", "XDG_CONFIG_HOME", "REGELBOT_ENV_FILE", "METRICS_PORT"}}
    full.update(HOME=str(home), DISCORD_TOKEN="", **env)
    return subprocess.run([str(venv / "bin" / "regelbot"), *args], cwd=cwd or home, env=full, input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_installed_package_builds_and_answers_from_another_folder(installed, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    where = subprocess.run([installed / "bin" / "python", "-c", "import bot.paths as p; print(p.DATA_DIR)"],
                           capture_output=True, text=True, cwd=home, check=True).stdout.strip()
    assert where.startswith(str(installed)) and where.endswith("bot/data")  # not this checkout

    proc = run(installed, ["build"], home)
    assert proc.returncode == 0, proc.stderr
    store = home / ".local" / "state" / "regelbot" / "regelbot.sqlite3"
    assert store.is_file() and f"Datenbank geschrieben: {store}" in proc.stdout
    assert "001_d6ee154855c71d75.txt" in proc.stdout

    proc = run(installed, ["call", "/karte name: Boros-Rekrut"], home)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("== Boros-Rekrut ==") and "{R/W}" in proc.stdout

    proc = run(installed, ["console"], home, stdin="/karte name: Feld der Unterdrückung\nende\n")
    assert proc.returncode == 0, proc.stderr
    assert "== Feld der Unterdrückung ==" in proc.stdout

    # REGELBOT_DB wins; a relative path is taken from the working directory of an installed package
    proc = run(installed, ["call", "/karte name: Circu"], home, REGELBOT_DB="eigen.sqlite3")
    assert proc.returncode == 0, proc.stderr
    assert (home / "eigen.sqlite3").is_file() and "Circu, Dimir-Lobotomist" in proc.stdout


def test_installed_regelbot_version_init_then_console_from_another_folder(installed, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    version = run(installed, ["--version"], home)
    assert (version.returncode, version.stdout) == (0, "regelbot 0.1.0\n")

    init = run(installed, ["init"], home)
    settings = home / ".config" / "regelbot" / "regelbot.env"
    assert (init.returncode, init.stderr) == (0, "")
    assert init.stdout == (f"Einstellungen geschrieben: {settings} – DISCORD_TOKEN eintragen. "
                           "Sie wird von selbst gelesen.\n")
    text = settings.read_text(encoding="utf-8")
    assert text == (ROOT / "data" / "env.example").read_text(encoding="utf-8")  # shipped in the wheel
    assert stat.S_IMODE(settings.stat().st_mode) == 0o600
    store = tmp_path / "anderswo" / "regelbot.sqlite3"
    store.parent.mkdir()
    assert "\n# REGELBOT_DB=" in text
    settings.write_text(text + f"REGELBOT_DB={store}\n", encoding="utf-8")

    elsewhere = tmp_path / "irgendwo"
    elsewhere.mkdir()
    proc = run(installed, ["console"], home, cwd=elsewhere, stdin="/karte name: Boros-Rekrut\nende\n")
    assert proc.returncode == 0, proc.stderr
    assert "== Boros-Rekrut ==" in proc.stdout
    assert store.is_file() and f"Datenbank fehlt ({store})" in proc.stderr  # the settings file was read
    assert not (home / ".local" / "state" / "regelbot" / "regelbot.sqlite3").exists()

    again = run(installed, ["init"], home, cwd=elsewhere)
    assert (again.returncode, again.stderr) == (
        2, f"Nicht überschrieben: {settings} gibt es schon (löschen oder einen anderen Pfad angeben).\n")
    usage = run(installed, ["bauen"], home)
    assert usage.returncode == 2 and usage.stderr.startswith("regelbot: BEFEHL: 'bauen' gibt es nicht")
    assert usage.stderr.endswith("(Hilfe: regelbot --help)\n")
    helped = run(installed, ["serve", "--help"], home)
    assert helped.stdout.startswith("Aufruf: regelbot serve")
    missing = run(installed, ["--env-file", "fehlt.env", "console"], home)
    assert (missing.returncode, missing.stderr) == (
        2, "Einstellungsdatei nicht gefunden: fehlt.env (--env-file; anlegen mit `regelbot init`).\n")


def test_the_installed_package_ships_the_emoji_pictures_and_their_licence(installed, tmp_path):
    # `regelbot sync` uploads data/emojis/mana_*.png: they and the font's licence ship inside the wheel
    code = ("from bot.mana_emoji import ASSET_DIR, SYMBOLS, asset_path; "
            "print(sum(asset_path(b).is_file() for b in SYMBOLS), len(SYMBOLS), (ASSET_DIR / 'OFL.txt').is_file(), "
            "ASSET_DIR)")
    out = subprocess.run([installed / "bin" / "python", "-c", code], capture_output=True, text=True, cwd=tmp_path,
                         check=True).stdout.split()
    assert out[:3] == ["70", "70", "True"] and out[3].startswith(str(installed))
