"""The word lists of the question search's analysis (:mod:`bot.analysis`): the words left out of ranking (German
and English function words, question words and fillers, contractions), the weak function words that count only
beside other words, negations, number words, pronouns and separable verb prefixes.

:data:`STOP_WORDS` extends :data:`bot.text.STOP_WORDS`, the one list of function words of the bot.
"""

from __future__ import annotations

from bot.text import STOP_WORDS as TEXT_STOP_WORDS
from bot.text import canonical, strip_marks


def _word_list(text: str) -> frozenset[str]:
    """The white-space separated words of ``text`` (word lists written as prose blocks)."""
    return frozenset(text.split())


#: The interrogatives of German and English (w-words: „was“, „wie viele“ typed as one word, „wofür“; what, how):
#: the one list of question words, dropped from ranking (:data:`QUESTION_WORDS`) and read by the answer cues
#: (:func:`bot.answer_cues.asked_cues`: a sentence without one is a yes/no question).
INTERROGATIVES = _word_list(
    """
    was wie wer wen wem wessen wo wann warum wieso weshalb weswegen welche welcher welches welchen welchem
    wieviel wieviele wievielen wohin woher womit wozu wodurch worauf wofür
    what who whom whose when where why which how
    """
)
#: Question words and fillers players put around a rules question (dropped from ranking).
QUESTION_WORDS = INTERROGATIVES | _word_list(
    """
    passiert passieren geschieht gilt eigentlich genau denn mal
    bitte frage fragen hallo hi leute jemand gibt gibts gib stimmt richtig
    überhaupt also eigentlich trotzdem dabei dann dass daß hier dort etwa
    """
)
#: Contractions and colloquial forms of function words in typed questions ("fürs Einberufen", "ne Fehde",
#: "hab ich", "aufm Schlachtfeld"): as empty as the words they stand for.
COLLOQUIAL = _word_list(
    """
    fürs furs ans aufs aufm aufn ums übers ubers durchs vors hinters unters unterm überm hinterm vorm beim
    ne nen nem ner hab is isn nix nich halt eh grad
    """
)
#: Fillers and abbreviations of ordinary German that players type around a rules question, chat words among them
#: („zb“ zum Beispiel, „bzw“, „usw“, „iwie“ irgendwie, „eig“/„eigtl“ eigentlich, „vllt“ vielleicht, „btw“, „thx“):
#: they say nothing of the rules. Dropped from a question only (:meth:`bot.analysis.Analyser.analyse`), not from the
#: documents' passages: as index-wide stop words („bzw.“, „usw.“ of 001/003) they cost the CV first hits (⁶¹).
PLAYERS_FILLERS = _word_list(
    """
    zb bzw usw etc evtl ggf bspw bzgl dh ua uä iwie irgendwie eig eigtl eigentl vllt vlt vielleicht quasi
    sozusagen ok okay danke thx pls plz btw imo imho afaik idk lol xd hey moin servus sorry sry gell jo joa nö nee
    """
)
#: Function words of German and English beyond :data:`bot.text.STOP_WORDS` (the one list this extends).
MORE_STOP_WORDS = _word_list(
    """
    aber alle allem allen aller alles also andere anderen anderer anderes beim bin bist da damit darfst dafür
    daran darauf darin darüber davon dazu dein deine deinem deinen deiner deines denen dessen dies diese diesem
    diesen dieser dieses doch dort durch euch euer gegen habe haben hast hat hatte hätte ihm ihn ihnen ihr ihre
    ihrem ihren ihrer ja jede jedem jeden jeder jedes jene jenem jenen jener jenes kannst können könnte mein meine
    meinem meinen meiner mich mir musst müssen nach nein nun ohne sehr sein seine seinem seinen seiner sollte soll
    sollen sondern um uns unser unter viel vor war wäre wären wärst waren weil werde wieder will wir wirst wo würde
    würden zwar über keinen keinem keiner keines nie niemals schon sowie falls sobald solange dir dich mal eben einfach
    etwas nichts gar are it its be can does do what when how if with for by this that which
    """
)
#: Personal pronouns: "weiß" beside one is the verb "wissen" ("weiß er", "ich weiß"), elsewhere the colour.
PRONOUNS = _word_list("ich du er sie es man jemand wer niemand jeder keiner wir ihr")
STOP_WORDS = TEXT_STOP_WORDS | QUESTION_WORDS | COLLOQUIAL | MORE_STOP_WORDS
#: Function words that can decide a rules question ("unter 0", "ohne Manakosten", "nicht beide"): indexed and
#: searched as terms, but a question of only such words is no question ("ohne" alone finds nothing).
WEAK_WORDS = _word_list(
    """
    unter über ohne gegen nach vor nicht kein keine beide beiden alle jede jeder mehr weniger nur erst zuerst
    gleichzeitig sofort danach vorher statt stattdessen
    """
)

