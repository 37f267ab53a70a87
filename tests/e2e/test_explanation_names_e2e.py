"""Entries of the German rules explanation (003) named by their rule number through the real bot (gateway against
the fake Discord, which checks every payload against Discord's limits) and through ``serve``'s HTTP endpoint (its
payload checked as the fake checks the gateway's, and against Discord's OpenAPI description where the reference
file is there). Expected values from data/sources/003_b16bc3bb93a072a0.txt line 396 (the „Wicked“ role token,
today 111.10q; it leads the question since the restated part, docs/ranking.md ¹⁴⁸) and line 390 (the Inkubator
token, today 111.10i, fifth), data/explanations_numbers.tsv, and data/terms_de_en.tsv (Friedhof 404, Spielstein 111).
"""

from __future__ import annotations

import pytest
from discordcheck import message_problems
from fakediscord import STRING, FakeDiscord
from harness import http_door, running_bot

from tests.openapi import schema_problems

pytestmark = [pytest.mark.e2e]

QUESTION = "token kommt in den friedhof, gibts den dann noch"
WICKED = "Regel 111.7 (Erklärung)"  # 003:424 leads since docs/ranking.md ¹⁵⁷ (before 111.10q)
INCUBATOR = "Regel 111.10i (Erklärung)"
TERMS = ("Begriffe im Suchtext: **Friedhof** (Regel 404), **Spielstein** (Regel 111); jeden einzeln erklärt: "
         "`/regel suche: Friedhof` · `/regel suche: Spielstein`")


@pytest.mark.asyncio(loop_scope="module")
async def test_003_entries_by_number_through_the_real_bot(real_bot, store_db, tmp_path):
    async with FakeDiscord() as fake:
        async with running_bot(fake, tmp_path, argv=real_bot, db=store_db):
            await fake.wait_sync()
            res = await fake.command("ask", {"question": QUESTION}, locale="de")
            labels = {b["custom_id"]: b["label"] for b in res.buttons() if b.get("custom_id", "").startswith("rb:p")}
            assert res.embeds[0]["title"] == WICKED
            assert labels["rb:passage:003%3A390"] == f"5. {INCUBATOR}"
            assert len(set(labels.values())) == len(labels)
            fields = [f["name"] for f in res.embeds[0].get("fields", [])]
            assert any(name.startswith(f"5. {INCUBATOR} · Magic-Regelwerk") for name in fields), fields
            opened = await fake.component(res, "rb:passage:003%3A390")
            assert opened.embeds[0]["title"] == INCUBATOR
            both = await fake.command("rule", {"search": "spielstein friedhof"}, locale="de")
            assert both.embeds[0]["title"] == "Regeln zu „spielstein friedhof“"
            assert both.embeds[0]["description"].startswith(TERMS)
        assert fake.errors == [] and fake.invalid == []


@pytest.mark.asyncio(loop_scope="module")
async def test_003_entries_by_number_through_the_http_door(store_db, tmp_path):
    async with http_door(store_db, tmp_path) as post:
        data = {"id": "9", "type": 1, "name": "ask",
                "options": [{"name": "question", "type": STRING, "value": QUESTION}]}
        answer = await post({"type": 2, "id": "1", "application_id": "1", "token": "t1", "locale": "de",
                             "data": data})
    assert answer["type"] == 4
    assert message_problems(answer["data"]) == []
    assert schema_problems("CreateMessageInteractionCallbackRequest", answer) in ([], None)
    buttons = [c for row in answer["data"].get("components", []) for c in row.get("components", [])]
    assert {b.get("custom_id"): b.get("label") for b in buttons}["rb:passage:003%3A390"] == f"5. {INCUBATOR}"
