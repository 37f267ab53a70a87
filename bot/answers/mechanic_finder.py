"""Finding mechanics sections by a typed name, prepared once per store: the sections' folded title words, their
labels, the exact keys, the word prefixes, the synonym groups that title a section and the term table's typo keys
of the terms that title one are computed when the finder is made, so ``/mechanik``'s autocomplete and answer
cost dict look-ups per keystroke, not a folding of every title and every synonym pattern, and the term table's
typo tier runs only when a term that titles a section is near the typed text.

The finder lives in the store's cache (:func:`mechanic_finder`, :meth:`bot.store.Store.memo`): a store swapped
for a new one starts without it and makes its own at first use (or in the command table's warm-up).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from bot.analysis import snowball
from bot.answers.mechanic_numbers import numbered, term_numbers
from bot.answers.today_index import today_index, today_number
from bot.fuzzybound import WRATIO_CUTOFF, WRatioBound
from bot.prefixes import KeyStarts, WordPrefixes
from bot.reply import Choice
from bot.rule_catalog import parse_number
from bot.store import MechanicRecord, Store
from bot.terms import ENGLISH, NO_TERM, Term, senses, term_index
from bot.text import canonical, name_spellings, sharp_s, tokens
from bot.textsearch import synonyms
from bot.typos import slips
from bot.wordforms import NOUN_VERBS, PARTICLES, verb_forms, verbs_of
from bot.words import term_stem

#: The kinds of the term table that are mechanics: keyword actions (701.x), keyword abilities (702.x) and the
#: ability words of the FAQs (Ausstrahlung, Versessenheit).
MECHANIC_KINDS = frozenset({"keyword_action", "keyword_ability", "ability_word"})
#: How a section's text names what a name was renamed from (001:2781: „… wurde auf Englisch allerdings von
#: „snow-covered“ in „snow“ umbenannt“): that old name names the section as its title does.
RENAMED = re.compile(r"von „([^“]+)“ in „[^“]+“ umbenannt")
#: The separable prefixes as typed words end a finite form (``beruft … ein``), folded as :func:`form_key` folds.
_PARTICLES = frozenset(canonical(p) for p in PARTICLES)
#: Most words a player writes between a finite verb and its separable prefix (``stachelt die Kreatur auf``).
MAX_BETWEEN = 4
#: Most keyword names the autocomplete adds below the sections.
TERM_CHOICES = 10
#: Fewest letters typed before a beginning with a slip is offered (:meth:`MechanicFinder.slipped`).
MIN_SLIPPED = 4
#: Fewest letters typed that answer a name they begin (:meth:`MechanicFinder.begun`; the fuzzy tier's bound too).
MIN_BEGUN = 3
#: Most titles the command offers to choose from for a name typed without choosing (:meth:`MechanicFinder.resolve`).
MAX_OFFERED = 5
#: Least ``WRatio`` of a title in the fuzzy tier.
FUZZY_CUTOFF = WRATIO_CUTOFF
#: The Snowball stem of a typed word (:func:`bot.analysis.snowball`), the last words typed kept: a word stays while
#: the words after it are typed, so only the newest is stemmed per keystroke.
_typed_stem = lru_cache(maxsize=1 << 14)(snowball)


def form_key(text: str) -> tuple[str, ...]:
    """The words of ``text`` (:func:`bot.text.tokens`) as the analysed terms hold them (:func:`bot.words.term_stem`:
    folded, one spelling, Snowball-stemmed): the key under which a verb form meets its inflected spellings
    (``einberufene`` and ``einberufen`` → ``("einberuf",)``, ``aufgestachelte`` → ``("aufgestachelt",)``)."""
    return tuple(term_stem(t) for t in tokens(text))


def keyword_names_used_plainly() -> frozenset[str]:
    """The keyword names the documents use only as ordinary words or in card names (``data/terms_documents.tsv``,
    rows ``-``: verschwinden, leere, bonus …), folded: they name their keyword only as written, never in another
    form (``verschwindet`` is no Vanishing)."""
    return frozenset(canonical(w) for s in senses() if s.english == NO_TERM for w in s.words for w in tokens(w))


@dataclass(frozen=True)
class Found:
    """What a typed name names in ``/mechanik``: ``sections`` (positions in :attr:`MechanicFinder.sections`), or,
    when no section is about it, ``term``: a keyword of the term table (kind in :data:`MECHANIC_KINDS`) the
    documents have no section for (Aufstacheln, Trampelschaden). Both empty: nothing."""

    sections: list[int] = field(default_factory=list)
    term: Term | None = None
    #: How the name was read: the term tier's :attr:`bot.terms.TermMatch.how` (``"typo"`` for a near spelling, e.g.
    #: „Research“ read as Search), ``"begun"`` for a beginning of a title or name (``spu``, ``haun``, ``tramp``:
    #: the autocomplete may offer more for it), ``"fuzzy"`` for the fuzzy tier; ``""`` for every other tier.
    how: str = ""

#: A synonym pattern prepared for typed words: its words in :func:`bot.text.canonical` spelling, and per word
#: whether any ending is allowed.
Pattern = tuple[tuple[str, ...], tuple[bool, ...]]


def _fits(pattern: Pattern, typed: Sequence[str]) -> bool:
    """True when ``typed`` (canonical words) is exactly the pattern (a starred word matches its beginning)."""
    words, prefix = pattern
    if len(words) != len(typed):
        return False
    return all(t.startswith(w) if p else t == w for t, w, p in zip(typed, words, prefix, strict=True))


def _first_fits(pattern: Pattern, by_first: dict[str, list[int]]) -> list[int]:
    """The titles (positions) whose first word ``pattern``'s first word fits (equal, or its start when starred), of
    ``by_first`` (a title's first word → the titles with it)."""
    first, starred = pattern[0][0], pattern[1][0]
    if not starred:
        return by_first.get(first, [])
    return [i for word, found in by_first.items() if word.startswith(first) for i in found]


def _numbered_sections(sections: list[MechanicRecord], numbered: Iterable[tuple[str, int]]) -> dict[str, list[int]]:
    """Rule number → the positions in ``sections`` of the sections that quote it (``numbered``: ``(number, section
    id)`` pairs; 001 quotes its heading „502.46. Einberufen“ and its rules „502.46b …“ under Einberufen), each
    once, in the order met: a number names the sections quoting it (:meth:`MechanicFinder._resolve`)."""
    found: dict[str, list[int]] = {}
    position = {m.id: i for i, m in enumerate(sections)}
    for number, section in numbered:
        if section in position and position[section] not in found.get(number, []):
            found.setdefault(number, []).append(position[section])
    return found


class MechanicFinder:
    """The sections of one store, prepared for :meth:`find` (tiers as :meth:`find` says) and for choice labels.

    ``sections``: every mechanics section in document order (:meth:`bot.store.Store.mechanic_sections`);
    ``numbered``: ``(rule number, section id)`` of the rules the sections quote (:meth:`bot.store.Store.quoted_rules`).
    """

    def __init__(self, sections: list[MechanicRecord], numbered: Iterable[tuple[str, int]] = ()) -> None:
        self.sections = sections
        words = [tuple(m.words) for m in sections]
        twins = Counter(m.title for m in sections)
        #: per section, its choice label: the title, with the set when another section has the same title
        self.labels = [m.label if twins[m.title] > 1 else m.title for m in sections]
        #: the autocomplete's choice per label offered (a section's label or a keyword's German name: at most the
        #: sections and the term table's rows), made at its first offer
        self.choices_made: dict[str, Choice] = {}
        #: the autocomplete's choices for the blank box (the first labels), made at its first opening
        self.blank_choices: list[Choice] | None = None
        self._exact: dict[tuple[str, ...], list[int]] = {}
        for i, m in enumerate(sections):  # as folded and with ß as ss („zuschiessen“), once per store
            label = tuple(tokens(m.label))
            renamed = (tuple(tokens(old)) for old in RENAMED.findall(m.body))  # „snow-covered“ (001:2781)
            for key in dict.fromkeys((label, words[i], tuple(sharp_s(label)), tuple(sharp_s(words[i])), *renamed)):
                self._exact.setdefault(key, []).append(i)
        # each title's words also in the card-name index's spellings (ß as ss, ä as ae), once per store
        self._prefixes = WordPrefixes(dict.fromkeys((*w, *name_spellings(m.title))) for w, m in zip(words, sections,
                                                                                                 strict=True))
        self._keys = [" ".join(w) for w in words]
        self._bound = WRatioBound(self._keys)
        self._prepare_groups(words)
        #: folded title → the sections so titled (ascending), for the term tier
        self._by_key: dict[str, list[int]] = {}
        for i, key in enumerate(self._keys):
            self._by_key.setdefault(key, []).append(i)
        #: per section, the Snowball stems of its title words in order (``verschneit``, ``kart``, …; :meth:`_carried`)
        self._title_stems = [[snowball(w) for w in title] for title in words]
        index = term_index()
        ordinary = keyword_names_used_plainly()
        #: per term of the table (by ``id``): the sections it is about (:meth:`_term_sections`)
        self._about = {id(term): self._term_sections(term) for term in index.terms}
        self._numbered = {**term_numbers(index.terms, self._about), **_numbered_sections(sections, numbered)}  # 709 too
        #: the terms (by ``id``) whose German name the documents use as an ordinary word
        #: (:func:`keyword_names_used_plainly`)
        self._ordinary = {id(t) for t in index.terms if canonical(" ".join(tokens(t.german))) in ordinary}
        # The term tier answers with a term one of whose names titles a section, or with a keyword no section is
        # about: only their typo keys are tried, so the term table skips its typo tier when none of them is near
        # the typed text. The autocomplete tries the titling terms' keys only (a tenth of the table: a keystroke
        # stays cheap); the command also a keyword's (``Aufstachln`` → Aufstacheln).
        titling = {i for i, term in enumerate(index.terms) if self._about[id(term)]}
        #: the term table's typo keys of the terms one of whose names titles a section (``TermIndex.lookup``)
        self.typo_keys = index.fuzzy_keys_of(titling)
        #: those and the typo keys of the keywords no section is about
        self.keyword_typo_keys = index.fuzzy_keys_of(titling | {
            i for i, term in enumerate(index.terms) if term.kind in MECHANIC_KINDS and not self._is_ordinary(term)})
        self._forms = self._verb_forms(index.terms)
        self._form_starts = KeyStarts(self._forms)
        # Names and verb forms of the keywords no section is about, by word prefixes, for the autocomplete.
        entries = [(term, tokens(name)) for term in index.terms
                   if term.kind in MECHANIC_KINDS and not self._about[id(term)] and not self._is_ordinary(term)
                   for name, rank in term.names() if rank != ENGLISH]
        entries += [(index.terms[target], tokens(form)) for form, target in self._term_forms]
        # each entry as folded (fähigkeit → fahigkeit) and as canonical (ae → a) words, so typed words need no
        # further folding per keystroke
        entries += [(term, [canonical(w) for w in words]) for term, words in entries]
        self._completion_terms = [term for term, _words in entries]
        self._completion = WordPrefixes(words for _term, words in entries)
        self._prepare_aliases(words, index.terms)

    def _prepare_aliases(self, words: list[tuple[str, ...]], terms: list[Term]) -> None:
        """The other names of the sections (``words``: each section's title words) for the autocomplete and
        :meth:`begun` / :meth:`slipped`, from the names of the ``terms`` a section is about."""
        # The other names of the terms a section is about (variants, old names, English: Replikation, Haunt), by
        # word prefixes: the autocomplete offers their sections, as the command finds them (the term tier).
        aliases = [(self._about[id(term)], tokens(name)) for term in terms if self._about[id(term)]
                   for name, _rank in term.names()]
        aliases += [(found, [canonical(w) for w in words]) for found, words in aliases]
        self._alias_sections = [found for found, _words in aliases]
        self._aliases = WordPrefixes(words for _found, words in aliases)
        #: every title and other name of a section, its words joined (``reproduktion``, ``replikation``, ``haunt``),
        #: with its sections: the names a typed beginning with a slip is compared with (:meth:`slipped`)
        named = [([i], title) for i, title in enumerate(words)] + [(found, tuple(w)) for found, w in aliases]
        self._joined: dict[str, list[int]] = {}
        for found, title in named:
            self._joined.setdefault("".join(canonical(w) for w in title), []).extend(found)
        #: the joined names' first ``n`` letters, per ``n`` asked so far (:meth:`slipped` compares them in C)
        self._beginnings: dict[int, list[str]] = {}
        self._longest = max(map(len, self._joined), default=0)

    def _prepare_groups(self, words: list[tuple[str, ...]]) -> None:
        """The synonym groups that title some section (``words``: each section's title words), for :meth:`_group_of`."""
        # The synonym groups that title some section: their sections, and their patterns by kind. A pattern
        # without a starred word fits exactly one word tuple (a dict key); the few starred ones are tried in
        # order. The first group (in file order) with a fitting pattern wins, as the synonym table says.
        self._group_hits: list[list[int]] = []
        self._group_exact: dict[tuple[str, ...], int] = {}
        # starred patterns by word count and first letter (a pattern fits only typed text of as many words whose
        # first word starts with that letter), in file order
        self._group_starred: dict[tuple[int, str], list[tuple[int, Pattern]]] = {}
        # each title's words in canonical spelling, once, and the titles by their first word: a group's pattern fits
        # a title when it fits its first words (Phrase.matches_at at 0), so only titles whose first word the pattern's
        # first word is (or starts, when starred) are compared
        titles = [tuple(canonical(w) for w in title) for title in words]
        by_first: dict[str, list[int]] = {}
        for i, title in enumerate(titles):
            if title:
                by_first.setdefault(title[0], []).append(i)
        for group in synonyms():
            patterns: list[Pattern] = [(tuple(canonical(w) for w in p.words), p.prefix) for p in group.patterns]
            hits = sorted({i for q in patterns for i in _first_fits(q, by_first) if _fits(q, titles[i][: len(q[0])])})
            if hits:
                for pattern in patterns:
                    if any(pattern[1]):
                        self._group_starred.setdefault((len(pattern[0]), pattern[0][0][:1]), []).append(
                            (len(self._group_hits), pattern))
                    else:
                        self._group_exact.setdefault(pattern[0], len(self._group_hits))
                self._group_hits.append(hits)

    def _is_ordinary(self, term: Term) -> bool:
        """True for a keyword whose German name the documents use as an ordinary word
        (:func:`keyword_names_used_plainly`)."""
        return id(term) in self._ordinary

    def _verb_forms(self, terms: list[Term]) -> dict[tuple[str, ...], list[int] | int]:
        """:func:`form_key` of every verb form of every mechanic (:mod:`bot.wordforms`) → its sections (a list),
        or the term's position in ``terms`` (an int) for a keyword no section is about. A key two mechanics share
        is left out (it names neither), and so are the forms of a name :func:`keyword_names_used_plainly` holds."""
        targets: dict[tuple[str, ...], set[tuple[int, ...] | int]] = {}
        self._term_forms: list[tuple[str, int]] = []
        for i, term in enumerate(terms):
            verbs = verbs_of(term.german) if term.kind in MECHANIC_KINDS and not self._is_ordinary(term) else []
            sections = tuple(self._about[id(term)])
            for form in (form for verb in verbs for form in verb_forms(verb).all()):
                targets.setdefault(form_key(form), set()).add(sections or i)
                if not sections:
                    self._term_forms.append((form, i))
        # Section titles no term names, with a word whose verb the table of bot.wordforms gives (001's
        # „Verbesserte“ Zaubersprüche/Kreaturen: verbessern, verbessert).
        for word, verb in NOUN_VERBS.items():
            sections = tuple(i for i, m in enumerate(self.sections) if word in m.words)
            for form in verb_forms(verb).all() if sections else ():
                targets.setdefault(form_key(form), set()).add(sections)
        out: dict[tuple[str, ...], list[int] | int] = {}
        for key, found in targets.items():
            if len(found) == 1:
                (target,) = found
                out[key] = target if isinstance(target, int) else list(target)
        return out

    def find(self, text: str) -> list[int]:
        """The positions (in :attr:`sections`) of the sections ``text`` names, best tier only (several when one
        title stands in several FAQs); [] when nothing fits or when ``text`` names a keyword no section is about
        (:meth:`resolve` says which)."""
        return self.resolve(text).sections

    def slipped(self, typed: Sequence[str]) -> list[int]:
        """The sections of the titles and other names whose beginning is the typed words (joined, at least
        :data:`MIN_SLIPPED` letters) with one slip (:func:`bot.typos.slips`: a letter wrong, added, dropped or two
        swapped): ``ripl`` → „repl…“ (Replikation) → Reproduktion, as the card names' completion takes a typo in
        the first letters; in section order, each once. ``[]`` for a shorter text (too many names are one slip
        from two or three letters)."""
        joined = "".join(canonical(t) for t in typed)
        if len(joined) < MIN_SLIPPED:
            return []
        names = list(self._joined)
        found: set[int] = set()
        for n in (len(joined) - 1, len(joined), len(joined) + 1):
            n = min(n, self._longest)  # past the longest name every beginning is the name
            begun = self._beginnings.get(n)
            if begun is None:  # one list per length, at most the longest name's, made once per store
                begun = self._beginnings[n] = [name[:n] for name in names]
            # OSA ≤ 2 in C first: a slip (OSA 1, or a near swap of OSA 2) is among those few
            for _begun, _distance, pos in process.extract(joined, begun, scorer=OSA.distance, score_cutoff=2,
                                                          limit=None):
                if slips(joined, names[pos][:n]) <= 1:
                    found.update(self._joined[names[pos]])
        return sorted(found)

    def begun(self, typed: Sequence[str]) -> list[int]:
        """The sections of the titles and other names that begin with the typed words (joined, at least
        :data:`MIN_BEGUN` letters: ``haun`` → Haunt → Spuk), in section order, each once: what the autocomplete
        offers for a name typed without choosing. A word inside a name is no beginning (``upkeep`` is not Cumulative
        Upkeep)."""
        joined = "".join(canonical(t) for t in typed)
        if len(joined) < MIN_BEGUN:
            return []
        return sorted({i for name, sections in self._joined.items() if name.startswith(joined) for i in sections})

    def resolve(self, text: str) -> Found:
        """What ``text`` names: sections (best tier only) or a keyword of the term table without a section.

        Tiers: label or title equal (folded) → title words start with the typed words → a verb form of a
        mechanic's German name (:mod:`bot.wordforms`: ``beruft ein``, ``stachelt … auf``, ``aufgestachelt``,
        ``geborgen``, ``befehdet`` → the German section Fehde) → an English or old keyword of
        ``data/synonyms.tsv`` whose group holds the title → a term of
        the term table in any of its names' forms (:meth:`of_term`; its sections, or the keyword itself when no
        section is about it) → fuzzy over the titles (rapidfuzz WRatio ≥ 80) → the names the text begins
        (:meth:`begun`: ``haun`` → Spuk) when they are at most :data:`MAX_OFFERED` titles (several: to choose) → else
        the one keyword without a section the completion offers (:meth:`complete_terms`: ``tramp`` → Trampelschaden).
        A beginning with a slip (:meth:`slipped`: ``ripl``) is only offered, never answered. A keyword name the
        documents use as an ordinary word (:func:`keyword_names_used_plainly`: Verschwinden, Leere, Bonus) names
        its keyword only as written.
        """
        found = self._resolve(text, tokens(text), self.keyword_typo_keys)
        if found.sections or found.term is not None:
            return found
        typed = tokens(text)
        offered = self.begun(typed)  # typed without choosing: what the completion offers (several: a choice)
        if offered:
            several = len({self.sections[i].title for i in offered})
            return Found(offered, how="begun") if several <= MAX_OFFERED else found
        keywords = self._complete(typed) if len("".join(typed)) >= MIN_BEGUN else []
        return Found(term=keywords[0], how="begun") if len(keywords) == 1 else found  # the one offered: ``tramp``

    def _resolve(self, text: str, typed: list[str], typo_keys: tuple[str, ...]) -> Found:
        """:meth:`resolve` of ``text`` whose words (:func:`bot.text.tokens`) are ``typed``; the term tier tries the
        typos of ``typo_keys`` (:attr:`typo_keys` or :attr:`keyword_typo_keys`)."""
        if not typed:
            return Found()
        if (number := parse_number(text)) is not None:  # „502.46“: the section that prints it, or none
            return Found(numbered(self._numbered, number))  # „709.4a“: the section of 709 (a sub-rule of it)
        sharp = sharp_s(typed)  # ß typed as ss, as the titles' words are kept too
        exact = self._exact.get(tuple(typed)) or self._exact.get(tuple(sharp))
        if exact:
            return Found(list(exact))
        if len(typed) > 1 and all(len(t) < 2 for t in typed):  # loose letters ("{W}{W}" → w, w) name nothing
            return Found()
        prefix = self._prefixes.matching(typed) or self._prefixes.matching(sharp)
        if prefix:
            return Found(prefix, how="begun")
        spelled = [canonical(t) for t in typed]
        form = self._form_of(spelled)
        if form is not None:
            return Found(form) if isinstance(form, list) else Found(term=term_index().terms[form])
        grouped = self._group_of(spelled)
        if grouped is not None:
            hits = self._group_hits[grouped]
            if len({self.sections[i].title for i in hits}) == 1:
                return Found(list(hits))
            # a group holds a section and its copy in another language (Fehde, Clash): a term that names one of
            # them in the typed form (``fehdet`` → Fehde) decides between them
            narrower = [i for i in self._term_of(text, typo_keys).sections if i in hits]
            return Found(narrower or list(hits))
        by_term = self._term_of(text, typo_keys)
        if by_term.sections or by_term.term is not None:
            return by_term
        if len("".join(typed)) < 3:  # too short for a typo match
            return Found()
        return Found(self._fuzzy(" ".join(typed)), how="fuzzy")

    def _fuzzy(self, joined: str) -> list[int]:
        """The fuzzy tier: the sections whose folded title has the best ``WRatio`` (≥ :data:`FUZZY_CUTOFF`) with the
        typed words ``joined``, among the three best (ties within 0.01). Only the titles that can reach the cutoff
        (:class:`bot.fuzzybound.WRatioBound`) are scored: the same sections, in the same order, as scoring all."""
        found = self._bound.candidates(joined)
        keys = self._keys if found is None else [self._keys[i] for i in found]
        best = process.extract(joined, keys, scorer=fuzz.WRatio, limit=3, score_cutoff=FUZZY_CUTOFF)
        if not best:
            return []
        top = best[0][1]
        return [i if found is None else found[i] for _k, score, i in best if score >= top - 0.01]

    def _form_of(self, spelled: list[str]) -> list[int] | int | None:
        """The verb-form tier: the sections or the keyword (a term position) of the form ``spelled`` (typed words,
        :func:`bot.text.canonical`) is, or None.
        A finite verb and its separable prefix may have words between them (``stachelt die Kreatur auf``)."""
        key = self._form_starts.key(spelled, _typed_stem)  # None: no key of _forms (stems made as far as one starts)
        found = self._forms.get(key) if key is not None else None
        if found is None and 2 < len(spelled) <= MAX_BETWEEN + 2 and spelled[-1] in _PARTICLES:
            found = self._forms.get((_typed_stem(spelled[0]), _typed_stem(spelled[-1])))
        return found

    def choices(self, text: str) -> tuple[Found, list[int], list[Term]]:
        """For the autocomplete: what ``text`` names (:meth:`resolve`), the sections of the terms one of whose other
        names has, for every typed word, a word starting with it (``repl`` → Replikation → the section
        Reproduktion; ``haun`` → Haunt → Spuk; in table order, each once; when nothing at all fits, the sections
        of :meth:`slipped`: ``ripl`` → Reproduktion), and the keywords :meth:`complete_terms` offers below them,
        the text's words folded once."""
        typed = tokens(text)
        aliased = [i for pos in (self._aliases.matching(typed) if typed else ()) for i in self._alias_sections[pos]]
        resolved, keywords = self._resolve(text, typed, self.typo_keys), self._complete(typed)
        if not (aliased or resolved.sections or resolved.term or keywords):  # nothing begins so: a slip in it
            aliased = self.slipped(typed)
        return resolved, list(dict.fromkeys(aliased)), keywords

    def complete_terms(self, text: str) -> list[Term]:
        """Keywords without a section whose names or verb forms have, for every typed word, a word starting with
        it (``aufgest`` → Aufstacheln; words folded as :func:`bot.text.tokens` folds them, or with umlauts as
        ``ae``), in table order, at most :data:`TERM_CHOICES`: the autocomplete's rows below the sections."""
        return self._complete(tokens(text))

    def _complete(self, typed: list[str]) -> list[Term]:
        """:meth:`complete_terms` of the typed words ``typed``."""
        out: dict[str, Term] = {}
        for pos in self._completion.matching(typed) if typed else ():
            term = self._completion_terms[pos]
            out.setdefault(term.german, term)
            if len(out) >= TERM_CHOICES:
                break
        return list(out.values())

    def _group_of(self, spelled: list[str]) -> int | None:
        """The first synonym group (position in :attr:`_group_hits`) with a pattern ``spelled`` (canonical
        words) fits exactly, or None."""
        found = self._group_exact.get(tuple(spelled))
        starred = self._group_starred.get((len(spelled), spelled[0][:1]), [])
        if spelled[0] and (len(spelled), "") in self._group_starred:  # a pattern whose first word is empty
            starred = sorted(starred + self._group_starred[len(spelled), ""])
        for position, pattern in starred:
            if found is not None and position >= found:
                break
            if _fits(pattern, spelled):
                return position
        return found

    def of_term(self, text: str) -> list[int]:
        """The sections titled with a name of the term ``text`` names in the term table (:mod:`bot.terms`:
        nouns, verbs, inflected forms and participles, ``gepfropft`` → Pfropfen, ``reproduziert`` →
        Reproduktion)."""
        return self._term_of(text, self.keyword_typo_keys).sections

    def _term_of(self, text: str, typo_keys: tuple[str, ...]) -> Found:
        """The term tier: the sections of the term ``text`` names (:meth:`of_term`), or that term when it is a
        keyword (:data:`MECHANIC_KINDS`) no section is about. A keyword of :func:`keyword_names_used_plainly` only as
        written (``Verschwinden``, not ``verschwindet``)."""
        match = term_index().lookup(text, typo_among=typo_keys)
        if match is None or (match.how != "exact" and self._is_ordinary(match.term)):
            return Found()
        sections = self._about.get(id(match.term))  # made for every term of the table: [] when none is about it
        if sections is None:
            sections = self._term_sections(match.term)
        if sections:
            return Found(list(sections), how=match.how)
        return Found(term=match.term, how=match.how) if match.term.kind in MECHANIC_KINDS else Found()

    def _term_sections(self, term: Term) -> list[int]:
        """The sections a term is about: those titled with its German names (name, variants, old terms), else
        those titled with its English name (``befehden`` → Fehde, not also the English section Clash)."""
        names = term.names()
        return (self._sections_of([(n, r) for n, r in names if r != ENGLISH])
                or self._sections_of([(n, r) for n, r in names if r == ENGLISH])
                or self._carried([n for n, r in names if r != ENGLISH]))

    def _carried(self, names: list[str]) -> list[int]:
        """The sections whose title begins with one of the German ``names`` in any form and carries its other words
        (the supertype Verschneit: „Verschneite Karten und das Schnee-Manasymbol“, 001; Mehrfarbig: „Mehrfarbig und
        Einfarbig“), when they share one title. A name a title carries after its first word is no name of it (the
        card type Kreatur in „„Verbesserte“ Kreaturen“, the step Versorgung in „Kumulative Versorgung“), nor is
        one several titles begin with."""
        found = []
        for name in names:
            stems = [snowball(w) for w in tokens(name)]
            found += [i for i, title in enumerate(self._title_stems)
                      if stems and title and title[0] == stems[0] and set(stems) <= set(title)]
        return sorted(set(found)) if len({self.sections[i].title for i in found}) == 1 else []

    def _sections_of(self, names: list[tuple[str, int]]) -> list[int]:
        """The sections (ascending positions) titled with one of ``names`` (a term's ``(name, rank)`` pairs)."""
        return sorted({i for n, _rank in names for i in self._by_key.get(" ".join(tokens(n)), ())})


async def _make(store: Store) -> MechanicFinder:
    """The finder of ``store``: each section named by the numbers of the rules it quotes as printed and by their
    numbers today where the register maps them (:func:`bot.answers.today_index.today_number`: 001's Einberufen
    quotes 502.46, today 702.51), the printed ones first."""
    rules = [(r, mid) for r in await store.quoted_rules() if (mid := r.mechanic_id) is not None]
    index = await today_index(store)
    today = [(now, mid) for r, mid in rules
             if (now := today_number(index, r.document.file[:3], r.number)) and parse_number(now) == now]
    return MechanicFinder(await store.mechanic_sections(), [*((r.number, mid) for r, mid in rules), *today])


async def mechanic_finder(store: Store) -> MechanicFinder:
    """The :class:`MechanicFinder` of ``store``'s sections, made once per store (its cache)."""
    return await store.memo("mechanic_finder", lambda: _make(store))
