"""What a hit's line shows of its passage (bot/excerpts.py): the deciding sentence kept beside the sentences that
hold the question's words, a passage within the budget whole, one mechanism for the searches and ``/frage``'s
candidates, every excerpt bounded and made of the passage's whole sentences."""

from __future__ import annotations

from bot.answers import run_answer
from bot.answers.paging import WHOLE_EXCERPT
from bot.answers.questions import WHOLE_CANDIDATE
from bot.answers.rule_search import search_rules
from bot.answers.rulings import search_rulings
from bot.excerpts import AFTER, BEFORE, GAP, excerpt
from bot.phrases import pairs
from bot.ranking import ranker
from bot.snippets import held_weight, merged, prepared, sentence_held, sentences


async def _ruling_line(ctx, question: str, key: str) -> str:
    """The excerpt ``/ruling suche`` shows of the passage ``key`` for ``question``, bold marks removed."""
    found = await search_rulings(ctx.store, question, names=ctx.names)
    return next(h.snippet for h in found.hits if h.passage.key == key).replace("**", "")


async def test_the_sentence_after_the_matching_one_is_kept(ctx):
    # 000 line 25 (642 characters): the sentence on the split card holds the question's words, the next one decides
    question = "geteilte karte beim clash aufgedeckt, koennen dann zwei spieler gewinnen?"
    line = await _ruling_line(ctx, question, "000:25")
    assert line.startswith("Falls einer oder mehrere der sich befehdenden Spieler eine geteilte Karte aufdeckt, werden "
                           "die umgewandelten Manakosten beider Hälften unabhängig voneinander betrachtet. Auf diese "
                           "Weise ist es möglich, dass mehr als ein Spieler eine Fehde gewinnt.")


async def test_the_sentence_after_a_picked_one_comes_before_a_longer_match(ctx):
    # 001 line 2622 (Sturmschuppen-Anarcho, 597 characters): the first sentence holds the question; the second, which
    # gives the reason, follows it; the third repeats „abwerfen“, „Mana“ and „bezahlen“ and does not fit beside both
    line = await _ruling_line(ctx, "sturmschuppen anarcho erst abwerfen und dann entscheiden ob ich das mana bezahle?",
                              "001:2622")
    assert line == ("Du kannst nicht eine zufällig bestimmte Karte aus deiner Hand abwerfen, sie dir anschauen und "
                    "dann entscheiden, ob du das Mana bezahlst oder nicht. Manafähigkeiten müssen gespielt werden, "
                    "bevor Kosten bezahlt werden." + AFTER)


async def test_a_sentence_adding_a_word_of_the_question_beats_one_repeating_them(ctx):
    # 000 line 11 (1 588 characters, the clash's eight steps): step 4 holds „aufgedeckte Karte“, „Bibliothek“ and
    # „Fehde“; the note after it adds „entscheidet“, the question's own verb, where step 8 repeats „Fehde“
    line = await _ruling_line(ctx, "wer entscheidet zuerst ob die aufgedeckte karte unter die bibliothek geht beim "
                                   "befehden", "000:11")
    assert ("4. In Zugreihenfolge bestimmen alle in die Fehde verwickelten Spieler, ob sie die aufgedeckte Karte auf "
            "oder unter ihre Bibliothek legen wollen. (Beachte, dass der Spieler, dessen Zug es ist, als erster "
            "entscheidet;") in line
    assert line.startswith(BEFORE) and line.endswith(AFTER)


async def test_a_passage_within_the_budget_is_shown_whole(ctx):
    # 004 line 13 (455 characters): its second sentence says who chooses the opponent
    text = (await ctx.store.passage_by_key("004:13")).text
    assert 450 < len(text) <= WHOLE_EXCERPT
    line = await _ruling_line(ctx, "kreatur von allen gegnern angestachelt wen muss sie angreifen", "004:13")
    assert line == text and line.endswith("aber du bestimmst, welchen Gegner sie angreift.")


