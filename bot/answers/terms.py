"""German terms in ``/rule`` (``/regel``): the term table (``data/terms_de_en.tsv``, :mod:`bot.terms`)
answers a German query by meaning before any full-text search.

``/regel suche: Trampelschaden`` → the term, its English name, its kind and today's rule number
(702.19 of the Comprehensive Rules of 2026-04-17), older German terms ("früher Vorrang"), and the
entries of the documents that use it (mechanics sections of the FAQs, rulings, quoted rules and the
German rules explanation 003). With the Comprehensive Rules in the store (``build --cr``) the official
rule text comes first. The first page is always about the term's rule, so its number is the answer's
"top-1" (measured in tests/answers/test_terms.py and tests/reference/test_terms_reference.py).
"""

from __future__ import annotations

from functools import cache

from bot.answers.official import rule_reply as official_rule_reply
from bot.answers.players_terms import players_lookup
from bot.answers.register_terms import register_mentions
from bot.answers.registry import AnswerContext, UserError, completer
from bot.answers.rule_status import listed_entry
from bot.answers.rulings import RulingHit, search_rulings
from bot.answers.sources import TABLE_SOURCE, passage_source
from bot.answers.term_uses import rule_text_uses
from bot.answers.today import PageNotes, status_text
from bot.answers.today_index import today_index
from bot.button_args import safe_key
from bot.concepts import concept_id
from bot.reply import CHOICES_MAX, Action, Choice, Page, Reply, in_quotes
from bot.rule_catalog import misnumbered, number_key
from bot.search import FUZZY
from bot.terms import MAIN, VARIANT, Sense, Term, TermMatch, synonyms, term_concept, term_index
from bot.text import STOP_WORDS, clean, fold, name_keys, tokens

#: Rulings listed under a term (the full-text hits follow on the next pages).
ENTRIES_SHOWN = 4
#: Most mechanics sections' passages read for a term's sections (a section has one or a few).
SECTIONS_READ = 100

def term_lines(term: Term) -> list[str]:
    """The German description lines of a term (name, English, kind, rule, older terms)."""
    lines = [
        f"**{term.german}** (englisch *{term.english}*): {term.kind_name}, heute Regel **{term.rule}** "
        "der Comprehensive Rules."
    ]
    if term.old:
        lines.append("Früher auch: " + ", ".join(f"„{o}“" for o in term.old) + ".")
    return lines


@cache
def _phrase_concepts(name: str) -> frozenset[str]:
    """The concept ids of the synonym groups (``data/synonyms.tsv``) with a phrase of two or more words that holds
    ``name`` as a whole word: such a phrase is one concept of its own where a passage says it (the longest name
    wins, ``auf den Friedhof gelegt`` → ``zzsfriedhofxgelegt``), yet the passage still uses the term's word in its
    sense (the Friedhof of ``auf den Friedhof gelegt`` is the graveyard)."""
    word = fold(name.casefold())
    return frozenset(concept_id("s", g.key) for g in synonyms() for phrase in g.labels
                     if len(phrase.split()) > 1 and word in fold(phrase).split())


def uses_term(concepts: list[str] | tuple[str, ...], term: Term, names: list[str]) -> bool:
    """True when a passage with the concept ids ``concepts`` uses the term in its sense: it carries the term's
    concept, or a synonym group's phrase that holds one of the term's ``names`` (:func:`_phrase_concepts`). A
    card's name gives no concept (:mod:`bot.card_names`), nor a word another document means otherwise
    (``data/terms_documents.tsv``), so neither counts."""
    if term_concept(term) in concepts:
        return True
    return any(c in concepts for name in names for c in _phrase_concepts(name))


async def document_entries(ctx: AnswerContext, term: Term) -> tuple[list[str], list[Action]]:
    """:func:`entries_and_legend` with the legend's lines after the entries."""
    lines, legend, actions = await entries_and_legend(ctx, term)
    return lines + legend, actions


