"""Today's MTGJSON reader before the streaming import (``bot/importer/mtgjson.py`` as of main c385990), kept
verbatim for comparison: ``bench/bench_cards.py`` measures it beside the streaming reader, and
``tests/importer/test_mtgjson_stream.py`` checks that both give the same records. It reads the whole file
with :func:`json.loads` (about 3× the file in memory). Not used by the bot.
"""

from __future__ import annotations

import json
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
    return [e for e in entries or [] if e.get("language") == "German" and e.get("name")]


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


def _records_v3(data: dict[str, Any]) -> list[CardRecord]:
    set_code = data.get("code")
    out: list[CardRecord] = []
    halves: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for card in data["cards"]:
        if card.get("layout") in SPLIT_LAYOUTS and card.get("names"):
            halves.setdefault(tuple(card["names"]), []).append(card)
            continue
        german = [g["name"] for g in _german(card.get("foreignNames"))]
        out.append(
            CardRecord(
                english_name=card["name"],
                german_names=list(dict.fromkeys(german)),
                mana_cost=_cost(card.get("manaCost")),
                mana_value=card.get("cmc"),
                type_line=card.get("type"),
                text=card.get("text") or "",
                set_code=set_code,
                number=card.get("number"),
                faces=[CardFaceRecord(card["name"], german[0] if german else None,
                                      _cost(card.get("manaCost")), card.get("type"), card.get("text") or "")],
                rulings=_rulings(card),
                version=3,
                power_toughness=_pt(card),
                set_name=data.get("name"),
            )
        )
    for names, parts in halves.items():
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
        german_whole = (
            [" // ".join(f.german_name for f in faces if f.german_name)]
            if faces and all(f.german_name for f in faces)
            else []
        )
        out.append(
            CardRecord(
                english_name=" // ".join(f.name for f in faces),
                german_names=german_whole,
                mana_cost=" // ".join(f.mana_cost or "" for f in faces),
                mana_value=first.get("cmc"),
                type_line=first.get("type"),
                text="\n//\n".join(f.text for f in faces),
                set_code=set_code,
                number=first.get("number"),
                faces=faces,
                rulings=_rulings(first),
                german_defective=defective,
                version=3,
                set_name=data.get("name"),
            )
        )
    return out


def _records_v5(data: dict[str, Any]) -> list[CardRecord]:
    body = data["data"]
    set_code = body.get("code")
    out: list[CardRecord] = []
    groups: dict[str, list[dict[str, Any]]] = {}
    order: list[str] = []
    for card in body["cards"]:
        key = f"{card['name']}#{card.get('number', '').rstrip('ab')}"
        if key not in groups:
            order.append(key)
        groups.setdefault(key, []).append(card)
    for key in order:
        parts = groups[key]
        first = parts[0]
        split = first.get("layout") in SPLIT_LAYOUTS and len(parts) > 1
        faces: list[CardFaceRecord] = []
        defective = False
        for part in parts if split else parts[:1]:
            german = _german(part.get("foreignData"))
            face_name = part.get("faceName") or part["name"]
            g_name = None
            if german:
                g_name = german[0].get("faceName") or german[0]["name"]
                if split and g_name == face_name:
                    defective, g_name = True, None
            faces.append(CardFaceRecord(face_name, g_name, _cost(part.get("manaCost")), part.get("type"),
                                        part.get("text") or ""))
        german_first = _german(first.get("foreignData"))
        cost = " // ".join(f.mana_cost or "" for f in faces) if split else _cost(first.get("manaCost"))
        german_names = [] if defective else list(dict.fromkeys(g["name"] for g in german_first))
        out.append(
            CardRecord(
                english_name=first["name"],
                german_names=german_names,
                mana_cost=cost,
                mana_value=first.get("manaValue", first.get("convertedManaCost")),
                type_line=first.get("type"),
                text="\n//\n".join(f.text for f in faces),
                set_code=set_code,
                number=first.get("number"),
                faces=faces,
                rulings=_rulings(first),
                german_text=german_first[0].get("text") if german_first and not split else None,
                german_defective=defective,
                version=5,
                power_toughness=None if split else _pt(first),
                set_name=body.get("name"),
            )
        )
    return out


def read_mtgjson(path: str | Path) -> list[CardRecord]:
    """Read an MTGJSON v3 or v5 set file or v5 ``AllPrintings.json`` (auto-detected) into
    :class:`CardRecord` in file order (AllPrintings: set after set).

    Raises :class:`SourceError` (line 1) when the file is not JSON or not a set file.
    """
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
        version = detect_version(data)
    except json.JSONDecodeError as exc:
        reason = f"keine MTGJSON-Set-Datei: kein gültiges JSON (Zeile {exc.lineno}, Spalte {exc.colno})"
        raise SourceError(path.name, exc.lineno, reason) from exc
    except UnicodeDecodeError as exc:
        raise SourceError(path.name, 1, f"keine MTGJSON-Set-Datei: kein gültiges UTF-8 ({exc.reason})") from exc
    except ValueError as exc:
        raise SourceError(path.name, 1, f"keine MTGJSON-Set-Datei: {exc}") from exc
    if version == 3:
        return _records_v3(data)
    if _is_all_printings(data):
        return [rec for code in data["data"] for rec in _records_v5({"data": data["data"][code]})]
    return _records_v5(data)


def name_key(name: str) -> str:
    """Folded name for matching: quotes/dashes folded, casefolded, ``//`` spaced uniformly."""
    return " // ".join(normalise_for_search(part) for part in name.split("//"))


def _cost_key(cost: str | None) -> str:
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
            by_costs.setdefault(tuple(_cost_key(f.mana_cost) for f in rec.faces), []).append(rec)

    def pick(card: Card, hits: list[CardRecord], method: str) -> CardMatch:
        names = list(dict.fromkeys(h.english_name for h in hits))
        return CardMatch(card.name, hits[0], method, len(names) == 1, names)

    out: list[CardMatch] = []
    for card in cards:
        if hits := by_german.get(name_key(card.name)):
            out.append(pick(card, hits, "german-name"))
        elif card.is_split and (hits := by_faces.get(tuple(name_key(f.name) for f in card.faces))):
            out.append(pick(card, hits, "german-faces"))
        elif card.is_split and (hits := by_costs.get(tuple(_cost_key(f.mana_cost) for f in card.faces))):
            out.append(pick(card, hits, "face-costs"))
    return out
