"""Kept command answers (bot/answer_bodies.py) in the real processes against the fake Discord: ``python -m bot
serve --defer-after 0`` defers a command it has to make (no answer is ready at once), and answers the same command
asked again at once, in the HTTP response, with the same message; the gateway bot answers it again the same."""

from __future__ import annotations

import pytest
from fakediscord import CB_DEFERRED_MESSAGE, CB_MESSAGE, FakeDiscord
from harness import PYTHON, BotProcess, bot_env, running_bot
from nacl.signing import SigningKey

pytestmark = [pytest.mark.e2e]

#: 001's card Boros-Rekrut (Ravnica): its name, as /karte answers it.
CARD = "Boros-Rekrut"


@pytest.mark.asyncio(loop_scope="function")
async def test_a_command_asked_again_is_answered_at_once_with_the_same_message(real_bot, store_db, tmp_path):
    async with FakeDiscord() as fake:
        (tmp_path / "gateway").mkdir()
        async with running_bot(fake, tmp_path / "gateway", argv=real_bot, db=store_db):
            await fake.wait_sync()
            first = await fake.command("karte", {"name": CARD})
            again = await fake.command("karte", {"name": CARD})
        assert first.embeds[0]["title"] == CARD and again.embeds == first.embeds  # the gateway: the same reply
        key = SigningKey.generate()
        (tmp_path / "serve").mkdir()
        extra = {"DISCORD_PUBLIC_KEY": key.verify_key.encode().hex(), "LOG_LEVEL": "INFO"}
        serve = await BotProcess([PYTHON, "-m", "bot", "serve", "--port", "0", "--defer-after", "0"],
                                 bot_env(fake, db=store_db, state_dir=tmp_path / "serve", extra=extra),
                                 tmp_path / "serve" / "serve.log").start()
        try:
            fake.use_http(await serve.wait_serving(), key)
            made = await fake.command("karte", {"name": CARD})
            kept = await fake.command("karte", {"name": CARD})
        finally:
            await serve.stop()
    assert made.callback_type == CB_DEFERRED_MESSAGE  # made on the store: deferred at once (--defer-after 0)
    assert kept.callback_type == CB_MESSAGE  # kept: the answer itself in the HTTP response
    assert kept.embeds == made.embeds == first.embeds