async def entries_and_legend(ctx: AnswerContext, term: Term) -> tuple[list[str], list[str], list[Action]]:
    """Where the documents use the term: mechanics sections (buttons) and rulings (lines), and the lines of their
    numbered notes (the legend: ``⚠️¹ **Heute:** …``, ``ℹ️ **Heute andere Begriffe:** ¹ …``).

    The sections are those whose title carries the term's concept (:meth:`bot.store.Store.term_uses`: „Geteilte
    Karten“ for Geteilte Karte, „Verschneite Karten und das Schnee-Manasymbol“ for Schnee-Manasymbol), in the
    store's order of sections. For the rulings it searches the German name and every old term (the ruling search
    links old and new terms through the concepts of the term table) and keeps the rulings whose text uses a name
    in this term's sense; an outdated ruling carries the register's notice, as under ``/ruling``.
    Returns German lines, the legend's lines and buttons; all empty when no document uses it.
    """
    names = [term.german, *term.old]
    titled = {u.mechanic_id for u in await ctx.store.term_uses(term_concept(term), text=False, kinds=("mechanic",),
                                                                 limit=SECTIONS_READ)}
    sections = [m for m in await ctx.store.mechanic_sections() if m.id in titled]
    actions = [Action(label=f"Mechanik: {m.title}", action="mechanic", arg=str(m.id)) for m in sections]
    index = await today_index(ctx.store)
    found: dict[int, RulingHit] = {}
    for name in names:
        result = await search_rulings(ctx.store, name)
        # Only rulings that use the word as this term in their document (data/terms_documents.tsv): not 004's
        # „provoziert“ (goad) under Provozieren, not the card name „Maul der Leere“ under Leere.
        for hit in (h for h in result.hits if uses_term(h.passage.concepts, term, names)):
            if len(found) < ENTRIES_SHOWN:
                found.setdefault(hit.ruling_id, hit)
    # Each section and ruling as shown today (a section marked „⚠️ heute überholt“ with today's statement, a changed
    # ruling with it first), notices several entries share once, tied to each.
    notes = PageNotes(index, [*(("mechanic", m.id) for m in sections), *(("ruling", i) for i in found)])
    lines = [listed_entry(index, "mechanic", m.id, f"• Abschnitt {in_quotes(m.title)} "
                          f"({m.document.set_name or m.document.title})", notes) for m in sections]
    lines += [f"• Ruling zu **{hit.owner}** ({passage_source(hit.passage)}): "
              + status_text(index, "ruling", hit.ruling_id, hit.snippet, notes=notes) for hit in found.values()]
    placed = notes.placed("", lines, listing=True)  # the entries' shared notes as their footnotes, after them
    return placed[:len(lines)], placed[len(lines):], actions


async def term_reply(ctx: AnswerContext, match: TermMatch) -> Reply:
    """The answer for a German term: with a CR in the store its official rule first, then the term page
    (rule number, older terms, document entries); without one the term page alone. Never raises: a rule
    missing from an imported CR falls back to the term page."""
    term = match.term
    body = term_lines(term)
    if match.how == "typo":  # the user's text is not echoed (no markdown from users in answers)
        body.insert(0, f"_Kein genauer Treffer; am ähnlichsten geschrieben: {term.german}._")
    elif match.how == "inside":
        body.insert(0, f"_Im Suchtext erkannt: {term.german}._")
    elif _note(match).startswith("früher"):
        body.insert(0, f"_{_note(match)}_")
    # one reading of what the documents mean by the typed word (data/terms_documents.tsv): the notes atop the page
    # and the line on the term's own use below both say it, so they cannot disagree
    senses = term_index().document_senses(match.name)
    notes = document_notes(match, senses)
    entries, legend, actions = await entries_and_legend(ctx, term)
    if not entries:  # no ruling, no section: the documents' rules text may use it all the same (003's „Match“)
        entries, actions = await rule_text_uses(ctx, term)
    if entries:
        body.append("\n**In den Dokumenten des Bots:**\n" + "\n".join(entries + legend))
    else:  # the register's statements may name it all the same (Mahlen in the notes on Ausgraben: „millen“)
        mentions = await register_mentions(ctx.store, term)
        listed: list[str] = []
        for other in sense_terms(match, senses):  # 004's „provoziert“ is goad: its rulings under the word typed
            more, more_actions = await document_entries(ctx, other)
            if more:
                listed.append(f"\n**In den Dokumenten des Bots als {other.german} ({other.english}):**\n"
                              + "\n".join(more))
                actions += more_actions
        body.append(unused_line(term, senses if listed else [], bool(mentions)) + (
            ":\n" + "\n".join(m.line() for m in mentions) if mentions else "."))
        body += listed
        actions += [m.action for m in mentions if m.action is not None]
        if listed:  # the line says what the documents mean by the word: its note atop the page would say it twice
            notes = document_notes(match, [s for s in senses if s[0] is None or s[0] is term])
    body[:0] = notes
    # the legend stays with the entries it explains when Discord's limit splits the page (bot.page_fit.fit_pages)
    page = Page(title=f"{term.german} – Regel {term.rule}", body="\n".join(body), legend="\n".join(legend))
    reply = Reply(pages=[page], source=TABLE_SOURCE, actions=actions)
    versions = await ctx.store.cr_versions()
    if versions:
        current = next((v for v in versions if v.is_current), versions[0])
        try:
            official = await official_rule_reply(ctx.store, term.rule, current, note=_note(match))
        except UserError:
            return reply
        official.pages.append(page)
        official.actions = [*official.actions, *actions][:20]
        official.source = f"{official.source} · {TABLE_SOURCE}"
        return official
    return reply


