"""The rules the documents print, in memory: quoted rules (``quoted_rules``) and the entries of the German
rules explanation 003 with their numbers, loaded once per store (:func:`catalog`); rule numbers as printed
(parsing, parents and subrules, nearest numbers); small helpers the rule answers share.

Explanations built without ``--cr`` get today's numbers from ``data/explanations_numbers.tsv`` (shipped with
the project) as long as their text still starts as recorded.

Below the answer layer (it imports nothing of :mod:`bot.answers`): the ranking reads 003's numbers from it
(:func:`bot.rule_siblings.explanation_rules`) as the rule answers do, without importing an answer module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import Annotated, Final

from bot.button_args import RULE_ARG
from bot.declared_args import ArgPattern
from bot.errors import UserError
from bot.paths import DATA_DIR, tsv_rows
from bot.reply import CHOICES_MAX, Action, Choice, format_date, quote_user
from bot.store import DocumentRecord, ExplanationRecord, Store
from bot.store import QuotedRuleRecord as QuotedRule
from bot.terms import term_index
from bot.text import MARKDOWN_WRAPPERS, clean, shorten

#: A rule number as printed or typed: 3-digit section, optional ".rule" and subrule letter, optional dot, or a
#: chapter's one digit; before it optionally a word for "rule" (``Regel``, ``R.``, ``rule``, ``CR``, ``Nr.``) and/or
#: a paragraph sign (``§702.51``, ``§ 702.51``, ``Regel § 702.51``).
RULE_NUMBER = re.compile(
    r"^(?:(?:regel|rule|cr|nr\.?|r\.?)\s*)?(?:§\s*)?(?:([0-9]{3})(?:\.([0-9]{1,3})([a-z])?)?|([0-9]))\.?$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Explanation(ExplanationRecord):
    """An entry of the rules explanation (document 003) as the answers show it: ``number`` only when its
    alignment is certain (or shipped as aligned), ``guess`` an uncertain one ("vermutlich Regel …", never
    shown as fact)."""

    @property
    def label(self) -> str:
        """``"Regel 103.1 (Erklärung)"``; an uncertain number ``"Erklärung, vermutlich Regel 100.1"``; an
        entry without any number (a changed document 003) ``"Erklärung: Der Startspieler macht…"``."""
        if self.number:
            return f"Regel {self.number} (Erklärung)"
        if self.guess:
            return f"Erklärung, vermutlich Regel {self.guess}"
        return f"Erklärung: {shorten(self.text, 40)}"

    @property
    def shown_number(self) -> str | None:
        """The number this entry is listed under: the certain one, else the guess."""
        return self.number or self.guess


@dataclass
class RuleCatalog:
    """Every quoted rule and explanation, in memory (loaded once per store, see :func:`catalog`)."""

    quoted: list[QuotedRule]
    explanations: list[Explanation]
    cr_numbers: frozenset[str] = frozenset()  # numbers of today's Comprehensive Rules (after build --cr)

    def numbers(self) -> set[str]:
        """Every number that has a rule text in the store."""
        return {q.number for q in self.quoted} | {e.number for e in self.explanations if e.number}

    def explanation(self, explanation_id: int) -> Explanation | None:
        """The explanation with ``explanation_id`` or None (looked up in :attr:`by_id`, not by a scan of the list:
        ``/regel suche`` asks it for every hit)."""
        return self.by_id.get(explanation_id)

    @cached_property
    def by_id(self) -> dict[int, Explanation]:
        """Every explanation by its store id, made on first use (the catalogue is loaded once per store and not
        changed after); the first of the list where two had one id, as a scan would find it."""
        found: dict[int, Explanation] = {}
        for e in self.explanations:
            found.setdefault(e.id, e)
        return found


async def _load(store: Store) -> RuleCatalog:
    shipped = shipped_numbers()
    explanations = []
    for r in await store.rule_explanations():
        number, guess = r.number, r.guess
        if number is None and r.status is None:  # built without --cr: today's numbers shipped with the project
            number, guess = shipped_number(shipped, r.position, r.text)
        elif r.status == "uncertain":
            number = None
        explanations.append(
            Explanation(**{**{f.name: getattr(r, f.name) for f in fields(r)}, "number": number,
                           "guess": guess if r.status != "aligned" else None})
        )
    return RuleCatalog(await store.quoted_rules(), explanations, await store.current_cr_numbers())


EXPLANATION_NUMBERS_PATH = DATA_DIR / "explanations_numbers.tsv"


@cache
def shipped_numbers(path: Path = EXPLANATION_NUMBERS_PATH) -> dict[int, tuple[str, str, str]]:
    """``data/explanations_numbers.tsv``: entry position of document 003 → (number, status, start of text).

    Raises:
        ValueError: naming the line, for a row without 4 columns or a status other than aligned/uncertain.
    """
    out: dict[int, tuple[str, str, str]] = {}
    for n, cols in list(tsv_rows(path))[1:]:  # below the header row
        if len(cols) != 4 or cols[2] not in ("aligned", "uncertain") or not cols[0].isdigit():
            raise ValueError(f"explanations_numbers.tsv Zeile {n}: position, number, aligned|uncertain, start erwartet")
        out[int(cols[0])] = (cols[1], cols[2], cols[3].strip())
    return out


def shipped_number(shipped: dict[int, tuple[str, str, str]], position: int, text: str) -> tuple[str | None, str | None]:
    """``(number, guess)`` of entry ``position`` from the shipped table, (None, None) when the entry's text no
    longer starts as recorded (document 003 changed)."""
    row = shipped.get(position)
    if row is None or " ".join(text.split())[:30].strip() != row[2]:
        return None, None
    return (row[0], None) if row[1] == "aligned" else (None, row[0])


async def catalog(store: Store) -> RuleCatalog:
    """The rule catalogue of ``store`` (read on first use, then from memory)."""
    return await store.memo("rules", lambda: _load(store))


#: The punctuation of a sentence a player pastes around a rule number: quotes of any kind (``"702.19``,
#: ``„702.19“``, ``«702.19»``, ``'702.19'``), brackets (``(702.19)``, ``[702.19]``), a full stop, colon, question or
#: exclamation mark after it (``702.19:``): no part of the number, so it is found as the bare number is.
NUMBER_PUNCTUATION: Final = "\"'„“”‚‘’«»‹›()[]{}<>.:!?"
#: What is taken off a pasted rule number: Discord's markdown wrappers, a dash typed after it (``702.19-``), the
#: punctuation of a list around it (``702.19,``, ``702.19;``: what is left of ``702.19, <@123>`` once the mention
#: is out) and of a sentence (:data:`NUMBER_PUNCTUATION`).
_WRAPPERS = MARKDOWN_WRAPPERS + "-,;&+" + NUMBER_PUNCTUATION
#: A comma between two digits, as German writes the decimal point (``702,19``).
_DECIMAL_COMMA = re.compile(r"(?<=\d),(?=\d)")


def _typed(text: str) -> str:
    """``text`` cleaned (:func:`bot.text.clean`) without markdown wrappers and pasted punctuation around it
    (:data:`_WRAPPERS`), also between a word for "rule" and the number (``Regel „702.19“`` → ``Regel 702.19``), a
    German decimal comma between digits read as the point (``702,19`` → ``702.19``)."""
    bare = clean(text).strip(_WRAPPERS)
    head = _RULE_WORD.match(bare)
    if head and head.end() and head.end() < len(bare):  # „Regel „702.19““: the quote after the word goes too
        bare = bare[: head.end()] + bare[head.end() :].strip(_WRAPPERS)
    return _DECIMAL_COMMA.sub(".", bare)


#: A button argument that is a rule number (``rb:rule:702.19b``, ``rb:cr_rule:509.1a``) as the bot writes it: the
#: number of the documents and the Comprehensive Rules, lower case, without a leading zero or white space, so
#: ``702.19B``, ``0702.19b`` and ``702.19b `` are no button of the bot (:mod:`bot.custom_id`).
RuleArg = Annotated[str, ArgPattern(RULE_ARG)]


def parse_number(text: str, chapters: bool = False) -> str | None:
    """The rule number ``text`` is, as the rules print it (:data:`RULE_NUMBER`): ``"Regel 104.3F."`` → ``"104.3f"``,
    ``"§ 702.51"`` → ``"702.51"``; None for anything else. With ``chapters``, a chapter of the Comprehensive
    Rules' one digit too (``"Regel 7"`` → ``"7"``; the documents number no chapters). Markdown wrappers around it
    are no part of it (``"`702.19`"`` → ``"702.19"``)."""
    m = RULE_NUMBER.match(_typed(text))
    if m is None:
        return None
    section, rule, letter, chapter = m.groups()
    if chapter is not None:
        return chapter if chapters else None
    return section + (f".{rule}" if rule else "") + ((letter or "").lower())


#: Letters typed for the digits they look like in a rule number: ``7O2.19`` (the letter O for 0), ``I04.3f`` and
#: ``l04.3f`` (I or l for 1). The rules number no subrule ``l`` or ``o`` (``104.3k`` is followed by ``104.3m``).
LOOKALIKES = {"O": "0", "o": "0", "I": "1", "l": "1"}
_LOOKALIKE = str.maketrans(LOOKALIKES)
#: The optional word for "rule" and paragraph sign before a number, as :data:`RULE_NUMBER` allows them.
_RULE_WORD = re.compile(r"(?:(?:regel|rule|cr|nr\.?|r\.?)\s*)?(?:§\s*)?", re.IGNORECASE)
#: Digit groups joined by dots, with letters after them: the shape of a rule number (``7022.19``, ``70.219``,
#: ``702.19zz``: a rule has one letter at most).
_DOTTED = re.compile(r"[0-9]+(?:\.[0-9]+)+[a-z]*\.?", re.IGNORECASE)
#: A number with a minus sign (``-5``, ``−702.19``): no rule is numbered so, and no document's word is it.
_NEGATIVE = re.compile(r"[-−–][0-9]+(?:[.,][0-9]+)*[a-z]*\.?", re.IGNORECASE)
#: The shape of a rule number, as the refusal of a misnumbered search says it (:func:`number_refusal`).
NUMBER_SHAPE = "drei Ziffern, ein Punkt, eine bis drei Ziffern, vielleicht ein Buchstabe"


def read_number(text: str) -> tuple[str, str] | None:
    """The rule number ``text`` is once its look-alike letters (:data:`LOOKALIKES`) are read as digits, with what was
    read: ``"7O2.19"`` → ``("702.19", "O als 0")``, ``"Regel I04.3f"`` → ``("104.3f", "I als 1")``. None when
    ``text`` is a rule number as typed (:func:`parse_number`), holds no digit, or is no rule number either way."""
    cleaned = _typed(text)
    if parse_number(cleaned) is not None:
        return None
    head = _RULE_WORD.match(cleaned)
    cut = head.end() if head else 0
    rest = cleaned[cut:]
    read = rest.translate(_LOOKALIKE)
    if read == rest or not any(ch.isdigit() for ch in rest):
        return None
    number = parse_number(cleaned[:cut] + read)
    if number is None:
        return None
    return number, ", ".join(dict.fromkeys(f"{a} als {b}" for a, b in zip(rest, read, strict=True) if a != b))


def misnumbered(text: str) -> bool:
    """True when ``text`` has a rule number's shape (digit groups joined by dots, after an optional word for "rule":
    ``7022.19``, ``70.219``, ``Regel 702.19.3``) but is none (:func:`parse_number`), also not with its look-alike
    letters read as digits (:func:`read_number`): a number typed wrong, not words to search."""
    if _negative(text):  # „-5“: never read as the word „fünf“
        return True
    cleaned = _typed(text)
    head = _RULE_WORD.match(cleaned)
    rest = cleaned[head.end() if head else 0 :].translate(_LOOKALIKE)
    return parse_number(cleaned) is None and read_number(text) is None and _DOTTED.fullmatch(rest) is not None


def refuse_number(text: str) -> None:
    """Raise :func:`number_refusal`'s refusal of ``text`` (``/frage frage: 702.19zz``), nothing for anything else.

    Raises:
        UserError: ``text`` is a rule number's shape but no rule number (German „Ungültige Regelnummer“).
    """
    if refused := number_refusal(text):
        raise refused


def typed_number(text: str) -> str | None:
    """The start of a rule number ``text`` is, read as :func:`bot.answers.rules.rule_answer` reads a number (a word
    for "rule" and ``§`` before it, a decimal comma, look-alike letters after its first digit, case): ``"Regel
    702,1"`` → ``"702.1"``, ``"7O2.19"`` → ``"702.19"``, ``"0"`` → ``"0"``; None when it does not start with a digit
    (words) or holds more than a number's characters."""
    cleaned = _typed(text)
    head = _RULE_WORD.match(cleaned)
    rest = cleaned[head.end() if head else 0 :].strip()
    if not rest[:1].isdigit():
        return None
    read = rest.translate(_LOOKALIKE).lower().rstrip(".")
    return read if _NUMBER_START.fullmatch(read) else None


