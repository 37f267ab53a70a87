"""The prepared mechanics finder (bot/answers/mechanic_finder.py) names the sections the plain definition it
replaced names: every tier computed afresh from the sections' titles on every call (``definition`` below),
over typed titles, their prefixes, every synonym pattern of ``data/synonyms.tsv`` (starred words with an
ending), term forms and typos."""

from __future__ import annotations

from rapidfuzz import fuzz, process

from bot.analysis import snowball
from bot.answers import AnswerContext
from bot.answers.mechanic_finder import MECHANIC_KINDS, keyword_names_used_plainly, mechanic_finder
from bot.store import MechanicRecord
from bot.terms import ENGLISH, term_index
from bot.text import canonical, tokens
from bot.textsearch import synonyms
from bot.wordforms import NOUN_VERBS, PARTICLES, verb_forms, verbs_of


def titled(sections: list[MechanicRecord], names: list[str]) -> list[MechanicRecord]:
    return [m for m in sections if " ".join(m.words) in {" ".join(tokens(n)) for n in names}]


def carried(sections: list[MechanicRecord], names: list[str]) -> list[MechanicRecord]:
    """The sections whose title's first word is a form of a name's first word and whose words carry the name's
    other words (stems compared), when they share one title."""
    found = []
    for name in names:
        stems = [snowball(w) for w in tokens(name)]
        for m in sections:
            title = [snowball(w) for w in m.words]
            if stems and title and title[0] == stems[0] and set(stems) <= set(title) and m not in found:
                found.append(m)
    return found if len({m.title for m in found}) == 1 else []


def about(sections: list[MechanicRecord], term) -> list[MechanicRecord]:
    """The sections titled with the term's German names, else with its English name, else those whose title
    carries a German name (:func:`carried`)."""
    german = [n for n, r in term.names() if r != ENGLISH]
    return (titled(sections, german) or titled(sections, [n for n, r in term.names() if r == ENGLISH])
            or carried(sections, german))


_OWNERS: dict[tuple[int, ...], dict[tuple, set]] = {}


def form_owners(sections: list[MechanicRecord]) -> dict[tuple, set]:
    """Every mechanic's verb forms (stemmed words) → the section ids (or the keyword's name) of the mechanics
    with that form: generated once per section list (the forms do not depend on the query)."""
    def key(words):
        return tuple(snowball(canonical(w)) for w in words)

    made = _OWNERS.get(tuple(m.id for m in sections))
    if made is not None:
        return made
    ordinary = keyword_names_used_plainly()
    owners: dict[tuple, set] = _OWNERS.setdefault(tuple(m.id for m in sections), {})
    for term in term_index().terms:
        if term.kind not in MECHANIC_KINDS or canonical(" ".join(tokens(term.german))) in ordinary:
            continue
        for form in (f for verb in verbs_of(term.german) for f in verb_forms(verb).all()):
            hits = tuple(m.id for m in about(sections, term)) or term.german
            owners.setdefault(key(tokens(form)), set()).add(hits)
    for word, verb in NOUN_VERBS.items():
        hits = tuple(m.id for m in sections if word in m.words)
        for form in verb_forms(verb).all() if hits else ():
            owners.setdefault(key(tokens(form)), set()).add(hits)
    return owners


def verb_form_hits(sections: list[MechanicRecord], typed: list[str]) -> list[MechanicRecord] | None:
    """The verb-form tier written out: every mechanic's forms (:func:`form_owners`), compared as stemmed words; a
    form two mechanics share names none; a finite verb and its separable prefix may have words between."""
    def key(words):
        return tuple(snowball(canonical(w)) for w in words)

    wanted = {key(typed)}
    if len(typed) > 2 and canonical(typed[-1]) in {canonical(p) for p in PARTICLES}:
        wanted.add(key([typed[0], typed[-1]]))
    owners = form_owners(sections)
    for k in (key(typed), *(w for w in wanted if w != key(typed))):
        found = owners.get(k)
        if found is not None and len(found) == 1:
            (hits,) = found
            return [m for m in sections if isinstance(hits, tuple) and m.id in hits]
    return None


