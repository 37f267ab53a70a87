"""Fixtures for tests on the real reference files (../shared/reference or $REGELBOT_REFERENCE).

Every test here is skipped cleanly when the directory or the file it needs is absent, so the suite
passes on a checkout without the shared files. The files are never copied into the repository.
"""

import os
from pathlib import Path

import pytest

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

