"""German text analysis for the documents' search: the same analyser at build time and at query time.

A text becomes a list of **terms** (what ranking compares) in these steps:

1. **Tokens**: runs of letters and digits, lower-cased (NFKC, :func:`bot.text.clean`); rule numbers
   (``702.19a``) are one token ``r702x19a``; at most :data:`MAX_TOKENS` tokens are read.
2. **Players' words and spelling** (questions only): fillers are dropped (:data:`bot.stopwords.PLAYERS_FILLERS`: ``zb``,
   ``iwie``); a players' word the documents have words for is read as them (``data/players_words.tsv``,
   :mod:`bot.players_words`: ``mulli`` → ``mulligan``; ``sb`` by its context); a separable verb written apart is
   read as one where a concept's name has it („handelt … ab“ → ``abhandeln``, :mod:`bot.separable`); a word the
   documents lack is tried with umlauts (``prioritaet`` → ``priorität``), then as a small typo of a word they contain:
   the word of the documents at the least edit distance (rapidfuzz ``OSA``: a dropped, doubled, wrong or two
   swapped letters are one edit; at most 1 for words under :data:`LONG_TYPO` letters, 2 from there; ties to the
   more frequent word), at most :data:`MAX_TYPOS` words per question; an ordinary German word (pyspellchecker's
   dictionary, :mod:`bot.german_words`) only into a word it is part of or that is part of it („holt“ stays, no slip
   of „hält“: :attr:`Options.ordinary`). Terms of a repaired word are marked
   (:attr:`Analysis.repaired`: ranking weighs them below typed words; :attr:`Analysis.typos`: the word as typed).
3. **Stop words and question words** (:data:`STOP_WORDS`) are dropped from ranking (``ohne`` alone is no query);
   in a question so is the preposition of „ab wann“, „seit wann“ (:data:`bot.stopwords.WANN_PREPOSITIONS`).
4. **Word forms**: a participle meets its verb (``gewirkt`` → ``wirken``, ``aufgedeckt`` → ``aufdecken``)
   when the documents contain that verb (:func:`bot.word_parts.participle_verb`), an ``-ieren`` verb's forms meet
   when the documents hold one of them (``kontrolliert``, ``kontrollierst`` → ``kontrollieren``), a strong verb's
   changed vowel meets its infinitive (``verlässt`` → ``verlassen``), not its past forms (``brachte``, ``gebracht``
   stay: docs/ranking.md ⁷⁴); an optional lemma map of the store
   (``lemmas``, written at build time) gives other lemmas; then the Snowball stemmer (PyStemmer,
   ``german``; ``english`` for English text) and the umlaut/ß folding of :func:`bot.text.canonical`
   (``größer`` → ``gross``).
5. **Negation**: ``un-`` forms also yield the stem of the positive form (``ungetappt`` → ``getappt`` →
   ``tapp``), so "nicht getappt" (``nicht`` is a stop word) and "ungetappt" meet.
6. **Compounds**: a long word is split against the store's own vocabulary (``Kampfschadenssegment`` →
   kampf, schaden, segment; linking ``s``/``es``/``n``/``en``/``e``; :func:`bot.word_parts.compound_parts`), and
   each part's stem is a term too; a question's compound names the concepts of its pieces, the head's as its meaning
   („Kreaturenspielstein“: Kreatur, Spielstein; :func:`bot.question_groups.part_concepts`).
7. **Concepts**: names of the term table (``data/terms_de_en.tsv``: German, variants, old terms, English) and the
   groups of ``data/synonyms.tsv`` found as stem sequences become concept ids (``zzk117``: Priorität, also "Vorrang").
   Old names count only where ``old_terms`` is set: the old documents (2005–2007) and the players' questions; the
   current documents use "Vorrang" and "spielen" in their ordinary senses. „einer anderen Zone als dem Stapel“ names
   the other zones (:mod:`bot.other_zones`); an ability „gespielt“ in a text read with old names is activated today
   (:mod:`bot.played_abilities`); „kann … kann nicht“, „wem gehört“ in a question (:mod:`bot.question_senses`).
8. **Quoted stop words**: a stop word quoted as a single word („du“) is a term of its own (:mod:`bot.quoted_words`).
Nothing here imports discord or the store: the vocabulary comes in as plain mappings."""

from __future__ import annotations

import collections
import operator
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

