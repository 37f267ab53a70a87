"""The hand-checked sample of the version map (``data/cr_map_sample.tsv``) and the map's score on it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from bot.importer.align.result import RuleMatch
from bot.paths import DATA_DIR, tsv_rows


@dataclass(frozen=True)
class MapSample:
    """A hand-checked sample of a version map (``data/cr_map_sample.tsv``): effective dates and rows
    ``(old number, right new number or None)``."""

    old_effective: str
    new_effective: str
    rows: tuple[tuple[str, str | None], ...]

    def part(self, first: int, last: int | None = None) -> MapSample:
        """Rows ``first``..``last`` (1-based, inclusive, as counted in the file's header comments; ``last``
        None = to the end), e.g. ``part(202)`` for the rows drawn after the matcher was last changed."""
        return MapSample(self.old_effective, self.new_effective, self.rows[first - 1:last])


@dataclass(frozen=True)
class SampleScore:
    """How a map fares on a :class:`MapSample`: ``checked`` rows whose old number is in the map, ``right``
    of them (the map's answer, a number or none, equals the checked one), ``claimed`` rows where the map
    names a counterpart and ``claimed_right`` of those; ``wrong`` lists ``(old, map, right)``."""

    checked: int
    right: int
    claimed: int
    claimed_right: int
    wrong: tuple[tuple[str, str | None, str | None], ...]

    @property
    def precision(self) -> float:
        """Share of the named counterparts that are right, in percent (100 when none were named)."""
        return 100.0 * self.claimed_right / self.claimed if self.claimed else 100.0

    @property
    def agreement(self) -> float:
        """Share of all checked rows where the map agrees, counting "no counterpart", in percent."""
        return 100.0 * self.right / self.checked if self.checked else 100.0


MAP_SAMPLE_PATH = DATA_DIR / "cr_map_sample.tsv"


def read_map_sample(path: str | Path = MAP_SAMPLE_PATH) -> MapSample:
    """Read the sample (:mod:`csv`): ``#`` comments, a header ``<old date>\t<new date>``, rows ``old\tnew``
    (``-`` = none).

    Raises ValueError naming the line for a malformed header or row.
    """
    lines = list(tsv_rows(path))
    if not lines or len(lines[0][1]) != 2 or not all(re.fullmatch(r"\d{4}-\d{2}-\d{2}", d) for d in lines[0][1]):
        raise ValueError(f"{path}: erste Zeile muss '<altes Datum>\\t<neues Datum>' sein")
    old_date, new_date = lines[0][1]
    rows = []
    for n, cols in lines[1:]:
        if len(cols) != 2 or not re.fullmatch(r"\d+(?:\.\d+[a-z]?)?", cols[0]):
            raise ValueError(f"{path}:{n}: erwartet 'alte Nummer<TAB>neue Nummer oder -'")
        rows.append((cols[0], None if cols[1] == "-" else cols[1]))
    return MapSample(old_date, new_date, tuple(rows))


def score_sample(matches: dict[str, RuleMatch], sample: MapSample) -> SampleScore:
    """Compare ``matches`` (of :func:`match_versions`) with the hand-checked ``sample`` (rows whose old
    number the map lacks, e.g. with a small test file, are not counted)."""
    checked = right = claimed = claimed_right = 0
    wrong = []
    for old, expected in sample.rows:
        m = matches.get(old)
        if m is None:
            continue
        checked += 1
        if m.new is not None:
            claimed += 1
            claimed_right += m.new == expected
        if m.new == expected:
            right += 1
        else:
            wrong.append((old, m.new, expected))
    return SampleScore(checked, right, claimed, claimed_right, tuple(wrong))

