"""The ``german`` stage of ``/frage``'s ranking (bot/german_first.py): an official rule ranked before a German passage
that states it (003's explanation with the rule's certain number) trades places and scores with it for a German
question. Values from document 003 (003:81, „In einer Commander-Partie …“, rule 103.4c) and the Comprehensive Rules
of 2026-04-17 (103.4c „In a Commander game, each player’s starting life total is 40.“). The documents' store holds no
official rule: its versions are empty and no ranking of it moves (docs/ranking.md ¹²⁵: the tuning orders byte for
byte the same). In ``/frage`` the trade comes first and every official passage is then lowered by ``foreign``
(:func:`bot.german_first.official_below_german`, docs/ranking.md ¹³⁷)."""

from __future__ import annotations

from dataclasses import replace

from bot.answers import AnswerContext
from bot.candidates import Hit
from bot.german_first import cited_rules, german_stage, german_versions, official_below_german
from bot.ranking import ranker

#: 003:81 in the documents and its rule in the Comprehensive Rules of 2026-04-17.
GERMAN = "003:81"
OFFICIAL = "In a Commander game, each player’s starting life total is 40."


async def _hits(ctx: AnswerContext) -> list[Hit]:
    """An official rule 103.4c first, 003:75 second, its German version 003:81 third (scores 20, 18, 15)."""
    german = await ctx.store.passage_by_key(GERMAN)
    other = await ctx.store.passage_by_key("003:75")
    assert german is not None and other is not None and "40 Lebenspunkten" in german.text
    official = replace(german, id=-1, key="cr:103.4c", kind="cr_rule", document_id=None, number="103.4c",
                       title="Regel 103.4c", text=OFFICIAL)
    return [Hit(official, 20.0, {"base": 20.0}), Hit(other, 18.0, {"base": 18.0}), Hit(german, 15.0, {"base": 15.0})]


async def test_the_documents_store_has_no_official_rule_to_yield(ctx: AnswerContext):
    assert await german_versions(ctx.store) == {}
    assert (await ranker(ctx.store)).german == {}


async def test_an_official_rule_trades_place_and_score_with_its_german_version(ctx: AnswerContext):
    hits = await _hits(ctx)
    german_stage(hits, {"cr:103.4c": frozenset({GERMAN})}, english=False)
    assert [h.passage.key for h in hits] == [GERMAN, "003:75", "cr:103.4c"]
    assert [h.score for h in hits] == [20.0, 18.0, 15.0]
    assert hits[0].parts == {"base": 15.0, "german": 5.0} and hits[2].parts == {"base": 20.0, "german": -5.0}
    assert all(h.score == sum(h.parts.values()) for h in hits)


async def test_an_english_question_and_a_rule_without_version_keep_their_order(ctx: AnswerContext):
    for versions, english in (({"cr:103.4c": frozenset({GERMAN})}, True), ({"cr:103.4d": frozenset({GERMAN})}, False),
                              ({}, False)):
        hits = await _hits(ctx)
        german_stage(hits, versions, english=english)
        assert [(h.passage.key, h.score) for h in hits] == [("cr:103.4c", 20.0), ("003:75", 18.0), (GERMAN, 15.0)]


def test_a_glossary_entry_cites_the_rules_after_its_word_rule():
    # the glossary of 2026-04-17: Multicolored, Food Token, Aftermath
    assert cited_rules("An object with two or more colors is multicolored. Multicolored is not a color. See rule 105, "
                       "“Colors,” and rule 202, “Mana Cost and Color.”") == ["105", "202"]
    assert cited_rules("A Food token is a colorless artifact token with “{2}, {T}, Sacrifice this token: You gain 3 "
                       "life.” For more information about predefined tokens, see rule 111.10.") == ["111.10"]
    assert cited_rules("A keyword ability that lets a player cast one half of a split card only from their graveyard. "
                       "See rule 702.127, “Aftermath.”") == ["702.127"]
    assert cited_rules("A colorless artifact token with “{2}, Sacrifice this token: Draw a card.”") == []


async def test_in_frage_the_official_rule_yields_then_ranks_below_as_english_text(ctx: AnswerContext):
    hits = await _hits(ctx)
    official_below_german(hits, {"cr:103.4c": frozenset({GERMAN})}, english=False, foreign=4.0)
    assert [(h.passage.key, h.score) for h in hits] == [(GERMAN, 20.0), ("003:75", 18.0), ("cr:103.4c", 11.0)]
    assert hits[2].parts == {"base": 20.0, "german": -5.0, "foreign": -4.0}
    assert all(h.score == sum(h.parts.values()) for h in hits)


