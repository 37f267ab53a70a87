"""``/frage`` (English ``/ask``): a rules question in the player's own words, answered with a passage whole.

The question runs through the one ranking of :mod:`bot.ranking` over every passage of the store (rulings,
mechanics paragraphs, the documents' rules, the German rules explanation 003, the term table, card texts,
and after ``build --cr`` the official rules and glossary). The reply leads with the best passage **whole**,
naming its card or section, its source document, date and today's status (:func:`passage_view`, the
change register's notices); below it up to :data:`OTHERS` further candidates as buttons
(``rb:passage:<key>``, the key in the custom_id, so a button works after a restart and in any process).
When no candidate leads clearly (:attr:`bot.ranking.Ranked.clear`), the first line says so; when nothing of the
question meets the documents' subject (:func:`bot.answers.off_topic.off_topic`: „wer hat magic erfunden“), it says
instead that the documents and rules do not answer it, above the closest candidates. A question about a rule today's
rules abolished („gibt es noch manabrand“) leads with the change register's rows as ``/regel suche`` shows them
(:mod:`bot.answers.abolished`), above the best passage.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.actions import asked_action
from bot.answers.abolished import QUOTED_ABOVE, ROWS_SOURCE, quoted_keys, register_page, register_read
from bot.answers.asked_rules import rule_led
from bot.answers.card_lines import card_lines
from bot.answers.cards import keyword_sections, outdated_keywords, printed_text, text_printed, value_fields
from bot.answers.compared import Sides, read_sides, side_lines
from bot.answers.explanation_names import SELF_NAMED, named_found, named_passages
from bot.answers.frage_search import frage_search
from bot.answers.hedge_signals import Confidence, hedges
from bot.answers.hollow import asks_only, empty_lead
from bot.answers.markup_notes import long_line
from bot.answers.off_topic import OFF_TOPIC_LINE, off_topic
from bot.answers.registry import AnswerContext, UserError, action, answer
from bot.answers.rule_halves import one_half_each
from bot.answers.sources import footer_source, footer_sources, passage_button, passage_source
from bot.answers.today import (
    Standing,
    cited_state,
    cited_text,
    entry_state,
    entry_status,
    heute_block,
    passage_terms,
    ruling_display,
    terms_line,
)
from bot.answers.today_index import TodayIndex, review_note, today_index, today_number
from bot.answers.today_notes import explanation_notice, once_today, today_heads
from bot.answers.unexplained import unexplained_sides, unexplained_terms, unexplained_verdict
from bot.answers.unknown_notes import Notes, fitted_notes, missed_title, question_notes
from bot.button_args import PassageKey
from bot.comparison import comparison
from bot.excerpts import excerpt
from bot.question_mentions import unowned_names
from bot.question_reading import ReadQuestion, reading_lines
from bot.question_words import no_terms_line, players_said
from bot.ranking import Hit, Ranked, Ranker, ranker
from bot.reply import Action, Field, Page, Reply, quote_user
from bot.rule_catalog import refuse_number
from bot.store import CardRecord, MechanicRecord, PassageRecord, Store
from bot.text import clean, cut, shorten

#: Further candidates shown under the best passage (each with a button).
OTHERS = 4

KIND_NAMES = {
    "ruling": "Ruling",
    "mechanic": "Mechanik-Abschnitt",
    "quoted_rule": "Regel, wie im Dokument gedruckt",
    "explanation": "Regelerklärung (Dokument 003)",
    "card": "Kartentext",
    "term": "Begriffstabelle",
    "cr_rule": "Comprehensive Rules",
    "glossary": "Glossar der Comprehensive Rules",
}
#: The label of a rule a document prints under a number that is another one today (the register's number map).
HISTORY = "Regelnummer von damals"


@dataclass(frozen=True)
class PassageView:
    """A passage as an answer shows it today: ``state`` a key of :data:`bot.answers.today.STATUS_LABELS` (``""``:
    none to show) and ``text`` the passage with the notices its own command shows. Built once per shown passage by
    :func:`passage_view` (the notices are built once and give both)."""

    state: str
    text: str


def passage_state(index: TodayIndex, p: PassageRecord, sections: list[MechanicRecord]) -> str:
    """The passage's rule status today (a key of :data:`bot.answers.today.STATUS_LABELS`, ``""``: none) as its command
    shows it, no notices built: a ruling or section by its register rows (:func:`bot.answers.today.entry_state`),
    a document's rule by the number map (:func:`bot.answers.today.cited_state`), a card by a printed keyword's changed
    section, an official rule as :func:`passage_view`; 003 (current) none. Old terms: :func:`passage_standing`."""
    entry = _entry(p)
    if entry is not None:
        return entry_state(index, *entry)
    if p.kind == "quoted_rule" and p.number:
        return cited_state(index, p.key[:3], p.number)
    if p.kind == "card" and p.card_id is not None and any(
            n.kind == "changed" for m in keyword_sections(index, sections, p.text)
            for n in entry_status(index, "mechanic", m.id).notices):
        return "changed"
    return passage_view(index, p, sections).state if p.kind == "cr_rule" else ""


def passage_standing(index: TodayIndex, p: PassageRecord, state: str) -> Standing:
    """The passage's label today (:class:`bot.answers.today.Standing`): its status ``state`` (:func:`passage_state`)
    and today's words for the old ones it uses (:func:`bot.answers.today.passage_terms`); for 003, whose text is
    current but writes the rules' English words, the words German cards print („auf deutschen Karten“, as its note
    says: :func:`bot.answers.today_notes.explanation_notice`)."""
    entry = {"ruling": p.ref_id, "mechanic": p.mechanic_id, "card": p.card_id}.get(p.kind)
    where = "auf deutschen Karten" if p.kind == "explanation" else "heute"
    return Standing(state, passage_terms(index, p.kind, entry, p.text), where)


def _entry(p: PassageRecord) -> tuple[str, int] | None:
    """The register entry of a ruling or mechanics paragraph (``("ruling", id)``), else None."""
    entry_id = {"ruling": p.ref_id, "mechanic": p.mechanic_id}.get(p.kind)
    return (p.kind, entry_id) if entry_id is not None else None


def passage_view(index: TodayIndex, p: PassageRecord, sections: list[MechanicRecord],
                 card: CardRecord | None = None) -> PassageView:
    """The passage's state and its text as shown today, with the notices its own command shows (the change
    register through :mod:`bot.answers.today`): a ruling as :func:`bot.answers.today.ruling_display` (a changed
    ruling shows today's statement first), a mechanics paragraph with its section's ``Heute`` block before it, a
    document's rule as :func:`bot.answers.today.cited_text` (``/regel``), a card's printed text with its outdated
    keywords and old terms (``/karte``; with its ``card`` record as ``/karte`` shows it: cost, type line, P/T,
    today's mana value and colours, :func:`card_text`), 003 with its term notes, an official rule with its review
    line."""
    source = passage_source(p)
    if p.kind == "ruling" and p.ref_id is not None:
        return PassageView(entry_state(index, "ruling", p.ref_id),
                           ruling_display(index, "ruling", p.ref_id, p.text, source))
    if p.kind == "mechanic" and p.mechanic_id is not None:
        block = heute_block(index, "mechanic", p.mechanic_id)
        shown = f"{block}\n\n**Im Dokument:** {p.text}" if block else p.text
        return PassageView(entry_state(index, "mechanic", p.mechanic_id), shown)
    if p.kind == "quoted_rule" and p.number:
        return PassageView(cited_state(index, p.key[:3], p.number),
                           cited_text(index, p.key[:3], p.number, p.text, source))
    if p.kind == "card" and p.card_id is not None:
        before = [block for _, block in outdated_keywords(index, sections, p.text)]
        terms = terms_line(index, "card", p.card_id)
        state = "changed" if before else ""
        printed = card_text(card, source) if card is not None and text_printed(card) else None
        shown = [*before, printed or f"**Gedruckter Text** ({source}): {p.text}", *([terms] if terms else [])]
        return PassageView(state, "\n\n".join(shown))
    if p.kind == "explanation":
        note = explanation_notice(index, p.text)
        return PassageView("", "\n\n".join([p.text, note]) if note else p.text)
    if p.kind == "cr_rule" and p.number:
        note = review_note(index, p.number)
        return PassageView("review" if note else "", "\n\n".join([p.text, note]) if note else p.text)
    return PassageView("", p.text)


def card_text(card: CardRecord, source: str) -> str:
    """A card's printed text as ``/karte`` shows it (:func:`bot.answers.cards.printed_text`: cost, type line and
    P/T in bold, the rules text, a split card's halves), then today's mana value and colours
    (:func:`bot.answers.cards.value_fields`, rule 202.3), one line each: ``**Manawert:** 1``, ``**Farben:** rot und
    weiß``. ``source``: the document and its date, named after the label."""
    body, halves = printed_text(card)
    lines = [f"**Gedruckter Text** ({source}):", body, *(f"**{f.name}**\n{f.value}" for f in halves)]
    lines += [f"**{f.name}:** {f.value}" for f in value_fields(card)]
    return "\n".join(lines)


def owner_line(index: TodayIndex, p: PassageRecord, state: str) -> str:
    """``Ruling zu **Boros-Rekrut** · Ravnica – Häufig gestellte Fragen, 30.08.2005 · ✅ gilt weiterhin``; a
    document's rule with today's number: ``**Regel 502.32a** (heute 702.51a; Regel, wie im Dokument gedruckt) ·
    … · ⚠️ heute überholt · Regelnummer von damals``. ``state``: :func:`passage_state`; the label with the passage's
    old terms: :func:`passage_standing`."""
    kind = KIND_NAMES.get(p.kind, p.kind)
    where = {"ruling": f"{kind} zu **{p.title}**", "mechanic": f"{kind} **{p.title}**"}.get(p.kind, f"**{p.title}**")
    today = today_number(index, p.key[:3], p.number) if p.kind == "quoted_rule" and p.number else None
    if p.kind not in ("ruling", "mechanic", *SELF_NAMED):
        where += f" (heute {today}; {kind})" if today else f" ({kind})"
    label = passage_standing(index, p, state).label
    parts = [where, passage_source(p), *([label] if label else [])]
    if today:
        parts.append(HISTORY)
    return " · ".join(parts)


def passage_page(index: TodayIndex, p: PassageRecord, sections: list[MechanicRecord], lead: str = "",
                 card: CardRecord | None = None, rules: Sequence[PassageRecord] = ()) -> Page:
    """One passage whole on a page, with its owner, source, date and today's status (``sections``: the store's
    mechanics sections, for a card's keywords; ``card``: a card passage's card, :func:`passage_view`); ``rules``:
    the rules a lead-in paragraph introduces (:func:`introduced_rules`), each after it with its number, today's
    number and its own notice (:func:`passage_view`), so the answer never ends at „… lauten wie folgt:“."""
    view = passage_view(index, p, sections, card)
    owner = owner_line(index, p, view.state)
    printed = [_introduced(index, r, sections) for r in rules]
    body = "\n\n".join(part for part in (lead, owner, view.text, *printed, f"_Schlüssel: {p.key}_") if part)
    return Page(title=shorten(p.title, 200), body=body)


#: Most rules one lead-in paragraph is shown with (001's sections print two to six after their lead-in).
INTRODUCED_MAX = 12


async def introduced_rules(store: Store, p: PassageRecord) -> list[PassageRecord]:
    """The rules a mechanics paragraph introduces: for a paragraph ending in a colon (001's twelve „Die offiziellen
    Regeln für die Fähigkeit Transmutation lauten wie folgt:“), the document's rules printed right after it in the
    same section (``quoted_rule`` passages, in the document's order, at most :data:`INTRODUCED_MAX`); ``[]`` for
    any other passage. The paragraph alone says nothing; the rules after it hold what it announces."""
    if p.kind != "mechanic" or p.mechanic_id is None or not p.text.rstrip().endswith(":"):
        return []
    section = await store.section_passages(p.mechanic_id)
    after = next((n for n, q in enumerate(section) if q.id == p.id), len(section)) + 1
    rules = []
    for q in section[after:after + INTRODUCED_MAX]:
        if q.kind != "quoted_rule":
            break
        rules.append(q)
    return rules


def _introduced(index: TodayIndex, rule: PassageRecord, sections: list[MechanicRecord]) -> str:
    """One introduced rule as the lead-in's page shows it: ``**Regel 502.43a** (heute 702.53a)`` and the rule as
    ``/regel`` shows it with its notice (:func:`passage_view`)."""
    today = today_number(index, rule.key[:3], rule.number) if rule.number else None
    head = f"**Regel {rule.number}**" + (f" (heute {today})" if today and today != rule.number else "")
    return f"{head}\n{passage_view(index, rule, sections).text}"


#: A candidate up to this length is shown whole in its field; a longer one by the sentences that matched.
WHOLE_CANDIDATE = 900
#: Most characters of a candidate's field (Discord allows 1 024 in a field's value).
FIELD_CHARS = 1000
#: Fewest characters an outdated candidate's sentence is given beside today's statement (:func:`_others`).
MIN_EXCERPT = 300
#: Statuses whose candidate shows today's statement (with its evidence) before the document's text, as the passage's
#: own page and ``/ruling suche`` do; the others show the text with the status in the field's name.
FIRST_TODAY = frozenset({"changed", "review"})


def candidate_name(index: TodayIndex, number: int, p: PassageRecord, sections: list[MechanicRecord]) -> str:
    """A candidate's field name: ``2. ⚠️ Zwietracht – Ruling · Zwietracht – Häufig gestellte Fragen, 17.03.2006 ·
    heute überholt`` — its status mark and label with its old terms (:func:`passage_standing`: ``… · gilt weiterhin ·
    ℹ️ Begriffe (heute „wirken“)``), a document's rule with today's number (``Regel 701.19c (heute 701.30d)``), and
    source, within Discord's 256 characters (the title and source are shortened, the status never)."""
    mark, label = (standing := passage_standing(index, p, passage_state(index, p, sections))).mark, standing.words
    tail = f" · {label}" if label else ""
    source = shorten(passage_source(p), 110)
    head = f"{number}. " + (f"{mark} " if mark else "")
    today = today_number(index, p.key[:3], p.number) if p.kind == "quoted_rule" and p.number else None
    named = p.title + (f" (heute {today})" if today else "")
    kind = "" if p.kind in SELF_NAMED else f" – {KIND_NAMES.get(p.kind, p.kind)}"
    title = shorten(f"{named}{kind}", 250 - len(head) - len(source) - len(tail))
    return f"{head}{title} · {source}{tail}"


def _others(index: TodayIndex, found: Ranked, hits: list[Hit], r: Ranker, sections: list[MechanicRecord],
            question: str, start: int = 2, above: str = "",
            quoted: frozenset[str] = frozenset()) -> list[Field]:
    """The further candidates as fields: number, status, title, kind and source (:func:`candidate_name`), the
    passage whole up to :data:`WHOLE_CANDIDATE` characters, else its excerpt by the one mechanism of the searches'
    hits (:func:`bot.excerpts.excerpt` for ``question``, the question as typed: whole sentences that hold most of
    it, with the sentence after them); an outdated one (or one to be checked, :data:`FIRST_TODAY`) with today's
    statement first (:func:`passage_view`) — for a „kann/darf/muss …“ question (its action,
    :func:`bot.actions.asked_action`), when both do not fit the field's :data:`FIELD_CHARS`, with the excerpt that
    fits the room left (at least :data:`MIN_EXCERPT` characters; the sentence that answers the action first); cut
    to :data:`FIELD_CHARS`. ``start``: the first field's number (the passages shown whole before
    them count); a today's statement the page showed before (``above``: the page's body, or an earlier candidate)
    is said as „wie oben“ (:func:`once_today`); a candidate the change register's rows
    quote above (``quoted``) is only named there (:data:`QUOTED_ABOVE`), its button opens it whole."""
    fields = []
    seen = today_heads(above)
    action = asked_action(question, r.analyser)
    for number, hit in enumerate(hits, start=start):
        p = hit.passage
        if p.key in quoted:
            fields.append(Field(name=candidate_name(index, number, p, sections), value=QUOTED_ABOVE))
            continue
        text = p.text
        today = passage_state(index, p, sections) in FIRST_TODAY  # today's statement before the old text
        # the field holds FIELD_CHARS: today's statement and its evidence leave the old text less room, and a text
        # cut at its end can lose the sentence that answers a „kann/darf/muss …“ question's action (001's
        # Sonnenschmieder example: „… kann er entweder die Zusammenprall-Hälfte oder die Anrennen-Hälfte spielen.“)
        room = FIELD_CHARS - (len(passage_view(index, p, sections).text) - len(text)) if today and action else 0
        if len(text) > WHOLE_CANDIDATE:
            text = excerpt(p.text, found.analysis, r.analyser, question, WHOLE_CANDIDATE, weights=r.term_weights)
        elif len(text) > room > 0:
            text = excerpt(p.text, found.analysis, r.analyser, question, max(MIN_EXCERPT, room), weights=r.term_weights)
        if today:  # as its own page shows it
            text = once_today(passage_view(index, replace(p, text=text), sections).text, seen)
        fields.append(Field(name=candidate_name(index, number, p, sections), value=shorten(text, FIELD_CHARS) or "—"))
    return fields


async def passage_card(store: Store, p: PassageRecord) -> CardRecord | None:
    """The card of a card passage (its printed text), for :func:`passage_page`; None for other passages."""
    return await store.card(p.card_id) if p.kind == "card" and p.card_id is not None else None


#: Most characters of one compared side's passage on the comparison's page when two sides are compared (two sides
#: and the lead fit an embed's 4 096 characters); more sides share twice this (three: 1 200 each).
SIDE_CHARS = 1800


def compared_body(index: TodayIndex, shown: list[PassageRecord], sections: list[MechanicRecord]) -> str:
    """The comparison page's passages, each with its owner line (:func:`owner_line`) and its text as shown today
    (:func:`passage_view`), cut to :data:`SIDE_CHARS` (more than two sides: their share of twice that), and its
    key."""
    parts = []
    most = SIDE_CHARS * 2 // max(2, len(shown))
    for p in shown:
        view = passage_view(index, p, sections)
        text = view.text if len(view.text) <= most else cut(view.text, most - 1) + "…"
        parts.append(f"{owner_line(index, p, view.state)}\n\n{text}\n_Schlüssel: {p.key}_")
    return "\n\n".join(parts)


#: The line above a best passage that no candidate clearly leads (:attr:`bot.ranking.Ranked.clear`).
HEDGE_LINE = "⚖️ Keine Stelle passt eindeutig am besten; die erste ist nur die wahrscheinlichste, die anderen stehen " \
             "unten."


def verdict_line(found: Ranked, r: Ranker, notes: Notes, unexplained: str = "",
                 confidence: Confidence | None = None) -> str:
    """The line that says how far ``/frage``'s best passage answers the question, ``""`` when it does: the
    off-topic line when nothing of the question meets the documents' subject (:func:`bot.answers.off_topic.off_topic`;
    no candidate is offered as the answer), else ``unexplained`` when given (the line on the terms asked about that
    no document explains, :func:`bot.answers.unexplained.unexplained_line`), else :data:`HEDGE_LINE` when the ranking
    and the question's notes leave the answer open (:func:`bot.answers.hedge_signals.hedges` with ``confidence``, None
    in ``/frage``: no candidate leads clearly or a note asks for it; with settings, unless the question decides the
    lead), or the best passage answers nothing of it (:func:`bot.answers.hollow.empty_lead`: none of the game terms
    the question names, no number where it asks how many)."""
    if off_topic(found, r, notes.meant):
        return OFF_TOPIC_LINE
    if unexplained:
        return unexplained
    return HEDGE_LINE if hedges(found, r, notes.hedge, confidence) or empty_lead(found, r, notes) else ""


def _refuse_unasked(question: str, found: Ranked, r: Ranker, shown: str, head: str) -> None:
    """Refuse a question that asks nothing the documents could answer, each with its German reason: a comparison
    naming no side (:func:`bot.comparison.comparison`: „unterschied zwischen und“, its word alone: „vergleich“), no
    search terms (only stop and question words), or only asking verbs (:func:`bot.answers.hollow.asks_only`: „was
    macht“, also followed by invisible characters). ``shown``: the question as echoed (escaped); ``head``: the notes
    on what was not read or read otherwise (:func:`_said_head`), put first in every refusal, as above an answer.

    Raises:
        UserError: the question is one of these, or a rule number's shape no rule has (:func:`refuse_number`).
    """
    refuse_number(question)  # „702.19zz“, „-5“: said as /regel says it, never answered as the nearest words
    asked = comparison(question)
    if asked is not None and not asked.sides and not asked.unread:  # „unterschied zwischen und“: naming nothing
        raise UserError(f"Wonach fragst du? „{shown}“ nennt nichts",
                        head + "Was soll verglichen werden? Bitte beide Seiten nennen, zwei Begriffe oder Karten, "
                        "z. B. „Was ist der Unterschied zwischen Spuk und Ausgraben?“")
    if not found.analysis.terms:
        raise UserError(f"Keine Suchwörter in „{shown}“",
                        f"{head}{no_terms_line(question, found.analysis.truncated)} Bitte mit Begriffen fragen, z. B. "
                        "„Wer gewinnt die Fehde, wenn beide Karten gleich viel kosten?“")
    if asks_only(found, r):  # „was macht“ and nothing (or only invisible characters) after it
        raise UserError(f"Wonach fragst du? „{shown}“ nennt nichts",
                        head + "Bitte sagen, worum es geht, z. B. „Was macht Spuk?“ oder „Wie funktioniert Fehde?“")


def _said_head(said: list[str]) -> str:
    """The lines of :func:`bot.question_reading.reading_lines` (what was not read or read otherwise: „ℹ️ Nicht
    gelesen: „<@123>“ …“), each ended by a new line, to stand first in a refusal's body; "" for none."""
    return "".join(f"{line}\n" for line in said)


async def _quoted_footer(store: Store, shown: PassageRecord, quoted: list[str]) -> tuple[str, str]:
    """The footer's source and date of a page showing ``shown`` whole below the register's rows quoting the
    passages ``quoted`` (keys): :func:`bot.answers.sources.footer_sources` of them all."""
    return footer_sources([shown, *[p for k in quoted if (p := await store.passage_by_key(k)) is not None]])


@answer("question")
async def question_answer(ctx: AnswerContext, question: str) -> Reply:
    """``/frage frage: …``: the best passage whole, up to :data:`OTHERS` candidates as buttons.

    Raises:
        UserError: no question, only stop words, or nothing found (German messages).
    """
    if not clean(question):
        raise UserError("Bitte eine Frage stellen",
                        "Zum Beispiel: `/frage frage: Was passiert, wenn zwei legendäre Karten gleichen Namens "
                        "im Spiel sind?`")
    r = await ranker(ctx.store)
    shown = quote_user(question, 120)
    # read as every free-text door reads it („blut durst“, „llanowar elfen“; a quoted stop word unquoted) and one
    # search with the words in the register's order („verbrennt mana“ searched as „mana verbrennt“): a question about
    # a rule today's rules abolished („gibt es noch manabrand“) leads with the register's rows as /regel suche shows
    # them (bot/answers/abolished.py), above the best passage on the same page: the rows answer it
    read, (rows, said_words), found = await frage_search(ctx, r, question, OTHERS + 1)
    typed, question, said = question, read.text, reading_lines(read)  # the title echoes the words as typed
    _refuse_unasked(question, found, r, shown, _said_head(said))
    if isinstance(found := await rule_led(ctx, question, found, said), Reply):  # a rule number named: that rule leads
        return found
    hits = (found := await named_found(ctx.store, found)).hits  # 003's entries named by rule number, as in /regel
    register = await register_page(ctx, typed, rows, hits[0].passage if hits else None, found.cards)
    if not hits and register is not None:  # „gibts manaburn noch“: no passage holds the player's word, the row does
        register.body = f"Frage: „{shown}“\n\n{register.body}"
        return Reply(pages=[register], source=ROWS_SOURCE)
    if not hits:  # a players' word the documents have no word for is said with its meaning: what to ask with instead
        raise UserError(f"Nichts gefunden zu „{shown}“", _said_head([*said, *players_said(found.analysis.words)])
                        + "Keine Stelle der Dokumente passt. Andere Wörter versuchen, alte und neue Begriffe werden "
                        "beide gesucht (Vorrang = Priorität, im Spiel = Schlachtfeld).")
    index = await today_index(ctx.store)
    named = [c for c in [await ctx.store.card(cid) for cid in dict.fromkeys(found.cards)] if c is not None]
    shown_words = await register_read(ctx, rows, said_words, found.analysis, index.words)  # what the rows name
    notes = await question_notes(found.analysis, r.term_weights, named, ctx.names, question, shown_words,
                                 await unowned_names(ctx.store), ctx.store, [h.passage for h in hits], rows)
    # A comparison leads with each side it reads (bot.answers.compared), unless a word of it was read as a card it
    # does not name (blitzschlag → Blitzschlange): that is answered on the path that says so first
    compared = None if notes.missed else await read_sides(ctx.store, r, question, ctx.names, hits)
    if compared is not None:
        return await _comparison_reply(ctx, (index, r, found), compared, (shown, question, read, notes.lines))
    best, rest, notes = hits[0], one_half_each(hits)[1:], fitted_notes(notes, hits[0].passage)  # notes of this page
    # notes: what the question names that no document holds (not the words the register's rows read: register_read)
    lead = "\n".join([f"Frage: „{shown}“", *said, *notes.lines])
    unexplained = await unexplained_verdict(ctx.store, await unexplained_terms(ctx.store, found, r, notes.meant))
    verdict = "" if register is not None else verdict_line(found, r, notes, unexplained)  # the rows answer it
    lead += "\n" + verdict if verdict else ""
    lead += "\n" + long_line("Frage") if found.truncated else ""
    lead += await card_lines(ctx.store, found)
    lead += "\n\n" + register.body if register is not None else ""
    sections = await ctx.store.mechanic_sections()
    page = passage_page(index, best.passage, sections, lead, await passage_card(ctx.store, best.passage),
                        await introduced_rules(ctx.store, best.passage))
    page.title = missed_title(notes, page.title, verdict == OFF_TOPIC_LINE) if register is None else register.title
    page.body = once_today(page.body)  # a row's statement and the passage's below it, when one change made both
    quoted = await quoted_keys(ctx, rows, best.passage, found.cards) if register else []
    page.fields = _others(index, found, rest, r, sections, question, above=page.body, quoted=frozenset(quoted))
    actions = [*notes.actions, *(passage_button(h.passage, n) for n, h in enumerate(rest, start=2))]  # sections first
    return Reply([page], *await _quoted_footer(ctx.store, best.passage, quoted), actions=actions)


async def _comparison_reply(ctx: AnswerContext, ranked: tuple[TodayIndex, Ranker, Ranked], sides: Sides,
                            asked: tuple[str, str, ReadQuestion, tuple[str, ...]]) -> Reply:
    """``/frage``'s reply to a comparison question: ``asked`` (the question shown escaped, as typed, how it was
    read, its notes), the notes on sides not compared (:func:`bot.answers.compared.side_lines`; a masked
    link's label as the link typed), a line saying what is compared, the passages of
    :func:`bot.answers.compared.read_sides` (:func:`compared_body`), then the question's other best candidates as
    fields and buttons (those not already shown; their excerpts made for the question as typed, as every ``/frage``
    candidate's)."""
    index, r, found = ranked
    shown, question, read, notes = asked
    sections = await ctx.store.mechanic_sections()
    compared = await named_passages(ctx.store, sides.passages)  # 003's entries by their rule number
    said = frozenset(read.labels[s] for s in sides.unread if s in read.labels)  # a link side: named once, below
    lead = [f"Frage: „{shown}“", *reading_lines(read, said), *notes, *side_lines(sides, read.labels),
            *await unexplained_sides(ctx.store, compared)]  # „cascade vs ward“: each side no document explains
    if len(compared) == 1 and compared[0].kind == "term" and len(sides.asked.sides) > 1 and not sides.unread:
        lead.append("Die Namen bezeichnen denselben Begriff; die Begriffstabelle sagt, welcher heute gilt:")
    elif len(compared) == 1 and len(sides.asked.sides) - len(sides.unread) > 1:
        lead.append("Die Seiten führen zur selben Stelle:")
    elif len(compared) > 1:
        lead.append("Ein Vergleich: zuerst die wichtigste Stelle zu jeder Seite.")
    keys = {p.key for p in compared}
    rest = [h for h in found.hits if h.passage.key not in keys][:OTHERS]
    body = "\n\n".join(["\n".join(lead), compared_body(index, compared, sections)])
    page = Page(title=shorten(" · ".join(p.title for p in compared), 200), body=body)
    after = len(compared) + 1
    page.fields = _others(index, found, rest, r, sections, question, start=after)
    actions = [*(passage_button(p, n) for n, p in enumerate(compared, 1)),
               *(passage_button(h.passage, n) for n, h in enumerate(rest, after))]
    first = compared[0]
    return Reply(pages=[page], source=footer_source(first), date=first.date, actions=actions)


@action("passage")
async def passage_action(ctx: AnswerContext, arg: PassageKey) -> Reply:
    """Button ``rb:passage:<key>``: one passage whole (a ruling, rule, paragraph, …) with today's status; ``key`` in
    the bot's spelling (:data:`bot.button_args.PASSAGE_KEY`: ``001:00078`` is an unknown button, never looked up).

    Raises:
        UserError: no passage has that key (the store was rebuilt from other documents).
    """
    p = await ctx.store.passage_by_key(arg)
    if p is None:
        raise UserError("Stelle nicht gefunden", "Diese Stelle gibt es in der Datenbank nicht (mehr).")
    p = (await named_passages(ctx.store, [p]))[0]  # an entry of 003 by its rule number, as in the list it came from
    index = await today_index(ctx.store)
    actions = []
    if p.card_id is not None:
        actions.append(Action(label="Alle Rulings der Karte", action="rulings", arg=str(p.card_id)))
    if p.mechanic_id is not None:
        actions.append(Action(label="Ganzer Abschnitt", action="mechanic", arg=str(p.mechanic_id)))
    page = passage_page(index, p, await ctx.store.mechanic_sections(), card=await passage_card(ctx.store, p),
                        rules=await introduced_rules(ctx.store, p))
    return Reply(pages=[page], source=footer_source(p), date=p.date, actions=actions)


__all__ = [
    "PassageView", "candidate_name", "card_text", "compared_body", "introduced_rules", "owner_line",
    "passage_action", "passage_button", "passage_card", "passage_page", "passage_standing", "passage_state",
    "passage_view", "question_answer"
]