async def test_a_word_written_as_asked_beats_one_met_only_after_a_prefix(ctx):
    # 001 line 2830 (Kumulative Versorgung): „Bezahle“ of the example meets „gezählt“ only after „be“ (zählen and
    # bezahlen fold alike); the sentence with „zählt“ itself is the answer
    asked = "kreatur hat zweimal kumulative versorgung, wie werden die altersmarken gezählt"
    hits, _, _ = await search_rules(ctx, asked)
    line = next(text for h, text in hits if h.passage.key == "001:2830").replace("**", "")
    assert "jede Kumulative-Versorgung-Fähigkeit zählt die Gesamtanzahl der Altersmarken" in line


async def test_frage_candidates_use_the_same_excerpt(ctx):
    # 003 line 87 (the mulligan, 931 characters) is a further candidate of this question: its field is the excerpt
    question = "wie funktioniert ein mulligan"
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names)
    text = (await ctx.store.passage_by_key("003:87")).text
    assert len(text) > WHOLE_CANDIDATE
    shown = excerpt(text, found.analysis, r.analyser, question, WHOLE_CANDIDATE, weights=r.term_weights)
    reply = await run_answer(ctx, "question", question=question)
    values = [f.value for f in reply.pages[0].fields]
    assert shown in values
    assert "Dabei mischt der Spieler seine Handkarten zurück in seine Bibliothek" in shown


async def test_every_excerpt_is_bounded_and_made_of_whole_sentences(store):
    # every passage of the documents, asked with its own first words, at the searches' budget and a smaller one (as
    # an outdated /frage candidate's room): at most the budget and the marks, its pieces whole sentences of the
    # passage in order (a first sentence longer than the budget cut at a word with „…“)
    r = await ranker(store)
    rows = await store.fetchall("SELECT text FROM passages ORDER BY id")
    shortened = 0
    for (text,) in rows:
        question = text[:120]
        analysis = r.analyser.analyse(question)
        for limit in (300, WHOLE_EXCERPT):
            shown = excerpt(text, analysis, r.analyser, question, limit, weights=r.term_weights)
            assert shown == excerpt(text, analysis, r.analyser, question, limit, weights=r.term_weights,
                                    bold=True).replace("**", "")
            if shown != text:
                shortened += 1
                assert len(shown) <= limit + len(BEFORE) + len(AFTER), text[:80]
                _assert_whole_sentences(shown.removeprefix(BEFORE).removesuffix(AFTER), sentences(text))
    assert shortened > 200


def _assert_whole_sentences(body: str, parts: list[str]) -> None:
    """``body`` is whole sentences of ``parts`` in order (neighbours joined by a space, others by :data:`GAP`), or
    the start of one sentence cut with „…“."""
    if body.endswith("…") and not any(body == p or body.endswith(" " + p) for p in parts):
        assert any(p.startswith(body[:-1]) for p in parts), body[:80]
        return
    at = 0
    for piece in body.split(GAP):
        at = next(i for i in range(at, len(parts)) if piece.startswith(parts[i]))
        while piece:
            assert piece.startswith(parts[at]), body[:80]
            piece = piece[len(parts[at]):].removeprefix(" ")
            at += 1


async def test_merged_sentences_weigh_as_the_sentences_together(store):
    # what the picking keeps of the picked sentences (one merged Held) weighs what they weigh together, for every
    # passage's sentences asked with its own first words (a word met only after a prefix in one and as written in
    # another counts whole)
    r = await ranker(store)
    rows = await store.fetchall("SELECT text FROM passages ORDER BY id")
    prefixed = 0
    for (text,) in rows:
        analysis = r.analyser.analyse(text[:120])
        weights, held = sentence_held(prepared(text, r.analyser), analysis, r.term_weights, pairs(text[:120]))
        have = held[0]
        for n in range(1, len(held)):
            have = merged(have, held[n])
            assert held_weight([have], weights, r.term_weights) == held_weight(held[: n + 1], weights, r.term_weights)
        prefixed += any(h.prefixed for h in held)
    assert prefixed >= 5
