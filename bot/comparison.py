"""Comparison questions: „Was ist der Unterschied zwischen Blutdurst und Pfropfen?“, „Spuk oder Ausgraben?“,
„Blutdurst vs. Pfropfen“, „Spuk im Vergleich zu Ausgraben“, „Ist Manawert dasselbe wie umgewandelte Manakosten?“.

Such a question names two things or more („Spuk, Ausgraben oder Blutdurst“, at most :data:`MAX_SIDES`) and asks
about each; one ranking over the whole question answers the side whose words weigh more (one ranking of
„Unterschied zwischen Blutdurst und Pfropfen“ gives five Blutdurst passages, Pfropfen none). :func:`compared_sides`
finds the sides' texts; ``/frage`` (:mod:`bot.answers.questions`,
the sides read against the store by :mod:`bot.answers.compared`) then leads with the best passage of each side, and
for two names of one concept (an old and a new term of the term table) with the table's row. :func:`missing_side`
finds a comparison that names nothing on one side („Unterschied zwischen und“, „spuk oder“). :func:`comparison` reads
all of it at once (:class:`Comparison`): the sides named, whether one was left empty or named twice, the frame's
slips („unterschid zwischen“, „unterschied zw“) read as the frame, and sides typed without a separator („spuk
ausgraben oder blutdurst“) split where each word names a thing of its own. The frame (its opener, joiners, lists
and gaps) is read on the question's tokens by :mod:`bot.comparison_frame`; a word too long to be a name is said, not
read (:attr:`Comparison.unread`). Pure: text in, text out (what a word names is the caller's ``things``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from typing import NamedTuple

from rapidfuzz.distance import Levenshtein

from bot import comparison_frame as frame

#: Most words one side may have: a side is a name (of a mechanic, a term, a section, a card), not a clause.
MAX_SIDE_WORDS = 5
#: Most characters of a question read for a comparison (its words past :data:`MAX_WORD_CHARS` counted as
#: :data:`_LONG`).
MAX_CHARS = 300
#: A longer word is no name (the store's longest word of a card's name has 28 letters): it is read as a side too
#: long to read (:attr:`Comparison.unread`), so it neither fills :data:`MAX_CHARS` nor hides the other sides.
MAX_WORD_CHARS = 40
#: What stands for the i-th word too long to read while the question is read (a letter no text of the store has,
#: and a number: one word of :data:`_WORD` that names nothing).
_LONG = "ǂ{}"
_MARK = re.compile(r"ǂ\d+")
#: Most words of each side in a list of three or more (mechanics' and terms' names are one or two words).
MAX_LISTED_WORDS = 2
#: Most sides compared („A, B, C oder D“); a question listing more compares nothing (each side costs a search).
MAX_SIDES = 4
#: Fewest names of a question of names alone read as a comparison without asking for one (:func:`_names_only`).
MIN_NAMES_ONLY = 3

#: Words around a side that are the question's form, not the thing compared („was ist besser“, „genau“, „eigentlich“).
_FRAME_WORDS = (
    "was wo wie ist sind der die das den dem des ein eine einen genau eigentlich denn besser schlechter stärker "
    "unterschied unterschiede vergleich gleich gleiche dasselbe selbe nun jetzt nochmal mal bitte zwischen "
    "what is the a an which better difference between same"
)
_FRAME = frozenset(_FRAME_WORDS.split())
#: Words that make a side a clause, not a name (a person, a modal or asking verb, a condition, a question word, the
#: verb of an outcome or a word of order): „kann ich mit Spuk oder mit Ausgraben …“ asks one thing about two ways,
#: „wer gewinnt fehde krims krams oder boros rekrut“ one thing about two cards, „was kommt zuerst, Kostenerhöhung
#: oder Kostenreduzierung“ one order; they compare nothing.
_CLAUSE_WORDS = (
    "ich du er sie es man wir ihr mich dich mein meine dein deine sein seine kann kannst darf darfst muss musst "
    "soll sollte will wird werden wenn falls ob dass mit ohne bei nach gegen habe hast hat haben geht gehen "
    "wer wen wem wann warum wieso weshalb gewinnt verliert passiert kommt kommen zuerst erst vorher danach "
    "i you my your can may must does do if when with who why wins first"
)
_CLAUSE = frozenset(_CLAUSE_WORDS.split())
#: Finite verbs that open a yes/no question about one subject („ist ein Artefakt einfarbig oder mehrfarbig“, „gilt
#: eine geteilte Karte als rot oder grün“): its „oder“ joins two things said of the subject, not two things compared,
#: when the side before it says more (subject and predicate) than the side after it (:func:`_alternatives`).
_VERB_FIRST_WORDS = (
    "ist sind hat haben gibt gilt gelten zählt zählen zaehlt zaehlen bleibt bleiben wird werden kommt kommen kostet "
    "kosten bekommt bekomme braucht brauche heißt heisst is are does do has counts"
)
_VERB_FIRST = frozenset(_VERB_FIRST_WORDS.split())
_WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")
_END = re.compile(r"[?!.,;:]+\s*$")
#: Abbreviations of the frame's words as players type them („unterschied zw A und B“).
_ABBREVIATED = {"zw": "zwischen", "zw.": "zwischen", "zwi": "zwischen", "zwischn": "zwischen",
                "untersch": "unterschied", "untersch.": "unterschied", "vgl": "vergleich", "vgl.": "vergleich"}
#: The frame's noun, and the most slips (edits) of a typed word still read as it: „unterschid“, „untersched“,
#: „unterchied“; „unterscheidet“ (3 edits), a verb of its own, stays.
_DIFFERENCE = "unterschied"
_DIFFERENCE_SLIPS = 2
#: The loan word for it, read as the frame's noun with as many slips: „differenz“, „diffrenz“, „diferenz“.
_DIFFERENZ = "differenz"
_FRAME_TOKEN = re.compile(r"[^\W\d_]+\.?")
#: „u“ standing alone between two words, as players shorten „und“ („spuk u ausgraben“; not the mana symbol „{U}“).
_SHORT_AND = re.compile(r"(?<=\s)u\.?(?=\s)")
#: What a side's text names (concept ids, cards), the caller's: ``things("spuk")`` → ``{"zzkhaunt", …}``.
Things = Callable[[str], frozenset[str]]
#: The prefix of a card among what a text names (``card:<id>``, :func:`bot.answers.compared.things_of`).
CARD = "card:"


class Comparison(NamedTuple):
    """What a comparison question names (:func:`comparison`).

    Attributes:
        sides: the sides named, each once, in the question's order, as typed without frame words (0 to
            :data:`MAX_SIDES`).
        empty: a side holds no word („unterschied zwischen spuk und“, „spuk oder“).
        repeated: the sides named more than once („unterschied zwischen spuk und spuk“ → ``("spuk",)``).
        dropped: the sides of a list past :data:`MAX_SIDES`, not compared (each side costs a search).
        unread: the words of the sides too long to read (more than :data:`MAX_WORD_CHARS` characters), as typed;
            they are no side (``"spuk oder " + "x" * 300`` → ``sides=("spuk",), unread=("xxx…",)``).
    """

    sides: tuple[str, ...]
    empty: bool = False
    repeated: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    unread: tuple[str, ...] = ()


def _words(text: str) -> list[str]:
    """The words of one side's text without the question's frame words at either end (:data:`_FRAME`)."""
    words = _WORD.findall(_END.sub("", text.strip()))
    while words and words[0].lower() in _FRAME:
        words.pop(0)
    while words and words[-1].lower() in _FRAME:
        words.pop()
    return words


def _joiners_only(text: str) -> bool:
    """True when the words of ``text`` are all joiners of a list (:data:`bot.comparison_frame.LISTED`: „und“,
    „oder“, …), and there is at least one."""
    words = _WORD.findall(text)
    return bool(words) and all(w.lower() in frame.LISTED for w in words)


def _side(text: str, card: bool = False) -> str | None:
    """The side's name: its words without the question's frame words at either end (``None`` when none is left or
    more than :data:`MAX_SIDE_WORDS` remain, the side runs into another clause at a punctuation mark, or it has a
    word of :data:`_CLAUSE`). ``card``: the side is a card's name with its comma (:func:`_parts`)."""
    text = _END.sub("", text.strip())
    if any(c in text for c in (";:?!" if card else ",;:?!")):
        return None
    words = _words(text)
    if any(w.lower() in _CLAUSE for w in words):
        return None
    return " ".join(words) if 0 < len(words) <= MAX_SIDE_WORDS else None


