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
import weakref
from collections.abc import Sequence
from dataclasses import replace

from bot.answers.eras import cited_otherwise
from bot.answers.registry import AnswerContext
from bot.answers.rule_numbers import FILLER_WORDS, invalid_line, listed_numbers
from bot.answers.rule_refusals import RuleRefused, Unruled
from bot.answers.rule_sources import rule_refusal
from bot.answers.rules import rule_action
from bot.candidates import Hit, Ranked
from bot.errors import UserError
from bot.ranking import Ranker, ranker
from bot.reply import Reply, quote_user
from bot.rule_catalog import catalog, misnumbered, number_refusal, parse_number, read_number
from bot.stopwords import ASKING_VERBS
from bot.store import PassageRecord, Store
from bot.text import clean
from bot.word_forms import inflected

#: A rule number named in a sentence: the piece after a word for "rule" (``Regel 702.19``, ``rule -5``, ``R. 7O2.19``,
#: ``§ 702.51``) up to the next space, or a piece that starts as a rule number does, three digits, a dot and a digit
#: other than 0 (``702.19``, ``702.19zz``; not ``17.04.2026`` nor ``100.000``), also without the word.
_NAMED = re.compile(r"(?<![\w.])(?:(?:regeln?|rules?|cr|nr\.|r\.)\s*|§\s*)(\S+)"
                    r"|(?<![\w.,\-−])([0-9]{3}\.[1-9][0-9]*[a-z]*)(?![\w.]\w)", re.IGNORECASE)
#: The verbs that only ask what a rule named says („was sagt regel 999.8“, „erkläre regel 999.8“, „was steht in
#: regel 999.8“, „zeig mir regel 999.8“), as infinitives: a form of them is read by the analysis' stems or as a German
#: form of the verb (:func:`_asks_more`), so no form is listed by hand.
RULE_VERBS = ("sagen", "stehen", "erklären", "zeigen", "say", "explain", "show")
#: Punctuation of the sentence around a named number (``702.19?``, ``(702.19)``, ``„702.19“``): no part of it.
_AROUND = "?!.,;:()[]„“”\"'»«"
#: Most numbers of one question read (each a look-up whether ``/regel suche`` answers it).
MAX_ASKED = 5
#: Most numbers named as not looked up (the others counted): a question may list a thousand.
_NAMED_UNREAD = 10
#: The order in which a number's passages lead: 003's German entry, the official rule (``build --cr``), the rule as
#: a document prints it, the term table's row, the official glossary.
LEAD_ORDER = ("explanation", "cr_rule", "quoted_rule", "term", "glossary")


def named_pieces(question: str) -> list[str]:
    """Every piece of ``question`` that names a rule number or tries to, in the order typed, each once (no limit):
    ``"was sagt 702.19, 104.3f und 601.2"`` → ``["702.19", "104.3f", "601.2"]``."""
    text = clean(question)
    at: dict[str, int] = {}  # piece → where it was typed first
    for m in _NAMED.finditer(text):
        piece = (m.group(1) or m.group(2)).strip(_AROUND)
        if any(ch.isdigit() for ch in piece) and (parse_number(piece) or read_number(piece) or misnumbered(piece)):
            at.setdefault(piece, m.start())
    first = min(at.values(), default=len(text))
    for piece, start in listed_numbers(text, first):  # „702.19 und 7022.19“: listed after a number, typed wrong
        at.setdefault(piece, start)
    return sorted(at, key=at.__getitem__)


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


