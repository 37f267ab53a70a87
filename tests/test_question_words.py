"""The question's words weighed once per question (bot/question_words.py, QuestionWords): for every candidate of
real questions the coverage is, bit for bit, the share of the question's word weight the passage holds as the
ranking defines it (per word its heaviest term held, over the sum of each word's heaviest term)."""

from __future__ import annotations

from bot.analysis import Analysis
from bot.question_words import QuestionWords
from bot.ranking import ranker
from bot.store import PassageRecord, Store


def reference(analysis: Analysis, p: PassageRecord, idf: dict[str, float], unknown: float, typo: float) -> float:
    """The share as defined, computed from scratch for one passage."""
    weights = {t: idf.get(t, unknown) * (typo if t in analysis.repaired else 1.0) for t in analysis.terms}
    total = held = 0.0
    for group in analysis.groups or [(t,) for t in analysis.terms]:
        total += max(weights[t] for t in group)
        held += max((weights[t] for t in group if t in p.terms or t in p.names), default=0.0)
    return held / (total or 1.0)


QUESTIONS = (
    "Fehde: darf ich die aufgedeckte Karte unter meine Library legen?",  # tuning q002
    "convoke mit getappten kreaturen?",
    "Was passiert mit Bann des Beschwörers, wenn ich eine Kopie ziehe?",
    "wer beginnt dass spiel",
    "Fehde: darf ich die aufgedekte Karte unter meine Bibliotek legen?",  # two typos repaired: their terms count half
)


async def test_coverage_is_the_share_of_the_question_words_held(store: Store):
    r = await ranker(store)
    idf, unknown, typo = r._term_idf, r._unknown_idf, r.weights.typo
    checked = 0
    for text in QUESTIONS:
        found = await r.candidates(store, text)
        words = QuestionWords.of(found.analysis, idf, unknown, typo)
        for p in found.records.values():
            assert words.held(p.terms, p.names) / (words.total or 1.0) == reference(found.analysis, p, idf, unknown,
                                                                                    typo), (text, p.key)
            checked += 1
    assert checked > 200


async def test_the_clash_rule_holds_the_clash_words_of_the_question(store: Store):
    r = await ranker(store)
    idf, unknown, typo = r._term_idf, r._unknown_idf, r.weights.typo
    found = await r.candidates(store, QUESTIONS[0])
    words = QuestionWords.of(found.analysis, idf, unknown, typo)
    # the question's words in its order, each by its heaviest term: Fehde, aufgedeckt, Karte, Library, legen
    assert [w[0][0] for w in words.words] == ["fehd", "aufdeck", "kart", "library", "leg"]
    assert words.total == sum(w[0][1] for w in words.words)
    # 000:5, the clash article: "… deckt ein Spieler die oberste Karte seiner Bibliothek auf. Dieser Spieler kann die
    # Karte dann unter seine Bibliothek legen.": "Library" is held through the concept Bibliothek, which weighs less
    # than the rare English word; "aufgedeckt" not ("deckt … auf")
    fehde = next(p for p in found.records.values() if p.key == "000:5")
    held = [t for w in words.words for t, _ in w[:1] if t in fehde.terms or t in fehde.names]
    assert held == ["fehd", "kart", "leg"] and "zzsbibliothek" in fehde.terms
    share = words.held(fehde.terms, fehde.names) / words.total
    assert share == (idf["fehd"] + idf["kart"] + idf["zzsbibliothek"] + idf["leg"]) / words.total
    # typed "aufgedekte", "Bibliotek": repaired, so their terms weigh half and the concepts come first
    typed = await r.candidates(store, QUESTIONS[-1])
    words = QuestionWords.of(typed.analysis, idf, unknown, 0.5)  # a repaired word at half weight (Weights.typo < 1)
    assert typed.analysis.repaired == {"aufdeck", "bibliothek"}
    assert words.words[1] == (("zzkreveal", idf["zzkreveal"]), ("aufdeck", idf["aufdeck"] * 0.5))
