"""The action a „kann/darf/muss …“ question asks about, and the passages' sentences that answer it
(:mod:`bot.actions`), with the store's analyser."""

from __future__ import annotations

from bot.actions import answers_action, asked_action
from bot.ranking import ranker
from bot.snippets import prepared
from bot.text import tokens


async def test_the_action_is_the_infinitive_closing_the_modal_clause(ctx):
    a = (await ranker(ctx.store)).analyser
    assert asked_action("kann ich hybrid mit nur rot bezahlen", a) == {"bezahl"}
    # the infinitive before a relative clause, and the clause ends at the comma
    assert "angreif" in asked_action("darf die provozierte kreatur den spieler angreifen der sie provoziert hat", a)
    assert "wirk" in asked_action("Hirnegelklumpen - kann ich ne Hexerei vom Gegner wirken, mitten im Kampf?", a)
    assert "schieb" in asked_action("Graft: kann ich die Marke auch auf die Kreatur vom Gegner schieben?", a)
    # no modal verb, or none of its words an infinitive: no action
    assert asked_action("wer gewinnt ne fehde?", a) == frozenset()
    assert asked_action("kann ich das?", a) == frozenset()
    assert asked_action("", a) == frozenset()


async def test_a_sentence_answers_the_action_with_a_modal_verb_beside_it(ctx):
    a = (await ranker(ctx.store)).analyser
    paying = asked_action("kann ich hybrid mit nur rot bezahlen", a)
    # 001's rule 104.3f: „{W/U} in Kosten kann mit entweder weißem oder blauem Mana bezahlt werden“
    # 001's ruling: „… unabhängig davon, mit welcher Farbe bzw. welchen Farben ihre Kosten bezahlt wurden.“
    for key, answers in (("001:37", True), ("001:42", False)):
        p = await ctx.store.passage_by_key(key)
        assert p is not None and "bezahlt" in p.text
        got = prepared(p.text, a)
        words = [(frozenset(tokens(x)), frozenset(t)) for x, t in zip(got.parts, got.terms, strict=True)]
        assert answers_action(words, paying) is answers, key