def unshown_lines(led: str, missing: dict[str, Unruled], others: list[str], unread: list[str],
                  invalid: Sequence[str] = ()) -> list[str]:
    """The notes on the rule numbers a question names besides the one that leads (``led``): those no rule has
    (``missing``: number → why, the reason its refusal carries, „Nicht gefunden: Regel 999.9 (kein Dokument des Bots
    enthält oder zitiert sie)“, :meth:`bot.answers.rule_refusals.Unruled.why`; numbers of one reason in one line), the
    pieces of a number's shape that are none (``invalid``: „„702.19zz“ ist keine gültige Regelnummer“, as ``/regel
    suche`` says it), those found but not among the passages shown (``others``: only one number leads; ``/regel
    suche`` shows each), those beyond :data:`MAX_ASKED` not looked up (``unread``), each quoted escaped; ``[]`` when
    there are none."""
    lines = []
    alike: dict[Unruled, list[str]] = {}  # numbers refused for one reason, said in one line
    for number, reason in missing.items():
        alike.setdefault(replace(reason, number=""), []).append(number)
    for reason, numbers in alike.items():
        named = ", ".join(quote_user(n, 20) for n in numbers)
        lines.append(f"ℹ️ Nicht gefunden: Regel {named} ({reason.why(len(numbers))}).")
    if invalid:
        lines.append(f"ℹ️ {invalid_line(list(invalid))}")
    if others:
        named = ", ".join(quote_user(n, 20) for n in others)
        lines.append(f"ℹ️ Gezeigt wird Regel {quote_user(led, 20)}; nicht gezeigt: Regel {named}. Alle zusammen: "
                     f"`/regel suche: {' '.join(quote_user(n, 20) for n in [led, *others])}`.")
    if unread:
        named = ", ".join(quote_user(n, 20) for n in unread[:_NAMED_UNREAD])
        more = f" und {len(unread) - _NAMED_UNREAD} weitere" if len(unread) > _NAMED_UNREAD else ""
        lines.append(f"ℹ️ Nicht nachgeschlagen (höchstens {MAX_ASKED} Regelnummern auf einmal): {named}{more}.")
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
    unchanged when the question names no rule number. Every other number named is said, never dropped, in any order
    (:func:`unshown_lines`, appended to ``said``, the lines under the question; on ``/regel suche``'s page itself), as
    ``/regel suche`` says them (:func:`bot.answers.rule_numbers.several_rules`): „was sagt 999.9 und 702.19“ leads
    with 702.19 and says 999.9 was not found, „regel 702.19zz und 702.19“ and „regel 702.19 und 7022.19“ lead with
    702.19 and say the other is no rule number. When no number named has a rule, a question with words of its own
    (``was sagt regel 999.8 über trampelschaden``) is answered by them below the lines on its numbers (``found``
    unchanged). Of each number only whether ``/regel suche`` answers it is read, or the refusal it gives
    (:func:`bot.answers.rule_sources.rule_refusal`); its answer is built only where it is shown (the leading number
    without a passage).

    Raises:
        UserError: the question names only numbers without a rule and asks nothing else: the refusal of the first
            named, a piece of a number's shape that is none (``702.19zz``, ``-5``: ``/regel suche``'s refusal,
            :func:`bot.rule_catalog.refuse_number`) or a number no rule has (``999.99``: ``/regel suche``'s „Regel
            999.99 nicht gefunden“), with the lines on the others (German).
    """
    pieces = named_pieces(question)
    asked = pieces[:MAX_ASKED]
    if not asked:
        return found
    answered, refused, invalid = await _looked_up(ctx, asked)
    missing = {n: e.reason for n, e in refused.items() if isinstance(e, RuleRefused)}  # each with its reason
    if not answered:  # no number named has a rule
        first = next(iter(refused))
        if _asks_more(found, await ranker(ctx.store)):  # the question's own words answer it, under its lines
            if said is not None:
                said += unshown_lines(first, missing, [], pieces[MAX_ASKED:], invalid)
            return found
        # /regel suche's refusal of the first, then the others' lines as said beside a number that leads
        error = refused[first]
        rest = unshown_lines(first, {n: e for n, e in missing.items() if n != first}, [], pieces[MAX_ASKED:],
                             [p for p in invalid if p != first])
        error.body += "".join(f"\n{line}" for line in rest)
        raise error
    number, others = answered[0], answered[1:]
    passage = await number_passage(ctx.store, number, await cited_otherwise(ctx, number))
    shown = {h.passage.number for h in found.hits[: len(found.hits) - 1]}  # a number a shown hit prints is shown
    others = [n for n in others if n not in shown]
    lines = unshown_lines(number, missing, others, pieces[MAX_ASKED:], invalid)
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


async def _looked_up(ctx: AnswerContext, asked: list[str]) -> tuple[list[str], dict[str, UserError], list[str]]:
    """``(answered, refused, invalid)`` of the pieces ``asked``, each judged once in the order typed: the rule numbers
    ``/regel suche`` answers; each number or piece it refuses → the refusal (:func:`bot.rule_catalog.number_refusal`
    for a number's shape that is none; :func:`bot.answers.rule_sources.rule_refusal` for a number no rule has, a
    :class:`~bot.answers.rule_refusals.RuleRefused` carrying its reason); the pieces of a number's shape that are
    none."""
    answered: list[str] = []
    refused: dict[str, UserError] = {}
    invalid: list[str] = []
    for piece in asked:  # each looked up: one no rule has is said, not dropped
        if (bad := number_refusal(piece)) is not None:
            refused.setdefault(piece, bad)
            invalid += [] if piece in invalid else [piece]
        elif (number := _number_of(piece)) not in answered and number not in refused:
            if (refusal := await rule_refusal(ctx, number)) is None:
                answered.append(number)
            else:
                refused[number] = refusal
                invalid += [] if isinstance(refusal, RuleRefused) else [number]  # no number: no reason of a rule
    return answered, refused, invalid


def _asks_more(found: Ranked, r: Ranker) -> bool:
    """True when the question of ``found`` has a content word besides its rule numbers and the words that only ask
    about them: the words of a number and a list (:data:`bot.answers.rule_numbers.FILLER_WORDS`), the asking verbs
    (:data:`bot.stopwords.ASKING_VERBS`) and a form of :data:`RULE_VERBS` (:func:`_rule_verb`, by ``r``'s analysis):
    ``was sagt regel 999.8 über trampelschaden`` (trampelschaden), ``regel 903.4 commander``; not ``erkläre regel
    999.8``, ``zeigt regel 999.8``."""
    asking = FILLER_WORDS | frozenset(v.casefold() for v in ASKING_VERBS)
    return any(not any(ch.isdigit() for ch in w) and w.casefold() not in asking and not _rule_verb(w.casefold(), r)
               for w in found.analysis.words)


_VERB_STEMS: weakref.WeakKeyDictionary[Ranker, frozenset[str]] = weakref.WeakKeyDictionary()


def _rule_verb(word: str, r: Ranker) -> bool:
    """True when ``word`` (lower case) is a form of a verb of :data:`RULE_VERBS`: its German or English stem in
    ``r``'s analysis is one of theirs („erkläre“, „erklaer“, „zeig“, „steht“, „says“), or it is a German form of one
    by the rule of :func:`bot.word_forms.inflected` („sagt“ of „sagen“, whose stem the analysis keeps apart). The
    verbs' stems are made once per ranker."""
    if (stems := _VERB_STEMS.get(r)) is None:
        stems = _VERB_STEMS[r] = frozenset(r.analyser.stems(v, lang)[0] for v in RULE_VERBS for lang in ("de", "en"))
    return (r.analyser.stems(word)[0] in stems or r.analyser.stems(word, "en")[0] in stems
            or any(inflected(word, v) for v in RULE_VERBS))


__all__ = ["LEAD_ORDER", "MAX_ASKED", "asked_numbers", "named_pieces", "number_passage", "rule_led", "unshown_lines"]
