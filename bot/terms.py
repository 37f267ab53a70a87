"""The German ↔ English term table (``data/terms_de_en.tsv``) and its look-up by everyday German.

The table ships with the project: every keyword action (701.x) and keyword ability (702.x) of the Comprehensive
Rules of 2026-04-17 and the glossary terms players use (zones, steps, phases, card types, counters, state-based
actions, priority, …), each with today's rule number, its older German terms (``Vorrang`` → Priorität) and spellings.

:meth:`TermIndex.lookup` finds the term a German (or English) query means, in this order:

1. **exact**: a name of the term (German, a variant, an old term or the English name), compared on
   compact keys (case, ``ä``/``ae``/``a``, ``ß``/``ss``, hyphens and spaces ignored:
   ``Beginn des Kampfes Segment`` = ``Beginn-des-Kampfes-Segment``);
2. **form**: the same after stripping German inflection endings word by word
   (``zustandsbasierten Aktion`` = ``Zustandsbasierte Aktionen``, ``Legendenregeln``), or with the
   Snowball stems of :mod:`bot.analysis` and a participle read as its verb (``gepfropft`` = ``Pfropfen``,
   ``befehdet`` = ``befehden``);
3. **inside**: a query that contains a name as whole words (``Was macht Trampelschaden?``), the longest
   name wins; a single general word (kind ``term``: ``Spieler``, ``Zug``) does not count, nor does a name
   inside a sentence that says more (more than one content word besides the name: that is a question for
   the ranked search of :mod:`bot.ranking`);
4. **document**: a word a document writes for the term (``data/terms_documents.tsv``: 004's ``anstacheln`` is
   Aufstacheln, 002's ``Nachhall`` is Nachspiel; :meth:`TermIndex.document_senses`);
5. **typo**: one or two letters off on a name of ≥ 6 letters (rapidfuzz ``ratio`` ≥ 85 on the compact
   key, with a margin of 3 over the next term).

Names are ranked German main name → variant → old term → English within a step, so ``Spielen``
(701.18 Play) wins over the old term ``spielen`` of *Wirken*.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from rapidfuzz import fuzz, process

from bot.analysis import STOP_WORDS, Analyser, ConceptName, Options, Vocabulary, build_concepts, concept_id, tokens
from bot.concepts import is_form_of, joined_name, one_word_base, term_concept
from bot.paths import DATA_DIR, tsv_rows
from bot.prefixes import KeyStarts, WordPrefixes
from bot.shorthand import shorthand_names
from bot.stopwords import ASKING_VERBS
from bot.text import clean, name_folds, name_keys, name_spellings, name_words, sharp_s
from bot.text import tokens as fts_tokens
from bot.textsearch import SynonymGroup, synonyms

TERMS_PATH = DATA_DIR / "terms_de_en.tsv"
SENSES_PATH = DATA_DIR / "terms_documents.tsv"
#: The documents whose older terms (im Spiel, Permanent, spielen) are meant in the old sense: the FAQs and the
#: clash article of 2005–2007 and the third-party rules explanation 003, which keeps the older words (its
#: "Vorrang" is precedence: data/terms_documents.tsv). The rulings lists of 2017 and 2026 use today's terms.
OLD_DOCUMENTS = frozenset({"000", "001", "003"})
#: Longest query looked at (characters); the table's longest name has under 40.
MAX_QUERY = 200
#: Fuzzy tier: minimum ``fuzz.ratio`` on compact keys, margin over the next term, minimum key length.
TYPO_CUTOFF = 85.0
TYPO_MARGIN = 3.0
TYPO_MIN_LENGTH = 6

KIND_NAMES = {
    "keyword_action": "Schlüsselwortaktion",
    "keyword_ability": "Schlüsselwortfähigkeit",
    "ability_word": "Fähigkeitswort (ohne eigene Regel)",
    "zone": "Zone",
    "phase": "Phase",
    "step": "Segment",
    "card_type": "Kartentyp",
    "card_kind": "Kartenart",
    "supertype": "Obertyp",
    "counter": "Marke",
    "symbol": "Symbol",
    "term": "Regelbegriff",
}
# Rank of a name within a term: main German name, variant, old term, English name.
MAIN, VARIANT, OLD, ENGLISH = 0, 1, 2, 3
_ENDINGS = ("en", "es", "em", "e", "n", "s")  # not "er": Spieler is no form of Spielen
_RULE = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?$")
#: Stop and question words as :func:`bot.text.name_words` folds them (``für`` → ``fur``).
_FOLDED_STOP_WORDS = frozenset(w for s in STOP_WORDS for w in name_words(s))
#: Verbs that ask about a term (:data:`bot.stopwords.ASKING_VERBS`), folded the same way.
_FOLDED_ASKING = frozenset(w for s in ASKING_VERBS for w in name_words(s))
#: Shortest word (compact key) that alone may name a term by the first word of its name.
MIN_PART_WORD = 8


@dataclass(frozen=True)
class Term:
    """One row of ``data/terms_de_en.tsv``.

    Attributes:
        german: the term as printed on German cards (``"Trampelschaden"``).
        english: the term of the Comprehensive Rules (``"Trample"``).
        kind: ``keyword_ability``, ``keyword_action``, ``zone``, ``step``, … (see :data:`KIND_NAMES`).
        rule: today's rule number (``"702.19"``).
        old: older German terms of the same thing (``("Vorrang",)``), shown as "früher …".
        variants: other spellings and forms (searched, not shown).
        documents: file prefixes of ``data/sources`` whose text uses the German or an old term.
    """

    german: str
    english: str
    kind: str
    rule: str
    old: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    documents: tuple[str, ...] = ()

    @property
    def kind_name(self) -> str:
        """The kind in German (``"Schlüsselwortfähigkeit"``)."""
        return KIND_NAMES.get(self.kind, "Regelbegriff")

    def names(self) -> list[tuple[str, int]]:
        """Every name with its rank (:data:`MAIN`, :data:`VARIANT`, :data:`OLD`, :data:`ENGLISH`)."""
        return [
            (self.german, MAIN),
            *((v, VARIANT) for v in self.variants),
            *((o, OLD) for o in self.old),
            (self.english, ENGLISH),
        ]


@dataclass(frozen=True)
class TermMatch:
    """A look-up result: the term, the name that matched, how (``exact``/``form``/``inside``/``typo``) and
    the matched name's rank (:data:`MAIN`, :data:`VARIANT`, :data:`OLD`, :data:`ENGLISH`)."""

    term: Term
    name: str
    how: str
    rank: int = MAIN


