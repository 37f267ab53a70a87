"""Start a bot process against a :class:`~fakediscord.FakeDiscord` and stop it reliably.

The contract (shared with the lead): the bot runs as ``python -m bot run`` with cwd = repo root and
``DISCORD_TOKEN``, ``REGELBOT_DB``, ``REGELBOT_STATE_DIR``, ``LOG_LEVEL=DEBUG`` and
``PYTHONPATH=tests/e2e/site`` (its ``sitecustomize`` reads ``REGELBOT_FAKE_DISCORD_URL``). The bot's
stdout and stderr go to one log file (no pipe can fill up at DEBUG), readable with :meth:`BotProcess.output`.
"""

# A deadline parameter with a diagnostic message (bot output) is this harness's job:
# ruff: noqa: ASYNC109
from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from cpuwait import CPU_WAIT
from fakediscord import FakeDiscord, FakeDiscordError

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(__file__).resolve().parent / "site"
PYTHON = sys.executable
# Looks like a real token (id.timestamp.hmac) so a leak is recognisable in any log line.
FAKE_TOKEN = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.e2e-fake-token-0123456789abcdefghijklmnop"
STANDIN = [PYTHON, str(Path(__file__).resolve().parent / "standin_bot.py")]
REAL_BOT = [PYTHON, "-m", "bot", "run"]


def real_bot_present() -> bool:
    """True when this checkout has the real bot (``bot/__main__.py``)."""
    return (ROOT / "bot" / "__main__.py").exists()


