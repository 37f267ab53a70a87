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

from bot import ranking
from bot.answers import AnswerContext
from bot.logic_words import asked_logic, stated_logic
from bot.prior import (
    PRIOR_FILE,
    PriorIndex,
    PriorQuestion,
    group_priors,
    missing_keys,
    prior_index,
    prior_stage,
    prior_text,
    read_prior,
)
from bot.ranking import ranker
from bot.search import NameIndex
from bot.store import Store
from bot.text import fold
from bot.weights import Weights
from tests.conftest import ROOT
from tests.questions import SET_ASIDE, TUNED, load

sys.path.insert(0, str(ROOT / "bench"))
import make_prior
from bench_questions import Question
from prior_folds import CrossFit, cross_fit, index_of, without_file
from question_ascent import Table
from question_cv import DEPTH, rank_of

#: Two tuning questions with the gold 000:24 (000's ruling „Eine Karte ohne Manakosten (zum Beispiel ein Land) hat
#: umgewandelte Manakosten von 0.“); the sibling ruling 000:22 (both players reveal cards of one mana value: nobody
#: wins) holds the question's words in one sentence too and leads for the second without the first among the
#: earlier questions.
EARLIER = Question("t3-159", "clash land aufgedeckt manawert?", ("000:24",), "tuning3")
ASKED = Question("t3-079", "land bei fehde aufgedeckt welcher manawert", ("000:24",), "tuning3")
#: Tuning questions on the siblings 000:22 (both reveal cards of one mana value: nobody wins) and 000:25 (a split card).
SIBLING = Question("t3-001", "wenn beide bei der fehde ne 3 aufdecken wer gewinnt dann", ("000:22", "000:50"),
                   "tuning3")
SPLIT = Question("t3-160", "koennen bei einer fehde beide spieler gewinnen wenn einer ne split karte aufdeckt",
                 ("000:25",), "tuning3")


def test_the_file_is_what_the_tuning_parts_make():
    assert PRIOR_FILE.read_text(encoding="utf-8") == make_prior.made()
    assert make_prior.PARTS == TUNED == ("tuning", "tuning2", "tuning3", "tuning4", "tuning5", "tuning6")
    rows = read_prior()
    assert len(rows) == sum(len(load(p)) for p in TUNED) == 1398
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
    assert index is not None and not index.analysed  # start-up does not analyse 1 398 questions
    # the store of the documents has no official rules: the questions' cr: keys are counted and said (a DEBUG line,
    # as the store's other opening lines), not dropped silently; no document key is missing (no WARNING)
    missing = await missing_keys(store, {k for q in read_prior() for k in q.golds})
    assert len(missing) == 56 and all(k.startswith("cr:") for k in missing)
    assert [r.levelno for r in caplog.records] == [logging.DEBUG]
    assert "56 von 646 Antwortschlüsseln sind offizielle Regeln" in caplog.text
    assert "000:24" in index.by_key and index.analysed
    assert index.without({"t3-079"}).analysed  # a view shares the analyses
    # t3-079 (a tuning question on 000:24) is an earlier question until it is left out; a held-out id never is
    assert index.holds("t3-079") and not index.without({"t3-079"}).holds("t3-079") and not index.holds("h2-001")



async def test_the_ranker_reads_the_file_only_when_a_weight_reads_it(store: Store, monkeypatch: pytest.MonkeyPatch):
    """With ``prior`` and ``earlier`` both 0 the ranker holds no index: start-up reads no file and checks no key for
    a feature that is off; with either weight (the shipped ``earlier`` 24) the index is there (seen red with the file
    read at every load)."""
    shipped = Weights()
    r = await ranker(store)
    assert await ranker(store) is r  # once per store
    assert r.prior is None if not (shipped.prior or shipped.earlier) else r.prior is not None
    for prior, earlier in ((0.0, 4.0), (1.5, 0.0), (0.0, 0.0)):
        weights = replace(shipped, prior=prior, earlier=earlier)
        monkeypatch.setattr(ranking, "Weights", lambda w=weights: w)
        loaded = await ranking._load(store, None)
        assert (loaded.prior is not None) == bool(prior or earlier) and loaded.weights == weights


async def test_the_warm_up_analyses_the_earlier_questions_not_the_first_question(ctx: AnswerContext):
    # the start-up and store-swap warm-up (bot/commands/questions.read_ranker → Ranker.warm) analyses the 1 398
    # earlier questions (≈ 0.2 s), so the first /frage after a start or swap does not wait for them
    loaded = await ranking._load(ctx.store, None)
    assert loaded.prior is not None and not loaded.prior.analysed
    loaded.warm(ctx.names)
    assert loaded.prior.analysed and "000:24" in loaded.prior.by_key


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


