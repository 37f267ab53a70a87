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
