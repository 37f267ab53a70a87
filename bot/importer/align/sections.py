"""Chapters, sections and heading-only rules of an old CR matched to a newer one by their titles, and renamed
sections ("Winning and Losing" → "Ending the Game") by the text of their first rules."""

from __future__ import annotations

from rapidfuzz import fuzz

from bot.importer.align.result import CERTAIN_MARGIN, MIN_SCORE, RuleMatch
from bot.importer.align.similarity import key_title, wording
from bot.importer.cr import CRDocument, CRRule


def match_sections(old: CRDocument, new: CRDocument, out: dict[str, RuleMatch]) -> None:
    """Fill ``out`` for every chapter and section of ``old``: by title (exact after folding = certain when the
    chapter is; rapidfuzz ratio ≥ 90 = uncertain), else by content (:func:`_match_by_content`), else ``none``."""
    new_sections = {r.number: r for r in new.rules if r.kind in ("chapter", "section")}

    for kind in ("chapter", "section"):
        for r in old.rules:
            if r.kind != kind:
                continue
            up = out.get(r.parent) if r.parent else None
            pool = (new.children(up.new) if up and up.new
                    else [s for s in new_sections.values() if s.kind == kind])
            hits = [h for h in pool if key_title(h.text) == key_title(r.text)]
            if len(hits) == 1:
                out[r.number] = RuleMatch(r.number, hits[0].number, 100.0, "section-title",
                                          bool(up is None or up.certain))
                continue
            scored = sorted(((fuzz.ratio(key_title(r.text), key_title(s.text)), s.number) for s in pool),
                            reverse=True)
            if scored and scored[0][0] >= 90:
                out[r.number] = RuleMatch(r.number, scored[0][1], scored[0][0], "section-title", False,
                                          scored[1][1] if len(scored) > 1 else None)
            else:
                out[r.number] = _match_by_content(r, pool, old, new, out) or RuleMatch(
                    r.number, None, scored[0][0] if scored else 0.0, "none", False)


def match_rule_titles(old: CRDocument, new: CRDocument, out: dict[str, RuleMatch]) -> None:
    """Heading-only rules ("701.19. Clash", "702.48. Convoke") by their title, preferring the rule in the
    section the old section went to; certain, method ``rule-title``."""
    titles: dict[str, list[CRRule]] = {}
    for r in new.rules:
        if r.title:
            titles.setdefault(key_title(r.title), []).append(r)
    # Heading-only rules ("701.19. Clash", "702.48. Convoke").
    for r in old.rules:
        if r.kind != "rule" or not r.title:
            continue
        hits = [h for h in titles.get(key_title(r.title), []) if h.kind == "rule"]
        sec = out.get(r.section)
        preferred = [h for h in hits if sec and sec.new == h.section]
        chosen = preferred if len(preferred) == 1 else hits
        if len(chosen) == 1:
            out[r.number] = RuleMatch(r.number, chosen[0].number, 100.0, "rule-title", True)


def _match_by_content(
    section: CRRule, pool: list[CRRule], old: CRDocument, new: CRDocument, out: dict[str, RuleMatch]
) -> RuleMatch | None:
    """A renamed section ("Winning and Losing" → "Ending the Game"): compare its first rules.

    Score = mean over the first five rules of the best rapidfuzz ratio against the candidate's rules.
    Never certain; None below :data:`MIN_SCORE` or without a margin of :data:`CERTAIN_MARGIN`.
    """
    taken = {m.new for m in out.values() if m.method == "section-title"}
    sample = [wording(r.text) for r in old.children(section.number)[:5]]
    if not sample:
        return None
    scored = []
    for cand in pool:
        if cand.number in taken:
            continue
        texts = [wording(r.text) for r in new.children(cand.number)]
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
