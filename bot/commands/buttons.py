"""The buttons of the table: what a press of a Regelbot button answers, from its custom_id alone.

No state lives in memory (:mod:`bot.custom_id`), so any process — another shard, another HTTP worker, the bot
after a restart, ``python -m bot press`` — answers any click the same way. The button actions themselves are the
answer layer's ``@action`` functions (:data:`bot.answers.registry.ACTIONS`); paging and sharing run the answer
invocation the button carries again.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from bot.answers.registry import UNKNOWN_BUTTON_TEXT, UNKNOWN_BUTTON_TITLE
from bot.custom_id import OPEN, SHARE, Invocation, decode_or_none
from bot.declared_args import needs_arg
from bot.page_fit import fit_reply
from bot.render import page_checks
from bot.reply import Reply, as_private

UNKNOWN_BUTTON = Reply.fail(UNKNOWN_BUTTON_TITLE, UNKNOWN_BUTTON_TEXT)
NOT_PAGEABLE = Reply.fail(
    "Blättern nicht möglich",
    "Die Eingabe dieser Antwort ist zu lang, um sie in einem Knopf mitzugeben (Discord erlaubt 100 Zeichen). "
    "Bitte den Befehl mit einer kürzeren Eingabe erneut ausführen.",
)
NOT_SHAREABLE = Reply.fail(
    "Teilen hier nicht möglich",
    "Diese Antwort ist zu lang, um sie in einem Knopf mitzugeben (Discord erlaubt 100 Zeichen): „Im Kanal teilen“ "
    "teilt dann eine Kopie der Nachricht, zu der der Knopf gehört – in Discord. Ohne diese Nachricht (Konsole, "
    "`python -m bot press`) gibt es nichts zu kopieren.",
)
#: A button whose page fingerprint no page of today's answer has. The fingerprint is of the page, not of the
#: button's target: a target changed by hand („/explain_cards:89“ for „:88“) runs another answer whose pages have
#: other fingerprints, which the bot cannot tell from its data having changed; the message names both.
CHANGED = Reply.fail(
    "Antwort hat sich geändert",
    "Diese Seite sieht heute anders aus als beim Absenden der Antwort (neue Daten oder ein Zufallsteil), "
    "oder der Knopf wurde verändert. Bitte den Befehl erneut ausführen.",
)


def no_page(count: int) -> Reply:
    """The German error for a page number the answer does not have (today it has ``count`` pages)."""
    pages = "eine Seite" if count == 1 else f"{count} Seiten"
    return Reply.fail("Seite nicht vorhanden",
                      f"Diese Antwort hat heute {pages}; die Seite dieses Knopfes gibt es nicht (mehr). "
                      "Bitte den Befehl erneut ausführen.")


#: Runs an invocation (an answer or a button action) to its reply: :meth:`bot.core.Core.run`, maybe watched.
Runner = Callable[[Invocation], Awaitable[Reply]]


@dataclass
class Pressed:
    """What a button press produces: the ``reply``, the 0-based ``page`` to show, the ``origin`` for its
    paging buttons and whether it ``update``-s the clicked message (paging) or is a new message."""

    reply: Reply
    page: int = 0
    origin: Invocation | None = None
    update: bool = False


async def press(custom_id: str, run: Runner, private: bool = False) -> Pressed:
    """Answer the button ``custom_id`` with ``run`` (see :mod:`bot.custom_id` for the verbs).

    ``open`` gives an ephemeral new message with the action's reply. ``pg`` recomputes the invocation and
    shows the requested page in place, if that page is still the one the button was made for (else
    :data:`CHANGED`, or :func:`no_page` for a page the answer does not have: any answer, one that is an error today
    too, which has one page); ``sh`` posts it publicly (an
    answer that is an error today, only privately). Unknown or forged ids give :data:`UNKNOWN_BUTTON` (also a
    page number paired with the fingerprint of another page of the same answer, whether the answer has a page of
    that number or not, 0 and 99 alike, or a page it has with no fingerprint (``-``, which the bot puts only on a
    disabled button past either end: a page it lacks with ``-`` is :func:`no_page`), and an action's id with an empty
    argument where the action needs one: ``rb:rulings:``, a select menu's id with nothing picked), an invocation
    that did not fit gives :data:`NOT_PAGEABLE` (:data:`NOT_SHAREABLE` for a share button: the doors that hold
    the clicked message copy it instead, :func:`bot.delivery.share_copy`) — German error replies, never an
    exception.
    ``private``: the clicked message is ephemeral (a page turned there stays private and shareable).
    """
    bid = decode_or_none(custom_id)
    if bid is None:
        return Pressed(UNKNOWN_BUTTON)
    if bid.target is None:  # on Discord a share button of this kind copies its message (bot.delivery.share_copy)
        return Pressed(NOT_SHAREABLE if bid.verb == SHARE else NOT_PAGEABLE)
    if bid.target.kind == "action" and not bid.target.arg and needs_arg(bid.target.key):
        return Pressed(UNKNOWN_BUTTON)  # a select menu's id with nothing picked: no button the bot made
    reply = await run(bid.target)
    if bid.target.kind == "action":
        reply = replace(reply, ephemeral=True)
    if bid.verb == OPEN:  # a private answer: it can be shared ("Im Kanal teilen", see bot.reply.as_private)
        return Pressed(as_private(reply), 0, bid.target)
    pages = fit_reply(reply)
    index = bid.page - 1
    if bid.check == "-" and 0 <= index < len(pages):
        # every paging or share button the bot makes for a page the answer has carries that page's fingerprint
        # (bot.render); "-" stands only on a disabled button past either end. A page that exists asked for with
        # "-" is a forged id that would skip the check that refuses a changed page (and post it publicly via sh)
        return Pressed(UNKNOWN_BUTTON)
    if bid.check != "-":
        checks = page_checks(reply, pages, bid.target)
        if bid.check in checks and not (0 <= index < len(pages) and checks[index] == bid.check):
            # the fingerprint of a page of this answer with another page's number, or one it lacks past either end
            # (page 0 too: no negative index reads the last page's fingerprint): no button the bot made carries that
            return Pressed(UNKNOWN_BUTTON)
        if bid.check not in checks:
            # the page the button was made for is not there today, whatever its number (a fingerprint binds the
            # invocation too: the same id with its options swapped or changed reaches here, and is not run as a
            # new search); only "-" (a disabled button past either end) reaches the page count below
            return Pressed(CHANGED)
    if not 0 <= index < len(pages):  # one rule for every answer, an error too („Nichts gefunden“ has one page)
        return Pressed(no_page(len(pages)))
    if reply.error:  # an answer that is an error today stays private, also under a share button
        return Pressed(reply)
    if bid.verb == SHARE:
        return Pressed(replace(reply, ephemeral=False), index, bid.target)
    # turning the page of a private (ephemeral) message keeps it private, with its "Im Kanal teilen" button
    return Pressed(as_private(reply) if private else reply, index, bid.target, update=True)
