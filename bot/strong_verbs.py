"""The infinitive of a strong or irregular German verb's past form: its preterite (``brachte``, ``kam``, ``warf``)
and its participle (``gebracht``, ``gekommen``), also behind a separable prefix (``ankam``, ``angekommen``,
``abwarf``) or an inseparable one (``bekam``, ``übersprungen``), where the rules of weak verbs
(:func:`bot.word_parts.participle_verb`) find no verb: the vowel changes, the preterite has no ``-te``.

Only the verbs of :data:`PAST` are read: the strong verbs of the term table's and the synonym groups' names and of
what players ask about them (``data/terms_de_en.tsv``: „ins Spiel bringen“, „ins Spiel kommen“; ``data/synonyms.tsv``:
„ziehen“, „werfen“, „sterben“, „überspringen“, „beginnen“, „anfangen“, „erhalten“ …). A form is read as a verb only
when the documents hold that verb (:meth:`bot.vocabulary.Vocabulary.knows`): the documents' texts are read with the
same analysis, and a verb only a synonym group names („anfangen“ of the group startspieler) would put that group
into passages that mean another thing (001's „bevor … anfängt, verrechnet zu werden“). Pure functions over strings
and the vocabulary; nothing here imports the store.
"""

from __future__ import annotations

from functools import cache
from typing import Protocol

from bot.stopwords import SEPARABLE_PREFIXES

#: Strong and irregular verbs: infinitive → (preterite, 1st/3rd person singular; participle). A prefixed verb is read
#: by its base (``bekommen`` → kommen, ``anfangen`` → fangen, ``überspringen`` → springen). Not „geben“, „lassen“,
#: „stehen“, „sehen“: their preterites („gab“, „ließ“, „stand“, „sah“) are the filler words of a sentence.
PAST: dict[str, tuple[str, str]] = {
    "bringen": ("brachte", "gebracht"), "kommen": ("kam", "gekommen"), "nehmen": ("nahm", "genommen"),
    "werfen": ("warf", "geworfen"), "ziehen": ("zog", "gezogen"), "sterben": ("starb", "gestorben"),
    "gehen": ("ging", "gegangen"), "beginnen": ("begann", "begonnen"), "fangen": ("fing", "gefangen"),
    "halten": ("hielt", "gehalten"), "springen": ("sprang", "gesprungen"), "schlagen": ("schlug", "geschlagen"),
    "gewinnen": ("gewann", "gewonnen"), "verlieren": ("verlor", "verloren"), "leiden": ("litt", "gelitten"),
    "finden": ("fand", "gefunden"), "bleiben": ("blieb", "geblieben"), "fallen": ("fiel", "gefallen"),
    "treffen": ("traf", "getroffen"),
}
#: Inseparable prefixes: no ``ge-`` in the participle (``bekommen``, ``übersprungen``, ``erlitten``).
INSEPARABLE = ("über", "unter", "ver", "be", "er", "ent", "zer", "miss")
#: Endings of a preterite's persons (kam, kamst, kamen, kamt; brachte, brachtest, brachten, brachtet) and of a
#: declined participle (gebrachte, gebrachten, gebrachter, gebrachtes, gebrachtem).
_PRETERITE_ENDINGS = ("", "st", "en", "t", "n", "est", "et")
_DECLENSION = ("", "e", "en", "er", "es", "em")


class Knows(Protocol):
    """What :func:`strong_verb` asks of the documents' vocabulary (:class:`bot.vocabulary.Vocabulary`)."""

    def knows(self, word: str) -> bool:
        """True when the documents hold ``word`` (lower case)."""
        ...


@cache
def _forms() -> dict[str, str]:
    """Every preterite and participle form (declined too) of the verbs of :data:`PAST` → the verb's infinitive."""
    out: dict[str, str] = {}
    for verb, (past, participle) in PAST.items():
        for ending in _PRETERITE_ENDINGS:
            if not (past.endswith("e") and ending in ("en", "est", "et")):  # brachten, not brachteen
                out.setdefault(past + ending, verb)
        for ending in _DECLENSION:
            out.setdefault(participle + ending, verb)
    return out


def past_infinitive(word: str) -> str | None:
    """The infinitive of ``word`` when it is a past form of a verb of :data:`PAST` as it stands (``fing`` →
    ``fangen``, ``gebracht`` → ``bringen``), whether the documents hold the verb or not; None otherwise."""
    return _forms().get(word)


def strong_verb(word: str, vocab: Knows) -> str | None:
    """The infinitive the documents hold of a past form of a verb of :data:`PAST`: ``brachte`` → ``bringen``,
    ``kamen`` → ``kommen``, ``gebrachte`` → ``bringen``, ``ankam`` and ``angekommen`` → ``ankommen`` (a separable
    prefix, :data:`bot.stopwords.SEPARABLE_PREFIXES`), ``bekam`` and ``bekommen`` → ``bekommen``, ``übersprungen`` →
    ``überspringen`` (an inseparable prefix: its participle has no ``ge-``); None for any other word or when the
    documents lack the verb. At most ~30 dictionary look-ups per word."""
    if len(word) < 3 or not word.isalpha():
        return None
    forms = _forms()
    found = forms.get(word)
    if found is not None and vocab.knows(found):
        return found
    for prefix in (*SEPARABLE_PREFIXES, *INSEPARABLE):
        if not word.startswith(prefix) or len(word) < len(prefix) + 3:
            continue
        rest = word[len(prefix):]
        verb = forms.get(rest) or (forms.get("ge" + rest) if prefix in INSEPARABLE else None)
        if verb is not None and vocab.knows(prefix + verb):
            return prefix + verb
    return None


__all__ = ["INSEPARABLE", "PAST", "past_infinitive", "strong_verb"]
