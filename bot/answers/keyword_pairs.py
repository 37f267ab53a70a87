"""The pairs of words ``/frage`` reads as one keyword's name (:data:`bot.question_reading.KeywordPairs`): a player
who types „blut durst“ (or ``blut\\u200bdurst``, a zero-width space read as a space) means Blutdurst, 702.54.

Both pieces are words of the documents, so the join of split words (:mod:`bot.question_reading`) leaves them
apart; but together they are exactly the name of a keyword or ability word of the term table
(``data/terms_de_en.tsv``, kind in :data:`~bot.answers.mechanic_finder.MECHANIC_KINDS`: German, older, variant and
English names of one word), and no document prints them as two words one after the other. A name the documents use
as an ordinary word (:func:`~bot.answers.mechanic_finder.keyword_names_used_plainly`: Verschwinden, Leere) is left
out: its pieces may mean that word.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING

from bot.analysis import MIN_TYPO
from bot.answers.mechanic_finder import MECHANIC_KINDS, keyword_names_used_plainly
from bot.errors import UserError
from bot.german_words import GermanDictionary, german_dictionary_async
from bot.question_reading import KeywordPairs, ReadQuestion, read_question, reading_lines
from bot.reply import Reply
from bot.store import Store
from bot.terms import term_index
from bot.text import canonical
from bot.words import restore_umlauts, snowball

if TYPE_CHECKING:
    from bot.vocabulary import Vocabulary

#: Fewest letters of each piece: a lone letter („s puk“) is a slip of the space, which the split-word join reads.
MIN_PIECE = 2
#: Most searches of the documents' spelling of the words one question is read as (:func:`printed_spellings`): two
#: words of the most spellings :func:`bot.words.restore_umlauts` gives (16 each: four pairs typed for umlauts).
MAX_SPELLING_SEARCHES = 32
_MEMO_KEY = "question_reading.keyword_pairs"


def split_names() -> dict[tuple[str, str], str]:
    """Every split of every one-word name of a keyword into two pieces of at least :data:`MIN_PIECE` letters,
    lower case → the name as the table writes it: ``("blut", "durst")`` → ``"Blutdurst"``; of two names with the
    same split, the table's first."""
    plain = keyword_names_used_plainly()
    pairs: dict[tuple[str, str], str] = {}
    for term in term_index().terms:
        if term.kind not in MECHANIC_KINDS:
            continue
        for name, _rank in term.names():
            low = name.lower()
            if not name.isalpha() or canonical(low) in plain:
                continue
            for cut in range(MIN_PIECE, len(low) - MIN_PIECE + 1):
                pairs.setdefault((low[:cut], low[cut:]), name)
    return pairs


async def _make(store: Store, knows: Callable[[str], bool]) -> KeywordPairs:
    pairs = split_names()
    for a, b in [p for p in pairs if knows(p[0]) and knows(p[1])]:  # only two words can be a phrase of theirs
        if await store.holds_phrase([a, b]):
            del pairs[a, b]
    return pairs


async def keyword_pairs(store: Store, knows: Callable[[str], bool]) -> KeywordPairs:
    """The pairs of :func:`split_names` that no passage of ``store`` holds as two words (``knows``: True for a word,
    lower case, the documents hold; a pair with a piece they lack cannot be their phrase), made once per open
    store (:meth:`bot.store.Store.memo`)."""
    return await store.memo(_MEMO_KEY, lambda: _make(store, knows))


async def read_asked(store: Store, vocab: Vocabulary, question: str) -> ReadQuestion:
    """``question`` as ``/frage`` reads it (:func:`bot.question_reading.read_question`: Discord markup out, split
    words joined, two words spelling a keyword read as its name, two spelling a compound with one slip, at most
    :data:`bot.question_reading.MAX_SLIPS` pairs), with the pairs of :func:`keyword_pairs`; ``vocab``: the
    ranker's vocabulary (:meth:`~bot.vocabulary.Vocabulary.prints` for the words, ``nearest`` for the slips). The one
    reading of every free-text door: ``/frage``, ``/regel suche``, ``/ruling suche``. A compound read with a slip is
    named as the documents print it (:meth:`bot.store.Store.printed`: „Llanovarelfen“, the card's name). A piece
    that is a word of its own makes no slip (:func:`own_word`: „geteilter karte“ stays two words, not a slip of
    „geteiltekarte“; the German dictionary's words too). The question is read once; the dictionary is loaded before
    (in a worker thread the first time, :func:`bot.german_words.german_dictionary_async`; the bot's warm-up loads it
    at start, so a question does not wait for it) and asked only about a piece of a pair that would slip. The words
    read joined or with a slip are named in the documents' spelling (:func:`printed_spellings`).

    Raises:
        SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
    """
    pairs = await keyword_pairs(store, vocab.knows)
    dictionary = await german_dictionary_async()
    read = read_question(question, vocab.prints, pairs, vocab.nearest, own_word(vocab, dictionary))
    if not read.joined and not read.slipped:
        return read
    # the documents' spelling of every word read, each looked up once (printed_spellings)
    found = await printed_spellings(store, [w for _typed, w in (*read.joined, *read.slipped)])
    # „adarkar walkuere“ named as the document prints it, „Adarkarwalküre“, not as read
    joined = tuple((typed, spelled[0] if (spelled := found.get(w)) else w) for typed, w in read.joined)
    slipped, printed = [], []
    for typed, word in read.slipped:
        spelled = found.get(word)
        slipped.append((typed, spelled[0] if spelled else word))
        if spelled and not dictionary.has(word):  # a name (001's „Llanovarelfen“): the document's spelling
            printed.append((spelled[0], spelled[1].split(":")[0]))
    return ReadQuestion(read.text, read.markup, read.labels, joined, read.named, tuple(slipped),
                        tuple(printed) if read.slipped else read.printed)


