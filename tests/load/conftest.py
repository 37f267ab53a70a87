"""The load suite reuses the e2e harness (tests/e2e): fake Discord, bot process, workload."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from harness import bot_argv, store_db  # noqa: F401  (shared fixtures)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test item (``item.rep_call``) for the bot-log printer."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
