"""Two ways a question's word meets the documents' word for the same thing, on the real store: an ability „gespielt“
in the old documents is one activated today (:mod:`bot.played_abilities`), and an English name of the term table
typed as one word is that name (:func:`bot.question_groups.joined_name`)."""

from __future__ import annotations

from bot.played_abilities import ACTIVATE, played_ability_concepts
from tests.answers.test_player_words import concepts_of, question_concepts


async def test_an_ability_played_in_the_old_documents_is_activated(ctx):
    # 001:1929 „Das Spielen der Vorhersage-Fähigkeit führt nicht dazu, dass die Karte die Hand ihres Besitzers
    # verlässt.“, 001:1500 „… sowie du die Fähigkeit des Lebenden Infernos spielst“, 001:1927 (rule 502.53b) „Eine
    # Vorhersage-Fähigkeit kann nur einmal während des Versorgungssegments ihres Beherrschers gespielt werden …“
    for key in ("001:1929", "001:1500", "001:1927"):
        assert ACTIVATE in await concepts_of(ctx, key), key
    # a spell played during an ability's resolution or as its result: 001:2893 „… nachdem du einen Zauber während
    # der Verrechnung einer Wallungsfähigkeit gespielt hast“, 001:2262 „… kann als Ergebnis der zweiten Fähigkeit
    # gespielt werden“, 001:604 „Der Zauberspruch wird während der Verrechnung der ausgelösten Fähigkeit des
    # Hirnegelklumpens gespielt.“
    for key in ("001:2893", "001:2262", "001:604"):
        assert ACTIVATE not in await concepts_of(ctx, key), key
    assert ACTIVATE in await question_concepts(ctx, "vorhersage aktiviert - bleibt die karte auf der hand?")


def test_played_ability_needs_one_clause_and_an_old_text():
    assert played_ability_concepts("Spiele diese Fähigkeit nur während deines Versorgungssegments.", True) == [ACTIVATE]
    # today's documents play no ability: „spielen“ there is no old term
    assert played_ability_concepts("Spiele diese Fähigkeit nur während deines Versorgungssegments.", False) == []
    # 001:1164: the spell „gespielt“ and the ability in different clauses
    assert played_ability_concepts("Wurde die Kreatur nicht als Zauberspruch gespielt, wird auch die Fähigkeit nicht "
                                   "ausgelöst.", True) == []


async def test_an_english_name_typed_as_one_word_is_the_name(ctx):
    # „manacost“ is Mana Cost (Manakosten, CR 202.1), „combatdamage“ Combat Damage (510), „firststrike“ First
    # Strike (Erstschlag, 702.7); before, only „mana“ named a concept (Mana) and the others none
    assert "zzkmanaxcost" in await question_concepts(ctx, "die {3} im manacost, darf da jede farbe rein")
    assert "zzkcombatxdamage" in await question_concepts(ctx, "wann wird combatdamage verteilt")
    assert "zzkfirstxstrike" in await question_concepts(ctx, "kreatur mit firststrike blockt")
    # the modifier's own name stays where the parts spell no name whole: „Hybridkarte“ → Hybrid-Manasymbol
    assert "zzkhybridxmanaxsymbol" in await question_concepts(ctx, "was ist eine hybridkarte")
