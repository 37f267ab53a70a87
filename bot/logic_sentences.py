"""The logic a sibling states about the question's matter: :mod:`bot.logic_words`' classes read only in the sentences
of a passage that hold a word of the question.

The ``logic`` stage (and the earlier questions' stage, which parts siblings by it: :func:`bot.prior.group_priors`)
swaps siblings among the first three by the share of the question's asked classes („trotzdem“, „ohne“, „beide“,
„danach“ …) a passage states. Siblings of one card or section share the card's words and differ in what each says
about them; a class word in a sentence about another point is no statement on the asked one. „zinnstrassen hooligan
per effekt ins spiel gebracht, zerstoert der trotzdem n artefakt?“ asks whether the ability holds anyway; 001's
„Wurde die Kreatur direkt ins Spiel gebracht und nicht als Zauberspruch gespielt, wurde kein Mana ausgegeben, um sie
zu spielen. Daher wird auch die Fähigkeit nicht ausgelöst.“ answers it, while its sibling's „Es ist unerheblich, wie
viel Mana der entsprechenden Farbe dabei ausgegeben wurde.“ states a regardless about the amount of mana, in a
sentence holding none of the question's words, and read over the whole text it took the first place.

A sentence counts when its analysed terms (:func:`bot.snippets.sentence_words`) meet a word of the question in either
role (:class:`bot.clauses.RoleWords`, the words the ``answered`` and ``asks`` stages read; a named card's name words
are not among them), as :func:`bot.asked_kinds.stated_share` reads a sentence. A question without such words is read
over the whole text, as before.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.analysis import Analyser
from bot.clauses import RoleWords
from bot.snippets import prepared, sentence_words
from bot.store import PassageRecord


def stated_about(text: str, words: RoleWords, stated: Callable[[str], frozenset[str]], analyser: Analyser
                 ) -> frozenset[str]:
    """The classes ``stated`` (:func:`bot.logic_words.stated_logic`, cached by the caller) gives the sentences of
    ``text`` (:func:`bot.snippets.prepared`) whose analysed terms hold a word of ``words`` (either role); ``stated``
    of the whole ``text`` when ``words`` has none. Never raises."""
    if not words.total:
        return stated(text)
    every = [terms for terms, _ in (*words.condition, *words.asked)]
    out: set[str] = set()
    for sentence, (_, terms) in zip(prepared(text, analyser).parts, sentence_words(text, analyser), strict=True):
        if any(not t.isdisjoint(terms) for t in every):
            out |= stated(sentence)
    return frozenset(out)


def logic_reader(stated: Callable[[str], frozenset[str]], words: RoleWords, analyser: Analyser
                 ) -> Callable[[PassageRecord], frozenset[str]]:
    """A passage → :func:`stated_about` of its text for one question's ``words``: what the logic and earlier
    questions' stages (:func:`bot.logic_words.logic_stage`, :func:`bot.prior.prior_stage`) read of a sibling."""
    return lambda p: stated_about(p.text, words, stated, analyser)


__all__ = ["logic_reader", "stated_about"]
