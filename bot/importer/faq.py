"""Parser for the German set FAQs of document 001 (four FAQs posted in a forum thread).

Source: ``data/sources/001_d6ee154855c71d75.txt`` — the official German FAQs for
*Ravnica: Stadt der Gilden* (2005-08-30), *Gildenbund* (2005-12-22), *Zwietracht* (2006-03-17)
and *Kälteeinbruch* (2006-06-01), each posted after a ``[administrator]`` line and followed by the
poster's forum signature (a line of underscores, then fixed lines).

Layout of one FAQ (see ``SOURCES.md``)::

    _Set_ Häufig gestellte Fragen         title line (markup kept in the file, stripped here)
    Zusammengestellt von …                header lines (known noise, see HEADER_NOISE)
    Stand vom 30. August 2005             date line ("Stand vom" / "Letzte Änderung" / "Fassung vom")
    …release facts…
    -----
    ALLGEMEINES
    <title>                               one mechanics section per "-----"-separated part:
    prose / example cards / quoted rules  prose paragraphs, card blocks, "502.46b …" rules
    * ruling                              ("Beispiel:" lines belong to the rule above them)
    -----
    KARTENSPEZIFISCHES
    <card block>                          name, cost, type line, P/T, rules text (split: "//")
    * ruling                              an erratum quote after a ruling ending in ":" belongs to it
    -----

Every non-blank line becomes part of a record or is matched by an explicit noise rule
(header facts, the trademark line, the forum signature); anything else raises
:class:`~bot.importer.model.SourceError` with the file name and the 1-based line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from bot.importer.model import (
    Card,
    Document,
    Face,
    ManifestEntry,
    Mechanic,
    ParsedDocument,
    QuotedRule,
    Ruling,
    SourceError,
)
from bot.importer.text import read_lines
from bot.text import GERMAN_MONTHS

POST_START = "[administrator]"
SEPARATOR = "-----"
SIGNATURE_RULE = "_________________"
GENERAL_HEADING = "ALLGEMEINES"
CARDS_HEADING = "KARTENSPEZIFISCHES"

#: The forum signature printed after each FAQ (below the ``_________________`` line), verbatim.
SIGNATURE_LINES = frozenset(
    {
        "Nicht der hat recht, der am lautesten und öftesten schreit, sondern der dessen Argumente "
        "nachvollziehbar sind bzw. einer Überprüfung standhalten.",
        "Wenn man etwas will, muß man sich gefälligst auch dafür persönlich anstrengen.",
        '"Nur" jemanden "nachlaufen" und alle anderen zu Intelligenzbestien erklären, ist nicht zielführend.',
        "Kartenspieler zu gewissen Zeiten auszuschließen, ist genauso unfair, wie Tabletop Freunde "
        "einfach zu gewissen Zeiten nicht spielen zu lassen.",
        "Ich setze Umfragen an; jedoch stimme niemals mit ab. Ohne Ausnahme.",
    }
)

#: Header lines between the title and the first ``-----``: credits, release facts, the standard
#: introduction of the two sections. They carry no rules content.
HEADER_NOISE = tuple(
    re.compile(p)
    for p in (
        r"^Zusammengestellt von .+$",
        r"^.+ Prerelease-Turniere: .+$",
        r"^Offizielles Erscheinungsdatum für .+$",
        r"^Das Set .+ wird am .+ turnierlegal für das Constructed-Format\.$",
        r"^Das Set enthält \d+ Karten\..*$",
        r"^Umfang des Sets: \d+ Karten.*$",
        r"^Diese Übersicht hat zwei Abschnitte, .+$",
        r"^Der erste Abschnitt \(ALLGEMEINES\) .+$",
        r"^Die einzelnen Erklärungen im kartenspezifischen Abschnitt .+$",
        r"^Die Karten aus _Eiszeit_ und _Allianzen_, .+$",
    )
)

#: Noise lines that may stand between entries of a FAQ body (the trademark notice).
BODY_NOISE = (re.compile(r"^Alle Marken sind Eigentum von Wizards of the Coast\b.*$"),)

TITLE_RE = re.compile(r"^_(?P<set>[^_]+)_(?:\(TM\))?\s*Häufig gestellte Fragen$")
DATE_RE = re.compile(
    r"^(?:Stand vom|Letzte Änderung|Fassung vom) (?P<day>\d{1,2})\. (?P<month>[A-Za-zäÄ]+) (?P<year>\d{4})$"
)
MONTHS = {name: number for number, name in enumerate(GERMAN_MONTHS, start=1)}

# A bullet is "* text" (twice printed without the space: "*Du kannst …"); "*/*" is a P/T line.
BULLET_RE = re.compile(r"^\*(?!/)\s*(?P<text>\S.*)$")
RULE_RE = re.compile(r"^(?P<number>\d{3}\.\d+[a-z]?)(?P<dot>\.?) (?P<text>\S.*)$")
EXAMPLE_RE = re.compile(r"^(?:Ein )?Beispiel: (?P<text>\S.*)$")
COST_RE = re.compile(r"^(?:\{[^{}\s]+\})+$")
PT_RE = re.compile(r"^[0-9*X+\-]+/[0-9*X+\-]+$")
SEE_MECHANIC_RE = re.compile(r"Siehe auch „(?P<title>[^“]+)“ im Abschnitt ALLGEMEINES")
TYPE_DASH_RE = re.compile(r" (?:--|–|—) ")
SPLIT_LINE = "//"

#: Words allowed before the dash of a type line (supertypes and card types, lower-cased).
TYPE_WORDS = frozenset(
    {
        "legendäre",
        "legendäres",
        "legendärer",
        "verschneite",
        "verschneites",
        "verschneiter",
        "kreatur",
        "artefaktkreatur",
        "artefakt",
        "verzauberung",
        "land",
        "spontanzauber",
        "hexerei",
    }
)
CARD_TYPES = frozenset(
    {"kreatur", "artefaktkreatur", "artefakt", "verzauberung", "land", "spontanzauber", "hexerei"}
)

Line = tuple[int, str]  # (1-based line number, text)


@dataclass
class _Block:
    """Consecutive non-blank lines of a FAQ body."""

    lines: list[Line]


@dataclass
class _Section:
    """The blocks between two ``-----`` lines."""

    blocks: list[_Block] = field(default_factory=list)


def parse(path: Path, entry: ManifestEntry) -> list[ParsedDocument]:
    """Parse file 001 into one :class:`ParsedDocument` per FAQ (four for the shipped file).

    Args:
        path: the source file (UTF-8 text).
        entry: its manifest entry; ``entry.language`` is used for documents, rulings and rules.

    Returns:
        The FAQs in file order, ``Document.part`` 1, 2, … with title, set name, ISO date and the
        line of the title line. ``cards`` holds the KARTENSPEZIFISCHES cards (a card printed twice
        there is merged into its first block); ``mechanics`` holds every ALLGEMEINES section with its
        quoted rules, rulings and example cards (``Card.mechanic`` set to the section title).

    Raises:
        SourceError: for any line that is neither content nor known noise, with file and line
            (line 1 when the file is not UTF-8).
    """
    name = path.name
    lines = read_lines(path)
    numbered: list[Line] = [(i, text.rstrip()) for i, text in enumerate(lines, start=1)]
    starts = [i for i, (_, text) in enumerate(numbered) if text == POST_START]
    if not starts:
        raise SourceError(name, 1, f"keine FAQ gefunden (Zeile {POST_START!r} fehlt)")
    for number, text in numbered[: starts[0]]:
        if text:
            raise SourceError(name, number, f"Text vor dem ersten {POST_START}: {text[:60]!r}")
    documents = []
    for part, start in enumerate(starts, start=1):
        end = starts[part] if part < len(starts) else len(numbered)
        post = _strip_signature(name, numbered[start + 1 : end])
        documents.append(_parse_faq(name, post, part, entry.language))
    return documents


def _strip_signature(file: str, post: list[Line]) -> list[Line]:
    """Cut the forum signature (``_________________`` and the known lines after it) off a post."""
    for index, (_, text) in enumerate(post):
        if text == SIGNATURE_RULE:
            for number, rest in post[index + 1 :]:
                if rest and rest not in SIGNATURE_LINES:
                    raise SourceError(file, number, f"unbekannte Zeile in der Forensignatur: {rest[:60]!r}")
            return post[:index]
    return post


def _parse_faq(file: str, post: list[Line], part: int, language: str) -> ParsedDocument:
    """Parse one FAQ post (signature already removed)."""
    content = [(n, t) for n, t in post if t]
    if not content:
        raise SourceError(file, post[0][0] if post else 1, "leerer Beitrag ohne FAQ")
    title_line, title_text = content[0]
    match = TITLE_RE.match(title_text)
    if not match:
        reason = f"Titelzeile „… Häufig gestellte Fragen“ erwartet: {title_text!r}"
        raise SourceError(file, title_line, reason)
    set_name = match["set"].strip()
    position = post.index((title_line, title_text)) + 1

    date = None
    while position < len(post) and post[position][1] != SEPARATOR:
        number, text = post[position]
        position += 1
        if not text:
            continue
        date_match = DATE_RE.match(text)
        if date_match:
            if date is not None:
                raise SourceError(file, number, "zweite Datumszeile im Kopf")
            date = _iso_date(file, number, date_match)
        elif not any(p.match(text) for p in HEADER_NOISE):
            raise SourceError(file, number, f"unbekannte Kopfzeile: {text[:60]!r}")
    if date is None:
        raise SourceError(file, title_line, "Datumszeile („Stand vom …“) fehlt")
    if position >= len(post):
        raise SourceError(file, title_line, "Trennlinie ----- nach dem Kopf fehlt")

    general, cards_part = _split_body(file, post[position:])
    document = Document(
        file=file,
        kind="faq",
        title=f"{set_name} – Häufig gestellte Fragen",
        language=language,
        date=date,
        part=part,
        line=title_line,
        set_name=set_name,
    )
    mechanics = [_parse_mechanic(file, section, language) for section in _sections(general)]
    cards = _parse_card_section(file, cards_part, language)
    titles = {m.title for m in mechanics}
    for ruling in [r for c in cards for r in c.rulings] + [r for m in mechanics for r in m.rulings]:
        if ruling.see_mechanic is not None and ruling.see_mechanic not in titles:
            raise SourceError(file, ruling.line, f"Verweis auf unbekannten Abschnitt „{ruling.see_mechanic}“")
    return ParsedDocument(document=document, cards=cards, mechanics=mechanics)


def _iso_date(file: str, line: int, match: re.Match[str]) -> str:
    """``30. August 2005`` → ``2005-08-30``."""
    month = MONTHS.get(match["month"])
    if month is None:
        raise SourceError(file, line, f"unbekannter Monat {match['month']!r}")
    return f"{int(match['year']):04d}-{month:02d}-{int(match['day']):02d}"


def _split_body(file: str, body: list[Line]) -> tuple[list[Line], list[Line]]:
    """Split the body after the header into the ALLGEMEINES and KARTENSPEZIFISCHES parts."""
    first = next(((n, t) for n, t in body if t and t != SEPARATOR), None)
    if first is None or first[1] != GENERAL_HEADING:
        line = first[0] if first else body[0][0]
        raise SourceError(file, line, f"Abschnitt {GENERAL_HEADING} erwartet")
    start = body.index(first) + 1
    for index in range(start, len(body)):
        if body[index][1] == CARDS_HEADING:
            return body[start:index], body[index + 1 :]
    raise SourceError(file, first[0], f"Abschnitt {CARDS_HEADING} fehlt")


def _blocks(lines: list[Line]) -> list[_Block | None]:
    """Group lines into blocks; ``None`` marks a ``-----`` separator. Noise lines are dropped.

    A separator glued to the next entry (``-----Weg der Geister``) counts as separator plus line.
    """
    items: list[_Block | None] = []
    current: list[Line] = []

    def flush() -> None:
        nonlocal current
        if current:
            items.append(_Block(current))
        current = []

    for number, text in lines:
        if text.startswith(SEPARATOR) and set(text[: len(SEPARATOR)]) == {"-"}:
            flush()
            items.append(None)
            rest = text.lstrip("-").strip()
            if rest:
                current.append((number, rest))
        elif not text or any(p.match(text) for p in BODY_NOISE):
            flush()
        else:
            current.append((number, text))
    flush()
    return items


def _sections(lines: list[Line]) -> list[_Section]:
    """The ``-----``-separated sections of ALLGEMEINES (empty ones dropped)."""
    sections: list[_Section] = [_Section()]
    for item in _blocks(lines):
        if item is None:
            sections.append(_Section())
        else:
            sections[-1].blocks.append(item)
    return [s for s in sections if s.blocks]


def _parse_mechanic(file: str, section: _Section, language: str) -> Mechanic:
    """One ALLGEMEINES section: title, prose, example cards, quoted rules, rulings."""
    head = section.blocks[0]
    title_line, title = head.lines[0]
    if len(head.lines) > 1 or _is_bullet(title) or RULE_RE.match(title):
        reason = f"Abschnittstitel allein auf einer Zeile erwartet: {title[:60]!r}"
        raise SourceError(file, title_line, reason)
    mechanic = Mechanic(title=title, body="", line=title_line)
    paragraphs: list[str] = []
    for block in section.blocks[1:]:
        first = block.lines[0][1]
        if _is_bullet(first):
            mechanic.rulings.extend(_rulings(file, block.lines, language))
        elif RULE_RE.match(first):
            mechanic.rules.append(_quoted_rule(file, block.lines, language))
        elif _looks_like_card(block.lines):
            card_lines, bullets = _split_card_block(block.lines)
            card = _parse_card(file, card_lines)
            card.mechanic = title
            mechanic.cards.append(card)
            mechanic.rulings.extend(_rulings(file, bullets, language))
        elif mechanic.rulings and mechanic.rulings[-1].text.endswith(":"):
            _append_quote(mechanic.rulings[-1], block.lines)
        elif len(block.lines) == 1:
            paragraphs.append(first)
        else:
            raise SourceError(file, block.lines[1][0], f"unerwartete Folgezeile im Abschnitt „{title}“")
    mechanic.body = "\n\n".join(paragraphs)
    return mechanic


def _parse_card_section(file: str, lines: list[Line], language: str) -> list[Card]:
    """KARTENSPEZIFISCHES: card blocks with their rulings; a card printed twice is merged."""
    cards: list[Card] = []
    by_name: dict[str, Card] = {}
    current: Card | None = None
    for item in _blocks(lines):
        if item is None:
            current = None
            continue
        first_line, first = item.lines[0]
        if _is_bullet(first):
            if current is None:
                raise SourceError(file, first_line, "Ruling ohne vorangehende Karte")
            current.rulings.extend(_rulings(file, item.lines, language))
        elif _looks_like_card(item.lines):
            # checked before the erratum case: a card must never vanish into a ruling's quote
            card_lines, bullets = _split_card_block(item.lines)
            card = _parse_card(file, card_lines)
            card.rulings.extend(_rulings(file, bullets, language))
            known = by_name.get(card.name)
            if known is None:
                by_name[card.name] = card
                cards.append(card)
                current = card
            else:
                if known.faces != card.faces:
                    raise SourceError(file, card.line, f"„{card.name}“ doppelt mit anderem Kartentext")
                known.rulings.extend(card.rulings)
                current = known
        elif current is not None and current.rulings and current.rulings[-1].text.endswith(":"):
            _append_quote(current.rulings[-1], item.lines)
        else:
            raise SourceError(file, first_line, f"weder Karte noch Ruling: {first[:60]!r}")
    return cards


def _is_bullet(text: str) -> bool:
    return BULLET_RE.match(text) is not None


def _is_type_line(text: str) -> bool:
    """True for ``Kreatur -- Goblin, Soldat``, ``Land``, ``Legendäres verschneites Land`` …"""
    main = TYPE_DASH_RE.split(text, maxsplit=1)[0]
    words = main.lower().split()
    return bool(words) and all(w in TYPE_WORDS for w in words) and words[-1] in CARD_TYPES


def _looks_like_card(lines: list[Line]) -> bool:
    """A card block starts with a name and then a mana cost or (lands) a type line."""
    if len(lines) < 2 or _is_bullet(lines[0][1]) or RULE_RE.match(lines[0][1]):
        return False
    second = lines[1][1]
    return bool(COST_RE.match(second)) or _is_type_line(second)


def _split_card_block(lines: list[Line]) -> tuple[list[Line], list[Line]]:
    """Separate bullets that follow a card's text without a blank line."""
    for index, (_, text) in enumerate(lines):
        if _is_bullet(text):
            return lines[:index], lines[index:]
    return lines, []


