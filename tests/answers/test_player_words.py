"""Words players use for what the documents say (``data/synonyms.tsv``), on the real store: each word of a
player's question names the concept the documents' passage holds in the documents' own word."""

from __future__ import annotations

from bot.answer_cues import asked_cues, given_cues
from bot.ranking import ranker


async def concepts_of(ctx, key: str) -> tuple[str, ...]:
    """The concepts column of the passage ``key``, which must exist."""
    passage = await ctx.store.passage_by_key(key)
    assert passage is not None, key
    return passage.concepts


async def question_concepts(ctx, question: str) -> tuple[str, ...]:
    """The concepts the ranker's analysis finds in ``question``."""
    r = await ranker(ctx.store)
    return tuple(r.analyser.analyse(question, question=True).concepts)


async def test_chance_is_the_documents_moeglichkeit_and_gelegenheit(ctx):
    # 001:2860 (Bergung) „Du erhältst nur genau einmal die Möglichkeit, die Bergungsfähigkeit … zu nutzen“,
    # 001:105 „Ausgraben lässt dich jede Gelegenheit zum Kartenziehen ersetzen“, 003:114 „Es gibt mehrere
    # Möglichkeiten, die Partie zu gewinnen.“
    for key in ("001:2860", "001:105", "003:114"):
        assert "zzsmoglichkeit" in await concepts_of(ctx, key), key
    assert "zzsmoglichkeit" in await question_concepts(ctx, "wie oft habe ich die chance die karte zurückzuholen")


async def test_ausspielen_and_rauslegen_are_casting(ctx):
    # 001:2464 „Ein Zauberspruch mit Kosten von {1}{W}{U} kostet dich {W}{U} zum Ausspielen.“ (no other cast word)
    assert "zzswirken" in await concepts_of(ctx, "001:2464")
    assert "zzswirken" in await question_concepts(ctx, "kann ich die kreatur jetzt noch rauslegen")


async def test_kommt_raus_is_entering_the_battlefield(ctx):
    # 001/003 „ins Spiel bringen/kommen“, today „auf das Schlachtfeld“: a player's „kommt raus“
    assert "zzsschlachtfeldxins" in await question_concepts(ctx, "was passiert wenn die kreatur rauskommt")
    assert "zzsschlachtfeldxins" in await question_concepts(ctx, "die kreatur kommt raus, triggert das")


async def test_the_old_documents_controller_answers_who(ctx):
    # 001 writes „Beherrscher“ for today's controller (75 times): 001:514 „… wirft der Beherrscher dieser Kreatur
    # eine Münze …“ answers „wer wirft die münze“ (a person, bot.stopwords.ANSWER_CUES)
    passage = await ctx.store.passage_by_key("001:514")
    assert passage is not None
    assert 0 in asked_cues("wer wirft die münze beim geschmolzenen wachposten")
    assert 0 in given_cues(passage.text)
    # 001:447 „… fügt der Furienschild der Boros … dem Beherrscher der Kreatur den Schaden zu“ (wer bekommt den Schaden)
    shield = await ctx.store.passage_by_key("001:447")
    assert shield is not None and 0 in given_cues(shield.text)


async def test_stirbt_is_the_documents_put_into_a_graveyard(ctx):
    # 001 writes what dies as „auf den Friedhof … gelegt“: 001:1959 (Pfropfen) „Wenn die letzte +1/+1-Marke von ihr
    # herunterbewegt wird, wird sie … auf den Friedhof ihres Besitzers gelegt“, 001:2864 (Bergung) „Werden mehrere
    # Kreaturen gleichzeitig auf deinen Friedhof gelegt …“; a player asks „stirbt“, „geht kaputt“
    for key in ("001:1959", "001:2864"):
        assert "zzsfriedhofxgelegt" in await concepts_of(ctx, key), key
    for question in ("pfropfen letzte marke weg, stirbt die kreatur", "geht die kreatur dann kaputt"):
        assert "zzsfriedhofxgelegt" in await question_concepts(ctx, question), question