def build_store(db: Path, timeout: float = 120.0) -> str:
    """Build the store with ``python -m bot build --db DB`` (cwd = repo root); returns its output.

    Raises:
        RuntimeError: the build failed or timed out (message holds its output).
    """
    try:
        proc = subprocess.run([PYTHON, "-m", "bot", "build", "--db", str(db)], cwd=ROOT, capture_output=True,
                              text=True, timeout=timeout, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    except subprocess.TimeoutExpired as exc:
        raise RuntimeError(f"python -m bot build timed out after {timeout} s: {exc.output}") from None
    if proc.returncode != 0 or not db.exists():
        raise RuntimeError(f"python -m bot build failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    return proc.stdout + proc.stderr


def bot_env(fake: FakeDiscord, *, db: Path | None, state_dir: Path, token: str = FAKE_TOKEN,
            extra: dict[str, str] | None = None, cold: bool = False) -> dict[str, str]:
    """The environment of the contract for a bot talking to ``fake``; ``cold``: the process starts without its
    warm-ups and eager calculation workers (``REGELBOT_E2E_COLD``, tests/e2e/site/sitecustomize.py), for a test
    whose subject is not the start-up."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISCORD_TOKEN", "DEV_GUILD_ID", "REGELBOT_DB", "REGELBOT_STATE_DIR", "PYTHONPATH")}
    env.update(DISCORD_TOKEN=token, REGELBOT_STATE_DIR=str(state_dir), LOG_LEVEL="DEBUG",
               PYTHONPATH=str(SITE), REGELBOT_FAKE_DISCORD_URL=fake.url, PYTHONUNBUFFERED="1",
               PYTHONDONTWRITEBYTECODE="1")
    if db is not None:
        env["REGELBOT_DB"] = str(db)
    if cold:
        env["REGELBOT_E2E_COLD"] = "1"
    env.update(extra or {})
    return env


def _die_with_parent() -> None:
    """In the child before exec (Linux): SIGKILL it when the test process dies, so a killed pytest
    run never leaves a bot behind that reconnects forever."""
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)


class BotProcess:
    """One bot subprocess; always stop it with :meth:`stop` (also safe after it died)."""

    def __init__(self, argv: list[str], env: dict[str, str], log_path: Path) -> None:
        self.argv = argv
        self.env = env
        self.log_path = log_path
        self.proc: asyncio.subprocess.Process | None = None
        self.started = 0.0

    async def start(self) -> BotProcess:
        """Spawn the process (cwd = repo root, own process group), output to :attr:`log_path`."""
        self._log = self.log_path.open("wb")
        self.started = time.monotonic()
        self.proc = await asyncio.create_subprocess_exec(
            *self.argv, cwd=ROOT, env=self.env, stdout=self._log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent)
        return self

    def output(self) -> str:
        """Everything the bot wrote so far (stdout and stderr interleaved)."""
        return self.log_path.read_text(encoding="utf-8", errors="replace") if self.log_path.exists() else ""

    def tail(self, lines: int = 60) -> str:
        """The last ``lines`` lines of :meth:`output`."""
        return "\n".join(self.output().splitlines()[-lines:])

    @property
    def returncode(self) -> int | None:
        """The exit code, or None while running."""
        return None if self.proc is None else self.proc.returncode

    async def wait_connected(self, fake: FakeDiscord, timeout: float = 20.0) -> float:
        """Wait until the bot's gateway session is up, ``timeout`` s plus the time a crowded machine kept it or
        this process off the CPU (:meth:`cpuwait.CpuWait.wait_for`); returns seconds since start.

        Raises:
            FakeDiscordError: the process died or did not connect in time (with its output).
        """

        async def connected() -> float:
            while True:
                if self.returncode is not None:
                    raise FakeDiscordError(f"bot exited with {self.returncode} before connecting:\n{self.tail()}")
                with contextlib.suppress(FakeDiscordError):
                    await fake.wait_ready(0.05)
                    return time.monotonic() - self.started

        try:
            return await CPU_WAIT.wait_for(connected(), timeout)
        except TimeoutError:
            raise FakeDiscordError(f"bot did not connect within {timeout} s (and the time it waited for a CPU):\n"
                                   f"{self.tail()}") from None

    async def wait_serving(self, timeout: float = 60.0) -> str:
        """Wait until ``python -m bot serve`` says it listens (its line „HTTP-Endpunkt bereit: URL“), ``timeout`` s
        plus the time a crowded machine kept it or this process off the CPU (as :meth:`wait_connected`); returns
        the URL (``http://127.0.0.1:PORT/interactions``). The process is stopped when it does not come up.

        Raises:
            FakeDiscordError: the process died or did not listen in time (with its output).
        """

        async def serving() -> str:
            while (m := re.search(r"HTTP-Endpunkt bereit: (http://\S+)", self.output())) is None:
                if self.returncode is not None:
                    raise FakeDiscordError(f"serve exited with {self.returncode} before listening:\n{self.tail()}")
                await asyncio.sleep(0.05)
            return m.group(1)

        try:
            return await CPU_WAIT.wait_for(serving(), timeout)
        except TimeoutError:
            await self.stop()
            raise FakeDiscordError(f"serve did not start within {timeout} s (and the time it waited for a CPU):\n"
                                   f"{self.tail()}") from None
        except FakeDiscordError:
            await self.stop()
            raise

    async def wait_exit(self, timeout: float) -> int | None:
        """Wait up to ``timeout`` s for the process to end (plus the time a crowded machine kept it or this
        process off the CPU: :meth:`cpuwait.CpuWait.wait_for`); its exit code, or None if still running."""
        if self.proc is None:
            return None
        with contextlib.suppress(TimeoutError):
            await CPU_WAIT.wait_for(self.proc.wait(), timeout)
        return self.proc.returncode

    async def stop(self, sig: int = signal.SIGINT, timeout: float = 10.0) -> int:
        """Send ``sig``, wait ``timeout`` s, then kill the process; returns the exit code."""
        if self.proc is None:
            return 0
        try:
            if self.proc.returncode is None:
                self.proc.send_signal(sig)
                await self.wait_exit(timeout)
        finally:
            if self.proc.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    self.proc.kill()
                await self.wait_exit(5.0)
            self._log.close()
        return self.proc.returncode


@contextlib.asynccontextmanager
async def running_bot(fake: FakeDiscord, workdir: Path, *, argv: list[str] | None = None,
                      db: Path | None = None, sig: int = signal.SIGINT,
                      extra_env: dict[str, str] | None = None,
                      connect_timeout: float = 30.0, cold: bool = False) -> AsyncIterator[BotProcess]:
    """Start a bot against ``fake`` (state dir and log in the existing dir ``workdir``), wait for its session,
    yield it, then stop it with ``sig`` (and kill it if it hangs). The exit code is ``bot.returncode``.
    ``cold``: without the start-up's warm-ups and eager calculation workers (:func:`bot_env`).
    """
    env = bot_env(fake, db=db, state_dir=workdir / "state", extra=extra_env, cold=cold)
    bot = await BotProcess(argv or REAL_BOT, env, workdir / "bot.log").start()
    try:
        await bot.wait_connected(fake, connect_timeout)
        yield bot
    finally:
        await bot.stop(sig)


@contextlib.asynccontextmanager
async def http_door(db: Path, state_dir: Path) -> AsyncIterator[Any]:
    """The HTTP door (``serve``'s aiohttp app) in this process on the store ``db``: yields ``post(payload)``, an
    async function that signs ``payload`` (a dict) with the door's Ed25519 key, posts it to ``/interactions`` and
    returns the JSON answer. The core is closed afterwards."""
    import json

    from aiohttp.test_utils import TestClient, TestServer
    from nacl.signing import SigningKey

    from bot.commands import TABLE
    from bot.config import Settings
    from bot.core import Core
    from bot.serve import RestClient, make_app
    from bot.serve_interactions import Interactions

    key = SigningKey.generate()
    core = Core(Settings(token="", dev_guild_id=None, db_path=db, state_dir=state_dir, log_level="INFO"))
    await core.open(TABLE.warm)
    try:
        app = make_app(Interactions(core, RestClient()), key.verify_key.encode().hex())
        async with TestClient(TestServer(app)) as client:

            async def post(payload: dict[str, Any]) -> Any:
                body, stamp = json.dumps(payload).encode(), str(int(time.time()))
                headers = {"X-Signature-Ed25519": key.sign(stamp.encode() + body).signature.hex(),
                           "X-Signature-Timestamp": stamp}
                return await (await client.post("/interactions", data=body, headers=headers)).json()

            yield post
    finally:
        await core.close()


def assert_clean(fake: FakeDiscord, bot: BotProcess) -> None:
    """After a test: the fake saw no bad request, no payload Discord would reject, no late callback, no
    unknown route, and the bot is still running."""
    assert fake.errors == [], "the fake saw a bad request"
    assert fake.invalid == [], "the bot sent a payload Discord would reject"
    assert fake.late == [], "an interaction was answered after Discord's 3 s"
    assert [(r.method, r.path) for r in fake.unknown] == []
    assert bot.returncode is None, "the bot died"


#: A log line that must not appear during a test unless it is marked ``logs_errors``.
LOG_PROBLEM = re.compile(r"\b(WARNING|ERROR|CRITICAL)\b|Traceback|Ignoring exception")
#: discord.py's warnings that the event loop fell behind the gateway: they tell how busy the (shared) machine
#: was while another test ran its own bot processes, not what this bot did (discord/gateway.py).
LOOP_LAG = re.compile(r"heartbeat blocked for more than|Can't keep up, shard ID")


def assert_own_log_clean(request, bot: BotProcess, since: int) -> None:
    """The bot's output written during this test (from character ``since``): never the token or a part of
    it; and no warning, error or traceback unless the test is marked ``@pytest.mark.logs_errors``
    (faults on purpose). Looks only at this test's lines, so the order of tests does not matter."""
    own = bot.output()[since:]
    for part in FAKE_TOKEN.split("."):
        assert part not in own, f"token part {part!r} in the bot's log"
    if request.node.get_closest_marker("logs_errors") is None:
        bad = [line for line in own.splitlines() if LOG_PROBLEM.search(line) and not LOOP_LAG.search(line)]
        assert bad == [], "the bot logged during this test:\n" + "\n".join(bad[:20])


@contextlib.asynccontextmanager
async def module_bot(fake: FakeDiscord, bot_argv: list[str], store_db: Path, tmp_path_factory: Any,
                     standin: str) -> AsyncIterator[BotProcess]:
    """The bot of an e2e module's ``bot`` fixture: ``bot_argv`` started on ``store_db`` once its commands are
    synced; the module is skipped with the reason ``standin`` when ``bot_argv`` is the stand-in."""
    if bot_argv is STANDIN:
        pytest.skip(standin)
    async with running_bot(fake, tmp_path_factory.mktemp("bot"), argv=bot_argv, db=store_db) as proc:
        await fake.wait_sync()
        yield proc


def module_fixtures(standin: str) -> tuple[Any, Any]:
    """The two fixtures every e2e module with its own bot declares, made once here: a module-scoped ``bot``
    (:func:`module_bot`, skipped with the reason ``standin`` for the stand-in) and the autouse ``_checks``
    (:func:`checked_test`). Use: ``bot, _checks = module_fixtures("the stand-in …")`` at module level."""

    @pytest_asyncio.fixture(scope="module", loop_scope="module", name="bot")
    async def bot(fake, bot_argv, store_db, tmp_path_factory):
        async with module_bot(fake, bot_argv, store_db, tmp_path_factory, standin) as proc:
            yield proc

    @pytest.fixture(autouse=True, name="_checks")
    def checks(request, bot, fake):
        yield from checked_test(request, bot, fake)

    return bot, checks


def checked_test(request, bot: BotProcess, fake: FakeDiscord) -> Iterator[None]:
    """The body of each e2e module's autouse fixture (``yield from checked_test(request, bot, fake)``):
    print the bot's log of a failed test, then :func:`assert_clean` and :func:`assert_own_log_clean`."""
    since = len(bot.output())
    yield
    print_bot_log_on_failure(request, bot, since)
    assert_clean(fake, bot)
    assert_own_log_clean(request, bot, since)


def print_bot_log_on_failure(request, bot: BotProcess, since: int) -> None:
    """Print the bot's output written since character ``since`` when the test's call failed.

    pytest shows a failed test's captured output, so the bot's log lands next to the failure.
    """
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        print(f"----- bot output during {request.node.name} (exit={bot.returncode}) -----")
        print(bot.output()[since:][-20000:])


# ---------------------------------------------------------------- pytest fixtures (imported by conftests)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def fake() -> AsyncIterator[FakeDiscord]:
    """A :class:`FakeDiscord` on loopback, shared by the tests of one module."""
    async with FakeDiscord() as server:
        yield server


@pytest.fixture(scope="session")
def bot_argv() -> list[str]:
    """The bot under test: ``python -m bot run``; the stand-in when ``REGELBOT_E2E_BOT=standin``."""
    if os.environ.get("REGELBOT_E2E_BOT") == "standin":
        return STANDIN
    if not real_bot_present():
        pytest.skip("bot/__main__.py is missing (set REGELBOT_E2E_BOT=standin to use the stand-in)")
    return REAL_BOT


@pytest.fixture(scope="session")
def real_bot(bot_argv) -> list[str]:
    """``bot_argv`` when it is the real bot (``python -m bot run``); a test that checks what only the real bot does
    (its answer texts, operator commands, metrics, emojis, scale-out) is skipped with the stand-in."""
    if bot_argv is STANDIN:
        pytest.skip("needs the real bot (REGELBOT_E2E_BOT=standin runs the stand-in)")
    return bot_argv


@pytest.fixture(scope="session")
def store_db(bot_argv, built_db, tmp_path_factory) -> Path | None:
    """The store of the bots under test (None for the stand-in): a copy of the session's store (``built_db``,
    built once per run from data/sources, tests/conftest.py) that only this worker's bots read and its tests
    lock. ``python -m bot build`` itself is tested in tests/test_cli.py."""
    if bot_argv is STANDIN:
        return None
    db = tmp_path_factory.mktemp("botstore") / "regelbot.sqlite3"
    shutil.copyfile(built_db, db)
    return db
