"""Players' words for the documents' words learned from (question, gold passage) pairs (bot/translation.py,
docs/ranking.md ⁶³): a question word its gold lacks translates to the gold's terms that come with it in more pairs
than they answer questions at all; a question's own pair never translates its words; the ``transl`` part counts
only the words a passage does not hold; the benches cross-fit it (bench/transl_folds.py)."""

from __future__ import annotations

import logging
import shutil
import sqlite3
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from bot import ranking, translation
from bot.answers import AnswerContext
from bot.prior import prior_text, read_prior
from bot.question_words import QuestionWords
from bot.search import NameIndex
from bot.store import Store
from bot.translation import (
    KEEP,
    TABLE_META,
    Counts,
    Pair,
    model1,
    question_terms,
    read_table,
    shares,
    table_json,
    table_key,
    translated,
)
from bot.weights import Weights
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
from prior_folds import leave_out, without_file
from transl_folds import TranslFit, options, out_of_fold

#: The words of „darf ich bei ner gegnerischen kreatur spuken“ as the analyser reads them (its groups), and the
#: terms of its answer, 001:1108 „Du kannst bei jeder Kreatur im Spiel spuken, egal wer sie kontrolliert.“
SPUK = (("gegner", "zzkopponent"), ("kreatur", "zzkcreature"), ("spuk", "zzkhaunt", "zzsspuk"))
SPUK_GOLD = frozenset({"kreatur", "zzkcreature", "spiel", "spuk", "zzkhaunt", "egal", "kontrolli", "zzkcontroller"})
#: Two more questions on an opponent's object whose answers say who controls it, and one on other words.
GEGNER = (("gegner", "zzkopponent"), ("bleibt",), ("artefakt", "zzkartifact"))
GEGNER_GOLD = frozenset({"artefakt", "zzkartifact", "kontrolli", "zzkcontroller", "bleibt", "spiel"})
GEGNER2 = (("gegner", "zzkopponent"), ("land", "zzkland"))
GEGNER2_GOLD = frozenset({"land", "zzkland", "kontrolli", "zzkcontroller", "spiel", "ungetappt"})
OTHER = (("manawert", "zzkmanavalue"), ("land", "zzkland"))
OTHER_GOLD = frozenset({"manawert", "zzkmanavalue", "land", "zzkland", "spiel", "null"})
PAIRS = [Pair("a", SPUK, SPUK_GOLD), Pair("b", GEGNER, GEGNER_GOLD), Pair("c", GEGNER2, GEGNER2_GOLD),
         Pair("d", OTHER, OTHER_GOLD)]


def test_an_unheld_players_word_translates_to_what_its_answers_say():
    table = Counts(PAIRS).table(["gegner", "land"])
    best = dict(table["gegner"])
    # „gegnerisch“ is asked unheld three times, each answer says „kontrolliert“: (3 − 3 · 3 / 4) / (3 + 2) = 0.15
    assert best["kontrolli"] == pytest.approx(0.15)
    assert best["zzkcontroller"] == pytest.approx(0.15)
    # „Spiel“ stands in every answer: it answers no more often with „gegnerisch“ than without
    assert "spiel" not in best
    assert "land" not in table  # held by its answers: nothing to translate


def test_a_questions_own_pair_never_translates_its_words():
    counts = Counts(PAIRS)
    # without its own pair, two answers remain: (2 − 2 · 2 / 3) / (2 + 2) = 1 / 6
    assert dict(counts.table(["gegner"], PAIRS[0])["gegner"])["kontrolli"] == pytest.approx(1 / 6)
    assert counts.table(["gegner"], PAIRS[0], least=3) == {}  # two pairs left, three needed
    assert Counts(PAIRS[:1]).table(["gegner"]) == {}  # one pair is one question's words
    counts.add(PAIRS[0], -1)
    assert counts.table(["gegner"]) == Counts(PAIRS[1:]).table(["gegner"])


def test_only_the_words_a_passage_does_not_hold_count_through_translation():
    words = QuestionWords(((("gegner", 2.0), ("zzkopponent", 1.0)), (("kreatur", 1.0),)), 3.0)
    table = {"gegner": (("kontrolli", 0.5),), "kreatur": (("objekt", 0.5),)}
    # 001:1108 holds „Kreatur“ (counted by the coverage) and says „kontrolliert“ for „gegnerisch“: 2 · 0.5 / 3
    assert translated(words, table, frozenset({"kreatur", "kontrolli"}), frozenset()) == pytest.approx(1 / 3)
    assert translated(words, table, frozenset({"kreatur", "gegner", "objekt"}), frozenset()) == 0.0
    assert translated(QuestionWords((), 0.0), table, frozenset({"kontrolli"}), frozenset()) == 0.0
    assert question_terms(SPUK)[:3] == ["gegner", "zzkopponent", "kreatur"]


