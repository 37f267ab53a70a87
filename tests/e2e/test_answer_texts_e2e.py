"""The newer answer texts through the real bot process (``python -m bot run``) against the fake Discord: `/frage`'s
hedge and its line for a question the documents do not answer, `/regel suche`'s page on an abolished word, the
spoiler line of „Karten erklären“ and `/mechanik`'s German explanation under today's English rule. Expected values
from data/sources and data/changes.toml (the same as the in-process tests in tests/answers/)."""

from __future__ import annotations

import pytest
from fakediscord import FakeDiscord
from harness import STANDIN, running_bot

pytestmark = [pytest.mark.e2e]

OFF_TOPIC_LINE = "🚫 Dazu sagen die Dokumente und Regeln des Bots nichts; die Stellen unten sind nur die ähnlichsten."
SPOILER_NOTE = ("Namen hinter Spoilern (\\|\\|…\\|\\|) werden hier nicht erklärt: die Antwort ließe sich im Kanal "
                "teilen.")


@pytest.fixture(scope="module")
def real_bot(bot_argv):
    if bot_argv is STANDIN:
        pytest.skip("the answer texts need the real bot")
    return bot_argv


@pytest.mark.asyncio(loop_scope="module")
async def test_newer_answer_texts_through_the_real_bot(real_bot, store_db, tmp_path):
    async with FakeDiscord() as fake:
        async with running_bot(fake, tmp_path, argv=real_bot, db=store_db):
            await fake.wait_sync()
            off = await fake.command("ask", {"question": "wie teuer ist ein booster"}, locale="de")
            text = off.embeds[0]["description"]
            assert text.startswith("Frage: „wie teuer ist ein booster“\n" + OFF_TOPIC_LINE)
            assert any((b.get("custom_id") or "").startswith("rb:passage:") for b in off.buttons())
            hedged = await fake.command("ask", {"question": "wer gewinnt die fehde"}, locale="de")
            assert ("⚖️ Keine Stelle passt eindeutig am besten; die erste ist nur die wahrscheinlichste, die anderen "
                    "stehen unten.") in hedged.embeds[0]["description"]
            burn = await fake.command("ask", {"question": "gibt es noch manabrand"}, locale="de")
            assert "**Manabrand abgeschafft** (seit 11.07.2009)" in burn.embeds[0]["description"]
            rule = await fake.command("rule", {"search": "Manabrand"}, locale="de")
            assert rule.embeds[0]["title"] == "„Manabrand“ heute"
            assert rule.embeds[0]["description"].startswith("**Manabrand abgeschafft** (seit 11.07.2009)\n**Früher**")
            assert "Manabrand gibt es nicht mehr: Nicht verwendetes Mana verschwindet" in rule.embeds[0]["description"]
            ripple = await fake.command("mechanic", {"name": "Wallung"}, locale="de")
            first = ripple.embeds[0]["description"]
            assert first.index("> **702.60a** Ripple is a triggered ability") < first.index(
                "Wallung ist eine ausgelöste Fähigkeit eines Zauberspruchs")
            target = fake.user_message("Boros-Rekrut oder ||Blitzschlange||?")
            explained = await fake.message_command("Karten erklären", target)
            assert explained.embeds[0]["title"] == "Boros-Rekrut"
            assert SPOILER_NOTE in explained.embeds[0]["description"]
            assert "Blitzschlange" not in str(explained.embeds)
        assert fake.errors == [] and fake.invalid == []