def definition(sections: list[MechanicRecord], text: str) -> list[MechanicRecord]:
    """The tiers of :meth:`MechanicFinder.find`, written out over every section on every call."""
    typed = tokens(text)
    if not typed:
        return []
    exact = [m for m in sections if tokens(m.label) == typed or m.words == typed]
    if exact:
        return exact
    if len(typed) > 1 and all(len(t) < 2 for t in typed):
        return []
    prefix = [m for m in sections if all(any(w.startswith(t) for w in m.words) for t in typed)]
    if prefix:
        return prefix
    by_form = verb_form_hits(sections, typed)
    if by_form is not None:
        return by_form
    for group in synonyms():
        if any(p.matches_at(typed, 0) and len(p.words) == len(typed) for p in group.patterns):
            hits = [m for m in sections if any(p.matches_at(m.words, 0) for p in group.patterns)]
            if hits:
                return hits
    match = term_index().lookup(text)
    if match is not None and not (match.how != "exact" and canonical(" ".join(tokens(match.term.german)))
                                  in keyword_names_used_plainly()):
        by_term = about(sections, match.term)
        if by_term:
            return by_term
        if match.term.kind in MECHANIC_KINDS:  # a keyword without a section: its term page, no section
            return []
    if len("".join(typed)) < 3:
        return []
    keys = [" ".join(m.words) for m in sections]
    best = process.extract(" ".join(typed), keys, scorer=fuzz.WRatio, limit=3, score_cutoff=80)
    if not best:
        return begun(sections, typed)
    return [sections[i] for _k, score, i in best if score >= best[0][1] - 0.01]


_NAMES: dict[tuple[int, ...], list[tuple[MechanicRecord, str]]] = {}


def begun(sections: list[MechanicRecord], typed: list[str]) -> list[MechanicRecord]:
    """The last tier: the sections one of whose names (title, or any name of a term the section is about) begins
    with the typed words run together; none when more than 5 titles."""
    joined = "".join(canonical(t) for t in typed)
    key = tuple(m.id for m in sections)
    if key not in _NAMES:  # the same names for every query
        _NAMES[key] = [(m, "".join(canonical(w) for w in m.words)) for m in sections] + [
            (m, "".join(canonical(w) for w in tokens(name))) for term in term_index().terms
            for m in about(sections, term) for name, _rank in term.names()]
    names = _NAMES[key]
    found = [m for m, name in names if name.startswith(joined)]
    found = sorted({m.id: m for m in found}.values(), key=sections.index)
    return found if len({m.title for m in found}) <= 5 else []


def queries(sections: list[MechanicRecord]) -> list[str]:
    out = ["", "  ", "w w", "{W}{W}", "zz", "Einberfen", "gepfropft", "reproduziert", "Hybrid-Mana", "Gilden",
           "beruft ein", "beruft sie alle ein", "befehdet", "verbessert", "birgt", "verschwindet", "stachelt auf"]
    for m in sections:
        out += [m.title, m.label, m.title[:3], m.title.upper(), m.title[:-1] + "x", " ".join(reversed(m.words))]
    for group in synonyms():
        for p in group.patterns:
            out.append(" ".join(w + ("ed" if star else "") for w, star in zip(p.words, p.prefix, strict=True)))
            out.append(" ".join(p.words).replace("a", "ae"))
    return out


async def test_the_finder_names_what_the_definition_names(ctx: AnswerContext):
    finder = await mechanic_finder(ctx.store)
    sections = finder.sections
    assert finder is await mechanic_finder(ctx.store)  # made once per store
    asked = queries(sections)
    got = {q: [sections[i].id for i in finder.find(q)] for q in asked}
    want = {q: [m.id for m in definition(sections, q)] for q in asked}
    assert got == want
    assert [sections[i].title for i in finder.find("convoke")] == ["Einberufen"]
    assert [sections[i].title for i in finder.find("haun")] == ["Spuk"]  # Haunt begun
    assert finder.find("Spux") == []  # a slip is offered (MechanicFinder.slipped), never answered
    assert [sections[i].title for i in finder.slipped(["spux"])] == ["Spuk"]
    assert finder.find("upkeep") == []  # a word inside Cumulative Upkeep is no beginning


