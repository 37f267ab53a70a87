"""A question that is only a concept's name asks what it is (``bot.definitions.only_names``)."""

from __future__ import annotations

from bot.analysis import tokens
from bot.answers import run_answer
from bot.definitions import only_names
from bot.ranking import ranker


async def test_one_word_question_leads_with_the_mechanic_section(ctx):
    # 001:1078 „Spuk ist eine Fähigkeit, die deinen Kreaturen …“ (Gildenbund), not a Spuk ruling that repeats the name
    reply = await run_answer(ctx, "question", question="spuk")
    assert "_Schlüssel: 001:1078_" in reply.pages[0].body


async def test_only_names(ctx):
    r = await ranker(ctx.store)

    def only(text: str) -> bool:
        return only_names(r.analyser.analyse(text, question=True), len(tokens(text, 100)))

    assert only("spuk")
    assert only("Pfropfen")
    assert not only("wer gewinnt ne fehde?")  # an asking word
    assert not only("Commander Startlebenspunkte?")  # two concepts
    assert not only("kreatur hat pfropfen zweimal")