def parse_terms(text: str) -> list[Term]:
    """Parse the TSV format of ``data/terms_de_en.tsv`` (``#`` comments, a header row, 7 columns).

    Raises:
        ValueError: naming the line, for a row without 7 columns, an empty German/English name or a
            malformed rule number.
    """
    rows: list[Term] = []
    body = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip() and not line.startswith("#")]
    for n, line in body[1:]:
        cols = [c.strip() for c in line.split("\t")]
        if len(cols) != 7:
            raise ValueError(f"terms_de_en.tsv Zeile {n}: 7 Spalten erwartet, {len(cols)} gefunden")
        german, english, kind, rule, old, variants, documents = cols
        if not german or not english or not _RULE.match(rule):
            raise ValueError(f"terms_de_en.tsv Zeile {n}: Name oder Regelnummer fehlt ({rule!r})")

        def split(value: str, sep: str = "|") -> tuple[str, ...]:
            return tuple(p.strip() for p in value.split(sep) if p.strip())

        rows.append(Term(german, english, kind, rule, split(old), split(variants), split(documents, ",")))
    return rows


def inflection_stem(word: str) -> str:
    """A folded word without one German inflection ending (``aktionen`` → ``aktion``), ≥ 4 letters kept."""
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word


def _stems(text: str) -> tuple[str, ...]:
    """The folded words of ``text`` (:func:`bot.text.name_words`: ``ä`` → ``a``, ``ß`` → ``ss``), inflection cut off."""
    return tuple(inflection_stem(w) for w in name_words(text))


