"""What the core does once per answer or once per store instead of once per use (bot/core.py with
bot/store/passages.py's ``one_answer``, bot/store/cards.py's card records, bot/rules/mana/parse.py's printed
costs, bot/answers/meta.py's register coverage): the same answers, less work per interaction
(``bench/bench_core.py`` measures it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.answers import meta
from bot.answers.registry import AnswerContext, run_answer
from bot.core import Core
from bot.custom_id import Invocation
from bot.rules.mana import parse_cost
from bot.rules.mana.parse import printed_cost
from bot.store import Store

#: ``/regel suche: Aktivieren``: the term table's rule (701.2), then the documents' full-text hits in two pages.
RULE_TITLES = ["Aktivieren – Regel 701.2", "Regeln zu „Aktivieren“", "Regeln zu „Aktivieren“"]


async def test_a_full_text_query_an_answer_repeats_runs_once(core: Core):
    store = core.store
    assert store is not None
    before = store.thread_reads
    reply = await core.run(Invocation.answer("rule", search="Aktivieren"))
    # the term's rulings and the rules' search rank the same FTS5 candidates: one query through the thread; the
    # term's sections (those whose title carries its concept, Store.term_uses) one more
    assert store.thread_reads - before == 2
    assert [p.title for p in reply.pages] == RULE_TITLES
    before = store.thread_reads
    again = await core.run(Invocation.answer("rule", search="Aktivieren"))
    assert store.thread_reads - before == 2  # nothing outlives an answer: the next one queries the store again
    before = store.thread_reads
    plain = await run_answer(core.context, "rule", search="Aktivieren")  # outside Core.run: no answer scope
    assert store.thread_reads - before == 3
    assert [p.body for p in plain.pages] == [p.body for p in reply.pages] == [p.body for p in again.pages]


async def test_ruling_search_on_a_card_queries_the_index_twice_not_three_times(core: Core):
    store = core.store
    assert store is not None
    before = store.thread_reads
    reply = await core.run(Invocation.answer("ruling", card="Boros-Rekrut", search="Aktivieren"))
    assert store.thread_reads - before == 2  # the card's rulings scored, all rulings searched once
    # three pages: the old documents' rulings on an ability „gespielt“ name Aktivieren too (bot/played_abilities.py)
    assert [p.title for p in reply.pages] == ["Rulings mit „Aktivieren“"] * 3


async def test_a_card_is_read_once_per_store(store: Store, built_db: Path):
    row = await store.fetchone("SELECT id FROM cards WHERE name = ?", ("Boros-Rekrut",))
    assert row is not None
    first = await store.card(row[0])
    reads = store.loop_reads + store.thread_reads
    again = await store.card(row[0])
    assert store.loop_reads + store.thread_reads == reads and again is first  # from memory, the same record
    assert first is not None and (first.name, first.mana_cost, first.type_line, first.document.title) == (
        "Boros-Rekrut", "{R/W}", "Kreatur — Goblin, Soldat", "Ravnica: Stadt der Gilden – Häufig gestellte Fragen")
    fresh = await Store.open(built_db)  # another store reads the file again
    try:
        assert await fresh.card(row[0]) == first and len(fresh.card_cache()) == 1
    finally:
        await fresh.close()
    assert await store.card(10**9) is None and 10**9 not in store.card_cache()  # an unknown id is not kept


def test_a_printed_cost_is_parsed_once():
    printed_cost.cache_clear()
    first = printed_cost("{R/W}")
    assert printed_cost("{R/W}") is first and printed_cost.cache_info().hits == 1
    assert first == parse_cost("{R/W}") and first is not None and first.text == "{R/W}"
    assert printed_cost("{Q}") is None  # a printed cost that does not parse: the card has no known cost


async def test_info_counts_the_register_once_per_store(ctx: AnswerContext, monkeypatch: pytest.MonkeyPatch):
    counted = []
    real = meta.coverage

    def counting(index: meta.TodayIndex) -> dict[str, dict[str, int]]:
        counted.append(index)
        return real(index)

    monkeypatch.setattr(meta, "coverage", counting)
    first = await meta.register_field(ctx)
    second = await meta.register_field(ctx)
    assert len(counted) == 1 and first == second and first is not None
    assert first.value.startswith("606 Rulings und 32 Mechanik-Abschnitte geprüft\n"
                                  "Rulings: 340 unverändert, 24 geändert, 242 nur Begriffe")
