"""Fixtures for tests on the real reference files (../shared/reference or $REGELBOT_REFERENCE).

Every test here is skipped cleanly when the directory or the file it needs is absent, so the suite
passes on a checkout without the shared files. The files are never copied into the repository.
"""

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.answers import AnswerContext
from bot.search import NameIndex
from bot.store import Store

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



@asynccontextmanager
async def answer_context(db: Path) -> AsyncIterator[AnswerContext]:
    """An answer context over the store ``db`` (name index included), closed on exit."""
    store = await Store.open(db)
    try:
        yield AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
    finally:
        await store.close()