async def rule_term_uses(ctx: AnswerContext, terms: list[Term]) -> tuple[list[str], list[Action]]:
    """Where the documents use the ``terms`` of a rule none of them quotes, as a term's page shows it
    (:func:`document_entries`; else the rules text using it, :func:`bot.answers.term_uses.rule_text_uses`): German
    lines, one heading per term that has any, and their buttons; none for a term no document uses
    (:func:`bot.answers.eras.today_number_reply`: ``/regel suche: 702.19``)."""
    lines: list[str] = []
    actions: list[Action] = []
    for term in terms:
        entries, more = await document_entries(ctx, term)
        if not entries:
            entries, more = await rule_text_uses(ctx, term)
        if entries:
            lines.append(f"\n**{term.german} in den Dokumenten des Bots:**\n" + "\n".join(entries))
            actions += more
    return lines, actions


#: What :meth:`bot.terms.TermIndex.document_senses` reads for a word: ``(term or None, sense row, the row's word)``.
Senses = list[tuple[Term | None, Sense, str]]


def _documents(sense: Sense) -> str:
    """„Dokument 004“, „den Dokumenten 001, 002“: the documents of a sense row."""
    return ("Dokument " if len(sense.documents) == 1 else "den Dokumenten ") + ", ".join(sorted(sense.documents))


def unused_line(term: Term, senses: Senses, mentioned: bool = False) -> str:
    """The line of a term page that no passage of the documents uses ``term`` (without its end: „.“, or „:“ and the
    register's mentions when ``mentioned``). Where ``senses`` (:func:`bot.terms.TermIndex.document_senses` of the
    typed word, read once for the page) say a document writes the word for another term, whose rulings the page
    lists, the line says so in the same breath: „Im Sinn von **Provozieren**
    (Provoke) verwenden die Dokumente des Bots das Wort nicht; in Dokument 004 steht „provozieren“ für Aufstacheln
    (Goad, Regel 701.15), unten aufgeführt“, in place of the note atop the page (before: „Die Dokumente des Bots
    verwenden diesen Begriff nicht.“ under 004's note that they write the word, five times). Otherwise „Die
    Dokumente des Bots verwenden diesen Begriff nicht“, and „…; die Hinweise des Bots nennen ihn“ when
    ``mentioned``."""
    other = [(t, sense, word) for t, sense, word in senses if t is not None and t is not term]
    if not other:
        return "\nDie Dokumente des Bots verwenden diesen Begriff nicht" + (
            "; die Hinweise des Bots nennen ihn" if mentioned else "")
    meant = "; ".join(f"in {_documents(sense)} steht {in_quotes(word)} für {t.german} ({t.english}, Regel {t.rule})"
                      for t, sense, word in other)
    return (f"\nIm Sinn von **{term.german}** ({term.english}) verwenden die Dokumente des Bots das Wort nicht; "
            f"{meant}, unten aufgeführt" + ("; die Hinweise des Bots nennen den Begriff" if mentioned else ""))


