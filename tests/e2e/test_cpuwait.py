"""The fake Discord's 3 s (fakediscord.py ``callback_deadline``) without the time its process or the bot waited for
a CPU (cpuwait.py): late by the bot's own time is late; late only by a crowded machine is noted in ``crowded``."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
import time
from pathlib import Path

import cpuwait
import pytest
from fakediscord import CB_MESSAGE, FakeDiscord

ANSWER = {"type": CB_MESSAGE, "data": {"content": "Boros-Rekrut"}}


def sent_ago(fake: FakeDiscord, seconds: float) -> tuple[str, str]:
    """An interaction the fake sent ``seconds`` ago (its id and token)."""
    payload = fake.payload(2, {"id": "1", "name": "card", "type": 1, "options": []})
    result = fake.expect(payload)
    fake._pending[result.id].started -= seconds
    return result.id, result.token


@pytest.mark.parametrize(("waited", "late"), [(0.0, True), (0.4, True), (1.2, False)])
def test_a_callback_is_late_by_the_time_not_spent_waiting_for_a_cpu(monkeypatch, waited, late):
    fake = FakeDiscord()
    monkeypatch.setattr(cpuwait.CPU_WAIT, "since", lambda mark: waited)
    iid, token = sent_ago(fake, 3.5)
    fake._callback(iid, token, ANSWER)
    result = fake._pending[iid].result
    assert (bool(fake.late), bool(fake.crowded), result.refused) == (late, not late, late)
    assert f"{waited:.2f} s of it waiting for a CPU" in (fake.late or fake.crowded)[0] or waited == 0


def test_in_time_is_not_asked_and_a_deadline_of_0_makes_every_callback_late(monkeypatch):
    fake = FakeDiscord()
    monkeypatch.setattr(cpuwait.CPU_WAIT, "since", lambda mark: pytest.fail("read without need"))
    fake._callback(*sent_ago(fake, 0.1), ANSWER)
    fake.callback_deadline = 0.0
    fake._callback(*sent_ago(fake, 0.1), ANSWER)
    assert len(fake.late) == 1 and fake.crowded == []


@pytest.mark.skipif(not Path("/proc/self/schedstat").exists() or not shutil.which("taskset"),
                    reason="Linux scheduler statistics and taskset")
def test_the_wait_of_a_child_kept_off_the_cpu_is_counted():
    # two busy children on one CPU (taskset): each waits at least half of the time for it
    clock = cpuwait.CpuWait()
    burn = [sys.executable, "-c", "import time\nend = time.time() + 1.5\nwhile time.time() < end: pass"]
    children = [subprocess.Popen(["taskset", "-c", "0", *burn]) for _ in range(2)]
    try:
        time.sleep(0.05)
        mark = clock.mark()
        time.sleep(1.0)
        waited = clock.since(mark)
    finally:
        for child in children:
            child.wait()
    assert 0.3 < waited <= 1.2, waited


@pytest.mark.parametrize(("waited", "ceiling", "lasts"), [(0.0, 4.0, 0.3), (0.4, 4.0, 0.7), (5.0, 2.0, 0.6)])
async def test_a_deadline_grows_by_the_time_spent_waiting_for_a_cpu_up_to_its_ceiling(monkeypatch, waited, ceiling,
                                                                                     lasts):
    # 0.3 s for an answer that never comes: exactly 0.3 s on a quiet machine, 0.3 + 0.4 s when a process waited
    # 0.4 s for a CPU meanwhile, and never more than the ceiling (2 × 0.3 s) however crowded the machine
    monkeypatch.setattr(cpuwait.CPU_WAIT, "since", lambda mark: waited)
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        await cpuwait.CPU_WAIT.wait_for(asyncio.Event().wait(), 0.3, ceiling)
    assert lasts - 0.02 <= time.monotonic() - started < lasts + 0.25
    assert await cpuwait.CPU_WAIT.wait_for(asyncio.sleep(0.01, "answered"), 0.3) == "answered"


async def test_a_condition_asked_again_and_again_is_given_the_same_deadline(monkeypatch):
    monkeypatch.setattr(cpuwait.CPU_WAIT, "since", lambda mark: 0.3)
    asked: list[float] = []
    started = time.monotonic()
    await cpuwait.CPU_WAIT.until(lambda: asked.append(time.monotonic()) or len(asked) == 3, 1.0, every=0.05)
    assert len(asked) == 3 and time.monotonic() - started < 0.5
    with pytest.raises(TimeoutError):
        await cpuwait.CPU_WAIT.until(lambda: False, 0.2, every=0.05)
    assert 0.5 - 0.02 <= time.monotonic() - started - (asked[-1] - started) < 1.0  # 0.2 s + 0.3 s waited for a CPU
