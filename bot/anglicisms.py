"""English game words as German players type them: the English word inside a German form (anglicism) and the
English forms the Snowball stemmer does not bring to one stem.

German players write the rules' English words with German endings — „gegoadet“ (goaded), „getappt“ (tapped),
„countern“ (to counter), „attackieren“ (to attack) — or in English forms whose Snowball stem differs from the
term's („sacrificed“ → ``sacrif``, but „Sacrifice“ → ``sacrific``; „drawn“ → ``drawn``). The analysis
(:mod:`bot.analysis`) compares a question's words with the English names of the term table
(``data/terms_de_en.tsv``, column ``english``) by their English stems; :func:`english_stem` gives it, for a word
the documents do not contain, the stem of the English word it stands for when that stem is one of those names'.

Nothing here imports the store: which stems are names comes in as a callable.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.words import snowball

#: Shortest English core left after a German ending is cut („tap“ of „tappen“).
MIN_CORE = 3
#: German verb endings of an English verb, longest first: „attackieren“, „attackiert“, „countern“, „goadest“.
_VERB_ENDINGS = ("ieren", "ierst", "ierte", "iert", "est", "en", "et", "st", "n", "t", "e")
#: The German participle's prefix („ge-goad-et“, „ge-tapp-t“, „ge-counter-t“) and the English one's ending
#: („ge-mill-ed“).
_PARTICIPLE = "ge"


def english_forms(word: str) -> list[str]:
    """English words the lower-case ``word`` may be a form of, most likely first (not stemmed): an English
    participle or ``-ing`` form of an ``-e`` verb (``sacrificed`` → ``sacrifice``, ``sacrificing`` →
    ``sacrifice``, ``drawn`` → ``draw``), a German participle of an English verb (``gegoadet`` → ``goaded``,
    ``getappt`` → ``tapped``, ``gemilled`` → ``milled``, ``gesacrificed`` → ``sacrifice``) and a German verb
    form (``countern`` → ``countering``, ``attackieren`` → ``attacking``). Pure; bounded by the word's length."""
    out: list[str] = []
    if word.endswith(("d", "n")) and len(word) > MIN_CORE + 1:
        out.append(word[:-1])  # sacrificed → sacrifice, drawn → draw
    if word.endswith("ing") and len(word) > MIN_CORE + 3:
        out.append(word[:-3] + "e")  # sacrificing → sacrifice
    core = word[len(_PARTICIPLE):] if word.startswith(_PARTICIPLE) and len(word) > MIN_CORE + 3 else ""
    if core.endswith("ed"):
        out.append(core)  # gemilled → milled
    elif core.endswith("t"):
        cut = core[:-2] if core.endswith("et") else core[:-1]
        if len(cut) >= MIN_CORE:
            out.append(cut + "ed")  # gegoadet → goaded, getappt → tapped, gecountert → countered
    for ending in _VERB_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= MIN_CORE:
            out.append(word[: -len(ending)] + "ing")  # countern → countering, attackieren → attacking
    return out + [f[:-1] for f in out if f.endswith("ed")]  # gesacrificed → sacrifice


def english_stem(word: str, typed: str, is_name: Callable[[str], bool], known: Callable[[str], bool]) -> str:
    """The English stem a question's word stands for in the comparison with the term table's English names.

    ``word``: the word as the analysis reads it (a typo repaired); ``typed``: as typed; ``is_name``: True for a
    stem of an English name of the term table; ``known``: True for a word of the documents. The Snowball English
    stem of ``word`` when it is a name's stem or ``typed`` is a word of the documents (a German word keeps its
    sense: „Phasen“ is no Phasing); else the stem of the first of :func:`english_forms` of ``typed`` that is a
    name's stem (``gegoadet`` → ``goad``, Goad, CR 701.15); else the Snowball stem of ``word``."""
    plain = snowball(word, "en")
    if is_name(plain) or known(typed):
        return plain
    return next((s for s in (snowball(f, "en") for f in english_forms(typed)) if is_name(s)), plain)


__all__ = ["MIN_CORE", "english_forms", "english_stem"]