def _sides(text: str, things: Things | None = None) -> list[str | None]:
    """The sides one side's text lists („Spuk, Ausgraben“ → two; „Ausgraben oder Blutdurst“ → two), each read by
    :func:`_side`, a card's name with its comma kept whole (:func:`_parts`). A comma before a clause („Blutdurst,
    wenn der Gegner …“) gives a side that is no name (None)."""
    return [_side(part, card) for part, card in _parts(text, things)]


def _parts(text: str, things: Things | None) -> list[tuple[str, bool]]:
    """``text`` split at the separators of a list (:func:`bot.comparison_frame.separator`: a comma, a joiner), each
    part with whether it is a card's name with its comma: two parts joined by a comma alone that name the same one
    card and nothing else (``things``: „Razia, Boros-Erzengel“, „Szadek, Herr der Geheimnisse“) stay one."""
    toks = frame.tokens(text)
    pieces: list[str] = []
    commas: list[bool] = []  # per separator: a comma alone
    last = j = 0
    after = -1  # the token right after the last separator (which took the whitespace before it)
    while j < len(toks):
        n = frame.separator(toks, j, j == after)
        if n:
            pieces.append(text[last:toks[j].start].rstrip())
            commas.append(toks[j].low == "," and n == 1)
            after = j + n
            last = toks[after].start if after < len(toks) else toks[after - 1].end
        j += n or 1
    pieces.append(text[last:])
    out = [(pieces[0], False)]
    for comma, piece in zip(commas, pieces[1:], strict=True):
        if things is not None and comma and _one_card(out[-1][0], piece, things):
            out[-1] = (f"{out[-1][0]}, {piece}", True)
        else:
            out.append((piece, False))
    return out


