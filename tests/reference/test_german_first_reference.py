"""The ``german`` stage (bot/german_first.py) in a store built with both Comprehensive Rules files: the official rules
that a German passage states (003's explanations with a certain number, the German documents' quoted rules of the
same content today, and for a glossary entry those of the rules it cites) and a German question on one of them led
by the German passage (skipped without the reference files)."""

from __future__ import annotations

from pathlib import Path

from bot.german_first import german_versions
from bot.importer import BuildReport
from bot.ranking import ranker
from bot.search import NameIndex
from bot.store import Store


async def test_official_rules_know_their_german_versions(full_store: tuple[Path, BuildReport]):
    store = await Store.open(full_store[0])
    try:
        versions = await german_versions(store)
        assert versions["cr:103.4c"] == {"003:81"}  # „In einer Commander-Partie …“, 40 Lebenspunkte
        assert versions["cr:701.30a"] == {"000:5"}  # 000's German 701.19a, „Um zu fehden …“; not its English 000:33
        assert versions["cr:111.10b"] == {"003:376"}  # the Food token
        # a glossary entry: the German versions of the rules it cites (Food Token: 111.10's; Aftermath: 702.127,
        # which no German passage states)
        assert {"003:376", "003:384"} <= versions["glossary:Food Token"]
        assert all(k.startswith("003:") for k in versions["glossary:Food Token"])
        assert "glossary:Aftermath" not in versions
        assert (await ranker(store)).german == versions
    finally:
        await store.close()


async def test_a_german_question_is_led_by_the_german_version(full_store: tuple[Path, BuildReport]):
    store = await Store.open(full_store[0])
    try:
        names = NameIndex.from_entries(await store.name_entries())
        r = await ranker(store)
        found = await r.search(store, "Commander Startlebenspunkte?", names, limit=10)
        keys = [h.passage.key for h in found.hits]
        assert keys[0] == "003:81" and "cr:103.4c" in keys
        assert keys.index("cr:103.4c") > 0 and found.hits[0].parts["german"] > 0
    finally:
        await store.close()
