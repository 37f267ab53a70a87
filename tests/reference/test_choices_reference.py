"""Autocomplete choices on the store with both Comprehensive Rules files and the RAV MTGJSON file, as recorded
before the completers' data was prepared once per store (``tests/choices/reference.json.gz``, see
:mod:`tests.choices`). Skipped without ``../shared/reference``."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.importer import DEFAULT_SOURCES, build
from tests.choices import REFERENCE_CARDS, REFERENCE_CR
from tests.reference.conftest import answer_context
from tests.test_choices import compare

pytestmark = pytest.mark.reference


@pytest.fixture(scope="module")
def full_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.reference.conftest import reference_dir

    files = [reference_dir() / name for name in (*REFERENCE_CR, REFERENCE_CARDS)]
    missing = [f.name for f in files if not f.is_file()]
    if missing:
        pytest.skip(f"reference files not available: {', '.join(missing)}")
    db = tmp_path_factory.mktemp("choices") / "regelbot.sqlite3"
    build(db, DEFAULT_SOURCES, cr_files=files[:2], card_files=files[2:])
    return db


async def test_choices_as_recorded_with_both_crs(full_db: Path) -> None:
    async with answer_context(full_db) as ctx:
        await compare(ctx, "reference")
