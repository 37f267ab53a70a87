"""Reader for MTGJSON set files (v3 and v5) and matching of their cards to the documents' German cards.

MTGJSON (https://mtgjson.com, CC0) publishes one JSON file per set:

* **v3** (until 2018): top-level object with ``cards[]``; each card has the English ``name``,
  ``manaCost``, ``cmc``, ``type``, ``text`` (Oracle), ``power``/``toughness``,
  ``rulings[{date, text}]`` and ``foreignNames[{language: "German", name}]``. A split card is
  two entries (``layout: "split"``), one per half, both listing ``names: ["Hide", "Seek"]``.
* **v5**: ``{"meta": …, "data": {"cards": [...]}}``; ``manaValue`` instead of ``cmc``;
  ``foreignData[{language, name, text, type, faceName?}]``; split halves share
  ``name: "Hide // Seek"`` and carry ``faceName``/``side``.

Known upstream defect (v3, Dissension): the German names of the split halves are the English half
names (``Hide``/``Hide``). :func:`read_mtgjson` marks such halves (``CardRecord.german_defective``)
and :func:`match_cards` matches split cards by their halves (German face names, else the faces'
mana costs) instead of trusting the German column.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.importer.cr import normalise_for_search
from bot.importer.model import Card, SourceError

SPLIT_LAYOUTS = frozenset({"split", "aftermath", "fuse"})


@dataclass
class CardFaceRecord:
    """One half of a split card (or the only face): English/German name, cost, type, Oracle text."""

    name: str
    german_name: str | None
    mana_cost: str | None
    type_line: str | None
    text: str


@dataclass
class CardRecord:
    """One card of an MTGJSON set file.

    ``english_name`` is ``"Hide // Seek"`` for split cards; ``german_names`` holds every German name
    the file gives (whole card first, e.g. ``["Akkord des Rufes"]``; empty when unknown or
    defective). ``mana_cost`` is ``"{R}{W} // {W}{B}"`` for split cards; ``mana_value`` is the v3
    ``cmc`` / v5 ``manaValue`` (a float, as MTGJSON stores it). ``text`` is the English Oracle
    text (split: faces joined by ``"\\n//\\n"``). ``rulings`` are ``(date ISO, English text)``.
    ``german_defective`` is True when a split half's German name equals its English name
    (the upstream defect described in the module doc). ``power_toughness`` is ``"3/3"`` for
    creatures (else None); ``set_name`` the set's English name from the file (``"Ravnica: City of Guilds"``).
    ``multiverse_id`` is the Gatherer id of the German printing (v3 ``foreignNames[].multiverseid``, v5
    ``foreignData[].identifiers.multiverseId``), ``scryfall_id`` the Scryfall id of the German printing where
    the file names it, else of the printing (v5 ``identifiers.scryfallId``; v3 files have none); None when
    the file does not say.
    """

    english_name: str
    german_names: list[str]
    mana_cost: str | None
    mana_value: float | None
    type_line: str | None
    text: str
    set_code: str | None
    number: str | None
    faces: list[CardFaceRecord]
    rulings: list[tuple[str, str]] = field(default_factory=list)
    german_text: str | None = None
    german_defective: bool = False
    version: int = 3
    power_toughness: str | None = None
    set_name: str | None = None
    multiverse_id: int | None = None
    scryfall_id: str | None = None

    @property
    def is_split(self) -> bool:
        """True for split cards (two faces)."""
        return len(self.faces) > 1


@dataclass
class CardMatch:
    """A document card matched to an MTGJSON record.

    ``method``: ``german-name`` (whole German name), ``german-faces`` (split card, German half
    names), ``face-costs`` (split card, halves' mana costs, used when the German names are
    defective). ``certain`` is False when several records fit equally (``candidates`` lists them).
    """

    card_name: str
    record: CardRecord
    method: str
    certain: bool
    candidates: list[str] = field(default_factory=list)


def _german(entries: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """The German entries with a name of a card's ``foreignData`` (MTGJSON), in file order."""
    if not entries:
        return []
    return [e for e in entries if e.get("language") == "German" and e.get("name")]


def _cost(text: str | None) -> str | None:
    return text or None


def _is_all_printings(data: Any) -> bool:
    """True for v5 ``AllPrintings.json``: ``data`` maps set codes to set objects with ``cards``."""
    body = data.get("data") if isinstance(data, dict) else None
    return (isinstance(body, dict) and bool(body) and "cards" not in body
            and all(isinstance(s, dict) and isinstance(s.get("cards"), list) for s in body.values()))


