"""An answer of several pages whose input no button can carry: its first page, and how to reach the rest.

Every paging button carries the whole invocation it runs again (:mod:`bot.custom_id`, at most 100 characters). A
sentence-length search (``/ruling suche: Was passiert mit Kampfschaden, wenn der Blocker vor dem Schaden entfernt
wird?``, 78 characters, 102 in its custom_id) cannot ride in one, so a „Weiter“ under it could only answer
„Blättern nicht möglich“. Such an answer is shown as its first page alone, without paging buttons, and that page
says how many pages there were and how much shorter the input must be to page them (:func:`first_page_only`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from bot.custom_id import PAGE, PREFIX, Invocation, encode_target
from bot.page_fit import fit_reply, split_text
from bot.reply import CUSTOM_ID_MAX, EMBED_DESCRIPTION_MAX, Reply, utf16_len

#: The fingerprint length of a paging button's custom_id (:func:`bot.render.page_checks`).
_CHECK = "x" * 6
#: Most titles of the pages not shown that :func:`unpaged_note` names.
CUT_NAMED = 8
#: :func:`unpaged_note` ending a page: its page count and how many characters the input is too long.
_NOTE = re.compile(r"_ℹ️ Seite 1 von (\d+): Die Eingabe ist um (\d+) Zeichen zu lang")


def excess(inv: Invocation, pages: int) -> int:
    """How many characters the paging buttons' custom_id of ``inv`` (an answer with ``pages`` pages) is longer
    than Discord's 100 (:data:`bot.reply.CUSTOM_ID_MAX`); 0 when it fits. A value the custom_id must escape counts
    as it is written there (a comma three characters, „%2C“), a character beyond U+FFFF as two (an emoji; UTF-16
    units, as :func:`bot.custom_id.encode` counts them: :func:`bot.reply.utf16_len`). An invocation no button can
    encode at all counts 0: its buttons are logged and left as they were (:func:`bot.custom_id.encode`)."""
    try:
        target = encode_target(inv)
    except ValueError:
        return 0
    return max(0, utf16_len(f"{PREFIX}:{PAGE}:{pages}:{_CHECK}:{target}") - CUSTOM_ID_MAX)


def unpaged_note(pages: int, over: int, cut: Sequence[str] = ()) -> str:
    """The line that ends the first page of an answer of ``pages`` pages whose input is ``over`` characters too
    long for a button: „ℹ️ Seite 1 von 3: …“, naming the titles ``cut`` of the pages not shown („Nicht gezeigt:
    „Regel 104.3f …“, …“; at most :data:`CUT_NAMED`, then how many more), so a first page that announces them
    („jede wird einzeln gezeigt“) says where they went."""
    named = ", ".join(f"„{t}“" for t in cut[:CUT_NAMED]) + (f" und {len(cut) - CUT_NAMED} weitere"
                                                             if len(cut) > CUT_NAMED else "")
    return (f"_ℹ️ Seite 1 von {pages}: Die Eingabe ist um {over} Zeichen zu lang, um sie in einem Knopf zum Blättern "
            "mitzugeben (Discord erlaubt 100 Zeichen, ein Komma zählt dreifach, ein Emoji doppelt)."
            + (f" Nicht gezeigt: {named}." if named else "") + " Für die weiteren Seiten den Befehl "
            "mit einer kürzeren Eingabe erneut ausführen (eine Suche etwa nur mit ihren Stichwörtern)._")


def turn_refusal(reply: Reply, step: int) -> str:
    """What the console says to „weiter“ (``step`` 1) or „zurück“ (-1) where ``reply`` shows no such button: for
    the first page alone of an answer whose input no button can carry (:func:`first_page_only`) that it cannot be
    paged („Diese Antwort hat 3 Seiten, lässt sich aber nicht blättern: …“), else „Schon auf der letzten Seite.“ or
    „Schon auf der ersten Seite.“."""
    last = reply.pages[-1].body if reply.pages else ""
    note = _NOTE.search(last) if step > 0 and len(reply.pages) == 1 else None
    if note is None:
        return "Schon auf der letzten Seite." if step > 0 else "Schon auf der ersten Seite."
    return (f"Diese Antwort hat {note.group(1)} Seiten, lässt sich aber nicht blättern: die Eingabe ist um "
            f"{note.group(2)} Zeichen zu lang für einen Knopf. Für die weiteren Seiten den Befehl mit einer kürzeren "
            "Eingabe erneut ausführen.")


def first_page_only(reply: Reply, inv: Invocation) -> Reply:
    """``reply`` to the answer invocation ``inv`` unchanged when it has one page as Discord shows it
    (:func:`bot.page_fit.fit_reply`) or its paging buttons can carry ``inv``; else its first page alone, ending with
    :func:`unpaged_note` (the page's text cut at a paragraph, line or word where the note would not fit beside
    it), so no button is shown that the bot cannot serve. Button actions (their argument fits by construction)
    come back unchanged."""
    if inv.kind != "answer":
        return reply
    pages = fit_reply(reply)
    over = excess(inv, len(pages)) if len(pages) > 1 else 0
    if not over:
        return reply
    cut = list(dict.fromkeys(p.title for p in pages[1:] if p.title and p.title != pages[0].title))
    note = unpaged_note(len(pages), over, cut)
    first = pages[0]
    body = first.body
    if utf16_len(body) + utf16_len(note) + 2 > EMBED_DESCRIPTION_MAX:
        body = split_text(body, EMBED_DESCRIPTION_MAX - utf16_len(note) - 2)[0]
    page = replace(first, body=f"{body}\n\n{note}" if body else note, legend="")
    trimmed = replace(reply, pages=[page])
    if len(fit_reply(trimmed)) > 1:  # the fields and the note together over one message: the note alone beside them
        trimmed = replace(reply, pages=[replace(page, body=note)])
    return trimmed


__all__ = ["CUT_NAMED", "excess", "first_page_only", "turn_refusal", "unpaged_note"]
