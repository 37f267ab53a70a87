"""The judges' set-aside question sets under ``bench/judges/`` (counted by ``bench/judge_count.py``, never tuned on):
60 questions each, ids unique over all sets and shaped ``j<set>-NNN``, every gold the first line of a passage of
data/sources and the deciding clause copied from the first gold's text. Checked by code only: no question's text is
printed (a red assertion names the id and the gold).

The four development sets (:data:`MOVED`: judge210, judge220, judge230, judge240), counted as the helpers' development
figures until 2026-12-07, were then moved into the sixth tuning part ``tests/questions/tuning6.toml``: they stay here
as the record, each question either in that part (its note ``"from <id>"``, the same text and golds) or named in its
header as left out."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tests.questions.passages import PREFIXES, passage_starts, passage_text

JUDGES = Path(__file__).resolve().parents[2] / "bench" / "judges"
SETS = sorted(JUDGES.glob("judge*.toml"))
#: The sets moved into the sixth tuning part (tests/questions/tuning6.toml): tuned on now, no longer a blind count.
MOVED = ("judge210", "judge220", "judge230", "judge240")
SIXTH = Path(__file__).resolve().parent / "tuning6.toml"
GOLD = re.compile(r"^(?P<prefix>\d{3}):(?P<line>[1-9]\d*)$")


def questions(path: Path) -> list[dict]:
    """The ``[[question]]`` tables of one set file. Raises tomllib.TOMLDecodeError when it is no TOML."""
    return tomllib.loads(path.read_text(encoding="utf-8"))["question"]


def test_the_fifteen_sets_are_there():
    assert [p.stem for p in SETS] == [
        "judge210", "judge211", "judge212", "judge220", "judge221", "judge222", "judge230", "judge231", "judge232",
        "judge240", "judge241", "judge242", "judge260", "judge261", "judge262",
    ]


@pytest.mark.parametrize("path", SETS, ids=[p.stem for p in SETS])
def test_sixty_questions_with_ids_of_their_set(path: Path):
    qs = questions(path)
    assert len(qs) == 60
    assert [q["id"] for q in qs] == [f"j{path.stem[5:]}-{n:03}" for n in range(1, 61)]
    assert all(q["kind"] in ("sentence", "fragment") for q in qs)


@pytest.mark.parametrize("path", SETS, ids=[p.stem for p in SETS])
def test_every_gold_begins_a_passage_and_holds_the_clause(path: Path):
    for q in questions(path):
        for gold in q["gold"]:
            match = GOLD.match(gold)
            assert match and match["prefix"] in PREFIXES, f"{q['id']}: malformed gold {gold!r}"
            assert int(match["line"]) in passage_starts(match["prefix"]), f"{q['id']}: {gold} begins no passage"
        prefix, line = q["gold"][0].split(":")
        assert q["clause"] in passage_text(prefix, int(line)), f"{q['id']}: clause not in {q['gold'][0]}"


def test_the_four_development_sets_are_moved_into_the_sixth_tuning_part():
    """Each question of :data:`MOVED` is in tuning6.toml once (same text and golds; its clause the judge's or one
    lengthened from it) or named in the file's header as left out (a near-duplicate), never both and never lost."""
    text = SIXTH.read_text(encoding="utf-8")
    header = "\n".join(line for line in text.splitlines() if line.startswith("#"))
    left_out = set(re.findall(r"\b(j2[1234]0-\d{3}) \(", header))
    moved = {q["note"].removeprefix("from "): q for q in tomllib.loads(text)["question"]}
    assert len(moved) == 172 and len(left_out) == 68 and not left_out & set(moved)
    for path in (JUDGES / f"{name}.toml" for name in MOVED):
        for q in questions(path):
            if q["id"] in left_out:
                continue
            assert q["id"] in moved, f"{q['id']}: neither moved nor left out"
            kept = moved.pop(q["id"])
            same = (kept["text"], kept["gold"], q["clause"] in kept["clause"]) == (q["text"], q["gold"], True)
            assert same, f"{q['id']}: moved with another text, gold or clause"
    assert not moved, sorted(moved)