def number_search_choice(typed: str, number: str, register: Mapping[str, tuple[str, str]],
                         searchable: bool = True) -> list[Choice]:
    """What ``/regel suche``'s autocomplete offers for ``typed``, read as the number's start ``number``, that no rule
    of the documents, the term table or the CR begins with: the rules the change register quotes beginning with it
    (``register``: number → (text, date); without a CR ``709.4`` → „709.4 – In every zone except the stack, …“,
    709.4a, 709.4b: answered with the register's rows resting on them); else its search of its own when the answer
    searches it as words (``Suche: 0``: no rule number reads so); none when the answer refuses it (``7022.19``,
    ``-5``: :func:`number_refusal`) or finds no rule for it (``999.9z``: „Regel 999.9z nicht gefunden“), as
    ``/mana versorgung``'s autocomplete offers no card its answer refuses; none either when its search finds
    nothing (``searchable`` false: ``00``, :func:`bot.answers.offered_search.searchable`)."""
    quoted = sorted((n for n in register if n.startswith(number)), key=number_key)[:CHOICES_MAX]
    if quoted:
        return [Choice(name=shorten(f"{n} – {register[n][0]}", 100), value=n) for n in quoted]
    if not searchable or misnumbered(typed) or parse_number(typed) is not None or read_number(typed) is not None:
        return []
    return [Choice(name=shorten(f"Suche: {typed}", 100), value=typed)]


