"""Keyword search over the rules the documents print (``/regel suche: Startspieler``): quoted rules and the
entries of the German rules explanation 003, ranked by the one ranking of :mod:`bot.ranking` (the same as
``/frage``), restricted to those two kinds: few hits, best first, each with the sentence that matched.

A search that is a sentence in the player's words (:data:`bot.answers.better_kind.SENTENCE_WORDS` content words
or more) is often answered by
a ruling, not a rule: when the ranking over every passage (``/frage``'s) leads with a ruling, a mechanics paragraph or
a card's text, and the best rule is weak beside it, the first page says so in one line and offers it whole
(:mod:`bot.answers.better_kind`, the same rule as ``/ruling suche``'s pointer to a rule).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.answers.better_kind import RULE_KINDS, better_action, better_passage, pointer_line
from bot.answers.eras import document_number_action
from bot.answers.guilds import guild_mechanics_text, guild_reading_lines, set_reading_line, with_set_note
from bot.answers.paging import hit_pages, search_excerpt
from bot.answers.query_notes import query_notes
from bot.answers.registry import AnswerContext
from bot.answers.rule_status import listed_rule, rule_head
from bot.answers.rulings import KEEP_SHARE, nothing_found
from bot.answers.today_index import TodayIndex, today_index
from bot.answers.today_notes import explanation_notice
from bot.answers.unknown_notes import near_misses
from bot.explanation_naming import passage_name, term_names
from bot.ranking import Hit, Ranked, ranker
from bot.reply import Action, Reply, quote_user
from bot.rule_catalog import RuleCatalog, catalog, dedupe_actions, source_line, stellen
from bot.store import PassageRecord
from bot.text import shorten

MAX_HITS = 18
HITS_PER_PAGE = 6
HIT_BUTTONS = 5


async def search_rules(ctx: AnswerContext, text: str) -> tuple[list[tuple[Hit, str]], Ranked, Hit | None]:
    """Quoted rules and explanations that answer ``text``: ``([(hit, sentence that matched)], ranking, better)``,
    only hits scoring at least :data:`bot.answers.rulings.KEEP_SHARE` of the best one; ``better``: the passage of
    another kind that answers the sentence better (:func:`better_passage`), else None. One search: the rules and the
    ranking over every kind are ranked from the same candidates."""
    r = await ranker(ctx.store)
    candidates = await r.candidates(ctx.store, text, ctx.names)
    found = r.rank(candidates, kinds=RULE_KINDS, limit=MAX_HITS)
    top = found.hits[0].score if found.hits else 0.0
    hits = [(h, search_excerpt(h.passage.text, found.analysis, r, text))
            for h in found.hits if h.score >= top * KEEP_SHARE]
    return hits, found, better_passage(found, candidates, r, RULE_KINDS)


def _label(cat: RuleCatalog, hit: Hit) -> str:
    """``Regel 502.46b`` for a quoted rule; an explanation's name with its shipped number and German terms
    (``Regel 103.1 (Erklärung) – Startspieler``, ``Erklärung, vermutlich Regel 100.1``;
    :func:`bot.explanation_naming.passage_name`)."""
    return passage_name(cat, hit.passage)


def _hit_block(cat: RuleCatalog, index: TodayIndex, label: str, hit: Hit, text: str) -> str:
    """A quoted rule: ``**502.46b** (heute 702.51b) Titel · _Dokument, Datum_`` (an old number with today's);
    an explanation: its name and its terms in German with the English 003 prints (``Startspieler (starting
    player)``);
    then the sentence that matched, the matching words in bold; below an explanation's sentence its older terms
    (:func:`bot.answers.today_notes.explanation_notice`)."""
    p = hit.passage
    quoted = next((q for q in cat.quoted if q.id == p.ref_id), None) if p.kind == "quoted_rule" else None
    if quoted is not None:
        prefix = quoted.document.file[:3]
        head = rule_head(index, prefix, quoted.number) + (f" {quoted.title}" if quoted.title else "")
        return listed_rule(index, prefix, quoted.number, f"{head} · _{source_line(quoted.document)}_", text)
    e = cat.explanation(p.ref_id) if p.ref_id is not None else None
    extra = f" · Begriffe: {term_names(e.terms, both=True)}" if e is not None and e.terms else ""
    note = explanation_notice(index, text) if p.kind == "explanation" else ""
    return f"**{label}**{extra}\n{text}" + (f"\n{note}" if note else "")


async def keyword_reply(ctx: AnswerContext, text: str, about: frozenset[str] | None = None,
                        unlike: Callable[[PassageRecord], bool] | None = None) -> Reply:
    """The answer for keywords: ranked hits with the sentence that matched, buttons to the best ones.

    ``about``: when given (concept ids; the change register's rows lead the answer, bot/answers/abolished.py),
    only the hits whose passage holds one of them, at most one page (:data:`HITS_PER_PAGE`), as ``/frage`` shows
    few candidates: the others match a common word of the query („Mana“ of „mana burn“), not what it asks about.
    ``unlike``: when given, True for a passage that uses the searched word in another sense (003's „Vorrang“ under
    the page of Priorität: :func:`bot.answers.sense_terms.other_sense`); such hits are left out.

    Raises:
        UserError: nothing found (German „Nichts gefunden“).
    """
    hits, found, better = await search_rules(ctx, text)
    named = [ctx.names.card_names[c] for c in found.cards]  # „orzhov“ read as the Orzhov-Gilde's Spuk: said so
    guilds = await guild_reading_lines(ctx.store, text, named)
    if guilds and about is None:  # „Dimir“: the rules of its mechanic Transmutation searched, as the line says
        more, found, better = await search_rules(ctx, await guild_mechanics_text(ctx.store, text, named))
        keys = {h.passage.id for h, _ in more}  # then the rules of the name itself (110.5c: „Dimir Doppelganger“)
        hits = [*more, *((h, s) for h, s in hits if h.passage.id not in keys)][:MAX_HITS]
    if unlike is not None:
        hits = [(h, s) for h, s in hits if not unlike(h.passage)]
    if about is not None:  # the register's rows lead: they answer it
        hits, better = [(h, s) for h, s in hits if about.intersection(h.passage.concepts)][:HITS_PER_PAGE], None
    said = await set_reading_line(ctx.store, text)  # „Kälteeinbruch“: its FAQ and sections
    if not hits:
        raise await with_set_note(ctx.store, text, nothing_found(text, better=better))
    shown = quote_user(text, 80)
    intro = f"{stellen(len(hits))} in Regeln und Regelerklärungen für „{shown}“, die passendste zuerst"
    intro += f"\n{pointer_line(better, text)}" if better is not None else ""
    intro += "".join("\n" + line for line in query_notes(found.analysis, text))  # „eot“ read as „ende des zuges“
    intro += "".join("\n" + line for line in guilds) + (f"\n{said}" if said else "")
    if found.analysis.typos:  # a word read as another („evil“ as „exil“): said before the hits, as /frage says it
        near = near_misses(found.analysis, [], ctx.names, (await today_index(ctx.store)).words)
        intro = "".join(line + "\n" for line in near.lines) + ("\n" if near.lines else "") + intro
    cat = await catalog(ctx.store)
    labels = [_label(cat, h) for h, _ in hits]
    index = await today_index(ctx.store)
    blocks = [_hit_block(cat, index, label, hit, sentence) for label, (hit, sentence) in zip(labels, hits, strict=True)]
    # an explanation's notice once per page: under the first hit of the page that needs it
    seen: set[tuple[int, str]] = set()
    for i, block in enumerate(blocks):
        head, _, note = block.rpartition("\n")
        if note.startswith("ℹ️") and hits[i][0].passage.kind == "explanation":
            if (i // HITS_PER_PAGE, note) in seen:
                blocks[i] = head
            seen.add((i // HITS_PER_PAGE, note))
    pages = hit_pages(f"Regeln zu „{shown}“", intro, blocks, HITS_PER_PAGE)
    for number, page in enumerate(pages):  # each page's buttons point to that page's hits
        chunk = slice(number * HITS_PER_PAGE, (number + 1) * HITS_PER_PAGE)
        page.actions = await _hit_actions(ctx, cat, [h for h, _ in hits[chunk]], labels[chunk])
    if better is not None:  # the passage the first page points to, opened whole (rb:passage:<key>)
        pages[0].actions = [better_action(better), *(pages[0].actions or [])]
    docs = {h.passage.source: None for h, _ in hits}
    return Reply(pages=pages, source=" · ".join(docs), actions=list(pages[0].actions or []))


async def _hit_actions(ctx: AnswerContext, cat: RuleCatalog, hits: list[Hit], labels: list[str]) -> list[Action]:
    """Buttons to the first :data:`HIT_BUTTONS` rules / explanations of ``hits``; a rule a dated document prints
    opens what the document meant by its number (:func:`bot.answers.eras.document_number_action`: the Ravnica
    FAQ's 104.3 → „Regel 104.3 (2005, heute 107.4)“, its own text, not today's 104.3 „Partie verlieren“)."""
    actions = []
    for hit, label in list(zip(hits, labels, strict=True))[:HIT_BUTTONS]:
        p = hit.passage
        quoted = next((q for q in cat.quoted if q.id == p.ref_id), None) if p.kind == "quoted_rule" else None
        if quoted is not None and p.number:
            actions.append(await document_number_action(ctx, quoted.document, p.number, f"Regel {p.number}"))
        elif p.kind == "quoted_rule" and p.number:
            actions.append(Action(label=f"Regel {p.number}", action="rule", arg=p.number))
        elif p.ref_id is not None:
            actions.append(Action(label=shorten(label, 80), action="rulex", arg=str(p.ref_id)))
    return dedupe_actions(actions)
