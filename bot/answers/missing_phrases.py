"""A name a question gives of a card the store does not have, however it is spelled (``/frage``, ``/ruling suche``).

:func:`bot.answers.missing_cards.missing_card_line` says „Keine Karte „Dimir-Wächter“ gefunden“ for a hyphened name
whose every word the documents know. A name with a word no document holds was said word by word instead, and only
when each word was read as typed: „Selesnja-Gildenmagier“ (one slip in the guild's name, read as „selesnija“) got
„„selesnja“ (gelesen als „selesnija“) steht so in keinem Dokument“ under the title of Simic-Gildenmagier, „was macht
Dunkler Vertrauter“ „„vertrauter“ steht in keinem Dokument“ above Dunkle Tiefen, „was macht Lightning Bolt“
„„bolt“ (gelesen als „bold“)“ — an English card's word is no German typo. :func:`missing_phrase` finds such a name
and says it in the one wording of a missing card (:func:`bot.answers.missing_cards.missing_name_line`); the notes on
its words one by one are left out. It reads what the ranking read; the passages and their order stay.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping

from bot.answers.missing_cards import missing_name_line
from bot.answers.name_signs import joined_word, name_sign
from bot.search import NameIndex
from bot.text import name_words
from bot.text_names import Span, hyphened_spans

#: A capital a card's name begins with.
_CAPITAL = re.compile(r"[A-ZÄÖÜ]")
#: Two or more capitalised words in a row inside a question, not its first word („Dunkler Vertrauter“, „Erzengel
#: Avacyn“, „Lightning Bolt“).
_CAPITALISED_RUN = re.compile(r"(?<=\S\s)(?:[A-ZÄÖÜ][^\W\d_'-]*\s+)+[A-ZÄÖÜ][^\W\d_'-]*")


def folded(word: str) -> str:
    """``word`` as the name index compares it (:func:`bot.text.name_words`: case, marks, ß/ss)."""
    return " ".join(name_words(word))


def name_like(question: str) -> bool:
    """True when ``question`` (its first 2 000 characters) holds a phrase :func:`missing_phrase` reads: a hyphened
    word beginning with a capital or a run of capitalised words after the first word."""
    return bool(_capitalised_hyphened(question)) or _CAPITALISED_RUN.search(question[:2000]) is not None


def _capitalised_hyphened(question: str) -> list[Span]:
    """The hyphened words of ``question`` (:func:`bot.text_names.hyphened_spans`, its first 2 000 characters, each
    once) that begin with a capital, as card names are printed („Selesnja-Gildenmagier“)."""
    return [s for s in hyphened_spans(question, None) if _CAPITAL.match(s.typed)]


def missing_phrase(question: str, repaired: Collection[str], unknown: Collection[str], names: NameIndex,
                   known: Mapping[str, float] | Collection[str] = (),
                   ordinary: Callable[[str], bool] | None = None,
                   repair: Callable[[str], str | None] | None = None) -> tuple[str, frozenset[str]]:
    """The line for the first name of ``question`` (its first 2 000 characters) that names no card of the store in
    any spelling ``/karte`` accepts (:meth:`bot.search.NameIndex.lookup` finds no card by it), with the words it
    covers (folded, :func:`folded`); ``("", frozenset())`` for none. A name is a hyphened word beginning with a
    capital one of whose words the ranking repaired as a typo (``repaired``, as typed) or found in no document
    (``unknown``), or a run of two or more capitalised words after the first word with a word in no document
    (capitalised German nouns side by side, „Kreatur Schaadn“, are no name by a slip alone). German capitalises
    nouns, so with ``ordinary`` (the German dictionary's ``has``; ``known``: the store's analysed terms) a
    hyphened word whose joined form is a word of the documents or a slip of one (``repair``: the slip repair over
    the store's vocabulary) is that word („Mana-Brand“, „Trampel-Schadn“: :func:`bot.answers.name_signs.joined_word`),
    and a phrase needs a sign of a name
    (:func:`bot.answers.name_signs.name_sign`: „Selesnja“, „Avacyn“, „Dunkler Vertrauter“; not
    „Spontanzauber-Geschwindigkeit“)."""
    slipped = {folded(w) for w in repaired}
    missing = {folded(w) for w in unknown}
    text = question[:2000]
    found = [(s.start, s.typed, slipped | missing) for s in _capitalised_hyphened(text)]
    found += [(m.start(), m.group(), missing) for m in _CAPITALISED_RUN.finditer(text)]
    for _start, typed, odd in sorted(found):
        words = name_words(typed)
        if not odd.intersection(words):
            continue
        parts = typed.split("-") if "-" in typed else typed.split()
        if ordinary is not None and (("-" in typed and joined_word(parts, known, repair))
                                     or not name_sign(parts, known, ordinary, "-" not in typed)):
            continue
        look = names.lookup(typed)
        if look.hit is not None:
            continue
        return missing_name_line(typed, names, parts, look.candidates), frozenset(words)
    return "", frozenset()


__all__ = ["folded", "missing_phrase", "name_like"]
