"""Benchmark rows for the version map 2010-10-01 → 2026-04-17: time of
:func:`bot.importer.align.match_versions` and its agreement with the hand-checked sample
(``data/cr_map_sample.tsv``), overall and on the rows judged blind. Used by ``bench/run.py``
(``rows(quick)``); runnable alone: ``python bench/bench_align.py``. Needs the reference files
(../shared/reference or $REGELBOT_REFERENCE); without them it prints one row saying so.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.importer.align import match_versions, read_map_sample, score_sample  # noqa: E402
from bot.importer.cr import parse_cr  # noqa: E402

Row = tuple[str, str, str, str]
FILES = ("CR-2010-10-01_MagicCompRules_20101001.txt", "MagicCompRules_20260417.txt")
COMMAND = "python bench/bench_align.py"
#: Parts of the sample (1-based rows, see its header): all, and the two batches judged blind.
PARTS = (("all rows", 1, None), ("rows 202-261 (blind, then used)", 202, 261), ("rows 262-322 (blind)", 262, None))


def _reference() -> Path:
    env = os.environ.get("REGELBOT_REFERENCE")
    return Path(env) if env else ROOT.parent / "shared" / "reference"


def rows(quick: bool) -> list[Row]:
    """match_versions time (best / median of 2 or 5 runs) and the sample figures per part."""
    files = [_reference() / name for name in FILES]
    if not all(f.is_file() for f in files):
        return [("match_versions 2010 → 2026", "no reference files", "", COMMAND)]
    old, new = (parse_cr(f) for f in files)
    times = []
    for _ in range(2 if quick else 5):
        t0 = time.perf_counter()
        matches = match_versions(old, new)
        times.append(time.perf_counter() - t0)
    out: list[Row] = [("match_versions 2010 → 2026 (best / median)",
                       f"{min(times):.2f} / {statistics.median(times):.2f} s", "", COMMAND)]
    sample = read_map_sample()
    for name, first, last in PARTS:
        sc = score_sample(matches, sample.part(first, last))
        out.append((f"version map vs sample, {name}: right / named right",
                    f"{sc.right}/{sc.checked} ({sc.agreement:.1f} %) / {sc.claimed_right}/{sc.claimed} "
                    f"({sc.precision:.1f} %)", "≥ 99 % / ≥ 99 %", COMMAND))
    return out


if __name__ == "__main__":
    for row in rows("--quick" in sys.argv):
        print("  ".join(row))