class TermIndex:
    """The term table in memory with the look-up tiers of the module doc (built once, ~400 rows)."""

    def __init__(self, terms: list[Term], document_words: tuple[Sense, ...] = ()) -> None:
        self.terms = terms
        by_english = {t.english: i for i, t in enumerate(terms)}
        #: compact key of a document's word → (term index or None for a row of NO_TERM, the sense row, the word)
        self._documents: dict[str, list[tuple[int | None, Sense, str]]] = {}
        for sense in document_words:
            for word in sense.words if sense.english in by_english or sense.english == NO_TERM else ():
                for key in name_keys(word):
                    self._documents.setdefault(key, []).append((by_english.get(sense.english), sense, word))
        self._exact: dict[str, list[tuple[int, int]]] = {}  # key → [(rank, term index)]
        self._forms: dict[tuple[str, ...], list[tuple[int, int]]] = {}
        self._fuzzy_keys: list[str] = []
        self._fuzzy_owner: list[tuple[int, int]] = []
        for i, term in enumerate(terms):
            for name, rank in term.names():
                for key in name_keys(name):
                    self._exact.setdefault(key, []).append((rank, i))
                    if len(key) >= TYPO_MIN_LENGTH:
                        self._fuzzy_keys.append(key)
                        self._fuzzy_owner.append((rank, i))
                stems = _stems(name)
                if stems:
                    self._forms.setdefault(stems, []).append((rank, i))
        self._longest = max((len(k) for k in self._forms), default=1)
        # The first word of every name of two or more words ("zustandsbasiert" → Zustandsbasierte Aktionen).
        self._starts: dict[tuple[str, ...], list[tuple[int, int]]] = {}
        for stems, owners in self._forms.items():
            if len(stems) > 1:
                self._starts.setdefault(stems[:1], []).extend(owners)
        # Word forms through the analysis (Snowball stems, a participle's verb): "gepfropft" = "Pfropfen".
        self._form_analyser = Analyser(Vocabulary({w: 1 for t in terms for n, _ in t.names() for w in tokens(n)}),
                                       Options(compounds=False, concepts=False, spelling=False))
        self._snow: dict[tuple[str, ...], list[tuple[int, int, str]]] = {}  # owners with a one-word name's base
        for i, term in enumerate(terms):
            for _name, rank, words in ((n, r, tokens(n, 12)) for n, r in term.names() if r != ENGLISH):
                self._snow.setdefault(tuple(map(self._word_form, words)), []).append(
                    (rank, i, one_word_base(self._form_analyser, words)))
        self._snow_starts = KeyStarts(self._snow)  # a query's forms made only as far as a key of _snow starts so
        # Every name with its folded words as " w1 w2 …" (a word starts with t ⇔ " " + t in it), for autocompletes.
        self.name_words: list[tuple[Term, str, int, str]] = [
            (term, name, rank, " " + " ".join(fts_tokens(name))) for term in terms for name, rank in term.names()
        ]

    def _word_form(self, word: str) -> str:
        """The Snowball stem of a word, a participle read as its verb (``gepfropft`` → ``pfropf``)."""
        return self._form_analyser.stems(word)[0]

    def _best(self, found: list[tuple[int, int]], name_of: str, how: str) -> TermMatch:
        rank, i = min(found)
        return TermMatch(self.terms[i], name_of, how, rank)

    def fuzzy_keys_of(self, wanted: Collection[int]) -> tuple[str, ...]:
        """The typo tier's compact keys (≥ :data:`TYPO_MIN_LENGTH` letters) of the terms at positions ``wanted``
        of :attr:`terms`, in table order: what :meth:`lookup`'s ``typo_among`` takes."""
        return tuple(key for key, (_rank, i) in zip(self._fuzzy_keys, self._fuzzy_owner, strict=True) if i in wanted)

    def lookup(self, query: str, typo_among: Sequence[str] | None = None) -> TermMatch | None:
        """The term ``query`` names (tiers exact → form → inside → typo), or None.

        ``typo_among``: for a caller that uses a match only when it is one of some terms (their keys from
        :meth:`fuzzy_keys_of`), the typo tier runs only when one of these keys is within :data:`TYPO_CUTOFF` of
        the query's; otherwise its match could not be one of those terms, and None is returned instead. The
        answer is the same as without it whenever it is one of those terms.

        Bounded for any input: the query is cut to :data:`MAX_QUERY` characters; the inside tier
        compares word windows of at most the longest name's word count.
        """
        text = clean(query)[:MAX_QUERY]
        keys, words = name_folds(text)  # folded once: the keys, and the words for the stems and the content words
        for key in keys:
            if key in self._exact:
                return self._best(self._exact[key], text, "exact")
        stems = tuple(inflection_stem(w) for w in words)  # _stems(text)
        if not stems:
            return None
        if stems in self._forms:
            return self._best(self._forms[stems], text, "form")
        forms = self._snow_starts.key(read := tokens(text, 12), self._word_form)  # None: no key of _snow
        # a one-word name only on its own forms (Concept.base): „verlieren“ (verli) is no Verlies (verli)
        if owners := [(r, i) for r, i, base in self._snow.get(forms or (), ())
                      if len(read) > 1 or is_form_of(self._form_analyser, base, read[0])]:
            return self._best(owners, text, "form")
        content = [w for w in words if w not in _FOLDED_STOP_WORDS]
        decided, inside = self._inside(stems, content)
        if decided:
            return inside
        documents = [term for term, _, _ in self._senses_of(keys) if term is not None]
        if documents:
            return TermMatch(documents[0], text, "document", VARIANT)
        key = keys[0] if keys else ""
        if len(key) < TYPO_MIN_LENGTH or len(key) > 60:
            return None
        if (
            typo_among is not None
            and process.extractOne(key, typo_among, scorer=fuzz.ratio, processor=None, score_cutoff=TYPO_CUTOFF) is None
        ):
            return None
        found = process.extract(key, self._fuzzy_keys, scorer=fuzz.ratio, limit=12, score_cutoff=TYPO_CUTOFF)
        if not found:
            return None
        best_by_term: dict[int, float] = {}
        for _k, score, pos in found:
            rank, i = self._fuzzy_owner[pos]
            best_by_term[i] = max(best_by_term.get(i, 0.0), float(score) - rank * 0.1)
        ranked = sorted(best_by_term.items(), key=lambda kv: -kv[1])
        if len(ranked) > 1 and ranked[0][1] - ranked[1][1] < TYPO_MARGIN:
            return None
        return TermMatch(self.terms[ranked[0][0]], text, "typo")

    def besides(self, query: str, match: TermMatch) -> list[str]:
        """The content words of ``query`` besides the term ``match`` found inside it (folded; stop words and asking
        verbs not counted): ``"spielstein friedhof"`` with Friedhof → ``["spielstein"]``, ``"was ist vorrang"`` →
        ``[]``. Bounded as :meth:`lookup` (the query cut to :data:`MAX_QUERY` characters)."""
        named = set(match.name.split()) | {inflection_stem(w) for w in name_folds(match.name)[1]}
        words = name_folds(clean(query)[:MAX_QUERY])[1]
        skip = _FOLDED_STOP_WORDS | _FOLDED_ASKING
        return [w for w in words if w not in skip and w not in named and inflection_stem(w) not in named]

    def document_senses(self, query: str) -> list[tuple[Term | None, Sense, str]]:
        """What the documents mean by ``query`` (one word or name as typed) where ``data/terms_documents.tsv`` says:
        ``(term, sense row, the row's word)``, the term None where the word names no term there (001's „Leere“ in
        card names); ``provoziert`` → ``(Aufstacheln, 004's row, "provoziert")``; ``[]`` when no row does."""
        return self._senses_of(name_keys(clean(query)[:MAX_QUERY]))

    def _senses_of(self, keys: tuple[str, ...]) -> list[tuple[Term | None, Sense, str]]:
        """:meth:`document_senses` of a query whose compact keys (:func:`bot.text.name_keys`) are ``keys``."""
        found = self._documents.get(keys[0], []) if keys else []
        return [(self.terms[i] if i is not None else None, sense, word) for i, sense, word in found]

    def _inside(self, stems: tuple[str, ...], content: list[str]) -> tuple[bool, TermMatch | None]:
        """The inside tier: the longest name inside the query as whole words, when the query says nothing more
        than the term (at most one content word besides it), or one word that starts one term's name only
        ("zustandsbasierte" → Zustandsbasierte Aktionen). ``(True, match or None)`` when the tier decides,
        ``(False, None)`` when the typo tier may still look."""
        # Content words besides an asking verb ("was bedeutet Vorrang", "wann bekomme ich Priorität").
        topic = [w for w in content if w not in _FOLDED_ASKING]
        inside: list[tuple[int, int, int, tuple[str, ...]]] = []  # (-words, rank, term, window)
        for size in range(min(self._longest, len(stems)), 0, -1):
            for start in range(len(stems) - size + 1):
                window = stems[start : start + size]
                if size == 1 and len(window[0]) < 5:
                    continue
                for rank, i in self._forms.get(window, ()):
                    # One general word inside a longer question ("Spieler", "Zug") is no answer by itself.
                    if size == 1 and self.terms[i].kind == "term" and len(topic) > 1:
                        continue
                    inside.append((-size, rank, i, window))
            if inside:
                break
        if inside:
            neg_size, rank, i, window = min(inside)
            # A sentence that says more than the term ("Was passiert, wenn zwei legendäre Permanente gleichen
            # Namens im Spiel sind") is a question for the ranked search, not a look-up of "im Spiel".
            if len(content) + neg_size > 1:  # content words besides the name
                return True, None
            return True, TermMatch(self.terms[i], " ".join(window), "inside", rank)
        word = topic[0] if len(topic) == 1 else ""
        plain = word.isascii() and word.isalnum()  # a folded ASCII word is its own compact key and only word
        if word and len(word if plain else name_keys(word)[-1]) >= MIN_PART_WORD:
            starts = self._starts.get((inflection_stem(word),) if plain else _stems(word), [])
            if len({i for _rank, i in starts}) == 1:
                return True, self._best(starts, word, "inside")
        return False, None

    def complete(self, typed_words: list[str]) -> Sequence[tuple[Term, str, int]]:
        """``(term, name, rank)`` for each term's first name whose words start with every typed word (in
        table order; folded words as :func:`bot.text.tokens` makes them, or with ß as ss,
        :func:`bot.text.sharp_s`: „weiss“ → Weiß; the names' words in every spelling, :func:`bot.text.name_spellings`:
        „gefraessig“ → Gefräßig). One typed word (most keystrokes) is
        answered from a list per prefix made once (:meth:`prepare_completion`; shared: read it, never change it),
        so a single letter, which matches hundreds of names, costs a dict look-up."""
        out: list[tuple[Term, str, int]] = []
        done: set[int] = set()
        if not typed_words:
            return out
        spelled = sharp_s(typed_words)  # „gefrass“, „weiss“: ß typed as ss (the names' words so too)
        if len(typed_words) == 1:
            return self._by_prefix.get(typed_words[0]) or self._by_prefix.get(spelled[0], ())
        for pos in self._completion.matching(typed_words) or self._completion.matching(spelled):
            term, name, rank, _joined = self.name_words[pos]
            if id(term) not in done:
                done.add(id(term))
                out.append((term, name, rank))
        return out

    def prepare_completion(self) -> None:
        """Make :meth:`complete`'s lists now (a few ms), not at the first keystroke (the command table's warm-up)."""
        _ = self._by_prefix

    @cached_property
    def _by_prefix(self) -> dict[str, list[tuple[Term, str, int]]]:
        """Every prefix of a word of :attr:`name_words` → :meth:`complete` of that one word (each term's first name
        with a word starting with it, in table order): the first names per term that :attr:`_completion` found."""
        names = [(term, name, rank) for term, name, rank, _joined in self.name_words]
        return {prefix: [names[pos] for pos in found] for prefix, found in self._completion.firsts().items()}

    @cached_property
    def _completion(self) -> WordPrefixes:
        """The names' words by every prefix (:attr:`name_words`), and per prefix each term's first name with such a
        word (for :attr:`_by_prefix`): one pass over the names, at the warm-up (:meth:`prepare_completion`)."""
        return WordPrefixes((name_spellings(name) for _term, name, _rank, _joined in self.name_words),
                            groups=[id(term) for term, _name, _rank, _joined in self.name_words])