async def test_the_synonym_groups_title_the_sections_their_patterns_fit(ctx: AnswerContext):
    """The groups' sections as Phrase.matches_at finds them, also for titles whose first word a starred pattern's
    first word only starts (``hybrid*`` → Hybridkarten, ``geteilte* karte*`` → Geteilter Kartenstapel) and for two
    titles starting with the same word (``spuk``: Spuk, Spuk der Alten)."""
    from dataclasses import replace

    from bot.answers.mechanic_finder import MechanicFinder

    sections = (await mechanic_finder(ctx.store)).sections
    sections = sections + [replace(sections[0], title=t) for t in
                           ("Spuk der Alten", "Hybridkarten", "Geteilter Kartenstapel", "Fehden der Alten",
                            "Mehrfarbige", "Hybrid")]
    hits = [[i for i, m in enumerate(sections) if any(p.matches_at(m.words, 0) for p in group.patterns)]
            for group in synonyms()]
    made = MechanicFinder(sections)._group_hits
    assert made == [h for h in hits if h]
    assert any(len(sections) - 5 in h and len(sections) - 1 in h for h in made)  # Hybridkarten with Hybrid
    assert any(len(sections) - 6 in h and len(h) == 2 for h in made)  # Spuk der Alten with Spuk


async def test_the_term_tier_looks_for_typos_only_near_terms_it_can_answer_with(ctx: AnswerContext):
    """The term table's typo tier, restricted to the keys of the terms titling a section (the autocomplete) or
    also of the keywords no section is about (the command), answers as the full tier for those terms and None for
    a typo of a game term that is neither (Zustandsbasierte Aktionen, rule 704)."""
    finder = await mechanic_finder(ctx.store)
    index = term_index()
    full = index.lookup("Einerufen")
    assert (full.term.german, full.how) == ("Einberufen", "typo")
    restricted = index.lookup("Einerufen", typo_among=finder.typo_keys)
    assert (restricted.term, restricted.how) == (full.term, "typo")
    assert index.lookup("Zustandsbasirte Aktion").term.rule == "704"
    assert index.lookup("Zustandsbasirte Aktion", typo_among=finder.typo_keys) is None
    # a keyword without a section (701.15): its typo is tried by the command, not on every keystroke
    goad = index.lookup("Aufstachln", typo_among=finder.keyword_typo_keys)
    assert (goad.term.german, goad.term.rule, goad.how) == ("Aufstacheln", "701.15", "typo")
    assert index.lookup("Aufstachln", typo_among=finder.typo_keys) is None
    assert len(finder.typo_keys) < len(finder.keyword_typo_keys) / 4
    # Every name of a titling term with its third letter dropped: where the full typo tier finds that term,
    # so does the restricted one.
    checked = 0
    for term in index.terms:
        if not finder.of_term(term.german):
            continue
        for name, _rank in term.names():
            typo = name[:2] + name[3:]
            want = index.lookup(typo)
            if want is not None and want.term is term and want.how == "typo":
                got = index.lookup(typo, typo_among=finder.typo_keys)
                assert got is not None and got.term is term, typo
                checked += 1
    assert checked >= 10


# --- every mechanic in every form -----------------------------------------------------------------------------


def target(finder, term) -> tuple:
    """What a form of ``term`` must reach: the ids of the sections about it (titled with its German names, else
    its English one), or, with no section, the term itself."""
    ids = tuple(finder.sections[i].id for i in finder._term_sections(term))
    return ids or (term.german,)


def reached(finder, text: str) -> tuple:
    found = finder.resolve(text)
    return tuple(finder.sections[i].id for i in found.sections) or ((found.term.german,) if found.term else ())


def inflected(participle: str) -> str:
    """An attributive participle: ``aufgestachelt`` → ``aufgestachelte`` (``einberufen`` → ``einberufene``)."""
    return participle + ("e" if not participle.endswith("e") else "")