def _one_card(a: str, b: str, things: Things) -> bool:
    """True when ``a`` and ``b`` are a card's name cut at its comma: „a, b“ names one card and nothing else, and
    each part names it too (a part may name more: „Simic-Visionär“ is a word of two cards' names, „Momir Vig,
    Simic-Visionär“ one of them)."""
    whole = things(f"{a}, {b}")
    return len(whole) == 1 and only_cards(whole) and whole <= things(a) & things(b)


def _listed(sides: list[str], things: Things | None = None) -> bool:
    """True when three sides or more are a list of names, not a topic and a question about it („Anrufung des
    Feuerhirns, Modus zuerst oder X zuerst“, „Flackernde Form, was kommt zuerst zurück, die Kreatur oder die
    Auren“): each has at most :data:`MAX_LISTED_WORDS` words or is a card's full name (``things`` names cards and
    nothing else: „Szadek, Herr der Geheimnisse“), and no two share a word (alternatives of one question repeat
    theirs: „zuerst“)."""
    words = [{w.lower() for w in _WORD.findall(side)} for side in sides]
    short = all(len(w) <= MAX_LISTED_WORDS or _card_name(side, things) for w, side in zip(words, sides, strict=True))
    return short and sum(map(len, words)) == len(set().union(*words))


def _card_name(side: str, things: Things | None) -> bool:
    """True when ``side`` names cards and nothing else (``things``; False without it)."""
    return things is not None and only_cards(things(side))


def only_cards(named: frozenset[str]) -> bool:
    """True when ``named`` (what a text names, :data:`Things`) holds cards (``card:<id>``) and nothing else."""
    return bool(named) and all(t.startswith(CARD) for t in named)


def _alternatives(before: str, after: str) -> bool:
    """True when „<before> oder <after>“ is a question opened by a finite verb (:data:`_VERB_FIRST`) whose side
    before „oder“ has more words than the side after it (frame words dropped): „ist ein artefakt einfarbig oder
    mehrfarbig“ asks which of two properties one subject has; „ist spuk oder ausgraben besser“ compares two things."""
    first = _WORD.match(before.strip())
    return (first is not None and first.group(0).lower() in _VERB_FIRST
            and len(_words(before)) > len(_words(after)))


def _frame(text: str) -> str:
    """``text`` with the frame's abbreviations (:data:`_ABBREVIATED`, a lone „u“ for „und“) and slips of
    „Unterschied“ (at most :data:`_DIFFERENCE_SLIPS` edits, :func:`rapidfuzz.distance.Levenshtein.distance`; also
    „Differenz“) written out, so „unterschid zwischen“, „diffrenz zwischen“ and „unterschied zw“ are read as the
    frame; any other word stays as typed."""
    def repaired(m: re.Match[str]) -> str:
        word = m.group(0).lower()
        if word in _ABBREVIATED:
            return _ABBREVIATED[word]
        near = Levenshtein.distance(word, _DIFFERENCE, score_cutoff=_DIFFERENCE_SLIPS) <= _DIFFERENCE_SLIPS
        if near and word.startswith("unt") and word not in ("unterschiede", "unterschieds"):
            return _DIFFERENCE
        if word.startswith("dif") and Levenshtein.distance(word, _DIFFERENZ, score_cutoff=2) <= 2:
            return _DIFFERENCE
        return m.group(0)
    return _FRAME_TOKEN.sub(repaired, _SHORT_AND.sub("und", text))