from bot import english_words, players_words, separable
from bot import stopwords as lists
from bot.analysed import Analysis
from bot.card_names import LANGUAGES, NameTable, covered, name_tables
from bot.concepts import Concept, ConceptName, build_concepts, concept_id
from bot.german_words import german_dictionary
from bot.passage_concepts import passage_concepts, plain_concepts
from bot.question_groups import part_concepts, question_groups
from bot.question_senses import question_senses
from bot.quoted_words import quoted_terms
from bot.stopwords import STOP_WORDS, WEAK_WORDS, listed_spelling
from bot.text_concepts import text_concepts
from bot.typos import kept_as_typed
from bot.vocabulary import LONG_TYPO, TYPO_CUTOFF, Vocabulary
from bot.word_parts import compound_parts, other_form, participle_verb, slip_repair
from bot.words import MAX_TOKENS, NUMBER, fold, number_term, numbers_in, restore_umlauts, snowball, tokens

#: Most tokens read from a question (a question longer than this is cut, and the answer says so).
MAX_QUESTION_TOKENS = 300
#: Most terms a question contributes to the full-text query (concepts and stems together; the ranking also searches at
#: most this many of its typed words in the raw column). Each term costs the FTS5 query the passages holding it: on a
#: store of 100 000 printings' card files a 6 000-character search of card names took 2.8 s at 40 (80 terms in
#: all), 1.5 s at 24 (bench/bench_long_search.py). The tuning and dev questions have at most 22 terms, so none of
#: them is cut (docs/ranking.md).
MAX_QUERY_TERMS = 24
#: At most this many corrections per question (the cut-offs: :data:`bot.vocabulary.TYPO_CUTOFF`, ``LONG_TYPO``).
MAX_TYPOS = 6
#: Shortest typed word repaired as a typo.
MIN_TYPO = 4
#: Distinct words an analyser remembers per language (:meth:`Analyser._word`; a large card file has ~100 000; the
#: bot meets new ones in questions, so the memory a process gives them stays bounded).
WORDS_REMEMBERED = 200_000
#: What a word is in a text's analysis, in the order the analysis asks: a rule number, a weak word, a word that
#: gives no term (a stop word, a lone letter), a content word.
_NUMBER, _WEAK, _NO_TERM, _CONTENT = range(4)
#: "weiß" is the verb "wissen" (a stop word) beside a personal pronoun (:func:`bot.stopwords.is_verb_wissen`).
_WISSEN = frozenset({"weiß", "weiss"})
#: :attr:`_Word.plain`, :attr:`_Word.adds` and :attr:`_Word.first` of a word, read in C over a text's words
#: (:meth:`Analyser.indexed`).
_PLAIN, _ADDS, _FIRST = operator.attrgetter("plain"), operator.attrgetter("adds"), operator.attrgetter("first")
#: Words of digits a word list holds (none today): such a word is read as any other (:meth:`Analyser._number_word`).
_LISTED_DIGITS = frozenset(w for w in (*STOP_WORDS, *WEAK_WORDS, *lists.NEGATIONS, *lists.WEAK_IN_PHRASES, *_WISSEN)
                           if w.isdigit())
#: A passage's analysis as its columns take it (:meth:`Analyser.indexed`): terms, concepts (each once), weak stems
#: beside them.
Indexed = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]


class _Word(NamedTuple):
    """What the analysis needs of one word of a language, the same in every text (:meth:`Analyser._word`)."""

    first: str  # its main stem, on which concept names are compared
    kind: int  # _NUMBER, _WEAK, _NO_TERM or _CONTENT
    terms: dict[str, None]  # a word's terms in order (Analyser.stems), each once
    extra: str  # a rule number's term, a weak word's stem
    negation: bool  # in lists.NEGATIONS
    stop: bool  # in STOP_WORDS
    wissen: bool  # in _WISSEN
    in_phrases: bool  # in lists.WEAK_IN_PHRASES: no term inside a name of two or more words
    starts: bool  # some concept's name begins with its main stem
    form: str  # its folded lemma, on which a one-word name checks that the word is its form (Concept.fits)
    plain: bool  # neither weak nor a negation, „weiß“ or in lists.WEAK_IN_PHRASES: gives `adds` at any place
    adds: dict[str, None]  # what a plain word gives a passage's terms (a content word its terms, a number its term)


