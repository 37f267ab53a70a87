"""``/frage`` end to end: the real bot (``python -m bot run``) against the fake Discord on loopback.

The question's best passage comes whole in the embed, its candidates are buttons whose custom_id carries the
passage key; a button pressed after the bot restarted is answered by the new process, and the same custom_id
answers through ``python -m bot press`` in a process of its own. Expected values from data/sources:
000_b7f976ad35525819.txt line 22 (clash: nobody wins when no card has a higher mana value) and line 24
(a card without mana cost has mana value 0).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from fakediscord import FakeDiscord
from harness import running_bot

pytestmark = [pytest.mark.e2e]

ROOT = Path(__file__).resolve().parents[2]
QUESTION = "Wer gewinnt die Fehde, wenn keine aufgedeckte Karte höhere umgewandelte Manakosten hat?"
# 000 line 22, the whole ruling (its deciding clause is the last one)
GOLD = ("Fall keine der aufgedeckten Karten höhere umgewandelte Manakosten hat (zum Beispiel falls alle Spieler eine "
        "Karte mit umgewandelten Manakosten von 2 aufdecken), gewinnt niemand die Fehde.")


def passage_buttons(result) -> list[dict]:
    return [b for b in result.buttons() if (b.get("custom_id") or "").startswith("rb:passage:")]


@pytest.mark.asyncio(loop_scope="module")
async def test_frage_answers_whole_and_its_buttons_work_after_a_restart(real_bot, store_db, tmp_path):
    async with FakeDiscord() as fake:
        async with running_bot(fake, tmp_path, argv=real_bot, db=store_db):
            await fake.wait_sync()
            names = {c["name"]: c for c in fake.commands()}
            assert names["ask"]["name_localizations"]["de"] == "frage"
            res = await fake.command("ask", {"question": QUESTION}, locale="de")
            assert res.callback_type == 4
            (embed,) = res.embeds
            assert GOLD in embed["description"]  # the passage whole, not a snippet
            assert "_Schlüssel: 000:22_" in embed["description"]
            assert "Fehde (Clash) – Artikel zur Schlüsselwort-Aktion, 2007" in embed["description"]
            # the rule holds today (the register read it), its words are older: two facts, not „anders formuliert“
            assert ("Artikel zur Schlüsselwort-Aktion, 2007 · ✅ gilt weiterhin · ℹ️ Begriffe (heute „Manawert“)\n"
                    in embed["description"])
            assert "heute anders formuliert" not in embed["description"]
            buttons = passage_buttons(res)
            assert 1 <= len(buttons) <= 4
            assert len(embed.get("fields") or []) == len(buttons)
        restarted = tmp_path / "again"
        restarted.mkdir()
        async with running_bot(fake, restarted, argv=real_bot, db=store_db, cold=True):
            click = await fake.component(res, buttons[0]["custom_id"])
            assert click.callback_type == 4 and click.ephemeral
            key = buttons[0]["custom_id"].removeprefix("rb:passage:").replace("%3A", ":")
            assert f"_Schlüssel: {key}_" in click.embeds[0]["description"]
        assert fake.errors == [] and fake.invalid == []


def test_frage_button_in_another_process(store_db):
    # The custom_id of a candidate button, pressed through the command line in a fresh process: the clash
    # article's line 24 ruling, whole.
    env = {k: v for k, v in os.environ.items() if k not in {"LOG_LEVEL", "DEV_GUILD_ID"}}
    env.update(REGELBOT_DB=str(store_db), DISCORD_TOKEN="")
    proc = subprocess.run([sys.executable, "-m", "bot", "press", "rb:passage:000%3A24"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    assert "Eine Karte ohne Manakosten (zum Beispiel ein Land) hat umgewandelte Manakosten von 0." in proc.stdout
    assert "Schlüssel: 000:24" in proc.stdout