#: What a rule number's start may hold: digits, dots, letters after them (``702.19``, ``103.5a``, ``7022.19zz``).
_NUMBER_START = re.compile(r"[0-9]+(?:\.[0-9]*)*[a-z]*")


def _numbered(text: str) -> str:
    """``text`` cleaned, without markdown wrappers and without the word for "rule" before its number
    (:data:`_RULE_WORD`): ``"Regel -5"`` → ``"-5"``, ``"**regel 702.19zz**"`` → ``"702.19zz"``; the number a refusal
    judges and names, read as the bare number is."""
    bare = clean(text).strip(MARKDOWN_WRAPPERS + NUMBER_PUNCTUATION)
    head = _RULE_WORD.match(bare)
    rest = bare[head.end() :] if head and head.end() < len(bare) else bare
    return rest.strip(MARKDOWN_WRAPPERS + NUMBER_PUNCTUATION)


def _negative(text: str) -> str:
    """The number of ``text`` (:func:`_numbered`: ``"Regel -5"`` → ``"-5"``) when it has a minus sign
    (:data:`_NEGATIVE`), else ``""``."""
    bare = _numbered(text)
    return bare if _NEGATIVE.fullmatch(bare) else ""


def number_refusal(text: str) -> UserError | None:
    """The refusal of a search that is a rule number's shape but no rule number (:func:`misnumbered`), saying the
    shape: ``„702.19zz“ ist keine Regelnummer: drei Ziffern, ein Punkt, …`` (a rule has one letter at most; 702.19
    is Trampelschaden), ``„-5“ ist keine Regelnummer (keine Regel hat eine negative Nummer) und kein Suchwort: …``;
    None for anything else (a number, words). The user's text is escaped and cut to 40 characters."""
    if not misnumbered(text):
        return None
    negative = _negative(text)
    shown = quote_user(negative or _typed(_numbered(text)), 40)  # „regel 702.19zz“ names „702.19zz“
    negative = " (keine Regel hat eine negative Nummer) und kein Suchwort" if negative else ""
    return UserError("Ungültige Regelnummer", f"„{shown}“ ist keine Regelnummer{negative}: {NUMBER_SHAPE}. "
                     "Zum Beispiel: `/regel suche: 702.19` oder `104.3f`")