def test_shares_are_kept_only_above_0():
    class P:
        def __init__(self, terms: set[str]) -> None:
            self.terms, self.names = frozenset(terms), frozenset()

    words = QuestionWords(((("gegner", 1.0),),), 1.0)
    table = {"gegner": (("kontrolli", 0.25),)}
    assert shares(words, table, {1: P({"kontrolli"}), 2: P({"land"})}) == {1: 0.25}
    assert shares(words, {}, {1: P({"kontrolli"})}) == {}


def test_em_aligns_each_answer_term_to_the_word_that_explains_it_best():
    """IBM Model 1 (docs/ranking.md ⁶⁶): „Spiel“ stands in every answer, so NULL and the held words explain it; the
    three answers that lack „gegnerisch“ say „kontrolliert“, which only „gegnerisch“ explains."""
    best = dict(model1(PAIRS, least=1)["gegner"])
    assert best["kontrolli"] == pytest.approx(0.380, abs=0.001) and best["spiel"] == pytest.approx(0.205, abs=0.001)
    # without the fourth pair (its words all held by its answer) nothing has seen „Spiel“ elsewhere: a tie
    alone = dict(model1(PAIRS[:3], least=1)["gegner"])
    assert alone["kontrolli"] == pytest.approx(alone["spiel"])
    assert "ungetappt" not in dict(model1(PAIRS)["gegner"])  # in one answer only: fewer than LEAST pairs
    both = dict(model1(PAIRS, least=1, direction="both")["gegner"])
    assert both["kontrolli"] > both["spiel"] > both["ungetappt"]


def test_a_training_questions_em_table_never_holds_its_own_pair():
    fit = object.__new__(TranslFit)
    pairs = [*PAIRS, Pair("e", (("gegner",), ("tap",)), frozenset({"tap", "beherrsch"}))]
    fit.pairs, fit.settings, fit._cache = pairs, {**options("em=1,least=1,inner=2")}, {}
    tables = fit._em_tables({4})
    # the held question reads the table of the other four; each training question one without its inner fold
    assert dict(tables[4]["gegner"]) == dict(model1(PAIRS, least=1)["gegner"])
    assert tables[0] is tables[2] and tables[1] is tables[3] and tables[0] == model1([PAIRS[1], PAIRS[3]], least=1)
    assert fit._em_tables({4}) is tables


def test_the_benches_rank_a_question_only_with_its_own_fold_held_out():
    """bench/weight_methods.py, cv_misses.py, recall.py, hedge_cv.py and top3_cut.py rank a question out of fold
    through ``transl_folds.out_of_fold``: with the candidates of ``TranslFit.fold`` of the fold that holds it, whose
    ``prior`` and ``transl`` parts come from the other folds' pairs (never its own), and weights made on the others."""

    class Fit:  # each question's candidates say which questions were held out of the tables they read
        cands = [frozenset()] * 11

        def fold(self, held):
            return [frozenset(held)] * 11

    ranked = []
    for fold, train, cands in out_of_fold(Fit(), 5, ["tuning"] * 6 + ["tuning2"] * 5):
        assert sorted([*fold, *train]) == list(range(11))
        assert all(i in cands[i] and i not in train for i in fold)
        ranked += fold
    assert sorted(ranked) == list(range(11))  # each question ranked once, out of its fold


def test_the_benches_options_of_the_table():
    made = {"em": 0, "iter": 5, "null": 1.0, "smooth": 0.0, "floor": 0.01, "dir": 0, "src": 0, "inner": 5}
    assert options("") == {"keep": 10, "least": 2, "shrink": 2.0, "stage": 0, **made}
    assert options("keep=5,shrink=0") == {"keep": 5.0, "least": 2, "shrink": 0.0, "stage": 0, **made}
    with pytest.raises(ValueError, match="unknown option"):
        options("width=3")