async def test_the_earlier_stage_swaps_asked_siblings_and_nothing_else(ctx: AnswerContext):
    """The stage (bot.prior.prior_stage, weight ``earlier``) with the ``prior`` part off: 000:22, 000:24 and 000:25
    are the first three, siblings of 000's clash section. With an earlier question on each (t3-001 on 000:22, t3-160
    on 000:25: shares 0.491; t3-159 on 000:24: 1.0) and a weight above their score gap over the share's (2.84 /
    0.509 ≈ 5.6) 000:24 and 000:22 swap places and scores, 000:25 keeps its place and score; below it, or with an
    earlier question on 000:24 alone (its siblings never asked about: left as they are), 000:22 leads (seen red
    with the stage left out of Ranker.stages, and with a sibling never asked about read as share 0)."""
    r, (cands,) = await _candidates(ctx, [ASKED])
    words = r.question_words(cands.analysis)
    alone = replace(cands, prior=index_of(r, [EARLIER]).shares(words, cands.records))
    every = replace(cands, prior=index_of(r, [EARLIER, SIBLING, SPLIT]).shares(words, cands.records))
    assert {cands.records[pid].key: round(v, 3) for pid, v in every.prior.items()} == {
        "000:22": 0.491, "000:24": 1.0, "000:25": 0.491, "000:50": 0.491}

    def first(c, weight: float) -> list[tuple[str, float]]:
        hits = r.variant(weights=replace(r.weights, prior=0.0, earlier=weight)).rank(c, limit=3).hits
        return [(h.passage.key, round(h.score, 2)) for h in hits]
    before = first(every, 0.0)
    assert [k for k, _ in before] == ["000:22", "000:24", "000:25"]
    assert first(every, 5.0) == first(alone, 32.0) == first(cands, 32.0) == before
    assert first(every, 6.0) == [("000:24", before[0][1]), ("000:22", before[1][1]), before[2]]
    hits = r.variant(weights=replace(r.weights, earlier=6.0)).rank(every, limit=3).hits
    assert hits[0].parts["earlier"] == pytest.approx(before[0][1] - before[1][1], abs=0.01)
    with pytest.raises(ValueError, match="must not be negative"):
        prior_stage(list(hits), every.prior, -1.0)


async def test_with_the_other_tuning_questions_the_shipped_stage_puts_000_24_first(ctx: AnswerContext):
    """t3-079 ranked as the CV ranks it (its earlier questions: every other tuning question of the shipped file):
    000:24 (share 1.0: t3-159, t3-002, t3-040 ask it) and 000:22 (0.841), 000:25 (0.491) were all asked about, so at
    the shipped weight (``earlier`` 32, docs/ranking.md ⁴⁷, ¹¹⁹) 000:24 takes 000:22's first place; with the stage off
    000:22 leads (as with the ``prior`` part alone at 1.5, ⁴³)."""
    r, (cands,) = await _candidates(ctx, [ASKED])
    index = PriorIndex.of(r.analyser, read_prior(), exclude={ASKED.id})
    found = replace(cands, prior=index.shares(r.question_words(cands.analysis), cands.records))
    assert r.weights.earlier == Weights().earlier == 32.0
    assert [h.passage.key for h in r.rank(found, limit=3).hits] == ["000:24", "000:22", "000:25"]
    off = r.variant(weights=replace(r.weights, earlier=0.0))
    assert [h.passage.key for h in off.rank(found, limit=3).hits] == ["000:22", "000:24", "000:25"]


async def test_the_table_ranks_the_earlier_stage_as_the_ranker(ctx: AnswerContext):
    """bench/question_ascent.py's table (the CV's ``only:earlier``) gives the ranker's own ranks with the stage on,
    each question's ``prior`` values cross-fitted from the others (the first 40 questions of each tuning part)."""
    r = without_file(await ranker(ctx.store))
    questions = [Question(q.id, q.text, tuple(q.gold), q.part) for part in TUNED for q in load(part)[:40]]
    cands = cross_fit(r, [await r.candidates(ctx.store, q.text, ctx.names) for q in questions], questions,
                      "union").fold(())
    golds = [q.gold for q in questions]
    table = Table(r, cands, golds, {"earlier": (0.0, 3.0, 16.0)})
    ranks = []
    for weight in (0.0, 3.0, 16.0):
        v = r.variant(weights=replace(r.weights, earlier=weight))
        ranks.append([rank_of(v.rank(c, limit=DEPTH), g) for c, g in zip(cands, golds, strict=True)])
        assert table.ranks(v.weights) == ranks[-1]
    assert ranks[0] != ranks[2]  # the stage moves some of them


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