def is_child(number: str, parent: str) -> bool:
    """True when ``number`` is a subrule of ``parent``: 701.19a of 701.19 (the parent and one letter a–z), 104.3 and
    104.3f of 104. Compared as strings, no regular expression: a ``/regel`` answer asks this of every number of
    the catalogue and the register (≈ 460 times), 0.14 µs each against 0.85 µs with ``re.fullmatch``."""
    if "." in parent:
        return len(number) == len(parent) + 1 and number.startswith(parent) and "a" <= number[-1] <= "z"
    return number.startswith(parent + ".")


def printed_under(cat: RuleCatalog, heading: QuotedRule) -> list[QuotedRule]:
    """Rules printed after a pure heading (a number with a title and no text: „502.46 Einberufen“) in the same
    section up to the next heading, as in the document; none under a rule with text of its own (the Ravnica FAQ's
    104.3 „Die Manasymbole sind …“ is followed by 104.3f and by 203.2e, a rule of its own, not one printed under it).

    Keeps typos visible: the Ravnica FAQ prints 502.32a under the heading 502.46 (Einberufen).
    """
    if heading.text:
        return []
    same = [q for q in cat.quoted if q.document.id == heading.document.id and q.mechanic_id == heading.mechanic_id]
    out: list[QuotedRule] = []
    for q in same:
        if q.position <= heading.position:
            continue
        if not re.search(r"[a-z]$", q.number):
            break
        out.append(q)
    return out


