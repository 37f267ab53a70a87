"""Mana calculators: ``/mana info``, ``pay``, ``convoke``, ``total``, ``upkeep`` (German ``/mana …``).

Thin layer over :mod:`bot.rules.mana`: turns the user's text (a mana cost, or a card name from
the store) into costs, runs the engine and renders its explained steps as a German reply.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from bot.answers.registry import AnswerContext, UserError, answer
from bot.offload import TooExpensive, run_bounded
from bot.reply import Field, Page, Reply, format_date, quote_user
from bot.rules import mana as engine
from bot.rules.mana import ManaCost, ManaError
from bot.rules.mana.payment import pay, ways_text
from bot.rules.mana.symbols import german_int
from bot.rules.steps import COMPREHENSIVE_RULES, Step, dated_steps, sources_of
from bot.search import EXACT

if TYPE_CHECKING:
    from bot.store import CardRecord

MAX_INPUT = 300
LIST_LIMIT = 24  # options listed in a reply (the count is always exact)
CALC_BUDGET = 1.0  # seconds one calculation may take (issue 11: every answer within 1 s)
T = TypeVar("T")
#: characters of a cost as typed in shorthand: an input made only of these is read as a cost, never a name
_COST_CHARS = re.compile(r"^[\s0-9{}()/wubrgcsxyzpWUBRGCSXYZP]+$")


@dataclass
class CostInput:
    """A cost the user gave: typed, or read from a card of the store.

    Attributes:
        faces: the cost of each half (one for a normal card; a land has an empty cost).
        label: how to show it (the card's name, or the canonical cost).
        card: the card when the input named one.
        face_names: names of the halves of a card, else empty.
        notes: German notes on how an ambiguous input was read (both readings).
    """

    faces: list[ManaCost]
    label: str
    card: CardRecord | None = None
    face_names: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def is_split(self) -> bool:
        """True for a split card (two halves)."""
        return len(self.faces) > 1

    @property
    def cost_text(self) -> str:
        """The cost as written: ``{3}{B}{G} // {G}{U}``; ``ohne Manakosten`` for none."""
        return " // ".join(f.text if f.symbols else "ohne Manakosten" for f in self.faces)


def _bad_input(exc: Exception, what: str = "Manakosten") -> UserError:
    return UserError(f"Ungültige {what}", quote_user(str(exc)))  # the engine's message quotes the input


def _card_faces(card: CardRecord) -> list[ManaCost]:
    """The costs of a card's faces; a land (no cost printed, type line with „Land“) has none.

    Raises:
        UserError: the documents give no mana cost for this card (e.g. a rulings-only card).
    """
    faces: list[ManaCost] = []
    for face in card.faces or ():
        if face.mana_cost:
            faces.append(engine.parse_cost(face.mana_cost))
        elif face.type_line and "Land" in face.type_line:
            faces.append(ManaCost(()))
        else:
            raise UserError(
                f"Keine Manakosten für „{card.name}“",
                f"Die Dokumente ({card.document.title}) nennen die Manakosten dieser Karte nicht. "
                "Gib die Kosten direkt ein, z. B. `{3}{R}`.",
            )
    if not faces:
        raise UserError(f"Keine Manakosten für „{card.name}“", "Gib die Kosten direkt ein, z. B. `{3}{R}`.")
    return faces


def _braced(text: str) -> bool:
    """Braces or the FAQs' parentheses: always a cost, never a card name."""
    return any(c in text for c in "{}()")


async def read_cost(ctx: AnswerContext, text: str, what: str = "Kosten") -> CostInput:
    """A mana cost or a card name → :class:`CostInput`.

    Input with braces or parentheses (``{2}{G/W}``, ``(W/U)(W/U)``) is always a cost, and so is
    input made only of cost characters (``3BG``, ``2 w/u w/u``): a typo there is reported as a bad
    symbol, never answered with a similar card. An exact card name that also reads as shorthand
    (``Burg`` = ``{B}{U}{R}{G}``) is answered as the card, with a note naming the other reading.
    Otherwise a clear name match (prefix/fuzzy). ``what`` names the option in messages.

    Raises:
        UserError: neither a cost nor a card; the German message gives the parser's complaint
            (bad symbol and position) and the closest card names.
    """
    text = (text or "").strip()
    if not text:
        raise UserError(f"{what} fehlen", "Gib Manakosten wie `{2}{G/W}` oder einen Kartennamen ein.")
    if len(text) > MAX_INPUT:
        raise UserError(f"{what} zu lang", f"Höchstens {MAX_INPUT} Zeichen.")
    if _braced(text):
        try:
            faces = engine.parse_faces(text)
        except ManaError as exc:
            raise _bad_input(exc) from exc
        return CostInput(faces, engine.format_cost(faces))
    hit = ctx.names.resolve(text)
    try:
        faces = engine.parse_faces(text)
    except ManaError as exc:
        if _COST_CHARS.match(text) and (hit is None or hit.tier != EXACT):
            raise _bad_input(exc) from exc
        if hit is None:
            hits = ctx.names.search(text, limit=5)
            hint = ("\nMeintest du: " + ", ".join(h.card_name for h in hits)) if hits else ""
            raise UserError(
                f"„{quote_user(text, 80)}“ ist weder Manakosten noch eine bekannte Karte",
                f"Als Manakosten gelesen: {quote_user(str(exc))}{hint}",
            ) from exc
        faces = None
    if faces is not None and (hit is None or hit.tier != EXACT):
        return CostInput(faces, engine.format_cost(faces))
    assert hit is not None
    card = await ctx.store.card(hit.card_id)
    if card is None:
        raise UserError(f"Karte „{quote_user(text, 80)}“ nicht gefunden", "Die Datenbank wurde inzwischen neu gebaut.")
    names = tuple(f.name for f in card.faces) if card.is_split else ()
    notes: tuple[str, ...] = ()
    if faces is not None:
        as_cost = engine.format_cost(faces)
        notes = (
            f"„{quote_user(text, 80)}“ ist ein Kartenname und als Manakosten lesbar ({as_cost}); hier als Karte "
            f"gelesen. Für die Kosten schreibe `{as_cost}`.",
        )
    # a split card named by one half ("Bestimmt") keeps both halves; callers that need one pick it
    return CostInput(_card_faces(card), card.name, card, names, notes)


async def compute(func: Callable[..., T], /, *args: Any, what: str = "Eingabe", **kwargs: Any) -> T:
    """One engine call, run through :func:`bot.offload.run_bounded` with :data:`CALC_BUDGET`.

    Raises:
        UserError: the engine refused the input (:class:`ManaError`, German message) or the
            calculation passed its time budget.
    """
    try:
        return await run_bounded(func, *args, budget=CALC_BUDGET, **kwargs)
    except TooExpensive as exc:
        raise UserError(
            "Zu aufwendig", "Diese Rechnung braucht zu lange (über 1 Sekunde); bitte die Eingabe verkleinern."
        ) from exc
    except ManaError as exc:
        raise _bad_input(exc, what) from exc


def one_face(cost: CostInput, query: str) -> tuple[str, ManaCost]:
    """The single cost to calculate with and its label: a normal card's cost, or the half of a
    split card the user named (``Bestimmt``).

    Raises:
        UserError: a split card named as a whole — the user must pick a half.
    """
    if not cost.is_split:
        return cost.label, cost.faces[0]
    wanted = query.strip().casefold()
    for name, face in zip(cost.face_names, cost.faces, strict=False):
        if name.casefold() == wanted:
            return name, face
    halves = " oder ".join(f"„{n}“ ({f.text})" for n, f in zip(cost.face_names, cost.faces, strict=False))
    raise UserError(
        "Geteilte Karte: welche Hälfte?",
        f"{cost.label} hat zwei Hälften; gewirkt wird nur eine. Gib {halves or 'die Kosten einer Hälfte'} an.",
    )


def steps_text(steps: list[Step]) -> str:
    """Steps as a bullet list: ``• 104.3f (Ravnica-FAQ, 2005): …``."""
    return "\n".join(f"• {s}" for s in steps)


async def explained_reply(
    ctx: AnswerContext, title: str, body: str, steps: list[Step], extra: list[Field] | None = None
) -> Reply:
    """A reply with the result in the body, optional fields, and the steps in a field
    „Erklärung“; the footer names every cited document. Today's rules are cited with the effective date of
    the store's Comprehensive Rules (:meth:`bot.store.Store.cr_effective`, e.g. „Comprehensive Rules,
    17.04.2026“), undated for a store that has none."""
    effective = await ctx.store.cr_effective()
    if effective is not None:
        steps = dated_steps(steps, f"{COMPREHENSIVE_RULES}, {format_date(effective)}")
    fields = list(extra or [])
    fields.append(Field("Erklärung", steps_text(steps)))
    source = " · ".join(sources_of(steps)) or "Regelbot-Rechner"
    return Reply(pages=[Page(title=title, body=body, fields=fields)], source=source)


def _card_note(cost: CostInput) -> list[Step]:
    notes = [Step(n) for n in cost.notes]
    if cost.card is None:
        return notes
    doc = cost.card.document
    return [Step(f"Kosten von {cost.card.name}: {cost.cost_text}.", None, doc.title), *notes]


def _listing(costs: list[str], count: int) -> str:
    shown = " · ".join(costs[:LIST_LIMIT])
    return shown + (f" … (und {count - LIST_LIMIT} weitere)" if count > LIST_LIMIT else "")


def _check_x(x: int | None) -> None:
    if x is not None and not 0 <= x <= engine.MAX_GENERIC:
        raise UserError("Ungültiges X", f"X muss zwischen 0 und {engine.MAX_GENERIC} liegen.")


def _check_life(life: int | None) -> None:
    if life is not None and not 0 <= life <= MAX_LIFE:
        raise UserError("Ungültige Lebenspunkte", f"Lebenspunkte müssen zwischen 0 und {MAX_LIFE} liegen.")


MAX_LIFE = 10**6


# --------------------------------------------------------------------------- /mana info


@answer("mana_info")
async def mana_info(ctx: AnswerContext, cost: str, x: int | None = None) -> Reply:
    """``/mana info kosten`` → canonical cost, mana value (today; split cards also 2006), colours
    and every distinct way to pay its hybrid part."""
    _check_x(x)
    given = await read_cost(ctx, cost)
    value = await run_bounded(engine.explain_mana_value, given.faces, x=x)
    colors = await run_bounded(engine.explain_colors, given.faces)
    lines = [f"**Manakosten:** {given.cost_text}"]
    if given.is_split:
        old = await run_bounded(engine.explain_mana_value, given.faces, rules=engine.RULES_2006, x=x)
        lines.append(
            f"**Manawert:** {value.value} (heute, Summe der Hälften) · nach den Regeln von 2006: {old.shown}"
        )
        value_steps = value.steps + old.steps[-1:]
    else:
        lines.append(f"**Manawert:** {value.value}")
        value_steps = value.steps
    kind = "farblos" if not colors.colors else ("mehrfarbig" if len(colors.colors) > 1 else "einfarbig")
    lines.append(f"**Farben:** {colors.names}" + (f" ({kind})" if colors.colors else ""))
    steps = _card_note(given) + value_steps + colors.steps
    fields: list[Field] = []
    for number, face in enumerate(given.faces):
        if not any(s.kind in engine.CHOICE_KINDS for s in face.symbols):
            continue
        label = f" – {given.face_names[number]}" if given.is_split and given.face_names else ""
        try:
            hybrid = await compute(engine.hybrid_payments, face, limit=LIST_LIMIT)
        except UserError as exc:
            fields.append(Field(f"Bezahlmöglichkeiten{label}", exc.body))
            continue
        shown = [c.text + (f" + {life} Lebenspunkte" if life else "") for c, life in hybrid.options]
        fields.append(Field(f"Bezahlmöglichkeiten{label} ({hybrid.count})", _listing(shown, hybrid.count)))
        steps += [s for s in hybrid.steps if s not in steps]
    if not fields:
        lines.append("**Bezahlmöglichkeiten:** 1 (keine Hybrid- oder phyrexianischen Symbole)")
    return await explained_reply(ctx, given.label, "\n".join(lines), steps, fields)


# --------------------------------------------------------------------------- /mana pay


@answer("mana_pay")
async def mana_pay(ctx: AnswerContext, cost: str, pool: str, x: int = 0, life: int | None = None) -> Reply:
    """``/mana bezahlen kosten vorrat [x] [leben]`` → exactly whether the cost can be paid from the
    pool, one payment or what is missing; ``leben`` is the life total for Phyrexian symbols (119.4)."""
    _check_x(x)
    _check_life(life)
    given = await read_cost(ctx, cost)
    label, face = one_face(given, cost)
    if len(pool or "") > MAX_INPUT:
        raise UserError("Vorrat zu lang", f"Höchstens {MAX_INPUT} Zeichen.")
    try:
        mana_pool, notes = engine.read_pool(pool or "")
    except ManaError as exc:
        raise _bad_input(exc, "Angabe zum Manavorrat") from exc
    result = await compute(pay, face, mana_pool, x=x, life=life, what="Angabe zum Manavorrat")
    head = f"**Kosten:** {face.text}\n**Vorrat:** {engine.format_pool(mana_pool)}"
    if notes:
        head += "\n" + "\n".join(f"*Gelesen:* {n}" for n in notes)
    if result.payable:
        verdict = "✅ **Bezahlbar.**"
        if result.life_paid:
            verdict += f" Dabei werden {result.life_paid} Lebenspunkte bezahlt"
            verdict += "." if life is not None else f" (nur mit mindestens {result.life_paid} Lebenspunkten, 119.4)."
    else:
        missing = ways_text(result.missing_ways) or "Lebenspunkte"
        verdict = f"❌ **Nicht bezahlbar.** Es fehlt: {missing}."
    steps = _card_note(given) + result.steps
    return await explained_reply(ctx, f"Bezahlen: {label}", f"{verdict}\n{head}", steps)


# --------------------------------------------------------------------------- /mana convoke


@answer("mana_convoke")
async def mana_convoke(ctx: AnswerContext, cost: str, creatures: str, x: int = 0) -> Reply:
    """``/mana einberufen kosten kreaturen [x]`` → every distinct cost that can remain to pay
    (X announced first, ruling on Akkord des Rufes)."""
    _check_x(x)
    given = await read_cost(ctx, cost)
    label, face = one_face(given, cost)
    if len(creatures or "") > MAX_LONG_INPUT:
        raise UserError("Kreaturen: Angabe zu lang", f"Höchstens {MAX_LONG_INPUT} Zeichen.")
    try:
        tapped = engine.parse_creatures(creatures or "")
    except ManaError as exc:
        raise _bad_input(exc, "Angabe zu den Kreaturen") from exc
    result = await compute(engine.convoke, face, tapped, x=x, limit=LIST_LIMIT, what="Angabe zu den Kreaturen")
    texts = [c.text for c in result.remaining]
    xs = f" (X = {x})" if any(s.kind == engine.VARIABLE for s in face.symbols) else ""
    body = (
        f"**Kosten:** {face.text}{xs} · **Kreaturen:** {len(tapped)}\n"
        f"**Mögliche Restkosten ({result.count}):** {_listing(texts, result.count)}"
    )
    return await explained_reply(ctx, f"Einberufen: {label}", body, _card_note(given) + result.steps)


# --------------------------------------------------------------------------- /mana total

MAX_LONG_INPUT = 2000  # lists (reductions, creatures, upkeep choices)


def _cost_list(text: str | None, what: str) -> list[ManaCost]:
    """Several costs separated by ``,`` or ``;`` (``{1}, {2}``); none for empty input."""
    if not text or not text.strip():
        return []
    if len(text) > MAX_LONG_INPUT:
        raise UserError(f"{what}: Angabe zu lang", f"Höchstens {MAX_LONG_INPUT} Zeichen.")
    out = []
    for part in text.replace(";", ",").split(","):
        if part.strip():
            try:
                out.append(engine.parse_cost(part))
            except ManaError as exc:
                raise _bad_input(exc, what) from exc
    return out


@answer("mana_total")
async def mana_total(
    ctx: AnswerContext,
    cost: str,
    increase: str | None = None,
    reduction: str | None = None,
    alternative: str | None = None,
    x: int = 0,
    life: int | None = None,
) -> Reply:
    """``/mana gesamtkosten kosten erhoehung reduzierung alternativkosten x leben`` → every total
    cost the player's choices allow, best first (601.2b: hybrid and Phyrexian announced before the
    reductions; 601.2f, 118.7; Schnellvorlauf rulings), and the mana value (X counted, 202.3e)."""
    _check_x(x)
    _check_life(life)
    given = await read_cost(ctx, cost)
    label, face = one_face(given, cost)
    increases = _cost_list(increase, "Kostenerhöhung")
    reductions = _cost_list(reduction, "Kostenreduzierung")
    alt = None
    if alternative and alternative.strip():
        if len(alternative) > MAX_INPUT:
            raise UserError("Alternative Kosten zu lang", f"Höchstens {MAX_INPUT} Zeichen.")
        try:
            alt = engine.parse_cost(alternative)
        except ManaError as exc:
            raise _bad_input(exc, "alternative Kosten") from exc
    result = await compute(
        engine.total_cost,
        face,
        increases,
        reductions,
        alternative=alt,
        x=x,
        life=life,
        limit=LIST_LIMIT,
        what="Kostenreduzierung",
    )
    best = result.options[0]
    lines = [f"**Gesamtkosten:** {best.text}" + (f" ({best.choices})" if best.choices and result.count > 1 else "")]
    if result.count > 1:
        others = [o.text + (f" ({o.choices})" if o.choices else "") for o in result.options[1:]]
        lines.append(f"**Andere Wahl ({result.count - 1}):** " + _listing(others, result.count - 1))
    lines.append(f"**Manawert (unverändert):** {result.mana_value}")
    return await explained_reply(ctx, f"Gesamtkosten: {label}", "\n".join(lines), _card_note(given) + result.steps)


# --------------------------------------------------------------------------- /mana upkeep


MAX_NAME = 100  # longest text looked up as a card name for /mana versorgung


async def _card_upkeep(
    ctx: AnswerContext, text: str, options: list[engine.UpkeepOption]
) -> tuple[str, Step, str] | None:
    """When the upkeep cost given is one named cost that is a card's name (``Tressen aus Feuer``): the card's
    name, a step quoting its Kumulative Versorgung as printed in its document, and that cost
    (``Erhöhe deinen Manavorrat um {R}``); None when it is no card.

    Raises:
        UserError: the text is exactly the name of a card without Kumulative Versorgung (German hint).
    """
    if len(options) != 1 or options[0].mana.symbols or options[0].life or len(options[0].other) != 1:
        return None
    if len(text) > MAX_NAME:
        return None
    if engine.counted_text(options[0].other[0], 1) is not None:
        return None  # a cost of the Kälteeinbruch cards ("Opfere eine Kreatur"), never a name
    hit = ctx.names.resolve(text)
    card = await ctx.store.card(hit.card_id) if hit is not None else None
    if card is None:
        return None
    upkeep = engine.card_upkeep("\n".join([card.text, *(f.text for f in card.faces)]))
    if upkeep is None:
        if hit is not None and hit.tier == EXACT:
            raise UserError(
                f"{card.name} hat keine Kumulative Versorgung",
                "Gib die Versorgungskosten ein, z. B. `{1}`, `{W} oder {U}`, `1 Lebenspunkt` oder "
                "`Opfere eine Kreatur`, oder den Namen einer Karte mit Kumulativer Versorgung "
                "(z. B. Tressen aus Feuer).",
            )
        return None
    return card.name, Step(f"{card.name}: Kumulative Versorgung — {upkeep}.", None, card.document.title), upkeep


@answer("mana_upkeep")
async def mana_upkeep(ctx: AnswerContext, cost: str, counters: int) -> Reply:
    """``/mana versorgung kosten marken`` → Kumulative Versorgung when the ability triggers on a
    permanent with that many age counters (one more is added, then paid per counter: 502.13a,
    Kälteeinbruch FAQ), with a fresh choice per counter for ``{W} oder {U}``; life and the countable costs
    of the Kälteeinbruch cards summed (``Opfere 3 verschiedene Kreaturen``). ``kosten`` may name a card with
    Kumulative Versorgung (``Tressen aus Feuer``): its cost is read from the store."""
    if len(cost or "") > MAX_LONG_INPUT:
        raise UserError("Versorgungskosten zu lang", f"Höchstens {MAX_LONG_INPUT} Zeichen.")
    if not 0 <= counters <= engine.MAX_COUNTERS:
        raise UserError("Ungültige Anzahl Altersmarken", f"Erlaubt sind 0 bis {german_int(engine.MAX_COUNTERS)}.")
    try:
        options = engine.parse_upkeep(cost or "")
    except ManaError as exc:
        raise _bad_input(exc, "Versorgungskosten") from exc
    from_card = await _card_upkeep(ctx, (cost or "").strip(), options)
    if from_card is not None:
        options = engine.parse_upkeep(from_card[2])
    result = await compute(engine.cumulative_upkeep, options, counters, limit=LIST_LIMIT, what="Versorgungskosten")
    label = quote_user(" oder ".join(o.text for o in options), 200)
    head = (
        f"**Versorgungskosten:** {label} · **Altersmarken beim Auslösen:** {counters} (+1 → {result.payments}× zahlen)"
    )
    title = f"Kumulative Versorgung {label}"
    if from_card is not None:
        head = f"**Karte:** {from_card[0]}\n{head}"
        title = f"Kumulative Versorgung: {from_card[0]}"
    if result.count is None:
        total = f"**Gesamtkosten:** {quote_user(result.formula)} ({german_int(result.combinations)} Kombinationen)"
    elif result.count == 1:
        total = f"**Gesamtkosten:** {quote_user(result.totals[0])}"
    else:
        total = f"**Gesamtkosten ({result.count}):** {_listing([quote_user(t) for t in result.totals], result.count)}"
    steps = result.steps
    if any(o.other for o in options):  # named costs are the user's words: echoed inert
        steps = [Step(quote_user(s.text), s.rule, s.source) for s in steps]
    if from_card is not None:
        steps = [from_card[1], *steps]
    return await explained_reply(ctx, title, f"{head}\n{total}", steps)
