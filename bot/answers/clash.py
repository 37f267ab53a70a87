"""Clash (Fehde): ``/clash reveal`` (``/fehde aufdecken``) and ``/clash odds`` (``/fehde chancen``).

Thin layer over :mod:`bot.rules.clash`. A revealed card may be given as a card name from the
store, a mana cost (``{3}{R}``, a split card ``{3}{B}{G} // {G}{U}``) or a number (``4``,
split ``1/3``). Libraries are mana value counts (``0:17 1:4 2:8``) or card names with counts
(``4 Boros-Rekrut, 20 Land``).
"""

from __future__ import annotations

import random
import re

from bot.answers.mana import CALC_BUDGET, explained_reply, read_cost
from bot.answers.registry import AnswerContext, UserError, answer
from bot.offload import TooExpensive, run_bounded
from bot.reply import Field, Reply, quote_user
from bot.rules import clash as engine
from bot.rules.clash import ClashError, Library, RevealedCard
from bot.rules.steps import Step
from bot.search import EXACT

_NUMBER = re.compile(r"^[0-9]+(?:\s*/\s*[0-9]+)*$")
_LAND_WORDS = {"land", "länder", "laender", "lands", "standardland", "standardländer"}
MAX_SEED = 10**9


async def read_card(ctx: AnswerContext, text: str, number: int) -> RevealedCard:
    """A revealed card from a number, a cost or a card name (player ``number`` in messages).

    Raises:
        UserError: input that is none of these (German, with the parser's complaint).
    """
    text = (text or "").strip()
    if _NUMBER.match(text):
        try:
            return engine.card_from_number(text.replace(" ", ""))
        except ClashError as exc:
            raise UserError(f"Karte {number}: ungültige Zahl", quote_user(str(exc))) from exc
    if text.casefold() in _LAND_WORDS:
        return RevealedCard("Land", (0,), ("ohne Manakosten",))
    try:
        given = await read_cost(ctx, text, what=f"Karte {number}")
    except UserError as exc:
        title = exc.title if exc.title.startswith(f"Karte {number}") else f"Karte {number}: {exc.title}"
        raise UserError(title, exc.body) from exc
    values = tuple(f.mana_value(0) for f in given.faces)
    labels = given.face_names or tuple(f.text if f.symbols else "ohne Manakosten" for f in given.faces)
    return RevealedCard(given.label, values, labels)


def _card_line(n: int, card: RevealedCard, rules: str) -> str:
    if len(card.faces) > 1:
        if rules == engine.RULES_TODAY:
            parts = " + ".join(f"{card.half(i)} {v}" for i, v in enumerate(card.faces))
            shown = f"{sum(card.faces)} ({parts})"
        else:
            shown = " und ".join(f"{card.half(i)} ({v})" for i, v in enumerate(card.faces))
    else:
        shown = str(card.faces[0] if card.faces else 0)
    return f"Spieler {n}: **{card.label}** – Manawert {shown}"


def _verdict(winners: list[int]) -> str:
    if not winners:
        return "Niemand gewinnt die Fehde."
    if len(winners) == 1:
        return f"Spieler {winners[0] + 1} gewinnt die Fehde."
    names = ", ".join(str(w + 1) for w in winners[:-1]) + f" und {winners[-1] + 1}"
    return f"Spieler {names} gewinnen die Fehde."


def _rules_label(rules: str) -> str:
    return "heute" if rules == engine.RULES_TODAY else "2007 (Fehde-Artikel)"


