"""Map every rule number of an old CR to the newer CR (see :mod:`bot.importer.align`)."""

from __future__ import annotations

from collections import Counter

from rapidfuzz import fuzz, process

from bot.importer.align.guards import children_elsewhere, intro_only, polarity_conflict
from bot.importer.align.result import CERTAIN_MARGIN, CERTAIN_SCORE, MIN_SCORE, RuleMatch
from bot.importer.align.sections import match_rule_titles, match_sections
from bot.importer.align.similarity import (
    WORDS,
    defined_terms,
    grown,
    loose,
    named_terms,
    quoted_names,
    rule_title_words,
    sentences,
    wording,
    zones,
)
from bot.importer.cr import CRDocument, CRRule


def match_versions(old: CRDocument, new: CRDocument) -> dict[str, RuleMatch]:
    """Map every chapter, section, rule and subrule number of ``old`` to ``new`` (see module doc).

    Returns ``{old number: RuleMatch}`` for every entry of ``old.rules``. Sections match by their
    title (exact after folding = certain; rapidfuzz ≥ 90 = uncertain). Heading-only rules match
    by title, preferring the matched section. Other rules and subrules match by text similarity
    (:data:`CERTAIN_SCORE`, :data:`CERTAIN_MARGIN`, :data:`MIN_SCORE`), one-to-one within a parent.
    """
    out: dict[str, RuleMatch] = {}
    match_sections(old, new, out)
    match_rule_titles(old, new, out)

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
    _match_defined_terms(old, new, out)
    _match_sentences(old, new, out)
    return out


LOOSE_MIN = 70.0  # word overlap (token_set_ratio) a loose match needs
LOOSE_MARGIN = 5.0  # … and this much ahead of the runner-up


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
        text = wording(r.text)
        scored = sorted(((loose(text, wording(x.text)), x.number) for x in pool
                         if x.number not in taken and not x.title and not intro_only(old, new, r.number, x.number)
                         and not polarity_conflict(r.text, x.text)), reverse=True)
        if not scored or scored[0][0] < LOOSE_MIN:
            continue
        second = scored[1] if len(scored) > 1 else (0.0, None)
        if scored[0][0] - second[0] < LOOSE_MARGIN:
            continue
        out[r.number] = RuleMatch(r.number, scored[0][1], round(scored[0][0], 1), "text-loose", False, second[1])
        taken.add(scored[0][1])



VERBATIM_MIN = 30  # characters of folded text a rule needs before it counts as a verbatim counterpart


def _match_verbatim(old: CRDocument, new: CRDocument, out: dict[str, RuleMatch]) -> set[str]:
    """Rules and subrules of ``old`` not yet matched whose folded text (:func:`wording`) equals the text
    of exactly one rule of ``new`` in the same chapter (and of no other old rule): certain, method
    ``text-identical``.

    Returns the new numbers taken this way (the text pass skips them).
    """
    def key(rule: CRRule) -> str:
        return wording(rule.text) if rule.kind in ("rule", "subrule") and not rule.title else ""

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


OUTSIDE_PENALTY = 5.0  # a candidate outside the matched parent must beat one inside by this much


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
    texts = {x.number: wording(x.text) for x in inside}
    outside = [x for x in wide if x.number not in in_scope]
    outside_texts = [wording(x.text) for x in outside]
    pairs = []
    table: dict[str, list[tuple[float, str]]] = {}
    for m in members:
        mt = wording(m.text)
        # Inside the parent a rule that grew (202.3a "… is 0" → "… is 0, unless …") still counts: word overlap.
        scored = [(max(fuzz.ratio(mt, t), grown(mt, t)), n) for n, t in texts.items()]
        if not scored or max(scored)[0] < CERTAIN_SCORE:  # look beyond the parent only when it has no clear match
            found = process.extract(mt, outside_texts, scorer=fuzz.ratio, limit=5, score_cutoff=MIN_SCORE)
            named = named_terms(m.text, titles)
            scored += [
                (score - OUTSIDE_PENALTY, outside[i].number)
                for t, score, i in found
                if named <= set(WORDS.findall(t))  # "changeling" must not become "read ahead"
            ]
        scored.sort(reverse=True)
        table[m.number] = scored
        pairs.extend((s, m.number, n) for s, n in scored[:5])
    taken: set[str] = set()
    done: set[str] = set()
    for s, old_n, new_n in sorted(pairs, reverse=True):
        if old_n in done or new_n in taken or s < MIN_SCORE:
            continue
        if s < CERTAIN_SCORE and table[old_n][0][1] != new_n:
            continue  # its best candidate went to a sibling: a weak second choice is no counterpart (713.2d)
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



def _home(r: CRRule, out: dict[str, RuleMatch]) -> str | None:
    """The section of the new CR an old rule's section (or, when it moved, its parent) went to."""
    pm = out.get(r.parent or "")
    if pm and pm.new and pm.method not in ("none",):
        return pm.new.split(".")[0]
    sec = out.get(r.section)
    return sec.new if sec and sec.new else None


def _unmatched(old: CRDocument, out: dict[str, RuleMatch]) -> list[CRRule]:
    """Old rules and subrules (not headings) without a counterpart so far."""
    return [r for r in old.rules
            if r.kind in ("rule", "subrule") and not r.title and (m := out.get(r.number)) and m.new is None]


