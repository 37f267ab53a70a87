"""A sense of a whole question that brings in a passage the question's words never gathered (bot/question_senses.py,
docs/ranking.md ⁵¹): a numeral mana symbol („{3}“) names the generic mana it stands for (CR 107.4b, 003:274); and
``bench/recall.py``, which measures how deep the gold stands in the candidate pool, on the tuning parts only."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.question_senses import GENERIC_MANA, generic_concepts
from bot.ranking import ranker
from bot.words import tokens

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from recall import NO_MATCH, bucket  # noqa: E402


@pytest.mark.parametrize(("question", "named"), [
    ("die {3} im manacost, darf da jede farbe rein", True),
    ("womit kann ich die {1} in den kosten bezahlen", True),
    ("was bedeutet {10} in den kosten", True),
    ("Grundlegende Resonanz auf einer Karte mit {X}{G}, welches Mana krieg ich", False),  # X asks its value
    ("ist ein hybrid symbol mit {2/B} farbig?", False),  # a hybrid symbol (CR 107.4e), not generic mana
    ("kreatur mit 3 stärke", False),  # a number without braces is no mana symbol
])
def test_a_numeral_mana_symbol_names_generic_mana(question, named):
    assert generic_concepts(tokens(question)) == ([GENERIC_MANA] if named else [])
    assert GENERIC_MANA == "zzkgenericxmana"  # the term table's Generisches Mana (107.4b)


async def test_a_numeral_mana_symbol_gathers_the_rule_on_generic_mana(ctx):
    # 003 line 274 (CR 107.4b) shares no word with the question but „jede“ and „Mana“: it was no candidate; the
    # generic mana of „{3}“ gathers it (the ranking keeps it below the first three: the question asks of colours)
    r = await ranker(ctx.store)
    found = await r.candidates(ctx.store, "die {3} im manacost, darf da jede farbe rein", ctx.names)
    keys = {p.key for p in found.records.values()}
    assert "003:274" in keys
    assert found.records[next(i for i, p in found.records.items() if p.key == "003:274")].text.startswith(
        "Zahlensymbole (etwa {1}) und Variablensymbole (etwa {X}) stehen in Kosten für generisches Mana.")
    # a symbol the rule does not print as its example ({1}) meets it by the generic mana alone: first (before: not
    # among the first six, below the sections on Bergung, Transmutation, Kumulative Versorgung)
    first = await r.search(ctx.store, "was bedeutet die {2} in den kosten", ctx.names, limit=1)
    assert first.hits[0].passage.key == "003:274"


def test_recall_buckets():
    assert [bucket(n) for n in (1, 2, 3, 4, 10, 11, 120, 121, 301, NO_MATCH)] == [
        "1", "2–3", "2–3", "4–10", "4–10", "11–30", "61–120", "121–300", "301–1000", "no match"]


def test_recall_refuses_the_held_out_parts():
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "recall.py"), "--parts", "tuning,heldout"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2 and "only the tuning parts" in done.stderr