async def test_wer_faengt_an_asks_for_the_starting_player(ctx):
    # 003:55 „Zu Beginn einer Partie bestimmen die Spieler, wer von ihnen entscheidet, wer den ersten Zug macht.“,
    # 003:51 „… gilt der Startspieler als aktiver Spieler …“ (103.1), not 003:81 „In einer Commander-Partie beginnt
    # jeder Spieler mit 40 Lebenspunkten.“
    r = await ranker(ctx.store)
    for question in ("wer fängt an", "wer darf als erstes spielen"):
        found = await r.search(ctx.store, question, ctx.names, limit=5)
        assert found.hits[0].passage.key in {"003:51", "003:55", "003:108"}, question


async def test_players_names_of_keywords_and_steps_name_their_term(ctx):
    # Players say „replizieren“ (English replicate, 702.56) for Gildenbund's Reproduktion, „Enttappphase“ for the
    # Enttappsegment (502) and „Aufrechterhaltung(skosten)“ for the upkeep (503) of the term table.
    assert "zzkreplicate" in await question_concepts(ctx, "replizieren wie oft kann ich das zahlen")
    assert "zzkuntapxstep" in await question_concepts(ctx, "darf ich in der enttappphase zauber wirken")
    assert "zzkupkeepxstep" in await question_concepts(ctx, "aufrechterhaltungskosten nicht bezahlt")
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "replizieren wie oft kann ich das zahlen", ctx.names, limit=3)
    # 001's rule 502.52a (today 702.56a): „Reproduktion ist ein Schlüsselwort, das für zwei Fähigkeiten steht.“
    assert found.hits[0].passage.text.startswith("Reproduktion ist ein Schlüsselwort, das für zwei Fähigkeiten steht")


async def test_fizzle_is_the_documents_illegal_target(ctx):
    # 001:152 „Verlässt diese Kreatur das Spiel oder wird auf andere Weise ein illegales Ziel, wird der gesamte
    # Zauberspruch neutralisiert.“, 001:2414 „Falls das Ziel illegal wird, bevor die Fähigkeit verrechnet wird …“
    # (CR 608.2b); a player asks „fizzlet“, „verpufft“
    for key in ("001:152", "001:2414"):
        assert "zzsillegalesxziel" in await concepts_of(ctx, key), key
    for question in ("fizzlet der zauber wenn die kreatur geopfert wird", "verpufft der spruch dann"):
        assert "zzsillegalesxziel" in await question_concepts(ctx, question), question


async def test_bounce_is_the_documents_return_to_its_owners_hand(ctx):
    # 001:1604 (Petrahydrox) „Der Petrahydrox kehrt auf die Hand seines Besitzers zurück, bevor der Spruch oder die
    # Fähigkeit, die ihn als Ziel hat, verrechnet wird.“; a player asks „bouncen“, „zurück auf die Hand“
    for key in ("001:1604",):
        assert "zzszuruckxaufxhand" in await concepts_of(ctx, key), key
    for question in ("kann ich den windbrecher als antwort bouncen", "geht die kreatur zurück auf die hand"):
        assert "zzszuruckxaufxhand" in await question_concepts(ctx, question), question


async def test_in_response_is_the_documents_als_antwort(ctx):
    # 001:214 „Wird ein weiterer Zauber als Antwort auf den ersten gespielt …“, 001:2345 „Dein Gegner kann als
    # Antwort auf die ausgelöste Fähigkeit Länder für Mana tappen.“; a player asks „in response“, „reagieren“
    for key in ("001:214", "001:2345"):
        assert "zzsalsxantwort" in await concepts_of(ctx, key), key
    for question in ("kann mein gegner in response länder tappen", "darf er darauf noch reagieren"):
        assert "zzsalsxantwort" in await question_concepts(ctx, question), question