async def test_every_mechanic_of_the_term_table_is_reached_by_its_noun_and_its_verb_forms(ctx: AnswerContext):
    """Every keyword action, keyword ability and ability word of the term table: its German name, and where
    German has a verb for it (:func:`bot.wordforms.verbs_of`) the infinitive, the participle (also inflected), the
    finite forms of the 3rd and 2nd person (with a separable prefix also with words between: ``stachelt die
    Kreatur auf``) each reach its section, or its term page when no section is about it. Keyword names the
    documents use as ordinary words (Verschwinden, Leere …) only as written: their other forms are checked
    below."""
    finder = await mechanic_finder(ctx.store)
    ordinary = keyword_names_used_plainly()
    owners: dict[tuple, set] = {}
    forms_of: dict[str, list[str]] = {}
    for term in term_index().terms:
        if term.kind not in MECHANIC_KINDS or canonical(" ".join(tokens(term.german))) in ordinary:
            continue
        for verb in verbs_of(term.german):
            forms = verb_forms(verb)
            forms_of.setdefault(term.german, []).extend([*forms.all(), inflected(forms.participle)])
            if forms.particle and " " not in verb:
                forms_of[term.german].append(forms.finite.replace(" ", " die Kreatur "))
            for form in forms.all():
                owners.setdefault(tuple(tokens(form)), set()).add(term.german)
    shared = {k for k, names in owners.items() if len(names) > 1}  # a form of two mechanics names neither
    walked = verbs = 0
    for term in term_index().terms:
        if term.kind not in MECHANIC_KINDS:
            continue
        want = target(finder, term)
        assert reached(finder, term.german) == want, term.german
        walked += 1
        for form in forms_of.get(term.german, ()):
            if tuple(tokens(form)) not in shared:
                assert reached(finder, form) == want, (term.german, form)
                verbs += 1
    assert walked == 260  # 67 keyword actions, 191 keyword abilities, 2 ability words
    assert verbs >= 500 and len(forms_of) >= 130
    assert len(shared) <= 3, shared


async def test_the_forms_players_write_reach_the_mechanic_the_documents_mean(ctx: AnswerContext):
    """Forms from the documents and from players, with what they reach in the documents' store: the sections
    of 001 (titles and sets as printed) and, for keywords no section is about, the term with today's rule."""
    finder = await mechanic_finder(ctx.store)

    def titles(text):
        found = finder.resolve(text)
        return [finder.labels[i] for i in found.sections] or [f"{found.term.german} {found.term.rule}"]

    for form in ("Einberufen", "einberufen", "einberuft", "einberufene", "beruft ein", "beruft … ein",
                 "beruft beliebig viele Kreaturen ein"):
        assert titles(form) == ["Einberufen"], form
    for form in ("Aufstacheln", "aufgestachelt", "stachelt auf", "stachelt … auf", "angestachelt", "anstacheln"):
        assert titles(form) == ["Aufstacheln 701.15"], form  # goad: no section; 004 writes „angestachelt“
    for form in ("Aufstachln", "Aufstacheln", "Trampelschden"):  # typos of keywords without a section
        assert titles(form) in (["Aufstacheln 701.15"], ["Trampelschaden 702.19"]), form
    for form in ("Fehde", "befehden", "befehdet", "fehdet", "fehden", "Fehden"):
        assert titles(form) == ["Fehde"], form  # the German section of 000, not also its English „Clash“
    assert titles("Clash") == ["Clash"]
    for form in ("Pfropfen", "gepfropft", "pfropft", "gepfropfte"):
        assert titles(form) == ["Pfropfen"], form
    for form in ("Vorhersage", "vorhersagen", "vorhergesagt", "sagt vorher"):
        assert titles(form) == ["Vorhersage"], form
    for form in ("Spuk", "spuken", "spukt", "gespukt", "bespukte", "spukst"):
        assert titles(form) == ["Spuk"], form
    for form in ("Wallung", "wallt"):
        assert titles(form) == ["Wallung"], form
    for form in ("Bergung", "bergen", "birgt", "geborgen"):
        assert titles(form) == ["Bergung"], form
    for form in ("Kumulative Versorgung", "versorgen", "versorgt"):
        assert titles(form) == ["Kumulative Versorgung"], form
    for form in ("verbessern", "verbessert"):
        assert titles(form) == ["„Verbesserte“ Zaubersprüche", "„Verbesserte“ Kreaturen (Gildenbund)",
                                "„Verbesserte“ Kreaturen (Zwietracht)"], form
    assert titles("Nachwirkung") == ["Nachspiel 702.127"]  # 002's word for aftermath
    assert titles("provoziert") == titles("Provozieren") == ["Provozieren 702.39"]
    assert titles("ausgegraben") == titles("gräbt aus") == ["Ausgraben"]
    assert titles("transmutiert") == titles("Transmutierst") == ["Transmutation"]  # 001: „Transmutierst du …“
    assert titles("befehdest") == ["Fehde"]  # 000: „wenn du dich befehdest und gewinnst“
    assert titles("schickt ins Exil") == ["Ins Exil schicken 701.13"]