async def printed_spellings(store: Store, words: Iterable[str]) -> dict[str, tuple[str, str]]:
    """Each of ``words`` (words read from a question) that a passage of ``store`` prints → as it prints it and the
    passage's key (:meth:`bot.store.Store.printed_at`): „adarkarwalkuere“ → ``("Adarkarwalküre", "002:…")``, also
    where it was typed with ``ae``/``oe``/``ue``/``ss`` for an umlaut or ``ß`` (:func:`bot.words.restore_umlauts`,
    tried after the word as read). A word holding anything but letters (``boros-rekrut``) is not looked up, nor is a
    word met before (each once), nor any spelling after :data:`MAX_SPELLING_SEARCHES` searches (such a word is
    kept as read: a question of a thousand split words costs no more); a word no passage prints is not in the
    result.

    Raises:
        SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
    """
    found: dict[str, tuple[str, str]] = {}
    searches = 0
    for word in dict.fromkeys(w for w in words if w.isalpha()):
        for spelled in (word, *restore_umlauts(word.lower())):
            if searches == MAX_SPELLING_SEARCHES:
                return found
            searches += 1
            if printed := await store.printed_at(spelled):
                found[word] = printed
                break
    return found


def own_word(vocab: Vocabulary, dictionary: GermanDictionary | None = None) -> Callable[[str], bool]:
    """The test of a question's piece (lower case) that is a word of its own, as the typo repair
    (:meth:`bot.analysis.Analyser._repair`) leaves a word as typed: a word of the documents (``vocab``), a form of one
    (its Snowball stem of :data:`bot.analysis.MIN_TYPO` letters or more is a documents' word's stem:
    „geteilter“ of 001's „geteilte“), or a word of ``dictionary`` itself (:meth:`GermanDictionary.has`; not asked
    when None)."""
    def word(piece: str) -> bool:
        stem = snowball(piece)
        return (vocab.prints(piece) or (len(stem) >= MIN_TYPO and vocab.has_stem(stem))
                or (dictionary is not None and dictionary.has(piece)))
    return word


async def read_answered(store: Store, vocab: Vocabulary, text: str,
                        answer: Callable[[str], Awaitable[Reply]]) -> Reply:
    """``answer`` of a free-text search ``text`` (``/regel suche``, ``/ruling suche``) read as ``/frage`` reads a
    question (:func:`read_asked`: a word split in two read joined, „bor os-rekrut“ or ``bor\\u200bos-rekrut`` as
    „boros-rekrut“; two words spelling a keyword's name as that name; two spelling a compound with one slip,
    „llanowar elfen“ as 001's Llanovarelfen), with the lines saying so
    (:func:`bot.question_reading.reading_lines`: „ℹ️ Getrennt geschrieben, zusammen gelesen: …“) first on its first
    page, or first in the body of the :class:`~bot.errors.UserError` it raises; ``vocab`` as in :func:`read_asked`.
    The search's Discord markup is taken out before (:func:`bot.answers.markup_notes.reads_markup`), so the lines
    name only what was read otherwise.

    Raises:
        UserError: what ``answer`` raises, the lines first in its body.
    """
    read = await read_asked(store, vocab, text)
    said = "\n".join(reading_lines(read))
    try:
        reply = await answer(read.text)
    except UserError as exc:
        if not said:
            raise
        raise UserError(exc.title, f"{said}\n{exc.body}", exc.choices, exc.actions) from None
    if said and reply.pages:
        reply.pages[0].body = f"{said}\n{reply.pages[0].body}"
    return reply


__all__ = ["MAX_SPELLING_SEARCHES", "MIN_PIECE", "keyword_pairs", "own_word", "printed_spellings", "read_answered",
           "read_asked", "split_names"]
