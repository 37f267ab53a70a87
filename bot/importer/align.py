"""Tie rule numbers together: across CR versions, and from the German explanations (003) to the CR.

Two jobs (issue 6):

* :func:`match_versions` maps every rule of an old CR (e.g. 2010-10-01, where clash is 701.19) to
  the rule of a newer CR (2026-04-17: 701.30) — by section title, then by rule title (heading-only
  rules like ``701.19. Clash``), then by text similarity (rapidfuzz) among the subrules of the
  matched parent. Every match carries a score, a method and ``certain``; a match that is not clearly
  better than the runner-up is kept but marked uncertain, never promoted to certain.
* :func:`align_explanations` gives each entry of the German rules explanation (document 003, in
  rule order, numbers only as anchors) the CR rule it explains: a monotonic alignment (dynamic
  programming over entries × rules) scored by shared cited rule numbers, glossary terms from the
  ``Begriffe…`` trailers, shared digits and English words, a small German→English game-term
  lexicon, ``Beispiel:``/``Example:`` presence and text length. An entry is ``aligned`` only when its
  place in the best alignment beats every other place by a clear margin *and* it has direct
  evidence of its own; otherwise ``uncertain`` (with the best guess) or ``unaligned``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from rapidfuzz import fuzz, process

from bot.importer.cr import CRDocument, CRRule, cited_numbers, normalise_for_search
from bot.importer.model import KeywordRow, RuleExplanation
from bot.keywords import LEXICON, resolve_via_keywords  # noqa: F401  (moved; kept importable here)
from bot.model import RuleMatch
from bot.paths import DATA_DIR

# --------------------------------------------------------------------------- versions

# Wording changes since 2008 that would otherwise hide a match (old → new), applied to both sides.
_WORDING = [
    (r"\bhis or her\b", "their"), (r"\bhim or her\b", "them"), (r"\bhe or she\b", "they"),
    (r"\bconverted mana costs?\b", "mana value"), (r"\bcomes? into play\b", "enters the battlefield"),
    (r"\bin play\b", "on the battlefield"), (r"\bremoved? from the game\b", "exile"),
    (r"\bplay(?:s|ed|ing)? (?=(?:a|the|that|this) spell)", "cast "),
    (r"^(?:first|second|third|fourth|fifth|sixth), ", "#, "),  # turn-based steps were renumbered
]

CERTAIN_SCORE = 85.0  # rapidfuzz ratio 0..100 needed for a certain text match
CERTAIN_MARGIN = 10.0  # … and this much ahead of the runner-up
MIN_SCORE = 55.0  # below this no match at all


@cache
def _wording(text: str) -> str:
    text = normalise_for_search(text)
    for pattern, repl in _WORDING:
        text = re.sub(pattern, repl, text)
    return re.sub(r"\b\d{3}\.\d+[a-z]?\b", "#", text)  # cited numbers changed too


def _key_title(text: str) -> str:
    return normalise_for_search(text).rstrip(".")


def match_versions(old: CRDocument, new: CRDocument) -> dict[str, RuleMatch]:
    """Map every chapter, section, rule and subrule number of ``old`` to ``new`` (see module doc).

    Returns ``{old number: RuleMatch}`` for every entry of ``old.rules``. Sections match by their
    title (exact after folding = certain; rapidfuzz ≥ 90 = uncertain). Heading-only rules match
    by title, preferring the matched section. Other rules and subrules match by text similarity
    (:data:`CERTAIN_SCORE`, :data:`CERTAIN_MARGIN`, :data:`MIN_SCORE`), one-to-one within a parent.
    """
    out: dict[str, RuleMatch] = {}
    new_sections = {r.number: r for r in new.rules if r.kind in ("chapter", "section")}
    titles: dict[str, list[CRRule]] = {}
    for r in new.rules:
        if r.title:
            titles.setdefault(_key_title(r.title), []).append(r)

    for kind in ("chapter", "section"):
        for r in old.rules:
            if r.kind != kind:
                continue
            up = out.get(r.parent) if r.parent else None
            pool = (new.children(up.new) if up and up.new
                    else [s for s in new_sections.values() if s.kind == kind])
            hits = [h for h in pool if _key_title(h.text) == _key_title(r.text)]
            if len(hits) == 1:
                out[r.number] = RuleMatch(r.number, hits[0].number, 100.0, "section-title",
                                          bool(up is None or up.certain))
                continue
            scored = sorted(((fuzz.ratio(_key_title(r.text), _key_title(s.text)), s.number) for s in pool),
                            reverse=True)
            if scored and scored[0][0] >= 90:
                out[r.number] = RuleMatch(r.number, scored[0][1], scored[0][0], "section-title", False,
                                          scored[1][1] if len(scored) > 1 else None)
            else:
                out[r.number] = _match_by_content(r, pool, old, new, out) or RuleMatch(
                    r.number, None, scored[0][0] if scored else 0.0, "none", False)

    # Heading-only rules ("701.19. Clash", "702.48. Convoke").
    for r in old.rules:
        if r.kind != "rule" or not r.title:
            continue
        hits = [h for h in titles.get(_key_title(r.title), []) if h.kind == "rule"]
        sec = out.get(r.section)
        preferred = [h for h in hits if sec and sec.new == h.section]
        chosen = preferred if len(preferred) == 1 else hits
        if len(chosen) == 1:
            out[r.number] = RuleMatch(r.number, chosen[0].number, 100.0, "rule-title", True)

    # Verbatim counterparts anywhere (after the wording changes of _WORDING): a rule whose text occurs once
    # in each version is that rule, whatever its number became (2010 110.5 → 111.1, 712.3 → 724.1e).
    claimed = _match_verbatim(old, new, out)
    titles_old = rule_title_words(old) & rule_title_words(new)  # names still in use (not EDH → Commander)

    # Remaining rules by text, parent first (one-to-one, best pairs first).
    by_section: dict[tuple[str, str], list[CRRule]] = {}
    for x in new.rules:
        if x.number not in claimed:
            by_section.setdefault((x.section, x.kind), []).append(x)
    for kind in ("rule", "subrule"):
        groups: dict[str, list[CRRule]] = {}
        for r in old.rules:
            if r.kind == kind and r.number not in out:
                groups.setdefault(r.parent or "", []).append(r)
        for parent, members in groups.items():
            pm = out.get(parent)
            scope = new.children(pm.new) if pm and pm.new else []
            section = out.get(members[0].section)
            home = section.new if section and section.new else None
            if pm and pm.new and pm.new.split(".")[0] != home:  # the parent moved to another section (110.5 → 111.1)
                home = pm.new.split(".")[0]
            wide = by_section.get((home, kind), []) if home else []
            if home and pm and pm.new and home != (section.new if section else None):
                wide = wide + by_section.get((home, "rule" if kind == "subrule" else "subrule"), [])
            scope = [x for x in scope if x.number not in claimed]
            _assign(members, scope, wide, out, parent_certain=bool(pm and pm.certain), titles=titles_old)
    _match_loose(old, new, out)
    return out


LOOSE_MIN = 70.0  # word overlap (token_set_ratio) a loose match needs
LOOSE_MARGIN = 5.0  # … and this much ahead of the runner-up
LOOSE_LENGTH = 0.35  # the new text must have at least this share of the old one's length


def _match_loose(old: CRDocument, new: CRDocument, out: dict[str, RuleMatch]) -> None:
    """Last pass for rules still without a counterpart: compare by word overlap with the unclaimed rules
    under the parent's match and the rule of the same number (2010 202.3a → 202.3a, 110.5a → 111.2).
    Such a match is never certain (method ``text-loose``)."""
    taken = {m.new for m in out.values() if m.new}
    new_by_number = {r.number: r for r in new.rules}
    for r in old.rules:
        m = out.get(r.number)
        if r.kind not in ("rule", "subrule") or r.title or m is None or m.new is not None:
            continue
        pm = out.get(r.parent or "")
        pool = [x for x in (new.children(pm.new) if pm and pm.new else []) if x.kind in ("rule", "subrule")]
        if pm and pm.new and not pool:  # the parent became a rule without subrules (110.5 → 111.1): its section
            pool = [x for x in new.children(pm.new.split(".")[0])]
        same = new_by_number.get(r.number)
        if same is not None and same not in pool:
            pool.append(same)
        text = _wording(r.text)
        scored = sorted(((_loose(text, _wording(x.text)), x.number) for x in pool
                         if x.number not in taken and not x.title), reverse=True)
        if not scored or scored[0][0] < LOOSE_MIN:
            continue
        second = scored[1] if len(scored) > 1 else (0.0, None)
        if scored[0][0] - second[0] < LOOSE_MARGIN:
            continue
        out[r.number] = RuleMatch(r.number, scored[0][1], round(scored[0][0], 1), "text-loose", False, second[1])
        taken.add(scored[0][1])


def _first_sentence(text: str) -> str:
    return text.split(". ")[0].rstrip(".")


def _loose(old: str, new: str) -> float:
    """Word overlap, or 90 when both start with the same sentence of ≥ 25 characters (a rule whose second
    sentence moved elsewhere: 2010 505.5 "Third, the active player gets priority. Players may …" → 505.6)."""
    first = _first_sentence(old)
    if len(first) >= 25 and first == _first_sentence(new):
        return max(90.0, fuzz.token_set_ratio(old, new))
    if len(new) < LOOSE_LENGTH * len(old):
        return 0.0  # a short new text inside a long old one is no counterpart (309.6 vs "… becomes a new object")
    return fuzz.token_set_ratio(old, new)


VERBATIM_MIN = 30  # characters of folded text a rule needs before it counts as a verbatim counterpart


def _match_verbatim(old: CRDocument, new: CRDocument, out: dict[str, RuleMatch]) -> set[str]:
    """Rules and subrules of ``old`` not yet matched whose folded text (:func:`_wording`) equals the text
    of exactly one rule of ``new`` in the same chapter (and of no other old rule): certain, method
    ``text-identical``.

    Returns the new numbers taken this way (the text pass skips them).
    """
    def key(rule: CRRule) -> str:
        return _wording(rule.text) if rule.kind in ("rule", "subrule") and not rule.title else ""

    new_by_text: dict[str, list[CRRule]] = {}
    for r in new.rules:
        k = key(r)
        if len(k) >= VERBATIM_MIN:
            new_by_text.setdefault(k, []).append(r)
    old_by_text: dict[str, list[CRRule]] = {}
    for r in old.rules:
        k = key(r)
        if len(k) >= VERBATIM_MIN:
            old_by_text.setdefault(k, []).append(r)
    taken = {m.new for m in out.values() if m.new}
    claimed: set[str] = set()
    for k, olds in old_by_text.items():
        news = new_by_text.get(k, [])
        if len(olds) != 1 or len(news) != 1 or olds[0].number in out or news[0].number in taken:
            continue
        if olds[0].number[0] != news[0].number[0]:  # same words in another chapter (103.3 vs a variant's 905.6)
            continue
        out[olds[0].number] = RuleMatch(olds[0].number, news[0].number, 100.0, "text-identical", True)
        claimed.add(news[0].number)
    return claimed


def _match_by_content(
    section: CRRule, pool: list[CRRule], old: CRDocument, new: CRDocument, out: dict[str, RuleMatch]
) -> RuleMatch | None:
    """A renamed section ("Winning and Losing" → "Ending the Game"): compare its first rules.

    Score = mean over the first five rules of the best rapidfuzz ratio against the candidate's rules.
    Never certain; None below :data:`MIN_SCORE` or without a margin of :data:`CERTAIN_MARGIN`.
    """
    taken = {m.new for m in out.values() if m.method == "section-title"}
    sample = [_wording(r.text) for r in old.children(section.number)[:5]]
    if not sample:
        return None
    scored = []
    for cand in pool:
        if cand.number in taken:
            continue
        texts = [_wording(r.text) for r in new.children(cand.number)]
        if texts:
            mean = sum(max(fuzz.ratio(t, x) for x in texts) for t in sample) / len(sample)
            scored.append((mean, cand.number))
    scored.sort(reverse=True)
    if not scored or scored[0][0] < MIN_SCORE:
        return None
    second = scored[1] if len(scored) > 1 else (0.0, None)
    if scored[0][0] - second[0] < CERTAIN_MARGIN:
        return None
    best = round(scored[0][0], 1)
    return RuleMatch(section.number, scored[0][1], best, "section-content", False, second[1])


OUTSIDE_PENALTY = 5.0  # a candidate outside the matched parent must beat one inside by this much
GROWN_PENALTY = 3.0  # word-overlap score (token_set_ratio) counts this much less than plain similarity
_WORDS = re.compile(r"[a-z][a-z'-]+")


def _grown(old: str, new: str) -> float:
    """Similarity of a rule that kept its words and grew (202.3a "… is 0." → "… is 0, unless …"):
    token_set_ratio minus :data:`GROWN_PENALTY` when ≥ 85 % of the old words are in the new text, else 0."""
    words = set(_WORDS.findall(old))
    if not words or len(words - set(_WORDS.findall(new))) > 0.15 * len(words):
        return 0.0
    return fuzz.token_set_ratio(old, new) - GROWN_PENALTY


def _named_terms(text: str, titles: frozenset[str]) -> set[str]:
    """The one-word rule titles (keyword names like ``trample``, ``changeling``, ``archenemy``) a text names."""
    return {w for w in _WORDS.findall(_wording(text)) if w in titles}


def rule_title_words(doc: CRDocument) -> frozenset[str]:
    """Folded one-word names of the keyword actions and abilities of ``doc`` (``"trample"``, ``"clash"``)."""
    out = set()
    for r in doc.rules:
        title = _key_title(r.title or "") if r.kind == "rule" and r.section.startswith("70") else ""
        if title and " " not in title and len(title) >= 5:
            out.add(title)
    return frozenset(out)


def _assign(
    members: list[CRRule],
    scope: list[CRRule],
    wide: list[CRRule],
    out: dict[str, RuleMatch],
    parent_certain: bool,
    titles: frozenset[str] = frozenset(),
) -> None:
    """Match ``members`` (siblings of one old parent) one-to-one by text: first among ``scope`` (the
    children of the parent's match), then among ``wide`` (the rest of the section the rule went to, where a
    subrule may have moved to a sibling rule: 2010 704.5v → 704.6e) at :data:`OUTSIDE_PENALTY`."""
    inside = [x for x in scope if x.kind == members[0].kind]
    in_scope = {x.number for x in inside}
    texts = {x.number: _wording(x.text) for x in inside}
    outside = [x for x in wide if x.number not in in_scope]
    outside_texts = [_wording(x.text) for x in outside]
    pairs = []
    table: dict[str, list[tuple[float, str]]] = {}
    for m in members:
        mt = _wording(m.text)
        # Inside the parent a rule that grew (202.3a "… is 0" → "… is 0, unless …") still counts: word overlap.
        scored = [(max(fuzz.ratio(mt, t), _grown(mt, t)), n) for n, t in texts.items()]
        if not scored or max(scored)[0] < CERTAIN_SCORE:  # look beyond the parent only when it has no clear match
            found = process.extract(mt, outside_texts, scorer=fuzz.ratio, limit=5, score_cutoff=MIN_SCORE)
            named = _named_terms(m.text, titles)
            scored += [
                (score - OUTSIDE_PENALTY, outside[i].number)
                for t, score, i in found
                if named <= set(_WORDS.findall(t))  # "changeling" must not become "read ahead"
            ]
        scored.sort(reverse=True)
        table[m.number] = scored
        pairs.extend((s, m.number, n) for s, n in scored[:5])
    taken: set[str] = set()
    done: set[str] = set()
    for s, old_n, new_n in sorted(pairs, reverse=True):
        if old_n in done or new_n in taken or s < MIN_SCORE:
            continue
        others = [x for x in table[old_n] if x[1] != new_n]
        second = others[0] if others else (0.0, None)
        inner = new_n in in_scope
        certain = s >= CERTAIN_SCORE and s - second[0] >= CERTAIN_MARGIN and ((inner and parent_certain) or s >= 95)
        out[old_n] = RuleMatch(old_n, new_n, round(s, 1), "text" if inner else "text-section", certain, second[1])
        taken.add(new_n)
        done.add(old_n)
    for m in members:
        if m.number not in done:
            best = table[m.number][0] if table[m.number] else (0.0, None)
            out[m.number] = RuleMatch(m.number, None, round(best[0], 1), "none", False, best[1])


@dataclass(frozen=True)
class MapSample:
    """A hand-checked sample of a version map (``data/cr_map_sample.tsv``): effective dates and rows
    ``(old number, right new number or None)``."""

    old_effective: str
    new_effective: str
    rows: tuple[tuple[str, str | None], ...]


@dataclass(frozen=True)
class SampleScore:
    """How a map fares on a :class:`MapSample`: ``checked`` rows whose old number is in the map, ``right``
    of them (the map's answer, a number or none, equals the checked one), ``claimed`` rows where the map
    names a counterpart and ``claimed_right`` of those; ``wrong`` lists ``(old, map, right)``."""

    checked: int
    right: int
    claimed: int
    claimed_right: int
    wrong: tuple[tuple[str, str | None, str | None], ...]

    @property
    def precision(self) -> float:
        """Share of the named counterparts that are right, in percent (100 when none were named)."""
        return 100.0 * self.claimed_right / self.claimed if self.claimed else 100.0

    @property
    def agreement(self) -> float:
        """Share of all checked rows where the map agrees, counting "no counterpart", in percent."""
        return 100.0 * self.right / self.checked if self.checked else 100.0


MAP_SAMPLE_PATH = DATA_DIR / "cr_map_sample.tsv"


def read_map_sample(path: str | Path = MAP_SAMPLE_PATH) -> MapSample:
    """Read the sample: ``#`` comments, a header ``<old date>\t<new date>``, rows ``old\tnew`` (``-`` = none).

    Raises ValueError naming the line for a malformed header or row.
    """
    lines = [(n, line) for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1)
             if line.strip() and not line.startswith("#")]
    if not lines or not re.fullmatch(r"\d{4}-\d{2}-\d{2}\t\d{4}-\d{2}-\d{2}", lines[0][1]):
        raise ValueError(f"{path}: erste Zeile muss '<altes Datum>\\t<neues Datum>' sein")
    old_date, new_date = lines[0][1].split("\t")
    rows = []
    for n, line in lines[1:]:
        cols = line.split("\t")
        if len(cols) != 2 or not re.fullmatch(r"\d+(?:\.\d+[a-z]?)?", cols[0]):
            raise ValueError(f"{path}:{n}: erwartet 'alte Nummer<TAB>neue Nummer oder -'")
        rows.append((cols[0], None if cols[1] == "-" else cols[1]))
    return MapSample(old_date, new_date, tuple(rows))


def score_sample(matches: dict[str, RuleMatch], sample: MapSample) -> SampleScore:
    """Compare ``matches`` (of :func:`match_versions`) with the hand-checked ``sample`` (rows whose old
    number the map lacks, e.g. with a small test file, are not counted)."""
    checked = right = claimed = claimed_right = 0
    wrong = []
    for old, expected in sample.rows:
        m = matches.get(old)
        if m is None:
            continue
        checked += 1
        if m.new is not None:
            claimed += 1
            claimed_right += m.new == expected
        if m.new == expected:
            right += 1
        else:
            wrong.append((old, m.new, expected))
    return SampleScore(checked, right, claimed, claimed_right, tuple(wrong))


def resolve_old_number(number: str, matches: dict[str, RuleMatch]) -> RuleMatch | None:
    """The match for an old number as cited (``"701.19c."`` → RuleMatch to ``"701.30d"``), or None."""
    return matches.get(number.strip().rstrip(".").lower())


def read_keyword_table(path: str | Path) -> list[KeywordRow]:
    """Read ``data/keywords_de_en.tsv`` (``#`` comment lines, a header row, tab-separated columns).

    Raises ValueError naming the line when a row does not have the 7 columns.
    """
    rows: list[KeywordRow] = []
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    body = [(n, line) for n, line in enumerate(lines, 1) if line.strip() and not line.startswith("#")]
    for n, line in body[1:]:
        cols = line.split("\t")
        if len(cols) != 7:
            raise ValueError(f"{path}:{n}: erwartet 7 durch Tabulatoren getrennte Spalten, gefunden {len(cols)}")
        german, english, kind, old, source, cr, note = (c.strip() for c in cols)
        rows.append(KeywordRow(german, english, kind, old or None, source, cr or None, note))
    return rows


# --------------------------------------------------------------------------- explanations

_NUMBER_WORDS = {
    "zwei": "2", "drei": "3", "vier": "4", "fünf": "5", "sechs": "6", "sieben": "7", "acht": "8", "neun": "9",
    "zehn": "10", "fünfzehn": "15", "zwanzig": "20", "two": "2", "three": "3", "four": "4", "five": "5",
    "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10", "fifteen": "15", "twenty": "20",
}
_WORD = re.compile(r"[^\W\d_]+|\d+", re.UNICODE)
_QUOTED = re.compile(r"[„“\"]([^“”\"]{2,60})[“”\"]")

SKIP_ENTRY = 2.0  # score an entry must beat to be placed at all (cost of leaving it unaligned)
ALIGNED_MARGIN = 4.0  # best place must beat every other place (incl. none) by this much
MIN_EVIDENCE = 3.0  # … and carry this much evidence of its own (not order alone)
COGNATE = 5  # German and English words sharing this many first letters count as the same word


@dataclass
class Alignment:
    """Result for one explanation entry (``position`` 0-based in the given list).

    ``number`` is the CR number (best guess also for ``uncertain``; None for ``unaligned``).
    ``status``: ``aligned`` | ``uncertain`` | ``unaligned``. ``evidence`` says why, e.g.
    ``"cites 201.3 (rule cites it); words: constructed, deck; margin 6.1"``. ``margin`` is how much
    the best alignment loses if this entry is placed anywhere else; ``score`` the entry's own evidence.
    """

    position: int
    number: str | None
    status: str
    evidence: str
    score: float = 0.0
    margin: float = 0.0


@dataclass
class _Features:
    words: set[str] = field(default_factory=set)
    numbers: set[str] = field(default_factory=set)
    cites: set[str] = field(default_factory=set)
    has_example: bool = False
    length: int = 0


def _stem(word: str) -> str:
    word = word.lower()
    if len(word) > 4 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word


def _tokens(text: str) -> list[str]:
    return [t.lower() for t in _WORD.findall(normalise_for_search(text))]


def _rule_features(rule: CRRule) -> _Features:
    text = " ".join([rule.text, *rule.examples])
    toks = _tokens(text)
    words = {_stem(t) for t in toks if not t.isdigit() and len(t) >= 3}
    words |= {"~" + t[:COGNATE] for t in toks if len(t) > COGNATE}
    nums = {t for t in toks if t.isdigit() and not re.search(rf"\b\d{{3}}\.?{t}\b", text)}
    nums |= {_NUMBER_WORDS[t] for t in toks if t in _NUMBER_WORDS}
    return _Features(words, nums, set(cited_numbers(text)), bool(rule.examples), len(rule.text))


def _entry_features(entry: RuleExplanation, english_terms: set[str]) -> _Features:
    text = " ".join([entry.text, *entry.examples])
    toks = _tokens(text)
    quoted = {t for q in _QUOTED.findall(text) for t in _tokens(q)}
    words: set[str] = set()
    for t in toks:
        if t.isdigit():
            continue
        # German words that happen to be English ("die", "was", "fall") count only when long or quoted.
        if _stem(t) in english_terms and (len(t) >= 5 or t in quoted):
            words.add(_stem(t))
        if len(t) > COGNATE:
            words.add("~" + t[:COGNATE])
        for key, targets in LEXICON.items():
            if key in t:
                words.update(_stem(x) for x in targets)
    for term in entry.terms:
        words.update(_stem(t) for t in _tokens(term) if len(t) >= 3)
    cites = set(cited_numbers(text)) | set(entry.see_also)
    nums = {t for t in toks if t.isdigit() and not any(t in c for c in cites)}
    nums |= {_NUMBER_WORDS[t] for t in toks if t in _NUMBER_WORDS}
    return _Features(words, nums, cites, bool(entry.examples), len(entry.text))


def _related(a: str, b: str) -> bool:
    """True when cited numbers a and b are the same rule or one contains the other (101.4 / 101.4a)."""
    return a == b or b.startswith(a + ".") or a.startswith(b + ".") or (
        a[:-1] == b and a[-1].isalpha()) or (b[:-1] == a and b[-1].isalpha())


def _pair_score(e: _Features, r: _Features, rule: CRRule, idf: dict[str, float],
                terms_rules: set[str]) -> tuple[float, list[str]]:
    """Evidence that entry e explains rule r; returns (score, reasons)."""
    score, why = 0.0, []
    shared_cites = {c for c in e.cites if c in r.cites}
    if shared_cites:
        score += 6.0 * len(shared_cites)
        why.append("cites " + ", ".join(sorted(shared_cites)) + " like the rule")
    near = {c for c in e.cites - shared_cites if _related(c, rule.number)}
    if near:
        score -= 1.0  # an entry citing 100.2a is near 100.2a but rarely 100.2a itself
    if rule.number in terms_rules:
        score += 3.0
        why.append("glossary term cites this rule")
    nums = e.numbers & r.numbers
    if nums:
        score += 2.0 * len(nums)
        why.append("numbers " + ", ".join(sorted(nums, key=int)))
    shared = e.words & r.words
    lex = sum(idf.get(w, 0.0) for w in shared)
    if shared:
        score += lex
        top = sorted((w.lstrip("~") + ("…" if w[0] == "~" else "") for w in shared),
                     key=lambda w: -idf.get(w, idf.get("~" + w.rstrip("…"), 0.0)))[:4]
        why.append("words " + ", ".join(top))
    if e.has_example and r.has_example:
        score += 2.5
        why.append("both have an example")
    elif e.has_example != r.has_example:
        score -= 1.5
    if rule.title and not rule.examples:
        score -= 3.0  # heading-only rules are rarely explained on their own
    ratio = math.log((e.length + 40) / (r.length * 1.15 + 40))
    score -= 2.0 * abs(ratio)
    return score, why


def rule_sort_key(number: str, order: str) -> tuple:
    """Sort key of a rule number: ``order="cr"`` numeric (100.2 < 100.10), ``"lexicographic"`` as text.

    Document 003 lists its rules sorted as text, as the site it was taken from does:
    ``111.1, 111.10, 111.10a, …, 111.13, 111.2`` and ``106.1, 106.10, …, 106.13, 106.1a, 106.2``.
    """
    if order == "lexicographic":
        return (number,)
    sec, _, rest = number.partition(".")
    digits = rest.rstrip("abcdefghijklmnopqrstuvwxyz")
    return (int(sec), int(digits or 0), rest[len(digits):])


def align_explanations(
    entries: list[RuleExplanation],
    cr: CRDocument,
    first: str | None = None,
    last: str | None = None,
    order: str = "auto",
) -> list[Alignment]:
    """Align German explanation entries (in rule order) to the rules ``first``..``last`` of ``cr``.

    ``first``/``last`` default to the whole CR (document 003 covers ``100.1``..``112.1``). Only
    numbered rules and subrules are targets (not chapter/section titles). ``order`` is the order the
    entries follow: ``"cr"``, ``"lexicographic"`` (see :func:`rule_sort_key`) or ``"auto"`` (both
    are tried; the one whose best alignment carries more evidence wins — 003 is lexicographic). Returns one
    :class:`Alignment` per entry, in order; numbers strictly increase along the aligned/uncertain
    entries. The alignment is the maximum-evidence monotonic path (weighted LCS); each entry's
    margin is the loss of the best path that places it elsewhere or nowhere (forward/backward
    tables), so the status is ``aligned`` when margin ≥ :data:`ALIGNED_MARGIN` and the entry's own
    evidence ≥ :data:`MIN_EVIDENCE`, ``uncertain`` when it is placed without that, ``unaligned``
    when the best path leaves it out.
    """
    if order == "auto":
        runs = [_align(entries, cr, first, last, o) for o in ("cr", "lexicographic")]
        return max(runs, key=lambda run: run[0])[1]
    return _align(entries, cr, first, last, order)[1]


def _align(
    entries: list[RuleExplanation], cr: CRDocument, first: str | None, last: str | None, order: str
) -> tuple[float, list[Alignment]]:
    targets = sorted((r for r in cr.rules if r.kind in ("rule", "subrule")),
                     key=lambda r: rule_sort_key(r.number, order))
    if first is not None:
        targets = [r for r in targets if rule_sort_key(r.number, order) >= rule_sort_key(first, order)]
    if last is not None:
        targets = [r for r in targets if rule_sort_key(r.number, order) <= rule_sort_key(last, order)]
    rf = [_rule_features(r) for r in targets]
    df: dict[str, int] = {}
    for f in rf:
        for w in f.words:
            df[w] = df.get(w, 0) + 1
    n = len(targets) or 1
    idf = {w: max(0.0, math.log(n / c) - 1.0) for w, c in df.items()}
    english = set(df)
    position_of = {r.number: j for j, r in enumerate(targets)}

    ef = []
    term_rules: list[set[str]] = []
    for e in entries:
        ef.append(_entry_features(e, english))
        cited: set[str] = set()
        for t in e.terms:
            g = cr.term(t)
            if g:
                cited.update(g.rules)
        term_rules.append(cited)

    m, k = len(entries), len(targets)
    s = [[0.0] * k for _ in range(m)]
    reasons: dict[tuple[int, int], list[str]] = {}
    for i in range(m):
        for j in range(k):
            sc, why = _pair_score(ef[i], rf[j], targets[j], idf, term_rules[i])
            s[i][j] = sc
            reasons[i, j] = why

    neg = -1e18
    # F[i][j]: best score of entries[:i] using targets[:j]; B[i][j]: entries[i:] using targets[j:].
    F = [[0.0] * (k + 1) for _ in range(m + 1)]
    for i in range(1, m + 1):
        F[i][0] = F[i - 1][0] - SKIP_ENTRY
        row, prev = F[i], F[i - 1]
        si = s[i - 1]
        for j in range(1, k + 1):
            row[j] = max(prev[j] - SKIP_ENTRY, row[j - 1], prev[j - 1] + si[j - 1])
    B = [[0.0] * (k + 1) for _ in range(m + 1)]
    for i in range(m - 1, -1, -1):
        B[i][k] = B[i + 1][k] - SKIP_ENTRY
        row, nxt = B[i], B[i + 1]
        si = s[i]
        for j in range(k - 1, -1, -1):
            row[j] = max(nxt[j] - SKIP_ENTRY, row[j + 1], nxt[j + 1] + si[j])

    out: list[Alignment] = []
    # Traceback of the best path.
    path: dict[int, int] = {}
    i, j = m, k
    while i > 0 and j > 0:
        if F[i][j] == F[i - 1][j - 1] + s[i - 1][j - 1]:
            path[i - 1] = j - 1
            i, j = i - 1, j - 1
        elif F[i][j] == F[i][j - 1]:
            j -= 1
        else:
            i -= 1
    for i in range(m):
        # Best total with entry i placed at target j, or left out.
        placed = [F[i][j] + s[i][j] + B[i + 1][j + 1] for j in range(k)]
        left_out = max(F[i][j] + B[i + 1][j] for j in range(k + 1)) - SKIP_ENTRY
        chosen = path.get(i)
        if chosen is None:
            best_other = max(placed) if placed else neg
            out.append(Alignment(i, None, "unaligned",
                                 f"best place {targets[placed.index(best_other)].number} loses "
                                 f"{left_out - best_other:.1f}" if placed else "no targets",
                                 0.0, left_out - best_other))
            continue
        best = placed[chosen]
        others = [p for jj, p in enumerate(placed) if jj != chosen] + [left_out]
        margin = best - max(others)
        own = s[i][chosen]
        why = reasons[i, chosen]
        anchors = sorted(c for c in ef[i].cites if c in position_of)
        mentions = [f"mentions {', '.join(anchors)}"] if anchors else []
        evidence = "; ".join([*why, f"margin {margin:.1f}", *mentions])
        status = "aligned" if margin >= ALIGNED_MARGIN and own >= MIN_EVIDENCE else "uncertain"
        out.append(Alignment(i, targets[chosen].number, status, evidence, round(own, 2), round(margin, 2)))
    return F[m][k], out


def coverage(alignments: Iterable[Alignment]) -> dict[str, int]:
    """Counts per status: ``{"aligned": a, "uncertain": u, "unaligned": n}`` (for ``build`` output)."""
    out = {"aligned": 0, "uncertain": 0, "unaligned": 0}
    for a in alignments:
        out[a.status] += 1
    return out
