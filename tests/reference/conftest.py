"""Fixtures for tests on the real reference files (../shared/reference or $REGELBOT_REFERENCE).

Every test here is skipped cleanly when the directory or the file it needs is absent, so the suite
passes on a checkout without the shared files. The files are never copied into the repository.
"""

import os
import pickle
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.answers import AnswerContext
from bot.importer import DEFAULT_SOURCES, build
from bot.importer.report import BuildReport
from bot.search import NameIndex
from bot.store import Store
from tests.conftest import shared_file, shared_made

ROOT = Path(__file__).resolve().parents[2]


def reference_dir() -> Path:
    """$REGELBOT_REFERENCE, else ../shared/reference relative to the repository root."""
    env = os.environ.get("REGELBOT_REFERENCE")
    return Path(env) if env else ROOT.parent / "shared" / "reference"


@pytest.fixture
def reference():
    """Return a function name → Path of a reference file, skipping the test when it is missing."""

    def get(name: str) -> Path:
        path = reference_dir() / name
        if not path.is_file():
            pytest.skip(f"reference file {name} not available in {reference_dir()}")
        return path

    return get


#: Both Comprehensive Rules files (the current one first) and the RAV MTGJSON file of ../shared/reference.
FULL_FILES = ("MagicCompRules_20260417.txt", "CR-2010-10-01_MagicCompRules_20101001.txt", "mtgjson3_RAV.json")


@pytest.fixture(scope="session")
def full_store(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildReport]:
    """The store of data/sources with both rules files and the RAV cards (:data:`FULL_FILES`), built once per run
    for all workers (tests/conftest.shared_file; this worker's copy), and the report of that build. Skips
    when a file is missing."""
    files = [reference_dir() / name for name in FULL_FILES]
    missing = [f.name for f in files if not f.is_file()]
    if missing:
        pytest.skip(f"reference files not available: {', '.join(missing)}")

    def make(db: Path) -> None:
        report = build(db, DEFAULT_SOURCES, cr_files=files[:2], card_files=files[2:])
        db.with_name("report.pickle").write_bytes(pickle.dumps(report))

    db = shared_file(tmp_path_factory, "reference-full", make)
    report = pickle.loads(shared_made(tmp_path_factory, "reference-full").with_name("report.pickle").read_bytes())
    return db, report


@asynccontextmanager
async def answer_context(db: Path) -> AsyncIterator[AnswerContext]:
    """An answer context over the store ``db`` (name index included), closed on exit."""
    store = await Store.open(db)
    try:
        yield AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
    finally:
        await store.close()
