"""Fixtures for the e2e suite: a fake Discord, a bot subprocess talking to it, the bot's log on failure."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import BotProcess


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


def attach_bot_log(request: pytest.FixtureRequest, bot: BotProcess, since: int) -> None:
    """Print the bot's output written since byte ``since`` when the test failed (pytest shows it)."""
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        text = bot.output()[since:]
        print(f"----- bot output during {request.node.name} (exit={bot.returncode}) -----")
        print(text[-20000:])
