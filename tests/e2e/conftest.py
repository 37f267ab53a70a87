"""Fixtures for the e2e suite: the fake Discord's helpers live in fakediscord.py and harness.py."""

from __future__ import annotations

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test item (``item.rep_call``) for the bot-log printer."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


from harness import bot_argv, fake, real_bot, store_db  # noqa: E402, F401  (fixtures; bot_argv, store_db shared with tests/load)