@answer("clash_reveal")
async def clash_reveal(
    ctx: AnswerContext,
    card1: str,
    card2: str,
    card3: str | None = None,
    card4: str | None = None,
    rules: str = engine.RULES_TODAY,
) -> Reply:
    """``/fehde aufdecken karte1 … karte4 regelstand`` → who wins, explained per card (and per
    half of a split card under the rules of 2007)."""
    if rules not in engine.RULES:
        raise UserError("Unbekannter Regelstand", "Erlaubt sind „heute“ und „2007“.")
    inputs = [c for c in (card1, card2, card3, card4) if c is not None and c.strip()]
    cards = [await read_card(ctx, text, n) for n, text in enumerate(inputs, 1)]
    try:
        result = await run_bounded(engine.clash, cards, rules)
    except ClashError as exc:
        raise UserError("Fehde nicht möglich", quote_user(str(exc))) from exc
    lines = [_card_line(n, c, rules) for n, c in enumerate(cards, 1)]
    lines.append(f"\n**Ergebnis:** {_verdict(result.winners)}")
    lines += [f"• {v}" for v in result.verdicts]
    fields: list[Field] = []
    if any(len(c.faces) > 1 for c in cards):
        other_rules = engine.RULES_2007 if rules == engine.RULES_TODAY else engine.RULES_TODAY
        other = await run_bounded(engine.clash, cards, other_rules)
        fields.append(
            Field(
                f"Zum Vergleich: Regelstand {_rules_label(other_rules)}",
                _verdict(other.winners),
                inline=False,
            )
        )
    title = f"Fehde – Regelstand {_rules_label(rules)}"
    return await explained_reply(ctx, title, "\n".join(lines), result.steps, fields)


# --------------------------------------------------------------------------- odds

_ITEM_COUNT_FIRST = re.compile(r"^([0-9]+)\s*[x×]?\s+(.+)$")
_ITEM_COUNT_LAST = re.compile(r"^(.+?)\s*[:=]\s*([0-9]+)$")


def _name_and_count(item: str) -> tuple[str, int]:
    """``"4 Boros-Rekrut"``, ``"4x Boros-Rekrut"`` or ``"Boros-Rekrut: 4"`` → (name, count); else count 1."""
    first, last = _ITEM_COUNT_FIRST.match(item), _ITEM_COUNT_LAST.match(item)
    if first:
        return first.group(2), int(first.group(1))
    if last:
        return last.group(1), int(last.group(2))
    return item, 1


def _entries(ctx: AnswerContext, text: str) -> list[str]:
    """Library entries: separated by ``;`` or new lines when there are any, else by commas —
    then a comma inside a card name (``Sonnenheim, Festung der Legion``) is kept when the
    joined text names a card exactly."""
    if re.search(r"[;\n]", text):
        return [p.strip() for p in re.split(r"[;\n]", text) if p.strip()]
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if out:
            joined = f"{out[-1]}, {part}"
            hit = ctx.names.resolve(_name_and_count(joined)[0])
            if hit is not None and hit.tier == EXACT:
                out[-1] = joined
                continue
        out.append(part)
    return out


#: a mana value entry inside a list that also has names: ``2:1`` or a split card ``1/3:2``
_VALUE_ENTRY = re.compile(r"(?:(?<=\s)|^)([0-9]+(?:/[0-9]+)*)\s*[:=]\s*([0-9]+)(?=\s|$)")


def _pieces(item: str) -> list[tuple[str, re.Match[str] | None]]:
    """An entry split into mana value entries and the names between them, in order:
    ``"2:1 Krims // Krams:1"`` → ``[("2:1", match), ("Krims // Krams:1", None)]``."""
    out: list[tuple[str, re.Match[str] | None]] = []
    last = 0
    for m in _VALUE_ENTRY.finditer(item):
        between = item[last : m.start()].strip()
        if between:
            out.append((between, None))
        out.append((m.group(0), m))
        last = m.end()
    tail = item[last:].strip()
    if tail:
        out.append((tail, None))
    return out