@dataclass(frozen=True)
class Options:
    """Switches of the analysis (each is a ranking feature measured in ``bench/bench_questions.py``)."""

    participles: bool = True
    negation: bool = True
    compounds: bool = True
    concepts: bool = True
    spelling: bool = True
    #: Typos repaired by edit distance (:meth:`Vocabulary.nearest`); off: the older rapidfuzz ``ratio`` repair.
    edits: bool = True
    #: An ordinary German word (:meth:`bot.german_words.GermanDictionary.has`) is repaired by edit distance only
    #: into a German word it is part of or that is part of it („angefangen“ → „anfangen“, „häfte“ → „hälfte“; not
    #: „haut“ → English „haunt“), never by a changed letter into another word („holt“ is no slip of „hält“,
    #: „aufgelöst“ none of „ausgelöst“, „alten“ none of „arten“: :func:`bot.typos.kept_as_typed`).
    ordinary: bool = True


def _capped(out: Analysis) -> Analysis:
    """``out`` with at most :data:`MAX_QUERY_TERMS` terms, concepts first (a question's query)."""
    if len(out.terms) > MAX_QUERY_TERMS:
        out.terms = ([t for t in out.terms if t.startswith("zz")] + [t for t in out.terms if not t.startswith("zz")])
        out.terms, out.truncated = out.terms[:MAX_QUERY_TERMS], True
    return out


