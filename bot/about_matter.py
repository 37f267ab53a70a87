"""What a passage says about the question's matter: a reading of a text's words (the logic classes of
:mod:`bot.logic_words`) made only in its sentences that hold a word of the question.

Siblings of one card or section share the card's words and differ in what each says about them; a word of a class in
a sentence about another point is no statement on the asked one. „zinnstrassen hooligan per effekt ins spiel
gebracht, zerstoert der trotzdem n artefakt?“ asks whether the ability holds anyway; 001's „Wurde die Kreatur direkt
ins Spiel gebracht und nicht als Zauberspruch gespielt, wurde kein Mana ausgegeben, um sie zu spielen. Daher wird auch
die Fähigkeit nicht ausgelöst.“ answers it, while its sibling's „Es ist unerheblich, wie viel Mana der entsprechenden
Farbe dabei ausgegeben wurde.“ states a regardless about the amount of mana, in a sentence holding none of the
question's words; read over the whole text, the ``logic`` stage put that sibling first.

Read so: the ``logic`` stage and the earlier questions' stage, which parts siblings by the same classes
(:func:`bot.prior.group_priors`), through :func:`reader`. A sentence counts when its analysed terms
(:func:`bot.snippets.sentence_words`) meet a word of the question in either role (:class:`bot.clauses.RoleWords`, the
words the ``answered`` and ``asks`` stages read; a named card's name words are not among them), as
:func:`bot.asked_kinds.stated_share` reads a sentence. A question without such words is read over the whole text, as
before. Bounded: only the siblings among the first three are read (the stages' groups), a passage's sentences are the
ranker's kept ones (:func:`bot.snippets.prepared`, cached per analyser), and ``read`` of a sentence is the caller's
cached reader. The ``answer`` feature read the same way (every candidate, not only siblings) lost first hits by
5-fold CV and is not read so (docs/ranking.md ¹²⁶).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.analysis import Analyser
from bot.clauses import RoleWords
from bot.snippets import prepared, sentence_words
from bot.store import PassageRecord

#: A reading of a text: the classes or types (logic classes, answer-type indices) its words state.
Read = Callable[[str], frozenset]


def said_about(text: str, words: RoleWords, read: Read, analyser: Analyser) -> frozenset:
    """The union of ``read`` (:func:`bot.logic_words.stated_logic`, :func:`bot.answer_cues.given_cues`, cached by the
    caller) over the sentences of ``text`` (:func:`bot.snippets.prepared`) whose analysed terms hold a word of
    ``words`` (either role); ``read`` of the whole ``text`` when ``words`` has none. Never raises."""
    if not words.total:
        return read(text)
    every = [terms for terms, _ in (*words.condition, *words.asked)]
    out: set = set()
    for sentence, (_, terms) in zip(prepared(text, analyser).parts, sentence_words(text, analyser), strict=True):
        if any(not t.isdisjoint(terms) for t in every):
            out |= read(sentence)
    return frozenset(out)


def reader(read: Read, words: RoleWords, analyser: Analyser) -> Callable[[PassageRecord], frozenset]:
    """A passage → :func:`said_about` of its text for one question's ``words``: what the logic and earlier
    questions' stages (:func:`bot.logic_words.logic_stage`, :func:`bot.prior.prior_stage`) read of a sibling."""
    return lambda p: said_about(p.text, words, read, analyser)


__all__ = ["Read", "reader", "said_about"]
