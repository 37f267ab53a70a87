"""A new store without a restart (bot/core.py: Core.reload), against the real processes: ``python -m bot run`` with
the fake Discord and two ``python -m bot serve`` workers on one store path (tests/e2e/swapload.py).

* Under a steady stream of interactions (≈ 40 per second for 2.5 s or until both swaps are done, round robin
  over the three processes) the store is swapped twice: a store built with newer rules is renamed over the path
  and SIGHUP sent (what ``update`` and ``systemctl reload`` do), then, once every process switched and an answer
  came from it, the basis store is renamed back without a signal (the file watch finds it). Every interaction
  is answered, none with an error; each process logs both switches and closes both old stores (no file
  descriptor left on a replaced file), and reads each new store's translation table as its build stored it
  (learns none again); the answers follow the store (``/mechanik Einberufen`` names rows
  "zu prüfen" only between the swaps).
* A button of an answer whose page changed with the new store is refused in German ("Antwort hat sich
  geändert", the page fingerprint of bot/custom_id.py), by the gateway bot and by a worker.
* A damaged file is checked once and refused with one German ERROR line, whether the SIGHUP or the file watch
  noticed it first; a SIGHUP for the file refused already is answered in one WARNING line without a second
  check (bot/store_file.py); the processes keep answering from the old store. Every step waits for log lines
  (bounded), none for a fixed time.

The full run (200 per second for 10 s, RSS before and after) is ``bench/bench_swap.py``.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import time
from contextlib import AsyncExitStack
from pathlib import Path

import pytest
import pytest_asyncio
from harness import LOG_PROBLEM, LOOP_LAG, STANDIN
from swapload import (
    REVIEWED,
    SWITCHED,
    Sent,
    Swarm,
    open_stores,
    replace_store,
    start_swarm,
    stream,
)

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio(loop_scope="module")]
#: The WARNING line of a store's translation table learned at its warm-up, not read (bot/translation.py: translations).
TABLE_LEARNED = "sie wird beim Start aus den früheren Fragen gelernt"


@pytest.fixture(scope="module")
def stores(bot_argv, store_db, newer_db) -> tuple[Path, Path]:
    """The basis store (the session's) and one built with the synthetic rules of 2026-08-01: the run's
    ``newer_db`` (tests/conftest.py), the same ``build(db, DEFAULT_SOURCES, cr_files=[that file])`` that
    ``python -m bot build --cr FILE`` makes (swapload.build_newer_store, which bench/bench_swap.py runs), built
    once per run instead of once more here; the build as a process is tested in tests/test_cli*.py."""
    if bot_argv is STANDIN:
        pytest.skip("the store swap runs the real bot")
    return store_db, newer_db


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def swarm(stores, tmp_path_factory):
    basis, _newer = stores
    workdir = tmp_path_factory.mktemp("swap")
    path = workdir / "regelbot.sqlite3"
    shutil.copyfile(basis, path)
    async with AsyncExitStack() as stack:
        yield await start_swarm(stack, path, workdir, watch=0.2)


def logs_clean(swarm: Swarm, since: dict[str, int]) -> list[str]:
    """Warnings, errors and tracebacks the processes logged since the offsets ``since`` (loop lag aside)."""
    return [f"{d.name}: {line}" for d in swarm.doors for line in d.proc.output()[since[d.name]:].splitlines()
            if LOG_PROBLEM.search(line) and not LOOP_LAG.search(line)]


def assert_fakes_clean(swarm: Swarm) -> None:
    for door in swarm.doors:
        assert door.fake.errors == [], (door.name, door.fake.errors[:3])
        assert door.fake.invalid == [], (door.name, door.fake.invalid[:3])
        assert door.fake.late == [], (door.name, door.fake.late[:3])
        assert door.proc.returncode is None, f"{door.name} died:\n{door.proc.tail()}"


async def mechanic_pages(door) -> tuple[str, str]:
    """``/mechanik Einberufen`` through ``door``: the description of its first page and its custom ids."""
    res = await door.fake.command("mechanik", {"name": "Einberufen"}, timeout=20)
    return res.embeds[0]["description"], res


async def test_a_store_swapped_twice_under_a_steady_stream(swarm: Swarm, stores):
    basis, newer = stores
    since = {d.name: len(d.proc.output()) for d in swarm.doors}
    switched = swarm.counts(SWITCHED)
    for door in swarm.doors:
        assert REVIEWED not in (await mechanic_pages(door))[0], door.name

    sent: list[Sent] = []
    renamed: list[float] = []  # time.perf_counter() when the newer store was renamed over the path

    async def newer_then_back() -> None:
        # The switch back waits until every process uses the newer store and one answer came from it: on a
        # loaded machine a switch takes longer than a fixed interval between the two renames.
        replace_store(newer, swarm.store)
        renamed.append(time.perf_counter())
        swarm.hangup()
        await swarm.wait_log(SWITCHED, switched, 1, timeout=60)
        deadline = time.monotonic() + 60
        while not any(s.reviewed for s in sent if s.label == "/mechanik"):
            assert time.monotonic() < deadline, "no /mechanik answered from the newer store within 60 s"
            await asyncio.sleep(0.05)
        replace_store(basis, swarm.store)

    await stream(swarm, rate=40, seconds=2.5, events=[(0.6, newer_then_back)], sent=sent)
    assert len(sent) >= 100  # 2.5 s at 40 per second, and on while the switches took longer
    failed = [(s.door, s.label, round(s.at, 2), s.problem) for s in sent if s.error]
    assert failed == [], failed
    # Each process switched twice: the first by SIGHUP (or the watch, if it saw the rename first), the second by
    # the watch. On a loaded machine the second switch may be logged after the stream has ended, so wait for it.
    await swarm.wait_log(SWITCHED, switched, 2)
    for door in swarm.doors:
        reasons = [m.group(1) for m in SWITCHED.finditer(door.proc.output())][switched[door.name]:]
        assert len(reasons) == 2 and reasons[1] == "Datei ersetzt", (door.name, reasons)
        # each new store's warm-up read the translation table its build stored, none learned it again (≈ 1 s of EM;
        # the WARNING line of bot/translation.py: translations)
        assert TABLE_LEARNED not in door.proc.output()[since[door.name]:], door.name
    await swarm.wait_closed()  # the old stores closed once their interactions had finished
    for pid in swarm.pids:
        held = open_stores(pid, swarm.store)
        assert held and not [f for f in held if f.endswith("(deleted)")], held
    # the answers followed the store: rows "zu prüfen" only while the newer store was in use (none in an answer
    # complete before the newer store was renamed in; the first from it waited for above; none after the stream)
    mechanic = [s for s in sent if s.label == "/mechanik"]
    assert not any(s.reviewed for s in mechanic if s.done < renamed[0])
    assert any(s.reviewed for s in mechanic)
    for door in swarm.doors:
        assert REVIEWED not in (await mechanic_pages(door))[0], door.name
    assert_fakes_clean(swarm)
    # the switch to the newer store is a WARNING naming its rows to review (README: SIGHUP row); nothing else
    problems = logs_clean(swarm, since)
    to_review = [line for line in problems if "Neue Datenbank in Betrieb (" in line
                 and line.endswith("; 9 Registerzeilen zu prüfen: 3 zitierte Regeln sind in den Comprehensive Rules "
                                   "vom 01.08.2026 anders (data/changes.toml)")]
    assert len(to_review) == len(swarm.doors) and [p for p in problems if p not in to_review] == [], problems


async def test_a_button_whose_page_changed_is_refused_in_german(swarm: Swarm, stores):
    basis, newer = stores
    gateway, worker = swarm.doors[0], swarm.doors[1]
    opened = []
    for door in (gateway, worker):
        _text, res = await mechanic_pages(door)
        weiter = next(b for b in res.buttons() if b["label"] == "Weiter")
        turned = await door.fake.component(res, weiter["custom_id"], timeout=20)
        opened.append((door, turned))
    count = swarm.counts(SWITCHED)
    replace_store(newer, swarm.store)
    swarm.hangup()
    await swarm.wait_log(SWITCHED, count)
    try:
        for door, turned in opened:
            back = next(b for b in turned.buttons() if b["label"] == "Zurück")
            refused = await door.fake.component(turned, back["custom_id"], timeout=20)
            assert refused.embeds[0]["title"] == "Antwort hat sich geändert", door.name
            assert refused.ephemeral
    finally:
        replace_store(basis, swarm.store)
        swarm.hangup()
        await swarm.wait_log(SWITCHED, count, 2)
    assert_fakes_clean(swarm)


#: A damaged file's refusal: the one check's ERROR line, naming what noticed the file.
REFUSED = re.compile(r"ERROR.*Neue Datenbank abgelehnt \((SIGHUP|Datei ersetzt)\), die bisherige bleibt in Betrieb: "
                     r"Datenbank beschädigt oder keine Regelbot-Datenbank")
#: A SIGHUP's answer when its file was refused already (bot/store_file.py: Refusal.repeated): not checked again.
KNOWN = re.compile(r"WARNING.*Datenbank unverändert \(SIGHUP\), bereits abgelehnt \((SIGHUP|Datei ersetzt)\) und "
                   r"nicht erneut geprüft; die bisherige bleibt in Betrieb: Datenbank beschädigt")
#: What a process answers to a SIGHUP for a damaged file: the refusal, or that the file was refused already.
SIGHUP_ANSWER = re.compile(r"Neue Datenbank abgelehnt \(SIGHUP\)|Datenbank unverändert \(SIGHUP\), bereits abgelehnt")
#: Every line about a refused file (the two above, and what a second check would log).
ANY_REFUSAL = re.compile(r"abgelehnt")


def damaged(folder: Path, name: str) -> Path:
    """A file with SQLite's header and nothing a store has."""
    bad = folder / name
    bad.write_bytes(b"SQLite format 3\x00" + bytes(8000))
    return bad


def refusal_lines(swarm: Swarm, since: dict[str, int]) -> dict[str, list[str]]:
    """Per process, its log lines about a refused file since the offsets ``since``."""
    return {d.name: [ln for ln in d.proc.output()[since[d.name]:].splitlines() if ANY_REFUSAL.search(ln)]
            for d in swarm.doors}


def refusal_kinds(lines: list[str]) -> list[str]:
    """What each of ``lines`` is: the refusal (what noticed the file: ``SIGHUP`` or ``Datei ersetzt``), a SIGHUP's
    answer for the file refused already (``bereits``), else the line itself (a second check's refusal)."""
    kinds = []
    for line in lines:
        refused = REFUSED.search(line)
        kinds.append(refused.group(1) if refused else "bereits" if KNOWN.search(line) else line)
    return kinds


def offsets(swarm: Swarm) -> dict[str, int]:
    """Per process, the length of its log so far."""
    return {d.name: len(d.proc.output()) for d in swarm.doors}


@pytest.mark.logs_errors
async def test_a_damaged_store_is_refused_once_and_the_processes_keep_answering(swarm: Swarm, tmp_path: Path,
                                                                                stores):
    """A damaged file renamed over the path is checked once and refused with one ERROR line, however it was
    noticed; a SIGHUP for it after that is answered in one WARNING line without a second check."""
    basis, _newer = stores
    switched = swarm.counts(SWITCHED)
    try:
        # 1. What ``update`` and ``systemctl reload`` do: the rename, then SIGHUP at once. Whichever of the signal
        # and the file watch (every 0.2 s here) comes first refuses the file; the SIGHUP is answered either way.
        since, answered = offsets(swarm), swarm.counts(SIGHUP_ANSWER)
        replace_store(damaged(tmp_path, "kaputt.sqlite3"), swarm.store)
        swarm.hangup()
        await swarm.wait_log(SIGHUP_ANSWER, answered)
        for name, lines in refusal_lines(swarm, since).items():
            kinds = refusal_kinds(lines)
            # one check, one refusal; when the watch refused the file, the SIGHUP's answer after it
            assert kinds in (["SIGHUP"], ["Datei ersetzt", "bereits"]), (name, lines)
        # 2. The order that logged two refusals before: the watch finds the file (no signal), then a SIGHUP.
        since, refused, known = offsets(swarm), swarm.counts(REFUSED), swarm.counts(KNOWN)
        replace_store(damaged(tmp_path, "kaputt2.sqlite3"), swarm.store)
        await swarm.wait_log(REFUSED, refused)
        swarm.hangup()
        await swarm.wait_log(KNOWN, known)
        for door in swarm.doors:
            res = await door.fake.command("karte", {"name": "Boros-Rekrut"}, timeout=20)
            assert res.embeds[0]["title"] == "Boros-Rekrut", door.name
        for name, lines in refusal_lines(swarm, since).items():
            assert refusal_kinds(lines) == ["Datei ersetzt", "bereits"], (name, lines)
    finally:
        replace_store(basis, swarm.store)
        await swarm.wait_log(SWITCHED, switched)  # the watch opens the good file
    assert_fakes_clean(swarm)
