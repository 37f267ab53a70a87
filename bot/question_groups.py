"""The final term groups of a question's analysis (:attr:`bot.analysis.Analysis.groups`): which of its terms the
ranking counts together as one word of the question (a word's stems and compound parts, a concept named by words
that give no term themselves) and which alone."""

from __future__ import annotations

from typing import Protocol, TypeVar

from bot.stopwords import STOP_WORDS
from bot.vocabulary import Vocabulary
from bot.words import snowball


class Grouped(Protocol):
    """What :func:`question_groups` reads and sets of an analysis (:class:`bot.analysis.Analysis`)."""

    terms: list[str]
    groups: list[tuple[str, ...]]


G = TypeVar("G", bound=Grouped)


def question_groups(out: G, named: dict[int, list[str]]) -> G:
    """``out`` (a capped question's analysis) with :attr:`bot.analysis.Analysis.groups` made final: each word's
    terms that the cap kept, a group per concept named by words that give no term themselves ("im Spiel", from
    ``named``: word position → concepts), and every other kept term alone."""
    kept = set(out.terms)
    seen = {t for g in out.groups for t in g}
    out.groups += [tuple(dict.fromkeys(c for c in found if c not in seen)) for found in named.values()]
    grouped = [g for g in (tuple(t for t in group if t in kept) for group in out.groups) if g]
    seen = {t for g in grouped for t in g}
    out.groups = list(dict.fromkeys([*grouped, *((t,) for t in out.terms if t not in seen)]))
    return out



class Compounds(Protocol):
    """The analysis option :func:`part_concepts` reads (:class:`bot.analysis.Options`)."""

    @property
    def compounds(self) -> bool:
        """Compounds are split into their parts."""
        ...


class PartsAnalyser(Protocol):
    """What :func:`part_concepts` asks of the analyser (:class:`bot.analysis.Analyser`)."""

    @property
    def vocab(self) -> Vocabulary:
        """The store's vocabulary."""
        ...

    @property
    def options(self) -> Compounds:
        """The analysis options."""
        ...

    def compound_parts(self, word: str, depth: int = 0) -> list[str]:
        """The parts of a compound, modifier first, head last (``[]`` for no compound)."""
        ...

    def lemma(self, word: str) -> str:
        """The lemma of a lower-case German word."""
        ...


def joined_name(vocab: Vocabulary, parts: list[str], old_terms: bool, language: str) -> list[str]:
    """The concepts of a name of several words that a compound's ``parts`` (modifier first) spell out whole, in any
    language of the table: players write the rules' English names as one word — „manacost“ (Mana Cost, Manakosten,
    CR 202), „combatdamage“ (Combat Damage, 510), „firststrike“ (First Strike, 702.7) — and such a word is in no
    document, so only its parts can meet the name; [] when they spell none whole (a name of one of them is
    :func:`part_concepts`' reading). Pure."""
    n = len(parts)
    english = [snowball(p, "en") for p in parts]
    found, length = vocab.concepts_at([snowball(p) for p in parts], 0, old_terms, None, language, [True] * n, english)
    return found if length == n else []


#: Fewest letters of a compound's piece whose concept a question names (:func:`piece_concepts`): „Zug“, „Weg“, „Tor“
#: as a compound's first piece are prefixes or short nouns of many senses („zugefügt“, „wegbewegt“, „Torwächter“).
MIN_PIECE = 4
#: Last pieces that make an adverb or a preposition of the word before them, no noun compound: „außerhalb“,
#: „innerhalb“, „deshalb“ (not a „halb“ of 003's fractions), „abwärts“, „jenseits“, „mehrmals“.
ADVERB_HEADS = frozenset({"halb", "wärts", "seits", "mals"})


def piece_concepts(a: PartsAnalyser, parts: list[str], how: tuple[bool, str]) -> list[str]:
    """The concepts the pieces of one compound name, each piece read as the question using its word: the modifier's
    (``parts[0]``; when it names none, each of its own pieces', ``parts[1:-1]``) and the head's (``parts[-1]``, the
    compound's meaning: „Kreaturenspielstein“ is a token, „Manakostenreduktion“ a cost reduction of 601.2f,
    „Artefaktzerstörung“ a destruction of 701.8), in that order, each once. ``parts``: :meth:`compound_parts`
    (modifier first, its own pieces after it, head last; at least two); ``how``: old terms count, the language. A
    piece names a concept as a one-word name of the term table or a synonym group
    (:meth:`bot.vocabulary.Vocabulary.concepts_at`) when it has :data:`MIN_PIECE` letters or more and is no stop word.
    Pure."""
    old_terms, language = how

    def named(piece: str) -> list[str]:
        if len(piece) < MIN_PIECE or piece in STOP_WORDS:
            return []
        return a.vocab.concepts_at([snowball(a.lemma(piece))], 0, old_terms, None, language)[0]

    found = named(parts[0]) or [c for piece in parts[1:-1] for c in named(piece)]
    return list(dict.fromkeys([*found, *named(parts[-1])]))


def part_concepts(a: PartsAnalyser, words: list[str], how: tuple[bool, bool, str], taken: set[int],
                  out: tuple[dict[str, None], dict[int, list[str]]]) -> None:
    """The concepts a question's compounds name whole (:func:`joined_name`: „manacost“ → Mana Cost) or else by their
    pieces (:func:`piece_concepts`), added to ``out`` (the concepts found, and per word position the concepts named
    there): „Hybridkarte“ → Hybrid-Manasymbol, „Kampfschadensschritt“ → Kampfschaden, „Giftmarke“ → Giftmarke,
    „Kreaturenspielstein“ → Kreatur and Spielstein; a head that names none — „Karte“, „Schritt“ — adds nothing. A
    piece counts as the question using its word: a player builds compounds no document writes, and their pieces are
    the documents' words. ``how``: the words are a question's (a passage's get none), old terms count, the language;
    ``taken``: positions left alone (a concept or a card named there already). Stop words are no compounds; nothing
    without :attr:`bot.analysis.Options.compounds`."""
    question, old_terms, language = how
    if not question or not a.options.compounds:
        return
    concepts, named = out
    for i, word in enumerate(words):
        parts = a.compound_parts(word) if i not in taken and word not in STOP_WORDS else []
        if len(parts) < 2 or parts[-1] in ADVERB_HEADS:  # „teilweise“ → teil, „außerhalb“: no noun compound
            continue
        found = joined_name(a.vocab, parts, old_terms, language) or piece_concepts(a, parts, (old_terms, language))
        concepts.update(dict.fromkeys(found))
        if found:
            named.setdefault(i, []).extend(found)


__all__ = ["ADVERB_HEADS", "MIN_PIECE", "Compounds", "Grouped", "PartsAnalyser", "joined_name", "part_concepts",
           "piece_concepts", "question_groups"]
