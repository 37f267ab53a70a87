"""The verdict cue of ``/frage``'s ``answer`` part (bot/answer_cues.py): a yes/no question without a question word or
a modal verb asks for a verdict, and a passage gives one by a negation, a restriction or an exception."""

from __future__ import annotations

from bot.answer_cues import VERDICT, asked_cues, given_cues
from tests.answers.ablation import ablation


def test_a_yes_no_question_asks_for_a_verdict_and_others_do_not():
    assert asked_cues("löst schmerzvergrößerung aus wenn der schaden nacheinander kommt") == (VERDICT,)
    assert VERDICT not in asked_cues("wer gewinnt eine fehde")  # a person
    assert VERDICT not in asked_cues("darf ich vorhersage zweimal spielen")  # a permission (its own cue)
    assert VERDICT not in asked_cues("was passiert wenn der schaden nacheinander kommt")
    assert asked_cues("Spieler") == asked_cues("+1/+1-Marke") == ()  # a term searched on /regel is no question


def test_every_interrogative_of_the_one_list_makes_a_w_question():
    # bot.stopwords.INTERROGATIVES, folded as the question's tokens are („wofür“ → „wofur“): a sentence with one of
    # them asks no verdict, in German and English alike
    assert VERDICT not in asked_cues("wofür braucht man das ziehsegment")
    assert VERDICT not in asked_cues("why does the clash end in a draw")
    assert asked_cues("braucht man das ziehsegment") == (VERDICT,)


async def test_the_sibling_that_states_the_verdict_leads(ctx):
    # 001's rulings of Schmerzvergrößerung: 001:2546 „Dies wird nur ausgelöst, falls alle 3 oder mehr Schadenspunkte
    # gleichzeitig zugefügt werden …“ answers „löst … aus, wenn … nacheinander“; 001:2548 („Fügt eine Quelle
    # mehreren Gegnern gleichzeitig 3 oder mehr Schadenspunkte zu …“) holds the same words and led before.
    verdict = await ctx.store.passage_by_key("001:2546")
    other = await ctx.store.passage_by_key("001:2548")
    assert verdict is not None and other is not None
    assert verdict.text.startswith("Dies wird nur ausgelöst, falls alle 3 oder mehr Schadenspunkte gleichzeitig")
    assert VERDICT in given_cues(verdict.text) and VERDICT not in given_cues(other.text)
    a = await ablation(ctx, "löst schmerzvergrößerung aus wenn der schaden nacheinander kommt", "answer", limit=3)
    assert a.hits[0].passage.key == "001:2546" and a.hits[0].parts["answer"] == a.ranker.weights.answer
    assert a.first_without == "001:2548"
