"""The answered stage (bot/answered.py): the kind of answer a question asks for, given in the sentence that holds its
words, between siblings among the first three hits only (docs/ranking.md ²⁶, ²⁹). Values read from 001's
Hirnegelklumpen rulings."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from bot.answer_cues import VERDICT, asked_cues, sentence_gives
from bot.answered import announces, answered_share, answered_stage
from bot.clauses import RoleWords
from bot.ranking import ranker
from bot.snippets import sentence_words
from bot.store import PassageRecord

HIRNEGEL = "hirnegelklumpen wer kontrolliert die kreatur die ich aus der hand vom gegner caste"


def test_a_sentence_gives_a_person_an_amount_or_a_verdict():
    assert sentence_gives(frozenset(("du", "kontrollierst", "den", "zauberspruch")), (0,))
    assert not sentence_gives(frozenset(("die", "karte", "wird", "gespielt")), (0,))
    assert sentence_gives(frozenset(("er", "erhalt", "3", "marken")), (1,))  # a digit is an amount
    assert not sentence_gives(frozenset(("er", "erhalt", "drei", "marken")), (0,))  # a digit is no person
    assert sentence_gives(frozenset(("sie", "endet", "nicht")), (VERDICT,))  # a negation gives a verdict
    assert not sentence_gives(frozenset(("sie", "endet")), (VERDICT,))


async def _words(ctx, r) -> RoleWords:
    """The question's words as the ranker reads them: the named card's name words left out (bot/ranking.py)."""
    p = await ctx.store.passage_by_key("001:606")
    assert p is not None
    return RoleWords.of(HIRNEGEL, r.analyser, r.term_weights, 10.0, p.names)


async def test_the_person_counts_in_the_sentence_about_the_questions_matter(ctx):
    # 001:606 „Du kontrollierst den Zauberspruch und, falls es ein Artefakt, eine Kreatur oder eine Verzauberung
    # ist, auch die bleibende Karte …“ answers who controls in a sentence with „kontrollierst“ and „Kreatur“;
    # 001:608 „Die Karte wird aus der Hand deines Gegners gespielt, nicht aus deiner.“ names no person of the cue
    r = await ranker(ctx.store)
    words = await _words(ctx, r)
    cues = asked_cues(HIRNEGEL)
    assert cues == (0,)  # „wer“: a person
    shares = {}
    for key in ("001:606", "001:608"):
        p = await ctx.store.passage_by_key(key)
        assert p is not None
        shares[key] = answered_share(words, cues, sentence_words(p.text, r.analyser))
    # of the question's word weight the sentence holds „Kreatur“'s and „kontrolliert“'s, as a sentence of those two
    # words alone does (0.168 at this writing; the float moves with the words' weights): „kontrollierst“ is a form of
    # the same verb (bot.word_parts.participle_verb; before, only „Kreatur“'s share: 0.049; seen red with
    # participle_verb reading no form); the card's name is in no ruling's sentence
    both = answered_share(words, cues, sentence_words("Du kontrollierst die Kreatur.", r.analyser))
    kreatur = sum(w for terms, w in words.asked if "kreatur" in terms) / words.total
    assert shares["001:606"] == pytest.approx(both) and both > kreatur > 0 and shares["001:608"] == 0.0
    assert answered_share(words, (), []) == 0.0


@dataclass
class _Hit:
    passage: PassageRecord
    score: float
    parts: dict[str, float] = field(default_factory=dict)


async def _hits(ctx, keys: tuple[str, ...], scores: tuple[float, ...]) -> list[_Hit]:
    out = []
    for key, score in zip(keys, scores, strict=True):
        p = await ctx.store.passage_by_key(key)
        assert p is not None
        out.append(_Hit(p, score))
    return out


async def test_the_sibling_that_answers_takes_its_siblings_place(ctx):
    # 608 first by 0.05, 606 (the answer, 2 × 0.168 more) second, 001:3240 (Karplusanischer Minotaurus, another
    # card) third: 606 and 608 swap places and scores, 3240 keeps its own
    r = await ranker(ctx.store)
    words = await _words(ctx, r)
    hits = await _hits(ctx, ("001:608", "001:606", "001:3240"), (10.05, 10.0, 9.0))
    answered_stage(hits, words, asked_cues(HIRNEGEL), 2.0, lambda p: sentence_words(p.text, r.analyser))
    assert [(h.passage.key, h.score) for h in hits] == [("001:606", 10.05), ("001:608", 10.0), ("001:3240", 9.0)]
    assert hits[0].parts["answered"] == pytest.approx(0.05) and hits[1].parts["answered"] == pytest.approx(-0.05)
    assert "answered" not in hits[2].parts  # no sibling among the first three: no part
    hits = await _hits(ctx, ("001:608", "001:606"), (10.4, 10.0))  # 2 × 0.168 does not make up 0.4
    answered_stage(hits, words, asked_cues(HIRNEGEL), 2.0, lambda p: sentence_words(p.text, r.analyser))
    assert [(h.passage.key, h.score, h.parts["answered"]) for h in hits] == [("001:608", 10.4, 0.0),
                                                                              ("001:606", 10.0, 0.0)]


async def test_a_sibling_below_the_first_three_never_enters_them(ctx):
    # 606 (the answer) fourth: the stage reads only the first three, where 608 has no sibling; nothing moves
    r = await ranker(ctx.store)
    words = await _words(ctx, r)
    hits = await _hits(ctx, ("001:608", "001:3240", "001:42", "001:606"), (10.5, 10.2, 10.1, 10.0))
    answered_stage(hits, words, asked_cues(HIRNEGEL), 6.0, lambda p: sentence_words(p.text, r.analyser))
    assert [h.passage.key for h in hits] == ["001:608", "001:3240", "001:42", "001:606"]
    assert hits[3].parts == {} and hits[3].score == 10.0
    with pytest.raises(ValueError, match="negative"):
        answered_stage(hits, words, asked_cues(HIRNEGEL), -1.0, lambda p: sentence_words(p.text, r.analyser))


async def test_a_yes_no_question_asking_a_verdict_moves_nothing(ctx):
    # „wird die karte aus der hand des gegners gespielt“ asks a verdict (no question word): 608's „…, nicht aus
    # deiner.“ negates, as nearly every ruling does somewhere; the stage does not read the verdict
    r = await ranker(ctx.store)
    text = "hirnegelklumpen wird die karte aus der hand des gegners gespielt"
    words = RoleWords.of(text, r.analyser, r.term_weights, 10.0)
    assert asked_cues(text) == (VERDICT,) and words.total > 0.0
    assert answered_share(words, (VERDICT,), sentence_words((await _hits(ctx, ("001:608",), (0.0,)))[0].passage.text,
                                                                 r.analyser)) > 0.0
    hits = await _hits(ctx, ("001:606", "001:608"), (10.05, 10.0))
    answered_stage(hits, words, asked_cues(text), 6.0, lambda p: sentence_words(p.text, r.analyser))
    assert [(h.passage.key, h.score, h.parts) for h in hits] == [("001:606", 10.05, {}), ("001:608", 10.0, {})]


async def test_a_lead_in_is_judged_by_no_sentence_of_its_own(ctx):
    # „transmutation darf ich das zur spontanzeit machen“: Transmutation's lead-in 001:122 („… lauten wie folgt:“,
    # shown with the rule 502.48 that answers) first, 001:114 and 001:132 („Du brauchst keine andere Karte …“, a
    # permission's word) of the same section behind it: 132 takes 114's place, never the lead-in's (on scores it
    # would pass it: 14.79 + 6 × its share)
    r = await ranker(ctx.store)
    text = "transmutation darf ich das zur spontanzeit machen"
    words = RoleWords.of(text, r.analyser, r.term_weights, 10.0)
    hits = await _hits(ctx, ("001:122", "001:114", "001:132"), (15.61, 14.82, 14.79))
    assert announces(hits[0].passage) and not announces(hits[1].passage)
    answered_stage(hits, words, asked_cues(text), 6.0, lambda p: sentence_words(p.text, r.analyser))
    assert [h.passage.key for h in hits] == ["001:122", "001:132", "001:114"]
    assert "answered" not in hits[0].parts and hits[1].parts["answered"] > 0.0
