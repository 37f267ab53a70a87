"""Siblings among 003's entries (bot/rule_siblings.py): the entries explaining one rule of the Comprehensive Rules
are siblings of the ``earlier`` stage (bot.prior.prior_stage), as a card's rulings are (docs/ranking.md ¹²⁴). Values
read from 003's entries and data/explanations_numbers.tsv."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field, replace

import pytest

from bot.answered import sibling_groups
from bot.answers import AnswerContext
from bot.prior import PriorIndex, read_prior
from bot.ranking import ranker
from bot.rule_siblings import explanation_rules, rule_of, sibling_key
from bot.search import NameIndex
from bot.store import PassageRecord
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
from bench_questions import Question

#: A tuning question on 003:426 (111.8: „Ein Spielstein, der das Spiel verlassen hat, kann nicht in eine andere Zone
#: wechseln oder ins Spiel zurückkehren. …“), ranked as the CV ranks it: every other tuning question is an earlier one.
ASKED = Question("t2-076", "kann ein token nach exli wieder zurück aufs schlachtfeld kommen", ("003:426",), "tuning2")


def test_the_rule_is_the_numbers_first_three_digits():
    assert rule_of("111.10t") == "111"
    assert rule_of("104.3f") == "104"
    assert rule_of("103.1") == "103"
    assert rule_of("100") == "100"
    assert rule_of(None) is None and rule_of("") is None and rule_of("Regel") is None


@dataclass
class _Hit:
    passage: PassageRecord
    score: float
    parts: dict[str, float] = field(default_factory=dict)


async def _hits(ctx: AnswerContext, *keys: str) -> list[_Hit]:
    out = []
    for n, key in enumerate(keys):
        p = await ctx.store.passage_by_key(key)
        assert p is not None and p.kind == "explanation", key
        out.append(_Hit(p, 10.0 - n))
    return out


async def test_entries_of_one_rule_are_siblings(ctx: AnswerContext):
    # 003:81 „In einer Commander-Partie beginnt jeder Spieler mit 40 Lebenspunkten.“ (103.4c) and 003:93 (103.5c, the
    # free first mulligan) explain rule 103; 003:424 (111.7, a token outside the battlefield) rule 111; 003:150
    # „Verlieren alle Spieler … gleichzeitig …“ has only the uncertain alignment 104.4a, which still names its rule
    rules = await explanation_rules(ctx.store)
    life, mulligan, token, draw = await _hits(ctx, "003:81", "003:93", "003:424", "003:150")
    assert len(rules) == 205
    assert rules[life.passage.ref_id] == rules[mulligan.passage.ref_id] == "103"
    assert rules[token.passage.ref_id] == "111" and rules[draw.passage.ref_id] == "104"
    assert sibling_key(life.passage, rules) == sibling_key(mulligan.passage, rules) == ("rule", "103")
    assert sibling_key(life.passage, {}) is None  # without the numbers, no group (the other stages)
    groups = sibling_groups([life, token, mulligan, draw], rules)
    assert [[h.passage.key for h in g] for g in groups] == [["003:81", "003:93"]]
    assert sibling_groups([life, token, mulligan, draw]) == []


async def test_the_earlier_questions_put_the_asked_entry_of_one_rule_first(ctx: AnswerContext):
    """t2-076 with every other tuning question as an earlier one: 003:409 (111.12, a token copy of an object that
    does not exist) leads 003:426 (111.8); 003:426's earlier questions („token wurde geexilt, kann der
    per flicker zurueck ins spiel?“ and the like) hold more of the question than 003:409's, so the shipped stage
    (``earlier`` 32) puts 003:426 first and 003:409 second with each other's scores; with 003's entries in no group
    (the ranker's ``rules`` empty) 003:409 stays first (seen red with ``rules`` not passed to prior_stage)."""
    r = await ranker(ctx.store)
    # the headword part off (docs/ranking.md ¹⁵⁷): 003:426 and 003:424 begin with „Ein Spielstein“, the question's word
    r = r.variant(weights=replace(r.weights, headword=0.0))
    names = NameIndex.from_entries(await ctx.store.name_entries())
    found = await r.candidates(ctx.store, ASKED.text, names)
    index = PriorIndex.of(r.analyser, read_prior(), exclude={ASKED.id})
    found = replace(found, prior=index.shares(r.question_words(found.analysis), found.records))
    apart = r.variant()
    apart.rules = {}
    before = apart.rank(found, limit=3).hits
    assert [h.passage.key for h in before] == ["003:409", "003:426", "003:422"]
    hits = r.rank(found, limit=3).hits
    assert [h.passage.key for h in hits] == ["003:426", "003:409", "003:422"]
    # the two entries of rule 111 take each other's places and scores; 003:422 (111.10) keeps its own
    assert [h.score for h in hits] == pytest.approx([h.score for h in before])
    # 003:426 rises by 003:409's lead over it, and 003:409 falls by as much
    lead = before[0].score - before[1].score
    assert lead > 0 and hits[0].parts["earlier"] == pytest.approx(lead)
    assert hits[1].parts["earlier"] == pytest.approx(-lead)
