"""The rule_text stage (bot/section_rule.py; docs/ranking.md ⁵⁸): when the first three hits of ``/frage`` are all
rulings of one mechanics section, the section's quoted rule from the first five takes the third place; places one
and two never move. Values read from 001's Vorhersage section (rulings 001:1929–1937, the quoted rule 502.53b at
001:1927, the section's paragraph 001:1913) and 000's Fehde section (rule 701.19c at 000:9)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from bot.ranking import FEATURES, ranker
from bot.section_rule import REACH, rule_place, rule_stage, section_of_rulings
from bot.store import PassageRecord

#: Three rulings of Vorhersage, its quoted rule 502.53b, its paragraph.
VORHERSAGE = ("001:1935", "001:1929", "001:1931", "001:1927", "001:1913")


@dataclass
class _Hit:
    passage: PassageRecord
    score: float
    parts: dict[str, float] = field(default_factory=dict)


async def _passages(ctx, keys: tuple[str, ...]) -> list[PassageRecord]:
    out = []
    for key in keys:
        p = await ctx.store.passage_by_key(key)
        assert p is not None, key
        out.append(p)
    return out


async def test_the_documents_print_a_sections_rule_beside_its_rulings(ctx):
    rulings, rule, paragraph = (await _passages(ctx, VORHERSAGE))[:3], *(await _passages(ctx, VORHERSAGE[3:]))
    assert {(p.kind, p.card_id, p.mechanic_id) for p in rulings} == {("ruling", None, rule.mechanic_id)}
    assert (rule.kind, paragraph.kind, paragraph.mechanic_id) == ("quoted_rule", "mechanic", rule.mechanic_id)
    assert rule.text.startswith("Eine Vorhersage-Fähigkeit kann nur einmal während des Versorgungssegments")
    assert section_of_rulings(rulings) == rule.mechanic_id


async def test_three_rulings_of_a_section_take_its_rule_third(ctx):
    passages = await _passages(ctx, VORHERSAGE)
    assert rule_place(passages) == 3
    hits = [_Hit(p, s) for p, s in zip(passages, (19.0, 17.7, 17.1, 17.0, 16.9), strict=True)]
    rule_stage(hits)
    # 502.53b third with the third place's score; 001:1931 fourth with its own; places one and two as they were
    assert [(h.passage.key, h.score) for h in hits] == [
        ("001:1935", 19.0), ("001:1929", 17.7), ("001:1927", 17.1), ("001:1931", 17.1), ("001:1913", 16.9)]
    assert round(hits[2].parts["rule_text"], 6) == 0.1 and "rule_text" not in hits[3].parts


async def test_nothing_moves_unless_three_rulings_of_one_section_lead(ctx):
    # the section's paragraph among the first three: the rule is stated there already
    assert rule_place(await _passages(ctx, ("001:1935", "001:1929", "001:1913", "001:1927"))) is None
    # a ruling of another section (Fehde's 000:22) among the first three
    assert rule_place(await _passages(ctx, ("001:1935", "001:1929", "000:22", "001:1927"))) is None
    # another section's rule below them (Fehde's 701.19c) is not theirs
    assert rule_place(await _passages(ctx, ("001:1935", "001:1929", "001:1931", "000:9"))) is None
    # the rule below the first REACH hits is not lifted
    deep = await _passages(ctx, ("001:1935", "001:1929", "001:1931", "001:1937", "001:1913", "001:1927"))
    assert REACH == 5 and rule_place(deep) is None
    assert rule_place(await _passages(ctx, ("001:1935", "001:1929"))) is None
    # three rulings of one card (Hirnegelklumpen: no rule of its own): nothing to lift
    card = await _passages(ctx, ("001:606", "001:608", "001:610", "001:1927"))
    assert len({p.card_id for p in card[:3]}) == 1 and card[0].card_id is not None
    assert section_of_rulings(card[:3]) is None and rule_place(card) is None
    # a card's rulings are never a section's, even in a section (no document prints such a ruling today)
    vorhersage = card[3].mechanic_id
    assert rule_place([replace(p, mechanic_id=vorhersage) for p in card]) is None
    hits = [_Hit(p, 10.0 - n) for n, p in enumerate(deep)]
    rule_stage(hits)
    assert [h.passage.key for h in hits] == [p.key for p in deep]


async def test_frage_shows_the_rule_of_vorhersage_among_the_first_three(ctx):
    # „wie oft darf ich vorhersage benutzen“ (asked in players' words: „benutzen“ for the documents' „spielen“):
    # three rulings of Vorhersage lead, 502.53b „kann nur einmal während des Versorgungssegments …“ stood fourth
    question = "wie oft darf ich vorhersage benutzen"
    shipped = await (await ranker(ctx.store)).search(ctx.store, question, ctx.names, limit=5)
    # the asks stage (bot/asked_kinds.py): „wie oft“ asks a count, 502.53b („kann nur einmal …“) states one and goes
    # second; since it compares the first five (docs/ranking.md ¹⁵⁶) 001:1937 („… ein weiteres Mal spielen“, a count
    # too; fifth since the sixth tuning part's learned translations, ¹⁵⁵) takes the third place from 001:1929 („führt
    # nicht dazu, dass die Karte die Hand … verlässt“, no count); below, the rule_text stage measured without it
    assert [h.passage.key for h in shipped.hits[:3]] == ["001:1935", "001:1927", "001:1937"]
    r = (await ranker(ctx.store)).variant(weights=replace((await ranker(ctx.store)).weights, asks=0.0))
    found = await r.search(ctx.store, question, ctx.names, limit=5)
    # the translation part (docs/ranking.md ⁶⁶) puts 502.53b third by itself; the stage does without it
    without = await r.variant(weights=replace(r.weights, transl=0.0),
                              features=tuple(f for f in FEATURES if f != "rule_text")).search(
        ctx.store, question, ctx.names, limit=5)
    before = [h.passage.key for h in without.hits]
    assert before[3] == "001:1927" and before[:3] == ["001:1935", "001:1929", "001:1931"]
    # the fifth place is the learned translations' (001:1937 with the sixth tuning part, ¹⁵⁵), not the stage's
    assert [h.passage.key for h in found.hits][:4] == ["001:1935", "001:1929", "001:1927", "001:1931"]
    alone = await r.variant(weights=replace(r.weights, transl=0.0)).search(ctx.store, question, ctx.names, limit=5)
    assert [h.passage.key for h in alone.hits][:4] == [h.passage.key for h in found.hits][:4]
    assert found.clear == without.clear  # the first two, which the hedge reads, are the same


async def test_a_search_over_rulings_keeps_its_order(ctx):
    # /regel suche and /ruling suche rank by kind (no clauses): the stage is /frage's only
    r = await ranker(ctx.store)
    question = "wie oft darf ich vorhersage benutzen"
    kinds = frozenset({"ruling", "quoted_rule", "mechanic"})
    found = await r.search(ctx.store, question, ctx.names, kinds=kinds, limit=5)
    assert all("rule_text" not in h.parts for h in found.hits)