async def test_instant_speed_is_the_documents_zeitpunkt_to_cast(ctx):
    # 001:2939 „Das Bezahlen von alternativen Kosten ändert nicht den Zeitpunkt, zu dem du den Zauberspruch spielen
    # kannst.“, 001:3171 „… musst du die normalen Regeln und das Timing für das Spielen von Kreaturen beachten“,
    # 001:3310 „… folgt den normalen Regeln für das Ausspielens von Kreaturen, bis auf das Timing …“; a player asks
    # „zu instant speed“, „zur Spontanzeit“, „zu jeder Zeit“
    for key in ("001:2939", "001:3171", "001:3310"):
        assert "zzszeitpunktxspielen" in await concepts_of(ctx, key), key
    # 001:2941 shares „alternative Kosten“ and „zwei Karten“ with the questions, not the moment of casting
    assert "zzszeitpunktxspielen" not in await concepts_of(ctx, "001:2941")
    for question in ("alternative kosten gezahlt, kann ich die kreatur dann zu instant speed spielen",
                     "alternative kosten, kann ich die kreatur dann zu jeder zeit spielen",
                     "kann ich die kreatur dann zur spontanzeit spielen"):
        assert "zzszeitpunktxspielen" in await question_concepts(ctx, question), question


async def test_nochmal_is_the_documents_erneut_and_noch_einmal(ctx):
    # 003:290 „Ein bereits getapptes Permanent kann nicht erneut getappt werden, um diese Kosten zu bezahlen.“,
    # 001:2140 „… wird sie nicht noch einmal ausgelöst, während die Fähigkeit … auf dem Stapel befindet“
    for key in ("003:290", "001:2140"):
        assert "zzserneut" in await concepts_of(ctx, key), key
    assert "zzserneut" in await question_concepts(ctx, "kann ich ein getapptes permanent nochmal tappen")


async def test_schaden_nehmen_is_the_documents_schaden_zufuegen(ctx):
    # 001:1679 „Falls die Seelen der Untadeligen dennoch auf irgendeine Weise angreifen und ihnen Kampfschaden
    # zugefügt wird …“, 001:355 „… an dem die verzauberte Kreatur Schaden zugefügt hat …“; a player asks „Schaden
    # nimmt“, „abbekommt“
    for key in ("001:1679", "001:355"):
        assert "zzsschadenxzufugen" in await concepts_of(ctx, key), key
    for question in ("wie viel schaden nimmt die kreatur im kampf", "was passiert wenn sie schaden abbekommt"):
        assert "zzsschadenxzufugen" in await question_concepts(ctx, question), question


async def test_total_cost_cost_increases_and_reductions_are_terms_of_the_table(ctx):
    # 004:25 (Schnellvorlauf, 2026) „To determine the total cost of a spell, … add any cost increases, then apply any
    # cost reductions …“ (601.2f); a German question in the words of 601.2f names the same three concepts and is
    # answered by it, not called a question the documents do not answer
    from bot.answers import run_answer

    asked = "in welcher reihenfolge rechnet man kostenerhoehungen und kostenreduzierungen bei den gesamtkosten"
    held = set(await concepts_of(ctx, "004:25"))
    named = set(await question_concepts(ctx, asked))
    assert {"zzktotalxcost", "zzkcostxincrease", "zzkcostxreduction"} <= held & named
    body = (await run_answer(ctx, "question", question=asked)).pages[0].body
    assert "To determine the total cost of a spell, start with the mana cost" in body.split("[2.", 1)[0]
    assert "🚫" not in body


async def test_zwei_mal_and_doppelt_are_the_documents_multiple_instances(ctx):
    # 001:76 (502.46c) „Mehrfaches Vorkommen von Einberufen auf einer Kreatur ist überflüssig.“, 002:13 „Mehrere
    # Vorkommen von Trampelschaden oder Bedrohlich sind redundant.“, 001:1957 (502.54b) „Hat eine Kreatur mehrfach
    # Pfropfen …“; a player asks „zwei mal einberufen“, „doppelt bedrohlich“, „ist das redundant“
    for key in ("001:76", "002:13", "001:1957"):
        assert "zzsmehrfach" in await concepts_of(ctx, key), key
    for question in ("zwei mal einberufen auf einem spruch bringt das was", "doppelt bedrohlich auf einer kreatur",
                     "ist trampelschaden auf einer kreatur redundant"):
        assert "zzsmehrfach" in await question_concepts(ctx, question), question
    # „stack“ is the stack (its Snowball stem is that of „stacken“): no pattern of the group may meet it
    assert "zzsmehrfach" not in await question_concepts(ctx, "karte auf dem stack nennt man dann wie")
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "zwei mal einberufen auf einem spruch bringt das was", ctx.names, limit=3)
    assert "001:76" in [h.passage.key for h in found.hits]