def _split(side: str, things: Things | None, fits: Callable[[str], object] | None = None) -> list[str]:
    """``side`` as the names it runs together: cut into runs of neighbouring words where each run names something
    (``things``) that none of the others names and the runs together name all the side names (and each run
    ``fits``, when given); of such cuts the one with the most runs (at most :data:`MAX_SIDES`; of equals, the one
    whose later runs are longer: a word naming nothing alone belongs to the name after it). „spuk ausgraben“ →
    „spuk“, „ausgraben“; „szadek boros rekrut“ → „szadek“, „boros rekrut“ (Boros-Rekrut typed with a space for its
    hyphen; „boros“ alone names nothing); no run holds a word naming a card the run does not name („krims krams
    boros rekrut“ → „krims krams“, „boros rekrut“, not „krims“, „krams boros rekrut“); else the side whole
    („umgewandelte manakosten“ names the Manawert, which neither word names alone; „krims krams“ is one card, which
    both words name). At most 15 runs looked up."""
    words = side.split()
    if things is None or len(words) < 2:
        return [side]
    named: dict[str, frozenset[str]] = {}

    def of(run: str) -> frozenset[str]:
        if run not in named:
            named[run] = things(run)
        return named[run]

    def foreign_card(run: str) -> bool:  # a word of the run names a card the run as a whole does not name
        mine = of(run)
        return " " in run and any(t.startswith(CARD) and t not in mine for w in run.split() for t in of(w))

    for runs in _cuts(words):
        # each run names something (the first run that does not ends the look-ups of this cut), and fits
        if not all(of(run) for run in runs) or (fits is not None and not all(map(fits, runs))):
            continue
        if any(map(foreign_card, runs)):  # „krams boros rekrut“ reads as Boros-Rekrut, but „krams“ is Krims // Krams
            continue
        each = [of(run) for run in runs]
        union = frozenset().union(*each)
        if sum(map(len, each)) == len(union) and of(side) <= union:  # none names what another names
            return runs
    return [side]


def _cuts(words: list[str]) -> list[list[str]]:
    """The ways to cut ``words`` into 2 to :data:`MAX_SIDES` runs of neighbouring words, joined by spaces: the most
    runs first, of equals the one cut earlier first (``a | b c`` before ``a b | c``; at most 2⁴ cuts: a side has at
    most :data:`MAX_SIDE_WORDS` words)."""
    n = len(words)
    cuts = []
    for mask in range(2 ** (n - 1) - 1, 0, -1):  # bit n-2 is the cut after the first word: earlier cuts first
        bounds = [0, *[i + 1 for i in range(n - 1) if mask >> (n - 2 - i) & 1], n]
        if len(bounds) - 1 <= MAX_SIDES:
            cuts.append([" ".join(words[a:b]) for a, b in pairwise(bounds)])
    return sorted(cuts, key=len, reverse=True)


def comparison(question: str, things: Things | None = None, named: Callable[[str], str] | None = None
               ) -> Comparison | None:
    """What the comparison question ``question`` names, or ``None`` when it is none: the sides of its frame
    (:func:`bot.comparison_frame.framed`, the frame's slips read through :func:`_frame`), each split by :func:`_split`
    where ``things`` is given, each once (:attr:`Comparison.repeated` says which came twice); a comparison with an
    empty side (:func:`bot.comparison_frame.gap`, a question ending on a conjunction) gives the sides it does name
    with :attr:`Comparison.empty`; a word longer than :data:`MAX_WORD_CHARS` is no side but said
    (:attr:`Comparison.unread`). ``None`` also
    when a side is no short name (:func:`_side`), more than :data:`MAX_SIDES` are named, or three or more are no
    list of names (:func:`_listed`). ``named``: the kind of name a text is on its own (``"mechanic"``,
    ``"card"``; ``""``: none); with it, a question of names alone is a comparison too (:func:`_names_only`).
    Bounded: reads at most :data:`MAX_CHARS` characters."""
    words = question[:MAX_CHARS * MAX_WORD_CHARS].split()[:MAX_CHARS]
    long = [w for w in words if len(w) > MAX_WORD_CHARS]
    marks = {_LONG.format(i): w for i, w in enumerate(long)}
    if long:  # „unterschied zwischen <266 letters> und boros rekrut“: the long word is said, Boros-Rekrut compared
        read = _read(" ".join(_LONG.format(long.index(w)) if w in long else w for w in words), things, named)
        return _unmarked(read, marks) if read is not None else None
    return _read(" ".join(words), things, named)