#: A number offered as "nearest" shares the section (``701``) and lies at most this many rules away (701.19 ↔ 701.20).
NEAR_RULES = 3


def nearest_numbers(numbers: set[str], number: str, limit: int = 5) -> list[str]:
    """Up to ``limit`` of ``numbers`` that are actually close to ``number``, in rule order: same section
    (``701`` for 701.20) and at most :data:`NEAR_RULES` rules away (701.20 → 701.19, 701.19a–c); none
    for a number far from every known one (999.9z → [])."""
    target = number_key(number)

    def distance(n: str) -> tuple[int, int]:
        key = number_key(n)
        return (abs(key[1] - target[1]), abs(ord(key[2] or "`") - ord(target[2] or "`")))

    close = [n for n in numbers if number_key(n)[0] == target[0] and distance(n)[0] <= NEAR_RULES]
    return sorted(sorted(close, key=distance)[:limit], key=number_key)


#: Rule numbers whose :func:`number_key` is kept (a bound: the store has a few hundred).
NUMBER_KEYS_KEPT = 4096


def stellen(count: int) -> str:
    """``1`` → ``"1 Stelle"``, ``3`` → ``"3 Stellen"``."""
    return f"{count} Stelle" if count == 1 else f"{count} Stellen"


#: A rule number in the text of an explanation of 003, as :func:`bot.answers.rule_sources.mentions` finds one there.
_MENTIONED = re.compile(r"(?<![\d.])[0-9]{3}\.[0-9]{1,3}[a-z]?(?![\w.]\w)")


def more_numbers(cat: RuleCatalog, cited: Iterable[str],
                 today: Callable[[str], str | None]) -> list[tuple[str, Choice]]:
    """The rule numbers ``/regel suche`` answers without quoting the rule, as ``/regel suche``'s autocomplete offers
    them, in rule order (:func:`number_key`): those the explanation (003) names in a „Siehe auch“ trailer or in its
    text („603.7a – erwähnt in der Regelerklärung“: its answer „nicht enthalten“ lists where), and those a document
    cites (``cited``; „409.1b (heute 601.2b) – so zitiert“, ``today`` giving today's number: the era answer). A
    number of the term table named in the text is left to the term table's choice („701.6 – Neutralisieren
    (Counter)“, :func:`bot.answers.terms.term_numbers`)."""
    named = {n: "– erwähnt in der Regelerklärung" for e in cat.explanations for n in e.see_also}
    tabled = {t.rule for t in term_index().terms}
    named |= {n: "– erwähnt in der Regelerklärung" for e in cat.explanations for n in _MENTIONED.findall(e.text)
              if n not in tabled and n not in named}
    named |= {n: (f"(heute {now}) " if (now := today(n)) else "") + "– so zitiert" for n in cited if n not in named}
    ordered = sorted(named.items(), key=lambda item: number_key(item[0]))
    return [(n, Choice(name=shorten(f"{n} {label}", 100), value=n)) for n, label in ordered]


@lru_cache(maxsize=NUMBER_KEYS_KEPT)
def number_key(number: str) -> tuple[int, int, str]:
    """Sort key of a rule number in rule order: ``"104.3f"`` → ``(104, 3, "f")``. Kept per number (the
    catalogue's and the register's few hundred, the numbers asked): a ``/regel`` answer for a number without
    text sorts the whole catalogue by it."""
    m = re.match(r"(\d+)(?:\.(\d+))?([a-z]?)", number)
    assert m is not None
    return int(m.group(1)), int(m.group(2) or 0), m.group(3)


def source_line(doc: DocumentRecord) -> str:
    """``"Ravnica – Häufig gestellte Fragen (30.08.2005)"``: a document's title and date."""
    date = format_date(doc.date)
    return doc.title + (f" ({date})" if date else "")


def dedupe_actions(actions: list[Action]) -> list[Action]:
    """``actions`` without repeats of the same (action, arg), first kept, in order."""
    seen: dict[tuple[str, str], Action] = {}
    for a in actions:
        seen.setdefault((a.action, a.arg), a)
    return list(seen.values())


__all__ = ["Explanation", "QuotedRule", "RuleCatalog", "catalog", "dedupe_actions", "is_child", "nearest_numbers",
           "number_key", "parse_number", "printed_under", "shipped_number", "shipped_numbers", "source_line",
           "stellen"]
