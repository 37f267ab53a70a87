"""Mana calculators: ``/mana info``, ``pay``, ``convoke``, ``total``, ``upkeep`` (German ``/mana …``).

Thin layer over :mod:`bot.rules.mana`: turns the user's text (a mana cost, or a card name from
the store) into costs, runs the engine and renders its explained steps as a German reply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.answers.registry import AnswerContext, UserError, answer
from bot.offload import run_bounded
from bot.reply import Field, Page, Reply, quote_user
from bot.rules import mana as engine
from bot.rules.mana import ManaCost, ManaError
from bot.rules.payment import pay
from bot.rules.steps import Step, sources_of
from bot.search import EXACT

if TYPE_CHECKING:
    from bot.store import CardRecord

MAX_INPUT = 300
LIST_LIMIT = 24  # options listed in a reply (the count is always exact)


@dataclass
class CostInput:
    """A cost the user gave: typed, or read from a card of the store.

    Attributes:
        faces: the cost of each half (one for a normal card; a land has an empty cost).
        label: how to show it (the card's name, or the canonical cost).
        card: the card when the input named one.
        face_names: names of the halves of a card, else empty.
    """

    faces: list[ManaCost]
    label: str
    card: CardRecord | None = None
    face_names: tuple[str, ...] = ()

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


def _looks_like_cost(text: str) -> bool:
    return "{" in text or "}" in text


async def read_cost(ctx: AnswerContext, text: str, what: str = "Kosten") -> CostInput:
    """A mana cost or a card name → :class:`CostInput`.

    ``{…}`` input is always a cost. Otherwise an exact card name wins, then shorthand
    (``3BG``, ``2 w/u w/u``), then a clear name match (prefix/fuzzy). ``what`` names the option
    in messages.

    Raises:
        UserError: neither a cost nor a card; the German message gives the parser's complaint
            (bad symbol and position) and the closest card names.
    """
    text = (text or "").strip()
    if not text:
        raise UserError(f"{what} fehlen", "Gib Manakosten wie `{2}{G/W}` oder einen Kartennamen ein.")
    if len(text) > MAX_INPUT:
        raise UserError(f"{what} zu lang", f"Höchstens {MAX_INPUT} Zeichen.")
    if _looks_like_cost(text):
        try:
            faces = engine.parse_faces(text)
        except ManaError as exc:
            raise _bad_input(exc) from exc
        return CostInput(faces, engine.format_cost(faces))
    hit = ctx.names.resolve(text)
    if hit is None or hit.tier != EXACT:
        try:
            faces = engine.parse_faces(text)
        except ManaError as exc:
            if hit is None:
                hits = ctx.names.search(text, limit=5)
                hint = ("\nMeintest du: " + ", ".join(h.card_name for h in hits)) if hits else ""
                raise UserError(
                    f"„{quote_user(text, 80)}“ ist weder Manakosten noch eine bekannte Karte",
                    f"Als Manakosten gelesen: {quote_user(str(exc))}{hint}",
                ) from exc
        else:
            return CostInput(faces, engine.format_cost(faces))
    assert hit is not None
    card = await ctx.store.card(hit.card_id)
    if card is None:
        raise UserError(f"Karte „{quote_user(text, 80)}“ nicht gefunden", "Die Datenbank wurde inzwischen neu gebaut.")
    names = tuple(f.name for f in card.faces) if card.is_split else ()
    faces = _card_faces(card)
    # a split card named by one half ("Bestimmt") keeps both halves; callers that need one pick it
    return CostInput(faces, card.name, card, names)


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
        f"{cost.label} hat zwei Hälften; gewirkt wird nur eine. "
        f"Gib {halves or 'die Kosten einer Hälfte'} an.",
    )


def steps_text(steps: list[Step]) -> str:
    """Steps as a bullet list: ``• 104.3f (Ravnica-FAQ, 2005): …``."""
    return "\n".join(f"• {s}" for s in steps)


def explained_reply(title: str, body: str, steps: list[Step], extra: list[Field] | None = None) -> Reply:
    """A reply with the result in the body, optional fields, and the steps in a field
    „Erklärung“; the footer names every cited document."""
    fields = list(extra or [])
    fields.append(Field("Erklärung", steps_text(steps)))
    source = " · ".join(sources_of(steps)) or "Regelbot-Rechner"
    return Reply(pages=[Page(title=title, body=body, fields=fields)], source=source)


def _card_note(cost: CostInput) -> list[Step]:
    if cost.card is None:
        return []
    doc = cost.card.document
    return [Step(f"Kosten von {cost.card.name}: {cost.cost_text}.", None, doc.title)]


def _listing(costs: list[str], count: int) -> str:
    shown = " · ".join(costs[:LIST_LIMIT])
    return shown + (f" … (und {count - LIST_LIMIT} weitere)" if count > LIST_LIMIT else "")


def _check_x(x: int | None) -> None:
    if x is not None and not 0 <= x <= engine.MAX_GENERIC:
        raise UserError("Ungültiges X", f"X muss zwischen 0 und {engine.MAX_GENERIC} liegen.")


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
        if not any(s.kind in (engine.HYBRID, engine.MONO_HYBRID, engine.PHYREXIAN) for s in face.symbols):
            continue
        label = f" – {given.face_names[number]}" if given.is_split and given.face_names else ""
        try:
            hybrid = await run_bounded(engine.hybrid_payments, face, limit=LIST_LIMIT)
        except ManaError as exc:
            fields.append(Field(f"Bezahlmöglichkeiten{label}", str(exc)))
            continue
        shown = [c.text + (f" + {life} Lebenspunkte" if life else "") for c, life in hybrid.options]
        fields.append(Field(f"Bezahlmöglichkeiten{label} ({hybrid.count})", _listing(shown, hybrid.count)))
        steps += [s for s in hybrid.steps if s not in steps]
    if not fields:
        lines.append("**Bezahlmöglichkeiten:** 1 (keine Hybrid- oder phyrexianischen Symbole)")
    return explained_reply(given.label, "\n".join(lines), steps, fields)


# --------------------------------------------------------------------------- /mana pay


@answer("mana_pay")
async def mana_pay(ctx: AnswerContext, cost: str, pool: str, x: int = 0, life: int | None = None) -> Reply:
    """``/mana bezahlen kosten vorrat`` → exactly whether the cost can be paid from the pool, one
    payment or what is missing."""
    _check_x(x)
    if life is not None and life < 0:
        raise UserError("Ungültige Lebenspunkte", "Lebenspunkte können nicht negativ sein.")
    given = await read_cost(ctx, cost)
    label, face = one_face(given, cost)
    try:
        if len(pool or "") > MAX_INPUT:
            raise UserError("Vorrat zu lang", f"Höchstens {MAX_INPUT} Zeichen.")
        mana_pool = engine.parse_pool(pool or "")
    except ManaError as exc:
        raise _bad_input(exc, "Angabe zum Manavorrat") from exc
    try:
        result = await run_bounded(pay, face, mana_pool, x=x, life=life)
    except ManaError as exc:
        raise _bad_input(exc, "Angabe zum Manavorrat") from exc
    head = f"**Kosten:** {face.text}\n**Vorrat:** {engine.format_pool(mana_pool)}"
    if result.payable:
        verdict = "✅ **Bezahlbar.**" + (
            f" Dabei werden {result.life_paid} Lebenspunkte bezahlt." if result.life_paid else ""
        )
    else:
        missing = ", ".join(f"{n}× {label}" for label, n in result.missing) or "Lebenspunkte"
        verdict = f"❌ **Nicht bezahlbar.** Es fehlt: {missing}."
    steps = _card_note(given) + result.steps
    return explained_reply(f"Bezahlen: {label}", f"{verdict}\n{head}", steps)


# --------------------------------------------------------------------------- /mana convoke


@answer("mana_convoke")
async def mana_convoke(ctx: AnswerContext, cost: str, creatures: str) -> Reply:
    """``/mana einberufen kosten kreaturen`` → every distinct cost that can remain to pay."""
    given = await read_cost(ctx, cost)
    label, face = one_face(given, cost)
    try:
        tapped = engine.parse_creatures(creatures or "")
        result = await run_bounded(engine.convoke, face, tapped)
    except ManaError as exc:
        raise _bad_input(exc, "Angabe zu den Kreaturen") from exc
    texts = [c.text for c in result.remaining]
    body = (
        f"**Kosten:** {face.text} · **Kreaturen:** {len(tapped)}\n"
        f"**Mögliche Restkosten ({len(texts)}):** {_listing(texts, len(texts))}"
    )
    return explained_reply(f"Einberufen: {label}", body, _card_note(given) + result.steps)


# --------------------------------------------------------------------------- /mana total


def _cost_list(text: str | None, what: str) -> list[ManaCost]:
    """Several costs separated by ``,`` or ``;`` (``{1}, {2}``); none for empty input."""
    if not text or not text.strip():
        return []
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
) -> Reply:
    """``/mana gesamtkosten kosten erhoehung reduzierung`` → total cost (Schnellvorlauf rulings:
    cost or alternative cost + increases, then reductions; mana value unchanged)."""
    _check_x(x)
    given = await read_cost(ctx, cost)
    label, face = one_face(given, cost)
    increases = _cost_list(increase, "Kostenerhöhung")
    reductions = _cost_list(reduction, "Kostenreduzierung")
    alt = None
    if alternative and alternative.strip():
        try:
            alt = engine.parse_cost(alternative)
        except ManaError as exc:
            raise _bad_input(exc, "alternative Kosten") from exc
    try:
        result = await run_bounded(engine.total_cost, face, increases, reductions, alternative=alt, x=x)
    except ManaError as exc:
        raise _bad_input(exc, "Kostenreduzierung") from exc
    body = f"**Gesamtkosten:** {result.total.text}\n**Manawert (unverändert):** {result.mana_value}"
    return explained_reply(f"Gesamtkosten: {label}", body, _card_note(given) + result.steps)


# --------------------------------------------------------------------------- /mana upkeep


@answer("mana_upkeep")
async def mana_upkeep(ctx: AnswerContext, cost: str, counters: int) -> Reply:
    """``/mana versorgung kosten marken`` → Kumulative Versorgung for that many age counters
    (502.13a, Kälteeinbruch FAQ), with a fresh choice per counter for ``{W} oder {U}``."""
    try:
        options = engine.parse_upkeep(cost or "")
        result = await run_bounded(engine.cumulative_upkeep, options, counters, limit=LIST_LIMIT)
    except ManaError as exc:
        raise _bad_input(exc, "Versorgungskosten") from exc
    texts = [t.text for t in result.totals]
    label = " oder ".join(o.text for o in options)
    body = (
        f"**Versorgungskosten:** {label} · **Altersmarken:** {counters}\n"
        f"**Gesamtkosten ({result.count}):** {_listing(texts, result.count)}"
    )
    return explained_reply(f"Kumulative Versorgung {label}", body, result.steps)
