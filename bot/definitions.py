"""Definitions in the documents and questions that ask for one (the ``definition`` feature of :mod:`bot.ranking`).

A question like "was ist ein Permanent", "Pfropfen N, was bedeutet das", "wie funktioniert Kumulative
Versorgung" or "ab wann ist eine Karte ein Zauberspruch" asks what a term *is*; its best answer is the passage
that defines the term, not one that uses it. The documents define in one German sentence shape, the subject
before a defining verb, at the start of a passage:

* 003:341 "Ein **Permanent** ist eine Karte oder ein Spielstein im Spiel." (CR 110.1)
* 001:1980 "**Versessenheit** ist ein Fähigkeitswort, das anzeigt, …"
* 001:1955 "Pfropfen stellen … dar. „**Pfropfen N**” bedeutet: …" (CR 502.54a of 2006)
* 003:428 "Ein **Zauberspruch** ist eine Karte auf dem Stapel." (CR 112.1)

A negated statement ("Pfropfen ist keine gezielte Fähigkeit") defines nothing.

:func:`definition_subjects` finds such subjects in the first sentences of a passage (the importer stores the
subject's terms with the prefix :data:`DEFINED` in the passage's analysed column); :func:`asks_definition`
recognises the question forms, :func:`only_names` a question that is only a name. Pure functions over text; no store.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import TYPE_CHECKING

from bot.analysis import Analyser, Analysis, tokens
from bot.stopwords import NUMBER_WORDS

if TYPE_CHECKING:
    from bot.candidates import Candidates, Hit

#: Prefix of a defined term in a passage's analysed column (``zzd`` + term: ``zzdpermanent``).
DEFINED = "zzd"
#: Sentences of a passage looked at, and most words of a defined subject.
FIRST_SENTENCES = 2
MAX_SUBJECT_WORDS = 6

_QUESTION = re.compile(
    r"\b(?:was|wat)\s+(?:ist|sind|bedeutet|bedeuten|hei(?:ß|ss)t|hei(?:ß|ss)en|macht|bewirkt|meint|versteht\s+man)\b"
    r"|\bwelche\b.{1,80}?\bgibt\s+es\b|\bwie\s+funktionier|\bab\s+wann\s+(?:ist|sind|gilt|gelten)\b|\bdefinition\b|\berkl[äa]r"
    r"|\bwhat\s+(?:is|are|does|do)\b|\bhow\s+does\b.*\bwork\b",
    re.IGNORECASE,
)
#: A quoted phrase that ends a subject after a noun ("Ein Permanent „für Mana tappen“", "Der Übertypus
#: „verschneit“"): the phrase is what the sentence defines, not the noun before it.
_NAMED_PHRASE = re.compile(r"\S\s+[„\"»]([^„“\"»«]+)$")
_SENTENCE_END = re.compile(r"(?<=[.!?:])\s+|\n")
_DEFINING = re.compile(
    r"^[\s„“\"'»«(]*(?:(?:ein|eine|der|die|das)\s+)?(?P<subject>[^.,;:!?()]{2,80}?)[\s“”\"'»«]*\s+"
    r"(?:ist|sind|bedeutet|bedeuten|bezeichnet|bezeichnen|hei(?:ß|ss)t|meint|meinen|stellt|stellen|means|is)\b"
    r"(?!\s+(?:kein|keine|nicht|not|no)\b)",
    re.IGNORECASE,
)
#: An enumeration defines its subject by its members: 003 „Es gibt sechs Permanenttypen: Artefakt, Schlacht, …“
#: (a count in digits, a number word of :data:`bot.stopwords.NUMBER_WORDS`, „mehrere“ or „folgende“).
_COUNTED = re.compile(
    r"^\s*es\s+gibt\s+(?:\d+|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r"|mehrere|folgende)\s+"
    r"(?P<subject>[^.,;:!?()]{2,80}?)\s*:",
    re.IGNORECASE,
)
#: First words of a sentence that make it a condition or a statement about something else, not a definition
#: ("Wird eine Kopie … ist", "Falls …", "Es ist …", "Du …"), in lower case; also what no headword of 003 begins
#: with (:func:`bot.headwords.headword`).
NOT_A_SUBJECT = frozenset(
    ["wird", "werden", "hat", "haben", "ist", "sind", "kann", "können", "darf", "muss", "falls", "wenn", "sobald",
     "solange", "nachdem", "bevor", "während", "um", "da", "weil", "ob", "auch", "nur", "es", "du", "dies", "diese",
     "dieser", "dieses", "jede", "jeder", "jedes", "alle", "das", "die", "der", "nicht", "kein", "keine", "in", "im",
     "bei", "für", "mit", "von", "zu", "auf", "an", "als", "so", "hier", "dort", "sie", "er", "dann", "if", "when",
     "each"]
)


def asks_definition(question: str) -> bool:
    """True when ``question`` asks what something is or means (German or English question forms)."""
    return bool(_QUESTION.search(question[:2000]))


#: Most words of a question that is only a name (:func:`only_names`): „Spuk“, „Kumulative Versorgung“.
NAME_WORDS = 3


def only_names(analysis: Analysis, words: int) -> bool:
    """True when a question of ``words`` tokens, analysed as ``analysis`` (:meth:`bot.analysis.Analyser.analyse`),
    is only the name of one concept of the term table or synonym groups (``/frage spuk``, ``/frage kumulative
    versorgung``): at most :data:`NAME_WORDS` tokens, each a content word (no asking or stop word), every word
    naming one and the same concept (its group holds that concept id, ``zz…``), no rule number; or a name made of
    stop words only, read as its concept's one group („im Spiel“, „ins Spiel bringen“). Such a question asks
    what the thing is, as „spuk was ist das“ does; a concept's ruling that repeats the name („Bei jeder Kreatur
    können auch mehrere Karten spuken.“) does not answer it."""
    groups = analysis.groups
    if not analysis.words and analysis.concepts and not analysis.numbers:  # a name of stop words only: „im Spiel“
        return len(groups) == 1 and words <= NAME_WORDS
    if not analysis.concepts or analysis.numbers or not 0 < len(groups) == words <= NAME_WORDS:
        return False
    named = [{t for t in g if t.startswith("zz")} for g in groups]
    return bool(set.intersection(*named))


def names_only(analysis: Analysis, held: Collection[str], asking: Collection[str]) -> bool:
    """True when the question ``analysis`` names something and asks nothing else that ``held`` (a passage's terms
    and names) lacks: every term of its words but those of ``asking`` (asking verbs, a word is skipped with every
    term it gave, :attr:`bot.analysis.Analysis.groups`: „Manawert“'s parts mana, wert) is in ``held``, and so is one
    concept of each name of stop words only (:meth:`bot.analysis.Analysis.other_groups`: „im Spiel“, „ins Spiel
    bringen“, the term table's old names of Schlachtfeld and Auf das Schlachtfeld bringen, whose words no passage
    needs to hold). False when the question names nothing beside ``asking``."""
    given = {t for group in analysis.groups if group and group[0] in asking for t in group}
    content = [t for t in analysis.terms if not t.startswith("zz") and t not in asking and t not in given]
    named = analysis.other_groups()
    return bool(content or named) and all(t in held for t in content) and all(
        any(t in held for t in g) for g in named)


#: What a sentence that :data:`_DEFINING` or :data:`_COUNTED` matches holds, in lower case: a defining verb after a
#: space, or „es gibt“. A text without any defines nothing (the build's 300 000 passages: most rulings and card
#: texts), found by one search of the lower-cased text instead of the sentence split and the two matches.
_MAYBE_DEFINING = re.compile(
    r"\s(?:ist|sind|bedeutet|bedeuten|bezeichnet|bezeichnen|heißt|heisst|meint|meinen|stellt|stellen|means|is)"
    r"|es\s+gibt"
)
#: Characters that IGNORECASE matches to a letter of those words but whose ``lower()`` is not that letter (dotted
#: and dotless i, long s, capital sharp s): a text with one is read by the whole matches.
_CASE_SPECIAL = ("\u0130", "\u0131", "\u017f", "\u1e9e")


def _defines_nothing(text: str) -> bool:
    """True when no sentence of ``text`` can match :data:`_DEFINING` or :data:`_COUNTED` (a necessary condition of
    both, checked on ``text.lower()``)."""
    if not text.isascii() and any(c in text for c in _CASE_SPECIAL):
        return False
    return _MAYBE_DEFINING.search(text.lower()) is None


def definition_subjects(text: str) -> list[str]:
    """The subjects that the first :data:`FIRST_SENTENCES` sentences of ``text`` define ("Ein Permanent ist …" →
    ``["Permanent"]``), each of at most :data:`MAX_SUBJECT_WORDS` words; [] when they define nothing."""
    if _defines_nothing(text):
        return []
    out = []
    for sentence in _SENTENCE_END.split(text.strip(), maxsplit=FIRST_SENTENCES)[:FIRST_SENTENCES]:
        m = _DEFINING.match(sentence) or _COUNTED.match(sentence)
        if not m:
            continue
        if head := subject_head(m.group("subject")):
            out.append(head)
    return out


def subject_head(subject: str) -> str:
    """The defined term of ``subject``, the words before a defining verb (article dropped) or a headword of 003
    (:func:`bot.headwords.headword`): a quoted phrase at its end is what it names ("Ein Permanent „für Mana tappen“"
    → ``für Mana tappen``), a leading „Begriff“ is dropped ("Begriff „Permanent-Karte“"), and the words stop before
    the first article or preposition after the first ("Besitzer eines Permanents" → ``Besitzer``, :data:`_LINKING`);
    ``""`` for more than :data:`MAX_SUBJECT_WORDS` words or a first word of :data:`NOT_A_SUBJECT` (unless quoted).
    Pure; no errors."""
    named = _NAMED_PHRASE.search(subject)  # "Ein Permanent „für Mana tappen“ heißt …" defines the quoted phrase
    words = (named.group(1) if named else subject).strip(" „“\"'»«").split()
    if words and words[0].lower() == "begriff":  # "Der Begriff „Permanent-Karte“ bezeichnet …"
        words = words[1:]
    return _head(words, quoted=named is not None)


def _head(words: list[str], quoted: bool = False) -> str:
    """The defined term of a subject: its words up to the first article or preposition after the first
    ("Besitzer eines Permanents" → "Besitzer"), quotes stripped; "" for a subject that is too long or starts with
    a word that makes it no subject (unless it is a ``quoted`` phrase: „für Mana tappen“)."""
    if not 0 < len(words) <= MAX_SUBJECT_WORDS or (not quoted and words[0].lower() in NOT_A_SUBJECT):
        return ""
    cut = next((i for i, w in enumerate(words[1:], 1) if w.lower().strip("„“\"'") in _LINKING), len(words))
    return " ".join(words[:cut]).strip(" „“\"'»«")


#: Words after which a subject goes on about something else than its head ("Besitzer eines Permanents").
_LINKING = frozenset(
    ["eines", "einer", "des", "der", "dem", "den", "von", "vom", "mit", "auf", "in", "im", "für", "zu", "zum", "aus",
     "bei", "und", "oder", "of", "on", "with", "and"]
)


#: A predefined token's subject: a name joined to „Spielstein“ by a hyphen (003 after CR 111.10: „Ein
#: Schatz-Spielstein ist …“, „Ein Hinweis-Spielstein ist …“, „Ein „Cursed“-Rollen-Spielstein ist …“). Players call
#: the token by its name alone („was macht ein schatz“), so such a sentence defines the name too.
_TOKEN_HEAD = re.compile(r"^[„“\"»«]?[^\s-]+[„“\"»«]?-(?:\S+-)?spielstein$", re.IGNORECASE)


def defined_terms(a: Analyser, text: str, language: str = "de", old_terms: bool = False,
                  document: str | None = None) -> list[str]:
    """The analysed column's markers of what ``text`` defines: :func:`subject_terms` of each subject its first
    sentences define (:func:`definition_subjects`), each marker once, in order; [] for a text that defines nothing
    (most passages)."""
    out: list[str] = []
    for head in definition_subjects(text):
        out += subject_terms(a, head, language, old_terms, document)
    return list(dict.fromkeys(out))


def subject_terms(a: Analyser, head: str, language: str = "de", old_terms: bool = False,
                  document: str | None = None) -> list[str]:
    """The markers of one defined subject ``head`` (words as a document prints them: „Pfropfen N“, „Ein
    Schatz-Spielstein“ without its article): :data:`DEFINED` + the stem of its head noun (its last word of three
    letters or more: "Pfropfen N" → pfropf) and + every concept of the longest name that ends on that word
    ("Permanent-Zauberspruch" → ``zzkpermanentxspell`` alone). A name of two or more words is the subject itself,
    not its head: 003's „Ein Schatz-Spielstein ist …“ (CR 111.10a) defines Treasure (``zzktreasure``), not the
    Spielstein of „was ist ein token“ (CR 111.1), and „Kumulative Versorgung“ only ``zzkcumulativexupkeep``, not
    Versorgung. A predefined token's subject also defines its name's stem ("Schatz-Spielstein" → schatz,
    :data:`_TOKEN_HEAD`), which players use alone („was macht ein schatz“), and never Spielstein, also when the
    token has no row of the table („Ein Kernholz-Spielstein ist …“ → kernholz alone): only CR 111.1's „Ein
    Spielstein ist …“ defines it. ``language``, ``old_terms``, ``document``: as
    :meth:`bot.vocabulary.Vocabulary.concepts_at` reads names. [] for a subject without a word of three letters.
    The headword of a 003 entry is read the same way (:func:`bot.headwords.head_terms`). Pure; no errors."""
    words = tokens(head)
    last = max((i for i, w in enumerate(words) if w.isalpha() and len(w) >= 3), default=None)
    if last is None:
        return []
    stems = [a.stems(w, language)[0] for w in words]
    forms = [a.form(w, language) for w in words]
    token = _TOKEN_HEAD.search(head) is not None and stems[0] != stems[last]
    out = [DEFINED + stems[0]] if token else []  # „Ein Schatz-Spielstein ist …“ defines a Schatz
    for start in range(last + 1):  # the earliest start: the longest name ending on the head
        found, length = a.vocab.concepts_at(stems, start, old_terms, document, language, forms=forms)
        if found and start + length - 1 == last:
            if token and start:  # „Ein Kernholz-Spielstein ist …“ (no row) defines no Spielstein (CR 111.1)
                return out
            head_stem = [] if length > 1 else [DEFINED + stems[last]]  # a one-word name: its stem too
            return [*out, *head_stem, *(DEFINED + c for c in found)]
    return out if token else [DEFINED + stems[last]]


def stand_in_first(hits: list[Hit], found: Candidates) -> None:
    """Put first, in place, the term row that stands in for a definition no passage gives: a question asking what
    a term is (``found.defined``, :func:`asks_definition`, :func:`only_names`) whose term no passage of the
    question's language defines (``found.defining`` false) and whose words are all that term's (the ranking's
    ``definition`` part on a row of ``data/terms_de_en.tsv``, :meth:`bot.ranking.Ranker._about`). The row says what
    the name means today: „was heißt im Spiel“ → Schlachtfeld („Früher: im Spiel“, Regel 403), „was bedeutet ins Spiel
    kommen“ → Auf das Schlachtfeld bringen (Regel 603.6a), where a rule that only uses the words („kommt … ins
    Spiel“) or says „bedeutet“ of another term (001:1955, Pfropfen) scored higher. The row takes the first's score
    (its ``stand_in`` part the difference), so :meth:`bot.ranking.Ranker.leads` calls the lead unclear. No row
    stands in when the question asks what a card it names prints (a hit with the ``property`` part): „Was macht Zur
    der Verzauberer?“ names the card, whose name only holds Verzaubern's word, and its text answers."""
    if not found.defined or found.defining or any("property" in h.parts for h in hits):
        return
    at = next((i for i, h in enumerate(hits) if h.passage.kind == "term" and "definition" in h.parts), 0)
    if at:
        row = hits.pop(at)
        row.parts["stand_in"] = hits[0].score - row.score
        row.score = hits[0].score
        hits.insert(0, row)


__all__ = [
    "DEFINED", "NAME_WORDS", "NOT_A_SUBJECT", "asks_definition", "defined_terms", "definition_subjects", "names_only",
    "only_names", "stand_in_first", "subject_head", "subject_terms",
]