async def test_the_ranker_reads_the_table_the_build_stored(store: Store, monkeypatch: pytest.MonkeyPatch):
    """Shipped on (docs/ranking.md ⁶⁶): the table is learned by EM from the earlier questions' file and the store's
    gold passages by ``python -m bot build`` (bot/importer/transl_table.py) and read from the store at start-up: the
    table a start-up would learn, to the last bit, at most :data:`KEEP` a term; with the weight off start-up reads
    nothing."""
    assert Weights().transl == 12.0 and translation.EM == {"null": 100.0}
    monkeypatch.setattr(ranking, "Weights", lambda: replace(Weights(), transl=0.0))
    assert (await ranking._load(store, None)).translations is None
    monkeypatch.undo()
    loaded = await ranking._load(store, None)
    assert loaded.translations is not None and loaded.translations.stored
    table = loaded.translations.table
    with pytest.raises(ValueError, match="stored table"):
        loaded.translations.without("t3-014")  # no pairs to leave one out of: the benches read stored=False
    learned = await translation.translations(store, loaded.analyser, stored=False)
    assert learned is not None and not learned.stored
    counts, pairs, again = learned.counts
    assert table == again and table is not again  # every float the same
    # the 1 398 tuning questions, each with a gold passage in the documents (an official rule's key alone would teach
    # nothing: this store has none)
    assert len(pairs) == counts.n == 1398 and max(map(len, table.values())) <= KEEP
    # a player's „Token“ is the documents' „Spielstein“, „bezahlen“ their „ausgeben“ (Mana); a word the answers
    # hold in every sense, „Kreatur“, explains their other words and NULL the common ones: „Token“'s share of
    # „Spielstein“ is many times the largest share of any word „Kreatur“ explains (0.37 against 0.07, „kontrollieren“,
    # at this writing; with the sixth tuning part „bezahlen“ explains the {1} of its answers first, 0.084, and
    # „ausgeben“ second, 0.038: three of its questions say „bezahlen“ of coloured mana, their golds hold no „ausgeben“;
    # the share itself moves with every question or reading that changes which gold words are left to explain, e.g.
    # „flicker“ read as „ins Exil und ins Spiel zurückkehren“, docs/ranking.md ¹³⁵: so the relation is asserted, not
    # the float; seen red with one EM iteration, ITERATIONS = 1: the uniform table gives „Spielstein“ no more than
    # any other word of its answers)
    kreatur = max(t for _, t in table["kreatur"])
    assert table["tok"][0][0] == "spielstein" and table["tok"][0][1] > 5 * kreatur
    assert [w for w, _ in table["bezahl"][:2]] == ["m1", "ausgeb"] and kreatur < 0.1


def test_a_stored_table_is_read_only_under_its_own_key_and_format():
    table = {"tok": (("spielstein", 0.1 + 0.2), ("marke", 1 / 3)), "bezahl": (("ausgeb", 0.11),)}
    value = table_json("k", table)
    assert read_table(value, "k") == (table, "") and read_table(value, "k")[0]["tok"][0][1] == 0.1 + 0.2
    assert read_table(value, "other") == (None, "veraltet (für andere frühere Fragen oder Einstellungen gelernt)")
    assert read_table(None, "k") == (None, "nicht gespeichert (Datenbank von einem älteren Stand gebaut)")
    assert read_table(value.replace('"format":1', '"format":2'), "k") == (None, "in anderem Format gespeichert (2)")
    assert read_table(value[:-3], "k") == (None, "unlesbar (JSONDecodeError)")
    assert read_table("[]", "k") == (None, "unlesbar (TypeError)")


def test_the_tables_key_covers_the_questions_and_the_settings(monkeypatch: pytest.MonkeyPatch):
    questions = read_prior()[:3]
    key = table_key(questions)
    assert key == table_key(list(questions))
    changed = [replace(questions[0], text=questions[0].text + "?"), *questions[1:]]
    assert len({key, table_key(changed), table_key(questions[::-1]), table_key(questions[:2])}) == 4
    for name, value in (("EM", None), ("EM", {"null": 30.0}), ("ITERATIONS", 6), ("KEEP", 9), ("NULL", 2.0)):
        with monkeypatch.context() as m:
            m.setattr(translation, name, value)
            assert table_key(questions) != key, name
    # installed without the module's source: the learning functions' bytecode stands for the code
    monkeypatch.setattr(translation, "__file__", str(ROOT / "no such file.py"))
    assert table_key(questions) == table_key(questions) != key


