"""The lines of ``/frage``'s lead on the cards a question was read to name (bot/answers/questions.py): a card whose
text no document prints, and a card named by a name not its own (docs/ranking.md ²⁴)."""

from __future__ import annotations

from bot.answers.cards import text_printed
from bot.answers.name_notes import typo_line
from bot.question_mentions import Mention, read_as_line
from bot.ranking import Ranked
from bot.store import Store


async def unprinted_cards(store: Store, card_ids: list[int]) -> list[str]:
    """Names of the cards among ``card_ids`` (those a question names) whose text no document prints
    (:func:`text_printed`), in the given order."""
    cards = [await store.card(cid) for cid in dict.fromkeys(card_ids)]
    return [c.name for c in cards if c is not None and not text_printed(c)]


def unprinted_line(names: list[str]) -> str:
    """The answer's line for cards named in a question whose text no document prints (``""`` for none): the answer
    can only be one of their rulings, never what the card itself says."""
    if not names:
        return ""
    listed = " und ".join(f"**{n}**" for n in names)
    one = len(names) == 1
    return (f"ℹ️ Der Kartentext {'von' if one else 'der Karten'} {listed} steht in keinem der Dokumente; sie "
            f"enthalten nur Rulings zu {'ihr' if one else 'ihnen'}.")


async def card_lines(store: Store, found: Ranked) -> str:
    """The lead's lines on the cards ``found`` read, each after a newline ("" for none): the cards named that no
    document prints (:func:`unprinted_line`), and the card a word was read as by a name not its own („despair“,
    „verzweiflung … gewirkt“: :func:`bot.question_mentions.read_as_line`, once, as ``/karte`` says it)."""
    lines = [unprinted_line(await unprinted_cards(store, found.cards)), await mention_note(store, found.mention)]
    return "".join(f"\n{line}" for line in lines if line)


async def mention_note(store: Store, mention: Mention | None) -> str:
    """The line on the card a search read by a name not its own (:attr:`bot.ranking.Ranked.mention`; ``""`` for
    none): a name typed with one slip as ``/karte`` says it („ℹ️ „boros-rektur“ steht so nicht in der Datenbank; am
    ähnlichsten geschrieben: Boros-Rekrut.“, :func:`bot.answers.name_notes.typo_line`), any other reading as
    :func:`bot.question_mentions.read_as_line` says it. ``/frage`` and ``/ruling suche`` rank by that card, and say
    so."""
    card = await store.card(mention.card_id) if mention is not None and mention.how != "joined" else None
    if card is None or mention is None:  # a name typed together („borosrekrut“) is read silently, as /karte does
        return ""
    return "ℹ️ " + typo_line(mention.word, card.name) if mention.how == "typo" else read_as_line(mention, card.name)


__all__ = ["card_lines", "mention_note", "unprinted_cards", "unprinted_line"]
