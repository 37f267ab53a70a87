"""The load suite reuses the e2e harness (tests/e2e): fake Discord, bot process, workload.

Each test module gets its own fake Discord (``fake``) and bot process (``bot``, module scope); a module
sets ``BOT_ENV`` (extra environment of the bot) and ``REAL_BOT_ONLY`` (skip with the stand-in) as needed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import pytest_asyncio

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from fakediscord import FakeDiscord
from harness import STANDIN, bot_argv, running_bot, store_db  # noqa: F401  (shared fixtures)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def fake():
    """The module's fake Discord."""
    async with FakeDiscord() as server:
        yield server


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def bot(request, fake, bot_argv, store_db, tmp_path_factory):  # noqa: F811
    """The module's bot process (synced); it must exit with 0 when stopped."""
    if getattr(request.module, "REAL_BOT_ONLY", False) and bot_argv is STANDIN:
        pytest.skip("tests the real bot (bot/gateway/client.py)")
    name = request.module.__name__.rsplit(".", 1)[-1]
    async with running_bot(fake, tmp_path_factory.mktemp(name), argv=bot_argv, db=store_db,
                           extra_env=getattr(request.module, "BOT_ENV", None)) as proc:
        await fake.wait_sync()
        yield proc
    assert proc.returncode == 0, proc.tail()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test item (``item.rep_call``) for the bot-log printer."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