def _match_defined_terms(old: CRDocument, new: CRDocument, out: dict[str, RuleMatch]) -> None:
    """Rules still without a counterpart that define a term in quotes (2010 309.6 and 901.7a: ``This is
    called the "planeswalking ability."``) go to the one new rule defining the same term (2026 901.8: ``known
    as the "planeswalking ability."``), several old rules to one new rule when they said the same; method
    ``defined-term``, never certain. When no new rule defines it, the one new rule of the section the old
    rule went to that names it in quotes (2010 306.4 → 2026 306.4, which says the "planeswalker uniqueness
    rule" was removed). No match when several new rules define or name it."""
    defining: dict[str, list[str]] = {}
    for x in new.rules:
        if x.kind in ("rule", "subrule") and not x.title:
            for term in defined_terms(x.text):
                defining.setdefault(term, []).append(x.number)
    naming: dict[str, list[str]] = {}
    for x in new.rules:
        if x.kind in ("rule", "subrule") and not x.title:
            for term in quoted_names(x.text):
                naming.setdefault(term, []).append(x.number)
    for r in _unmatched(old, out):
        terms = defined_terms(r.text)
        hits = {n for t in terms for n in defining.get(t, [])}
        if not hits:  # nobody defines it today: the one rule of its section still naming it (306.4, whose
            # "planeswalker uniqueness rule" was removed; not the state-based action 704.5j, in another section)
            hits = {n for t in terms for n in naming.get(t, []) if n.split(".")[0] == _home(r, out)}
        if len(hits) == 1:
            out[r.number] = RuleMatch(r.number, hits.pop(), 100.0, "defined-term", False)


SENTENCE_SCORE = 60.0  # weighted sentence coverage a split, merged or moved rule needs
SENTENCE_MARGIN = 3.0  # … and this much ahead of the runner-up
FIRST_WEIGHT = 2.0  # the first sentence (what the rule is about) counts this many times
SENTENCE_OUTSIDE = 15.0  # a candidate outside the section the rule went to counts this much less


def _match_sentences(old: CRDocument, new: CRDocument, out: dict[str, RuleMatch]) -> None:
    """Last pass, for rules split, merged or moved since (2010 708.2a → 709.3, 503.2 → 503.1, 401.5 → 121.8,
    712.2 → 724.1f, 903.11 → 903.9a): every new rule or subrule is scored by how well it covers the old rule's
    sentences — for each old sentence (:func:`~bot.importer.align.similarity.sentences`) the best rapidfuzz
    ratio against the new rule's sentences, averaged with the first sentence counted :data:`FIRST_WEIGHT`
    times — minus :data:`SENTENCE_OUTSIDE` outside the section the rule went to. Several old rules may go to
    one new rule (merged rules). Guards: text the old rules repeat is looked for only in that section; a rule
    that names something in quotes ("legend rule") goes only to a rule that names it too; a rule goes only to
    rules naming every zone it names (903.10 "graveyard" is not 903.9b "hand or library"). Needs
    :data:`SENTENCE_SCORE` and :data:`SENTENCE_MARGIN`; method ``text-sentence``, never certain."""
    pool = [x for x in new.rules if x.kind in ("rule", "subrule") and not x.title]
    texts = [wording(x.text) for x in pool]
    split = [sentences(x.text) for x in pool]
    section = [x.section for x in pool]
    places_of = [zones(x.text) for x in pool]
    repeated = Counter(wording(r.text) for r in old.rules)
    owner = [i for i, parts in enumerate(split) for _ in parts]
    flat = [sent for parts in split for sent in parts]
    # A rule none of whose sentences reaches this cannot reach SENTENCE_SCORE, nor come within the margin.
    near = SENTENCE_SCORE - SENTENCE_MARGIN
    for r in _unmatched(old, out):
        parts = sentences(r.text)
        if not parts:
            continue
        home = _home(r, out)
        names = quoted_names(r.text)
        places = zones(r.text)
        alone = repeated[wording(r.text)] == 1
        weights = [FIRST_WEIGHT] + [1.0] * (len(parts) - 1)
        candidates = {owner[j] for part in parts
                      for _, _, j in process.extract(part, flat, scorer=fuzz.ratio, limit=None, score_cutoff=near)}
        scored = []
        for i in candidates:
            # a text the old rules repeat (503.2 = 511.2 "Second, the active player gets priority. …") is known
            # by its place only; a rule naming something in quotes ("legend rule") is not one without it; a rule
            # about other zones is another rule (903.10 graveyard: not 903.9b "hand or library")
            if ((section[i] != home and not alone) or (names and not any(n in texts[i] for n in names))
                    or not places <= places_of[i] or polarity_conflict(r.text, pool[i].text)
                    or children_elsewhere(old, r.number, pool[i].number, out)):
                continue
            row = [max((s for s in (fuzz.ratio(part, t) for t in split[i]) if s >= 30), default=0.0)
                   for part in parts]
            score = sum(w * s for w, s in zip(weights, row, strict=True)) / sum(weights)
            scored.append((score - (0.0 if section[i] == home else SENTENCE_OUTSIDE), pool[i].number))
        scored.sort(reverse=True)
        if not scored or scored[0][0] < SENTENCE_SCORE:
            continue
        second = scored[1] if len(scored) > 1 else (0.0, None)
        if scored[0][0] - second[0] < SENTENCE_MARGIN:
            continue
        out[r.number] = RuleMatch(r.number, scored[0][1], round(scored[0][0], 1), "text-sentence", False, second[1])
