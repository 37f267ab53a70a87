"""The questions asked before (bot/prior.py): the shipped file is what the tuning parts make and holds no held-out
question, the bot reads it once per store and analyses it at the first question, the benches cross-fit the feature
(bench/prior_folds.py: a question's own text never raises its gold's feature), and an earlier question on the same
ruling puts it first where its sibling led (docs/ranking.md ⁴³)."""

from __future__ import annotations

import logging
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from bot.answers import AnswerContext
from bot.prior import PRIOR_FILE, PriorIndex, PriorQuestion, missing_keys, prior_index, prior_text, read_prior
from bot.ranking import ranker
from bot.search import NameIndex
from bot.store import Store
from bot.text import fold
from tests.conftest import ROOT
from tests.questions import SET_ASIDE, TUNED, load

sys.path.insert(0, str(ROOT / "bench"))
import make_prior
from bench_questions import Question
from prior_folds import CrossFit, index_of, without_file

#: Two tuning questions with the gold 000:24 (000's ruling „Eine Karte ohne Manakosten (zum Beispiel ein Land) hat
#: umgewandelte Manakosten von 0.“); the sibling ruling 000:22 (both players reveal cards of one mana value: nobody
#: wins) holds the question's words in one sentence too and leads for the second without the first among the
#: earlier questions.
EARLIER = Question("t3-159", "clash land aufgedeckt manawert?", ("000:24",), "tuning3")
ASKED = Question("t3-079", "land bei fehde aufgedeckt welcher manawert", ("000:24",), "tuning3")


def test_the_file_is_what_the_tuning_parts_make():
    assert PRIOR_FILE.read_text(encoding="utf-8") == make_prior.made()
    assert make_prior.PARTS == TUNED == ("tuning", "tuning2", "tuning3")
    rows = read_prior()
    assert len(rows) == sum(len(load(p)) for p in TUNED) == 917
    assert rows[0] == PriorQuestion("q002", ("000:5", "000:33", "cr:701.30a"),
                                    "Fehde: darf ich die aufgedeckte Karte unter meine Library legen?")


def test_no_held_out_question_is_in_the_file():
    """Read by code only: the held-out parts' texts and ids are compared, never shown (the message is a count)."""
    rows = read_prior()
    texts = {" ".join(fold(r.text).split()) for r in rows}
    ids = {r.id for r in rows}
    held = [q for part in ("heldout", *SET_ASIDE) for q in load(part)]
    assert held  # the parts exist, so the check compares something
    same = sum(" ".join(fold(q.text).split()) in texts or q.id in ids for q in held)
    assert same == 0, f"{same} held-out questions in {PRIOR_FILE.name}"


def test_the_file_text_keeps_one_line_per_question():
    text = prior_text([PriorQuestion("x1", ("001:78", "cr:702.51a"), "convoke\tmit\ngetappten kreaturen?")])
    assert text.splitlines()[-1] == "x1\t001:78 cr:702.51a\tconvoke mit getappten kreaturen?"
    with pytest.raises(ValueError, match="no gold key"):
        prior_text([PriorQuestion("x2", (), "ohne gold")])


async def test_the_bot_reads_the_file_once_per_store_and_analyses_it_at_the_first_question(
        store: Store, caplog: pytest.LogCaptureFixture):
    analyser = (await ranker(store)).analyser  # the ranker's own index read before: not in the records
    with caplog.at_level(logging.DEBUG, logger="bot.prior"):
        index = await prior_index(store, analyser)
    assert index is not None and not index.analysed  # start-up does not analyse 917 questions
    # the store of the documents has no official rules: the questions' cr: keys are counted and said (a DEBUG line,
    # as the store's other opening lines), not dropped silently; no document key is missing (no WARNING)
    missing = await missing_keys(store, {k for q in read_prior() for k in q.golds})
    assert len(missing) == 56 and all(k.startswith("cr:") for k in missing)
    assert [r.levelno for r in caplog.records] == [logging.DEBUG]
    assert "56 von 597 Antwortschlüsseln sind offizielle Regeln" in caplog.text
    assert "000:24" in index.by_key and index.analysed
    assert index.without({"t3-079"}).analysed  # a view shares the analyses
    # t3-079 (a tuning question on 000:24) is an earlier question until it is left out; a held-out id never is
    assert index.holds("t3-079") and not index.without({"t3-079"}).holds("t3-079") and not index.holds("h2-001")
    r = await ranker(store)
    assert r.prior is not None and await ranker(store) is r  # the ranker, with its index, once per store


