"""The ``current`` stage of ``/frage``'s ranking (bot/current_first.py): a ruling the change register marks outdated
yields its place among the first hits to the newer document's ruling the register cites for it, when it leads that
one by at most the stage's margin. Values read from the register (data/changes.toml, row ``split_naming``) and the
documents: 001's 2006 ruling on naming a split card (001:2063) and 002's 2017 ruling that states today's rule
(002:29)."""

from __future__ import annotations

from dataclasses import replace

from bot.answers import AnswerContext
from bot.current_first import current_order
from bot.ranking import ranker
from bot.store import PassageRecord

#: Naming a split card, in a player's words: 001:2063 and 002:29 answer it in nearly the same words.
NAMING = "split karte benennen: beide namen oder einer?"
OLD = "Falls ein Effekt einen Spieler anweist, eine Karte zu benennen, und dieser Spieler eine geteilte Karte"
NOW = "Jede geteilte Karte hat zwei Namen. Falls ein Effekt dich anweist, einen Kartennamen zu bestimmen, kannst du"


async def _passage(ctx: AnswerContext, key: str) -> PassageRecord:
    p = await ctx.store.passage_by_key(key)
    assert p is not None and p.ref_id is not None
    return p


async def test_the_register_links_an_outdated_ruling_to_the_newer_one_it_cites(ctx: AnswerContext):
    r = await ranker(ctx.store)
    old, now = await _passage(ctx, "001:2063"), await _passage(ctx, "002:29")
    assert old.text.startswith(OLD) and old.status == "changed"
    assert now.text.startswith(NOW) and now.status == "unchanged"
    assert r.outdated[old.ref_id] == {now.ref_id}
    # 001:2061 (discarding a split card) is no register row's outdated entry (only an old term's): no link
    assert (await _passage(ctx, "001:2061")).ref_id not in r.outdated


async def test_todays_ruling_leads_the_outdated_one_it_nearly_ties(ctx: AnswerContext):
    r = await ranker(ctx.store)
    assert r.weights.current > 0
    found = await r.search(ctx.store, NAMING, ctx.names, limit=3)
    assert [h.passage.key for h in found.hits[:2]] == ["002:29", "001:2063"]
    assert "kannst du einen wählen, aber nicht beide" in found.hits[0].passage.text
    # the scores stay: the outdated ruling's is the higher one, within the margin
    assert 0 < found.hits[1].score - found.hits[0].score <= r.weights.current
    off = r.variant(weights=replace(r.weights, current=0.0))
    before = await off.search(ctx.store, NAMING, ctx.names, limit=3)
    assert before.hits[0].passage.key == "001:2063"
    assert "muss er beide Hälften der geteilten Karte nennen" in before.hits[0].passage.text


async def test_an_outdated_ruling_far_ahead_keeps_its_place(ctx: AnswerContext):
    r = await ranker(ctx.store)
    old, now = await _passage(ctx, "001:2063"), await _passage(ctx, "002:29")
    other = await _passage(ctx, "001:2059")
    links = {old.ref_id: frozenset({now.ref_id})}
    passages = [old, other, now]
    assert current_order(passages, [20.0, 19.0, 18.0], links, 2.0) == [2, 0, 1]
    assert current_order(passages, [20.0, 19.0, 17.5], links, 2.0) == [0, 1, 2]  # 2.5 ahead: kept
    assert current_order([now, old, other], [20.0, 19.0, 18.0], links, 2.0) == [0, 1, 2]  # already after it
    assert current_order(passages, [20.0, 19.0, 20.0], r.outdated, 0.0) == [2, 0, 1]  # the store's link, a tie
