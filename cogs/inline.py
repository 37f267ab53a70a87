"""``[[Karte]]`` in ordinary messages (``INLINE_CARDS=1``): cards named in a message answered in its channel.

Only the gateway receives ordinary messages (with the privileged message-content intent), so this is an
extension of the gateway bot; the logic is in :func:`bot.answers.chat.inline_replies`.
"""

from __future__ import annotations

import asyncio
import logging

import discord
from discord.ext import commands
from discord.http import MultipartParameters

from bot.answers.chat import inline_replies
from bot.gateway.client import Regelbot
from bot.render import channel_payloads

log = logging.getLogger(__name__)

#: Per channel, at most this many messages with ``[[…]]`` are answered per :data:`INLINE_PER` seconds.
INLINE_RATE = 3
INLINE_PER = 30.0
#: An inline answer that takes longer than this is dropped (logged), so a stuck store cannot pile up tasks.
INLINE_TIMEOUT = 10.0


class Inline(commands.Cog):
    """Cards named in messages."""

    def __init__(self, bot: Regelbot) -> None:
        self.bot = bot
        self.cooldown = commands.CooldownMapping.from_cooldown(INLINE_RATE, INLINE_PER, commands.BucketType.channel)

    async def cog_load(self) -> None:
        """Listen to messages only with ``INLINE_CARDS=1`` (the message-content intent)."""
        if self.bot.settings.inline_cards:
            self.bot.add_listener(self.on_inline_message, "on_message")

    async def cog_unload(self) -> None:
        """Remove what :meth:`cog_load` added."""
        self.bot.remove_listener(self.on_inline_message, "on_message")

    async def on_inline_message(self, message: discord.Message) -> None:
        """Answer the ``[[Karte]]`` of an ordinary message in its channel (see :func:`inline_replies`).

        Messages without ``[[`` return at the first test; messages of bots (this one too) and webhooks are
        never answered; a channel gets at most 3 answers per 30 s (further messages are ignored).
        """
        if "[[" not in message.content or message.author.bot or message.webhook_id is not None:
            return
        bucket = self.cooldown.get_bucket(message)
        if bucket is not None and bucket.update_rate_limit():
            log.debug("[[…]] in Kanal %s: Abkühlzeit, keine Antwort", message.channel.id)
            return
        core = self.bot.core
        if core is None or not core.is_open:
            return
        try:
            async with asyncio.timeout(INLINE_TIMEOUT):
                async with core.using() as context:  # a store replaced meanwhile is closed after this
                    replies = await inline_replies(context, message.content)
                reference = {"message_id": message.id, "channel_id": message.channel.id, "fail_if_not_exists": False}
                for payload in channel_payloads(replies):
                    body = {**payload, "message_reference": reference,
                            "allowed_mentions": {"parse": [], "replied_user": False}}
                    params = MultipartParameters(payload=body, multipart=None, files=None)
                    await self.bot.http.send_message(message.channel.id, params=params)
        except discord.HTTPException as exc:
            log.warning("Antwort auf [[…]] in Kanal %s nicht gesendet: %s", message.channel.id, exc)
        except TimeoutError:
            log.warning("Antwort auf [[…]] in Kanal %s: Zeitlimit %.0f s überschritten", message.channel.id,
                        INLINE_TIMEOUT)


async def setup(bot: Regelbot) -> None:
    """Extension entry point."""
    await bot.add_cog(Inline(bot))
