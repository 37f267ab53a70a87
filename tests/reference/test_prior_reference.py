"""The questions asked before (bot/prior.py) in a store built with both Comprehensive Rules files: every gold key of
``data/prior_questions.tsv`` is a passage (the document keys as in the store of the documents, the ``cr:`` keys the
official rules'), so the ``prior`` feature reaches official rules too (skipped without the reference files)."""

from __future__ import annotations

from pathlib import Path

from bot.importer.report import BuildReport
from bot.prior import missing_keys, prior_index, read_prior
from bot.ranking import ranker
from bot.store import Store


async def test_every_key_of_the_earlier_questions_is_a_passage_of_a_cr_store(full_store: tuple[Path, BuildReport]):
    keys = {k for q in read_prior() for k in q.golds}
    assert {"000:24", "cr:701.30a"} <= keys
    store = await Store.open(full_store[0])
    try:
        assert await missing_keys(store, keys) == []
        index = await prior_index(store, (await ranker(store)).analyser)  # as the ranker reads it with a weight on
        assert index is not None and "cr:701.30a" in index.by_key
    finally:
        await store.close()