async def read_library(ctx: AnswerContext, text: str, number: int) -> tuple[Library, list[str]]:
    """A library from mana value counts (``0:17 2:8``, split ``1/3:2``) or from card names with
    counts separated by commas or ``;`` (``4 Boros-Rekrut, 20 Land``; ``Land`` = mana value 0), or a
    mix (``2:1 Krims // Krams:1``). Every entry is counted or named in the error.

    Returns:
        (the library, how each named card was read: ``"1× Krims // Krams (2 und 5)"``).

    Raises:
        UserError: malformed entries or unknown cards (German, naming the entry).
    """
    text = (text or "").strip()
    if not text:
        raise UserError(f"Bibliothek {number} fehlt", "Zum Beispiel: `0:24 2:36`.")
    if len(text) > 2000:
        raise UserError(f"Bibliothek {number} zu lang", "Höchstens 2000 Zeichen.")
    if not re.search(r"[^0-9\s:=/,;]", text):  # only numbers: mana value counts
        try:
            return engine.parse_library(text, number), []
        except ClashError as exc:
            raise UserError(f"Bibliothek {number} ungültig", quote_user(str(exc))) from exc
    lib: Library = {}
    read: list[str] = []
    pos = 0
    for item in _entries(ctx, text):
        for piece, value in _pieces(item):
            pos += 1
            if value is not None:
                key = tuple(int(v) for v in value.group(1).split("/"))
                if len(value.group(2)) > 5 or any(v > engine.MAX_GENERIC for v in key):
                    raise UserError(f"Bibliothek {number}, Eintrag {pos}: zu groß", f"„{quote_user(piece, 40)}“")
                lib[key] = lib.get(key, 0) + int(value.group(2))
                continue
            name, count = _name_and_count(piece)
            try:
                card = await read_card(ctx, name, pos)
            except UserError as exc:
                title = exc.title.split(": ", 1)[-1]
                raise UserError(f"Bibliothek {number}, Eintrag {pos}: {title}", exc.body) from exc
            lib[card.faces] = lib.get(card.faces, 0) + count
            read.append(f"{count}× {card.label} ({engine.values_text(card.faces)})")
            if sum(lib.values()) > engine.MAX_LIBRARY:
                break
    lib = {k: v for k, v in lib.items() if v > 0}
    size = sum(lib.values())
    if size == 0:
        raise UserError(f"Bibliothek {number} ist leer", "Gib mindestens eine Karte an.")
    if size > engine.MAX_LIBRARY:
        raise UserError(f"Bibliothek {number} zu groß", f"Höchstens {engine.MAX_LIBRARY} Karten.")
    return lib, read


@answer("clash_odds")
async def clash_odds(
    ctx: AnswerContext,
    library1: str,
    library2: str,
    rules: str = engine.RULES_TODAY,
    seed: int | None = None,
) -> Reply:
    """``/fehde chancen bibliothek1 bibliothek2`` → exact chances (fractions, shown as percent)
    that each player / nobody wins with the top cards, and one seeded random reveal."""
    if rules not in engine.RULES:
        raise UserError("Unbekannter Regelstand", "Erlaubt sind „heute“ und „2007“.")
    (lib1, read1), (lib2, read2) = await read_library(ctx, library1, 1), await read_library(ctx, library2, 2)
    libs = [lib1, lib2]
    try:
        result = await run_bounded(engine.clash_odds, libs, rules, budget=CALC_BUDGET)
    except ClashError as exc:
        raise UserError("Chancen nicht berechenbar", quote_user(str(exc))) from exc
    except TooExpensive as exc:
        raise UserError("Zu aufwendig", "Diese Rechnung braucht zu lange; bitte weniger verschiedene Karten.") from exc
    for n, read in enumerate((read1, read2), 1):
        if read:
            result.steps.insert(2 + n, Step(f"Bibliothek {n} gelesen: " + ", ".join(read) + "."))
    lines = [f"Spieler {n}: **{engine.percent(p)}** ({p})" for n, p in enumerate(result.win, 1)]
    lines.append(f"Niemand: **{engine.percent(result.nobody)}** ({result.nobody})")
    if result.several:
        lines.append(f"Mehrere gewinnen: **{engine.percent(result.several)}**")
    if seed is None:
        seed = random.SystemRandom().randrange(MAX_SEED)
    if not 0 <= seed < MAX_SEED:
        raise UserError("Ungültiger Startwert", f"Der Startwert muss zwischen 0 und {MAX_SEED - 1} liegen.")
    reveal = await run_bounded(engine.random_reveal, libs, seed, rules, budget=CALC_BUDGET)
    shown = ", ".join(f"Spieler {n}: {engine.values_text(v)}" for n, v in enumerate(reveal.clash.values, 1))
    fields = [
        Field(
            f"Zufälliges Aufdecken (Startwert {seed})",
            f"{shown} → {_verdict(reveal.clash.winners)}",
        )
    ]
    title = f"Fehde-Chancen – Regelstand {_rules_label(rules)}"
    return await explained_reply(ctx, title, "\n".join(lines), result.steps, fields)