async def test_the_bots_index_reads_each_earlier_set_of_words_once_and_shares_as_reading_every_question(
        ctx: AnswerContext):
    """The index that leaves nothing out (the bot's) reads per passage key the distinct terms of its earlier
    questions (:attr:`PriorIndex.distinct`): a question asked twice in the same words is one set, and the shares
    equal those read question by question (an index told to leave out an id it does not hold reads every one)."""
    r, cands = await _candidates(ctx, [ASKED, SIBLING, SPLIT])
    again = PriorQuestion("t3-159-again", EARLIER.gold, EARLIER.text)  # the same question asked a second time
    earlier = [PriorQuestion(EARLIER.id, EARLIER.gold, EARLIER.text), again,
               PriorQuestion(SIBLING.id, SIBLING.gold, SIBLING.text), PriorQuestion(ASKED.id, ASKED.gold, ASKED.text)]
    index = PriorIndex.of(r.analyser, earlier)
    assert [qid for qid, _ in index.by_key["000:24"]] == [EARLIER.id, again.id, ASKED.id]
    first, second = index.distinct["000:24"]  # EARLIER's words (and its copy's), then ASKED's
    assert first == index.by_key["000:24"][0][1] and second == index.by_key["000:24"][2][1] and first != second
    assert index.distinct["000:22"] == (index.by_key["000:22"][0][1],)
    for c in cands:
        words = r.question_words(c.analysis)
        for how in ("best", "union"):
            fast = index.shares(words, c.records, how=how)
            assert fast and fast == index.shares(words, c.records, {"not-asked"}, how=how)


async def test_one_call_analyses_only_the_earlier_questions_of_its_candidates_keys(ctx: AnswerContext):
    """An index whose questions are not analysed yet (``python -m bot call``: no warm-up) analyses, for
    :meth:`PriorIndex.shares`, only the earlier questions answered by its candidates' keys (the 1 398 of the file
    cost ≈ 0.5 s at each call's start), each once, and shares exactly what the analysed index (the warm-up's) does."""
    r, cands = await _candidates(ctx, [ASKED, SIBLING, SPLIT])
    read: list[str] = []

    class Counting:
        def analyse(self, text: str, *, question: bool = False):
            read.append(text)
            return r.analyser.analyse(text, question=question)

    questions = read_prior()
    lazy, warm = PriorIndex.of(Counting(), questions), PriorIndex.of(r.analyser, questions)
    assert warm.by_key and warm.analysed  # every question analysed, as the warm-up does
    for c in cands:
        words = r.question_words(c.analysis)
        assert lazy.shares(words, c.records) == warm.shares(words, c.records) != {}
    keys = {p.key for c in cands for p in c.records.values()}
    assert not lazy.analysed and len(read) == len(set(read)) < len(questions) // 2
    assert set(read) == {q.text for q in questions if not keys.isdisjoint(q.golds)}


#: Asks an absence („keine“) that 000:22 states („Fall keine der aufgedeckten Karten höhere umgewandelte Manakosten
#: hat …, gewinnt niemand die Fehde.“) and 000:11 (the clash's steps, „… in dieser Reihenfolge: …“) does not; the
#: earlier questions on 000:11 together hold every topic word (q028 „fehde gewinnt der höhere manawert …“), those on
#: 000:22 lack „höhere“.
NOBODY = "Wer gewinnt die Fehde, wenn keine aufgedeckte Karte höhere umgewandelte Manakosten hat?"


async def test_the_earlier_stage_compares_only_siblings_stating_the_same_asked_logic(ctx: AnswerContext):
    """The shipped ranker keeps 000:22 first for :data:`NOBODY`: 000:22 and 000:11 state different parts of the
    asked absence, so the earlier questions do not order them (bot.prior.group_priors); compared anyway, 000:11's
    share (1.0 against 0.80 at ``earlier`` 32, this writing) times the weight outweighs 000:22's lead (5.2 points).
    The relation, not the floats, is asserted: seen red with each share's square root compared (0.89 against 1.0)."""
    r = await ranker(ctx.store)
    assert r.weights.earlier > 0
    assert asked_logic(NOBODY) == {"absence"}
    found = await r.candidates(ctx.store, NOBODY, ctx.names)
    assert [h.passage.key for h in r.rank(found, limit=2).hits] == ["000:22", "000:11"]
    off = r.variant(weights=replace(r.weights, earlier=0.0, logic=0.0, asks=0.0, current=0.0))
    top = off.rank(found, limit=3).hits
    assert [h.passage.key for h in top] == ["000:22", "000:11", "000:9"]
    assert stated_logic(top[0].passage.text) & {"absence"} and not stated_logic(top[1].passage.text) & {"absence"}
    (places, values), = group_priors(top, found.prior)  # the two rulings; 000:9 is the section's rule text
    assert places == [0, 1] and values[1] == 1.0 and values[0] < 1.0
    assert (values[1] - values[0]) * r.weights.earlier > top[0].score - top[1].score > 0
    assert group_priors(top, found.prior, found.logic, lambda p: stated_logic(p.text)) == []
    assert group_priors(top, found.prior, frozenset({"order"}), lambda p: stated_logic(p.text)) == []  # 000:11 only
    assert group_priors(top, found.prior, frozenset({"anyway"}), lambda p: stated_logic(p.text)) == [(places, values)]
