"""In chat: the message command "Karten erklären" ("Explain cards") and, with ``INLINE_CARDS=1``, answers to
``[[Karte]]`` in ordinary messages. Logic in :mod:`bot.answers.chat`."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands
from discord.http import MultipartParameters

from bot.answers import answer_key
from bot.answers.chat import explain_cards, explain_options, inline_replies
from bot.client import Regelbot
from bot.custom_id import Invocation
from bot.delivery import send_reply
from bot.mentions import scanner
from bot.render import channel_payloads
from bot.reply import as_private
from bot.slash import tr

log = logging.getLogger(__name__)

#: Per channel, at most this many messages with ``[[…]]`` are answered per :data:`INLINE_PER` seconds.
INLINE_RATE = 3
INLINE_PER = 30.0
#: An inline answer that takes longer than this is dropped (logged), so a stuck store cannot pile up tasks.
INLINE_TIMEOUT = 10.0


class Chat(commands.Cog):
    """Cards named in messages."""

    def __init__(self, bot: Regelbot) -> None:
        self.bot = bot
        self.explain_menu = app_commands.ContextMenu(
            name=tr("Explain cards", "Karten erklären"), callback=self.explain, extras={"answer": explain_cards}
        )
        self.cooldown = commands.CooldownMapping.from_cooldown(INLINE_RATE, INLINE_PER, commands.BucketType.channel)

    async def cog_load(self) -> None:
        """Add the message command; listen to messages only with ``INLINE_CARDS=1`` (message-content intent)."""
        self.bot.tree.add_command(self.explain_menu)
        if self.bot.answer_context is not None:
            scanner(self.bot.answer_context.names)  # built now, not on the first "Karten erklären"
        if self.bot.settings.inline_cards:
            self.bot.add_listener(self.on_inline_message, "on_message")

    async def cog_unload(self) -> None:
        """Remove what :meth:`cog_load` added."""
        self.bot.tree.remove_command(self.explain_menu.name, type=self.explain_menu.type)
        self.bot.remove_listener(self.on_inline_message, "on_message")

    async def explain(self, interaction: discord.Interaction[Regelbot], message: discord.Message) -> None:
        """Message command body: see :func:`bot.answers.chat.explain_message`; the answer is private and can
        be shared (Discord sends the target message's content with the interaction, no intent needed)."""
        interaction.extras["private"] = True  # a slow answer is deferred ephemerally
        ctx = self.bot.answer_context
        assert ctx is not None
        # the answer of the card ids (not of the text): short enough for paging and sharing buttons to carry
        options = explain_options(ctx, message.content or "")
        reply = await self.bot.run_answer(explain_cards, interaction, **options)
        await send_reply(interaction, as_private(reply), origin=Invocation.answer(answer_key(explain_cards), **options))

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
        ctx = self.bot.answer_context
        if ctx is None:
            return
        try:
            async with asyncio.timeout(INLINE_TIMEOUT):
                replies = await inline_replies(ctx, message.content)
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
    await bot.add_cog(Chat(bot))
