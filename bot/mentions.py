"""Card names in chat messages: ``[[Karte]]`` mentions and known card names in free text.

* :func:`bracket_mentions` reads ``[[Boros-Rekrut]]`` and ``[[Boros-Rekrut|rulings]]`` (at most ``limit``);
  a text without ``[[`` costs one substring test.
* :func:`slipped_name` finds a name typed with one slip ("boros-rektur"), as ``/karte`` reads it.
* :class:`NameScanner` finds the names of the name index in free text ("Wer gewinnt, Krims // Krams oder
  Boros-Rekrut?") with the same normalisation as ``/karte`` (:func:`bot.search.name_keys`: case, umlauts both
  ways, hyphens and spaces ignored, ``//`` in any spacing). It walks the text's tokens once: from each
  token it extends a window only while the window is the start of some name (a set of name prefixes at
  token boundaries), so a 4000-character message costs a few thousand set look-ups, whatever the index size.

Pure Python, no discord import (used by bot/answers/chat.py).
"""

from __future__ import annotations

import functools
import itertools
import re
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from bot.search import TYPO, NameHit, NameIndex
from bot.store import NameEntry
from bot.store.names import StoredNames
from bot.text import STOP_WORDS, clean, name_keys, name_words, shorten

#: Only this much of a message is read (Discord's longest message is 4000 characters).
MAX_TEXT = 4000
#: Longest name, in tokens, that the scanner matches (the longest card name has 6).
MAX_WINDOW = 10
#: Most words of a slipped name :func:`slipped_name` tries (the store's names have at most 6; a slip in a longer
#: one is rare) and most windows of the question it looks up (each a :meth:`bot.search.NameIndex.lookup`).
SLIP_WINDOW = 4
SLIP_LOOKUPS = 12
#: Options after ``|`` in ``[[Karte|rulings]]`` that ask for the rulings.
RULINGS_OPTIONS = frozenset({"rulings", "ruling", "r"})

#: A Discord spoiler ``||…||`` (may span lines; the shortest pair, as Discord pairs them).
_SPOILER = re.compile(r"\|\|.+?\|\|", re.DOTALL)
_BRACKETS = re.compile(rf"\[\[([^\[\]\n]{{1,{MAX_TEXT}}}?)\]\]")
#: A bracketed name is read as at most this many characters (a longer one shortened, ending in „…“).
MAX_BRACKET = 200
#: Tokens: runs of ``/``, else words split at white space and hyphens (so "Boros-Rekrut", "boros rekrut" and,
#: as one token whose key is the whole name's, "borosrekrut" all meet; other separators vanish in the keys).
_TOKENS = re.compile(r"/+|[^\s/|\-‐‑‒–—―]+")


@dataclass(frozen=True)
class Mention:
    """One ``[[…]]`` in a message: the name as written and whether ``|rulings`` asks for the rulings."""

    name: str
    rulings: bool = False


def bracket_mentions(text: str, limit: int) -> list[Mention]:
    """The first ``limit`` ``[[name]]`` / ``[[name|rulings]]`` mentions of ``text``, in order, repeats dropped.

    Empty brackets (``[[ ]]``) are skipped, a name longer than :data:`MAX_BRACKET` characters is shortened to them
    (ending in „…“: it is still a name the writer asked about, said not found); only the first :data:`MAX_TEXT`
    characters are read.
    """
    if "[[" not in text:
        return []
    out: list[Mention] = []
    for m in _BRACKETS.finditer(text[:MAX_TEXT]):
        name, _bar, option = m.group(1).partition("|")
        name = shorten(clean(name), MAX_BRACKET)
        if not name:
            continue
        mention = Mention(name, option.strip().casefold() in RULINGS_OPTIONS)
        if mention not in out:
            out.append(mention)
        if len(out) >= limit:
            break
    return out


def outside_brackets(text: str) -> str:
    """``text`` (its first :data:`MAX_TEXT` characters) with every ``[[…]]`` mention replaced by a space: the
    plainly written part of a message, for the name scanner."""
    return _BRACKETS.sub(" ", text[:MAX_TEXT])


def without_spoilers(text: str) -> str:
    """``text`` with every Discord spoiler ``||…||`` replaced by a space: what a reader sees before uncovering.

    Only the first :data:`MAX_TEXT` characters are kept (what :func:`bracket_mentions` reads anyway).
    An unpaired ``||`` hides nothing in Discord and stays.
    """
    return _SPOILER.sub(" ", text[:MAX_TEXT])


