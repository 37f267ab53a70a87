"""Text similarity of CR rules across versions: the wording changes since 2008 folded away (:func:`wording`),
word overlap of rules that grew or lost a sentence, keyword names a rule mentions."""

from __future__ import annotations

import re
from functools import cache

from rapidfuzz import fuzz

from bot.importer.cr import CRDocument, normalise_for_search

# Wording changes since 2008 that would otherwise hide a match (old → new), applied to both sides; each with a
# piece of text it needs (the pattern is tried only on texts containing it).
_WORDING = [(hint, re.compile(pattern), repl) for hint, pattern, repl in (
    (" or he", r"\bhis or her\b", "their"), (" or he", r"\bhim or her\b", "them"),
    (" or she", r"\bhe or she\b", "they"),
    ("converted", r"\bconverted mana costs?\b", "mana value"),
    ("into play", r"\bcomes? into play\b", "enters the battlefield"),
    ("in play", r"\bin play\b", "on the battlefield"), ("from the game", r"\bremoved? from the game\b", "exile"),
    ("play", r"\bplay(?:s|ed|ing)? (?=(?:a|the|that|this) spell)", "cast "),
    ("general", r"\bgenerals?\b", "commander"), ("edh", r"\bedh\b", "commander"),  # Commander since 2011
    ("on the stack", r"\b(?:go|goes) on the stack\b", "are put onto the stack"),
    ("", r"^(?:first|second|third|fourth|fifth|sixth), ", "#, "),  # turn-based steps were renumbered
)]
_CITED = re.compile(r"\b\d{3}\.\d+[a-z]?\b")


@cache
def wording(text: str) -> str:
    """``text`` folded (:func:`bot.importer.cr.normalise_for_search`) with the wording changes since 2008
    replaced by today's words and cited rule numbers replaced by ``#`` (they were renumbered)."""
    text = normalise_for_search(text)
    for hint, pattern, repl in _WORDING:
        if hint in text:
            text = pattern.sub(repl, text)
    return _CITED.sub("#", text)  # cited numbers changed too


def key_title(text: str) -> str:
    """A section or rule title folded for comparison, without its final full stop."""
    return normalise_for_search(text).rstrip(".")


LOOSE_LENGTH = 0.35  # the new text must have at least this share of the old one's length


def first_sentence(text: str) -> str:
    """The text up to the first ". " (without the full stop)."""
    return text.split(". ")[0].rstrip(".")


def loose(old: str, new: str) -> float:
    """Word overlap, or 90 when both start with the same sentence of ≥ 25 characters (a rule whose second
    sentence moved elsewhere: 2010 505.5 "Third, the active player gets priority. Players may …" → 505.6)."""
    first = first_sentence(old)
    if len(first) >= 25 and first == first_sentence(new):
        return max(90.0, fuzz.token_set_ratio(old, new))
    if len(new) < LOOSE_LENGTH * len(old):
        return 0.0  # a short new text inside a long old one is no counterpart (309.6 vs "… becomes a new object")
    return fuzz.token_set_ratio(old, new)


GROWN_PENALTY = 3.0  # word-overlap score (token_set_ratio) counts this much less than plain similarity
WORDS = re.compile(r"[a-z][a-z'-]+")


def grown(old: str, new: str) -> float:
    """Similarity of a rule that kept its words and grew (202.3a "… is 0." → "… is 0, unless …"):
    token_set_ratio minus :data:`GROWN_PENALTY` when ≥ 85 % of the old words are in the new text, else 0."""
    words = set(WORDS.findall(old))
    if not words or len(words - set(WORDS.findall(new))) > 0.15 * len(words):
        return 0.0
    return fuzz.token_set_ratio(old, new) - GROWN_PENALTY


def named_terms(text: str, titles: frozenset[str]) -> set[str]:
    """The one-word rule titles (keyword names like ``trample``, ``changeling``, ``archenemy``) a text names."""
    return {w for w in WORDS.findall(wording(text)) if w in titles}


def rule_title_words(doc: CRDocument) -> frozenset[str]:
    """Folded one-word names of the keyword actions and abilities of ``doc`` (``"trample"``, ``"clash"``)."""
    out = set()
    for r in doc.rules:
        title = key_title(r.title or "") if r.kind == "rule" and r.section.startswith("70") else ""
        if title and " " not in title and len(title) >= 5:
            out.add(title)
    return frozenset(out)



_SEE = re.compile(r"\s*\((?:see|this is)[^)]*\)")  # "(See rule 117, …)": references, not content
_SENTENCE_END = re.compile(r"(?<=[.?!])[\"']?\s+(?=[a-z#\"'(])")
SENTENCE_MIN = 15  # characters a sentence needs to count


@cache
def sentences(text: str) -> tuple[str, ...]:
    """The sentences of a rule text after :func:`wording`, without "(See rule …)" references, a leading
    "First, " / "Second, " … (the steps were renumbered) and final stops;
    sentences shorter than :data:`SENTENCE_MIN` characters are left out."""
    parts = _SENTENCE_END.split(_SEE.sub("", wording(text)).removeprefix("#, "))  # "First, …": steps renumbered
    return tuple(s for s in (p.strip(" .\"'") for p in parts) if len(s) >= SENTENCE_MIN)


_DEFINED = re.compile(r"\b(?:called|known as)(?: the| an?)? \"([^\"]{3,60}?)[.,]?\"")


def defined_terms(text: str) -> set[str]:
    """Terms a rule text defines in quotes: ``This is called the "planeswalking ability."`` →
    ``{"planeswalking ability"}`` (folded)."""
    return set(_DEFINED.findall(wording(text)))


_QUOTE = re.compile(r"\"([^\"]{3,40}?)[.,]?\"")


_REFERENCE = re.compile(r"\bsee (?:rule|section) #?[\d.a-z]*,? \"[^\"]*\"")


def quoted_names(text: str) -> set[str]:
    """Short phrases a rule text puts in quotes (folded), not the titles of rules it refers to:
    ``The "legend rule" (see rule 704.5k) …`` → ``{"legend rule"}``; ``See rule 706, "Copying Objects."`` → ∅."""
    return set(_QUOTE.findall(_REFERENCE.sub("", wording(text))))


_ZONE = re.compile(r"\b(library|libraries|hand|hands|battlefield|graveyards?|stack|exile|command zone|ante)\b")


def zones(text: str) -> set[str]:
    """The zones a rule text names (folded, singular): ``"… into its owner's graveyard …"`` → ``{"graveyard"}``."""
    found = {z.removesuffix("s") for z in _ZONE.findall(wording(text))}
    return {"library" if z == "librarie" else z for z in found}
