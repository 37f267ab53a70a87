"""Mana calculators: ``/mana info``, ``pay``, ``convoke``, ``total`` (German ``/mana …``); ``upkeep`` is
:mod:`bot.answers.upkeep`.

Each answer reads the user's text (:mod:`bot.answers.calc_input`: a mana cost, or a card name from the
store), runs its engine of :mod:`bot.rules.mana` in a worker process (:func:`compute`), and words the
engine's facts once (:mod:`bot.answers.calc_words`, :mod:`bot.answers.mana_words`): the first line is the
result, then the details, today's rules with today's numbers, the documents' dated rules as history.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from bot.answers.calc_choices import offers_cards
from bot.answers.calc_input import (
    CARD_NAMES_TOO,
    CREATURES,
    MANA_ONLY,
    MAX_INPUT,
    POOL,
    CostInput,
    bad_input,
    check_length,
    check_life,
    check_x,
    cost_list,
    creature_colors,
    one_face,
    read_cost,
    refuse_markup,
)
from bot.answers.calc_words import LIST_LIMIT, Calc, calc_reply, german_list, listing, mana, pool_text
from bot.answers.mana_words import (
    choices_text,
    creature_text,
    generic_half_text,
    option_text,
    payment_lines,
    reading_text,
    tapped_text,
    total_lines,
    ways_text,
    why_text,
)
from bot.answers.registry import AnswerContext, UserError, answer
from bot.answers.today_index import today_index
from bot.offload import TooExpensive, run_bounded
from bot.reply import Field, Reply, in_quotes
from bot.rules import mana as engine
from bot.rules.cite import Reason
from bot.rules.mana import ManaCost, ManaError, ManaValueResult, Symbol, SymbolKind
from bot.rules.payment import LIFE, PaymentResult, pay
from bot.text import german_int

CALC_BUDGET = 1.0  # seconds one calculation may take (every answer within 1 s)
T = TypeVar("T")
#: the register's row that says how a split card's characteristics changed (data/changes.toml)
SPLIT_CHANGE = "split_characteristics"
_SENTENCE_END = re.compile(r"(?<=[.!?“])\s+(?=[A-ZÄÖÜ„])")
#: Choice symbols (hybrid, Phyrexian) of a half up to which its payments are listed on the loop: each offers at most
#: three choices, so the set-DP (``hybrid.announce``) holds at most 3⁴ = 81 states over 4 layers; more keep the worker.
LOOP_CHOICES = 4
QUOTE_LIMIT = 340  # characters of a document's ruling quoted as history (whole sentences)


async def compute(
    func: Callable[..., T], /, *args: Any, what: str = "Eingabe", on_loop: bool = False, **kwargs: Any
) -> T:
    """One engine call, run through :func:`bot.offload.run_bounded` with :data:`CALC_BUDGET`, or directly on
    the loop when the caller has shown its work small (``on_loop``: bounded by the input's parsed size).

    Raises:
        UserError: the engine refused the input (:class:`ManaError`, German message) or the
            calculation passed its time budget.
    """
    try:
        return await run_bounded(func, *args, budget=CALC_BUDGET, on_loop=on_loop, **kwargs)
    except TooExpensive as exc:
        raise UserError(
            "Zu aufwendig", "Diese Rechnung braucht zu lange (über 1 Sekunde); bitte die Eingabe verkleinern."
        ) from exc
    except ManaError as exc:
        raise bad_input(exc, what) from exc


def _read_lines(given: CostInput) -> list[str]:
    """The notices on how the input was read (a card name that is also a cost), one ``ℹ️`` line each."""
    return [f"ℹ️ {note}" for note in given.notes]


def _card_source(given: CostInput) -> list[str]:
    """The document a card's cost was read from, for the footer."""
    return [given.card.document.title] if given.card is not None else []


def _has_x(cost: ManaCost) -> bool:
    """True when ``cost`` holds an ``{X}`` (107.3)."""
    return any(s.kind is SymbolKind.VARIABLE and s.var == "X" for s in cost.symbols)


def _x_text(cost: ManaCost, x: int | None) -> str:
    return f" (X = {x})" if x is not None and _has_x(cost) else ""


def _x_unused(faces: Sequence[ManaCost], x: int | None) -> list[str]:
    """The line saying the option ``x`` was given for a cost without ``{X}`` and so changes nothing
    (``ℹ️ X = 2 nicht verwendet: {3}{B}{G} enthält kein {X}.``), or none: an option typed is never ignored
    silently."""
    if x is None or any(_has_x(face) for face in faces):
        return []
    return [f"ℹ️ X = {x} nicht verwendet: {' // '.join(mana(face) for face in faces)} enthält kein {{X}}."]


# --------------------------------------------------------------------------- /mana info


#: Y and Z in a cost: the option ``x`` gives them no value, so the sum counts them 0 (no rule says so).
_YZ_ZERO = "ℹ️ Y und Z sind hier mit 0 gerechnet (die Option `x` gibt nur X einen Wert)."


def _value_text(given: CostInput, value: ManaValueResult) -> str:
    """``7 (Bestimmt 5 + Unbeirrt 2, Summe der Hälften)`` for a split card, else the value."""
    if not given.is_split:
        return german_int(value.value)
    names = given.face_names or tuple(f"Hälfte {i}" for i in range(1, len(value.values) + 1))
    halves = " + ".join(f"{name} {v}" for name, v in zip(names, value.values, strict=False))
    return f"{german_int(value.value)} ({halves}, Summe der Hälften)"


def _sum_lines(given: CostInput, value: ManaValueResult) -> str:
    """Per half ``{3}{B}{G}: 3 + 1 + 1 = 5`` (with the half's name for a split card)."""
    lines = []
    for i, (face, parts, total) in enumerate(zip(given.faces, value.parts, value.values, strict=True)):
        name = f"{given.face_names[i]} " if given.is_split and i < len(given.face_names) else ""
        if not face.symbols:
            lines.append(f"{name}ohne Manakosten: 0")
        else:
            summed = " + ".join(map(german_int, parts)) + ("" if len(parts) == 1 else f" = {german_int(total)}")
            lines.append(f"{name}{mana(face)}: {summed}")
    return "\n".join(lines)


async def _dated_split_quote(ctx: AnswerContext) -> str:
    """The document's own words on a split card's two values (the Zwietracht FAQ's ruling that the change
    register names for the change of 2017), its first sentences; ``""`` for a store without it."""
    index = await today_index(ctx.store)
    links = index.entries_by_change.get(SPLIT_CHANGE, [])
    rulings = {i for kind, i in links if kind == "ruling"}
    for kind, mechanic_id in links:
        if kind != "mechanic":
            continue
        for ruling in await ctx.store.rulings_for_mechanic(mechanic_id):
            if ruling.id in rulings:
                quoted = ""
                for sentence in _SENTENCE_END.split(ruling.text.strip()):
                    if len(quoted) + len(sentence) + 1 > QUOTE_LIMIT:
                        quoted += " …"
                        break
                    quoted = f"{quoted} {sentence}".strip()
                return in_quotes(quoted)
    return ""


async def _hybrid_fields(given: CostInput, calc: Calc) -> None:
    """Every distinct payment of the hybrid and Phyrexian symbols of each half, as fields of ``calc``."""
    for number, face in enumerate(given.faces):
        if not any(s.kind.announced for s in face.symbols):
            continue
        label = f" – {given.face_names[number]}" if given.is_split and given.face_names else ""
        few = sum(s.kind.announced for s in face.symbols) <= LOOP_CHOICES
        try:
            hybrid = await compute(engine.hybrid_payments, face, limit=LIST_LIMIT, on_loop=few)
        except UserError as exc:
            calc.details.append(Field(f"Bezahlmöglichkeiten{label}", exc.body))
            continue
        shown = [mana(c) + (f" + {life} Lebenspunkte" if life else "") for c, life in hybrid.options]
        calc.details.append(Field(f"Bezahlmöglichkeiten{label} ({hybrid.count})", listing(shown, hybrid.count)))
        calc.reasons = [*calc.reasons, *hybrid.reasons]
        calc.history = [*calc.history, *hybrid.history]


@answer("mana_info")
@offers_cards("mana_info")
async def mana_info(ctx: AnswerContext, cost: str, x: int | None = None) -> Reply:
    """``/mana info kosten`` → mana value and colours first (today; a split card's two values of 2006 as
    history, quoted from the Zwietracht FAQ), the sum per symbol, every distinct way to pay its hybrid part."""
    check_x(x)
    given = await read_cost(ctx, cost)
    # Value and colours are computed here, on the loop, not in a worker (/karte does the same): each is a fixed
    # number of passes over the symbols read_cost has already parsed and rendered on the loop (≤ MAX_INPUT
    # characters, at most one symbol per character), constant work per symbol (an int, at most two colours,
    # color_order sorting at most five), with X bounded by check_x — never more work than reading the cost.
    # Only the hybrid payments below (one per choice of each hybrid symbol: exponential) need the worker.
    value = engine.explain_mana_value(given.faces, x=x)
    colors = engine.explain_colors(given.faces)
    kind = "farblos" if not colors.colors else ("mehrfarbig" if len(colors.colors) > 1 else "einfarbig")
    letters = {s.var for face in given.faces for s in face.symbols if s.kind is SymbolKind.VARIABLE}
    shown = _value_text(given, value)
    if x is not None and "X" in letters:  # 202.3e: the chosen X counts only on the stack
        off = engine.explain_mana_value(given.faces, x=None)
        shown += f" auf dem Stapel (X = {x}; außerhalb des Stapels {german_int(off.value)})"
    calc = Calc(
        title=given.label,
        result=f"**Manawert:** {shown} · **Farben:** {colors.names}" + (f" ({kind})" if colors.colors else ""),
        lines=[
            f"**Manakosten:** {mana(given.faces)}{_x_text(given.faces[0], x)}",
            *_read_lines(given),
            *_x_unused(given.faces, x),
            *([_YZ_ZERO] if letters - {"X"} else []),
        ],
        details=[Field("Rechnung", _sum_lines(given, value))],
        reasons=[*value.reasons, *colors.reasons],
        history=[*value.history, *colors.history],
        sources=_card_source(given),
    )
    if Reason.MV_SPLIT_2006 in value.history:
        quote = await _dated_split_quote(ctx)
        calc.notes[Reason.MV_SPLIT_2006] = f"Hier: {' und '.join(map(str, value.values))}." + (
            f" Im Wortlaut: {quote}" if quote else ""
        )
    await _hybrid_fields(given, calc)
    return calc_reply(calc, await ctx.store.cr_effective(), await today_index(ctx.store))


# --------------------------------------------------------------------------- /mana pay


def _paid_line(result: PaymentResult, life: int | None, symbols: Sequence[Symbol], units: int = 0) -> str:
    """The first line of a payment of the cost's ``symbols``: ``✅ **Bezahlbar** mit {B}{G}{G} und 2
    Lebenspunkten.`` or ``❌ **Nicht bezahlbar**: es fehlt 1× grünes Mana.`` (with what else pays a ``{2/W}``'s
    missing colour, :func:`generic_half_text`; for a Phyrexian symbol the life still lacking once ``units``
    symbols are counted paid with 2 life each, :func:`_life_assumed`); a payment that takes the last life says the
    player loses (704.5a)."""
    if not result.payable:
        missing = ways_text(result.missing_ways, life - 2 * units if life is not None else None) or "Lebenspunkte"
        return f"❌ **Nicht bezahlbar**: es fehlt {missing}{generic_half_text(symbols, result.missing_ways)}."
    spent = [k for _, kinds, _ in result.payment for k in kinds]
    paid = german_int(result.life_paid)
    parts = ([pool_text(spent)] if spent else []) + ([f"{paid} Lebenspunkten"] if result.life_paid else [])
    line = "✅ **Bezahlbar** " + (f"mit {' und '.join(parts)}" if parts else "ohne Mana")
    if result.life_paid and life is None:
        line += f", nur mit mindestens {paid} Lebenspunkten"
    elif Reason.LOSES_GAME in result.reasons and life is not None:
        line += f"; danach hast du {german_int(life - result.life_paid)} Lebenspunkte und verlierst das Spiel"
    return line + "."


async def _life_assumed(face: ManaCost, pool: Any, x: int, result: PaymentResult) -> tuple[str, int]:
    """For an unpayable cost: the sentence saying which Phyrexian symbols the missing list counts as paid with
    2 life each (107.4f; without a life total as many as help, else as many as it allows, 119.4), and what is
    missing without any life, with the number of those symbols; ``("", 0)`` when no life was counted.

    The life counted is the difference between the shortfall of ``result`` and the shortfall of a second
    calculation with life 0: each unit one Phyrexian symbol paid with 2 life.
    """
    phyrexian = [s for s in face.symbols if s.kind is SymbolKind.PHYREXIAN]
    if result.payable or not phyrexian or (result.life is not None and result.life < 2):
        return "", 0
    without = await compute(pay, face, pool, x=x, life=0, what="Angabe zum Manavorrat")
    units = sum(n for _kinds, n in without.missing) - sum(n for _kinds, n in result.missing)
    if units <= 0:
        return "", 0
    mana_only = [[(kinds - {LIFE}, n) for kinds, n in way] for way in without.missing_ways]
    if units == len(phyrexian):
        which = f"{'ist' if units == 1 else 'sind'} {''.join(mana(s) for s in phyrexian)}"
    else:
        which = f"{'ist eines' if units == 1 else f'sind {units}'} der Symbole {''.join(mana(s) for s in phyrexian)}"
    return (
        f"\nDabei {which} mit {2 * units} Lebenspunkten bezahlt gerechnet (107.4f: 2 Lebenspunkte je "
        f"phyrexianisches Symbol); ohne Lebenspunkte fehlt {ways_text(mana_only)}."
    ), units


@answer("mana_pay")
@offers_cards("mana_pay")
async def mana_pay(ctx: AnswerContext, cost: str, pool: str, x: int | None = None, life: int | None = None) -> Reply:
    """``/mana bezahlen kosten vorrat [x] [leben]`` → exactly whether the cost can be paid from the
    pool, one payment or what is missing; ``leben`` is the life total for Phyrexian symbols (119.4); ``x`` (0 when
    not given) for a cost without ``{X}`` is said to change nothing."""
    check_x(x)
    check_life(life)
    given = await read_cost(ctx, cost)
    label, face = one_face(given, cost)
    check_length(pool, "Vorrat zu lang", MAX_INPUT)
    refuse_markup(pool, "Manavorrat", POOL)
    try:
        mana_pool, readings = engine.read_pool(pool or "")
    except ManaError as exc:
        raise bad_input(exc, "Angabe zum Manavorrat") from exc
    result = await compute(pay, face, mana_pool, x=x or 0, life=life, what="Angabe zum Manavorrat")
    given_life = f" · **Leben:** {german_int(life)}" if life is not None else ""
    assumed, units = await _life_assumed(face, mana_pool, x or 0, result)
    calc = Calc(
        title=f"Bezahlen: {label}",
        result=_paid_line(result, life, face.symbols, units) + assumed,
        lines=[
            f"**Kosten:** {mana(face)}{_x_text(face, x)} · **Vorrat:** {pool_text(mana_pool)}{given_life}",
            *dict.fromkeys(f"ℹ️ {reading_text(r)}" for r in readings),  # "2 2": one notice
            *_read_lines(given),
            *_x_unused([face], x),
        ],
        reasons=result.reasons,
        history=result.history,
        sources=_card_source(given),
    )
    if result.payable:
        paid = payment_lines(result.payment, result.generic_halves)
        calc.details.append(Field("Bezahlung", "\n".join([*paid, f"Übrig im Vorrat: {pool_text(result.remaining)}"])))
    return calc_reply(calc, await ctx.store.cr_effective(), await today_index(ctx.store))


# --------------------------------------------------------------------------- /mana convoke


@answer("mana_convoke")
@offers_cards("mana_convoke")
async def mana_convoke(ctx: AnswerContext, cost: str, creatures: str, x: int | None = None) -> Reply:
    """``/mana einberufen kosten kreaturen [x]`` → the remaining cost easiest to pay first (why, and which
    creature pays what), then the others (X announced first, ruling on Akkord des Rufes)."""
    check_x(x)
    given = await read_cost(ctx, cost)
    label, face = one_face(given, cost)
    check_length(creatures, "Kreaturen: Angabe zu lang")
    refuse_markup(creatures, "Kreaturen", CREATURES)
    creatures, named = await creature_colors(ctx, creatures)  # „Boros-Rekrut“: the card's colours from the store
    try:
        tapped = engine.parse_creatures(creatures or "")
    except ManaError as exc:
        # a word that is no colour may be a card's name the store lacks: say that names are taken too; a count's
        # error („0000000“) is about the count alone
        unknown_word = str(exc).startswith("Unbekannte Farbe")
        raise bad_input(exc, "Angabe zu den Kreaturen", CARD_NAMES_TOO if unknown_word else "") from exc
    result = await compute(engine.convoke, face, tapped, x=x or 0, limit=LIST_LIMIT, what="Angabe zu den Kreaturen")
    best = f"nichts ({mana(result.best)})" if not result.best.symbols else mana(result.best)
    head = f"**Es bleibt {best} zu bezahlen.**"
    if result.count > 1:
        head = f"**Am besten bleibt {best} zu bezahlen** (von {result.count} möglichen Restkosten)."
    described = german_list([(f"{n}× " if n > 1 else "") + creature_text(c) for c, n in result.creatures])
    runner_up = mana(result.next_best) if result.next_best is not None else ""
    calc = Calc(
        title=f"Einberufen: {label}",
        result=head,
        lines=[
            *([why_text(result.why, runner_up)] if result.count > 1 else []),
            "So: " + " · ".join(tapped_text(t) for t in result.best_tapped),
            f"**Gesamtkosten:** {mana(result.total)}{_x_text(face, x)} · **Kreaturen ({len(tapped)}):** {described}",
            *_read_lines(given),
            *named,
            *_x_unused([face], x),
        ],
        reasons=result.reasons,
        history=result.history,
        sources=_card_source(given),
    )
    others = [mana(c) for c in result.remaining if c != result.best]
    if result.count > 1:
        calc.details.append(Field(f"Andere Restkosten ({result.count - 1})", listing(others, result.count - 1)))
    return calc_reply(calc, await ctx.store.cr_effective(), await today_index(ctx.store))


# --------------------------------------------------------------------------- /mana total


@answer("mana_total")
@offers_cards("mana_total")
async def mana_total(
    ctx: AnswerContext,
    cost: str,
    increase: str | None = None,
    reduction: str | None = None,
    alternative: str | None = None,
    x: int | None = None,
    life: int | None = None,
) -> Reply:
    """``/mana gesamtkosten kosten erhoehung reduzierung alternativkosten x leben`` → the best total cost
    first (and why), the calculation, every other total the player's choices allow (601.2b: hybrid and
    Phyrexian announced before the reductions; 601.2f, 118.7; Schnellvorlauf rulings); mana value unchanged."""
    check_x(x)
    check_life(life)
    given = await read_cost(ctx, cost)
    label, face = one_face(given, cost)
    increases = cost_list(increase, "Kostenerhöhung")
    reductions = cost_list(reduction, "Kostenreduzierung")
    alt = None
    if alternative and alternative.strip():
        check_length(alternative, "Alternative Kosten zu lang", MAX_INPUT)
        refuse_markup(alternative, "Alternative Kosten", MANA_ONLY)
        try:
            alt = engine.parse_cost(alternative)
        except ManaError as exc:
            raise bad_input(exc, "alternative Kosten") from exc
    result = await compute(
        engine.total_cost, face, increases, reductions, alternative=alt, x=x or 0, life=life, limit=LIST_LIMIT,
        what="Kostenreduzierung",
    )  # fmt: skip
    best = result.options[0]
    choices = choices_text(best)
    calc = Calc(
        title=f"Gesamtkosten: {label}",
        result=f"**Gesamtkosten:** {option_text(best)}" + (f" ({choices})" if choices and result.count > 1 else ""),
        lines=[
            *([why_text(result.why, option_text(result.options[1]))] if result.count > 1 else []),
            f"**Manawert (unverändert):** {result.mana_value}",
        ],
        details=[Field("Rechnung", "\n".join(total_lines(result)))],
        reasons=result.reasons,
        history=result.history,
        sources=_card_source(given),
    )
    if result.count > 1:
        others = [option_text(o) + (f" ({choices_text(o)})" if choices_text(o) else "") for o in result.options[1:]]
        calc.details.append(Field(f"Andere Wahl ({result.count - 1})", listing(others, result.count - 1)))
    calc.lines += _read_lines(given) + _x_unused([face], x)
    return calc_reply(calc, await ctx.store.cr_effective(), await today_index(ctx.store))