#: The stop and weak words with an umlaut or ß by their spelling without (``fur``, ``fuer`` → ``für``; ``ueber`` →
#: ``über``; ``koennen`` → ``können``), keyed by the canonical spelling (:func:`bot.text.canonical` of the word
#: with its marks stripped): players type without umlauts, and such a word is as empty (or as weak) as the listed
#: one. :meth:`bot.analysis.Analyser.analyse` reads a question's word so when the documents lack it as typed.
LISTED_SPELLINGS = {
    canonical(strip_marks(w)): w for w in sorted(STOP_WORDS | WEAK_WORDS) if not w.isascii()
}


def listed_spelling(word: str) -> str:
    """The stop or weak word ``word`` (lower case, ASCII) spells without its umlaut or ß (``fuer``/``fur`` →
    ``für``, ``ueberhaupt`` → ``überhaupt``), else ``word`` itself. Words of the lists stay as they are."""
    if word in STOP_WORDS or word in WEAK_WORDS or not word.isascii():
        return word
    return LISTED_SPELLINGS.get(canonical(word), word)


#: Separable verb prefixes before ``ge`` in a participle (``aufgedeckt`` = auf + ge + deck + t).
SEPARABLE_PREFIXES = ("auf", "ab", "an", "aus", "ein", "zu", "vor", "nach", "mit", "zurück", "weg", "hin", "her",
                      "dar", "frei", "hinzu", "bei", "fest", "um", "durch")
#: The separable prefixes with the ``ge`` of a participle after them (``aufge``, ``abge``), for ``str.startswith``.
SEPARABLE_GE = tuple(p + "ge" for p in SEPARABLE_PREFIXES)
#: The separable prefixes with the ``zu`` of a zu-infinitive after them (``auszulösen`` = aus + zu + lösen).
SEPARABLE_ZU = tuple(p + "zu" for p in SEPARABLE_PREFIXES)
#: Words that negate, and the weak term they all add (a question's "ohne" meets a passage's "keine").
NEGATIONS = frozenset({"nicht", "kein", "keine", "keinen", "keinem", "keiner", "keines", "ohne", "nie", "niemals",
                       "weder", "nichts"})
NEGATED = "zzneg"
#: Number words with the digits the documents also write ("zwei" = "2"; not "ein", which is mostly the article).
NUMBER_WORDS = {"null": "0", "zwei": "2", "drei": "3", "vier": "4", "fünf": "5", "sechs": "6", "sieben": "7",
                "acht": "8", "neun": "9", "zehn": "10", "elf": "11", "zwölf": "12", "dreizehn": "13", "vierzehn": "14",
                "fünfzehn": "15", "sechzehn": "16", "siebzehn": "17", "achtzehn": "18", "neunzehn": "19",
                "zwanzig": "20", "dreißig": "30", "vierzig": "40", "sechzig": "60", "hundert": "100"}
#: Words that are part of an old multi-word term and mean little alone once its concept is found
#: ("im Spiel" → Schlachtfeld: "spiel" is not a search word of its own there).
WEAK_IN_PHRASES = frozenset({"spiel", "spiels", "ganz", "aus", "dem", "bringen", "gebracht", "umgewandelte",
                             "umgewandelten"})


def is_verb_wissen(words: list[str], i: int) -> bool:
    """True when ``words[i]`` (lower case) is "weiß" of the verb "wissen", beside a personal pronoun ("weiß er",
    "ich weiß"), not the colour white (CR 105.1)."""
    return words[i] in ("weiß", "weiss") and (
        (i > 0 and words[i - 1] in PRONOUNS) or (i + 1 < len(words) and words[i + 1] in PRONOUNS)
    )

