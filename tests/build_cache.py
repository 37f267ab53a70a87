"""Builds of the store made once per test run for the same inputs (tests of what runs *around* a build).

``update``, ``build --cr/--cards`` and the register review build the store again and again from the same
documents, rules files and card files: ``tests/test_update.py`` alone made eleven builds with the real rules file
(~3 s of CPU each). :class:`BuildCache` builds each distinct set of inputs once per run with the real
:func:`bot.importer.build` and keeps the file and its :class:`~bot.importer.report.BuildReport`; an identical build
later in the run gets a copy of that file, written beside the target and renamed over it as the real build does
(new inode, the replaced store's permission bits, ``built_at`` set to now), and a copy of the report.

What makes two builds identical (:meth:`BuildCache.key`): the bytes of every file of the sources folder, the
name and bytes of every rules and card file (the store records the names), the keyword table, the change
register and the term table. The code is the same within a run. A build that raises is not kept: the next one
with those inputs builds (and raises) again. What the build itself does is tested in ``tests/importer/`` (but
for the register review's two builds, ``tests/importer/test_review.py``) and ``tests/test_cli*.py`` without this
cache. A copy also hides any difference between two builds of the same inputs; that builds are deterministic is
shown by ``tests/importer/test_passage_analysis.py`` (two builds, one digest), not here.
"""

from __future__ import annotations

import datetime as dt
import fcntl
import hashlib
import os
import pickle
import shutil
import sqlite3
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pytest

import bot.importer as importer
from bot.importer import DEFAULT_SOURCES, KEYWORDS_PATH, changes
from bot.importer import build as real_build  # the real build, also while tests replace importer.build
from bot.importer.report import BuildReport


class BuildCache:
    """Builds of the store kept in ``folder`` (one run's common temp folder, shared by the xdist workers under a
    ``flock`` per key), with :meth:`build` in place of :func:`bot.importer.build`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.built = 0  # real builds this process made (the rest were copies)

    @staticmethod
    def key(sources: Path, cr_files: Sequence[Path], card_files: Sequence[Path], keywords: Path, register: Path,
            terms: Path) -> str:
        """SHA-256 (hex) over what a build reads: the sources folder's files (relative name and bytes), each
        rules and card file (name and bytes, in the given order), keyword table, register and term table."""
        digest = hashlib.sha256()

        def add(label: str, path: Path) -> None:
            data = path.read_bytes()
            digest.update(f"{label}\0{len(data)}\0".encode())
            digest.update(data)

        for path in sorted(p for p in Path(sources).rglob("*") if p.is_file()):
            add(f"source:{path.relative_to(sources)}", path)
        for kind, files in (("cr", cr_files), ("cards", card_files)):
            for path in files:
                add(f"{kind}:{Path(path).name}", Path(path))
        for label, path in (("keywords", keywords), ("register", register), ("terms", terms)):
            add(label, Path(path))
        return digest.hexdigest()

    def build(self, db_path: Path, sources: Path = DEFAULT_SOURCES, *, cr_files: Sequence[Path] = (),
              card_files: Sequence[Path] = (), keywords: Path = KEYWORDS_PATH, register: Path = changes.CHANGES_PATH,
              terms: Path = changes.TERMS_PATH) -> BuildReport:
        """:func:`bot.importer.build` with the same arguments, results and errors; an identical earlier build
        of this run is copied instead of made again (module doc)."""
        key = self.key(sources, cr_files, card_files, keywords, register, terms)
        kept = self.folder / f"{key}.sqlite3"
        with (self.folder / f"{key}.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # another worker building the same inputs: wait for its file
            if not kept.exists():
                report = real_build(kept.with_name(f"{key}.building.sqlite3"), sources, cr_files=cr_files,
                                        card_files=card_files, keywords=keywords, register=register, terms=terms)
                self.built += 1
                kept.with_suffix(".pickle").write_bytes(pickle.dumps(report))
                kept.with_name(f"{key}.building.sqlite3").replace(kept)  # the file last: its presence says done
        report = pickle.loads(kept.with_suffix(".pickle").read_bytes())
        report.db_path = Path(db_path)
        _place(kept, Path(db_path))
        return report


def _place(kept: Path, db_path: Path) -> None:
    """Copy ``kept`` to a temp file beside ``db_path``, set ``built_at`` to now and the permission bits of the
    store it replaces (as :func:`bot.importer.build`), then rename it over ``db_path``."""
    db_path.parent.mkdir(parents=True, exist_ok=True)
    importer.remove_stale_temps(db_path)  # as the real build does first: a leftover temp file is not hidden
    handle, name = tempfile.mkstemp(prefix=f"{db_path.name}-build-", dir=db_path.parent)
    os.close(handle)
    temp = Path(name)
    try:
        shutil.copyfile(kept, temp)
        with sqlite3.connect(temp) as conn:
            conn.execute("UPDATE meta SET value = ? WHERE key = 'built_at'",
                         (dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),))
        conn.close()
        temp.chmod(importer._store_mode(db_path))
        temp.replace(db_path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def run_cache(tmp_path_factory: pytest.TempPathFactory) -> BuildCache:
    """This run's build cache (in the common temp folder of all xdist workers, never an older run's)."""
    base = tmp_path_factory.getbasetemp()
    common = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    return BuildCache(common / "build-cache")