def document_notes(match: TermMatch, senses: Senses | None = None) -> list[str]:
    """Lines on what the documents write for the matched word (``data/terms_documents.tsv``; ``senses`` when the
    caller read them already), without echoing the user's text: ``_In Dokument 004 steht „provozieren“ für
    Aufstacheln (Goad, Regel 701.15)._`` — for the term found through a document's word, for another term the same
    word names in a document, and where a document uses the word as no term at all (001's „Leere“ in card names)."""
    out = []
    for term, sense, word in term_index().document_senses(match.name) if senses is None else senses:
        docs = _documents(sense)
        if term is None:  # an ordinary word or a card name there
            out.append(f"_In {docs} ist {in_quotes(word)} kein Begriff: {sense.note}._")
        else:
            out.append(f"_In {docs} steht {in_quotes(word)} für {term.german} ({term.english}, "
                       f"Regel {term.rule})._")
    return list(dict.fromkeys(out))


def sense_terms(match: TermMatch, senses: Senses | None = None) -> list[Term]:
    """The other terms a document means by the matched word (``data/terms_documents.tsv``; ``senses`` when the
    caller read them already), each once: for „provoziert“ (Provozieren, provoke, which no document uses) 004's
    Aufstacheln (goad), whose rulings the page then lists, so ``/regel provoziert`` reaches 004's rulings as
    ``/frage`` does."""
    read = term_index().document_senses(match.name) if senses is None else senses
    found = [term for term, _sense, _word in read if term is not None and term is not match.term]
    return list({id(t): t for t in found}.values())


def _note(match: TermMatch) -> str:
    """``Trampelschaden = Trample``; through an old term ``früher „Vorrang“, heute Priorität = Priority``."""
    term = match.term
    old = next((o for o in term.old if name_keys(o)[:1] == name_keys(match.name)[:1]), None)
    same = f"{term.german} = {term.english}"
    return f"früher „{old}“, heute {same}" if old else same


@cache
def _term_numbers() -> dict[str, list[Choice]]:
    """Every start of a term's rule number → the choices of the terms whose number begins with it, in the rules'
    order (``702.1`` → 702.10 Eile, 702.11 Fluchsicher, …), at most 25 each. Made once per process."""
    out: dict[str, list[Choice]] = {}
    for t in sorted(term_index().terms, key=lambda t: number_key(t.rule)):
        choice = Choice(name=f"{t.rule} – {t.german} ({t.english})"[:100], value=t.rule)
        for end in range(1, len(t.rule) + 1):
            found = out.setdefault(t.rule[:end], [])
            if len(found) < CHOICES_MAX and all(c.value != t.rule for c in found):
                found.append(choice)
    return out


def term_numbers(prefix: str) -> list[Choice]:
    """The term table's rule numbers beginning with ``prefix`` (today's numbers, as ``/regel suche: 702.19``
    answers them with Trampelschaden), for the autocomplete of a store without the Comprehensive Rules."""
    return _term_numbers().get(prefix, [])


@cache
def term_choices() -> dict[tuple[int, str, int], tuple[str, Choice]]:
    """Per name of the term table (keyed by the term's identity, the name and its rank, as
    :meth:`bot.terms.TermIndex.complete` gives them): the name case-folded and the choice :func:`term_queries`
    offers for it (``Vorrang → Priorität`` for an old or English name). Made once per process, at the warm-up."""
    out: dict[tuple[int, str, int], tuple[str, Choice]] = {}
    for term, name, rank, _joined in term_index().name_words:
        label = name if rank in (MAIN, VARIANT) else f"{name} → {term.german}"
        out[id(term), name, rank] = (name.casefold(), Choice(name=label[:100], value=name[:100]))
    return out


#: Most card names :func:`term_queries` offers beside the typed text (each a search for that card's rulings).
CARD_OFFERS = 5


