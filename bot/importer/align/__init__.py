"""Tie rule numbers together: across CR versions, and from the German explanations (003) to the CR.

Two jobs:

* :func:`match_versions` (:mod:`.versions`) maps every rule of an old CR (e.g. 2010-10-01, where clash is
  701.19) to the rule of a newer CR (2026-04-17: 701.30) — by section title (:mod:`.sections`), then by rule
  title (heading-only rules like ``701.19. Clash``), then by text similarity (:mod:`.similarity`, rapidfuzz)
  among the subrules of the matched parent, then rules that were split, merged or moved by their sentences.
  Every match carries a score, a method and ``certain``; a match that is not clearly better than the
  runner-up is kept but marked uncertain, never promoted to certain. :mod:`.sample` scores the map on the
  hand-checked sample ``data/cr_map_sample.tsv``.
* :func:`align_explanations` (:mod:`.explanations`) gives each entry of the German rules explanation
  (document 003, in rule order, numbers only as anchors) the CR rule it explains: a monotonic alignment
  (dynamic programming over entries × rules) scored by shared cited rule numbers, glossary terms, shared
  digits and English words, a small German→English game-term lexicon (:data:`LEXICON`), ``Beispiel:`` /
  ``Example:`` presence and text length.

Old numbers as the documents cite them are resolved through the map or the keyword table (:mod:`.numbers`).
"""

from bot.importer.align.explanations import (
    ALIGNED_MARGIN,
    MIN_EVIDENCE,
    SKIP_ENTRY,
    Alignment,
    align_explanations,
    coverage,
    rule_sort_key,
)
from bot.importer.align.numbers import read_keyword_table, resolve_old_number
from bot.importer.align.result import CERTAIN_MARGIN, CERTAIN_SCORE, MIN_SCORE, RuleMatch
from bot.importer.align.sample import MAP_SAMPLE_PATH, MapSample, SampleScore, read_map_sample, score_sample
from bot.importer.align.similarity import rule_title_words
from bot.importer.align.versions import match_versions
from bot.keywords import LEXICON, resolve_via_keywords

__all__ = [
    "ALIGNED_MARGIN", "CERTAIN_MARGIN", "CERTAIN_SCORE", "LEXICON", "MAP_SAMPLE_PATH", "MIN_EVIDENCE",
    "MIN_SCORE", "SKIP_ENTRY", "Alignment", "MapSample", "RuleMatch", "SampleScore", "align_explanations",
    "coverage", "match_versions", "read_keyword_table", "read_map_sample", "resolve_old_number",
    "resolve_via_keywords", "rule_sort_key", "rule_title_words", "score_sample",
]