async def test_keyword_names_that_are_ordinary_words_name_their_keyword_only_as_written(ctx: AnswerContext):
    """``data/terms_documents.tsv`` rows ``-``: the documents use these keyword names as ordinary words
    („verschwinden die Ladungsmarken“, „die in ihren Manakosten auftauchen“), so only the name as written names
    the keyword (Vanishing 702.63, Emerge 702.119, Devoid 702.114); no other form of it hijacks /mechanik."""
    finder = await mechanic_finder(ctx.store)
    assert finder.resolve("Verschwinden").term.rule == "702.63"
    assert finder.resolve("Auftauchen").term.rule == "702.119"
    assert finder.resolve("Leere").term.rule == "702.114"
    assert finder.resolve("Bonus").term.english == "Kicker"
    for form in ("verschwindet", "verschwunden", "taucht auf", "aufgetaucht", "auftauchende", "verschwindende"):
        found = finder.resolve(form)
        assert found.term is None and found.sections == [], form
    # and the generated forms of the other mechanics contain none of them
    ordinary = keyword_names_used_plainly()
    for term in term_index().terms:
        verbs = verbs_of(term.german) if term.kind in MECHANIC_KINDS else []
        if verbs and canonical(" ".join(tokens(term.german))) in ordinary:
            assert not set(finder._forms) & {tuple(snowball(canonical(w)) for w in tokens(f))
                                             for verb in verbs for f in verb_forms(verb).all()}, term.german


async def test_the_autocomplete_offers_the_mechanic_for_every_form(ctx: AnswerContext):
    """``/mechanik``'s autocomplete on every form of the walk above offers that mechanic's section (its label)
    or keyword name, which the command then answers; begun forms offer keywords too (``aufgest``)."""
    from bot.answers import run_completer
    from bot.answers.mechanics import mechanic_names

    finder = await mechanic_finder(ctx.store)
    labels = {m.id: finder.labels[i] for i, m in enumerate(finder.sections)}
    checked = 0
    for term in term_index().terms:
        if term.kind not in MECHANIC_KINDS or canonical(" ".join(tokens(term.german))) in keyword_names_used_plainly():
            continue
        want = [labels[i] if isinstance(i, int) else i for i in target(finder, term)]
        for form in (f for verb in verbs_of(term.german) for f in verb_forms(verb).all()):
            if reached(finder, form):  # not a form two mechanics share
                values = [c.value for c in await run_completer(ctx, mechanic_names, form)]
                assert values[: len(want)] == want, (term.german, form, values)
                checked += 1
    assert checked >= 300
    assert [c.value for c in await run_completer(ctx, mechanic_names, "aufgest")][:1] == ["Aufstacheln"]
    assert "Aufstacheln" in [c.value for c in await run_completer(ctx, mechanic_names, "stachelt a")]


