"""The question's words weighed, for two parts of the ranking (:mod:`bot.ranking`): the ``coverage`` feature and the
``sentence`` stage.

A word of the question is one of :attr:`bot.analysis.Analysis.groups` (its stems, compound parts and the concepts
it names: held when any of them is) and weighs ``log(N / df)`` of its rarest term (``N`` passages, ``df`` those
carrying the term; docs/ranking.md). What depends on the question alone is computed once
per question (:class:`QuestionWords`), not once per candidate passage: a question has ≈ 120 candidates.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from rapidfuzz import process
from rapidfuzz.distance import OSA

from bot.analysis import MAX_QUESTION_TOKENS, Analysis
from bot.comparison import frame_word
from bot.players_words import gloss
from bot.reply import quote_user
from bot.stopwords import PLAYERS_FILLERS, SEPARABLE_PREFIXES, STOP_WORDS, WEAK_WORDS
from bot.store import PassageRecord
from bot.text import canonical, fold, name_words
from bot.text import tokens as name_tokens
from bot.words import tokens


@dataclass(frozen=True)
class QuestionWords:
    """The question's words for the ``coverage`` feature: per word its terms with their weights, heaviest first
    (ties in the word's own order), and ``total``, the sum of each word's heaviest weight (float, as added word by
    word in the question's order). Build with :meth:`of`."""

    words: tuple[tuple[tuple[str, float], ...], ...]
    total: float

    @classmethod
    def of(cls, analysis: Analysis, idf: Mapping[str, float], unknown: float, typo: float,
           asking: frozenset[str] = frozenset()) -> QuestionWords:
        """The words of ``analysis`` (:func:`topic_words`: its ``groups``, else each term a word of its own; without
        the asking verbs of a definition question): a term weighs ``idf[term]`` (``unknown`` for a term no passage
        carries), times ``typo`` when it was read from a word repaired as a typo
        (:attr:`bot.analysis.Analysis.repaired`).

        Raises:
            KeyError: a group holds a term that is not one of ``analysis.terms`` (the analyser never makes one).
            IndexError: a group is empty (the analyser never makes one).
        """
        weights = {t: idf.get(t, unknown) * (typo if t in analysis.repaired else 1.0) for t in analysis.terms}
        words = []
        total = 0.0
        for group in topic_words(analysis, asking):
            word = tuple(sorted(((t, weights[t]) for t in group), key=lambda tw: -tw[1]))
            total += word[0][1]
            words.append(word)
        return cls(tuple(words), total)

    def held(self, terms: frozenset[str], names: frozenset[str]) -> float:
        """The weight of the question's words that ``terms`` or ``names`` (a passage's) hold: per word the weight of
        its heaviest term held (0 when none), summed in the question's order."""
        held = 0.0
        for word in self.words:
            for term, weight in word:
                if term in terms or term in names:
                    held += weight
                    break
        return held


def topic_words(analysis: Analysis, asking: frozenset[str] = frozenset()) -> list[tuple[str, ...]]:
    """The question's words whose terms a passage should hold: :attr:`Analysis.groups` (else each term a word of its
    own), without the words whose first term is one of ``asking`` (the stems of
    :data:`bot.stopwords.ASKING_VERBS`) when the question asks what a term is (:attr:`Analysis.definition`): the
    „macht“ of „Was macht Wallung genau?“ is the question's form, and a ruling that happens to say „macht er davon
    nur so viel wie möglich“ holds no more of the question than 001's definition „Wallung ist eine ausgelöste
    Fähigkeit …“. Every word when none is left."""
    words = list(analysis.groups or [(t,) for t in analysis.terms])
    if not analysis.definition or not asking:
        return words
    topic = [g for g in words if not g or g[0] not in asking]
    return topic or words


class _Hit(Protocol):
    """What the sentence stage reads and writes of a :class:`bot.ranking.Hit`."""

    passage: PassageRecord
    score: float
    parts: dict[str, float]


def sibling_group(p: PassageRecord, card_of: Mapping[int, int] | None = None) -> tuple[str, int | None]:
    """The group of siblings ``p`` belongs to in the ``sentence`` stage: ``("card", id)`` for a card's passage (or,
    by ``card_of``, passage id → card id, one speaking of a named card's kind), else ``("section", mechanic id)``
    (``None`` for a passage of neither: it has no siblings)."""
    card = (card_of or {}).get(p.id, p.card_id)
    return ("card", card) if card is not None else ("section", p.mechanic_id)


def group_idf(groups: Sequence[tuple[str, ...]], passages: Sequence[frozenset[str]]) -> list[float]:
    """Per word of ``groups`` (its terms: held when any is), its idf inside one card's passages (``passages``: each
    one's analysed terms and name terms), ``log((n + 1) / (df + 0.5))`` for ``n`` passages of which ``df`` hold the
    word: > 0 always, highest for a word none of them holds, lowest for one all of them hold.

    What tells a card's rulings apart is a word only one of them holds, however common the word is in the other
    documents: „lebendes blätterdach auf nen angreifer der bereits einen blocker hat“ asks 001:2392 („Die gewählte
    Kreatur kann auch bereits von anderen Kreaturen geblockt werden.“), the only one of the card's five passages
    with „bereits“ (log(6 / 1.5)), where three hold „Angreifer“ (log(6 / 3.5)); over the whole store „bereits“ is the
    commoner word, and 001:2388 (the blocker blocks „die angreifende Kreatur“) came first."""
    n = len(passages)
    return [math.log((n + 1) / (sum(1 for held in passages if any(t in held for t in g)) + 0.5)) for g in groups]


def sentence_stage(top: Sequence[_Hit], analysis: Analysis, idf: Mapping[str, float], unknown: float, weight: float,
                   sentence_terms: Callable[[PassageRecord], Sequence[frozenset[str]]],
                   card_of: Mapping[int, int] | None = None, card_words: frozenset[str] = frozenset(),
                   asking: frozenset[str] = frozenset(), candidates: Iterable[PassageRecord] = ()) -> None:
    """The ``sentence`` stage on ``top`` (the first hits, in place): passages of one card (or, without a card, of
    one mechanics section) that are two or more among them get ``weight`` times the share of the question's
    remaining word weight held by their best single sentence (``sentence_terms``: the analysed terms of each
    sentence, :func:`bot.snippets.prepared`), added to ``score`` and set as ``parts["sentence"]``; the words all of
    them hold (the card's or the mechanic's name) are left out. In a card's group a word weighs its
    :func:`group_idf` among the ``candidates`` (the question's, every kind) of the card (:func:`sibling_group`): how
    rare it is among the card's own passages (docs/ranking.md ⁵³); in a mechanics section's group (read so too, the
    refit moved ``card``, ``sentence`` and the hedge and lost answers the tests pin, 000's „Wer gewinnt die Fehde,
    wenn alle Karten gleich viel kosten?“ among them) and without candidates, ``idf`` of its rarest term
    (``unknown`` for a term no passage carries). ``card_of`` (passage id → card id) puts a passage in a card's
    group that speaks of the card's kind (:func:`bot.question_cards.of_kind`); ``asking``: as :func:`topic_words`."""
    groups: dict[tuple[str, int | None], list[_Hit]] = {}
    for h in top:
        group = sibling_group(h.passage, card_of)
        if group[1] is not None:
            groups.setdefault(group, []).append(h)
    words = topic_words(analysis, asking)  # a definition question's asking verb is no word to hold
    within: dict[tuple[str, int | None], list[frozenset[str]]] = {}
    for p in candidates:  # each card group's candidates, for the words' weights inside it
        group = sibling_group(p, card_of)
        if group in groups and group[0] == "card":
            within.setdefault(group, []).append(p.terms | p.names)
    for group, members in groups.items():
        if len(members) < 2:
            continue
        held_by = [h.passage.terms | h.passage.names | (card_words if h.passage.id in (card_of or {}) else frozenset())
                   for h in members]
        # a word of the question is one of its terms or a concept it names ("clash" and Fehde): held when any is
        rest = [g for g in words if not all(any(t in held for t in g) for held in held_by)]
        weights = (group_idf(rest, within[group]) if group in within
                   else [max(idf.get(t, unknown) for t in g) for g in rest])
        total = sum(weights)
        if not total:
            continue
        for h in members:
            best = max((sum(v for g, v in zip(rest, weights, strict=True) if any(t in held for t in g))
                        for held in sentence_terms(h.passage)), default=0.0)
            h.parts["sentence"] = weight * best / total
            h.score += h.parts["sentence"]


#: At most this many unknown words are named in an answer (each cut to 40 characters).
UNKNOWN_SHOWN = 3


#: Words that are never worth the note however the store reads them: the stop and weak words in every spelling
#: a player types them („fuers“ for „fürs“) and the separable verb particles standing alone („wo geht sie hin“).
_NEVER_UNKNOWN = frozenset(canonical(fold(w)) for w in STOP_WORDS | WEAK_WORDS | set(SEPARABLE_PREFIXES))
#: Stop and weak words this long or longer: a word one slip from one of them („gleichzeitg“) is that word mistyped,
#: no word the documents lack (the analysis repairs no typo into a stop word; the question loses nothing).
_SLIPPED_STOP_LENGTH = 6
_LONG_STOP = sorted(w for w in _NEVER_UNKNOWN if len(w) >= _SLIPPED_STOP_LENGTH)
#: A number or a count as players type it: „250“, „2x“, „x2“ (twice). The tokens of „4/4“ and „+1/+1“ are numbers
#: too. None is a word, let alone a card's name, that a document could lack.
_COUNT = re.compile(r"\d+|\d+x|x\d+")


def _slipped_stop(word: str) -> bool:
    """True when ``word`` (folded) is one slip (optimal string alignment: a letter dropped, added, replaced or two
    neighbours swapped) from a stop or weak word of :data:`_SLIPPED_STOP_LENGTH` letters or more, with the same
    first letter: „gleichzeitg“ (gleichzeitig), „trotzdm“ (trotzdem)."""
    if len(word) < _SLIPPED_STOP_LENGTH - 1:
        return False
    return any(w[0] == word[0] for w, _, _ in process.extract(word, _LONG_STOP, scorer=OSA.distance, score_cutoff=1,
                                                                  limit=None))


def unknown_words(analysis: Analysis, known: Mapping[str, float], names: Iterable[str] = (),
                  card_words: Callable[[str], int] | None = None) -> list[str]:
    """The question's content words (:attr:`Analysis.words`, as read after spelling repair) that no passage of the store
    holds in any form: none of the terms of the word's group (stems, compound parts, concepts, English stem;
    :attr:`Analysis.word_terms`, one per content word in order) is among ``known`` (the store's analysed terms,
    :attr:`bot.ranking.Ranker.term_weights`), the word is no stop word or verb particle in any spelling
    (:data:`_NEVER_UNKNOWN`) nor one slip from a long one (:func:`_slipped_stop`), no comparison's frame word
    (:func:`bot.comparison.frame_word`: „zw“, „diffrenz“) and no word of ``names`` (the names of
    the cards the question names: „rekrut“ of Boros-Rekrut is a card's name, not an unknown word), nor a word of any
    card's name of the store (``card_words``: how many names have a folded word, ``NameIndex.data.word_count``: „rix“ of
    Rix Maadi, Palast aus Kerkern stands in a document as a card's name). The answers then leave out ordinary German
    words the documents happen not to use (:func:`bot.german_words.not_ordinary`: „nochmal“, „boni“, „dazunehmen“ are no
    typo and force no hedge). „lotus“ in „was macht schwarzer lotus“ (no document names the card, no German word);
    not „spontanzauberzeit“ (its parts are known); no number or count („250“, „3x“, „x2“: :data:`_COUNT`). Each word
    once, in order."""
    named = {canonical(w) for name in names for w in name_tokens(name)}
    # each word with its own terms: the distinct groups are fewer than the words when a word is typed twice, and
    # pairing them in order gave a later word's group to an earlier word („x … x … aufm“: „mx“)
    return list(dict.fromkeys(w for w, group in zip(analysis.words, analysis.word_groups(), strict=False)
                              if not any(t in known for t in group)
                              and canonical(fold(w)) not in _NEVER_UNKNOWN and canonical(fold(w)) not in named
                              and not _slipped_stop(canonical(fold(w))) and not frame_word(fold(w))
                              and not _COUNT.fullmatch(w)
                              and not (card_words is not None and any(map(card_words, name_words(w))))))


def players_split(words: Sequence[str], named: frozenset[str] = frozenset()) -> tuple[list[str], list[str]]:
    """``words`` (unknown words of a question) as (players' words the documents have no word for, the others): a
    word of ``data/players_words.tsv`` with no reading (:func:`bot.players_words.gloss`: „boardwipe“, „ramp“) is
    players' language, not a card the documents may lack; a word of ``named`` (folded, one spelling: the words of a
    name the question types in capitals, „Lord of the Pit“) stays among the others."""
    players = [w for w in words if gloss(w) is not None and canonical(fold(w)) not in named]
    return players, [w for w in words if w not in players]


def players_line(words: list[str], passages: bool = True) -> str:
    """The answer's line for players' words no document holds (:func:`players_split`; ``""`` for none), each with
    its meaning, escaped: „ℹ️ „boardwipe“ (Spielersprache: ein Effekt, der alle Kreaturen zerstört) steht in keinem
    Dokument des Bots; die Stellen unten passen nur zum Rest der Frage.“ — no card is suggested; without the last
    clause when no passages follow (``passages`` False: a refusal)."""
    if not words:
        return ""
    shown = ", ".join(f"„{quote_user(w, 40)}“ (Spielersprache: {gloss(w)})" for w in words[:UNKNOWN_SHOWN])
    more = f" und {len(words) - UNKNOWN_SHOWN} weitere Wörter" if len(words) > UNKNOWN_SHOWN else ""
    verb = "steht" if len(words) == 1 else "stehen"
    rest = "; die Stellen unten passen nur zum Rest der Frage." if passages else "."
    return f"ℹ️ {shown}{more} {verb} in keinem Dokument des Bots{rest}"


def players_said(words: Sequence[str]) -> list[str]:
    """The line of :func:`players_line` for the players' words among ``words`` (a question's words, as read) that the
    documents have no word for, for an answer that shows no passages (``/frage``'s „Nichts gefunden“); [] for
    none."""
    line = players_line([w for w in dict.fromkeys(words) if gloss(w) is not None], passages=False)
    return [line] if line else []


def unknown_line(words: list[str]) -> str:
    """The answer's line for words of the question no document holds (``""`` for none), escaped: the candidates can
    only answer the rest of the question (an unknown card name is never silently taken for another card)."""
    if not words:
        return ""
    shown = ", ".join(f"„{quote_user(w, 40)}“" for w in words[:UNKNOWN_SHOWN])
    more = f" und {len(words) - UNKNOWN_SHOWN} weitere Wörter" if len(words) > UNKNOWN_SHOWN else ""
    verb = "steht" if len(words) == 1 else "stehen"
    return (f"ℹ️ {shown}{more} {verb} in keinem Dokument des Bots, auch nicht abgewandelt (vielleicht eine Karte, "
            "die dort fehlt); die Stellen unten passen nur zum Rest der Frage.")


def no_terms_reason(question: str) -> str:
    """What a question without search terms holds, as the German answer says it („Die Frage enthält …“), true of
    its first 6 000 characters: only stop and question words („was passiert wenn“), only lone characters (the
    „ツ“ of „¯\\_(ツ)_/¯“, „x“), the two together, or no word at all (punctuation, emojis)."""
    words = tokens(question[:6000], 1000)
    stop = [w in STOP_WORDS or w in WEAK_WORDS or w in PLAYERS_FILLERS for w in words]
    lone = [len(w) < 2 for w in words]
    if not words:
        return "keine Wörter, nur Satz-, Sonderzeichen oder Emojis"
    if all(stop):
        return "nur Füll- und Fragewörter"
    if all(lone):
        return "keine Wörter, nur einzelne Zeichen" + (" und Satz- oder Sonderzeichen" if _marks(question) else "")
    if all(s or c for s, c in zip(stop, lone, strict=True)):
        return "nur Füll- und Fragewörter und einzelne Zeichen"
    return "keine Wörter, nach denen sich suchen lässt"


def no_terms_line(question: str, cut: bool = False) -> str:
    """The sentence of ``/frage``'s refusal of a question without search terms: „Die Frage enthält nur Füll- und
    Fragewörter.“ (:func:`no_terms_reason`); ``cut``: the analysis read only the question's first
    :data:`bot.analysis.MAX_QUESTION_TOKENS` tokens (:attr:`bot.analysis.Analysis.truncated`), so that is said as every
    answer says it and the reason is of that start: „Die Frage war sehr lang; nur der Anfang wurde verwendet. Ihr
    Anfang enthält nur Füll- und Fragewörter.“ (1 800 characters of „was passiert wenn“ before a „fehde“)."""
    if not cut:
        return f"Die Frage enthält {no_terms_reason(question)}."
    start = " ".join(tokens(question[:6000], MAX_QUESTION_TOKENS))
    return f"Die Frage war sehr lang; nur der Anfang wurde verwendet. Ihr Anfang enthält {no_terms_reason(start)}."


def _marks(question: str) -> bool:
    """True when ``question`` holds a character that is neither a letter, a digit nor a space."""
    return any(not (ch.isalnum() or ch.isspace()) for ch in question[:6000])


__all__ = ["UNKNOWN_SHOWN", "QuestionWords", "group_idf", "no_terms_line", "no_terms_reason", "players_line",
           "players_said", "players_split", "sentence_stage", "sibling_group", "topic_words", "unknown_line",
           "unknown_words"]
