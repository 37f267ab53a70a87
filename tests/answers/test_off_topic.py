"""``/frage`` on a question the documents do not answer (bot/answers/off_topic.py): one line says so, the closest
candidates stay as buttons; an answerable question near the rule's bounds is not called unanswerable."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.off_topic import OFF_TOPIC_LINE, held_share, off_topic, rare_concepts
from bot.answers.unknown_notes import meant_words
from bot.ranking import ranker
from tests.answers.off_topic_questions import OFF_TOPIC

HEDGE = "⚖️ Keine Stelle passt eindeutig am besten"

#: The off-topic questions the rule catches (9 of 16; bench/off_topic.py). The others name a concept of the term
#: table („spielen“, „kostet“, „commander“, „passwort“ → Pass, „bekomme“ → erhalten) or their words all stand in
#: the documents („sammlung“, „wert“; „alt“, „turnier“).
CAUGHT = (
    "wer hat magic erfunden",
    "wie teuer ist ein booster",
    "wann kommt das nächste set raus",
    "wer ist der aktuelle weltmeister",
    "gibt es magic auch als app fürs handy",
    "welche hüllen sind am besten für meine karten",
    "wie lange dauert der versand von meiner bestellung",
    "wann hat der laden am samstag offen",
    "kann man mit magic geld verdienen",
)


async def test_the_rule_catches_exactly_these_off_topic_questions(ctx):
    r = await ranker(ctx.store)
    found = [await r.search(ctx.store, q, ctx.names, limit=5) for q in OFF_TOPIC]
    caught = [q for q, f in zip(OFF_TOPIC, found, strict=True) if off_topic(f, r, await meant_words(f.analysis))]
    assert caught == list(CAUGHT)


@pytest.mark.parametrize("question", CAUGHT[:3])
async def test_an_unanswerable_question_says_so_in_one_line_and_keeps_its_candidates(ctx, question):
    reply = await run_answer(ctx, "question", question=question)
    body = reply.pages[0].body
    lead = body.split("\n\n", 1)[0].splitlines()  # the lines above the first passage
    assert lead[0] == f"Frage: „{question}“" and OFF_TOPIC_LINE in lead[1:]  # after a note on an unknown word
    assert HEDGE not in body  # the line replaces the hedge
    assert reply.actions and all(a.action == "passage" for a in reply.actions)


async def test_the_closest_candidate_of_an_off_topic_question_is_still_shown(ctx):
    # „wer hat magic erfunden“: 003's line „Magic verwendet ausschließlich ganze Zahlen.“ (headword Magic, since
    # docs/ranking.md ¹⁵⁷; before, the line on tournaments) is the nearest passage; shown, but not as the answer
    reply = await run_answer(ctx, "question", question="wer hat magic erfunden")
    assert "Magic verwendet ausschließlich ganze Zahlen." in reply.pages[0].body


@pytest.mark.parametrize("question", [
    # tuning questions that name no card and no concept: their words stand in the documents
    "gibt es eine maximale deckgröße",
    "Was passiert mit dem Teil einer Anweisung, den man nicht ausführen kann?",
    "wen meint 'du' auf einer karte",
    "can't schlägt can?",
    "auerochsen in kälteeinbruch, was haben die gemeinsam",
    # a card, a concept
    "wer gewinnt ne fehde?",
    "Boros-Rekrut welche farben",
    # a mistyped keyword, read as the keyword its section answers for
    "was bewirkt pfropfn",
    "was macht einberufn",
    "wie funktioniert transmutaton",
    # a compound's last part: 003:146 „… eine Strafe …, die ein Schiedsrichter verhängt“
    "was passiert wenn ein richter eine strafe gibt",
    # a participle typed without umlauts: 003's 101.3 „… der sich nicht ausführen lässt, wird ignoriert“
    "was wenn eine anweisung nicht ausgefuehrt werden kann",
])
async def test_an_answerable_question_is_not_called_unanswerable(ctx, question):
    reply = await run_answer(ctx, "question", question=question)
    assert OFF_TOPIC_LINE not in reply.pages[0].body


async def test_a_concept_read_from_a_german_word_repaired_is_no_subject(ctx):
    # „malen“ is repaired to „mahlen“ (Mill), „geld“ to „gold“: German words, the player named neither („laden“, once
    # repaired to „landen“, is a common word the repair keeps as typed since docs/ranking.md ¹⁴³)
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "darf ich am samstag malen", ctx.names, limit=5)
    assert "zzkmill" in found.analysis.concepts
    assert await meant_words(found.analysis) == {"malen"}
    assert rare_concepts(found, r.term_weights, await meant_words(found.analysis)) == []
    typed = await r.search(ctx.store, "wann darf ich ein land spielen", ctx.names, limit=5)
    assert "zzkland" in rare_concepts(typed, r.term_weights, await meant_words(typed.analysis))


async def test_a_compounds_last_part_holds_the_word(ctx):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "was passiert wenn ein richter eine strafe gibt", ctx.names, limit=5)
    assert found.hits[0].passage.key == "003:146"
    assert held_share(found, found.hits[:1], r.term_weights, max(r.term_weights.values())) == 1.0


async def test_held_share_weighs_the_words_the_candidates_hold(ctx):
    r = await ranker(ctx.store)
    unknown = max(r.term_weights.values())
    found = await r.search(ctx.store, "welche hüllen sind am besten für meine karten", ctx.names, limit=5)
    share = held_share(found, found.hits, r.term_weights, unknown)
    assert 0.0 < share < 0.2  # only „karten“ (the commonest word) is held
    assert held_share(found, [], r.term_weights, unknown) == 0.0
    fehde = await r.search(ctx.store, "wer gewinnt die fehde", ctx.names, limit=5)
    assert held_share(fehde, fehde.hits, r.term_weights, unknown) == 1.0


async def test_an_unanswered_question_s_title_claims_no_answer(ctx):
    # „lightning bolt“ is a card of no document („bolt“ read as 003's „bold“): the title says so before the
    # nearest passage, as the 🚫 line below it does
    reply = await run_answer(ctx, "question", question="was macht lightning bolt")
    page = reply.pages[0]
    assert OFF_TOPIC_LINE in page.body
    assert page.title == ("Nichts dazu in den Dokumenten – am ähnlichsten: Erklärung, vermutlich Regel 103.8 – "
                          "Startspieler")