@pytest.mark.parametrize(("old", "new", "same"), [
    ("What a stored table was learned from", "What a table was learned from", True),  # table_key's docstring
    ("#: Pairs of shrinkage ``m``:", "#: Pairs of shrinkage m:", True),  # a comment
    ("SHRINK = 2.0\n", "SHRINK = 2.0  # m\n", True),  # a comment at the end of a line
    ("SHRINK = 2.0\n", "SHRINK = 2.5\n", False),  # code: a setting's value
    ("smooth: float = 0.0,", "smooth: float = 0.5,", False),  # code: model1's default
])
def test_the_tables_key_reads_the_codes_meaning_not_its_docstrings_or_comments(
        old: str, new: str, same: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # the module's source edited in a copy read in its place: a docstring or comment edit keeps the stored table
    # (no store relearns it at its start), an edit of the code makes it another
    questions = read_prior()[:3]
    source = Path(translation.__file__).read_text(encoding="utf-8")
    assert source.count(old) == 1
    copy = tmp_path / "translation.py"
    copy.write_text(source.replace(old, new), encoding="utf-8")
    key = table_key(questions)
    monkeypatch.setattr(translation, "__file__", str(copy))
    assert (table_key(questions) == key) is same


async def test_a_table_learned_from_other_questions_or_settings_is_not_read(store: Store, tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch,
                                                                             caplog: pytest.LogCaptureFixture):
    """The earlier questions' file changed after the build, or the learning's setting (NULL 30 instead of 100):
    the stored table is not read but learned again at the warm-up, and said so in the log (WARNING)."""
    stored = (await ranking._load(store, None)).translations
    assert stored is not None and stored.stored
    prior = tmp_path / "prior_questions.tsv"
    prior.write_text(prior_text(read_prior()[1:]), encoding="utf-8")  # one question fewer
    with caplog.at_level(logging.INFO, logger="bot.translation"):
        fewer = await translation.translations(store, stored._analyser, prior)
        monkeypatch.setattr(translation, "EM", {"null": 30.0})
        other = (await ranking._load(store, None)).translations
    assert fewer is not None and not fewer.stored and len(fewer.counts[1]) == 1397
    assert other is not None and not other.stored
    assert other.table["tok"] != stored.table["tok"]  # NULL 30 sharpens less
    lines = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "bot.translation"]
    # a WARNING: the console and the other offline commands show no INFO line
    assert lines == [("WARNING", "Übersetzungstabelle der Datenbank veraltet (für andere frühere Fragen oder "
                      "Einstellungen gelernt); sie wird beim Start aus den früheren Fragen gelernt (≈ 1 s). "
                      "`python -m bot build` speichert sie neu.")] * 2


async def test_a_store_built_without_the_table_learns_it_at_the_warm_up(built_db: Path, tmp_path: Path,
                                                                        caplog: pytest.LogCaptureFixture):
    """A store built by a bot before the table was stored (same schema, no ``meta`` row): the table is learned at
    the warm-up as then, and the log says so once (WARNING); the answers' table is the same."""
    old = tmp_path / "regelbot.sqlite3"
    shutil.copyfile(built_db, old)
    conn = sqlite3.connect(old)
    with conn:
        assert conn.execute("DELETE FROM meta WHERE key = ?", (TABLE_META,)).rowcount == 1
    conn.close()
    store = await Store.open(old)
    try:
        with caplog.at_level(logging.INFO, logger="bot.translation"):
            loaded = await ranking._load(store, None)
        assert loaded.translations is not None and not loaded.translations.stored
        assert [r.levelname for r in caplog.records if "Übersetzungstabelle der Datenbank nicht gespeichert (Datenbank "
                "von einem älteren Stand gebaut); sie wird beim Start" in r.getMessage()] == ["WARNING"]
        loaded.warm(NameIndex.from_entries(await store.name_entries()))
        assert "counts" in loaded.translations._built  # learned at the warm-up
        assert loaded.translations.table["tok"][0][0] == "spielstein"
    finally:
        await store.close()


async def test_a_players_word_learned_from_other_questions_puts_its_ruling_first(ctx: AnswerContext,
                                                                                 monkeypatch: pytest.MonkeyPatch):
    """The counts' table (⁶³): t3-014 (a tuning question) without its own pair: „wegbewege“ the last +1/+1 counter
    asks what happens then; 001:1959 answers „herunterbewegt … als automatischer Spieleffekt auf den Friedhof“, and
    other questions whose „weg“ their answer lacks were answered by state-based actions („zustandsbasiert“); at
    weight 4 it leads its sibling 001:1967 („Die Marke, die … wegbewegt wird“), which leads without the part (red at
    weight 0; the part's presence on 001:1967 seen red with every passage given one)."""
    text = "was passiert wenn ich die letzte +1/+1 marke vom Helium-Verspritzer wegbewege"
    monkeypatch.setattr(ranking, "Weights", lambda: replace(Weights(), transl=4.0))
    monkeypatch.setattr(translation, "EM", None)  # the counts' table (⁶³)
    on = leave_out(await ranking._load(ctx.store, None), "t3-014")
    assert dict(on.translations.counts[0].table(["weg"], on.translations.counts[1]["t3-014"])["weg"])[
        "zzszustandsbasiert"] > 0.2
    off = on.variant(weights=replace(on.weights, transl=0.0))
    first = [(await r.search(ctx.store, text, ctx.names, limit=2)).hits for r in (on, off)]
    assert [h[0].passage.key for h in first] == ["001:1959", "001:1967"]
    (lead, second), (off_first, _) = first
    # the part alone decides: without it 001:1959 stays below 001:1967, which has none (in neither ranking)
    assert "transl" not in second.parts and "transl" not in off_first.parts
    assert lead.parts["transl"] > 0 and lead.score - lead.parts["transl"] < second.score
    assert without_file(on).translations is None  # the benches cross-fit it (bench/transl_folds.py)