async def test_an_official_rule_without_a_german_version_goes_below_a_german_passage(ctx: AnswerContext):
    # no version among the candidates (none known, or another rule's): 20 - 4 falls below 003:75's 18, not 003:81's 15,
    # which holds less of the question (no coverage part) than the official rule
    for versions in ({}, {"cr:103.4d": frozenset({GERMAN})}):
        hits = await _hits(ctx)
        hits[0].parts = {"base": 18.0, "coverage": 2.0}
        official_below_german(hits, versions, english=False, foreign=4.0)
        assert [(h.passage.key, h.score) for h in hits] == [("003:75", 18.0), ("cr:103.4c", 16.0), (GERMAN, 15.0)]
        assert hits[1].parts == {"base": 18.0, "coverage": 2.0, "foreign": -4.0}


async def test_an_english_question_and_a_ranking_without_official_rules_stay_as_they_were(ctx: AnswerContext):
    hits = await _hits(ctx)
    official_below_german(hits, {"cr:103.4c": frozenset({GERMAN})}, english=True, foreign=4.0)
    assert [(h.passage.key, h.score, h.parts) for h in hits] == [
        ("cr:103.4c", 20.0, {"base": 20.0}), ("003:75", 18.0, {"base": 18.0}), (GERMAN, 15.0, {"base": 15.0})]
    documents = (await _hits(ctx))[1:]  # the documents' store: no official passage, nothing moves or changes
    documents.reverse()
    official_below_german(documents, {"cr:103.4c": frozenset({GERMAN})}, english=False, foreign=4.0)
    assert [(h.passage.key, h.score, h.parts) for h in documents] == [
        (GERMAN, 15.0, {"base": 15.0}), ("003:75", 18.0, {"base": 18.0})]


#: Rule 702.19a of the Comprehensive Rules of 2026-04-17 (its first sentence).
TRAMPLE = "Trample is a static ability that modifies the rules for assigning an attacking creature’s combat damage."


async def _trample(ctx: AnswerContext, coverage: float) -> list[Hit]:
    """Hits of the shape of a German question on two instances of trample before the official passages go below,
    their parts set here (rounded from the store with the official rules; ``coverage`` the rule's, varied by the
    tests): rule 702.19a first (its bm25 share 7.88 from the English word as typed), then 001:2943 (another subject)
    and 002:13 „Mehrere Vorkommen von Trampelschaden oder Bedrohlich sind redundant.“, which holds more of the
    question's words (2.47) and game terms (3.46) than the rule (2.24). The real ranking of that question on both
    stores is tests/reference/test_own_statistics_reference.py's
    test_an_official_rule_goes_below_the_german_ruling_that_holds_as_much."""
    ruling, other = await ctx.store.passage_by_key("002:13"), await ctx.store.passage_by_key("001:2943")
    assert ruling is not None and other is not None and "Trampelschaden" in ruling.text
    rule = replace(ruling, id=-2, key="cr:702.19a", kind="cr_rule", document_id=None, card_id=None, number="702.19a",
                   title="Regel 702.19a", text=TRAMPLE)
    parts = ({"base": 7.88, "answer": 2.0, "concepts": 2.24, "coverage": coverage, "kind": 0.2},
             {"base": 2.74, "answer": 2.0, "concepts": 3.02, "coverage": 2.17, "kind": 0.6},
             {"base": 4.84, "concepts": 3.46, "coverage": 2.47, "kind": 0.6, "unnamed": -2.0})
    return [Hit(p, sum(own.values()), dict(own)) for p, own in zip((rule, other, ruling), parts, strict=True)]


async def test_an_official_rule_goes_below_a_german_passage_that_holds_as_much_of_the_question(ctx: AnswerContext):
    hits = await _trample(ctx, coverage=2.04)
    official_below_german(hits, {}, english=False, foreign=4.0)
    # 14.36 - 4 = 10.36 would stay before 002:13's 9.37; 002:13 holds at least as much of the question: below it
    assert [h.passage.key for h in hits] == ["001:2943", "002:13", "cr:702.19a"]
    assert 9.37 - 1e-5 < hits[2].score < hits[1].score
    assert hits[2].parts["foreign"] < -4.0 and abs(hits[2].score - sum(hits[2].parts.values())) < 1e-9
    assert [h.parts for h in hits[:2]] == [
        {"base": 2.74, "answer": 2.0, "concepts": 3.02, "coverage": 2.17, "kind": 0.6},
        {"base": 4.84, "concepts": 3.46, "coverage": 2.47, "kind": 0.6, "unnamed": -2.0}]


async def test_an_official_rule_holding_more_of_the_question_keeps_its_place(ctx: AnswerContext):
    hits = await _trample(ctx, coverage=2.60)  # more of the question's words than 002:13's 2.47
    official_below_german(hits, {}, english=False, foreign=4.0)
    assert [h.passage.key for h in hits] == ["cr:702.19a", "001:2943", "002:13"]  # 14.92 - 4 = 10.92, first still
    assert hits[0].parts["foreign"] == -4.0
    hits = await _trample(ctx, coverage=2.04)  # an English question keeps the rule first
    official_below_german(hits, {}, english=True, foreign=4.0)
    assert [h.passage.key for h in hits] == ["cr:702.19a", "001:2943", "002:13"] and "foreign" not in hits[0].parts
