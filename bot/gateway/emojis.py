"""``python -m bot sync``: the mana-symbol emojis uploaded to the application, once.

Discord's application emoji API (``GET``/``POST /applications/{application.id}/emojis``, through discord.py's
:meth:`discord.Client.fetch_application_emojis` and :meth:`discord.Client.create_application_emoji`): the
application's emojis are listed first, and only the symbols of :data:`bot.mana_emoji.SYMBOLS` without an emoji
of their name are uploaded (``data/emojis/mana_*.png``). The ids of all of them go to the state folder
(:data:`bot.mana_emoji.STATE_FILE`, beside the command sync state), where every door reads them at start
(:meth:`bot.core.Core.open`). A failed upload leaves that symbol as text (``{W}``); the next ``sync`` tries
it again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

import discord

from bot import mana_emoji
from bot.mana_emoji import SYMBOLS, ManaEmojis, asset_path, body_of, emoji_name

log = logging.getLogger(__name__)

#: Discord's JSON error codes after which no further upload can succeed: the application's emoji limit, a
#: missing permission (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json).
HOPELESS_CODES = frozenset({30018, 50001, 50013})


@dataclass
class EmojiSync:
    """What one emoji sync did.

    Attributes:
        present: symbols whose emoji the application already had.
        uploaded: symbols uploaded now.
        failed: symbols without an emoji afterwards (shown as text), in catalogue order.
        error: the first error, as one German clause (``"HTTP 400: Maximum number of emojis reached"``), or "".
        state: the file the ids were written to, None when writing failed.
    """

    present: int = 0
    uploaded: int = 0
    failed: list[str] = field(default_factory=list)
    error: str = ""
    state: Path | None = None

    def line(self) -> str:
        """One German line for the operator: ``70 Mana-Symbole als Emojis: 70 hochgeladen, 0 schon vorhanden
        (IDs in data/mana-emojis.json).`` or, with failures, what stays text and why."""
        done = len(SYMBOLS) - len(self.failed)
        where = f" (IDs in {self.state})" if self.state else " (IDs nicht gespeichert)"
        head = f"{done} Mana-Symbole als Emojis: {self.uploaded} hochgeladen, {self.present} schon vorhanden{where}"
        if not self.failed:
            return head + "."
        shown = " ".join("{" + body + "}" for body in self.failed[:8]) + (" …" if len(self.failed) > 8 else "")
        return (f"{head}; {len(self.failed)} nicht hochgeladen ({self.error}): {shown} erscheinen als Text. "
                "`python -m bot sync` erneut ausführen.")


def _clause(exc: Exception) -> str:
    if isinstance(exc, discord.HTTPException):
        return f"HTTP {exc.status}: {exc.text or exc.response.reason}"
    return f"{type(exc).__name__}: {exc}"


async def _upload(client: discord.Client, body: str) -> int:
    """Upload the picture of ``body``; its new emoji id.

    Raises:
        discord.HTTPException: Discord refused it. OSError: the picture cannot be read.
    """
    image = asset_path(body).read_bytes()
    emoji = await client.create_application_emoji(name=emoji_name(body), image=image)
    log.debug("Emoji %s hochgeladen: %s", emoji.name, emoji.id)
    return emoji.id


async def sync_emojis(client: discord.Client, state_dir: Path) -> EmojiSync:
    """List the application's emojis, upload the missing mana symbols, write all ids to ``state_dir`` and use
    them in this process (:func:`bot.mana_emoji.install`). Never raises for Discord's or the disk's errors:
    they are in the result (and logged), and the symbols concerned stay text."""
    result = EmojiSync()
    try:
        listed = await client.fetch_application_emojis()
    except (discord.HTTPException, discord.MissingApplicationID) as exc:
        result.failed, result.error = list(SYMBOLS), _clause(exc)
        log.warning("Mana-Symbole: Emojis der Anwendung nicht lesbar (%s)", result.error)
        return result
    ids = {body: e.id for e in listed if (body := body_of(e.name)) is not None}
    result.present = len(ids)
    for body in SYMBOLS:
        if body in ids:
            continue
        try:
            ids[body] = await _upload(client, body)
            result.uploaded += 1
        except (discord.HTTPException, OSError) as exc:
            result.error = result.error or _clause(exc)
            log.warning("Mana-Symbol {%s} nicht hochgeladen: %s", body, _clause(exc))
            if isinstance(exc, discord.HTTPException) and exc.code in HOPELESS_CODES:
                break
    result.failed = [body for body in SYMBOLS if body not in ids]
    emojis = ManaEmojis(ids, client.application_id)
    try:
        result.state = mana_emoji.save(state_dir, emojis)
    except OSError as exc:
        result.error = result.error or f"Stand nicht gespeichert: {exc}"
        log.warning("Mana-Symbole: IDs nicht gespeichert in %s: %s", state_dir, exc)
    mana_emoji.install(emojis)
    return result