def detect_version(data: Any) -> int:
    """3 for a v3 set file (top-level ``cards``), 5 for v5 (``data.cards``, or ``AllPrintings.json``
    with ``data.<SET>.cards``); raises ValueError otherwise."""
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        return 3
    if isinstance(data, dict) and isinstance(data.get("data"), dict) and isinstance(
        data["data"].get("cards"), list
    ):
        return 5
    if _is_all_printings(data):
        return 5
    raise ValueError("weder ein MTGJSON-v3-Set (cards[]) noch ein v5-Set (data.cards[]) noch AllPrintings")


def _pt(card: dict[str, Any]) -> str | None:
    """``"3/3"`` from ``power``/``toughness``; None when the card has neither."""
    if card.get("power") is None and card.get("toughness") is None:
        return None
    return f"{card.get('power', '')}/{card.get('toughness', '')}"


def _rulings(card: dict[str, Any]) -> list[tuple[str, str]]:
    return [(r.get("date", ""), r["text"]) for r in card.get("rulings") or [] if r.get("text")]


def _int(value: Any) -> int | None:
    """A multiverse id as MTGJSON writes it (v3 a number, v5 a string of digits) → int; None otherwise."""
    if isinstance(value, int):
        return value
    return int(value) if isinstance(value, str) and value.isdigit() else None


def _german_ids(card: dict[str, Any], german: list[dict[str, Any]]) -> tuple[int | None, str | None]:
    """The picture ids of a card: the German printing's multiverse id and its Scryfall id, else the card's."""
    first = german[0] if german else {}
    ids = first.get("identifiers") or {}
    card_ids = card.get("identifiers") or {}
    multiverse = _int(ids.get("multiverseId", first.get("multiverseId", first.get("multiverseid"))))
    scryfall = ids.get("scryfallId") or card_ids.get("scryfallId") or card.get("scryfallId")
    return multiverse, scryfall if isinstance(scryfall, str) else None


def _v3_single(card: dict[str, Any], data: dict[str, Any]) -> CardRecord:
    """One v3 card that is not a split half."""
    german_entries = _german(card.get("foreignNames"))
    german = [g["name"] for g in german_entries]
    multiverse, scryfall = _german_ids(card, german_entries)
    return CardRecord(
        english_name=card["name"], german_names=list(dict.fromkeys(german)), mana_cost=_cost(card.get("manaCost")),
        mana_value=card.get("cmc"), type_line=card.get("type"), text=card.get("text") or "",
        set_code=data.get("code"), number=card.get("number"),
        faces=[CardFaceRecord(card["name"], german[0] if german else None,
                              _cost(card.get("manaCost")), card.get("type"), card.get("text") or "")],
        rulings=_rulings(card), version=3, power_toughness=_pt(card), set_name=data.get("name"),
        multiverse_id=multiverse, scryfall_id=scryfall,
    )


def _v3_split(names: tuple[str, ...], parts: list[dict[str, Any]], data: dict[str, Any]) -> CardRecord:
    """The two v3 entries of a split card (one per half, both listing ``names``) as one record; a half whose
    German name is an English half name is the upstream defect (module doc)."""
    by_name = {p["name"]: p for p in parts}
    faces: list[CardFaceRecord] = []
    defective = False
    for name in names:
        part = by_name.get(name)
        if part is None:
            continue
        german = [g["name"] for g in _german(part.get("foreignNames"))]
        g_name = german[0] if german else None
        if g_name is not None and (g_name == name or g_name in names):
            defective, g_name = True, None
        faces.append(CardFaceRecord(name, g_name, _cost(part.get("manaCost")), part.get("type"),
                                    part.get("text") or ""))
    first = by_name.get(names[0], parts[0])
    german_whole = ([" // ".join(f.german_name for f in faces if f.german_name)]
                    if faces and all(f.german_name for f in faces) else [])
    multiverse, scryfall = _german_ids(first, _german(first.get("foreignNames")))
    return CardRecord(
        english_name=" // ".join(f.name for f in faces), german_names=german_whole,
        mana_cost=" // ".join(f.mana_cost or "" for f in faces), mana_value=first.get("cmc"),
        type_line=first.get("type"), text="\n//\n".join(f.text for f in faces), set_code=data.get("code"),
        number=first.get("number"), faces=faces, rulings=_rulings(first), german_defective=defective, version=3,
        set_name=data.get("name"), multiverse_id=multiverse, scryfall_id=scryfall,
    )


def _records_v3(data: dict[str, Any]) -> list[CardRecord]:
    """The records of a v3 set: single cards in file order, then the split cards (halves joined)."""
    out: list[CardRecord] = []
    halves: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for card in data["cards"]:
        if card.get("layout") in SPLIT_LAYOUTS and card.get("names"):
            halves.setdefault(tuple(card["names"]), []).append(card)
        else:
            out.append(_v3_single(card, data))
    out += [_v3_split(names, parts, data) for names, parts in halves.items()]
    return out