def card_offers(ctx: AnswerContext, typed: str, guesses: bool = False, limit: int = CARD_OFFERS) -> list[Choice]:
    """The cards the card autocomplete offers for the text ``typed`` (:meth:`bot.search.NameIndex.complete`, as
    ``/karte``'s autocomplete reads it), each as a search for its rulings, at most ``limit``: „szadek“ →
    ``Szadek, Herr der Geheimnisse – Rulings`` with the card's name as the value (a ``/ruling suche`` naming a
    card shows that card's rulings first). Only names the text or its words begin, unless ``guesses``: then the
    cards found as a slip of their name (``borros`` → ``Boros-Rekrut – Rulings``) are offered too. From memory."""
    out: dict[int, Choice] = {}
    for hit in ctx.names.complete(typed):
        if len(out) >= limit:
            break
        if (hit.tier >= FUZZY and not guesses) or hit.card_id in out:
            continue
        english = hit.foreign and hit.matched != hit.card_name  # found by its English name: said, as /karte says it
        label = f"{hit.card_name} (engl. {hit.matched}) – Rulings" if english else f"{hit.card_name} – Rulings"
        out[hit.card_id] = Choice(name=label if len(label) <= 100 else hit.card_name[:100], value=hit.card_name[:100])
    return list(out.values())


@completer("term_queries")
def term_queries(ctx: AnswerContext, current: str) -> list[Choice]:
    """Autocomplete for ``/ruling suche``: the typed text first, then the cards whose names it begins
    (:func:`card_offers`: ``szadek`` → ``Szadek, Herr der Geheimnisse – Rulings``), then German terms of the term
    table whose names (German, old, variants, English) have words starting with the typed words; an old or English
    name is shown with today's term (``Vorrang → Priorität``, also when typed whole: ``vorrang`` gives the one
    choice ``Vorrang → Priorität`` with the value ``vorrang``). Each name once, whatever its case. A text that
    begins no card's name and no term's is read as a slip of a card's name, as ``/karte``'s autocomplete reads it
    (``borros`` → ``Boros-Rekrut – Rulings``, ``Razia, Boros-Erzengel – Rulings`` …); nothing typed offers the
    cards ``/karte``'s autocomplete starts with, each a search for its rulings. At most 25, from memory. Nothing for
    a text the answer refuses (``-5``, ``702.19zz``: :func:`bot.rule_catalog.misnumbered`), as ``/regel
    suche``'s autocomplete offers nothing for it."""
    typed = clean(current)[:100]
    if misnumbered(typed):
        return []
    typed_words = tokens(typed)
    if not typed:
        return card_offers(ctx, "", limit=CHOICES_MAX)
    # keyed by the folded name: a term typed whole ("Priorität", "vorrang") is one choice, not two
    choices: dict[str, Choice] = {typed.casefold(): Choice(name=typed, value=typed)}
    if not typed_words:
        return list(choices.values())
    cards = card_offers(ctx, typed)
    for card in cards:
        choices.setdefault(card.value.casefold(), card)
    made = term_choices()
    typed_key = typed.casefold()
    terms = term_index().complete(typed_words)
    for term, name, rank in terms:
        key, choice = made[id(term), name, rank]
        if key == typed_key and choices[key].name == typed:
            choices[key] = Choice(name=choice.name, value=typed)  # the typed text first, with today's term
        elif key not in choices:
            choices[key] = choice
        if len(choices) >= CHOICES_MAX:
            break
    if not cards and not terms:  # nothing begins with it: a slip of a card's name, read as /karte reads it
        for card in card_offers(ctx, typed, guesses=True):
            choices.setdefault(card.value.casefold(), card)
    return list(choices.values())[:CHOICES_MAX]


def lookup(query: str) -> TermMatch | None:
    """The term a ``/regel`` query names (see :meth:`bot.terms.TermIndex.lookup`), else the term a players' word
    stands for („prio“: Priorität, :func:`bot.answers.players_terms.players_lookup`), or None. A players' word is
    read as what it stands for before it is read as a slip of a name, as the question's analysis reads it
    (:func:`bot.players_words.listed`): „gecountert“ is Neutralisieren (701.6), no typo of „Age Counter“."""
    match = term_index().lookup(query)
    if match is None or match.how == "typo":
        return players_lookup(query) or match
    return match