@cache
def term_index(path: Path = TERMS_PATH) -> TermIndex:
    """The term table of ``path`` as a :class:`TermIndex` (read once per process)."""
    return TermIndex(parse_terms(path.read_text(encoding="utf-8")), senses())


#: The ``englisch`` and ``regel`` of a sense row whose words name no term at all in its documents.
NO_TERM = "-"


@dataclass(frozen=True)
class Sense:
    """A row of ``data/terms_documents.tsv``: words that in some documents name another term than the table
    says (``provoziert`` is goad in 004, the table's „Provozieren“ is provoke), or no term at all
    (:data:`NO_TERM`: 001's „Ley-Linie der Leere“ is a card name, not the keyword Leere)."""

    words: tuple[str, ...]
    english: str
    rule: str
    documents: frozenset[str]
    note: str = ""


def parse_senses(path: Path) -> list[Sense]:
    """Parse ``data/terms_documents.tsv`` (read by :func:`bot.paths.tsv_rows`: ``#`` comments, a header row, 5
    tab-separated columns).

    Raises:
        ValueError: naming the line, for a row without 5 columns, without words or documents, or with a
            malformed rule number (``-`` with ``englisch`` ``-``: no term). OSError: the file cannot be read.
    """
    out = []
    for n, raw in list(tsv_rows(path))[1:]:  # below the header row
        cols = [c.strip() for c in raw]
        if len(cols) != 5 or not (_RULE.match(cols[2]) or cols[1] == cols[2] == NO_TERM):
            raise ValueError(f"terms_documents.tsv Zeile {n}: 5 Spalten mit Regelnummer erwartet")
        words = tuple(w.strip() for w in cols[0].split("|") if w.strip())
        docs = frozenset(d.strip() for d in cols[3].split(",") if d.strip())
        if not words or not docs:
            raise ValueError(f"terms_documents.tsv Zeile {n}: Wörter und Dokumente fehlen")
        out.append(Sense(words, cols[1], cols[2], docs, cols[4]))
    return out


