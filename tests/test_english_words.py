"""English words of an English question read as the documents' German words (bot/english_words.py,
data/english_words.tsv)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import english_words
from bot.answers import run_answer
from bot.paths import DATA_DIR
from bot.ranking import ranker
from bot.text import tokens

QUESTION = "can I pay hybrid mana with either color"


async def test_an_english_question_meets_the_german_rule_that_answers_it(ctx):
    # 001's rule 104.3f of 2005 (today 107.4e): „{W/U} in Kosten kann mit entweder weißem oder blauem Mana bezahlt
    # werden“; before, „pay“ and „either“ met nothing and 001's ruling „Halbe-Halbe-Manasymbole sind keine neuen
    # Farben“ led
    # Since the headword part (docs/ranking.md ¹⁵⁷) 003's explanation of today's 107.4e leads („Ein Hybrid-Manasymbol
    # … {W/U} mit weißem oder blauem Mana“: its headword is what the question names), 001's 104.3f of 2005 second
    reply = await run_answer(ctx, "question", question=QUESTION)
    assert reply.pages[0].title == "Regel 107.4e (Erklärung)"
    assert "{W/U} mit weißem oder blauem Mana" in reply.pages[0].body
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, QUESTION, ctx.names, limit=3)
    assert [h.passage.key for h in found.hits][:2] == ["003:280", "001:37"]
    assert "{W/U} in Kosten kann mit entweder weißem oder blauem Mana bezahlt werden" in found.hits[1].passage.text


async def test_only_an_english_question_reads_the_table(ctx):
    r = await ranker(ctx.store)
    english = r.analyser.analyse(QUESTION, question=True)
    assert english.english and ("bezahl", "bezahlen") in english.groups
    assert "pay" in english.words  # the English word stays beside its German reading
    german = r.analyser.analyse("was heißt pay auf deutsch", question=True)  # a German question keeps its words
    assert not german.english and "pay" in german.words and ("bezahl", "bezahlen") not in german.groups


def test_read():
    assert english_words.read(["can", "pay", "either", "color"]) == ["can", "pay", "bezahlen", "either", "entweder",
                                                                    "color"]
    assert english_words.read(["chosen"]) == ["chosen", "wahlen"]  # folded as a question's tokens are („wählen“)


async def test_an_english_question_keeps_the_english_words_of_the_clash_article(ctx):
    # 000 prints the clash article in English too: „what happens“ read as „passiert“ alone lost 000:50's English
    # words, and the outdated split-card ruling 000:53 led
    reply = await run_answer(ctx, "question", question="what happens when two players clash and both reveal lands")
    assert "If no one reveals a card with a higher converted mana cost" in reply.pages[0].body


def test_every_reading_is_a_word_of_the_documents():
    printed = {t for path in sorted((DATA_DIR / "sources").glob("00*.txt"))
               for t in tokens(path.read_text(encoding="utf-8"))}
    table = english_words.parse()
    assert table["paid"] == ("bezahlen",)
    assert {w for reading in table.values() for w in reading} <= printed


@pytest.mark.parametrize(("row", "message"), [
    ("pay\tbezahlen", "drei Spalten"),
    ("Pay\tbezahlen\t001", "„Pay“"),
    ("pay|pay\tbezahlen\t001", "doppelt"),
])
def test_a_bad_row_is_named(tmp_path: Path, row, message):
    path = tmp_path / "english_words.tsv"
    path.write_text(f"wörter\tgelesen\tbeleg\n{row}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        english_words.parse(path)
