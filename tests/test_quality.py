"""The lint gate: ruff (configured in pyproject.toml) is clean over the code and the tests."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_ruff_clean():
    proc = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "bot", "cogs", "tests", "bench"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