@cache
def senses(path: Path = SENSES_PATH) -> tuple[Sense, ...]:
    """The per-document senses of ``path`` (read once per process)."""
    return tuple(parse_senses(path))


def concept_names(terms: list[Term] | None = None, groups: tuple[SynonymGroup, ...] | None = None) -> list[ConceptName]:
    """Every name that stands for a concept, for :func:`bot.analysis.build_concepts`:

    * each term of ``data/terms_de_en.tsv``: German name and variants, old terms (``old``, meant only in the
      old documents and in questions) and the English name (stemmed as English);
    * each group of ``data/synonyms.tsv``: its patterns (one concept per group; a pattern that is an old name
      of the term table counts like one);
    * each row of ``data/terms_documents.tsv``: its words with the sense of its English term, in its documents
      only (no sense for a row of :data:`NO_TERM`); the table's own term of the same word then does not count in
      those documents, and a word of a :data:`NO_TERM` row (an ordinary word there: „verschwinden“) names the
      table's term in a question only as written (:attr:`bot.analysis.Concept.forms`), not in its other forms.
    """
    terms = term_index().terms if terms is None else terms
    groups = synonyms() if groups is None else groups
    by_english = {t.english: t for t in terms}
    overridden: dict[str, set[str]] = {}
    out: list[ConceptName] = []
    for sense in senses():
        target = by_english.get(sense.english)
        concept = term_concept(target) if target else concept_id("k", sense.english)
        for word in sense.words:
            if sense.english != NO_TERM:
                out.append(ConceptName(word, concept, only=sense.documents))
            overridden.setdefault(word.casefold(), set()).update(sense.documents)
    ordinary = {w.casefold() for sense in senses() if sense.english == NO_TERM for w in sense.words}
    for term in terms:
        concept = term_concept(term)
        for name, rank in term.names():
            not_in = frozenset(overridden.get(name.casefold(), ()))
            if rank == ENGLISH:
                out.append(ConceptName(name, concept, language="en"))
            else:
                forms = frozenset({name.casefold()}) if name.casefold() in ordinary else frozenset()
                out.append(ConceptName(name, concept, old=rank == OLD, not_in=not_in, forms=forms))
    old_names = {name.casefold() for t in terms for name in t.old}
    for group in groups:
        concept = concept_id("s", group.key)
        # A pattern that is an old name of the term table (spielen, im Spiel, Vorrang) counts like one: in the old
        # documents and in questions; the others (players' words, today's terms) everywhere.
        out += [ConceptName(name, concept, old=name.casefold() in old_names) for name in group.names]
        # a players' name of two or more words also written as one („mana burn“ → „manaburn“), as players type it
        out += [ConceptName(joined, concept) for name in group.names if (joined := joined_name(name)) is not None]
    return out


