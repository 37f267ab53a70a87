"""What ``/frage`` reads of a question before it searches (:func:`read_question`), and the notes that say so.

* **Discord markup is not read**: a masked link ``[klick](https://…)`` counts as its label (its address is said not
  read), a link in ``<…>`` or a bare address, a user, role or channel mention (``<@!123>``, ``<@&1>``, ``<#1>``), a
  slash-command mention (``</frage:123>``), a custom emoji (``<:x:123>``, ``<a:x:1>``) and a timestamp (``<t:0:R>``)
  as nothing. None of them names a card or a rule; read as text, their digits and the link's address
  were searched („evil“ as a slip of „Exil“), so „was macht <@!123>“ got a passage where „was macht“ asks back.
* **A word split in two is read joined**: two neighbouring pieces, neither of them a content word of the documents
  (a piece no document has, or a stop word; not both stop words: „bei der“ is no „beider“), that together are a
  word of the documents („sp uk“ → „spuk“,
  „aus graben“ → „ausgraben“; umlauts typed as ``ue`` too: „adarkar walkuere“ → „adarkarwalkuere“).
  :func:`bot.text.clean` reads a zero-width space between two letters as a space
  (UAX #29: a word boundary), so ``sp\\u200buk`` arrives as „sp uk“; ``/karte`` and ``/mechanik`` compare names
  without spaces and read Spuk, and so does ``/frage`` now. Pieces that are words themselves stay apart („was
  macht“, „ausgraben oder“), and so does the variable X („ri x“ is no „rix“): their reading is the words, not a
  word the pair happens to spell, unless the pair spells exactly a keyword's name of the term table the documents
  never print as two words („blut durst“ → Blutdurst, said: „Gelesen als Blutdurst“).

Pure functions over the question text and a word test (the caller's :meth:`bot.vocabulary.Vocabulary.knows`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import NamedTuple

from rapidfuzz.distance import OSA, Levenshtein

from bot.reply import quote_user
from bot.text import STOP_WORDS, clean
from bot.words import restore_umlauts

#: Discord markup in a question: a masked link (group ``label``), a mention of a user, role or channel, the
#: mentions of everyone (``@everyone``, ``@here``), a custom emoji, a timestamp. Bounded repetitions, no nested
#: quantifiers (linear on any input).
_MARKUP = re.compile(
    r"\[(?P<label>[^\[\]\n]{0,200})\]\(\s*<?(?P<address>(?i:https?)://[^\s()<>]{1,500})>?\s*\)"
    r"|<(?:@[!&]?|#)\d{1,25}>|<a?:\w{1,40}:\d{1,25}>|<t:-?\d{1,20}(?::[tTdDfFR])?>|(?<!\w)@(?:everyone|here)\b"
    # a slash-command mention (</frage:123>, </regel suche:1>), a link in <…> (Discord shows it without preview)
    r"|</[\w-]{1,32}(?: [\w-]{1,32}){0,2}:\d{1,25}>|<(?i:https?)://[^\s<>]{1,500}>"
    # a bare address, as Discord links it: without the punctuation that ends the sentence after it
    r"|(?<!\w)(?i:https?)://[^\s<>]{0,499}[^\s<>.,:;!?\"')\]]"
    # an emoji's shortcode as typed where Discord does not turn it into the emoji (a slash command's option: „:fire:“)
    r"|(?<![\w:]):(?=[0-9_+-]*[a-z])[a-z0-9_+-]{2,32}:(?![\w:])"
)
#: The address of a masked link as typed (``[klick](https://x.y)`` → ``https://x.y``).
_ADDRESS = re.compile(r"\]\(\s*<?(?P<address>[^\s()<>]+)")
#: A word as the join looks at it: letters only (a piece with a digit or a hyphen is no fragment of a word).
_PIECE = re.compile(r"[^\W\d_]+")
#: A word's closing marks (a question's „?“, a sentence's „.“, „elfen?“): no part of the piece before them.
_CLOSING = re.compile(r"[.,;:!?…“”\"')]+$")


class ReadQuestion(NamedTuple):
    """A question as ``/frage`` reads it (:func:`read_question`).

    Attributes:
        text: the question searched: markup taken out, split words joined, white space collapsed.
        markup: the Discord markup taken out, as typed, in the question's order (each once).
        labels: a masked link's label → the link as typed (the label stands in the text for it).
        joined: (as typed, as read) for each split word read joined: ``("sp uk", "spuk")``.
        named: (as typed, the name) for each pair of words read as a keyword's name: ``("blut durst", "Blutdurst")``.
        slipped: (as typed, as read) for each pair of words read as one compound with one slip:
            ``("llanowar elfen", "llanovarelfen")`` (:func:`bot.answers.keyword_pairs.read_asked` puts in the
            documents' printed spelling).
        printed: (as read, document prefix) for each word of ``slipped`` that is a name, no word of ordinary German,
            and the document that prints it so: ``("Llanovarelfen", "001")`` (the document's spelling, not a slip of
            the player's to name).
    """

    text: str
    markup: tuple[str, ...]
    labels: Mapping[str, str]
    joined: tuple[tuple[str, str], ...]
    named: tuple[tuple[str, str], ...] = ()
    slipped: tuple[tuple[str, str], ...] = ()
    printed: tuple[tuple[str, str], ...] = ()


#: Two neighbouring words (lower case) → the keyword's name they spell together, for the pairs the documents do not
#: print as two words (:func:`bot.answers.keyword_pairs.keyword_pairs`): ``("blut", "durst")`` → ``"Blutdurst"``.
KeywordPairs = Mapping[tuple[str, str], str]
#: The documents' word nearest to a lower-case text within a slip, or None (:meth:`bot.vocabulary.Vocabulary.nearest`).
Nearest = Callable[[str], "str | None"]
#: Fewest letters of each piece, and of the two together, read as a compound with one slip (:func:`_slipped`): a
#: card's compound name („Llanovarelfen“), not two short words one edit from a third.
MIN_SLIP_PIECE, MIN_SLIP_COMPOUND = 4, 10
#: Most pairs a question reads as a compound with one slip (each asks :meth:`bot.vocabulary.Vocabulary.nearest` once,
#: one scan of the documents' words in C, as the typo repair does for a word).
MAX_SLIPS = 2


def _content(word: str, knows: Callable[[str], bool]) -> bool:
    """True when ``word`` (lower case) is a content word of the documents: they hold it and it is no stop word."""
    return word not in STOP_WORDS and knows(word)


#: A lone letter that is a word of its own in a question: the variable X (:func:`bot.words.tokens` reads it as the
#: cost's ``{X}``), never a fragment of another word („mit x“, „ri x“ stay apart).
_VARIABLE = "x"


def _fragments(a: str, b: str, knows: Callable[[str], bool]) -> bool:
    """True when the pieces ``a`` and ``b`` (lower case) may be fragments of one word: neither is a content word of
    the documents nor the variable X (:data:`_VARIABLE`), and at least one is no word at all (two stop words, „bei
    der“, „wie der“, are two words)."""
    return (not _content(a, knows) and not _content(b, knows) and not (a in STOP_WORDS and b in STOP_WORDS)
            and _VARIABLE not in (a, b))


def _known(word: str, knows: Callable[[str], bool]) -> bool:
    """True when the documents hold ``word`` (lower-cased), also as typed with ``ae``/``oe``/``ue``/``ss`` for
    ``ä``/``ö``/``ü``/``ß`` („adarkar walkuere“ joined is Adarkarwalküre's word; at most 16 spellings tried)."""
    low = word.lower()
    return knows(low) or any(knows(v) for v in restore_umlauts(low))


def _hyphened(a: str, b: str) -> tuple[str, str, str] | None:
    """The neighbouring words ``a`` and ``b`` as (``a`` up to its last hyphen, its last piece, ``b``'s first piece)
    when those pieces are letters only (:data:`_PIECE`): „bor“, „os-rekrut“ → ("", "bor", "os"); „boros-rek“,
    „rut“ → ("boros-", "rek", "rut"); None when ``b`` is empty or a piece holds a digit or another mark."""
    if not b:
        return None
    head, _, last = a.rpartition("-")
    first = b.partition("-")[0]
    if not (_PIECE.fullmatch(last) and _PIECE.fullmatch(first)):
        return None
    return head + ("-" if head else ""), last, first


class _Joined(NamedTuple):
    """What :func:`_joined` did: the text, the split words joined, the pairs read as a keyword's name, the pairs read
    as a compound with one slip."""

    text: str
    joined: tuple[tuple[str, str], ...]
    named: tuple[tuple[str, str], ...]
    slipped: tuple[tuple[str, str], ...]


def _slipped(a: str, b: str, word: Callable[[str], bool], nearest: Nearest | None) -> str | None:
    """The documents' compound the letter-only pieces ``a`` and ``b`` spell together with one slip („llanowar
    elfen“ → ``llanovarelfen``, 001's Llanovarelfen): one piece is no word (``word``, lower case: False; „geteilter
    karte“ are two words, an inflection of 001's „geteilte“ and „Karte“, not a slip of a compound), neither is a stop
    word, each has :data:`MIN_SLIP_PIECE` letters or more, the two make :data:`MIN_SLIP_COMPOUND` letters or more, and
    ``nearest`` (:meth:`bot.vocabulary.Vocabulary.nearest`) finds a word one edit from them; None otherwise."""
    low_a, low_b = a.lower(), b.lower()
    if (nearest is None or min(len(low_a), len(low_b)) < MIN_SLIP_PIECE or len(low_a + low_b) < MIN_SLIP_COMPOUND
            or low_a in STOP_WORDS or low_b in STOP_WORDS or (word(low_a) and word(low_b))):
        return None
    found = nearest(low_a + low_b)
    return found if found is not None and OSA.distance(found, low_a + low_b) == 1 else None


def _joined(text: str, knows: Callable[[str], bool], keywords: KeywordPairs, nearest: Nearest | None = None,
            word: Callable[[str], bool] | None = None) -> _Joined:
    """``text`` with each pair of neighbouring letter-only pieces joined where neither is a content word of the
    documents, at least one is none at all (:func:`_fragments`), and the two together are a word they hold
    (``knows``, lower case); else, where the two spell a keyword's name (``keywords``: „blut durst“ → Blutdurst,
    both pieces words of the documents), read as that name; else, where they spell a compound of the documents
    with one slip and one piece is no ``word`` (``knows`` when not given; :func:`_slipped`, at most
    :data:`MAX_SLIPS` pairs a question), read as that compound."""
    words = text.split(" ")
    out: list[str] = []
    joined: list[tuple[str, str]] = []
    named: list[tuple[str, str]] = []
    slipped: list[tuple[str, str]] = []
    i = 0
    while i < len(words):
        a, typed_b = words[i], words[i + 1] if i + 1 < len(words) else ""
        b = _CLOSING.sub("", typed_b)  # „llanowar elfen?“: the pieces are „llanowar“ and „elfen“, the „?“ stays after
        close = typed_b[len(b):]
        pieces = bool(b) and bool(_PIECE.fullmatch(a)) and bool(_PIECE.fullmatch(b))
        name = keywords.get((a.lower(), b.lower())) if pieces else None
        edge = _hyphened(a, b)  # „bor os-rekrut“: the pieces beside the break, inside a hyphenated name
        slip = _slipped(a, b, word or knows, nearest) if pieces and name is None and len(slipped) < MAX_SLIPS else None
        if edge is not None and _fragments(edge[1].lower(), edge[2].lower(), knows) and _known(
                edge[1] + edge[2], knows):
            out.append(a + b + close)
            joined.append((f"{a} {b}", a + b))
        elif name is not None:
            out.append(name + close)
            named.append((f"{a} {b}", name))
        elif slip is not None:
            out.append(slip + close)
            slipped.append((f"{a} {b}", slip))
        else:
            out.append(a)
            i += 1
            continue
        i += 2
    return _Joined(" ".join(out), tuple(joined), tuple(named), tuple(slipped))


class _Markup(NamedTuple):
    """What :func:`_taken_out` did: the text, the markup taken out (as typed, each once, in order), and each masked
    link's label → the link as typed."""

    text: str
    markup: tuple[str, ...]
    labels: Mapping[str, str]


def _taken_out(text: str) -> _Markup:
    """``text`` with Discord markup taken out (a masked link as its label, cleaned; mentions, ``@everyone``/
    ``@here``, custom emoji, timestamps as nothing), white space collapsed, and what was taken. The one
    substitution of :func:`without_markup` and :func:`read_question`."""
    markup: dict[str, None] = {}
    labels: dict[str, str] = {}

    def taken(m: re.Match[str]) -> str:
        markup[m.group(0)] = None
        label = clean(m["label"] or "")
        if label:
            labels.setdefault(label, m.group(0))
        return f" {label} "

    return _Markup(" ".join(_MARKUP.sub(taken, text).split()), tuple(markup), labels)


def without_markup(text: str) -> str:
    """``text`` with Discord markup taken out as :func:`read_question` takes it (a masked link as its label;
    mentions, ``@everyone``/``@here``, custom emoji, timestamps as nothing), white space collapsed: what
    ``/regel suche`` and ``/ruling suche`` search (``<@123> vorrang`` → ``vorrang``). Never raises."""
    return _taken_out(text).text


def first_markup(text: str) -> str | None:
    """The first Discord markup in ``text`` as typed (a mention ``<@123>``, ``<#1>``, a custom emoji ``<:x:1>``, a
    timestamp, a link; :data:`_MARKUP`), None when it holds none: what the mana calculators refuse rather than read
    its characters as symbols (:func:`bot.answers.calc_input.refuse_markup`). Linear in ``text``; never raises."""
    found = _MARKUP.search(text)
    return found.group(0) if found else None


def markup_note(text: str, also: tuple[str, ...] = ()) -> str | None:
    """The note on the Discord markup in a search ``text`` that is not read (:func:`without_markup`), in
    :func:`reading_lines`' words, so ``/regel suche`` and ``/ruling suche`` say it as ``/frage`` does; ``also``:
    more pieces the caller did not read, named after the markup (the emoji of a name,
    :mod:`bot.answers.markup_notes`); None when there is nothing to name. Never raises."""
    taken = _taken_out(text)
    lines = reading_lines(ReadQuestion(taken.text, (*taken.markup, *also), taken.labels, (), ()))
    return lines[0] if lines else None


def read_question(question: str, knows: Callable[[str], bool], keywords: KeywordPairs | None = None,
                  nearest: Nearest | None = None, word: Callable[[str], bool] | None = None) -> ReadQuestion:
    """``question`` (cleaned, :func:`bot.text.clean`) as ``/frage`` reads it (:class:`ReadQuestion`, the rules in
    the module's docstring); ``knows``: True for a word (lower case) the documents hold; ``keywords``: the pairs of
    words read as a keyword's name (none when not given); ``nearest``: the documents' word one slip from a text
    (:meth:`bot.vocabulary.Vocabulary.nearest`; no slip is read when not given); ``word``: True for a piece (lower
    case) that is a word of its own, never read as half of a compound with a slip (``knows`` when not given; the
    doors' test, :func:`bot.answers.keyword_pairs.read_asked`, also takes an inflection of the documents' words and a
    German dictionary's word). Never raises."""
    taken = _taken_out(question)
    read = _joined(taken.text, knows, keywords or {}, nearest, word)
    return ReadQuestion(_MANA_LETTERS.sub(_mana_symbols, read.text), taken.markup, taken.labels, read.joined,
                        read.named, read.slipped)


#: A mana cost typed as capital letters without braces: an optional generic number, then up to six letters of the
#: mana symbols (W U B R G C, X) („UU“, „2WW“, „1U“, „XRR“, „WUBRG“); :func:`_mana_symbols` decides.
_MANA_LETTERS = re.compile(r"(?<![\w{/])(\d{1,2})?([WUBRGCX]{1,6})(?![\w}/])")


def _mana_symbols(m: re.Match[str]) -> str:
    """The symbols of a mana cost typed as letters („UU“ → ``{U}{U}``, „2WW“ → ``{2}{W}{W}``, „1U“ → ``{1}{U}``,
    „WUBRG“ → the five colours), as the documents write costs (003: „{U}{U}“), so the question's words are the
    symbols' terms (``mu``), not a word no document has. Taken only with a number before the letters, a letter
    typed twice or three letters or more: two different capitals („UB“, „RG“) may be an abbreviation, one („X“, „R“
    of „R/W“) is read elsewhere; otherwise the text as typed."""
    number, letters = m.group(1) or "", m.group(2)
    if not (number or len(set(letters)) < len(letters) or len(letters) >= 3):
        return m.group(0)
    return (f"{{{number}}}" if number else "") + "".join(f"{{{c}}}" for c in letters)


#: Most characters of a markup or a joined word echoed in a note.
ECHO = 60


def _address(link: str) -> str:
    """The address of the masked link ``link`` as typed (``[spuk](https://x.y)`` → ``https://x.y``): what of it
    was not read (its label was)."""
    m = _ADDRESS.search(link)
    return m["address"] if m else link


def slip_said(typed: str, read: str) -> str:
    """The one slip between ``typed`` (the pieces as typed, spaces out) and ``read`` (a word one edit from it, optimal
    string alignment) in German, user text escaped: ``("llanowarelfen", "Llanovarelfen")`` → „„w“ statt „v““; a
    letter too many „„x“ zu viel“, one missing „„v“ fehlt“, two swapped „„ab“ vertauscht“. Compares case-folded;
    ``""`` when the two are the same or further apart."""
    a, b = typed.replace(" ", "").casefold(), read.casefold()
    ops = [(op.tag, op.src_pos, op.dest_pos) for op in Levenshtein.editops(a, b)]  # (tag, in a, in b)
    if len(ops) == 1:
        tag, src, dest = ops[0]
        letter = quote_user(a[src] if tag != "insert" else b[dest], 4)
        said = {"replace": lambda: f"„{letter}“ statt „{quote_user(b[dest], 4)}“",
                "delete": lambda: f"„{letter}“ zu viel", "insert": lambda: f"„{letter}“ fehlt"}
        return said[tag]()
    if len(ops) == 2 and OSA.distance(a, b) == 1:  # two neighbouring letters swapped
        at = min(src for _tag, src, _dest in ops)
        return f"„{quote_user(a[at:at + 2], 4)}“ vertauscht"
    return ""


def reading_lines(read: ReadQuestion, said: frozenset[str] = frozenset()) -> list[str]:
    """The notes on what :func:`read_question` did (user text escaped): the markup not read (except those in
    ``said``, already named as a comparison's side; of a masked link whose label was read, its address), each split
    word read joined, each pair read as one compound with one slip (and the slip, :func:`slip_said`)."""
    lines = []
    linked = set(read.labels.values())  # a masked link whose label the text holds: its label was read, not its address
    unsaid = [_address(m) if m in linked else m for m in read.markup if m not in said]
    if unsaid:
        named = ", ".join(f"„{quote_user(m, ECHO)}“" for m in unsaid)
        lines.append(f"ℹ️ Nicht gelesen: {named} (Links, Erwähnungen und Emojis von Discord nennen keine Karte "
                     "und keine Regel).")
    if read.joined:
        pairs = ", ".join(f"„{quote_user(a, ECHO)}“ als „{quote_user(b, ECHO)}“" for a, b in read.joined)
        lines.append(f"ℹ️ Getrennt geschrieben, zusammen gelesen: {pairs}.")
    names = dict(read.printed)  # a name read as a document prints it: its spelling, no slip of the player's
    if slipped := [(a, b) for a, b in read.slipped if b not in names]:
        pairs = ", ".join(f"„{quote_user(a, ECHO)}“ als „{quote_user(b, ECHO)}“"
                          + (f" ({slip})" if (slip := slip_said(a, b)) else "") for a, b in slipped)
        lines.append(f"ℹ️ Getrennt und mit einem Tippfehler geschrieben, zusammen gelesen: {pairs}.")
    for a, b in ((a, b) for a, b in read.slipped if b in names):
        lines.append(f"ℹ️ Getrennt geschrieben, zusammen gelesen: „{quote_user(a, ECHO)}“ als „{quote_user(b, ECHO)}“, "
                     f"wie Dokument {names[b]} es schreibt.")
    for typed, name in read.named:
        lines.append(f"ℹ️ Gelesen als {quote_user(name, ECHO)}: „{quote_user(typed, ECHO)}“ zusammengeschrieben ist "
                     "dieses Schlüsselwort der Begriffstabelle.")
    return lines


__all__ = ["KeywordPairs", "ReadQuestion", "first_markup", "markup_note", "read_question", "reading_lines",
           "slip_said", "without_markup"]