async def test_a_key_no_passage_has_is_a_warning_and_a_missing_file_leaves_the_feature_off(
        store: Store, tmp_path: Path, caplog: pytest.LogCaptureFixture):
    analyser = (await ranker(store)).analyser
    drifted = tmp_path / "prior.tsv"
    drifted.write_text(prior_text([PriorQuestion("x1", ("000:24", "001:999999"), "land aufgedeckt manawert")]),
                       encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="bot.prior"):
        index = await prior_index(store, analyser, drifted)
        assert await prior_index(store, analyser, tmp_path / "fehlt.tsv") is None
    assert index is not None and set(index.by_key) == {"000:24", "001:999999"}  # its other key still serves
    assert caplog.records[0].getMessage() == (
        "Frühere Fragen: 1 von 2 Antwortschlüsseln sind keine Passage dieses Stores (z. B. 001:999999)")
    assert "fehlt.tsv" in caplog.records[1].getMessage()


async def _candidates(ctx: AnswerContext, questions: list[Question]):
    r = without_file(await ranker(ctx.store))
    names = NameIndex.from_entries(await ctx.store.name_entries())
    return r, [await r.candidates(ctx.store, q.text, names) for q in questions]


async def test_an_earlier_question_on_the_same_ruling_puts_it_first(ctx: AnswerContext):
    """At the weight the ascent chose with the others (3; shipped off, docs/ranking.md ⁴³); seen red with the
    feature off (weight 0, or no earlier question): the sibling 000:22 leads."""
    r, (cands,) = await _candidates(ctx, [ASKED])
    index = index_of(r, [EARLIER])
    with_earlier = replace(cands, prior=index.shares(r.question_words(cands.analysis), cands.records))
    gold = next(pid for pid, p in cands.records.items() if p.key == "000:24")
    assert with_earlier.prior == {gold: 1.0}  # every word of the question is in the earlier one
    on = r.variant(weights=replace(r.weights, prior=3.0))
    first = [on.rank(c, limit=3).hits[0].passage.key for c in (cands, with_earlier)]
    assert first == ["000:22", "000:24"]
    off = r.variant(weights=replace(r.weights, prior=0.0))
    assert off.rank(with_earlier, limit=1).hits[0].passage.key == "000:22"


async def test_the_cv_path_never_reads_a_questions_own_text(ctx: AnswerContext):
    """bench/prior_folds.py: a question of the fold ranked out of it, and in-sample each question, get the feature
    from the other questions only; the index as the bot holds it (every question) would give the gold the whole
    share."""
    r, cands = await _candidates(ctx, [EARLIER, ASKED])
    index = index_of(r, [EARLIER, ASKED])
    gold = {i: next(pid for pid, p in c.records.items() if p.key == "000:24") for i, c in enumerate(cands)}
    words = [r.question_words(c.analysis) for c in cands]
    assert index.shares(words[1], cands[1].records)[gold[1]] == 1.0  # itself in the index: the whole share
    fit = CrossFit(r, index, cands, [EARLIER, ASKED])
    alone = index_of(r, [EARLIER]).shares(words[1], cands[1].records)
    held_out = fit.fold([1])  # ASKED's fold: ranked with weights chosen on EARLIER, its feature from EARLIER alone
    assert held_out[1].prior == alone == {gold[1]: 1.0}
    assert held_out[0].prior == {}  # the training question: without itself and without the fold
    assert [c.prior for c in fit.fold([0, 1])] == [{}, {}]  # one fold: neither sees the other
    in_sample = fit.fold([])  # bench/refit.py: each from the other
    assert in_sample[1].prior == alone
    assert in_sample[0].prior[gold[0]] == pytest.approx(
        index_of(r, [ASKED]).shares(words[0], cands[0].records)[gold[0]])
    assert in_sample[0].prior[gold[0]] == 1.0  # „clash“ names Fehde; „bei“ and „welcher“ are stop words


async def test_the_index_leaves_out_what_it_is_told_to(ctx: AnswerContext):
    r, (cands,) = await _candidates(ctx, [ASKED])
    words = r.question_words(cands.analysis)
    both = [PriorQuestion(EARLIER.id, EARLIER.gold, EARLIER.text), PriorQuestion(ASKED.id, ASKED.gold, ASKED.text)]
    assert PriorIndex.of(r.analyser, both, exclude={ASKED.id}).shares(words, cands.records) == \
        PriorIndex.of(r.analyser, both[:1]).shares(words, cands.records)
    assert PriorIndex.of(r.analyser, both, exclude={ASKED.id, EARLIER.id}).shares(words, cands.records) == {}
    with pytest.raises(ValueError, match="unknown way"):
        PriorIndex.of(r.analyser, both).shares(words, cands.records, how="sum")
