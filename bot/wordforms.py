"""German verb forms of a mechanic's name: the infinitive, the participle and the finite form (3rd person singular
present) a player writes instead of the name printed on the card (``Einberufen``: einberufen, beruft … ein;
``Aufstacheln``: aufgestachelt, stachelt … auf; ``Bergung``: bergen, birgt, geborgen).

:func:`verb_of` says which verb a name stands for: a nominalised infinitive (``Pfropfen``, ``Ins Exil
schicken``), a noun derived from a verb (``-ung``: ``Bergung`` → bergen, ``Umwandlung`` → umwandeln; ``-ation`` →
``-ieren``: ``Transmutation`` → transmutieren; ``-uktion`` → ``-uzieren``: ``Reproduktion`` → reproduzieren), or one
of the few names of :data:`NOUN_VERBS` whose verb no rule derives (``Spuk`` → spuken, ``Fehde`` → befehden).
:func:`verb_forms` conjugates it by the rules of German weak verbs (``pfropft``, ``gepfropft``; ``-ieren`` without
``ge-``; an inseparable prefix without ``ge-``: ``verdoppelt``; a separable prefix before ``ge-`` and after the
finite verb: ``aufgestachelt``, ``stachelt auf``), with the strong verbs of :data:`STRONG` (``graben``: gräbt,
gegraben). Names whose verb German does not use (``Trampelschaden``, ``Luftbändigen``) are in
:data:`NOT_VERBS`.

Pure functions over strings, no store: :mod:`bot.answers.mechanic_finder` folds and stems the forms
(:func:`bot.analysis.snowball`) so that inflected participles (``einberufene``, ``aufgestachelte``) meet too.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Separable prefixes, longest first (``vorher`` before ``vor``): the finite verb stands before them
#: (``sagt … vorher``), ``ge-`` between them and the stem (``vorhergesagt``).
SEPARABLE = (
    "zusammen", "vorher", "voraus", "herbei", "herum", "umher", "zurück", "hinzu", "nach", "auf", "aus", "ein",
    "heim", "vor", "mit", "bei", "weg", "her", "hin", "fest", "los", "ab", "an", "zu", "um",
)
#: Inseparable prefixes: no ``ge-`` in the participle (``verdoppelt``, ``überwacht``, ``durchsucht``).
INSEPARABLE = ("miss", "über", "durch", "wider", "hinter", "unter", "emp", "ent", "zer", "ver", "be", "er", "ge")
#: Verbs whose prefix is separable where :data:`INSEPARABLE` says otherwise (``hält durch``).
SEPARABLE_HERE = {"durchhalten": "durch"}

#: Every prefix that can stand after a finite verb (:data:`SEPARABLE` and those of :data:`SEPARABLE_HERE`).
PARTICLES = frozenset((*SEPARABLE, *SEPARABLE_HERE.values()))

#: Strong and irregular verbs: infinitive → (3rd person singular present, participle with ``ge-``). A prefixed
#: verb is found by its base (``ausgraben`` → graben: gräbt aus, ausgegraben; ``verschlingen`` → verschlungen).
STRONG: dict[str, tuple[str, str]] = {
    "rufen": ("ruft", "gerufen"), "graben": ("gräbt", "gegraben"), "bergen": ("birgt", "geborgen"),
    "werfen": ("wirft", "geworfen"), "schmelzen": ("schmilzt", "geschmolzen"), "mahlen": ("mahlt", "gemahlen"),
    "lesen": ("liest", "gelesen"), "sehen": ("sieht", "gesehen"), "geben": ("gibt", "gegeben"),
    "schlingen": ("schlingt", "geschlungen"), "schleichen": ("schleicht", "geschlichen"),
    "halten": ("hält", "gehalten"), "fallen": ("fällt", "gefallen"), "laden": ("lädt", "geladen"),
    "leihen": ("leiht", "geliehen"), "werben": ("wirbt", "geworben"), "nehmen": ("nimmt", "genommen"),
    "dringen": ("dringt", "gedrungen"), "spalten": ("spaltet", "gespalten"), "derben": ("dirbt", "gedorben"),
    "schwören": ("schwört", "geschworen"), "flechten": ("flicht", "geflochten"), "ziehen": ("zieht", "gezogen"),
    "schwingen": ("schwingt", "geschwungen"), "schlagen": ("schlägt", "geschlagen"),
    "kommen": ("kommt", "gekommen"), "stehen": ("steht", "gestanden"), "setzen": ("setzt", "gesetzt"),
}
#: 2nd persons the 3rd person does not give (its ``t`` is the stem's: hält → hältst).
SECOND = {"hält": "hältst"}
#: Names whose verb no derivation rule finds: the verb German uses for the mechanic (``Spuk``: „die Kreatur
#: spukt“; ``Vorhersage``: „vorhersagen“; 000's „befehden“ for Fehde; 001's „verbesserte“ sections).
NOUN_VERBS = {
    "spuk": "spuken", "vorhersage": "vorhersagen", "fehde": "befehden", "verbesserte": "verbessern",
}
#: Further verbs of a name, besides :func:`verb_of`'s (001: „die bespukte Kreatur“ for Spuk).
MORE_VERBS = {"spuk": ("bespuken",)}
#: Verbs with two prefixes whose parts the rules would split wrongly: (finite, participle).
IRREGULAR = {"nachvollziehen": ("vollzieht nach", "nachvollzogen")}
#: Names that look like an infinitive or a verbal noun but whose verb German does not use for the mechanic (a
#: noun in ``-en``: ``Trampelschaden``; a verb made from a noun: ``Luftbändigen``; a compound in ``-ung`` whose
#: first part is a noun is excluded by :func:`_verb_of_noun` already).
NOT_VERBS = frozenset({
    "trampelschaden", "schatten", "nachleben", "luftbändigen", "erdbändigen", "wasserbändigen", "feuerbändigen",
    "netzschwingen", "weltenwandeln", "landwandeln", "rückendeckung", "abwehr", "unerschrocken", "erhaben",
})
#: Verbs that start like a separable prefix but have none (``absorbieren``: absorbiert, not „sorbiert ab“).
UNSPLIT = frozenset({"absorbieren"})
#: Longest verb root (letters after the prefixes) a noun in ``-ung`` may have to count as a verbal noun:
#: ``Bergung`` (berg), ``Umwandlung`` (wandl); not a compound like ``Seelenwanderung`` (seelenwander).
MAX_ROOT = 7


@dataclass(frozen=True)
class VerbForms:
    """The forms of one verb, lower case, words separated by one space.

    ``infinitive``: ``einberufen``; ``participle``: ``einberufen``; ``finite``: the 3rd person singular present,
    a separable prefix after it (``beruft ein``); ``second``: the 2nd person singular present the documents
    address the player with (``berufst ein``, 001: „Transmutierst“, 000: „befehdest“); ``particle``: the
    separable prefix (``ein``) or ``""``.
    """

    infinitive: str
    participle: str
    finite: str
    second: str = ""
    particle: str = ""

    def all(self) -> list[str]:
        """The distinct forms (infinitive, participle, 3rd and 2nd person)."""
        return [f for f in dict.fromkeys((self.infinitive, self.participle, self.finite, self.second)) if f]


def _verb_of_noun(word: str) -> str | None:
    """The verb of a verbal noun (lower case): ``bergung`` → bergen, ``umwandlung`` → umwandeln,
    ``transmutation`` → transmutieren, ``reproduktion`` → reproduzieren; None for other nouns."""
    if word in NOUN_VERBS:
        return NOUN_VERBS[word]
    if word.endswith("uktion") and len(word) > 9:
        return word[: -len("uktion")] + "uzieren"
    if word.endswith("ation") and len(word) - 5 >= 4:
        return word[:-5] + "ieren"
    if word.endswith("ung") and word not in NOT_VERBS:
        stem = word[:-3]
        root = _inseparable(_split_prefix(stem + "en")[1])[1]
        if len(root) - 2 > MAX_ROOT or len(stem) < 3:
            return None
        # umwandl-ung → umwandeln (not after a vowel, h or the same letter: verbesser-ung, strahl-ung, wall-ung)
        if stem[-1] in "lr" and stem[-2] not in "aeiouäöüh" + stem[-1]:
            return stem[:-1] + "e" + stem[-1] + "n"
        return stem + "en"
    return None


def verbs_of(name: str) -> list[str]:
    """Every verb of a mechanic's name: :func:`verb_of`'s and those of :data:`MORE_VERBS` (``Spuk`` → spuken,
    bespuken); [] for a name without one."""
    first = verb_of(name)
    return [*([first] if first else []), *MORE_VERBS.get(name.lower(), ())]


def verb_of(name: str) -> str | None:
    """The verb (lower case, objects kept before it: ``ins exil schicken``) a mechanic's name stands for, or None
    (a noun without a verb, a name with „und“, :data:`NOT_VERBS`).

    ``Einberufen`` → einberufen; ``Kumulative Versorgung`` → versorgen (the last word; the words before it
    must be adjectives); ``Bergung`` → bergen; ``Spuk`` → spuken (:data:`NOUN_VERBS`); ``Trampelschaden`` → None.
    """
    words = name.replace("!", "").replace("„", "").replace("“", "").lower().split()
    if not words or "und" in words or words[0] in NOT_VERBS:
        return None
    last = words[-1]
    if last in NOT_VERBS or "-" in last:
        return None
    # a nominalised infinitive, or an object and an infinitive (ins Exil schicken)
    if (len(words) == 1 or name.split()[-1][:1].islower()) and last.endswith(("en", "eln", "ern")):
        return " ".join(words)
    verb = _verb_of_noun(last)
    if verb is None:
        return None
    # a noun after adjectives (Kumulative Versorgung); a noun after another noun names no verb
    if any(not w.endswith(("e", "er", "es", "en")) for w in words[:-1]):
        return None
    return verb


def _split_prefix(verb: str) -> tuple[str, str]:
    """``(separable prefix, rest)`` of an infinitive: ``aufstacheln`` → ("auf", "stacheln"), ``vorhersagen`` →
    ("vorher", "sagen"), ``pfropfen`` → ("", "pfropfen"). A rest shorter than 4 letters is no verb
    (``anden`` …), so the split is not made."""
    if verb in SEPARABLE_HERE:
        p = SEPARABLE_HERE[verb]
        return p, verb[len(p) :]
    for p in SEPARABLE:
        if verb.startswith(p) and len(verb) - len(p) >= 4 and verb not in UNSPLIT:
            return p, verb[len(p) :]
    return "", verb


def _inseparable(verb: str) -> tuple[str, str]:
    """``(inseparable prefix, rest)``: ``verdoppeln`` → ("ver", "doppeln"), ``überwachen`` → ("über", "wachen")."""
    for p in INSEPARABLE:
        if verb.startswith(p) and len(verb) - len(p) >= 5:
            return p, verb[len(p) :]
    return "", verb


def _strong(verb: str) -> tuple[str, str, str] | None:
    """``(inseparable prefix, 3rd person, participle)`` of a strong verb (:data:`STRONG`), its base found after an
    inseparable prefix (``verschlingen`` → ("ver", "schlingt", "geschlungen")), or None."""
    if verb in STRONG:
        return ("", *STRONG[verb])
    prefix, rest = _inseparable(verb)
    if prefix and rest in STRONG:
        return (prefix, *STRONG[rest])
    return None


def _weak(verb: str) -> tuple[str, str]:
    """``(stem, ending of the 3rd person and participle)`` of a weak verb: ``pfropfen`` → ("pfropf", "t"),
    ``stacheln`` → ("stachel", "t"), ``rüsten`` → ("rüst", "et"), ``öffnen`` → ("öffn", "et")."""
    stem = verb[:-1] if verb.endswith(("eln", "ern")) else verb[:-2]
    if stem.endswith(("t", "d")) or (stem.endswith(("n", "m")) and stem[-2:-1] not in ("", *"aeiouäöülrhmn")):
        return stem, "et"
    return stem, "t"


def verb_forms(verb: str) -> VerbForms:
    """Infinitive, participle and finite form of ``verb`` (lower case, as :func:`verb_of` gives it: an object may
    stand before the verb, ``ins exil schicken`` → participle ``ins exil geschickt``, finite ``schickt ins exil``).

    ``einberufen`` → einberufen / einberufen / beruft ein; ``aufstacheln`` → aufgestachelt / stachelt auf;
    ``pfropfen`` → gepfropft / pfropft; ``transmutieren`` → transmutiert; ``verschmelzen`` → verschmolzen /
    verschmilzt; ``ausgraben`` → ausgegraben / gräbt aus.
    """
    *objects, word = verb.split()
    before = " ".join(objects)
    if word in IRREGULAR:
        finite, participle = IRREGULAR[word]
        particle = finite.split()[-1]
        finite = finite.split()[0]
    else:
        particle, rest = _split_prefix(word)
        strong = _strong(rest)
        if strong is not None:
            insep, finite, participle = strong
            participle = insep + participle[2:] if insep else participle
            finite = insep + finite if insep else finite
        else:
            stem, ending = _weak(rest)
            finite = stem + ending
            no_ge = rest.endswith("ieren") or _inseparable(rest)[0]
            participle = ("" if no_ge else "ge") + stem + ending
        participle = particle + participle
    third = finite.split()[0]
    # du-form from the 3rd person: pfropft → pfropfst, spaltet → spaltest, birgt → birgst; a stem in s/z keeps it
    second = SECOND.get(third) or (third if third.endswith("st") or third[-2:-1] in ("s", "z", "x", "ß")
                                   else third[:-1] + "st")
    # German main clause: the finite verb first, its object after it, a separable prefix last
    forms = []
    for head in (third, second):
        forms.append(" ".join(part for part in (head, before, particle) if part))
    return VerbForms(verb, f"{before} {participle}".strip(), forms[0], forms[1], particle)


__all__ = ["INSEPARABLE", "NOT_VERBS", "NOUN_VERBS", "PARTICLES", "SEPARABLE", "STRONG", "VerbForms", "verb_forms",
           "verb_of", "verbs_of"]
