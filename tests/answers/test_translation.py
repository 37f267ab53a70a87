"""Players' words for the documents' words learned from (question, gold passage) pairs (bot/translation.py,
docs/ranking.md ⁶³): a question word its gold lacks translates to the gold's terms that come with it in more pairs
than they answer questions at all; a question's own pair never translates its words; the ``transl`` part counts
only the words a passage does not hold; the benches cross-fit it (bench/transl_folds.py)."""

from __future__ import annotations

import sys
from dataclasses import replace

import pytest

from bot import ranking
from bot.answers import AnswerContext
from bot.question_words import QuestionWords
from bot.ranking import ranker
from bot.search import NameIndex
from bot.store import Store
from bot.translation import KEEP, Counts, Pair, question_terms, shares, translated
from bot.weights import Weights
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
from prior_folds import leave_out, without_file
from transl_folds import options

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


def test_the_benches_options_of_the_table():
    assert options("") == {"keep": 10, "least": 2, "shrink": 2.0, "stage": 0}
    assert options("keep=5,shrink=0") == {"keep": 5.0, "least": 2, "shrink": 0.0, "stage": 0}
    with pytest.raises(ValueError, match="unknown option"):
        options("width=3")


async def test_the_ranker_learns_the_table_only_when_its_weight_is_on(store: Store, monkeypatch: pytest.MonkeyPatch):
    """Shipped off (docs/ranking.md ⁶³): start-up reads nothing for it; with a weight the table is learned from the
    earlier questions' file and the store's gold passages at the warm-up, once, at most :data:`KEEP` a term."""
    assert Weights().transl == 0.0 and (await ranker(store)).translations is None
    monkeypatch.setattr(ranking, "Weights", lambda: replace(Weights(), transl=2.0))
    loaded = await ranking._load(store, None)
    assert loaded.translations is not None and "counts" not in loaded.translations._built
    loaded.warm(NameIndex.from_entries(await store.name_entries()))
    counts, pairs, table = loaded.translations.counts
    # the 1 096 tuning questions, each with a gold passage in the documents (an official rule's key alone would teach
    # nothing: this store has none)
    assert len(pairs) == counts.n == 1096 and max(map(len, table.values())) <= KEEP
    # a player's „gegnerisch“ is the documents' „kontrolliert“ (001:1108 „…, egal wer sie kontrolliert“) and
    # „Spieler“; „bezahlen“ is their „ausgeben“ (Mana)
    assert {"zzkcontroller", "kontrolli", "egal", "spieler"} <= {w for w, _ in table["zzkopponent"]}
    assert table["bezahl"][0][0] == "ausgeb"


async def test_a_players_word_learned_from_other_questions_puts_its_ruling_first(ctx: AnswerContext,
                                                                                 monkeypatch: pytest.MonkeyPatch):
    """t3-014 (a tuning question) without its own pair: „wegbewege“ the last +1/+1 counter asks what happens then;
    001:1959 answers „herunterbewegt … als automatischer Spieleffekt auf den Friedhof“, and other questions whose
    „weg“ their answer lacks were answered by state-based actions („zustandsbasiert“); at weight 4 (shipped off) it
    leads its sibling 001:1967 („Die Marke, die … wegbewegt wird“), which leads without the part (red at weight 0)."""
    text = "was passiert wenn ich die letzte +1/+1 marke vom Helium-Verspritzer wegbewege"
    monkeypatch.setattr(ranking, "Weights", lambda: replace(Weights(), transl=4.0))
    on = leave_out(await ranking._load(ctx.store, None), "t3-014")
    assert dict(on.translations.counts[0].table(["weg"], on.translations.counts[1]["t3-014"])["weg"])[
        "zzszustandsbasiert"] > 0.2
    off = on.variant(weights=replace(on.weights, transl=0.0))
    first = [(await r.search(ctx.store, text, ctx.names, limit=2)).hits for r in (on, off)]
    assert [h[0].passage.key for h in first] == ["001:1959", "001:1967"]
    assert first[0][0].parts["transl"] == pytest.approx(0.236, abs=0.005) and "transl" not in first[1][0].parts
    assert without_file(on).translations is None  # the benches cross-fit it (bench/transl_folds.py)