def _v5_record(parts: list[dict[str, Any]], body: dict[str, Any]) -> CardRecord:
    """The v5 entries of one printing (one, or the halves of a split card) as one record."""
    first = parts[0]
    split = first.get("layout") in SPLIT_LAYOUTS and len(parts) > 1
    faces: list[CardFaceRecord] = []
    defective = False
    german_first = _german(first.get("foreignData"))  # the first part's German entries, filtered once
    for part in parts if split else parts[:1]:
        german = german_first if part is first else _german(part.get("foreignData"))
        face_name = part.get("faceName") or part["name"]
        g_name = None
        if german:
            g_name = german[0].get("faceName") or german[0]["name"]
            if split and g_name == face_name:
                defective, g_name = True, None
        faces.append(CardFaceRecord(face_name, g_name, _cost(part.get("manaCost")), part.get("type"),
                                    part.get("text") or ""))
    multiverse, scryfall = _german_ids(first, german_first)
    return CardRecord(
        english_name=first["name"],
        german_names=[] if defective else list(dict.fromkeys(g["name"] for g in german_first)),
        mana_cost=" // ".join(f.mana_cost or "" for f in faces) if split else _cost(first.get("manaCost")),
        mana_value=first.get("manaValue", first.get("convertedManaCost")), type_line=first.get("type"),
        text="\n//\n".join(f.text for f in faces), set_code=body.get("code"), number=first.get("number"),
        faces=faces, rulings=_rulings(first),
        german_text=german_first[0].get("text") if german_first and not split else None,
        german_defective=defective, version=5, power_toughness=None if split else _pt(first),
        set_name=body.get("name"), multiverse_id=multiverse, scryfall_id=scryfall,
    )


def _records_v5(data: dict[str, Any]) -> list[CardRecord]:
    """The records of a v5 set (``{"data": set}``): split halves of one printing (same name and number
    without its ``a``/``b``) joined, in file order."""
    body = data["data"]
    groups: dict[str, list[dict[str, Any]]] = {}
    for card in body["cards"]:
        groups.setdefault(f"{card['name']}#{card.get('number', '').rstrip('ab')}", []).append(card)
    return [_v5_record(parts, body) for parts in groups.values()]


#: The set fields a record needs; everything else of a set (tokens, booster, translations …) is dropped.
_SET_KEYS = ("code", "name", "cards")
#: Files up to this size get a line and column for a JSON error (found by reading them whole once more).
_POSITION_LIMIT = 64 << 20


def _layout(path: Path) -> str:
    """``"v3"`` (top-level ``cards``) or ``"data"`` (v5: set file or AllPrintings), from the first top-level
    key that tells; reads no further than that key.

    Raises:
        ValueError: neither key at the top level.
        ijson.JSONError: the file is not JSON up to there.
    """
    import ijson

    with _open(path, progress=False) as handle:
        for prefix, event, value in ijson.parse(handle):
            if prefix == "" and event == "map_key" and value in ("cards", "data"):
                return "v3" if value == "cards" else "data"
            if prefix == "" and event in ("start_array", "string", "number", "boolean", "null"):
                break
    raise ValueError("weder ein MTGJSON-v3-Set (cards[]) noch ein v5-Set (data.cards[]) noch AllPrintings")


@contextlib.contextmanager
def _open(path: Path, progress: bool = True) -> Iterator[Any]:
    """The file in binary, past a UTF-8 BOM; with a progress bar on stderr for files over 50 MB (tqdm, shown
    only on a terminal)."""
    with path.open("rb") as raw:
        if raw.read(3) != b"\xef\xbb\xbf":
            raw.seek(0)
        size = path.stat().st_size
        if not progress or size < 50 << 20:
            yield raw
            return
        from tqdm import tqdm

        with tqdm.wrapattr(raw, "read", total=size, desc=path.name, file=sys.stderr, disable=None,
                           leave=False) as wrapped:
            yield wrapped