#: What a card prints and a question about the card asks ("wie viel kostet …", "welche Farbe hat …", "X oracle"):
#: such a question wants the card's text (CR 200.1: name, mana cost, type line, text box, power and toughness;
#: players call a card's current text its Oracle text, CR 108.1). The one reading of these words: the ranking's
#: (:meth:`bot.ranking.Ranker._asks_card`) and the notes' (:func:`bot.answers.unknown_notes.asked_name`).
CARD_PROPERTIES = _word_list(
    """
    koste kosten kostet kostest kosts manakosten manawert farbe farben farbig typ typen kartentyp typzeile untertyp
    untertypen stärke widerstandskraft widerstand kartentext text oracle oracletext seltenheit cost costs color colour
    type power toughness
    """
)
#: What else a card prints that a question naming only the card asks for: a supertype (CR 205.4: „Ist Tolsimir
#: Wolfsblut legendär?“, „verschneit“), what the card makes (its mana ability, CR 605, or the tokens it puts onto
#: the battlefield: „Wie viel Mana erzeugt Rix Maadi?“, „Was erzeugt Tolsimir Wolfsblut?“) and its colour by name
#: (CR 105.1, 105.2: the five colours and colourless, given by the mana symbols of its cost: „Ist der Boros-Rekrut
#: blau?“ is answered by its cost {R/W}, as „welche Farben hat Boros-Rekrut“ is). Read by the ranking only
#: (:meth:`bot.ranking.Ranker._asks_card`), beside a card the question names; not by the notes, where „mana“ beside a
#: name the store has no card of is no sign of a card.
PRINTED_WORDS = _word_list(
    """
    legendär legendäre legendären legendärer legendäres legende legenden verschneit verschneite verschneiter mana
    erzeugt erzeugen erzeuge erzeugst produziert produzieren produziere produzierst
    weiß weiss weiße weisse weißer weisser blau blaue blauer schwarz schwarze schwarzer rot rote roter grün gruen grüne
    gruene grüner gruener farblos farblose farbloser einfarbig einfarbige mehrfarbig mehrfarbige
    """
)
#: Words that ask for the state of today („welchen Manawert hat Krims // Krams heute“): beside a card's or term's
#: name they add no topic, the answers state today's rules anyway (:meth:`bot.ranking.Ranker._about`).
NOW_WORDS = _word_list("heute heutzutage jetzt aktuell derzeit mittlerweile inzwischen")
#: Verbs that ask about a term rather than say something of it ("was bedeutet Vorrang", "wann bekomme ich
#: Priorität", "Vorrang weitergeben", "was macht Transmutation"): besides a term's name they add no topic.
ASKING_VERBS = _word_list(
    """
    bedeuten bedeutet heißt heisst heißen meint machen macht bewirken bewirkt funktioniert funktionieren bekommen
    bekomme bekommt
    erhalten erhalte erhält weitergeben gebe geben abgeben
    """
)


#: Answer types: what kind of statement a question word asks for, as (question words — folded tokens, pairs of
#: tokens joined by „_“ as :func:`bot.answer_cues.asked_cues` reads them —, words of a passage that give that kind of
#: answer). "wer/wem/wen" asks for a person (a player, controller, owner, opponent), "wie viel/wie viele/wie oft/wie
#: hoch" for an amount (digits count too), "darf/kann/muss" for a permission (a modal verb or its negation),
#: "wann/sobald" for a moment of the turn, "ab wann" for that moment or a condition („falls“, „wenn“). Folded like
#: the search index (umlauts without dots: "durfen", "wahrend").
ANSWER_CUES: tuple[tuple[frozenset[str], frozenset[str]], ...] = (
    (_word_list("wer wem wen wessen who whom whose"),
     _word_list("spieler spielerin kontrolleur kontrolleurin besitzer besitzerin gegner gegnerin aktive aktiven "
                "nichtaktive nichtaktiven kontrolliert kontrollierst besitzt beherrscher beherrschers beherrscherin "
                "niemand player controller owner opponent")),
    (_word_list("wieviel wieviele wievielen wie_viel wie_viele wie_vielen wie_oft wie_hoch how_many how_much"),
     _word_list("null eins zwei drei vier funf sechs sieben acht neun zehn elf zwolf dreizehn vierzehn funfzehn "
                "sechzehn siebzehn achtzehn neunzehn zwanzig dreißig vierzig sechzig hundert einmal zweimal dreimal "
                "anzahl doppelt doppelte halb halbe halfte summe insgesamt gleich plus minus hochstens mindestens "
                "maximal")),
    (_word_list("darf darfst durfen kann kannst konnen muss musst mussen geht erlaubt moglich may can must"),
     _word_list("darf darfst durfen kann kannst konnen muss musst mussen nicht kein keine keinen keinem keiner nie "
                "niemals moglich unmoglich erlaubt verboten cannot can't may must")),
    (_word_list("wann sobald zeitpunkt when"),
     _word_list("phase schritt segment zug zuges beginn beginnt ende endet sobald nachdem bevor wahrend "
                "zeitpunkt jederzeit sofort danach vorher zuerst bis")),
    # „ab wann ist eine Karte mehrfarbig“ asks from which condition on (001:2033 „… mehrfarbig, falls sie mehr als
    # eine Farbe hat“) as much as from which moment: the moment's cue above and this one, a condition
    (_word_list("ab_wann"),
     _word_list("falls wenn sobald sofern solange nachdem if once")),
)


