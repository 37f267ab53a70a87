"""bench/held_reading.py: the earlier questions read with another revision's players' tables, the ranked question
with the tree's (docs/ranking.md ¹¹³), on the real store."""

from __future__ import annotations

import sys
from pathlib import Path

from bot import players_words
from bot.ranking import ranker
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
from held_reading import HeldAnalyser

QUESTION = "kumulative versorgung nur teilweise zahlen"


def _without_zahlen(folder: Path) -> tuple[Path, Path]:
    """The tree's two players' tables written to ``folder`` without their rows of „zahlen“ (the reading before it)."""
    out = []
    for name in ("players_words.tsv", "players_senses.tsv"):
        lines = (ROOT / "data" / name).read_text(encoding="utf-8").splitlines(keepends=True)
        path = folder / name
        path.write_text("".join(line for line in lines if not line.startswith(("zahlst|", "zahlen\t"))),
                        encoding="utf-8")
        out.append(path)
    return out[0], out[1]


async def test_the_held_tables_read_the_question_as_before_and_the_tree_as_now(ctx, tmp_path: Path):
    r = await ranker(ctx.store)
    held = HeldAnalyser(r.analyser, *_without_zahlen(tmp_path))
    assert "zahl" in held.analyse(QUESTION, question=True).terms  # the players' word as typed, stemmed
    assert "bezahl" not in held.analyse(QUESTION, question=True).terms
    assert "bezahl" in r.analyser.analyse(QUESTION, question=True).terms  # the tree's tables back after the call
    assert players_words.reading("zahlt", "er zahlt") == ("bezahlen",)
