"""An answer of several pages whose input no button can carry: its first page, and how to reach the rest.

Every paging button carries the whole invocation it runs again (:mod:`bot.custom_id`, at most 100 characters). A
sentence-length search (``/ruling suche: Was passiert mit Kampfschaden, wenn der Blocker vor dem Schaden entfernt
wird?``, 78 characters, 102 in its custom_id) cannot ride in one, so a „Weiter“ under it could only answer
„Blättern nicht möglich“. Where the paging ids are encoded (:func:`bot.render.shown`: the id raises
:class:`bot.id_values.TooLong` with how much it is too long), such an answer is shown as its first page alone,
without paging buttons, and that page says how many pages there were and how much shorter the input must be to
page them (:func:`first_page_only`); the reply carries both numbers (:class:`bot.reply.Unpaged`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.page_fit import fit_reply, split_text
from bot.reply import EMBED_DESCRIPTION_MAX, Page, Reply, Unpaged, utf16_len

#: Most titles of the pages not shown that :func:`unpaged_note` names.
CUT_NAMED = 8


def _why(over: int) -> str:
    """Why an answer whose input is ``over`` characters too long for a button shows its first page alone."""
    return (f"Die Eingabe ist um {over} Zeichen zu lang, um sie in einem Knopf zum Blättern mitzugeben (Discord "
            "erlaubt 100 Zeichen, ein Komma zählt dreifach, ein Emoji doppelt).")


#: How to reach the pages not shown.
AGAIN = "Für die weiteren Seiten den Befehl mit einer kürzeren Eingabe erneut ausführen"


def unpaged_note(pages: int, over: int, cut: Sequence[str] = ()) -> str:
    """The line that ends the first page of an answer of ``pages`` pages whose input is ``over`` characters too
    long for a button: „ℹ️ Seite 1 von 3: …“, naming the titles ``cut`` of the pages not shown („Nicht gezeigt:
    „Regel 104.3f …“, …“; at most :data:`CUT_NAMED`, then how many more), so a first page that announces them
    („jede wird einzeln gezeigt“) says where they went."""
    named = ", ".join(f"„{t}“" for t in cut[:CUT_NAMED]) + (f" und {len(cut) - CUT_NAMED} weitere"
                                                             if len(cut) > CUT_NAMED else "")
    return (f"_ℹ️ Seite 1 von {pages}: {_why(over)}" + (f" Nicht gezeigt: {named}." if named else "")
            + f" {AGAIN} (eine Suche etwa nur mit ihren Stichwörtern)._")


def only_first_shown(unpaged: Unpaged) -> str:
    """What the console's „weiter“ and ``call --page 2`` say of the first page alone of an answer whose input no
    button can carry, in the words of its note (:func:`unpaged_note`): „Gezeigt wird nur Seite 1 von 3: Die Eingabe
    ist um 5 Zeichen zu lang, um sie in einem Knopf zum Blättern mitzugeben (…). Für die weiteren Seiten …“."""
    return f"Gezeigt wird nur Seite 1 von {unpaged.pages}: {_why(unpaged.over)} {AGAIN}."


def turn_refusal(reply: Reply, step: int) -> str:
    """What the console says to „weiter“ (``step`` 1) or „zurück“ (-1) where ``reply`` (as shown:
    :func:`bot.render.shown`) has no such button: for the first page alone of an answer whose input no button can
    carry (:attr:`bot.reply.Reply.unpaged`) that only it is shown and why (:func:`only_first_shown`), else „Schon auf
    der letzten Seite.“ or „Schon auf der ersten Seite.“."""
    unpaged = reply.unpaged if step > 0 else None
    if unpaged is None:
        return "Schon auf der letzten Seite." if step > 0 else "Schon auf der ersten Seite."
    return only_first_shown(unpaged)


def first_page_only(reply: Reply, pages: list[Page], over: int) -> Reply:
    """``reply``, whose fitted pages (:func:`bot.page_fit.fit_reply`) are ``pages`` (more than one) and whose paging
    ids are ``over`` characters too long, as its first page alone ending with :func:`unpaged_note` (the page's text
    cut at a paragraph, line or word where the note would not fit beside it), carrying
    :class:`bot.reply.Unpaged`, so no button is shown that the bot cannot serve."""
    cut = list(dict.fromkeys(p.title for p in pages[1:] if p.title and p.title != pages[0].title))
    note = unpaged_note(len(pages), over, cut)
    first = pages[0]
    body = first.body
    if utf16_len(body) + utf16_len(note) + 2 > EMBED_DESCRIPTION_MAX:
        body = split_text(body, EMBED_DESCRIPTION_MAX - utf16_len(note) - 2)[0]
    page = replace(first, body=f"{body}\n\n{note}" if body else note, legend="")
    trimmed = replace(reply, pages=[page], unpaged=Unpaged(len(pages), over))
    if len(fit_reply(trimmed)) > 1:  # the fields and the note together over one message: the note alone beside them
        trimmed = replace(trimmed, pages=[replace(page, body=note)])
    return trimmed


__all__ = ["AGAIN", "CUT_NAMED", "first_page_only", "only_first_shown", "turn_refusal", "unpaged_note"]
