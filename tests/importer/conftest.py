"""Shared fixtures for the importer tests: the real sources, a writable copy, fixture entries."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.importer import DEFAULT_SOURCES
from bot.importer.model import ManifestEntry


@pytest.fixture
def sources_copy(tmp_path: Path) -> Path:
    """A writable copy of data/sources (documents and manifest) in a temp folder."""
    target = tmp_path / "sources"
    shutil.copytree(DEFAULT_SOURCES, target)
    return target


@pytest.fixture
def make_entry() -> Callable[..., ManifestEntry]:
    """Build a manifest entry for a (fixture) file: ``make_entry(path, parser, dates=[...])``."""

    def make(path: Path, parser: str, dates: list[str] | None = None) -> ManifestEntry:
        return ManifestEntry(file=path.name, parser=parser, language="de", title="Fixture", dates=dates or [])

    return make
