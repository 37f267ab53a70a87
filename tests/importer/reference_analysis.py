"""The analysis of a passage's text as the module doc of :mod:`bot.analysis` states it, one text at a time and
without any of the analyser's shortcuts: every token read by its own regex match, every word's stems asked of
:meth:`bot.analysis.Analyser.stems` again, every position compared with every concept name of the vocabulary.
The build analysed passages so before each distinct word was looked at once per analyser and a passage's
concepts compared only where a name that counts in its document begins; the tests compare the two.
"""

from __future__ import annotations

import re
import unicodedata

from bot import stopwords as lists
from bot.analysis import MAX_TOKENS, NUMBER, STOP_WORDS, Analyser, Concept, number_term, snowball
from bot.any_controller import any_controller_concepts
from bot.other_zones import other_zone_concepts
from bot.played_abilities import played_ability_concepts
from bot.quoted_words import quoted_terms
from bot.stopwords import WEAK_WORDS
from bot.text import INVISIBLE, ZERO_WIDTH

_SPLIT = {c: None if c in ZERO_WIDTH else " " for c in INVISIBLE}
_TOKEN = re.compile(r"\{[0-9a-zA-Z/]{1,5}\}|\d{3}\.\d+[a-z]?|[^\W_]+")


def reference_tokens(text: str, limit: int) -> list[str]:
    """bot.words.tokens, match by match (step 1 of the module doc of bot.analysis)."""
    found: list[str] = []
    for m in _TOKEN.finditer(unicodedata.normalize("NFKC", text).translate(_SPLIT).lower()):
        token = m.group(0)
        if token[0] == "{":
            token = "m" + "".join(ch for ch in token if ch.isalnum())
        found.append("mx" if token == "x" else token)
        if len(found) >= limit:
            break
    return found


def _longest_names(names: list[Concept], stems: list[str], start: int, how: tuple) -> tuple[list[str], int]:
    """The concept ids of the longest names of ``names`` that stand at ``start`` and count there."""
    old_terms, document, language, stop, words, forms = how
    matches = [
        (len(name.stems), name.concept, name.base) for name in names
        if name.language == language and name.applies(document, old_terms, words[start])
        and not (len(name.stems) == 1 and (stop[start] or not forms[start].startswith(name.base)))
        and name.stems == tuple(stems[start : start + len(name.stems)])
    ]
    longest = max((size for size, _, _ in matches), default=0)
    if longest == 1:  # a one-word name whose base a derived longer name's extends is not this word's
        bases = [base for _, _, base in matches if base]
        matches = [(size, concept, base) for size, concept, base in matches
                   if not base or all(not (other.startswith(base) and len(other) >= len(base) + 3) for other in bases)]
    return list(dict.fromkeys(concept for size, concept, _ in matches if size == longest)), longest


#: The last concept list grouped by first stem: (the list, its length then, the groups). A test compares thousands
#: of texts over one analyser; grouping its ~1 300 names anew for each was half the reference's time.
_grouped: tuple[list[Concept], int, dict[str, list[Concept]]] | None = None


def _by_first(names: list[Concept]) -> dict[str, list[Concept]]:
    """``names`` grouped by their first stem, in list order (made again when another list, or this one grown or
    shrunk, is asked for)."""
    global _grouped
    if _grouped is None or _grouped[0] is not names or _grouped[1] != len(names):
        by_first: dict[str, list[Concept]] = {}
        for name in names:
            by_first.setdefault(name.stems[0], []).append(name)
        _grouped = (names, len(names), by_first)
    return _grouped[2]


#: The card names of the last analyser asked, per language (the analyser kept, so that its id is not reused), as stem
#: sequences grouped by first stem.
_card_names: dict[tuple[int, str], tuple[Analyser, dict[str, list[tuple[str, ...]]]]] = {}


def _card_name_positions(a: Analyser, stems: list[str], language: str) -> set[int]:
    """The positions of ``stems`` inside a card's name (the longest at each position from the left), every name of
    ``a.card_names`` that is no concept's name compared there (module doc of bot.card_names)."""
    key = (id(a), language)
    if key not in _card_names:
        if any(other != id(a) for other, _language in _card_names):
            _card_names.clear()  # another analyser: its names and concepts are others
        concept_names = {c.stems for c in a.vocab.concepts} if a.card_names else set()  # no concept's name
        grouped: dict[str, list[tuple[str, ...]]] = {}
        for name in a.card_names:
            words = tuple(a.stems(w, language)[0] for w in reference_tokens(name, MAX_TOKENS))
            if words and words not in concept_names:
                grouped.setdefault(words[0], []).append(words)
        _card_names[key] = (a, grouped)
    out: set[int] = set()
    at = 0
    while at < len(stems):
        size = max((len(n) for n in _card_names[key][1].get(stems[at], []) if tuple(stems[at : at + len(n)]) == n),
                   default=0)
        out |= set(range(at, at + size))
        at += max(size, 1)
    return out


def reference_analysis(a: Analyser, text: str, language: str = "de", old_terms: bool = True,
                       document: str | None = None) -> tuple:
    """``(terms, concepts, numbers, words, weak, truncated, all_terms)`` of a passage's ``text`` (not a question)."""
    raw = reference_tokens(text, MAX_TOKENS + 1)
    truncated = len(raw) > MAX_TOKENS
    raw = raw[:MAX_TOKENS]
    stems = [a.stems(w, language)[0] for w in raw]
    stop = [w in STOP_WORDS or lists.is_verb_wissen(raw, i) for i, w in enumerate(raw)]
    by_first = _by_first(a.vocab.concepts if a.options.concepts else [])
    forms = [a.form(w, language) for w in raw]
    card_words = _card_name_positions(a, stems, language)
    terms: list[str] = []
    concepts: list[str] = []
    covered: set[int] = set()
    at = 0
    while at < len(raw):
        names = [] if at in card_words else by_first.get(stems[at], [])
        ids, size = _longest_names(names, stems, at, (old_terms, document, language, stop, raw, forms))
        if card_words.intersection(range(at, at + size)):
            ids, size = [], 0
        concepts += [c for c in ids if c not in concepts]
        covered |= set(range(at, at + size)) if size > 1 else set()
        at += max(size, 1)
    if a.options.concepts and language == "de":  # step 7: „einer anderen Zone als dem Stapel“ names the others,
        # an ability „gespielt“ in an old text is activated, „egal wer sie kontrolliert“ names the opponent
        concepts += [c for c in (*other_zone_concepts(text), *played_ability_concepts(text, old_terms),
                                 *any_controller_concepts(text)) if c not in concepts]
    terms += concepts
    numbers: list[str] = []
    words: list[str] = []
    weak: list[str] = []
    for i, word in enumerate(raw):
        if NUMBER.match(word):
            numbers.append(word)
            terms.append(number_term(word))
            continue
        weak += [lists.NEGATED] if word in lists.NEGATIONS else []
        skipped = stop[i] or (len(word) < 2 and not word.isdigit()) or (i in covered and word in lists.WEAK_IN_PHRASES)
        if word in WEAK_WORDS:
            weak.append(snowball(word))
        elif not skipped:
            words.append(word)
            terms += a.stems(word, language)
    terms = list(dict.fromkeys([*terms, *quoted_terms(text)]))  # step 8: a quoted stop word („du“) is a term
    indexed = [*terms, *(w for w in dict.fromkeys(weak) if w not in terms)] if terms else []
    return terms, concepts, numbers, words, weak, truncated, indexed