def test_the_verb_forms_are_the_ones_german_writes():
    """Conjugations as German (and the documents: 000 „befehdest“, 001 „Transmutierst“, „gespukt“, „bespukte“,
    004 „aufgestachelt“ in the rules of goad) writes them: strong verbs, separable and inseparable prefixes,
    ``-ieren`` verbs, verbs derived from the mechanic's noun; a noun without a verb has none."""
    def forms(name):
        return [verb_forms(v).all() for v in verbs_of(name)]

    assert forms("Einberufen") == [["einberufen", "beruft ein", "berufst ein"]]
    assert forms("Aufstacheln") == [["aufstacheln", "aufgestachelt", "stachelt auf", "stachelst auf"]]
    assert forms("Herbeirufen") == [["herbeirufen", "herbeigerufen", "ruft herbei", "rufst herbei"]]
    assert forms("Bergung") == [["bergen", "geborgen", "birgt", "birgst"]]
    assert forms("Ausgraben") == [["ausgraben", "ausgegraben", "gräbt aus", "gräbst aus"]]
    assert forms("Verschmelzen") == [["verschmelzen", "verschmolzen", "verschmilzt"]]
    assert forms("Vorhersage") == [["vorhersagen", "vorhergesagt", "sagt vorher", "sagst vorher"]]
    assert forms("Spuk") == [["spuken", "gespukt", "spukt", "spukst"], ["bespuken", "bespukt", "bespukst"]]
    assert forms("Fehde") == [["befehden", "befehdet", "befehdest"]]
    assert forms("Transmutation") == [["transmutieren", "transmutiert", "transmutierst"]]
    assert forms("Reproduktion") == [["reproduzieren", "reproduziert", "reproduzierst"]]
    assert forms("Umwandlung") == [["umwandeln", "umgewandelt", "wandelt um", "wandelst um"]]
    assert forms("Wallung") == [["wallen", "gewallt", "wallt", "wallst"]]
    assert forms("Ausstrahlung") == [["ausstrahlen", "ausgestrahlt", "strahlt aus", "strahlst aus"]]
    assert forms("Kumulative Versorgung") == [["versorgen", "versorgt", "versorgst"]]
    assert forms("Ausbeuten") == [["ausbeuten", "ausgebeutet", "beutet aus", "beutest aus"]]
    assert forms("Abstimmen") == [["abstimmen", "abgestimmt", "stimmt ab", "stimmst ab"]]
    assert forms("Durchsuchen") == [["durchsuchen", "durchsucht", "durchsuchst"]]
    assert forms("Durchhalten") == [["durchhalten", "durchgehalten", "hält durch", "hältst durch"]]
    assert forms("Absorbieren") == [["absorbieren", "absorbiert", "absorbierst"]]
    assert forms("Ins Exil schicken") == [["ins exil schicken", "ins exil geschickt", "schickt ins exil",
                                           "schickst ins exil"]]
    for noun in ("Trampelschaden", "Todesberührung", "Seelenwanderung", "Blutdurst", "Versessenheit", "Luftbändigen",
                 "Umbra-Rüstung", "Tappen und Enttappen", "Station", "Fusion"):
        assert forms(noun) == [], noun


async def test_a_name_a_title_begins_with_in_another_form_names_its_section(ctx: AnswerContext):
    # 001:2781: the supertype „verschneit“ is „snow“ in English now (before, `snow` found nothing and offered
    # „Slowtrips“); the term table's Verschneit (Snow) titles „Verschneite Karten und das Schnee-Manasymbol“
    finder = await mechanic_finder(ctx.store)
    for typed in ("snow", "schnee", "verschneit", "Snow"):
        assert [finder.sections[i].title for i in finder.find(typed)] == [
            "Verschneite Karten und das Schnee-Manasymbol"], typed
    assert [finder.sections[i].title for i in finder.find("multicolored")] == ["Mehrfarbig und Einfarbig"]
    # a name a title carries after its first word names no section: Kreatur is no „„Verbesserte“ Kreaturen“
    assert finder.find("creature") == []
    from bot.answers import run_completer
    from bot.answers.mechanics import mechanic_names

    assert [c.value for c in await run_completer(ctx, mechanic_names, "snow")][:1] == [
        "Verschneite Karten und das Schnee-Manasymbol"]