#: Words a ``/regel`` search may add to a term without asking for more than the term („trampelschaden regel“).
RULE_WORDS = frozenset({"regel", "regeln", "rule", "rules", "cr"})
#: Most terms :func:`terms_line` names (a long search names many: the line stays short).
TERMS_NAMED = 4


def terms_besides(query: str, match: TermMatch) -> list[Term]:
    """The terms a ``/regel`` search names when it says more than the term ``match`` found inside it: ``[]`` when
    it asks for that term alone („was ist vorrang“, „wann bekomme ich priorität“: its term page answers), else the
    term and every other word of the search the term table names by itself, in the search's order after the
    matched one (``"spielstein friedhof"`` → [Friedhof, Spielstein]). A search naming two terms, or a term and other
    content words („karte ins exil schicken“), asks about them together: the ranked search answers it (issue 19)."""
    if match.how != "inside":
        return []  # the whole search is the term (exact, a form of it, a typo of it)
    others = [w for w in term_index().besides(query, match) if w not in RULE_WORDS]
    if not others:
        return []
    found = [m.term for w in others if (m := term_index().lookup(w)) is not None and m.how in ("exact", "form")]
    return list(dict.fromkeys([match.term, *found]))[:TERMS_NAMED]


#: Most words of a search :func:`terms_of_words` looks up one by one (each may be a typo: one fuzzy look-up each).
WORDS_LOOKED_UP = 8


def terms_of_words(query: str) -> list[Term]:
    """The terms the words of a ``/regel`` search name one by one, when the search as a whole names none
    (:func:`lookup` None) but its words name two or more: each word exactly, as a form or as a typo of a term's name
    (``"spielstien friedhf"`` → [Spielstein, Friedhof], the words the ranked search repairs the same way); ``[]``
    when fewer than two terms are named. At most :data:`TERMS_NAMED` terms, the first :data:`WORDS_LOOKED_UP`
    words of the search (stop words and :data:`RULE_WORDS` skipped) looked up."""
    words = [w for w in clean(query).lower().split() if w not in STOP_WORDS and w not in RULE_WORDS]
    found = [m.term for w in words[:WORDS_LOOKED_UP]
             if (m := term_index().lookup(w)) is not None and m.how in ("exact", "form", "typo")]
    terms = list(dict.fromkeys(found))[:TERMS_NAMED]
    return terms if len(terms) > 1 else []


#: The action of a term's button (``rb:term:<name>``, :func:`term_action`): the term's page, as ``/regel suche``
#: opens it by the term's name.
TERM_ACTION = "term"


def term_actions(terms: list[Term]) -> list[Action]:
    """A button per term of ``terms`` opening its page (``rb:term:<name>``, the German name as a button carries it,
    :func:`bot.button_args.safe_key`: ``+1/+1-Marke`` → ``+1-+1-Marke``; :func:`term_named` reads it back)."""
    return [Action(label=f"Begriff: {t.german}"[:80], action=TERM_ACTION, arg=safe_key(t.german)) for t in terms]


def term_named(arg: str) -> Term | None:
    """The term whose German name a term button carries as ``arg`` (:func:`term_actions`), None for any other text
    (a forged or outdated button): an exact comparison with the table's names, nothing fuzzy."""
    return next((t for t in term_index().terms if safe_key(t.german) == arg), None)


def terms_line(terms: list[Term]) -> str:
    """The line over the ranked search that keeps the terms of the search one click away: ``Begriffe im
    Suchtext: Friedhof (Regel 404), Spielstein (Regel 111) – einzeln: `/regel suche: Friedhof` …``."""
    named = ", ".join(f"**{t.german}** (Regel {t.rule})" for t in terms)
    single = " · ".join(f"`/regel suche: {t.german}`" for t in terms)
    return f"Begriffe im Suchtext: {named}; jeden einzeln erklärt: {single}"


__all__ = [
    "RULE_WORDS",
    "TERM_ACTION",
    "document_entries",
    "entries_and_legend",
    "lookup",
    "rule_term_uses",
    "term_actions",
    "term_lines",
    "term_named",
    "term_reply",
    "terms_besides",
    "terms_line",
    "terms_of_words",
]
