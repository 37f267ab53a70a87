"""Reading ``/fehde chancen``'s library entries apart: the time of :func:`bot.answers.clash._spaced` (``NAME:COUNT``
entries separated only by spaces, each matched where the last one ended) for a space-separated entry without a
count of 1 000 and 6 000 characters (Discord's largest option; the command itself refuses a library over 2 000,
:func:`bot.answers.clash.read_library`), beside the former reading that searched for an entry from every position
(quadratic in the length: 1.17 s for 6 000 characters). Best and median of five runs, in milliseconds.

Run: ``python bench/bench_clash_entries.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from common import timed  # noqa: E402

from bot.answers.clash import _NAMED_COUNT, _spaced  # noqa: E402

SIZES = (1000, 6000)
#: The entry: card names separated by spaces, no count anywhere (nothing to read apart).
WORDS = "Boros-Rekrut Herr der Geheimnisse Szadek "


def searched(part: str) -> list[str]:
    """The former reading: entries found by searching from every position (``finditer``), kept only when they
    follow one another; the baseline."""
    found, end = [], 0
    for m in _NAMED_COUNT.finditer(part):
        if m.start() != end:
            return [part]
        found.append(m.group(0).strip())
        end = m.end()
    return found if len(found) > 1 and end == len(part) else [part]


def main() -> None:
    """Print one line per size: the shipped reading's and the former reading's time (best/median ms)."""
    print(f"{'Zeichen':>8} {'_spaced':>20} {'früher (finditer)':>20}  (ms best/median)")
    for size in SIZES:
        part = (WORDS * (size // len(WORDS) + 1))[:size].strip()
        assert _spaced(part) == searched(part) == [part]
        now, before = timed(lambda p=part: _spaced(p)), timed(lambda p=part: searched(p), runs=1 + 4 * (size < 2000))
        print(f"{len(part):>8} {now[0]:>9.3f}/{now[1]:<10.3f} {before[0]:>9.1f}/{before[1]:<10.1f}")


if __name__ == "__main__":
    main()
