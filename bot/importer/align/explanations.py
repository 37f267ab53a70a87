"""Align the entries of the German rules explanation (document 003) to the CR rules they explain."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.importer.cr import CRDocument, CRRule, cited_numbers, normalise_for_search
from bot.importer.model import RuleExplanation
from bot.keywords import LEXICON

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


def _targets(cr: CRDocument, first: str | None, last: str | None, order: str) -> list[CRRule]:
    """The rules and subrules an explanation may go to, in ``order``, within ``first``..``last``."""
    targets = sorted((r for r in cr.rules if r.kind in ("rule", "subrule")),
                     key=lambda r: rule_sort_key(r.number, order))
    if first is not None:
        targets = [r for r in targets if rule_sort_key(r.number, order) >= rule_sort_key(first, order)]
    if last is not None:
        targets = [r for r in targets if rule_sort_key(r.number, order) <= rule_sort_key(last, order)]
    return targets


@dataclass
class _Scores:
    """Every entry × target pair scored: ``s[i][j]`` with its reasons, the entries' features."""

    s: list[list[float]]
    reasons: dict[tuple[int, int], list[str]]
    entry_features: list[_Features]


def _scores(entries: list[RuleExplanation], targets: list[CRRule], cr: CRDocument) -> _Scores:
    """Score every pair (:func:`_pair_score`), words weighted by their inverse document frequency in ``targets``."""
    rf = [_rule_features(r) for r in targets]
    df: dict[str, int] = {}
    for f in rf:
        for w in f.words:
            df[w] = df.get(w, 0) + 1
    n = len(targets) or 1
    idf = {w: max(0.0, math.log(n / c) - 1.0) for w, c in df.items()}
    english = set(df)
    ef = []
    term_rules: list[set[str]] = []
    for e in entries:
        ef.append(_entry_features(e, english))
        term_rules.append({num for t in e.terms if (g := cr.term(t)) for num in g.rules})
    s = [[0.0] * len(targets) for _ in entries]
    reasons: dict[tuple[int, int], list[str]] = {}
    for i in range(len(entries)):
        for j in range(len(targets)):
            s[i][j], reasons[i, j] = _pair_score(ef[i], rf[j], targets[j], idf, term_rules[i])
    return _Scores(s, reasons, ef)


def _tables(s: list[list[float]], m: int, k: int) -> tuple[list[list[float]], list[list[float]]]:
    """The dynamic-programming tables: ``F[i][j]`` best score of entries[:i] using targets[:j], ``B[i][j]`` of
    entries[i:] using targets[j:] (an entry left out costs :data:`SKIP_ENTRY`)."""
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
    return F, B


def _traceback(F: list[list[float]], s: list[list[float]], m: int, k: int) -> dict[int, int]:
    """The best path through ``F``: entry index → target index."""
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
    return path


def _align(
    entries: list[RuleExplanation], cr: CRDocument, first: str | None, last: str | None, order: str
) -> tuple[float, list[Alignment]]:
    """Align ``entries`` monotonically to the rules of ``cr`` in ``order``; each entry's margin is its best total
    with it placed where the path puts it against any other place or leaving it out."""
    targets = _targets(cr, first, last, order)
    scores = _scores(entries, targets, cr)
    s, m, k = scores.s, len(entries), len(targets)
    F, B = _tables(s, m, k)
    path = _traceback(F, s, m, k)
    position_of = {r.number: j for j, r in enumerate(targets)}
    out: list[Alignment] = []
    for i in range(m):
        placed = [F[i][j] + s[i][j] + B[i + 1][j + 1] for j in range(k)]
        left_out = max(F[i][j] + B[i + 1][j] for j in range(k + 1)) - SKIP_ENTRY
        chosen = path.get(i)
        if chosen is None:
            best_other = max(placed) if placed else -1e18
            out.append(Alignment(i, None, "unaligned",
                                 f"best place {targets[placed.index(best_other)].number} loses "
                                 f"{left_out - best_other:.1f}" if placed else "no targets",
                                 0.0, left_out - best_other))
            continue
        margin = placed[chosen] - max([p for jj, p in enumerate(placed) if jj != chosen] + [left_out])
        own = s[i][chosen]
        anchors = sorted(c for c in scores.entry_features[i].cites if c in position_of)
        mentions = [f"mentions {', '.join(anchors)}"] if anchors else []
        evidence = "; ".join([*scores.reasons[i, chosen], f"margin {margin:.1f}", *mentions])
        status = "aligned" if margin >= ALIGNED_MARGIN and own >= MIN_EVIDENCE else "uncertain"
        out.append(Alignment(i, targets[chosen].number, status, evidence, round(own, 2), round(margin, 2)))
    return F[m][k], out


def coverage(alignments: Iterable[Alignment]) -> dict[str, int]:
    """Counts per status: ``{"aligned": a, "uncertain": u, "unaligned": n}`` (for ``build`` output)."""
    out = {"aligned": 0, "uncertain": 0, "unaligned": 0}
    for a in alignments:
        out[a.status] += 1
    return out
