"""The result of :meth:`bot.analysis.Analyser.analyse` (:class:`Analysis`, re-exported by :mod:`bot.analysis`): a
text's ranking terms, concepts, rule numbers and what a question's ranking reads of them. Nothing here imports the
rest of the bot."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Analysis:
    """The analysis of one text.

    Attributes:
        terms: ranking terms in order of first appearance, each once (stems, compound parts, concepts, rule
            numbers); the FTS5 column of a passage holds them joined by spaces.
        concepts: the concept ids among them.
        numbers: rule numbers the text names (``702.19a``).
        words: the content words as read (after spelling repair), for messages and highlighting.
        weak: stems of :data:`WEAK_WORDS` in the text (terms only beside other terms, see :meth:`all_terms`).
        truncated: the text had more tokens than were read, or more terms than a query may use.
        definition: the question asks what something is or means (set by :mod:`bot.ranking`).
        english: a question whose words are English (:func:`bot.stopwords.is_english` of the tokens read).
        repaired: terms read only from words repaired as typos (the ranking weighs them below typed words).
        typos: per word repaired as a typo, as read → as typed (no document holds it; the answers name it).
        groups: per content word of a question, the terms it gave (its stems, compound parts, English stem and
            the concepts whose names cover it), then one group per other term (a concept named by stop words
            only); a passage answers a word when it holds any of them (:mod:`bot.ranking`'s coverage). Groups are
            distinct and capped: a word typed twice („X … X“) or whose terms the cap dropped has no group of its own,
            so they are not one per word of :attr:`words`.
        word_terms: per word of :attr:`words`, in its order (a question's analysis only: the same length), the terms
            that word gave as its group was first made (before the cap and before equal groups became one): what
            the unknown-word notes ask of each word typed.
    """

    terms: list[str] = field(default_factory=list)
    concepts: list[str] = field(default_factory=list)
    numbers: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    truncated: bool = False
    weak: list[str] = field(default_factory=list)
    definition: bool = False
    english: bool = False
    repaired: set[str] = field(default_factory=set)
    typos: dict[str, str] = field(default_factory=dict)
    groups: list[tuple[str, ...]] = field(default_factory=list)
    word_terms: list[tuple[str, ...]] = field(default_factory=list)
    #: The question's capitalised nouns after an article, lower case („der Elf“ → elf; set by :mod:`bot.ranking`,
    #: :func:`bot.question_cards.article_nouns`).
    nouns: frozenset[str] = frozenset()

    def has(self, term: str) -> bool:
        """True when ``term`` is among :attr:`terms` already."""
        return term in self._seen

    def add(self, term: str) -> None:
        """Append ``term`` unless it is there already."""
        if term and term not in self._seen:
            self._seen.add(term)
            self.terms.append(term)

    def __post_init__(self) -> None:
        self._seen: set[str] = set(self.terms)

    def set_terms(self, terms: dict[str, None]) -> None:
        """Make :attr:`terms` the keys of ``terms`` (distinct, in their order)."""
        self.terms = list(terms)
        self._seen = set(terms)

    def word_groups(self) -> list[tuple[str, ...]]:
        """Per word of :attr:`words`, in order, the terms that word gave (:attr:`word_terms`). For an analysis made
        without them (a passage's, or one built by hand) the first :attr:`groups`, which are the words' own in order
        as long as no word repeats and the cap empties none. What pairs a typed word with its terms: the unknown-word
        notes, the off-topic check, the register's words."""
        if len(self.word_terms) == len(self.words):
            return list(self.word_terms)
        return self.groups[: len(self.words)]

    def other_groups(self) -> list[tuple[str, ...]]:
        """The :attr:`groups` no word of :attr:`words` gave (a concept named by stop words only, „im Spiel“; a
        quoted stop word): with :attr:`word_terms`, those sharing no term with a word's; else the groups after the
        first ``len(words)``."""
        if len(self.word_terms) != len(self.words):
            return self.groups[len(self.words):]
        said = {t for g in self.word_terms for t in g}
        return [g for g in self.groups if said.isdisjoint(g)]

    def all_terms(self) -> list[str]:
        """:attr:`terms` and, when there is at least one, the weak words' stems (a passage's indexed terms)."""
        return [*self.terms, *(w for w in dict.fromkeys(self.weak) if w not in self._seen)] if self.terms else []


__all__ = ["Analysis"]