def _unmarked(read: Comparison, marks: dict[str, str]) -> Comparison | None:
    """``read`` with the marks of words too long to read (``marks``: :data:`_LONG` → the word as typed) taken out
    of its sides (and of :attr:`Comparison.unread`, where :func:`_names_only` puts them) into
    :attr:`Comparison.unread`, as typed; ``None`` when it named nothing but such words."""
    found = [m for m in marks if m in read.unread or any(m in side.split() for side in read.sides)]
    sides = tuple(s for s in (" ".join(w for w in side.split() if w not in marks) for side in read.sides) if s)
    if read.sides and not sides and not found:
        return None
    return Comparison(sides, read.empty, read.repeated, tuple(marks.get(d, d) for d in read.dropped),
                      tuple(marks[m] for m in found))


def _read(joined: str, things: Things | None, named: Callable[[str], str] | None) -> Comparison | None:
    """:func:`comparison` of the question's words ``joined`` (words too long to read marked, :data:`_LONG`), its
    frame read on its tokens (:mod:`bot.comparison_frame`)."""
    text = _frame(joined[:MAX_CHARS])
    toks = frame.tokens(text)
    found = frame.framed(text, toks)
    if found is not None:
        if found.oder and _alternatives(found.a, found.b):
            return None
        # a side of joiners only is empty: what stood between them was markup taken out („unterschied zwischen
        # <@&1> und @here und spuk“ is read „… zwischen und und spuk“; its first „und“ names nothing)
        filled = [t for t in found[:2] if not _joiners_only(t)]
        sides = [s for t in filled for s in _sides(t, things)]
        if not sides or any(s is None for s in sides):
            return None
        return _compared([part for s in sides if s is not None for part in _split(s, things)], len(filled) < 2,
                         things)
    after = frame.bare(text, toks)
    side = _side(after) if after is not None else None
    parts = _split(side, things) if side is not None else _comma_list(after, things) if after is not None else []
    if len(parts) > 1:
        return _compared(parts, things=things)
    return _gapped(text, toks, things) or _names_only(text, things, named) or _frame_only(text)


def _comma_list(text: str, things: Things | None) -> list[str]:
    """The sides of ``text`` listed by commas (and joiners) when each part is a short name (:func:`_sides`:
    „einberufen, pfropfen, fehde“ after an opener, as „einberufen, pfropfen und fehde“ is read), each split as
    :func:`_split` splits a side; [] when a part is none („spuk, wenn der gegner …“) or there is one part."""
    sides = _sides(text, things)
    if len(sides) < 2 or any(s is None for s in sides):
        return []
    return [part for s in sides if s is not None for part in _split(s, things)]


def _frame_only(text: str) -> Comparison | None:
    """A comparison naming no side when ``text`` (the frame's slips read, :func:`_frame`) is made of the frame's
    words alone and one is its noun (:data:`bot.comparison_frame.OPENERS`): „vergleich“, „unterschied?“, „was ist der
    unterschied“, „vgl“ ask what to compare; else None."""
    words = [w.lower() for w in _WORD.findall(text)]
    if any(w in frame.OPENERS for w in words) and all(w in _FRAME or w in frame.OPENERS for w in words):
        return Comparison((), empty=True)
    return None