def _parse_card(file: str, lines: list[Line]) -> Card:
    """A card block → :class:`Card`; halves separated by a ``//`` line become two faces."""
    halves: list[list[Line]] = [[]]
    for line in lines:
        if line[1] == SPLIT_LINE:
            halves.append([])
        else:
            halves[-1].append(line)
    faces = [_parse_face(file, half, lines[0][0]) for half in halves]
    return Card(name=" // ".join(f.name for f in faces), faces=faces, line=lines[0][0])


def _parse_face(file: str, lines: list[Line], card_line: int) -> Face:
    """Name, optional cost, type line, P/T for creatures, then rules text lines."""
    if len(lines) < 2:
        line = lines[0][0] if lines else card_line
        raise SourceError(file, line, "Kartenhälfte ohne Name und Typzeile")
    name = lines[0][1]
    index = 1
    cost = None
    if COST_RE.match(lines[index][1]):
        cost = lines[index][1]
        index += 1
    if index >= len(lines) or not _is_type_line(lines[index][1]):
        line = lines[min(index, len(lines) - 1)][0]
        raise SourceError(file, line, f"Typzeile für „{name}“ erwartet")
    type_line = TYPE_DASH_RE.sub(" — ", lines[index][1])
    index += 1
    power_toughness = None
    if "kreatur" in TYPE_DASH_RE.split(type_line, maxsplit=1)[0].lower():
        if index >= len(lines) or not PT_RE.match(lines[index][1]):
            line = lines[min(index, len(lines) - 1)][0]
            raise SourceError(file, line, f"Stärke/Widerstandskraft für die Kreatur „{name}“ erwartet")
        power_toughness = lines[index][1]
        index += 1
    text = "\n".join(t for _, t in lines[index:])
    return Face(name=name, mana_cost=cost, type_line=type_line, power_toughness=power_toughness, text=text)


