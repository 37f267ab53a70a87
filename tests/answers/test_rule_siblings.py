"""Siblings among 003's entries (bot/rule_sections.py): the entries of one subrule of the Comprehensive Rules are
siblings of the ``sentence`` and ``answered`` stages, as a card's rulings are (docs/ranking.md ³⁶). Values read from
003's entries on tokens (rule 111) and data/explanations_numbers.tsv."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.answered import sibling_groups
from bot.question_words import sentence_stage
from bot.ranking import ranker
from bot.rule_sections import explanation_rules, sibling_key, subrule_of
from bot.store import PassageRecord


def test_the_subrule_is_the_number_up_to_its_letter():
    assert subrule_of("111.10t") == "111.10"
    assert subrule_of("104.3f") == "104.3"
    assert subrule_of("103.1") == "103.1"
    assert subrule_of("100") == "100"
    assert subrule_of(None) is None and subrule_of("") is None and subrule_of("Regel") is None


@dataclass
class _Hit:
    passage: PassageRecord
    score: float
    parts: dict[str, float] = field(default_factory=dict)


async def _hits(ctx, *keys: str) -> list[_Hit]:
    out = []
    for n, key in enumerate(keys):
        p = await ctx.store.passage_by_key(key)
        assert p is not None and p.kind == "explanation", key
        out.append(_Hit(p, 10.0 - n))
    return out


async def test_entries_of_one_subrule_are_siblings(ctx):
    # 003:400 „Ein Altmetall-Spielstein ist …“ (111.10t) and 003:402 „Ein Vibranium-Spielstein ist …“ (111.10) state
    # the predefined tokens of 111.10; 003:424 (111.7, a token outside the battlefield) and 003:426 (111.8, a token
    # that left it) are two subrules; 003:150 „Verlieren alle Spieler … gleichzeitig …“ has only the uncertain
    # alignment 104.4a, which still names its subrule
    rules = await explanation_rules(ctx.store)
    altmetall, vibranium, zone, left, draw = await _hits(ctx, "003:400", "003:402", "003:424", "003:426", "003:150")
    assert rules[altmetall.passage.ref_id] == "111.10" and rules[draw.passage.ref_id] == "104.4"
    assert sibling_key(altmetall.passage, rules) == sibling_key(vibranium.passage, rules) == ("rule", "111.10")
    assert sibling_key(zone.passage, rules) == ("rule", "111.7") != sibling_key(left.passage, rules)
    assert sibling_key(altmetall.passage, {}) is None  # without the numbers, no group (as before)
    groups = sibling_groups([altmetall, zone, vibranium, left], rules)
    assert [[h.passage.key for h in g] for g in groups] == [["003:400", "003:402"]]


async def test_the_sentence_stage_decides_between_entries_of_one_subrule(ctx):
    # „spielstein“ is held by both 111.10 entries, so the question's rest decides: 003:402's sentence holds
    # „Vibranium“ and „Unzerstörbar“ (all of the rest), 003:400's only a lesser word of it; 003:424 (111.7) is alone in its subrule and gets nothing
    r = await ranker(ctx.store)
    hits = await _hits(ctx, "003:400", "003:402", "003:424")
    found = await r.candidates(ctx.store, "vibranium spielstein unzerstörbar", ctx.names)
    sentence_stage(hits, found.analysis, r.term_weights, 10.0, 3.0, lambda p: r._sentence_terms(p),
                   rules=await explanation_rules(ctx.store))
    parts = {h.passage.key: h.parts.get("sentence") for h in hits}
    assert parts["003:402"] == 3.0 and parts["003:400"] is not None and parts["003:400"] < 1.0
    assert parts["003:424"] is None