def _sets(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each set of the file, one at a time, as ``(version, {"code", "name", "cards"})``: the one set of a v3
    or v5 set file, every set of AllPrintings (streamed with ijson; numbers as int / float like :mod:`json`)."""
    import ijson

    layout = _layout(path)
    with _open(path) as handle:
        if layout == "v3":
            data = dict(ijson.kvitems(handle, "", use_float=True))
            yield 3, {k: data.get(k) for k in _SET_KEYS}
            return
        collected: dict[str, Any] = {}
        sets = 0
        for key, value in ijson.kvitems(handle, "data", use_float=True):
            if key != "cards" and isinstance(value, dict) and isinstance(value.get("cards"), list):
                sets += 1
                yield 5, {k: value.get(k) for k in _SET_KEYS}
            elif key in _SET_KEYS:
                collected[key] = value
    if isinstance(collected.get("cards"), list):
        yield 5, collected
    elif not sets:
        raise ValueError("weder ein MTGJSON-v3-Set (cards[]) noch ein v5-Set (data.cards[]) noch AllPrintings")


def _json_error(path: Path, exc: Exception) -> SourceError:
    """A German :class:`SourceError` for a file that is no valid JSON or UTF-8, with line and column when the
    file is small enough to find them."""
    text = str(exc)
    if "UTF8" in text or "UTF-8" in text or isinstance(exc, UnicodeDecodeError):
        return SourceError(path.name, 1, "keine MTGJSON-Set-Datei: kein gültiges UTF-8")
    if path.stat().st_size <= _POSITION_LIMIT:
        try:
            json.loads(path.read_text(encoding="utf-8-sig"))
        except json.JSONDecodeError as err:
            reason = f"keine MTGJSON-Set-Datei: kein gültiges JSON (Zeile {err.lineno}, Spalte {err.colno})"
            return SourceError(path.name, err.lineno, reason)
        except UnicodeDecodeError as err:
            return SourceError(path.name, 1, f"keine MTGJSON-Set-Datei: kein gültiges UTF-8 ({err.reason})")
    return SourceError(path.name, 1, "keine MTGJSON-Set-Datei: kein gültiges JSON")


def iter_mtgjson(path: str | Path) -> Iterator[CardRecord]:
    """Read an MTGJSON v3 or v5 set file or v5 ``AllPrintings.json`` (auto-detected) as a stream of
    :class:`CardRecord` in file order (AllPrintings: set after set), holding one set in memory at a time.

    Raises :class:`SourceError` (line 1, or the line of a JSON error in a file up to 64 MB) when the file is
    not JSON, not UTF-8 or not a set file; records of the sets before the error may have been yielded.
    """
    import ijson

    path = Path(path)
    try:
        for version, data in _sets(path):
            yield from _records_v3(data) if version == 3 else _records_v5({"data": data})
    except (ijson.JSONError, UnicodeDecodeError) as exc:
        raise _json_error(path, exc) from exc
    except (ValueError, KeyError, TypeError) as exc:
        raise SourceError(path.name, 1, f"keine MTGJSON-Set-Datei: {exc}") from exc


def read_mtgjson(path: str | Path) -> list[CardRecord]:
    """All records of :func:`iter_mtgjson` as a list (small files, tests)."""
    return list(iter_mtgjson(path))


def name_key(name: str) -> str:
    """Folded name for matching: quotes/dashes folded, casefolded, ``//`` spaced uniformly."""
    return " // ".join(normalise_for_search(part) for part in name.split("//"))


def cost_key(cost: str | None) -> str:
    """A face's mana cost as split cards are matched by it (``"{1}{W} "`` → ``"{1}{W}"``): spaces out, upper case;
    ``""`` for none."""
    return (cost or "").replace(" ", "").upper()


def match_cards(cards: list[Card], records: list[CardRecord]) -> list[CardMatch]:
    """Match the documents' German cards to MTGJSON records; unmatched cards are left out.

    Order of evidence: the whole German name (``Akkord des Rufes`` → Chord of Calling); for split
    cards the German half names; for split cards whose German names are defective upstream the
    halves' mana costs in order (``{R/W}`` and ``{W/B}``), accepted as certain only when exactly one
    split record fits. A German name that several records carry (reprints in one file) is uncertain.
    """
    by_german: dict[str, list[CardRecord]] = {}
    by_faces: dict[tuple[str, ...], list[CardRecord]] = {}
    by_costs: dict[tuple[str, ...], list[CardRecord]] = {}
    for rec in records:
        for g in rec.german_names:
            by_german.setdefault(name_key(g), []).append(rec)
        if rec.is_split:
            if all(f.german_name for f in rec.faces):
                by_faces.setdefault(tuple(name_key(f.german_name or "") for f in rec.faces), []).append(rec)
            by_costs.setdefault(tuple(cost_key(f.mana_cost) for f in rec.faces), []).append(rec)

    def pick(card: Card, hits: list[CardRecord], method: str) -> CardMatch:
        names = list(dict.fromkeys(h.english_name for h in hits))
        return CardMatch(card.name, hits[0], method, len(names) == 1, names)

    out: list[CardMatch] = []
    for card in cards:
        if hits := by_german.get(name_key(card.name)):
            out.append(pick(card, hits, "german-name"))
        elif card.is_split and (hits := by_faces.get(tuple(name_key(f.name) for f in card.faces))):
            out.append(pick(card, hits, "german-faces"))
        elif card.is_split and (hits := by_costs.get(tuple(cost_key(f.mana_cost) for f in card.faces))):
            out.append(pick(card, hits, "face-costs"))
    return out
