"""Shared fixtures: one store built from data/sources per test session, and an answer context over it."""

from __future__ import annotations

import compileall
import contextlib
import fcntl
import io
import logging
import os
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

import bot.importer as importer
from bot.answers import AnswerContext
from bot.commands import TABLE
from bot.config import ENV_FILE_VARIABLE, Settings
from bot.core import Core
from bot.gateway.client import Regelbot
from bot.importer import DEFAULT_SOURCES, build
from bot.search import NameIndex
from bot.store import Store
from tests.build_cache import BuildCache, run_cache

ROOT = Path(__file__).resolve().parents[1]

# The suite runs on its own settings only: no process of it (this one, the xdist workers, every CLI and bot process
# the tests start with this environment) reads the checkout's .env, which an operator following the README has
# (``install -m 600 .env.example .env``: LOG_LEVEL=INFO, a token, …). /dev/null names no settings file
# (bot.config.env_file_for); a test of how the settings file is found removes or sets the variable itself.
os.environ[ENV_FILE_VARIABLE] = os.devnull


def shared_file(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], object]) -> Path:
    """This worker's own copy of the file ``make(path)`` writes, made once per test run for all xdist workers.

    The first worker to ask makes it in the run's common temp folder (the parent of every worker's base temp
    folder, unique to the run) under an exclusive ``flock``; the others wait for the lock and find it made.
    Each worker gets its own copy (``<base temp>/<name>N/regelbot.sqlite3``): tests lock the store or open it
    while the worker's bot reads it, and that must not reach another worker's tests.
    """
    made = shared_made(tmp_path_factory, name)
    made.parent.mkdir(exist_ok=True)
    with (made.parent.parent / f"shared-{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, also if make() raises
        if not made.exists():
            make(made)  # the build writes a temp file and renames it: no half-made file is ever found
    own = tmp_path_factory.mktemp(name) / "regelbot.sqlite3"
    shutil.copyfile(made, own)
    return own


def shared_made(tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    """Where :func:`shared_file` makes the file ``name`` once per run (``make`` may write beside it)."""
    base = tmp_path_factory.getbasetemp()
    common = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # one run's folder, never older runs'
    return common / f"shared-{name}" / "regelbot.sqlite3"


@pytest.fixture(scope="session")
def built_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real store, built from data/sources once per run (:func:`shared_file`); this worker's copy."""
    return shared_file(tmp_path_factory, "store", lambda db: build(db, DEFAULT_SOURCES))


@pytest.fixture(scope="session")
def build_cache(tmp_path_factory: pytest.TempPathFactory) -> BuildCache:
    """This run's builds of the store, each distinct set of inputs built once (tests/build_cache.py)."""
    return run_cache(tmp_path_factory)


@pytest.fixture
def cached_builds(build_cache: BuildCache, monkeypatch: pytest.MonkeyPatch) -> BuildCache:
    """:func:`bot.importer.build` (which ``update`` and ``build`` call) replaced by this run's build cache: for
    tests of what runs around a build, not of the build (tests/build_cache.py)."""
    monkeypatch.setattr(importer, "build", build_cache.build)
    return build_cache


@pytest.fixture(scope="session")
def newer_db(tmp_path_factory: pytest.TempPathFactory, build_cache: BuildCache) -> Path:
    """The real store built with a synthetic rules file newer than the change register's basis (2026-08-01:
    702.51a changed, 709.4a moved to 709.4f, 106.4 gone; tests/importer/newer_rules.py), once per run
    (:func:`shared_file`); this worker's copy."""
    from tests.importer.newer_rules import write_newer_rules

    def make(db: Path) -> None:
        build_cache.build(db, DEFAULT_SOURCES, cr_files=[write_newer_rules(db.parent, real=False)])

    return shared_file(tmp_path_factory, "newer", make)


#: What a store loads once and keeps (:meth:`bot.store.base.StoreBase.memo`) that the ``store`` fixture hands from
#: one test to the next on the same file: the ranker, the register's index, the rule catalogue, the mechanics
#: sections and their finder, read from the file only. None of them refers to the store it was read from, and no
#: test changes them but through ``monkeypatch`` (undone after the test). Each test opening the store read them
#: again before (~0.1 s of CPU each, a fifth of tests/answers). A test of what the first use loads or caches is
#: marked ``fresh_store`` and gets a store with nothing loaded (and shares nothing it loads).
SHARED_MEMO = frozenset({"ranker", "today", "rules", "mechanic_sections", "mechanic_finder", "register_reviews",
                         "cr_effective", "cr_versions", "other_names"})
#: The shared entries per store file: (path, inode, size, mtime in ns) → key → value; one worker's.
_shared_memos: dict[tuple[str, int, int, int], dict[str, object]] = {}


def _file_identity(path: Path) -> tuple[str, int, int, int]:
    """(path, inode, size, mtime in ns) of ``path``: another file, or this one written to, is another key."""
    stat = path.stat()
    return str(path), stat.st_ino, stat.st_size, stat.st_mtime_ns


@pytest.fixture
async def store(built_db: Path, request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    """The session store, opened for this test; what earlier tests loaded from the same file (unchanged since:
    same inode, size and mtime) is in its memo already (:data:`SHARED_MEMO`), unless the test is ``fresh_store``."""
    async with shared_store(built_db, fresh=bool(request.node.get_closest_marker("fresh_store"))) as s:
        yield s


@contextlib.asynccontextmanager
async def shared_store(path: Path, fresh: bool = False) -> AsyncIterator[Store]:
    """The store at ``path`` opened with what earlier tests loaded from the same file (:data:`SHARED_MEMO`), and
    what it loads kept for later ones when it closes; ``fresh``: nothing shared. The :func:`store` fixture's store,
    for a test that opens the store itself (one per hypothesis example: each read the ranker and the register again
    before, ~0.4 s of CPU)."""
    s = await Store.open(path)
    identity = None if fresh else _file_identity(path)
    if identity is not None:
        s._memo.update(_shared_memos.get(identity, {}))
    try:
        yield s
    finally:
        if identity is not None:
            _share(identity, s)
        await s.close()


@pytest.fixture
async def ctx(store: Store) -> AnswerContext:
    return AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))


def settings_for(db: Path, state_dir: Path) -> Settings:
    """Settings of a bot on the store ``db`` without a token (no Discord)."""
    return Settings(token="", dev_guild_id=None, db_path=db, state_dir=state_dir, log_level="INFO")


def _share(identity: tuple[str, int, int, int], store: Store) -> None:
    """Keep what ``store`` (opened from the file of ``identity``) loaded of :data:`SHARED_MEMO` for later tests."""
    _shared_memos.setdefault(identity, {}).update(
        (key, value) for key, value in store._memo.items() if key in SHARED_MEMO)


class _SharedWarm:
    """The command table's warm-ups (:meth:`bot.commands.Table.warm`) for a test's core: as with :func:`store`, each
    store file the core opens (the session store, a store swapped in) starts with what earlier tests loaded from that
    file (:data:`SHARED_MEMO`), so the warm-ups find it (~0.45 s of CPU less per core); a ``fresh_store`` test's
    core starts with nothing loaded and shares nothing. :meth:`keep` before the core closes (a store's close empties
    its memo) keeps what the test loaded besides."""

    def __init__(self, request: pytest.FixtureRequest) -> None:
        self.fresh = request.node.get_closest_marker("fresh_store") is not None
        self.opened: list[tuple[tuple[str, int, int, int], Store]] = []
        self.table_warm = TABLE.warm  # the table's own (offline_bot puts this object in its place meanwhile)

    async def __call__(self, context: AnswerContext) -> None:
        identity = _file_identity(context.store.path)
        if not self.fresh:
            context.store._memo.update(_shared_memos.get(identity, {}))
        await self.table_warm(context)
        if not self.fresh:
            _share(identity, context.store)
            self.opened.append((identity, context.store))

    def keep(self, core: Core | None) -> None:
        if core is not None and self.opened and self.opened[-1][1] is core.store:
            _share(*self.opened[-1])


@pytest.fixture
async def core(built_db: Path, tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Core]:
    """The application core, open on the session store with the command table's warm-ups (no Discord; what earlier
    tests loaded from the store file shared: :class:`_SharedWarm`)."""
    warm = _SharedWarm(request)
    opened = Core(settings_for(built_db, tmp_path))
    await opened.open(warm)
    try:
        yield opened
    finally:
        warm.keep(opened)
        await opened.close()


@pytest.fixture
async def offline_bot(built_db: Path, tmp_path: Path, request: pytest.FixtureRequest,
                      monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Regelbot]:
    """The real gateway bot, prepared without Discord (core, command tree, extensions, translator; its core's
    warm-ups share what earlier tests loaded: :class:`_SharedWarm`)."""
    warm = _SharedWarm(request)
    bot = Regelbot(settings_for(built_db, tmp_path))
    with monkeypatch.context() as patched:  # prepare() opens its core with the table's warm-ups
        patched.setattr(TABLE, "warm", warm)
        await bot.prepare()
    try:
        yield bot
    finally:
        warm.keep(bot.core)
        await bot.close()


def cli_env(db: Path | None, env: dict[str, str] | None) -> dict[str, str]:
    """The environment of a CLI run: this one without ``LOG_LEVEL``/``DEV_GUILD_ID``, no settings file
    (``REGELBOT_ENV_FILE=/dev/null``: the checkout's .env is not read), an empty ``DISCORD_TOKEN``,
    ``REGELBOT_DB=db`` and ``env`` on top."""
    full_env = {k: v for k, v in os.environ.items() if k not in {"LOG_LEVEL", "DEV_GUILD_ID"}}
    full_env[ENV_FILE_VARIABLE] = os.devnull  # also where this one is empty (call_cli clears it first)
    full_env["DISCORD_TOKEN"] = ""
    if db is not None:
        full_env["REGELBOT_DB"] = str(db)
    full_env.update(env or {})
    return full_env


def call_cli(*args: str, db: Path | None = None, env: dict[str, str] | None = None):
    """``python -m bot ARGS`` run in this process (:func:`bot.__main__.main`, cwd = repo root, the environment of
    :func:`cli_env`); returns a CompletedProcess like :func:`run_cli`. For what a command prints and returns;
    where the process itself is tested (exit status, signals, state carried only by a custom_id) use run_cli.
    The environment, cwd, sys.stdout/stderr, the root logger, the program name and the mana emojis in use are
    restored afterwards."""
    from bot import exits, mana_emoji
    from bot.__main__ import main

    saved_env, saved_cwd, root, saved_program = dict(os.environ), Path.cwd(), logging.getLogger(), exits.program()
    saved_emojis = mana_emoji.installed()  # a store opened from a state folder installs its emojis process-wide
    saved_log = (root.handlers[:], root.level, sys.stdout, sys.stderr)
    out, err = io.StringIO(), io.StringIO()
    try:
        os.environ.clear()
        os.environ.update(cli_env(db, env))
        os.chdir(ROOT)
        exits.set_program(exits.MODULE_PROGRAM)  # what ``python -m bot`` names itself (bot.__main__.program_name)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exc:  # argparse: --help, --version, usage errors
                code = exc.code if isinstance(exc.code, int) else 1
    finally:
        os.environ.clear()
        os.environ.update(saved_env)
        os.chdir(saved_cwd)
        exits.set_program(saved_program)
        mana_emoji.install(saved_emojis)
        root.handlers[:], level, sys.stdout, sys.stderr = saved_log
        root.setLevel(level)
    return subprocess.CompletedProcess(["python", "-m", "bot", *args], code, out.getvalue(), err.getvalue())


def run_cli(*args: str, db: Path | None = None, env: dict[str, str] | None = None, timeout: float = 60):
    """Run ``python -m bot ARGS`` in the repo root as a new process; returns the CompletedProcess (text mode)."""
    full_env = cli_env(db, env)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


#: Fuzz examples per command and run (tests/fuzz/); ``--slow``: :data:`SLOW_FUZZ_EXAMPLES`. The README's command
#: draws 100 new ones per command each run (with the failures saved in ``.hypothesis/`` replayed first); CI's second
#: step draws 2 000 over every ``fuzz`` test (``.ci/run``), ``--slow`` 20 000.
FUZZ_EXAMPLES = 100
SLOW_FUZZ_EXAMPLES = 20_000
#: The fuzz setting of CI's second step (``.ci/run``: ``--fuzz-examples 2000 -m fuzz``): there a test on the fuzz
#: setting (:func:`on_fuzz_setting`) draws its full count.
CI_FUZZ_EXAMPLES = 2000
#: This run's fuzz setting (``--fuzz-examples``/``--slow``), set by :func:`pytest_configure` before any test
#: module is imported.
fuzz_setting = FUZZ_EXAMPLES


def fuzz_count(full: int) -> int:
    """Cases of a test on the fuzz setting whose full count ``full`` runs in CI's second step: ``full * setting //
    2000`` by this run's fuzz setting (the README's command: a twentieth, ``--slow``: ten times), at least 10. Only
    valid once pytest is configured (at a test module's import or later)."""
    return max(10, full * fuzz_setting // CI_FUZZ_EXAMPLES)


@pytest.fixture(autouse=True)
def fresh_log_limits() -> None:
    """Every test starts with the rate limits of the root logger's handlers forgotten
    (:meth:`bot.logs.BadRequestFilter.forget`): the handler :func:`bot.logs.setup_logging` installs stays on the root
    logger for the rest of the process, and its filter rewrites a record in place, so without this a test's first line
    of a kind carried the count an earlier test of the same worker left out (caplog sees the rewritten record), or was
    left out itself when that test wrote one less than 10 s before."""
    from bot.logs import BadRequestFilter

    for handler in logging.getLogger().handlers:
        for limit in handler.filters:
            if isinstance(limit, BadRequestFilter):
                limit.forget()


def on_fuzz_setting(full: int, **kwargs: object) -> Callable:
    """Decorator of a hypothesis property test (outside ``@given``/``@example``) that draws :func:`fuzz_count`
    ``(full)`` examples: ``full`` in CI's second step, a twentieth in the README's command. The failures hypothesis
    saved in ``.hypothesis/`` are replayed on every run. Marks the test ``fuzz`` (what CI's second step selects);
    ``kwargs`` go to :func:`hypothesis.settings` (``deadline`` is None)."""
    from hypothesis import settings

    examples = fuzz_count(full)

    def wrap(test: Callable) -> Callable:
        return pytest.mark.fuzz(settings(max_examples=examples, deadline=None, **kwargs)(test))  # type: ignore[arg-type]

    return wrap


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true",
                     help=f"long runs: {SLOW_FUZZ_EXAMPLES:,} fuzz examples per command (CI: .ci/run)")
    parser.addoption("--fuzz-examples", type=int, default=None,
                     help=f"fuzz examples per command (default {FUZZ_EXAMPLES})")


#: The modules that take longest (``pytest --durations=0``, summed per module), run first: with the suite split
#: over the CPUs by module (pyproject's addopts), a long module started last would leave the other workers idle.
#: The two reference modules that share the store with both rules files (tests/reference/conftest.full_store)
#: stand apart, so that the second finds it built instead of waiting for the first's build.
LONGEST_FIRST = (
    "tests/test_update.py", "tests/importer/test_review.py", "tests/e2e/test_bot_e2e.py",
    "tests/reference/test_official_reference.py", "tests/e2e/test_ops_e2e.py", "tests/e2e/test_scale_e2e.py",
    "tests/test_architecture.py", "tests/test_cli.py", "tests/test_packaging.py", "tests/e2e/test_swap_e2e.py",
    "tests/e2e/test_deploy_e2e.py", "tests/reference/test_terms_reference.py",
    "tests/reference/test_choices_reference.py", "tests/answers/test_today_everywhere.py",
    "tests/e2e/test_emojis_e2e.py", "tests/answers/test_questions.py", "tests/german/test_terms.py",
    "tests/fuzz/test_fuzz_answers.py", "tests/test_core_swap.py", "tests/answers/test_rules.py",
    "tests/e2e/test_chat_e2e.py", "tests/test_cli_ops.py", "tests/e2e/test_questions_e2e.py",
    "tests/e2e/test_faults_e2e.py", "tests/fuzz/test_fuzz_escaping.py", "tests/e2e/test_metrics_e2e.py",
    "tests/test_update_keeps.py", "tests/e2e/test_hostile_e2e.py", "tests/answers/test_rulings.py",
    "tests/answers/test_card_resolution.py", "tests/reference/test_align_reference.py",
    "tests/e2e/test_pictures_e2e.py", "tests/load/test_serve_burst.py", "tests/load/test_burst.py",
)


#: The modules that run after all others: the type check, whose basedpyright this run started in the background
#: at its start (tests/test_typecheck.py: start_in_background) and which by then only reads the finished report.
LAST = ("tests/test_typecheck.py",)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:  # the fuzz tests of tests/fuzz/ are on the fuzz setting as a whole (CI's `-m fuzz`)
        if item.nodeid.startswith("tests/fuzz/"):
            item.add_marker(pytest.mark.fuzz)
    rank = {module: i for i, module in enumerate(LONGEST_FIRST)} | {module: 10_000 for module in LAST}
    middle = len(LONGEST_FIRST)  # every other module, in collection order (the sort is stable: modules stay whole)
    items.sort(key=lambda item: rank.get(item.nodeid.partition("::")[0], middle))


#: The type check started in the background by this run's controller (stopped at the end if it still runs).
_background_check = pytest.StashKey[subprocess.Popen | None]()


@pytest.hookimpl(trylast=True)  # after pytest's own configure (the tmp_path factory, the cache)
def pytest_configure(config: pytest.Config) -> None:
    from tests.test_typecheck import run_key

    run_key()  # the type check's key of the inputs, taken before any test runs (tests/test_typecheck.py)
    if not hasattr(config, "workerinput"):  # once per run, before any worker or subprocess starts
        from tests.test_typecheck import start_in_background

        config.stash[_background_check] = start_in_background(config)  # ~30 s of CPU, on the CPU left idle
        compile_sources()
        if config.getoption("numprocesses", None):  # xdist workers will collect: rewrite once for all of them
            prewrite_test_bytecode(config, ROOT / "tests")
    # pytest keeps each test module's assertion-rewritten bytecode beside it (tests/**/__pycache__) unless
    # bytecode writing is off; with PYTHONDONTWRITEBYTECODE=1 every worker of every run would rewrite and
    # compile all ~250 test modules again (~8 s of CPU each). Stale bytecode is never used (source mtime and
    # size are checked), so writing it changes no result.
    sys.dont_write_bytecode = False
    # The fuzz tests draw new examples on every run and replay the failures hypothesis saved in .hypothesis/
    # (its example database): FUZZ_EXAMPLES per command and run; ``--slow`` (which CI runs as well) for the
    # long run.
    if config.getoption("--fuzz-examples") is None:
        config.option.fuzz_examples = SLOW_FUZZ_EXAMPLES if config.getoption("--slow") else FUZZ_EXAMPLES
    global fuzz_setting
    fuzz_setting = config.getoption("--fuzz-examples")


def pytest_unconfigure(config: pytest.Config) -> None:
    from tests.test_typecheck import stop_background

    stop_background(config.stash.get(_background_check, None))


def compile_sources() -> None:
    """Write the bytecode of ``bot/`` and ``cogs/`` beside the sources (``__pycache__``, as Python does on import).

    The suite starts the CLI and the bot as new processes about 200 times; with ``PYTHONDONTWRITEBYTECODE=1``
    (set by the e2e harness for its processes, and on machines that set it for everything) no process would
    ever write the bytecode of a fresh checkout, so each would compile the ~28 000 lines again (~0.25 s of CPU).
    Bytecode older than its source is ignored by Python, so this can never run stale code.
    """
    for folder in ("bot", "cogs"):
        compileall.compile_dir(ROOT / folder, quiet=1, workers=1)


def prewrite_test_bytecode(config: pytest.Config, folder: Path) -> int:
    """Write the assertion-rewritten bytecode of every test module and conftest under ``folder`` that has none
    (or a stale one), as pytest writes it when it imports the module (``__pycache__/*-pytest-*.pyc``); returns how
    many were written.

    Every xdist worker collects every module. On a fresh checkout each worker would rewrite and compile all ~250
    test modules itself (~4 s of CPU per worker); written once here, before the workers start, they all read it.
    pytest checks the source's hash before it uses such a file, so this can never run stale code. It uses pytest's
    own (private) rewrite functions; if they are gone the workers simply rewrite as before."""
    try:
        from _pytest.assertion.rewrite import (
            PYC_TAIL,
            _read_pyc,
            _rewrite_test,
            _write_pyc,
            assertstate_key,
            get_cache_dir,
        )

        state = config.stash[assertstate_key]
    except (ImportError, KeyError):
        return 0
    written = 0
    for source in sorted([*folder.rglob("test_*.py"), *folder.rglob("conftest.py")]):
        pyc = get_cache_dir(source) / (source.name[:-3] + PYC_TAIL)
        if _read_pyc(source, pyc) is not None:
            continue  # written by an earlier run, still matching its source
        try:
            pyc.parent.mkdir(exist_ok=True)
            source_hash, code = _rewrite_test(source, config)
        except (OSError, SyntaxError):  # a read-only folder, a broken module: the workers meet it as before
            continue
        written += bool(_write_pyc(state, code, source_hash, pyc))
    return written
