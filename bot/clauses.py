"""The ``clause`` stage of the ranking (:mod:`bot.ranking`): the question's words in the role they have there.

Rulings are mostly „Falls/Wenn <Bedingung>, <Folge>“, „<Aussage>, auch wenn <Bedingung>“ or, with the verb first,
„Verlässt eine Kreatur das Spiel, bevor …, wird …“ (a verb-first clause before a comma is a condition in German).
Questions too: „wer gewinnt, wenn beide gleich viel kosten“ asks about the winner (the *asked* clause) in a
situation (the *condition*); „mein typ ist von beiden gegnern gegoadet worden, welchen spieler muss er jetzt
attackieren“ states the situation first and asks in its last clause. Siblings — rulings of one card or section —
hold the same words, but the one that answers holds the asked words in its consequence, where a sibling about
another situation may hold them only inside its condition (004's „Falls eine Kreatur, die du kontrollierst, von
mehreren Gegnern provoziert wurde, muss sie einen deiner Gegner angreifen …“ answers what the creature must attack,
not whether a creature is goaded). The stage runs for ``/frage`` only (:meth:`bot.ranking.Ranker.stages`): a
search's words are no clauses. Shipped off (:attr:`bot.weights.Weights.clause` 0; docs/ranking.md, ²²).

A text is split into *segments* at commas, semicolons, colons, dashes, brackets and sentence ends, then:

* a segment with a conjunction of :data:`CONDITIONS` (falls, wenn, sobald, solange, auch wenn, if, when, even if …)
  is a condition from the conjunction on (the words before it keep the role they had; „während“ before „des“,
  „der“ … is the preposition: „während des Versorgungssegments“);
* a segment opening a sentence with a finite verb followed by an article or pronoun („Verlässt eine …“, „Hat ein
  …“, „Kommen zwei …“) is a condition when the sentence goes on after a comma;
* a segment opening with a relative pronoun, and the segment after a relative clause, keep the role of the clause
  they are inside („Falls eine Kreatur, die du kontrollierst, von mehreren Gegnern provoziert wurde, muss sie …“: the
  condition runs to „wurde“, the consequence begins at „muss“);
* every other segment of a passage is its consequence. Of a question's segments without a conjunction, the last is
  the asked clause and the ones before it state the situation (a condition).

The stage gives each of the first hits ``weight`` times the share of the question's word weight (each word weighed as
the coverage feature weighs it) that one sentence of the passage holds where it answers: a word of the situation
anywhere in the sentence, a word of the asked clause in its consequence, not inside one of its conditions
(docs/ranking.md, ²²; holding the situation words in the passage's conditions only was measured and not kept).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.analysis import Analyser, Analysis
from bot.store import PassageRecord
from bot.text import tokens as fold_tokens

#: Conjunctions (folded, as :func:`bot.text.tokens` gives them) that open a condition clause.
CONDITIONS = frozenset((
    "falls", "wenn", "sobald", "solange", "sofern", "nachdem", "bevor", "wahrend", "sowie", "obwohl", "if", "when",
    "whenever", "once", "unless", "while",
))
#: Words after which a sentence-initial finite verb makes its clause a condition („Hat **ein** Zauberspruch …“).
_SUBJECT_START = frozenset((
    "ein", "eine", "einer", "einen", "einem", "eines", "der", "die", "das", "den", "dem", "des", "du", "er", "sie",
    "es", "man", "jemand", "mehrere", "kein", "keine", "keiner", "jeder", "jede", "jedes", "alle", "dein", "deine",
    "sein", "seine", "ihr", "ihre", "diese", "dieser", "dieses", "zwei", "drei", "beide", "eins", "irgendein",
    "irgendeine",
))
#: Words that open a sentence without being its finite verb (articles, pronouns, prepositions, adverbs, question
#: words); a verb-first condition never begins with one. Finite verbs the list would miss are the auxiliaries below.
_NOT_VERB = frozenset((
    *_SUBJECT_START, "nur", "auch", "dann", "so", "da", "hier", "jetzt", "immer", "noch", "zuerst", "danach",
    "damit", "dadurch", "deshalb", "daher", "jedoch", "aber", "und", "oder", "denn", "also", "zum", "zur", "im",
    "in", "am", "an", "auf", "bei", "mit", "fur", "von", "vom", "nach", "aus", "uber", "unter", "vor", "durch",
    "gegen", "ohne", "um", "als", "wie", "was", "wer", "wann", "wo", "welche", "welcher", "welches", "warum",
    "wieso", "weshalb", "ja", "nein", "nicht", "wir", "ich", "sowohl", "weder", "entweder", "zudem", "ausserdem",
    "the", "a", "an", "if", "each", "this", "that", "it", "you", "one",
    *CONDITIONS,
))
#: Articles after which „während“ is a preposition („während des Zuges“, „während der Hauptphase“).
_GENITIVE = frozenset(("des", "der", "dieses", "dieser", "eines", "einer", "deines", "deiner", "seines", "seiner"))
#: Relative pronouns: a segment opening with one is a relative clause inside the clause before it.
_RELATIVE = frozenset(("der", "die", "das", "dem", "den", "deren", "dessen", "denen", "welche", "welcher", "welches",
                       "wo", "which", "who", "that"))
#: Where a text's segments end (a comma, a dash between spaces, a bracket …) and where its sentences end.
_SEGMENT = re.compile(r"[,;:()]|\s[-–—]\s|[–—]")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_WORD = re.compile(r"[^\W_]+")
#: Most characters of a text read (a question is read up to 300 tokens; a passage's clauses are kept per passage).
MAX_CHARS = 4000

#: A role: a condition (the situation) or the consequence (for a question: the asked clause).
CONDITION, CONSEQUENCE = 0, 1


def segments(text: str) -> list[list[tuple[int, str]]]:
    """Per sentence of ``text``, its clauses as ``(role, text)``: :data:`CONDITION` or :data:`CONSEQUENCE` by the rules
    of the module doc (a question's asked clause is a :data:`CONSEQUENCE`). Never raises.

    ``"Falls du die Fehde gewinnst, ziehst du eine Karte."`` → ``[[(0, "Falls du die Fehde gewinnst"), (1, "ziehst du
    eine Karte.")]]`` (the conjunction starts the condition; the text as written)."""
    out = []
    for sentence in _SENTENCE.split(text[:MAX_CHARS]):
        parts = [s for s in _SEGMENT.split(sentence) if s.strip()]
        if parts:
            out.append(_roles(parts))
    return out


def _roles(parts: list[str]) -> list[tuple[int, str]]:
    """The role of each segment of one sentence (module doc), each clause's text as written."""
    out: list[tuple[int, str]] = []
    role, outer, relative = CONSEQUENCE, CONSEQUENCE, False
    for i, part in enumerate(parts):
        spans = [(m.start(), fold_tokens(m.group())) for m in _WORD.finditer(part)]
        words = [w[0] for _, w in spans if w]
        if not words:
            continue
        if words[0] in _RELATIVE and out:
            role, relative = outer, True  # a relative clause: inside the clause before it
        elif relative:
            role, relative = outer, False  # the clause the relative clause was inside goes on
        elif i == 0 and len(parts) > 1 and _verb_first(words):
            role = CONDITION
        else:
            role = CONSEQUENCE
        at = next((spans[k][0] for k in range(len(spans)) if _opens_condition(spans, k)), None)
        if at is not None:
            if part[:at].strip():
                out.append((role, part[:at].strip()))
            role = CONDITION
            out.append((role, part[at:].strip()))
        else:
            out.append((role, part.strip()))
        outer = role
    return out


def _opens_condition(spans: list[tuple[int, list[str]]], k: int) -> bool:
    """True when the ``k``-th word of a segment is a conjunction of :data:`CONDITIONS` (not „während“ as the
    preposition of „während des Versorgungssegments“)."""
    word = spans[k][1][0] if spans[k][1] else ""
    if word not in CONDITIONS:
        return False
    after = spans[k + 1][1][0] if k + 1 < len(spans) and spans[k + 1][1] else ""
    return not (word == "wahrend" and after in _GENITIVE)


def _verb_first(words: list[str]) -> bool:
    """True when ``words`` (a sentence's first segment, folded) open with a finite verb and then its subject's
    article or pronoun: „verlasst eine kreatur das spiel“, „hat ein zauberspruch …“."""
    return len(words) >= 3 and words[0] not in _NOT_VERB and words[1] in _SUBJECT_START and len(words[0]) >= 3


def question_roles(text: str) -> list[tuple[int, str]]:
    """The clauses of a question ``text`` as ``(role, text)``: the clauses with a conjunction are conditions; of the
    rest, the last is the asked clause (:data:`CONSEQUENCE`) and the ones before it the situation
    (:data:`CONDITION`). ``"wer gewinnt, wenn beide gleich viel kosten"`` → ``[(1, "wer gewinnt"), (0, "wenn beide
    gleich viel kosten")]``. Never raises."""
    clauses = [c for sentence in segments(text) for c in sentence]
    plain = [i for i, (_, t) in enumerate(clauses) if (fold_tokens(t) or [""])[0] not in CONDITIONS]
    last = plain[-1] if plain else None
    return [(CONSEQUENCE if i == last else CONDITION, t) for i, (_, t) in enumerate(clauses)]


@dataclass(frozen=True)
class RoleWords:
    """The question's words by role: per word its terms (held when any is) and its weight (``log(N / df)`` of its
    rarest term, as the coverage feature weighs it), for the situation (condition clauses) and for the asked clause;
    ``total`` their summed weight (0: no word, the stage does nothing)."""

    condition: tuple[tuple[frozenset[str], float], ...] = ()
    asked: tuple[tuple[frozenset[str], float], ...] = ()
    total: float = 0.0

    @classmethod
    def of(cls, text: str, analyser: Analyser, idf: Mapping[str, float], unknown: float,
           skip: frozenset[str] = frozenset(), whole: tuple[str, Analysis] | None = None) -> RoleWords:
        """The words of the question ``text`` by :func:`question_roles`, each clause analysed as a question
        (stop words out), a word weighing ``idf`` of its rarest term (``unknown`` for a term no passage carries);
        words whose terms are all in ``skip`` (a named card's name words) left out. ``whole``: a text and its
        analysis as a question already made (the ranking's own), used for a clause that is that whole text (a
        question of one clause is not analysed twice)."""
        roles: dict[int, list[tuple[frozenset[str], float]]] = {CONDITION: [], CONSEQUENCE: []}
        for role, clause in question_roles(text):
            same = whole is not None and clause == whole[0]
            a = whole[1] if whole is not None and same else analyser.analyse(clause, question=True)
            for group in a.groups or [(t,) for t in a.terms]:
                terms = frozenset(group)
                if terms and not terms <= skip:
                    roles[role].append((terms, max(idf.get(t, unknown) for t in terms)))
        total = sum(w for words in roles.values() for _, w in words)
        return cls(tuple(roles[CONDITION]), tuple(roles[CONSEQUENCE]), total)

    def held(self, sentences: Sequence[tuple[frozenset[str], frozenset[str]]]) -> float:
        """The best share (0–1) of the words' weight that one sentence holds where it answers: a situation word
        anywhere in the sentence (a ruling states a situation as its condition or as its subject, „Ein Spieler, der
        weniger Karten in seiner Bibliothek hat, …“), an asked word only in its consequence, not inside a condition
        (a sibling about another situation holds it there). ``sentences``: per sentence the terms of its
        conditions and of its consequence (:func:`passage_roles`)."""
        if not self.total:
            return 0.0
        best = 0.0
        for cond, cons in sentences:
            got = sum(w for terms, w in self.condition if not terms.isdisjoint(cond | cons))
            got += sum(w for terms, w in self.asked if not terms.isdisjoint(cons))
            best = max(best, got)
        return best / self.total


def passage_roles(text: str, analyser: Analyser) -> list[tuple[frozenset[str], frozenset[str]]]:
    """Per sentence of a passage's ``text``: the analysed terms of its conditions and of its consequence."""
    out = []
    for sentence in segments(text):
        cond: set[str] = set()
        cons: set[str] = set()
        for role, clause in sentence:
            (cond if role == CONDITION else cons).update(analyser.analyse(clause).terms)
        out.append((frozenset(cond), frozenset(cons)))
    return out


class _Hit(Protocol):
    """What the clause stage reads and writes of a :class:`bot.ranking.Hit`."""

    passage: PassageRecord
    score: float
    parts: dict[str, float]


def clause_stage(top: Sequence[_Hit], words: RoleWords, weight: float,
                 roles: Callable[[PassageRecord], list[tuple[frozenset[str], frozenset[str]]]]) -> None:
    """The ``clause`` stage on ``top`` (the first hits, in place): each gets ``weight`` times :meth:`RoleWords.held`
    of its passage's :func:`passage_roles`, added to ``score`` and set as ``parts["clause"]`` (0 to ``weight``).
    Nothing for a question without words."""
    if not words.total:
        return
    for h in top:
        h.parts["clause"] = weight * words.held(roles(h.passage))
        h.score += h.parts["clause"]


__all__ = ["CONDITION", "CONDITIONS", "CONSEQUENCE", "RoleWords", "clause_stage", "passage_roles", "question_roles",
           "segments"]