def _names_only(text: str, things: Things | None, named: Callable[[str], str] | None) -> Comparison | None:
    """The comparison of a question made of three to :data:`MAX_SIDES` names of one kind (each ``named`` the same:
    all mechanics or all cards) and nothing else, not even a frame word („spuk ausgraben blutdurst“: a list of three
    mechanics), cut as :func:`_split` cuts a side; else None („umgewandelte manakosten“, „krims krams“: one thing
    each; „Commander Startlebenspunkte?“: a question on one thing, its second word no name; „boros rekrut
    erstschlag“: a card and a keyword, a question whether the card has it). Two names side by side are no
    comparison unless the question asks for one (a frame word, „oder“, „vs“): „pfropfen schutz“ asks how the two
    meet (001:1965, Pfropfen's ruling on protection), „szadek boros rekrut“ what one card does to the other."""
    marks = [w for w in text.split() if _MARK.fullmatch(w)] if "ǂ" in text else []  # words too long to read
    text = " ".join(w for w in text.split() if w not in marks)  # said, no name to cut
    side = _side(text) if named is not None else None
    if named is None or side is None or len(side.split()) != len(_WORD.findall(text)):  # a frame or clause word
        return None
    parts = _split(side, things, named)
    found = _compared(parts) if len(parts) > MIN_NAMES_ONLY - 1 and len({named(p) for p in parts}) == 1 else None
    return Comparison(*found[:4], unread=tuple(marks)) if found is not None else None


def _compared(named: list[str], empty: bool = False, things: Things | None = None) -> Comparison | None:
    """The :class:`Comparison` of the sides ``named`` (the first :data:`MAX_SIDES`, the rest
    :attr:`Comparison.dropped`; ``None`` for three or more that are no list, :func:`_listed`)."""
    distinct = list({s.lower(): s for s in reversed(named)}.values())[::-1]  # each once, first spelling kept
    if len(distinct) > 2 and not _listed(distinct, things):
        return None
    counts = [s for s in distinct if sum(n.lower() == s.lower() for n in named) > 1]
    return Comparison(tuple(distinct[:MAX_SIDES]), empty, tuple(counts), tuple(distinct[MAX_SIDES:]))


def _gapped(text: str, toks: list[frame.Token], things: Things | None) -> Comparison | None:
    """The comparison with an empty side in ``text`` (its tokens ``toks``, :func:`bot.comparison_frame.gap`), or
    None: its named sides must be names (:func:`_side`)."""
    found = frame.gap(text, toks)
    if found is None or all(_words(t) for t in found[:2]):
        return None  # both sides hold words: the frame above would have read them
    sides = [_side(t) for t in found[:2] if _words(t)]
    if any(s is None for s in sides):
        return None
    return _compared([part for s in sides if s is not None for part in _split(s, things)], empty=True)


def compared_sides(question: str, things: Things | None = None) -> tuple[str, ...] | None:
    """The things a comparison question names, as typed (frame words dropped), two to :data:`MAX_SIDES`: „was ist
    der unterschied zwischen blutdurst und pfropfen“ → ``("blutdurst", "pfropfen")``, „Spuk oder Ausgraben?“ →
    ``("Spuk", "Ausgraben")``, „spuk, ausgraben oder blutdurst“ → ``("spuk", "ausgraben", "blutdurst")``;
    ``None`` for any other question, when a side is no short name (:func:`_side`: „darf ich angreifen oder muss ich
    blocken, wenn …“), is empty or two sides are the same (:func:`comparison` says which); of a longer list the
    first :data:`MAX_SIDES`. Whether each side names something of the store is the caller's test."""
    c = comparison(question, things)
    return c.sides if c is not None and not c.empty and not c.repeated and len(c.sides) > 1 else None


def missing_side(question: str) -> bool:
    """True when ``question`` has the frame of a comparison („Unterschied zwischen … und …“, „… vs …“, „… oder“)
    and one of its sides holds no word but frame words: „unterschied zwischen und“, „unterschied zwischen spuk und“,
    „was ist der unterschied zwischen“, „vs blutdurst“, „spuk oder“. Bounded: reads at most :data:`MAX_CHARS`
    characters."""
    c = comparison(question)
    return c is not None and c.empty


def frame_word(word: str) -> bool:
    """True when the folded ``word`` is a comparison frame's word as :func:`_frame` reads it — an abbreviation
    („zw“, „u“) or a slip of „Unterschied“/„Differenz“ („unterschid“, „diffrenz“) — for the notes on words no
    document holds (such a word names nothing to look up)."""
    word = word.lower()
    return word == "u" or word in _ABBREVIATED or _frame(word) != word


__all__ = ["CARD", "MAX_SIDES", "MAX_SIDE_WORDS", "Comparison", "Things", "compared_sides", "comparison", "frame_word",
           "missing_side", "only_cards"]
