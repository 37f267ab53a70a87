"""``/frage`` with a rule number inside its sentence (``was sagt regel 702.19``, ``erkläre regel 103.5b``): the rule
leads, as ``/regel suche`` would show it; a number no rule has is refused as ``/regel suche`` refuses it.

In the ranking a rule number is one search term among the question's words. A passage printed under it (the term
table's row „Trampelschaden …: heute Regel 702.19“) keeps the term table's low prior unless every other word of the
question is an asking word („was ist“, „was bedeutet“: :meth:`bot.ranking.Ranker._about`), so ``was sagt regel
702.19`` led with 003's entry 110.5b, which holds „sagt“; and 003's entries carry their number only in the rule
catalogue (:func:`bot.rule_catalog.catalog`), so ``regel 103.5b`` never found 103.5b's entry. A number the
question names is therefore read here, before the ranked passages are shown (:func:`rule_led`), as ``/regel suche``
reads one (:func:`bot.rule_catalog.parse_number`, look-alike letters, the refusal of a number's shape that
is none); the ranking is unchanged (no question of the tuning parts names a rule number).
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.answers.eras import cited_otherwise
from bot.answers.registry import AnswerContext
from bot.answers.rule_sources import rule_refusal
from bot.answers.rules import rule_action
from bot.candidates import Hit, Ranked
from bot.errors import UserError
from bot.ranking import ranker
from bot.reply import Reply, quote_user
from bot.rule_catalog import catalog, misnumbered, parse_number, read_number, refuse_number
from bot.store import PassageRecord, Store
from bot.text import clean

#: A rule number named in a sentence: the piece after a word for "rule" (``Regel 702.19``, ``rule -5``, ``R. 7O2.19``,
#: ``§ 702.51``) up to the next space, or a piece that starts as a rule number does, three digits, a dot and a digit
#: other than 0 (``702.19``, ``702.19zz``; not ``17.04.2026`` nor ``100.000``), also without the word.
_NAMED = re.compile(r"(?<![\w.])(?:(?:regeln?|rules?|cr|nr\.|r\.)\s*|§\s*)(\S+)"
                    r"|(?<![\w.,\-−])([0-9]{3}\.[1-9][0-9]*[a-z]*)(?![\w.]\w)", re.IGNORECASE)
#: Punctuation of the sentence around a named number (``702.19?``, ``(702.19)``, ``„702.19“``): no part of it.
_AROUND = "?!.,;:()[]„“”\"'»«"
#: Most numbers of one question read (each a look-up whether ``/regel suche`` answers it).
MAX_ASKED = 5
#: The order in which a number's passages lead: 003's German entry, the official rule (``build --cr``), the rule as
#: a document prints it, the term table's row, the official glossary.
LEAD_ORDER = ("explanation", "cr_rule", "quoted_rule", "term", "glossary")


def named_pieces(question: str) -> list[str]:
    """Every piece of ``question`` that names a rule number or tries to, in the order typed, each once (no limit):
    ``"was sagt 702.19, 104.3f und 601.2"`` → ``["702.19", "104.3f", "601.2"]``."""
    pieces: dict[str, None] = {}
    for m in _NAMED.finditer(clean(question)):
        piece = (m.group(1) or m.group(2)).strip(_AROUND)
        if any(ch.isdigit() for ch in piece) and (parse_number(piece) or read_number(piece) or misnumbered(piece)):
            pieces.setdefault(piece)
    return list(pieces)


def asked_numbers(question: str) -> list[str]:
    """The pieces of ``question`` that name a rule number or try to (:func:`named_pieces`), at most
    :data:`MAX_ASKED`: ``"was sagt regel 702.19?"`` → ``["702.19"]``, ``"erkläre Regel -5"`` → ``["-5"]``,
    ``"kann ich 200 karten spielen"`` → ``[]`` (a bare number without a dot is no rule named), ``"regel zu
    trampelschaden"`` → ``[]`` (no digit after the word)."""
    return named_pieces(question)[:MAX_ASKED]


def _number_of(piece: str) -> str:
    """The rule number ``piece`` is read as (look-alike letters read, :func:`read_number`), else the piece."""
    read = read_number(piece)
    return read[0] if read else parse_number(piece) or piece


def unshown_lines(led: str, missing: list[str], others: list[str], unread: list[str]) -> list[str]:
    """The notes on the rule numbers a question names besides the one that leads (``led``): those no rule has
    (``missing``, „Regel 999.9 nicht gefunden“), those found but not among the passages shown (``others``: only
    one number leads; ``/regel suche`` shows each), those beyond :data:`MAX_ASKED` not looked up (``unread``),
    each quoted escaped; ``[]`` when there are none."""
    lines = []
    if missing:
        named = ", ".join(quote_user(n, 20) for n in missing)
        lines.append(f"ℹ️ Nicht gefunden: Regel {named} (kein Dokument des Bots enthält oder zitiert "
                     f"{'sie' if len(missing) == 1 else 'diese Regeln'}).")
    rest = others + unread
    if rest:
        named = ", ".join(quote_user(n, 20) for n in rest)
        lines.append(f"ℹ️ Gezeigt wird Regel {quote_user(led, 20)}; nicht gezeigt: Regel {named}. Alle zusammen: "
                     f"`/regel suche: {' '.join(quote_user(n, 20) for n in [led, *rest][:MAX_ASKED])}`.")
    return lines


