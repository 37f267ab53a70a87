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

QUESTION = "wie funktioniert die mechanik kumulative versorgung"


def _without_mechanik(folder: Path) -> tuple[Path, Path]:
    """The tree's two players' tables written to ``folder``, the words' without its row „mechanik|mechaniken“ →
    „mechanismus“ (001's „Kumulative Versorgung ist ein Mechanismus“): a reading before that row."""
    words = (ROOT / "data" / "players_words.tsv").read_text(encoding="utf-8").splitlines(keepends=True)
    out = folder / "players_words.tsv", folder / "players_senses.tsv"
    out[0].write_text("".join(line for line in words if not line.startswith("mechanik|")), encoding="utf-8")
    out[1].write_bytes((ROOT / "data" / "players_senses.tsv").read_bytes())
    return out


async def test_the_held_tables_read_the_question_as_before_and_the_tree_as_now(ctx, tmp_path: Path):
    r = await ranker(ctx.store)
    held = HeldAnalyser(r.analyser, *_without_mechanik(tmp_path))
    terms = held.analyse(QUESTION, question=True).terms
    assert "mechanismus" not in terms and "mechan" in terms, terms  # the players' word as typed, stemmed
    assert "mechanismus" in r.analyser.analyse(QUESTION, question=True).terms  # the tree's tables back after it
    assert players_words.reading("mechanik") == ("mechanismus",)
