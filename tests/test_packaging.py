"""Packaging (issue 10 item 11): ``pip install .`` (not editable) into a fresh venv ships the documents,
schema and tables, so ``regelbot build`` / ``call`` / ``console`` work from another folder; the store goes to
the user's state folder (``$XDG_STATE_HOME/regelbot``) or ``REGELBOT_DB``. One wheel build (~15 s), offline:
no build isolation, dependencies taken from the test venv through a ``.pth`` file."""

from __future__ import annotations

import os
import shutil
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


def run(venv: Path, args: list[str], home: Path, stdin: str | None = None, **env: str):
    full = {k: v for k, v in os.environ.items()
            if k not in {"REGELBOT_DB", "REGELBOT_STATE_DIR", "LOG_LEVEL", "DEV_GUILD_ID", "PYTHONPATH",
                         "XDG_STATE_HOME"}}
    full.update(HOME=str(home), DISCORD_TOKEN="", **env)
    return subprocess.run([str(venv / "bin" / "regelbot"), *args], cwd=home, env=full, input=stdin,
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


def test_the_installed_package_ships_the_emoji_pictures_and_their_licence(installed, tmp_path):
    # `regelbot sync` uploads data/emojis/mana_*.png: they and the font's licence ship inside the wheel
    code = ("from bot.mana_emoji import ASSET_DIR, SYMBOLS, asset_path; "
            "print(sum(asset_path(b).is_file() for b in SYMBOLS), len(SYMBOLS), (ASSET_DIR / 'OFL.txt').is_file(), "
            "ASSET_DIR)")
    out = subprocess.run([installed / "bin" / "python", "-c", code], capture_output=True, text=True, cwd=tmp_path,
                         check=True).stdout.split()
    assert out[:3] == ["70", "70", "True"] and out[3].startswith(str(installed))
