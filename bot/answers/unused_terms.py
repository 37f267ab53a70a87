"""A ruling search that is exactly a term of the term table no document uses (``/ruling suche: split second``).

``/regel suche: split second`` answers with the term table's Sekundenbruchteil (Split Second, rule 702.61) and „Die
Dokumente des Bots verwenden diesen Begriff nicht.“ ``/ruling suche`` searched the words alone and showed „2
Treffer“ (the clash article's split cards, a „second player“) as if they were about it. :func:`unused_term_line`
says first that the term is none of the documents', so the hits read as what they are: rulings sharing a word.
"""

from __future__ import annotations

from bot.errors import UserError
from bot.reply import quote_user
from bot.terms import KIND_NAMES, term_index
from bot.text import fold


def unused_term_line(text: str, hits: bool = True) -> str:
    """The line that leads ``/ruling suche: text`` when ``text`` is exactly the German or English name of a term of
    the term table (``data/terms_de_en.tsv``, :meth:`bot.terms.TermIndex.lookup`'s exact tier) that no document of
    the bot uses (:attr:`bot.terms.Term.documents` empty, what ``/regel suche`` says as „Die Dokumente des Bots
    verwenden diesen Begriff nicht“): „ℹ️ „split second“ ist **Sekundenbruchteil** (englisch *Split Second*),
    Schlüsselwortfähigkeit, Regel 702.61: kein Dokument des Bots verwendet diesen Begriff; die Treffer unten teilen
    nur Wörter der Suche. Die Regel: `/regel suche: Sekundenbruchteil`.“ (the typed text escaped, at most 60
    characters; the German name typed is not said twice: „ℹ️ **Todesberührung** (englisch *Deathtouch*), …“).
    ``hits`` False: no hits follow („…: kein Dokument des Bots verwendet diesen Begriff, darum gibt es keine Rulings
    dazu.“). ``""`` otherwise."""
    match = term_index().lookup(text)
    if match is None or match.how != "exact" or match.term.documents:
        return ""
    term = match.term
    kind = KIND_NAMES.get(term.kind, "Begriff")
    named = f"**{term.german}**" if fold(text.strip()) == fold(term.german) else (
        f"„{quote_user(text, 60)}“ ist **{term.german}**")
    after = "die Treffer unten teilen nur Wörter der Suche" if hits else "darum gibt es keine Rulings dazu"
    return (f"ℹ️ {named} (englisch *{term.english}*), {kind}, Regel {term.rule}: kein Dokument des Bots verwendet "
            f"diesen Begriff; {after}. Die Regel: `/regel suche: {term.german}`.")


def unused_term_error(text: str) -> UserError | None:
    """The „Nichts gefunden“ error of ``/ruling suche: text`` without hits when ``text`` is a term no document uses
    (:func:`unused_term_line` with ``hits`` False: „Kaskade“, „cascade“, „flashback“, „Rückblende“), so every such
    term is said as one whether or not its words happen to stand in a ruling; None for any other text."""
    line = unused_term_line(text, hits=False)
    return UserError(f"Nichts gefunden für „{quote_user(text, 80)}“", line) if line else None


__all__ = ["unused_term_error", "unused_term_line"]