def spoiled(text: str, limit: int = 10) -> list[str]:
    """What the first ``limit`` Discord spoilers ``||…||`` of ``text`` (its first :data:`MAX_TEXT` characters) hide,
    in order: ``"Was macht ||Szadek||?"`` → ``["Szadek"]``; ``"[[||Szadek||]]"`` → ``["Szadek"]``. The spans are
    those :func:`without_spoilers` takes out."""
    return [m.group(0)[2:-2] for m in itertools.islice(_SPOILER.finditer(text[:MAX_TEXT]), limit)]


#: name_keys of one word, memoised for building the scanner (names share their words; bounded).
_word_keys = functools.lru_cache(maxsize=1 << 16)(name_keys)


def _name_token_keys(name: str) -> list[tuple[str, str, str]]:
    """Like :func:`_token_keys` for a short name: one memoised :func:`name_keys` call per word. A name of
    printable ASCII (most names of a card file) is cleaned without NFKC, which changes no ASCII character, and
    its words of ASCII letters and digits are their own key in lower case (what :func:`name_keys` gives them:
    no separator, umlaut or mark to fold; a card file's names each carry a number, which would miss the memo)."""
    if not (name.isascii() and name.isprintable()):
        return [(raw, keys[0], keys[-1]) for raw in _TOKENS.findall(clean(name)) if (keys := _word_keys(raw))]
    out = []
    for raw in _TOKENS.findall(" ".join(name.split())):
        if raw.isalnum():
            key = raw.lower()
            out.append((raw, key, key))
        elif keys := _word_keys(raw):
            out.append((raw, keys[0], keys[-1]))
    return out


def _token_keys(text: str) -> list[tuple[str, str, str]]:
    """``(raw token, ae-key, a-key)`` per token of ``text``; tokens without letters/digits (``?!``) are dropped."""
    return [t[:3] for t in keyed_tokens(text)]


#: A token of a text (:func:`keyed_tokens`): as written, its two keys (umlauts as „ae“ and as „a“), its span.
KeyedToken = tuple[str, str, str, int, int]


def token_key(token: tuple[str, str, str] | KeyedToken, variant: int) -> str:
    """The key of ``token`` (of :func:`_token_keys` or :func:`keyed_tokens`) with umlauts as „ae“ (``variant`` 1)
    or as „a“ (2)."""
    return token[1] if variant == 1 else token[2]


def keyed_tokens(text: str) -> list[KeyedToken]:
    """``(raw token, ae-key, a-key, start, end)`` per token of ``text`` (start and end: its characters in
    ``text``); tokens without letters/digits (``?!``) are dropped.

    The keys are :func:`bot.search.name_keys` of each token, computed in one call over the tokens joined by
    ``|`` (a character name_keys keeps and the tokens cannot contain): a few milliseconds for 4000 characters
    instead of one call per token.
    """
    found = list(_TOKENS.finditer(text))
    raw = [m.group() for m in found]
    keys = name_keys("|".join(raw))
    ae = keys[0].split("|") if keys else []
    plain = keys[-1].split("|") if keys else []
    if not (len(ae) == len(plain) == len(raw)):  # a token whose key held "|" after all: one call per token
        per_token = [name_keys(t) or ("", "") for t in raw]
        ae, plain = [k[0] for k in per_token], [k[-1] for k in per_token]
    return [(r, a, p, m.start(), m.end()) for r, a, p, m in zip(raw, ae, plain, found, strict=True) if a]


#: A key's row in the scanner: the card whose name has that key (None: only the start of names), whether
#: longer names start with it, whether the one-word name needs its capital letter.
ScanRow = tuple[int | None, bool, bool]


def entry_scan_rows(entry: NameEntry) -> list[tuple[str, ScanRow]]:
    """The scanner's rows one name contributes (both umlaut variants): its key with its card (and whether it
    needs its capital letter: one plain word printed with a capital), and the keys of its first 1..n-1 tokens
    as starts. A name of more than :data:`MAX_WINDOW` tokens contributes nothing."""
    tokens = _name_token_keys(entry.name)
    if not tokens or len(tokens) > MAX_WINDOW:
        return []
    out: list[tuple[str, ScanRow]] = []
    plain = len(tokens) == 1 and entry.name[:1].isupper()
    # A name without umlauts has one key per token: the second variant's rows would repeat the first's, and
    # merging a row with itself changes nothing (merge_scan_row).
    for variant in (1, 2) if any(t[1] != t[2] for t in tokens) else (1,):
        key = ""
        for i, token in enumerate(tokens):
            key += token[variant]
            if i < len(tokens) - 1:
                out.append((key, (None, True, False)))
        out.append((key, (entry.card_id, False, plain)))
    return out