def _rulings(file: str, lines: list[Line], language: str) -> list[Ruling]:
    """``* `` bullets → rulings; a non-bullet line continues the bullet above it."""
    rulings: list[Ruling] = []
    for number, text in lines:
        match = BULLET_RE.match(text)
        if match:
            ruling_text = match["text"].strip()
            see = SEE_MECHANIC_RE.search(ruling_text)
            rulings.append(
                Ruling(
                    text=ruling_text,
                    line=number,
                    language=language,
                    see_mechanic=see["title"] if see else None,
                )
            )
        elif rulings:
            rulings[-1].text += "\n" + text
        else:
            raise SourceError(file, number, f"Ruling mit „* “ erwartet: {text[:60]!r}")
    return rulings


def _append_quote(ruling: Ruling, lines: list[Line]) -> None:
    """Attach an erratum quote (``Der neue Text lautet:`` …) to the ruling that announces it."""
    ruling.text += "\n" + "\n".join(t for _, t in lines)


def _quoted_rule(file: str, lines: list[Line], language: str) -> QuotedRule:
    """``502.46b text`` (number as printed, trailing dot dropped); ``Beispiel:`` lines are examples.

    A line like ``502.46. Einberufen`` (short, no sentence end) is a heading: title set, text ''.
    """
    number_line, first = lines[0]
    match = RULE_RE.match(first)
    assert match is not None  # checked by the caller
    text = match["text"].strip()
    title = None
    if match["dot"] and len(text.split()) <= 4 and not text.endswith((".", ":", "!", "?")):
        title, text = text, ""
    rule = QuotedRule(number=match["number"], text=text, line=number_line, language=language, title=title)
    for number, extra in lines[1:]:
        example = EXAMPLE_RE.match(extra)
        if not example:
            raise SourceError(file, number, f"„Beispiel:“ oder Leerzeile nach Regel {rule.number} erwartet")
        rule.examples.append(example["text"])
    return rule