def term_lines_plain(term: Term) -> str:
    """A term as a passage's text: ``Trampelschaden (englisch Trample): Schlüsselwortfähigkeit, heute Regel 702.19.
    Früher: … Auch: trampeln.``"""
    text = f"{term.german} (englisch {term.english}): {term.kind_name}, heute Regel {term.rule}."
    if term.old:
        text += " Früher: " + ", ".join(term.old) + "."
    if term.variants:
        text += " Auch: " + ", ".join(term.variants) + "."
    return text


def analyser(words: Mapping[str, int], lemmas: Mapping[str, str], options: Options | None = None,
             card_names: tuple[str, ...] = (), english: frozenset[str] = frozenset()) -> Analyser:
    """A store's analyser: vocabulary ``words``/``lemmas`` (and ``english``: :attr:`Vocabulary.english`),
    :func:`concept_names` stemmed, :mod:`bot.card_names`."""
    options = options or Options()
    plain = Analyser(Vocabulary(words, lemmas), options)
    names = concept_names() if options.concepts else []  # their words are the typo repair's too („triggrt“)
    names += shorthand_names(synonyms(), term_index().terms, words) if options.concepts else []  # „mv“: Manawert
    written = frozenset(w for n in names for w in tokens(n.name))
    return Analyser(Vocabulary(words, lemmas, build_concepts(names, plain), written, english), options, card_names)


__all__ = ["NO_TERM", "OLD_DOCUMENTS", "Sense", "Term", "TermIndex", "TermMatch", "analyser", "concept_names",
           "inflection_stem", "parse_senses", "parse_terms", "senses", "term_concept", "term_index", "term_lines_plain"]