def merge_scan_row(old: ScanRow | None, new: ScanRow) -> ScanRow:
    """Two names' rows of one key as one: the first name's card, a start of any, a capital needed by any."""
    if old is None:
        return new
    return (old[0] if old[0] is not None else new[0], old[1] or new[1], old[2] or new[2])


def scan_rows(entries: Iterable[NameEntry]) -> dict[str, ScanRow]:
    """The scanner's rows (:data:`ScanRow`) of the name ``entries`` (:func:`entry_scan_rows` merged in entry
    order), sorted by key. The build stores them (table ``name_scan``); :class:`NameScanner` makes them in
    memory for a small index."""
    rows: dict[str, ScanRow] = {}
    for entry in entries:
        for key, row in entry_scan_rows(entry):
            rows[key] = merge_scan_row(rows.get(key), row)
    return dict(sorted(rows.items()))


class NameScanner:
    """Finds the names of a :class:`~bot.search.NameIndex` in free text (see the module docstring).

    A name of one plain word (no hyphen, e.g. "Beschleunigen", "Standhalten") is only found when written
    with its capital letter as printed, so the verb "beschleunigen" in a sentence is no card; longer names
    are found in any case and spacing. An index answered from the store (:class:`bot.store.names.StoredNames`)
    looks the keys up in the rows the build stored; any other makes :func:`scan_rows` now.
    """

    def __init__(self, names: NameIndex, extra: Mapping[str, ScanRow] | None = None) -> None:
        """``extra``: rows read besides the index's own (:func:`merge_scan_row` after them), keyed alike."""
        data = names.data
        look: Callable[[str], ScanRow | None] = data.scan if isinstance(data, StoredNames) else scan_rows(
            names.entries).get
        self._base = look
        self._extra = extra or {}
        # more names read (bot.message_names): merged after the index's own rows, so a card's own name wins
        self._look = self._merged if extra else look

    def _merged(self, key: str) -> ScanRow | None:
        row, more = self._base(key), self._extra.get(key)
        return row if more is None else merge_scan_row(row, more)

    def scan(self, text: str, limit: int) -> list[int]:
        """Card ids of the names in ``text``, in order of appearance, each card once, at most ``limit``.

        At each position the longest name wins ("Krims // Krams" is one card, not Krims then Krams).
        """
        return list(dict.fromkeys(card for card, _start, _used in self.matches(_token_keys(clean(text[:MAX_TEXT])),
                                                                                limit)))

    def matches(self, tokens: Sequence[tuple[str, str, str] | KeyedToken], limit: int) -> list[tuple[int, int, int]]:
        """The names found in the ``tokens`` of a text (:func:`keyed_tokens`), in order: ``(card id, first token,
        tokens used)`` per name written, until ``limit`` different cards are found (a card written twice is
        found twice)."""
        found: list[int] = []
        out: list[tuple[int, int, int]] = []
        i = 0
        while i < len(tokens) and len(found) < limit:
            best: tuple[int, int] | None = None  # (card id, tokens used)
            for variant in (1, 2):
                key = ""
                for j in range(i, min(len(tokens), i + MAX_WINDOW)):
                    key += token_key(tokens[j], variant)
                    card_id, prefix, plain = self._look(key) or _NO_ROW
                    allowed = j > i or not plain or tokens[i][0][:1].isupper()
                    if card_id is not None and allowed and (best is None or j + 1 - i > best[1]):
                        best = (card_id, j + 1 - i)
                    if not prefix:
                        break
            if best is None:
                i += 1
                continue
            if best[0] not in found:
                found.append(best[0])
            out.append((best[0], i, best[1]))
            i += best[1]
        return out


#: A letter (a word of a name holds one; „2“, „//“ and „+1/+1“ do not).
_LETTER = re.compile(r"[^\W\d_]")
#: Punctuation around a token that a name's word does not end or begin with (a name's own „'“ and „!“ are kept
#: inside: „Krark's“ is read whole).
EDGE = ".,:;?\"„“‚‘()[]{}"


def _word_span(m: re.Match[str]) -> tuple[int, int]:
    """The span of the token ``m`` without the punctuation of :data:`EDGE` at its ends („wachposten,“ →
    „wachposten“); the whole token when it is nothing else."""
    token = m.group()
    core = token.strip(EDGE)
    if not core:
        return m.start(), m.end()
    start = m.start() + token.index(core)
    return start, start + len(core)


