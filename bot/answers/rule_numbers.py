"""``/regel suche`` with rule numbers beside other pieces (``702.19 und 104.3f``, ``702.19, 104.3f``,
``702.19 und Trampelschaden``, ``104.3f und 7022.19``): each number answered as it is answered alone
(:func:`bot.answers.rules.rule_answer`), one after the other in one reply, at most :data:`MAX_NUMBERS` rules found; a
number named twice is answered once; a piece of a number's shape that is no rule number is named as such; the
other words are searched as words after the numbers, so a search that names a number never ends in nothing. A search
of more than :data:`MAX_PIECES` different pieces answers its first numbers all the same and names the rest as not
answered (its words are not searched). A comma between a section and a number that is a section too (``702,703``)
is read as the German decimal comma when the bot answers that rule (:func:`read_commas`), else as a list.

Before, the search was read as words and its best hit (104.3f) shown alone: the other number was silently lost, and
``702.19 und 702.19`` or ``702.19 und Trampelschaden`` found nothing (no document holds the number as a word).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Final

from bot.answers.eras import shift_page_refs
from bot.answers.registry import AnswerContext, UserError
from bot.reply import Action, Page, Reply, own_sources, quote_user
from bot.rule_catalog import LOOKALIKES, NUMBER_PUNCTUATION, misnumbered, parse_number, read_number
from bot.text import MARKDOWN_WRAPPERS, clean

#: Most rule numbers of one search answered (a number no rule answers does not count); more are named as not shown.
MAX_NUMBERS = 5
#: Most rule numbers of one search looked up: those no rule answers do not count toward :data:`MAX_NUMBERS` (each
#: still gets its page „Regel … nicht gefunden“), so a search of many unknown numbers is bounded by this.
MAX_TRIED = 2 * MAX_NUMBERS
#: Most different pieces of a search whose words are still searched after its numbers; a piece repeated counts once,
#: so ``702.19`` typed 850 times is one piece, judged once. A search of more pieces answers its first
#: :data:`MAX_NUMBERS` numbers and names the rest as not answered.
MAX_PIECES = 4 * MAX_NUMBERS
#: The line of „Regel … nicht gefunden“ (bot/answers/rules.py) pointing to a search of words; dropped from a number's
#: page where the search's words were searched too (:func:`several_rules`).
WORDS_HINT: Final = "Nach Wörtern statt einer Nummer suchen: `/regel suche: <Stichwort>`."
#: Most numbers named as not shown (the others counted): a search may list a thousand.
_NAMED_REST: Final = 10
#: A comma between three digits and up to three digits with an optional letter, a whole piece (``702,19``,
#: ``702,703``, ``104,3f``; not ``1,5`` nor ``702,19,5``): a German decimal comma or a list (:func:`read_commas`).
_COMMA_PAIR = re.compile(r"(?<![\w.,])([0-9]{3}),([0-9]{1,3}[a-z]?)(?![\w.,])", re.IGNORECASE)
#: A digit: a piece without one is no rule number, typed wrong or not (its words are not judged further).
_DIGIT = re.compile(r"[0-9]")
#: The words that join a list („702.19 und 104.3f“).
LIST_WORDS = ("und", "oder", "sowie", "and", "or")
#: What stands between the numbers of a list: commas, semicolons, „&“, „+“, „/“ with spaces around it, and the
#: words of :data:`LIST_WORDS` between spaces (any case); the one list separator of :data:`_BETWEEN` and
#: :func:`listed_numbers`.
_LISTING = rf"[,;&+]|\s/\s|\s(?:{'|'.join(LIST_WORDS)})\s"
#: Where a search of rule numbers is split into its pieces (:func:`rule_numbers`): at :data:`_LISTING` and the spaces
#: around it,
_BETWEEN = re.compile(rf"\s*(?:{_LISTING})\s*"
                      # or a space before the next number (or its word), not after a number's own word: „Regel 702.19“;
                      # a number's minus sign belongs to it („702.19 -5“ is read as „702.19, -5“ is)
                      r"|(?<!\bregel)(?<!\brule)(?<!\bcr)(?<!\bnr)(?<!\bnr\.)(?<!\br\.)(?<!§)\s+(?=(?:regel|rule|§)?\s*[-−]?\d)"
                      # or a space after a number (its last digit or letter) before a word: „702.19 fehde“
                      # or a single letter: „702.19 x“ is the rule and the letter, as /frage reads it
                      r"|(?<=\d)\s+(?=[^\W\d_])|(?<=\d[a-z])\s+(?=[^\W\d_])",
                      re.IGNORECASE)
#: A rule number's shape, a section or a rule (``702``, ``702.19``, ``104.3f``): what a slash lists (:func:`_slashed`).
_RULE_SHAPE = re.compile(r"[0-9]{3}(?:[.,][0-9]{1,3}[a-z]?)?", re.IGNORECASE)
#: Where two quoted pieces of one word meet, a point, comma, colon, semicolon or nothing between the closing quote or
#: bracket and the next opening one (``"702.19"."104.3f"``): a list when each piece is a rule number.
_QUOTES_JOINED = re.compile(r"(?<=[\"“”»«'’)\]])[.,;:]?(?=[\"„“«»'‘(\[])")
#: A German decimal comma in a rule number (``702,19``), read as its point before the list is split at commas.
_DECIMAL_COMMA = re.compile(r"(?<![\d.])([0-9]{3}),(?=[0-9])")
#: Words that only say a number follows or a list goes on („Regeln 702.19 und 104.3f“, a list's „und“ left at the
#: end of a text cut at its length limit), lower case: no words to search (here), no question of their own beside
#: the rule numbers a ``/frage`` names (:func:`bot.answers.asked_rules.rule_led`).
FILLER_WORDS = frozenset({"regel", "regeln", "rule", "rules", "cr", "nr", "nr.", "nummer", "nummern", "siehe", "see",
                          *LIST_WORDS})
#: A section's digits (three, or more typed by mistake) before a point or decimal comma: the start of a piece a list
#: of rule numbers names as a number typed wrong (:func:`listed_numbers`: ``7022.19``, ``702.19.3``, ``702.19zz``).
#: A quantity has fewer (``2.5`` Sekunden, ``12,5`` Prozent), a game's number a sign (``-2`` auf die Stärke): no
#: rule's number starts so.
_SECTION_LED = re.compile(r"[0-9]{3,}[.,]")
#: A piece after a list's separator (:data:`_LISTING`), up to the next space; looked ahead for, so that a piece
#: ending in a comma („7022.19, 8000.1“) leaves the comma to the next piece.
_LISTED = re.compile(rf"(?=(?:{_LISTING})\s*(\S+))", re.IGNORECASE)
#: The look-alike letters of a rule number read as the digits they stand for (:data:`bot.rule_catalog.LOOKALIKES`).
_DIGITS_READ = str.maketrans(LOOKALIKES)
#: Discord's markdown around a piece between white space (``**trample**``, ```702.19```, ``||x||``): read without
#: it, so the markup neither hides a number nor joins it to its neighbour.
_WRAPPERS: Final = MARKDOWN_WRAPPERS.strip()
#: The quotation marks and brackets of :data:`bot.rule_catalog.NUMBER_PUNCTUATION`, not its full stop, colon
#: or question mark („Nr.“ is a word of its own).
_QUOTES: Final = "".join(ch for ch in NUMBER_PUNCTUATION if ch not in ".:!?")
_SHAPE = "drei Ziffern, ein Punkt, eine bis drei Ziffern, vielleicht ein Buchstabe"


@dataclass
class NumberSearch:
    """What a search of rule numbers (:func:`rule_numbers`) holds, each list in the order typed, each item once.

    Attributes:
        numbers: the rule numbers, as :func:`bot.rule_catalog.parse_number` prints them (``"702.19"``).
        repeated: numbers named more than once (answered once).
        read: ``(typed, number, how)`` of numbers typed with look-alike letters (``("7O2.19", "702.19", "O als
            0")``, :func:`bot.rule_catalog.read_number`).
        invalid: pieces of a number's shape that are no rule number (``"7022.19"``,
            :func:`bot.rule_catalog.misnumbered`).
        words: the other pieces, searched as words after the numbers.
        readings: lines saying how an ambiguous comma was read (:func:`read_commas`).
        many: more than :data:`MAX_PIECES` different pieces: the words are named as not searched.
        unknown: of the first :data:`MAX_NUMBERS` numbers, those the bot answers no rule for (``999.99``: in no
            document and no official rule), asked by :func:`not_ruled`; empty until then.
    """

    numbers: list[str] = field(default_factory=list)
    repeated: list[str] = field(default_factory=list)
    read: list[tuple[str, str, str]] = field(default_factory=list)
    invalid: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)
    many: bool = False
    unknown: list[str] = field(default_factory=list)
    #: a piece as typed (casefolded) → the number it names, so a repeated piece is not judged again
    _typed: dict[str, str] = field(default_factory=dict, repr=False, compare=False)

    def add(self, piece: str) -> None:
        """Sort one piece of the search (not seen before) into its list."""
        if _DIGIT.search(piece) is None:  # no number, typed right or wrong: words (look-alikes need one digit)
            if piece.casefold() not in FILLER_WORDS:
                self.words.append(piece)
            return
        read = read_number(piece)
        number = read[0] if read else parse_number(piece)
        if number is None:
            if misnumbered(piece):
                self.invalid.append(piece)
            elif piece.casefold() not in FILLER_WORDS:
                self.words.append(piece)
            return
        self._typed[piece.casefold()] = number
        if read:
            self.read.append((piece, number, read[1]))
        if number in self.numbers:
            self.repeated += [] if number in self.repeated else [number]
            return
        self.numbers.append(number)

    def repeat(self, piece: str) -> None:
        """Count a piece met before again: the number it named (if any) is named more than once."""
        number = self._typed.get(piece.casefold())
        if number is not None and number not in self.repeated:
            self.repeated.append(number)


async def read_commas(search: str, answers: Callable[[str], Awaitable[bool]]) -> tuple[str, list[str]]:
    """``search`` with each comma that stands between two readings made plain, and a German line per such comma
    saying how it was read. ``702,703`` (703 is a rule number of its own) is the list ``702, 703`` when
    ``answers("702.703")`` is false (the bot answers no such rule: „„702,703“ gelesen als zwei Regelnummern, 702 und
    703: eine Regel 702.703 gibt es nicht.“), else ``702.703``, said so too. A comma with one reading (``702,19``:
    19 is no rule number) stays, read as the decimal comma later (:func:`rule_numbers`,
    :func:`bot.rule_catalog.parse_number`). At most :data:`MAX_NUMBERS` different pairs are asked about
    (each costs an answer), each once: a pair typed again is read as before, without a second line; other pairs
    keep the decimal reading. ``search`` itself (no line) when no comma had two readings."""
    text = clean(search)
    parts: list[str] = []
    notes: list[str] = []
    reads: dict[str, str] = {}  # a pair typed again is read as before, without a second question or line
    end = 0
    for m in _COMMA_PAIR.finditer(text) if "," in text else ():
        left, right = m.group(1), m.group(2).lower()
        joined = parse_number(f"{left}.{right}")
        if joined is None or parse_number(right) is None or (joined not in reads and len(reads) == MAX_NUMBERS):
            continue
        if joined not in reads:
            typed = quote_user(m.group(0), 20)
            if await answers(joined):
                reads[joined] = joined
                notes.append(f"„{typed}“ gelesen als Regel {joined} (nicht als zwei Regelnummern, {left} und "
                             f"{right}).")
            else:
                reads[joined] = f"{left}, {right}"
                notes.append(f"„{typed}“ gelesen als zwei Regelnummern, {left} und {right}: eine Regel {joined} "
                             "gibt es nicht.")
        parts += [text[end : m.start()], reads[joined]]
        end = m.end()
    if not notes:
        return search, []
    return "".join(parts) + text[end:], notes



def one_word(words: list[str]) -> bool:
    """True when the pieces ``words`` of a search are one word: a piece of two (``a*b c``, its markup taken out, or
    ``ley linien``) is two."""
    return len(" ".join(words).split()) == 1


def searched_words(words: list[str], also: bool = True) -> str:
    """The sentence that the typed ``words`` (beside rule numbers) were searched, in singular or plural and the
    user's text escaped (:func:`bot.reply.quote_user`, at most 40 characters): „Das Wort „Trampelschaden“ wurde auch
    gesucht“, „Die Wörter „ley linien“ wurden auch gesucht“ (counted by the spaces between them: one piece
    „a*b c“ is two words); without ``also`` „Gesucht wurde das Wort „…““."""
    shown = quote_user(" ".join(words), 40)
    one = one_word(words)
    if not also:
        return f"Gesucht wurde das Wort „{shown}“" if one else f"Gesucht wurden die Wörter „{shown}“"
    return f"Das Wort „{shown}“ wurde auch gesucht" if one else f"Die Wörter „{shown}“ wurden auch gesucht"

def rule_numbers(search: str, readings: list[str] | None = None) -> NumberSearch | None:
    """The rule numbers ``search`` lists beside other pieces (:class:`NumberSearch`), when it names at least one rule
    number and something else (another number, the same number again, a mistyped number, words): ``"702.19 und
    104.3f"`` → numbers ``["702.19", "104.3f"]``; ``"702.19 702.19"`` → ``["702.19"]``, repeated; ``"104.3f und
    7022.19"`` → ``["104.3f"]``, invalid ``["7022.19"]``; also when it names only mistyped numbers (``"7022.19 und
    8000.1"``: no numbers, two invalid; ``"7022.19 und Trampelschaden"``: one invalid, words). None for one number
    alone or words alone (also more than :data:`MAX_PIECES` of them: a search of words). ``readings`` (of
    :func:`read_commas`) go into the result. Bounded by the text's length: each different piece is judged once, a
    piece without a digit by one search for it."""
    found = NumberSearch(readings=list(readings or ()))
    seen: set[str] = set()
    pieces = 0
    unwrapped = " ".join(_unwrapped(w) for word in clean(search).split() for w in _slashed(word))
    for piece in _BETWEEN.split(_DECIMAL_COMMA.sub(r"\1.", unwrapped)):
        if not piece:
            continue
        pieces += 1
        if piece.casefold() in seen:  # the same piece again: judged already, a number is now repeated
            found.repeat(piece)
            continue
        seen.add(piece.casefold())
        found.add(piece)
    if pieces < 2 or not (found.numbers or found.invalid):
        return None
    found.many = len(seen) > MAX_PIECES
    return found


def listed_numbers(text: str, start: int = 0) -> list[tuple[str, int]]:
    """The rule numbers typed wrong that a list in ``text`` (a sentence, cleaned: :func:`bot.text.clean`) names from
    ``start`` on, each with where it starts, in the order typed: a piece after a list's separator (:data:`_LISTING`,
    as :func:`rule_numbers` splits a list), read without the markup and punctuation pasted around it, that has a
    rule number's shape but is none (:func:`bot.rule_catalog.misnumbered`) and starts as a rule number does, with a
    section's digits (:data:`_SECTION_LED`): ``"regel 702.19 und 7022.19"`` → ``[("7022.19", 17)]``. A game's
    numbers in the sentence are none: ``"regel 704.5a und -2 auf die Stärke"``, ``"Regel 903.4, 2.5 Sekunden"``,
    ``"702.19 und 12,5 prozent"`` → ``[]`` (before, each was named „keine gültige Regelnummer“). One pass over the
    text."""
    found: list[tuple[str, int]] = []
    for m in _LISTED.finditer(text, start):
        piece = _unwrapped(m.group(1).rstrip(",;"))
        if misnumbered(piece) and _SECTION_LED.match(piece.translate(_DIGITS_READ)):
            found.append((piece, m.start(1)))
    return found


def _slashed(word: str) -> list[str]:
    """``word`` split at its slashes when each part is a rule number's shape (:data:`_RULE_SHAPE`) once the pasted
    punctuation around it is off: ``702.19/104.3f`` and ``„702.19“/„104.3f“`` list two numbers as „702.19 / 104.3f“
    does (:data:`_BETWEEN`), so do quoted numbers joined by a point, comma, colon or semicolon (``"702.19"."104.3f"``:
    :data:`_QUOTES_JOINED`); a slash between other digits stays one word (``2/2``, ``+1/+1``: power and toughness)."""
    for parts in (_QUOTES_JOINED.split(word), word.split("/")):
        if len(parts) > 1 and all(_RULE_SHAPE.fullmatch(p.strip(_WRAPPERS + NUMBER_PUNCTUATION)) for p in parts):
            return [w for p in parts for w in (p, "/")][:-1]
    return [word]


def _unwrapped(word: str) -> str:
    """``word`` without markdown wrappers around it and, when it holds a digit, without the punctuation a player
    pastes around a number (``„702.19“``, ``(104.3f)``: :data:`bot.rule_catalog.NUMBER_PUNCTUATION`), so
    the list ``„702.19“ „104.3f“`` splits into its two numbers as ``702.19 104.3f`` does; a word without a digit
    loses the quotation marks and brackets at its ends (:data:`_QUOTES`): ``"702.19 trample"``, quoted whole, and
    ``702.19 "trample"`` search „trample“ beside the rule."""
    word = word.strip(_WRAPPERS)
    return word.strip(_WRAPPERS + NUMBER_PUNCTUATION) if _DIGIT.search(word) else word.strip(_QUOTES)


def _pages(reply: Reply, after: int) -> list[Page]:
    """``reply``'s pages, each with the reply's buttons and sources where it has none of its own (they go into one
    reply: each page's footer names the sources of that page, :func:`bot.reply.own_sources`), put after ``after``
    pages: a pointer to another of its pages names that page's number in the joined reply
    (:func:`bot.answers.eras.shift_page_refs`)."""
    return [shift_page_refs(p if p.actions is not None else replace(p, actions=list(reply.actions)), after)
            for p in own_sources(reply)]


def _quoted(pieces: list[str]) -> str:
    """``„a“, „b“`` of the first :data:`MAX_NUMBERS` pieces, each escaped and cut to 20 characters."""
    more = " …" if len(pieces) > MAX_NUMBERS else ""
    return ", ".join(f"„{quote_user(p, 20)}“" for p in pieces[:MAX_NUMBERS]) + more


def invalid_line(invalid: list[str]) -> str:
    """The German line naming the pieces of a number's shape that are no rule number."""
    if len(invalid) == 1:
        return f"{_quoted(invalid)} ist keine gültige Regelnummer ({_SHAPE})."
    return f"{_quoted(invalid)} sind keine gültigen Regelnummern ({_SHAPE})."


def _notes(found: NumberSearch, shown: list[str], tried: int) -> list[str]:
    """The lines above the first page: which numbers are answered, repeated, read, refused. ``shown``: the numbers
    a rule answered; ``tried``: how many of the numbers, in the order typed, were looked up (those a rule answered
    and those none did, each named by :func:`several_rules`); the numbers after them are named as not shown."""
    numbers = found.numbers
    notes = list(found.readings)
    if len(numbers) > tried:
        rest = ", ".join(quote_user(n, 20) for n in numbers[tried : tried + _NAMED_REST])
        if len(numbers) > tried + _NAMED_REST:
            rest += f" und {len(numbers) - tried - _NAMED_REST} weitere"
        if len(shown) < MAX_NUMBERS:  # MAX_TRIED looked up, too few of them rules: the rest not looked up
            got = ", ".join(shown) if shown else "keine"
            notes.append(f"{len(numbers)} Regelnummern gesucht; nachgeschlagen wurden die ersten {tried}, gefunden "
                         f"davon: {got} (nicht nachgeschlagen: {rest}). Bitte höchstens {MAX_NUMBERS} auf einmal.")
        else:
            passed = " gefundenen" if tried > len(shown) else ""  # numbers no rule answers were passed over
            notes.append(f"{len(numbers)} Regelnummern gesucht; gezeigt werden die ersten {MAX_NUMBERS}{passed}: "
                         f"{', '.join(shown)} (nicht gezeigt: {rest}). Bitte höchstens {MAX_NUMBERS} auf einmal.")
    elif len(numbers) > 1:
        notes.append(f"{len(numbers)} Regelnummern gesucht; jede wird einzeln gezeigt: {', '.join(numbers)}.")
    if found.repeated:
        notes.append(f"Mehrfach genannt, einmal gezeigt: {', '.join(found.repeated[:MAX_NUMBERS])}.")
    notes += [f"„{quote_user(typed, 20)}“ ist so keine Regelnummer; gelesen als {number} ({how})."
              for typed, number, how in found.read]
    if found.invalid:
        notes.append(invalid_line(found.invalid))
    return notes


async def several_rules(ctx: AnswerContext, found: NumberSearch,
                        one: Callable[[AnswerContext, str], Awaitable[Reply]]) -> Reply:
    """The reply to a search of rule numbers (:func:`rule_numbers`): ``one``'s answer to each number in the order
    typed, its pages after the previous number's, until :data:`MAX_NUMBERS` are answered; a number with no rule
    says so on its own page (the error ``one`` raised) and takes no answered number's place (at most
    :data:`MAX_TRIED` numbers are looked up); then ``one``'s answer to the
    words, searched together („nichts gefunden“ said in a line). The first page says which numbers are answered,
    which were asked but not shown, named twice, read from look-alike letters or no rule number.

    Raises:
        UserError: the search names no rule number, only pieces of a number's shape that are none, or no rule
            number and words that find nothing (German).
    """
    if not found.numbers and not found.words:
        raise UserError("Ungültige Regelnummer", invalid_line(found.invalid) + " Zum Beispiel: `/regel suche: "
                        "702.19` oder `104.3f`")
    searched = bool(found.words) and not found.many  # the words are searched too: no page tells to search words
    shown, pages, sources, missing, tried = await _numbered(ctx, found, one, searched)
    notes = _notes(found, shown, tried)
    if missing and tried > 1:
        notes.append(f"Nichts gefunden zu {', '.join(missing)}.")
    if found.words and found.many:  # bounded work: the numbers are answered, the words named as not searched
        words = quote_user(" ".join(found.words), 40)
        notes.append(f"Mehr als {MAX_PIECES} Teile: nicht gesucht wurden die Wörter „{words}“ (bitte Wörter "
                     "einzeln suchen).")
        if not pages:
            raise UserError("Zu viele Teile", "\n".join("ℹ️ " + n for n in notes))
    elif found.words:
        words = " ".join(found.words)
        try:
            reply = await one(ctx, words)
        except UserError as exc:
            if not pages:  # no number to answer: the words' „nichts gefunden“, the refused numbers named in it
                raise UserError(exc.title, "\n".join(["ℹ️ " + n for n in notes] + [exc.body]), exc.choices) from exc
            notes.append(f"{searched_words(found.words)}: nichts gefunden.")
        else:
            own = "seine" if one_word(found.words) else "ihre"  # the word's or the words' hits
            after = ("den Regeln" if tried > 1 else "der Regel") if shown else (
                "diesen Seiten" if tried > 1 else "dieser Seite")  # no rule found: after its „nicht gefunden“
            notes.append(f"{searched_words(found.words)}; {own} Treffer folgen nach {after}." if tried else
                         f"{searched_words(found.words, also=False)}.")
            pages += _pages(reply, len(pages))
            sources += reply.source.split(" · ") if reply.source else []
    if notes:
        pages[0].body = "".join(f"ℹ️ {n}\n" for n in notes) + pages[0].body
    return Reply(pages=pages, source=" · ".join(dict.fromkeys(sources)) or None)


async def _numbered(ctx: AnswerContext, found: NumberSearch, one: Callable[[AnswerContext, str], Awaitable[Reply]],
                    searched: bool) -> tuple[list[str], list[Page], list[str], list[str], int]:
    """:func:`several_rules`' answers to the numbers of ``found``: the numbers a rule answered (only these count
    toward :data:`MAX_NUMBERS`), the pages, the sources, the numbers no rule answered (named by their page's title)
    and how many were looked up (at most :data:`MAX_TRIED`). ``searched``: the words are searched too, so a
    number's „nicht gefunden“ page does not tell to search words. Raises what ``one`` raises but its
    :class:`UserError`."""
    shown: list[str] = []  # the numbers a rule answered: only these count toward MAX_NUMBERS
    pages: list[Page] = []
    sources: list[str] = []
    missing: list[str] = []  # „999.99 (Seite „Regel 999.99 nicht gefunden“)“: named by the page's title, since a
    # long page before it is split into several by the renderer (a page number here would miss it)
    tried = 0
    # a number no rule answers („999.9“) takes no shown rule's place (before, 409.1b after it was not shown); at most
    # MAX_TRIED looked up, so a search of a thousand unknown numbers stays bounded
    for number in found.numbers[:MAX_TRIED]:
        if len(shown) == MAX_NUMBERS:
            break
        tried += 1
        try:
            reply = await one(ctx, number)
        except UserError as exc:
            title = exc.title if number in exc.title else f"Regel {number}: {exc.title}"
            body = exc.body.replace("\n" + WORDS_HINT, "") if searched else exc.body
            pages.append(Page(title, body, actions=exc.choices[:5]))
            missing.append(f"{number} (Seite „{quote_user(title, 80)}“)")
            continue
        shown.append(number)
        pages += _pages(reply, len(pages))
        sources += reply.source.split(" · ") if reply.source else []
    return shown, pages, sources, missing, tried


#: Asks whether the bot answers a rule number (the rule's button: ``/regel suche`` with that number finds it).
Answers = Callable[[str], Awaitable[bool]]


async def not_ruled(search: str, answers: Answers) -> UserError | None:
    """The German reply to ``/ruling suche`` with one rule number (``702.19``, ``Regel 702.19``,
    :func:`bot.rule_catalog.parse_number`) that no ruling names: rulings are searched by their words and the
    documents' rulings cite no rule by its number, so the player is pointed to the rule itself, which ``/regel suche``
    shows with what the documents say under it, also under its old numbers (502.46 → 702.51; :mod:`bot.answers.rules`)
    — one line and the rule's button. A search of several numbers (:func:`rule_numbers`: ``702.19 702.20``,
    ``502.46, 502.32``, ``701.19c und 701.30``) gets the same for each of its first :data:`MAX_NUMBERS` numbers, in
    one line (:func:`_unruled`). A number ``answers`` says the bot answers no rule for (``999.99``: in no document,
    not in the official rules) is said to be none, without a button. None when ``search`` names no rule number (its
    „nichts gefunden“ stays)."""
    number = parse_number(search) if len(search) <= 40 else None
    found = NumberSearch(numbers=[number]) if number is not None else rule_numbers(search)
    return _unruled(search, await _answered(found, answers)) if found is not None else None


async def _answered(found: NumberSearch, answers: Answers) -> NumberSearch:
    """``found`` with its first :data:`MAX_NUMBERS` numbers that ``answers`` says the bot answers no rule for in
    :attr:`NumberSearch.unknown` (each asked once)."""
    return replace(found, unknown=[n for n in found.numbers[:MAX_NUMBERS] if not await answers(n)])


def _listed(numbers: list[str]) -> str:
    """``702.19``, ``702.19 und 702.20``, ``702.19, 702.20 und 104.3f``."""
    return " und ".join([", ".join(numbers[:-1]), numbers[-1]] if len(numbers) > 1 else numbers)


def _unruled(search: str, found: NumberSearch) -> UserError:
    """:func:`not_ruled` of a search of one rule number or of several pieces (``found``, of :func:`rule_numbers`)
    whose words found no ruling either: one line naming its first :data:`MAX_NUMBERS` rule numbers that the bot
    answers with a button to each rule (an old number's button opens its era page, „502.46 … heute 702.51“), one
    naming those it answers no rule for (:attr:`NumberSearch.unknown`, no button), a line naming the numbers not
    given a button, the pieces that are no rule number, and the words searched in vain. One number: „702.19 ist eine
    Regelnummer, und kein Ruling nennt sie: die Regel … zeigt `/regel suche: 702.19` (Knopf unten).“; several:
    „702.19 und 702.20 sind Regelnummern, … jede Regel … (Knöpfe unten).“"""
    shown = [n for n in found.numbers[:MAX_NUMBERS] if n not in found.unknown]
    one = len(shown) == 1
    lines = [f"{_listed(shown)} {'ist eine Regelnummer' if one else 'sind Regelnummern'}, und kein Ruling nennt sie: "
             f"{'die' if one else 'jede'} Regel und was die Dokumente unter ihr, auch unter alten Nummern, sagen, "
             f"zeigt `/regel suche: {' '.join(shown)}` ({'Knopf' if one else 'Knöpfe'} unten)."] if shown else []
    if found.unknown:
        shape, which = (("hat die Form einer Regelnummer", "eine solche Regel") if len(found.unknown) == 1 else
                        ("haben die Form von Regelnummern", "solche Regeln"))
        lines.append(f"{_listed(found.unknown)} {shape}, doch kein Dokument des Bots enthält oder zitiert {which} "
                     f"(`/regel suche: {' '.join(found.unknown)}` findet sie nicht).")
    if len(found.numbers) > MAX_NUMBERS:
        rest = ", ".join(quote_user(n, 20) for n in found.numbers[MAX_NUMBERS : MAX_NUMBERS + _NAMED_REST])
        more = len(found.numbers) - MAX_NUMBERS - _NAMED_REST
        lines.append(f"{len(found.numbers)} Regelnummern gesucht; Knöpfe nur für die ersten {MAX_NUMBERS} (ohne Knopf: "
                     f"{rest}{f' und {more} weitere' if more > 0 else ''}). Bitte höchstens {MAX_NUMBERS} auf einmal.")
    if found.invalid:
        lines.append(invalid_line(found.invalid))
    if found.words:
        lines.append(f"{searched_words(found.words)}: kein Ruling gefunden.")
    return UserError(f"Nichts gefunden für „{quote_user(search, 40)}“", "\n".join(lines),
                     actions=[Action(f"Regel {n}", "rule", n) for n in shown])


async def numbers_only(search: str, answers: Answers) -> UserError | None:
    """The reply of :func:`not_ruled` to a ``/ruling suche`` of several pieces that are all rule numbers or of a
    number's shape (``702.19 702.20``, ``7022.19 und 8000.1``), given before the rulings are searched: their digits
    are no words of a ruling (the ranked search met „1“ of „+1/+1-Marke“ in „8000.1“). None for a search with words or
    of one number alone (searched as before)."""
    found = rule_numbers(search)
    return _unruled(search, await _answered(found, answers)) if found is not None and not found.words else None


async def numbers_line(search: str, answers: Answers) -> str:
    """The line under ``/ruling suche``'s hits for a search of rule numbers and words whose words found rulings
    (``702.19 trampelschaden``): its rule numbers the bot answers (``answers``), which no ruling names, pointed to
    ``/regel suche`` (at most :data:`MAX_NUMBERS` named); ``""`` for a search that names no such number."""
    found = rule_numbers(search)
    if found is None or not found.numbers:
        return ""
    found = await _answered(found, answers)
    shown = [n for n in found.numbers[:MAX_NUMBERS] if n not in found.unknown]
    if not shown:
        return ""
    more = " …" if len(found.numbers) > MAX_NUMBERS else ""
    return (f"ℹ️ Regelnummern nennt kein Ruling; die Regel{'n' if len(shown) > 1 else ''} "
            f"{', '.join(shown)}{more} zeigt `/regel suche: {' '.join(shown)}`.")


__all__ = ["FILLER_WORDS", "LIST_WORDS", "MAX_NUMBERS", "MAX_PIECES", "WORDS_HINT", "NumberSearch", "invalid_line",
           "listed_numbers", "not_ruled", "numbers_line", "numbers_only", "read_commas", "rule_numbers",
           "searched_words", "several_rules"]