async def number_passage(store: Store, number: str, today_first: bool = False) -> PassageRecord | None:
    """The passage that shows rule ``number`` in ``/frage``: 003's entry with that number (the rule catalogue's certain
    number), else the first passage printed under it in :data:`LEAD_ORDER`, else 003's entry only guessed to be that
    number (104.3e: entry 134 „Ein Effekt kann festlegen, dass ein Spieler die Partie verliert.“, as ``/regel suche``
    answers it); None when no passage carries it (a number only the change register or 003's text names: ``/regel
    suche`` answers it). ``today_first``: a document prints the number for another rule than today's
    (:func:`bot.answers.eras.cited_otherwise`: 104.3, the 2005 FAQ's mana symbols): 003's guessed entry comes first,
    and the document's old rule never leads (``/regel suche`` shows it after today's rule)."""
    cat = await catalog(store)
    certain = next((e for e in cat.explanations if e.number == number), None)
    guessed = next((e for e in cat.explanations if e.shown_number == number), None)
    for entry in (certain, guessed if today_first else None):
        if entry is not None and (found := await store.passages_of_entries("explanation", [entry.id])):
            return found[0]
    kinds = [k for k in LEAD_ORDER if not (today_first and k == "quoted_rule")]
    numbered = [p for p in await store.numbered_passages(number) if p.kind in kinds]
    if numbered:
        return min(numbered, key=lambda p: kinds.index(p.kind))
    found = await store.passages_of_entries("explanation", [guessed.id]) if guessed is not None else []
    return found[0] if found else None


async def rule_led(ctx: AnswerContext, question: str, found: Ranked,
                   said: list[str] | None = None) -> Ranked | Reply:
    """``found`` led by the rule the question names (:func:`asked_numbers`; the first one ``/regel suche`` answers):
    its passage (:func:`number_passage`) first and clear, the other hits after it as ranked (one fewer); ``/regel
    suche``'s answer to the number itself when no passage carries it (``603.7a``: named in 003's text); ``found``
    unchanged when the question names no rule number. The other numbers named are said, never dropped
    (:func:`unshown_lines`, appended to ``said``, the lines under the question; on ``/regel suche``'s page itself):
    „was sagt 999.9 und 702.19“ leads with 702.19 and says 999.9 was not found. Of each number only whether
    ``/regel suche`` answers it is read, or the refusal it gives (:func:`bot.answers.rule_sources.rule_refusal`); its
    answer is built only where it is shown (the leading number without a passage).

    Raises:
        UserError: a piece of a number's shape that is none (``702.19zz``, ``-5``: ``/regel suche``'s refusal,
            :func:`bot.rule_catalog.refuse_number`), or a number no rule has (``999.99``: ``/regel suche``'s
            „Regel 999.99 nicht gefunden“), German.
    """
    pieces = named_pieces(question)
    asked = pieces[:MAX_ASKED]
    for piece in asked:
        refuse_number(piece)
    if not asked:
        return found
    answered: list[str] = []
    refused: dict[str, UserError] = {}
    for number in dict.fromkeys(map(_number_of, asked)):  # each looked up: one no rule has is said, not dropped
        if (refusal := await rule_refusal(ctx, number)) is None:
            answered.append(number)
        else:
            refused[number] = refusal
    missing = list(refused)
    if not answered:  # no number named has a rule: /regel suche's refusal of the first, then the others'
        # line as said beside a number that leads („ℹ️ Nicht gefunden: Regel …“)
        error = refused[missing[0]]
        error.body += "".join(f"\n{line}" for line in unshown_lines(missing[0], missing[1:], [], []))
        raise error
    number, others = answered[0], answered[1:]
    passage = await number_passage(ctx.store, number, await cited_otherwise(ctx, number))
    shown = {h.passage.number for h in found.hits[: len(found.hits) - 1]}  # a number a shown hit prints is shown
    others = [n for n in others if n not in shown]
    lines = unshown_lines(number, missing, others, pieces[MAX_ASKED:])
    if passage is None:  # the rule as /regel suche shows it, under the question (the one answer built in full)
        reply = await rule_action(ctx, number)
        if reply.pages:
            head = "\n".join([f"Frage: „{quote_user(question, 120)}“", *lines])
            reply.pages[0].body = f"{head}\n\n{reply.pages[0].body}"
        return reply
    if said is not None:
        said += lines
    rest = [h for h in found.hits if h.passage.id != passage.id]
    # ahead of the best other hit by the ranking's margin: the rule named leads clearly (no ⚖️ for a close second,
    # bot.answers.hedge_signals.covered_alike), also when it is not the ranking's best (104.3: today's rule, not the
    # 2005 FAQ's 104.3 the number's words meet as well)
    top = max([h.score for h in found.hits], default=0.0) + max((await ranker(ctx.store)).weights.margin, 1.0)
    lead = Hit(passage, top, {"rule": top})
    return replace(found, hits=[lead, *rest][: max(len(found.hits), 1)], clear=True)


__all__ = ["LEAD_ORDER", "MAX_ASKED", "asked_numbers", "named_pieces", "number_passage", "rule_led", "unshown_lines"]