class Analyser:
    """Turns German (or English) text into ranking terms; see the module doc for the steps.

    One analyser serves the build (passages) and the bot (questions); both give it the same
    :class:`Vocabulary`, so a passage and a question meet on the same terms.
    """

    def __init__(self, vocabulary: Vocabulary, options: Options | None = None, card_names: tuple[str, ...] = ()
                 ) -> None:
        self.vocab = vocabulary
        self.options = options or Options()
        #: The store's card names, whose words name no concept in a document's text (:mod:`bot.card_names`).
        self.card_names = card_names
        self._name_tables: dict[str, NameTable] = {}
        self._stem_cache: dict[tuple[str, str], list[str]] = {}
        #: Per language, each word met: its analysis from its second text on, None after its first (:meth:`_word`).
        self._words: dict[str, dict[str, _Word | None]] = {}

    def card_name_words(self, stems: list[str], language: str) -> set[int]:
        """The positions of a document's words ``stems`` (main stems) that a card's name covers
        (:func:`bot.card_names.covered`; the names split into words once, stemmed once per language)."""
        table = self._name_tables.get(language)
        if table is None:  # the tables of the passages' languages (card_names.LANGUAGES) in one pass over the names
            is_concept = frozenset(c.stems for group in self.vocab.by_first.values() for c in group).__contains__
            languages = [x for x in dict.fromkeys((language, *LANGUAGES)) if x not in self._name_tables]
            self._name_tables.update(name_tables(self.card_names, self.main_stem, languages, is_concept))
        return covered(self._name_tables[language], stems)

    # -- one word -----------------------------------------------------------------------------------

    def lemma(self, word: str) -> str:
        """The lemma of a lower-case German word: the store's lemma map, else a participle's verb
        (``gewirkt`` → ``wirken`` when the documents have ``wirken``), else the word."""
        found = self.vocab.lemmas.get(word)
        if found:
            return found
        if self.options.participles and not word[-1:].isdigit():  # a participle ends in t or n
            verb = self._participle(word)
            if verb:
                return verb
        return word

    def _participle(self, word: str) -> str | None:
        """:func:`bot.word_parts.participle_verb` of ``word`` against this analyser's vocabulary."""
        return participle_verb(word, self.vocab)

    def form(self, word: str, language: str = "de") -> str:
        """What a one-word concept name compares (:meth:`bot.concepts.Concept.fits`): a lower-case German word's
        folded lemma (``gewirkte`` → ``wirken``), an English word itself."""
        return fold(self.lemma(word)) if language == "de" and not self._plain_number(word) else word

    def stems(self, word: str, language: str = "de", keep: bool = True) -> list[str]:
        """The terms of one lower-case word: its stem, the positive form of an ``un-`` word, compound parts;
        remembered for the next call while ``keep`` (:meth:`_word` remembers its words itself)."""
        key = (word, language)
        cached = self._stem_cache.get(key)
        if cached is not None:
            return cached
        if self._plain_number(word):  # a card's number („Generated Card 012345“): its own stem, not remembered
            return [word]
        if language == "en":
            out = [snowball(word, "en")]
        elif NUMBER.match(word):
            out = [number_term(word)]
        else:
            out = [snowball(self.lemma(word))]
            if self.options.negation and word.startswith("un") and len(word) >= 6:
                positive = word[2:]
                lemma = self.lemma(positive)
                if self.vocab.knows(positive) or lemma != positive:
                    out.append(snowball(lemma))
            if self.options.compounds:
                out += [snowball(self.lemma(p)) for p in self.compound_parts(word)]
            if word in lists.NUMBER_WORDS:  # "zwei Karten" meets "2 Karten"
                out.append(lists.NUMBER_WORDS[word])
        out = list(dict.fromkeys(t for t in out if t))
        if keep and len(self._stem_cache) < 200_000:
            self._stem_cache[key] = out
        return out

    def main_stem(self, word: str, language: str = "de") -> str:
        """The first of :meth:`stems` of ``word``, not the terms after it (card names' words: no compound split)."""
        if self._plain_number(word):
            return word
        first = snowball(word, "en") if language == "en" else (
            number_term(word) if NUMBER.match(word) else snowball(self.lemma(word)))
        return first or self.stems(word, language, keep=False)[0]

    def _plain_number(self, word: str) -> bool:
        """``word`` is ASCII digits that no lemma maps: its stem, lemma and form in either language are the word
        itself (Snowball removes letter endings only, folding leaves digits), so the stemmers are not asked (a card
        file's names carry a number each, a word of one name only)."""
        return word.isdigit() and word.isascii() and word not in self.vocab.lemmas

    def compound_parts(self, word: str, depth: int = 0) -> list[str]:
        """The parts of a compound the store's vocabulary knows (``eismarken`` → eis, marken), or []
        (:func:`bot.word_parts.compound_parts`)."""
        return compound_parts(word, self.vocab, depth)

    def _word(self, word: str, language: str) -> _Word:
        """What the analysis of any text of ``language`` needs of ``word`` (:class:`_Word`), remembered from the
        second text with the word on (at most :data:`WORDS_REMEMBERED` words, counted with those met once): most of a
        large card file's words are its cards' numbers, each in one name, whose analyses would fill the memory."""
        if self._plain_number(word) and word not in _LISTED_DIGITS:
            info = self._number_word(word)
        else:
            info = self._word_read(word, language)
        known = self._words.setdefault(language, {})
        if len(known) < WORDS_REMEMBERED:
            known[word] = info if word in known else None
        return info

    def _number_word(self, word: str) -> _Word:
        """:meth:`_word_read` of a word of ASCII digits that no lemma maps and no word list holds (a card's number,
        „Generated Card 012345“; 200 000 of them in the titles of 100 000 printings, each met once per language): its
        stem and form are the word itself in either language (:meth:`_plain_number`), it is a content word (no rule
        number without a dot, not one letter) and plain; the same :class:`_Word` without the stemmer's, lemma's and
        lists' calls."""
        terms = {word: None}
        return _Word(word, _CONTENT, terms, "", False, False, False, False, self.vocab.starts_concept(word), word, True,
                     terms)

    def _word_read(self, word: str, language: str) -> _Word:
        """The :class:`_Word` of ``word`` in ``language`` read from its stems, kind and the word lists (:meth:`_word`
        remembers it)."""
        stems = self.stems(word, language, keep=False)
        if NUMBER.match(word):
            kind, extra = _NUMBER, number_term(word)
        elif word in WEAK_WORDS:
            kind, extra = _WEAK, snowball(word)
        elif word in STOP_WORDS or (len(word) < 2 and not word.isdigit()):
            kind, extra = _NO_TERM, ""
        else:
            kind, extra = _CONTENT, ""
        form = self.form(word, language)
        terms = dict.fromkeys(stems)
        negation, wissen, in_phrases = word in lists.NEGATIONS, word in _WISSEN, word in lists.WEAK_IN_PHRASES
        plain = kind != _WEAK and not (negation or wissen or in_phrases)
        adds = terms if kind == _CONTENT else {extra: None} if kind == _NUMBER else {}
        return _Word(stems[0], kind, terms, extra, negation, word in STOP_WORDS, wissen, in_phrases,
                     self.vocab.starts_concept(stems[0]), form, plain, adds)

    # -- whole texts --------------------------------------------------------------------------------

    def analyse(self, text: str, *, language: str = "de", old_terms: bool = True, question: bool = False,
                document: str | None = None) -> Analysis:
        """The :class:`Analysis` of ``text``.

        ``language``: ``"de"`` or ``"en"`` (English text: English stems; concepts through English names).
        ``old_terms``: older names of the term table count as their concept (old documents, questions).
        ``document``: the file prefix of the passage's document (a name's sense per document, see
        :class:`Concept`); None for a question.
        ``question``: read at most :data:`MAX_QUESTION_TOKENS` tokens, stop words typed without umlaut as listed,
        repair spellings and typos, name compounds' concepts, cap the terms at :data:`MAX_QUERY_TERMS`. Never raises;
        bounded by :data:`MAX_TOKENS` for any input; each distinct word looked at once per analyser (:meth:`_word`).
        """
        cap = MAX_QUESTION_TOKENS if question else MAX_TOKENS
        raw = tokens(text, cap + 1)
        truncated = len(raw) > cap
        raw = [w if not question or self.vocab.knows(w) else listed_spelling(w) for w in raw[:cap]]  # "fuer": für
        if question:  # a players' word the documents have words for is read as them: „mulli“ → „mulligan“
            raw = separable.joined(players_words.read([w for w in raw if w not in lists.PLAYERS_FILLERS], text), text,
                                   self.lemma, self.vocab.names)  # „zb“: no word; „handelt … ab“: „abhandeln“
        english_question, raw = english_words.english_read(raw) if question and language == "de" else (False, raw)
        typed = raw  # as typed: a name of Concept.forms counts only so, not as a typo's repair
        fixed: set[int] = set()
        if question and language == "de" and self.options.spelling:
            raw, fixed = self._repair(raw, english_question)
        known = self._words.get(language, {})
        infos = [known.get(w) or self._word(w, language) for w in raw]
        named: dict[int, list[str]] = {}  # word position → concepts whose names cover it
        concepts: list[str] = []
        covered: set[int] = set()
        if self.options.concepts:
            concepts, covered = self._concepts(raw, infos, (old_terms, document, language, question, typed), named)
            if language == "de":  # „andere Zone als dem Stapel“: the hand …; „kann … kann nicht“: rule 101.2 …
                concepts += [c for c in (*text_concepts(text, old_terms), *(question_senses(raw) if question else ()))
                             if c not in concepts]
        out = Analysis(concepts=concepts, truncated=truncated, english=english_question,
                       typos={raw[i]: typed[i] for i in fixed})  # the typed word of each typo repaired
        terms = dict.fromkeys(concepts)  # the terms in order of first appearance, each once
        for i, word in enumerate(raw):
            _first, kind, stems, extra, negation, _stop, wissen, in_phrases, _starts, _form, _plain, _adds = infos[i]
            if kind == _NUMBER:
                out.numbers.append(word)
                terms[extra] = None
                continue
            if negation:  # "ohne eigene Kreatur" meets "kontrollierst du keine Kreatur"
                out.weak.append(lists.NEGATED)
            if kind == _WEAK:
                out.weak.append(extra)
                continue
            if kind != _CONTENT or (wissen and lists.is_verb_wissen(raw, i)) or (in_phrases and i in covered):
                continue
            if question and word in lists.WANN_PREPOSITIONS and raw[i + 1 : i + 2] == [lists.WANN]:
                continue  # „ab wann“: one question word (the moment it asks for: bot.answer_cues)
            out.words.append(word)
            if question:
                self._question_word(out, terms, (i, word, stems), fixed, named)
            else:
                terms.update(stems)
        terms.update(dict.fromkeys(quoted_terms(text)))  # „du“ quoted: the word is what the text is about
        out.set_terms(terms)
        return question_groups(_capped(out), named) if question else out

    def indexed(self, text: str, language: str, old_terms: bool, document: str | None) -> Indexed:
        """What a passage's columns take of :meth:`analyse` of ``text`` (not a question): ``(terms, concepts, the
        weak stems that are no term)``, the last empty without terms (:meth:`Analysis.all_terms` is the first and
        last together); the same steps in one pass, without an :class:`Analysis` (the build's hot path)."""
        raw = tokens(text, MAX_TOKENS)
        known = self._words.get(language, {})
        found = list(map(known.get, raw))  # the words remembered, looked up in C; the others read in order
        infos = ([info or self._word(w, language) for w, info in zip(raw, found, strict=True)] if None in found
                 else cast("list[_Word]", found))
        concepts: list[str] | None = None
        covered: set[int] = set()
        plain = all(map(_PLAIN, infos))  # no word whose terms depend on its place or that adds a weak stem (most texts)
        if self.options.concepts and document is not None:  # a document's passage (_concepts' first branch)
            how = (document, old_terms, language)
            firsts = list(map(_FIRST, infos))
            names = self.card_name_words(firsts, language) if self.card_names else set()
            if plain and not names:
                concepts = plain_concepts(raw, infos, firsts, self.vocab.word_concepts(*how))
            if concepts is None:
                concepts, covered = passage_concepts(raw, infos, self.vocab.concept_table(*how), names, firsts,
                                                     self.vocab.concept_fits(*how))
        elif self.options.concepts:
            concepts, covered = self._concepts(raw, infos, (old_terms, document, language, False, raw), {})
        concepts = concepts or []
        if self.options.concepts and language == "de":  # as analyse: the zones „einer anderen Zone als …“ means
            concepts = [*concepts, *(c for c in text_concepts(text, old_terms) if c not in concepts)]
        terms, weak, is_wissen = dict.fromkeys(concepts), [], lists.is_verb_wissen
        if plain:
            collections.deque(map(terms.update, map(_ADDS, infos)), maxlen=0)  # each word's terms in order, in C
            terms.update(dict.fromkeys(quoted_terms(text)))  # as analyse: „du“ quoted
            return tuple(terms), tuple(concepts), ()
        for i, info in enumerate(infos):
            kind = info.kind
            if kind == _CONTENT and not (info.wissen or info.in_phrases or info.negation):  # most words
                terms.update(info.terms)
                continue
            if kind == _NUMBER:
                terms[info.extra] = None
                continue
            if info.negation:
                weak.append(lists.NEGATED)
            if kind == _WEAK:
                weak.append(info.extra)
            elif kind == _CONTENT and not ((info.in_phrases and i in covered) or (info.wissen and is_wissen(raw, i))):
                terms.update(info.terms)
        terms.update(dict.fromkeys(quoted_terms(text)))
        extra = tuple(w for w in dict.fromkeys(weak) if w not in terms) if terms else ()
        return tuple(terms), tuple(concepts), extra

    def _question_word(self, out: Analysis, terms: dict[str, None], at: tuple[int, str, dict[str, None]],
                       fixed: set[int], named: dict[int, list[str]]) -> None:
        """Add the terms of a question's content word ``at`` (position, word, its stems) to ``terms``: a term read
        only from words repaired as typos (positions ``fixed``) is marked repaired; an English question's word also
        gives its English stem; the word's group (its terms and the concepts ``named`` at its position) goes to
        :attr:`Analysis.groups`."""
        i, word, stems = at
        group = [*stems, *named.get(i, ())]
        for term in stems:
            if i in fixed and term not in terms:
                out.repaired.add(term)
            elif i not in fixed:
                out.repaired.discard(term)
            terms[term] = None
        if out.english:  # "how do you win a clash" also meets 000's English text by English stems
            english = snowball(word, "en")
            terms[english] = None
            group.append(english)
        out.groups.append(tuple(dict.fromkeys(group)))
        out.word_terms.append(out.groups[-1])  # one per word, kept when question_groups makes groups distinct

    def _concepts(self, raw: list[str], infos: list[_Word], how: tuple[Any, ...],
                  named: dict[int, list[str]]) -> tuple[list[str], set[int]]:
        """The concepts found in the words ``raw`` (left to right, longest name first; ``how``: old terms, document,
        language, question, the words as typed; see :meth:`Vocabulary.concepts_at`), each once, and the positions
        of the words that names of two or more words cover; ``named`` gets, per position, the concepts whose names
        cover it (a question's; a passage of a document leaves it empty). Only positions where a name can begin
        are compared."""
        old_terms, document, language, question, typed = how
        names = self.card_name_words([i.first for i in infos], language) if self.card_names and not question else set()
        if not question and document is not None:
            return passage_concepts(raw, infos, self.vocab.concept_table(document, old_terms, language), names)
        stems = [info.first for info in infos]
        forms = [info.form for info in infos]
        foreign = [w not in STOP_WORDS and len(w) >= 4 for w in raw] if question else None
        english = ([self.vocab.english_stem(w, t) for w, t in zip(raw, typed, strict=True)]
                   if question and language == "de" else None)
        begins = self.vocab.starts_concept
        starts = [i for i, info in enumerate(infos)
                  if (info.starts or (english and begins(english[i]))) and i not in names]
        concepts: dict[str, None] = {}
        covered: set[int] = set()
        stop = [info.stop or (info.wissen and lists.is_verb_wissen(raw, i)) for i, info in enumerate(infos)]
        after = 0
        for i in starts:
            if i < after:  # inside the name found before
                continue
            found, length = self.vocab.concepts_at(stems, i, old_terms, document, language, foreign, english, stop,
                                                   typed, forms)
            if names and length > 1 and not names.isdisjoint(range(i, i + length)):
                found, length = [], 0  # a concept's name running into a card's name
            concepts.update(dict.fromkeys(found))
            if length > 1:
                covered.update(range(i, i + length))
            for at in range(i, i + length) if found else ():
                named.setdefault(at, []).extend(found)
            after = i + max(length, 1)
        part_concepts(self, raw, (question, old_terms, language), {*named, *names}, (concepts, named))  # Hybridkarte
        return list(concepts), covered

    def _repair(self, raw: list[str], english: bool = False) -> tuple[list[str], set[int]]:
        """Question words the documents lack, replaced by a spelling they have (umlauts, also the participle of a verb
        they have: „ausgefuehrt“ of 101.3's „ausführen“; then typos); and the indices of the words repaired as typos.
        By edit distance (:attr:`Options.edits`), a word is no typo when the documents have a word of its stem of four
        letters or more ("gewinne", "werfe"; not "fede", whose stem ``fed`` is also "feder"'s) or the question is
        ``english``. A typo is repaired to another declined form of the word when the documents hold one, before the
        nearest word („alten“ → 001's „alte“, not „arten“ at the same distance; :func:`bot.word_parts.other_form`; the
        notes name no such repair: :func:`bot.word_forms.inflected`). A players' word of
        ``data/players_words.tsv`` (:func:`bot.players_words.listed`) is never repaired."""
        typos = 0
        out = []
        repaired: set[int] = set()
        edits = self.options.edits
        for i, word in enumerate(raw):
            if (self.vocab.prints(word) or word in STOP_WORDS or not word.isalpha() or len(word) < MIN_TYPO
                    or players_words.listed(word)):  # a players' word („ulten“, „regen“) is no slip
                out.append(word)
                continue
            forms = restore_umlauts(word)  # once: the umlaut spellings, also for the slip's measures below
            fixed = next((v for v in forms if self.vocab.knows(v)), None) or next(
                (v for v in forms if self._participle(v) is not None), None)  # „ausgefuehrt“
            stem = snowball(word)
            if edits and fixed is None and (english or (len(stem) >= MIN_TYPO and self.vocab.has_stem(stem))
                                            or self.vocab.names_concept(word, stem, fold(self.lemma(word)))):
                out.append(word)  # an English question's words, a form of a word the documents have or of a name
                continue
            if fixed is None and typos < MAX_TYPOS and (edits or len(word) >= 5) and self._participle(word) is None:
                typos += 1
                # another declined form first („alten“: 001's „alte“, not „arten“), then the slip repair („getapten“)
                fixed = (other_form(word, self.vocab) or slip_repair(word, self.vocab, forms)
                         or players_words.typo_reading(word, forms) if edits else self.vocab.typo(word))
                if fixed and edits and self.options.ordinary and kept_as_typed(word, fixed, german_dictionary()):
                    fixed = None  # a word of its own: „holt“ no slip of „hält“, „haut“ none of English „haunt“
                fixed = fixed or (self.vocab.compound_of(word) if edits else None)  # „vorrat“: „Manavorrat“
                if fixed:
                    repaired.add(i)
            out.append(fixed or word)
        return out, repaired


__all__ = [
    "LONG_TYPO", "MAX_QUERY_TERMS", "STOP_WORDS", "TYPO_CUTOFF", "Analyser", "Analysis", "Concept", "ConceptName",
    "Options", "Vocabulary", "build_concepts", "concept_id", "number_term", "numbers_in", "restore_umlauts",
    "snowball", "tokens",
]