#: Prepositions that make „wann“ ask for the moment something begins or began („ab wann“, „seit wann“; „bis“ is
#: a stop word already): part of the question word, no term of a question (:meth:`bot.analysis.Analyser.analyse`).
WANN_PREPOSITIONS = _word_list("ab seit")
#: The question word :data:`WANN_PREPOSITIONS` belong to.
WANN = "wann"

#: Function words of English and of German that tell a typed question's language (:func:`is_english`); „was“ is
#: German's question word before it is English's past („was is ausgrabn“: a German player's colloquial „is“).
ENGLISH_MARKERS = _word_list(
    "the a an of to is are and or on in it its be can can't does do did what when how if with for by this "
    "that which who you your i my both from into onto at as has have not"
)
GERMAN_MARKERS = _word_list(
    "der die das den dem des ein eine einen einem einer und oder ist sind wird kann darf muss wenn was wie wer "
    "ich du mit von auf im ins nicht kein keine man sich es er sie"
)


def is_english(words: list[str]) -> bool:
    """True when ``words`` (a question's lower-case tokens) are English: at least two English function words and
    more of them than German ones ("how do you win a clash"; not "Fehde: who wins?" inside a German sentence)."""
    english = sum(w in ENGLISH_MARKERS for w in words)
    return english >= 2 and english > sum(w in GERMAN_MARKERS for w in words)


#: English function words that :data:`STOP_WORDS` (German, with the English words the documents' English passages
#: share) does not hold: in an English question they are its form, not words a passage should hold („how do you win
#: a clash“: 000's rule „A player wins a clash …“ answers, not the ruling that says „you“ twice). Not „not“ and
#: „both“, which decide a question as the weak words „nicht“ and „beide“ do.
ENGLISH_FUNCTION_WORDS = _word_list("as at did from has have i into my onto you your can't")


def english_read(words: list[str]) -> tuple[bool, list[str]]:
    """Whether ``words`` (a German-language question's lower-case tokens) are English (:func:`is_english`), and the
    words to read: without :data:`ENGLISH_FUNCTION_WORDS` when English, else ``words`` unchanged."""
    if not is_english(words):
        return False, words
    return True, [w for w in words if w not in ENGLISH_FUNCTION_WORDS]


__all__ = [
    "ANSWER_CUES",
    "ASKING_VERBS",
    "CARD_PROPERTIES",
    "COLLOQUIAL",
    "ENGLISH_FUNCTION_WORDS",
    "ENGLISH_MARKERS",
    "GERMAN_MARKERS",
    "INTERROGATIVES",
    "MORE_STOP_WORDS",
    "NEGATED",
    "NEGATIONS",
    "NOW_WORDS",
    "NUMBER_WORDS",
    "PLAYERS_FILLERS",
    "PRINTED_WORDS",
    "PRONOUNS",
    "QUESTION_WORDS",
    "SEPARABLE_GE",
    "SEPARABLE_PREFIXES",
    "SEPARABLE_ZU",
    "STOP_WORDS",
    "WANN",
    "WANN_PREPOSITIONS",
    "WEAK_IN_PHRASES",
    "WEAK_WORDS",
    "english_read",
    "is_english",
    "is_verb_wissen",
]