def slipped_name(text: str, names: NameIndex) -> tuple[str, NameHit] | None:
    """The first run of 2 to :data:`SLIP_WINDOW` words of ``text`` (its first :data:`MAX_TEXT` characters) that the
    card lookup of ``/karte`` takes for one card by a typo (:meth:`bot.search.NameIndex.lookup`, :data:`TYPO`: one
    edit or swap of two letters one apart in the whole name, or in each of at most two words): the run as typed and
    the card's hit; None. „was macht boros-rektur“ → („boros-rektur“, Boros-Rekrut): a question names a card in any
    spelling ``/karte`` accepts. Only runs holding a word of some card's name that is no stop word are looked up
    (longest first at each start), at most :data:`SLIP_LOOKUPS` of them, so the cost is bounded for any text. A run
    begins and ends with a word holding a letter, without the punctuation around it: „schmerzvergrösserung: 2 schaden“
    holds no slip (the number after the exact name was its one „edit“), „geschmolzenen wachposten,“ is the slip
    „geschmolzenen wachposten“."""
    text = clean(text[:MAX_TEXT])
    spans = [_word_span(m) for m in _TOKENS.finditer(text) if name_keys(m.group())]
    words = [name_words(text[a:b]) for a, b in spans]
    anchor = [any(w not in STOP_WORDS and names.data.word_count(w) for w in ws) for ws in words]
    budget = SLIP_LOOKUPS
    for i in range(len(spans)):
        for j in range(min(len(spans), i + SLIP_WINDOW) - 1, i, -1):  # the words i..j, longest first
            if not any(anchor[i:j + 1]) or not _LETTER.search(text[spans[i][0]:spans[i][1]]) or not _LETTER.search(
                    text[spans[j][0]:spans[j][1]]):
                continue  # a run starts and ends with a word („Krims //“, „… 2“ are no slip of a name)
            if budget <= 0:
                return None
            budget -= 1
            typed = text[spans[i][0]:spans[j][1]]
            found = names.whole(typed)
            if found.how == TYPO and found.hit is not None and not _holds_name(words[i:j + 1], found.hit.matched):
                return typed, found.hit
    return None


def _holds_name(run: list[list[str]], name: str) -> bool:
    """True when the run of words ``run`` (each token's :func:`bot.text.name_words`) holds the words of ``name`` in
    a row, exactly: „gegengewicht X“ holds Gegengewicht, its „slip“ a word the name lacks (a mana symbol, a word of
    the question), so the run names the card exactly and is no typo of it."""
    typed = [w for ws in run for w in ws]
    wanted = name_words(name)
    return any(typed[at:at + len(wanted)] == wanted for at in range(len(typed) - len(wanted) + 1))


#: Most words of a question :func:`joined_name` looks up as a card's name (each a
#: :meth:`bot.search.NameIndex.lookup`), and the fewest letters of such a word (a name of two words typed together).
JOINED_LOOKUPS = 3
JOINED_LETTERS = 6


def joined_name(text: str, names: NameIndex, knows: Callable[[str], bool]) -> tuple[str, NameHit] | None:
    """The first word of ``text`` (its first :data:`MAX_TEXT` characters) that is the whole name of a card of two
    words or more typed together, without space, hyphen or „//“, as ``/karte`` reads it (an exact hit of
    :meth:`bot.search.NameIndex.lookup`: „borosrekrut“ is Boros-Rekrut, „krimskrams“ Krims // Krams, CR 709.1),
    with that card's hit; None. Only words of at least :data:`JOINED_LETTERS` letters that no document holds
    (``knows``: the documents' vocabulary, lower case) are looked up, at most :data:`JOINED_LOOKUPS` of them; a
    one-word name is read as typed already."""
    budget = JOINED_LOOKUPS
    for m in _TOKENS.finditer(clean(text[:MAX_TEXT])):
        word = m.group().strip(EDGE)
        if len(word) < JOINED_LETTERS or not word.isalpha() or knows(word.lower()):
            continue
        if budget <= 0:
            return None
        budget -= 1
        hit = names.whole(word).hit
        keys = {k.replace("/", "") for k in name_keys(hit.matched)} if hit is not None else set()
        if hit is not None and len(_TOKENS.findall(hit.matched)) > 1 and keys & set(name_keys(word)):
            return word, hit
    return None


_NO_ROW: ScanRow = (None, False, False)
_SCANNERS: weakref.WeakKeyDictionary[NameIndex, NameScanner] = weakref.WeakKeyDictionary()


def scanner(names: NameIndex) -> NameScanner:
    """The scanner of ``names`` (built on first use, about as fast as building the index; then kept)."""
    found = _SCANNERS.get(names)
    if found is None:
        found = _SCANNERS[names] = NameScanner(names)
    return found
