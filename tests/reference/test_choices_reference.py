"""Autocomplete choices on the store with both Comprehensive Rules files and the RAV MTGJSON file, as recorded
before the completers' data was prepared once per store (``tests/choices/reference.json.gz``, see
:mod:`tests.choices`). Skipped without ``../shared/reference``."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.importer.report import BuildReport
from tests.choices import REFERENCE_CARDS, REFERENCE_CR
from tests.reference.conftest import FULL_FILES, answer_context
from tests.test_choices import compare

pytestmark = pytest.mark.reference


@pytest.fixture(scope="module")
def full_db(full_store: tuple[Path, BuildReport]) -> Path:
    """The store of the recording (both rules files, the RAV cards), shared with test_official_reference.py."""
    assert (*REFERENCE_CR, REFERENCE_CARDS) == FULL_FILES
    return full_store[0]


async def test_choices_as_recorded_with_both_crs(full_db: Path) -> None:
    async with answer_context(full_db) as ctx:
        await compare(ctx, "reference")
