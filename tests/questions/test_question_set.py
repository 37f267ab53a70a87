"""The question set for /frage is well-formed against the documents in data/sources/ (no bot code).

Checked: size, unique ids, the held-out third and its seeded split, the share of questions without a card,
every document covered; every document gold id names a line where a passage begins (tests/questions/passages.py);
each clause stands verbatim in its first gold passage and not in the question's own text. The later parts, the
second set-aside part (heldout2.toml) and the second tuning part (tuning2.toml), get the same checks, plus their
own: ids unique across every file, a third without a card, their spread over the documents in proportion to their
passages, their share of deliberate typos, no near-duplicate of an older question, and (against the store built
from data/sources) every gold a passage of the store with the clause inside that passage's text.
"""

from __future__ import annotations

import os
import re
import sqlite3
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from tests.questions import (
    ALL_PARTS,
    CR_PREFIX,
    HERE,
    KINDS,
    PARTS,
    SET_ASIDE,
    TUNED,
    Question,
    load,
    load_all,
    near_duplicates,
    split,
)
from tests.questions.passages import PREFIXES, passage_kind, passage_starts, passage_text, source_lines

QUESTIONS = load_all()
HELDOUT2 = load("heldout2")
TUNING2 = load("tuning2")
TUNING3 = load("tuning3")
TUNING4 = load("tuning4")
TUNING5 = load("tuning5")
TUNING6 = load("tuning6")
#: Every question of every part checked here: the seeded split's two, the second set-aside part, the later tuning parts.
EVERY = QUESTIONS + HELDOUT2 + TUNING2 + TUNING3 + TUNING4 + TUNING5 + TUNING6
#: The later parts outside the seeded split: their questions, the shape of their ids and their least size.
LATER = {"heldout2": (HELDOUT2, r"h2-\d{3}", 150), "tuning2": (TUNING2, r"t2-\d{3}", 240)}
TYPO_NOTE = re.compile(r"^typo: (?P<typed>\S+) \((?P<meant>[^)]+)\)$")
GOLD = re.compile(r"^(?P<prefix>\d{3}):(?P<line>[1-9]\d*)$")
CR_GOLD = re.compile(r"^cr:\d{3}(?:\.\d+[a-z]?)?$")
REFERENCE = Path(os.environ.get("REGELBOT_REFERENCE") or Path(__file__).resolve().parents[3] / "shared" / "reference")
CR_FILE = REFERENCE / "MagicCompRules_20260417.txt"


def ids(questions: list[Question]) -> list[str]:
    return [q.id for q in questions]


def test_size_and_unique_ids():
    assert len(QUESTIONS) >= 200
    assert len(set(ids(QUESTIONS))) == len(QUESTIONS)
    assert all(re.fullmatch(r"q\d{3}", q.id) for q in QUESTIONS)


def test_one_third_held_out():
    heldout = load("heldout")
    assert abs(len(heldout) - len(QUESTIONS) / 3) <= 2
    assert {q.part for q in heldout} == {"heldout"}
    assert not set(ids(heldout)) & set(ids(load("tuning")))


def test_split_is_the_seeded_one():
    assert split.check() == []


def test_both_parts_have_the_same_mix():
    for part in PARTS:
        questions = load(part)
        share_without_card = sum(not q.card for q in questions) / len(questions)
        assert share_without_card >= 1 / 3, part
        assert {q.document for q in questions} == set(PREFIXES), part


def test_a_third_names_no_card():
    assert sum(not q.card for q in QUESTIONS) >= len(QUESTIONS) / 3


def test_every_document_is_covered():
    counts = Counter(q.document for q in QUESTIONS)
    assert set(counts) == set(PREFIXES)
    assert min(counts.values()) >= 10
    assert counts["001"] == max(counts.values())


def test_kinds_and_fields():
    for q in EVERY:
        assert q.kind in KINDS, q.id
        assert q.text.strip() and q.clause.strip(), q.id
        assert q.document_gold and q.gold[0] == q.document_gold[0], f"{q.id}: first gold must be a document passage"
        assert len(set(q.gold)) == len(q.gold), q.id


@pytest.mark.parametrize("question", EVERY, ids=ids(EVERY))
def test_document_golds_begin_a_passage(question: Question):
    for gold in question.document_gold:
        match = GOLD.match(gold)
        assert match, f"{question.id}: malformed gold {gold!r}"
        prefix, line = match["prefix"], int(match["line"])
        assert prefix in PREFIXES, f"{question.id}: no document {prefix}"
        text = source_lines(prefix)[line - 1] if line <= len(source_lines(prefix)) else ""
        assert line in passage_starts(prefix), f"{question.id}: {gold} begins no passage: {text[:70]!r}"


@pytest.mark.parametrize("question", EVERY, ids=ids(EVERY))
def test_clause_is_in_the_first_gold_and_not_in_the_question(question: Question):
    prefix, line = question.gold[0].split(":")
    assert len(question.clause.split()) >= 4, question.id
    assert question.clause in passage_text(prefix, int(line)), f"{question.id}: clause not in {question.gold[0]}"
    assert question.clause.casefold() not in question.text.casefold(), f"{question.id}: question copies its clause"


def test_named_cards_stand_in_the_documents():
    text = "\n".join("\n".join(source_lines(prefix)) for prefix in PREFIXES)
    for q in EVERY:
        for half in filter(None, q.card.split(" // ")):
            assert half in text, f"{q.id}: card {q.card!r} not in the documents"


def test_cr_golds_are_rule_numbers():
    for q in EVERY:
        for gold in q.gold:
            if gold.startswith(CR_PREFIX):
                assert CR_GOLD.match(gold), f"{q.id}: malformed {gold!r}"


@pytest.mark.skipif(not CR_FILE.exists(), reason="reference Comprehensive Rules 2026-04-17 not present")
def test_cr_golds_exist_in_the_2026_rules():
    numbers = {line.split(" ", 1)[0].rstrip(".") for line in CR_FILE.read_text(encoding="utf-8-sig").splitlines()}
    missing = [(q.id, g) for q in EVERY for g in q.gold if g.startswith(CR_PREFIX) and g[3:] not in numbers]
    assert not missing


def test_passage_rules_on_known_lines():
    clash, faq, explained = passage_starts("000"), passage_starts("001"), passage_starts("003")
    assert {5, 9, 11, 20, 33, 55} <= clash and not {2, 12, 19, 29} & clash  # steps 1.-8. belong to line 11
    assert {24, 71, 74, 78, 2830} <= faq  # prose, quoted rules (502.32a, 502.46b), a ruling, a rule after "Beispiel:"
    assert not {22, 26, 56, 60, 64, 3058} & faq  # section title, example card name and text, "*Du" without space
    assert {5, 7, 428} <= explained and not {4, 6, 36, 429} & explained  # after "-" and after "Begriffeplayer -"
    assert len(passage_starts("002")) == 13 and len(passage_starts("004")) == 6
    assert min(passage_starts("002")) == 5 and 3 not in passage_starts("002")  # a date line begins nothing
    clash_sequence = passage_text("000", 11)
    assert clash_sequence.endswith("werden auf den Stapel gelegt.") and "weder Remis" not in clash_sequence
    assert (
        passage_text("003", 7)
        == "Eine Partie zu zweit ist eine Partie, die mit genau zwei Spielern beginnt.\nBegriffeplayer -"
    )


def test_kind_is_that_of_the_first_gold():
    wrong = [q.id for q in EVERY if q.kind != passage_kind(*map_gold(q.gold[0]))]
    assert not wrong


def map_gold(gold: str) -> tuple[str, int]:
    prefix, line = gold.split(":")
    return prefix, int(line)


@pytest.mark.parametrize("part", LATER)
def test_later_part_size_and_ids(part: str):
    questions, shape, least = LATER[part]
    assert len(questions) >= least
    assert all(re.fullmatch(shape, q.id) for q in questions)
    assert {q.part for q in questions} == {part}


def test_ids_unique_across_all_files():
    with (HERE / "dev.toml").open("rb") as handle:
        dev = [q["id"] for q in tomllib.load(handle)["question"]]
    every_id = ids(EVERY) + dev
    assert len(set(every_id)) == len(every_id), [i for i, n in Counter(every_id).items() if n > 1]


@pytest.mark.parametrize("part", LATER)
def test_later_part_a_third_names_no_card(part: str):
    questions = LATER[part][0]
    assert sum(not q.card for q in questions) >= len(questions) / 3


@pytest.mark.parametrize("part", LATER)
def test_later_part_is_spread_over_the_documents_by_their_passages(part: str):
    questions = LATER[part][0]
    counts = Counter(q.document for q in questions)
    passages = {prefix: len(passage_starts(prefix)) for prefix in PREFIXES}
    total = sum(passages.values())
    for prefix in PREFIXES:
        assert counts[prefix] >= 3, prefix
        share, expected = counts[prefix] / len(questions), passages[prefix] / total
        assert abs(share - expected) <= 0.05, (prefix, round(share, 3), round(expected, 3))
    kinds = Counter(q.kind for q in questions)
    assert set(kinds) == set(KINDS), kinds


@pytest.mark.parametrize("part", LATER)
def test_later_part_typos_are_marked_and_typed(part: str):
    questions = LATER[part][0]
    typos = [q for q in questions if q.note.startswith("typo:")]
    assert 0.10 <= len(typos) / len(questions) <= 0.25
    for q in typos:
        match = TYPO_NOTE.match(q.note)
        assert match, f"{q.id}: note {q.note!r} is not 'typo: <typed> (<meant>)'"
        assert match["typed"].casefold() in q.text.casefold(), q.id
        assert match["meant"].casefold() not in q.text.casefold(), f"{q.id}: the intended word is typed as well"


@pytest.mark.parametrize("part", LATER)
def test_later_part_has_no_near_duplicate_of_an_older_question(part: str):
    pairs = near_duplicates.check(part=part)
    assert not pairs, [(p.new_id, p.old_part, p.old_id, p.score) for p in pairs]


def test_tuning3_holds_the_judges_checked_questions():
    """The third tuning part: ids ``t3-NNN``, each naming the judge's own id; a third names no card; none repeats an
    older question (its own older files include ``tuning2``); the judges' sets are not spread by passages."""
    assert len(TUNING3) >= 100 and {q.part for q in TUNING3} == {"tuning3"}
    assert all(re.fullmatch(r"t3-\d{3}", q.id) for q in TUNING3)
    assert all(re.match(r"from (t2[247]-\d{2}|j3[45]-\d{3})\b", q.note) for q in TUNING3)
    assert sum(not q.card for q in TUNING3) >= len(TUNING3) / 3
    assert near_duplicates.OLDER["tuning3"] == ("tuning", "heldout", "heldout2", "tuning2", "dev")
    pairs = near_duplicates.check(part="tuning3")
    assert not pairs, [(p.new_id, p.old_part, p.old_id, p.score) for p in pairs]
    assert TUNING3[0].text == "wenn beide bei der fehde ne 3 aufdecken wer gewinnt dann"
    assert TUNING3[0].gold == ("000:22", "000:50") and TUNING3[0].clause == "gewinnt niemand die Fehde"


def test_tuning4_holds_the_evening_judges_questions():
    """The fourth tuning part: ids ``t4-NNN``, each naming its judge's id (j70, j71, j72) and keeping a typo's or half
    name's note; a     third names no card; none repeats an older question (its older files include ``tuning3``)."""
    assert len(TUNING4) == 179 and {q.part for q in TUNING4} == {"tuning4"}
    assert all(re.fullmatch(r"t4-\d{3}", q.id) for q in TUNING4)
    note = re.compile(r"from j7[012]-\d{3}(; (typo|half name): [^()]+ \([^)]+\))?")
    assert [q.note for q in TUNING4 if not note.fullmatch(q.note)] == []
    assert sum(not q.card for q in TUNING4) >= len(TUNING4) / 3
    assert near_duplicates.OLDER["tuning4"] == ("tuning", "heldout", "heldout2", "tuning2", "tuning3", "dev")
    pairs = near_duplicates.check(part="tuning4")
    assert not pairs, [(p.new_id, p.old_part, p.old_id, p.score) for p in pairs]
    first = TUNING4[0]
    assert first.gold == ("001:78",) and first.clause == "nur ungetappte Kreaturen, die du kontrollierst"


def test_tuning5_holds_the_judges_questions_of_2026_12_06():
    """The fifth tuning part: ids ``t5-NNN`` in order, each naming its judge's id (j160, j161, j162) once and keeping
    a typo's note; a third names no card; none repeats an older question, the validation part's included (its texts
    are compared by code, never shown: a pair is reported by ids)."""
    assert len(TUNING5) == 130 and {q.part for q in TUNING5} == {"tuning5"}
    assert [q.id for q in TUNING5] == [f"t5-{n:03d}" for n in range(1, 131)]
    note = re.compile(r"from j16[012]-\d{3}(; typo: [^()]+ \([^)]+\))?")
    assert [q.note for q in TUNING5 if not note.fullmatch(q.note)] == []
    judged = [q.note.split(";")[0] for q in TUNING5]
    assert len(set(judged)) == len(judged)
    assert [sum(j.startswith(f"from j{n}-") for j in judged) for n in (160, 161, 162)] == [50, 40, 40]
    assert sum("; typo: " in q.note for q in TUNING5) == 8
    assert sum(not q.card for q in TUNING5) >= len(TUNING5) / 3
    assert near_duplicates.OLDER["tuning5"] == (
        "tuning", "heldout", "heldout2", "tuning2", "tuning3", "tuning4", "validation", "dev")
    pairs = near_duplicates.check(part="tuning5")
    assert not pairs, [(p.new_id, p.old_part, p.old_id, p.score) for p in pairs]
    first = TUNING5[0]
    assert first.note == "from j160-002" and first.gold == ("001:80",)
    assert first.clause == "um die Kosten des Zaubers zu reduzieren -- aber nicht beides"


def test_tuning6_holds_the_four_development_judges_questions():
    """The sixth tuning part: ids ``t6-NNN`` in order, each naming once its judge's id of bench/judges/judge210.toml,
    judge220.toml, judge230.toml or judge240.toml (no slip marked as typed on purpose); a third names no card; none
    repeats an older question (tuning5 and the validation part included: set-aside and validation texts compared by
    code, a pair reported by ids) nor another question of the part."""
    assert len(TUNING6) == 172 and {q.part for q in TUNING6} == {"tuning6"}
    assert [q.id for q in TUNING6] == [f"t6-{n:03d}" for n in range(1, 173)]
    assert [q.note for q in TUNING6 if not re.fullmatch(r"from j2[1234]0-\d{3}", q.note)] == []
    judged = [q.note for q in TUNING6]
    assert len(set(judged)) == len(judged) and judged == sorted(judged)
    assert [sum(j.startswith(f"from j{n}-") for j in judged) for n in (210, 220, 230, 240)] == [36, 47, 44, 45]
    assert sum(not q.card for q in TUNING6) >= len(TUNING6) / 3
    assert near_duplicates.OLDER["tuning6"] == (
        "tuning", "heldout", "heldout2", "tuning2", "tuning3", "tuning4", "tuning5", "validation", "dev")
    pairs = near_duplicates.check(part="tuning6")
    assert not pairs, [(p.new_id, p.old_part, p.old_id, p.score) for p in pairs]
    earlier = [("tuning6", q.id, q.text) for q in TUNING6]
    inside = [p for i, q in enumerate(TUNING6) for p in near_duplicates.near_duplicates([(q.id, q.text)], earlier[:i])]
    assert not inside, [(p.new_id, p.old_id, p.score) for p in inside]
    first, lengthened = TUNING6[0], {q.note: q.clause for q in TUNING6}["from j230-048"]
    assert first.note == "from j210-002" and first.gold == ("000:23", "000:51", "003:260")
    assert first.clause == "wird als 0 gewertet" and first.kind == "ruling"
    assert lengthened == "Permanents kommen ungetappt, nicht umgedreht"  # the judge's three words, lengthened


def test_tuning2_is_a_tuning_part_outside_the_seeded_split():
    assert TUNED == ("tuning", "tuning2", "tuning3", "tuning4", "tuning5", "tuning6")
    assert not {"tuning2", "tuning3", "tuning4", "tuning5", "tuning6"} & set(PARTS)
    assert not {q.id for q in TUNING2} & {q.id for q in QUESTIONS}
    assert "tuning2" in ALL_PARTS and "tuning2" not in SET_ASIDE


def test_tuning2_is_checked_against_every_older_file():
    assert near_duplicates.OLDER["tuning2"] == ("tuning", "heldout", "heldout2", "dev")
    assert near_duplicates.OLDER["heldout2"] == ("tuning", "heldout", "dev")


def test_near_duplicate_check_finds_a_reworded_copy():
    old = [("tuning", "q005", "clash beide decken ne karte mit manawert 2 auf – wer gewinnt")]
    new = [("x1", "clash: beide decken ne karte mit manawert 2 auf, wer gewinnt?"), ("x2", "wer gewinnt die fehde")]
    assert [(p.new_id, p.old_id) for p in near_duplicates.near_duplicates(new, old)] == [("x1", "q005")]


def test_every_gold_is_a_passage_of_the_store_with_its_clause(built_db: Path):
    with sqlite3.connect(built_db) as conn:
        texts = dict(conn.execute("SELECT key, text FROM passages WHERE key NOT LIKE 'cr:%'"))
    missing = [(q.id, g) for q in EVERY for g in q.document_gold if g not in texts]
    assert not missing
    without_clause = [q.id for q in EVERY if q.clause not in texts[q.gold[0]]]
    assert not without_clause


def test_near_duplicate_report_never_prints_a_set_aside_text(capsys, tmp_path: Path):
    """A draft close to an older question: the report prints a tuning question's text, but a set-aside part's
    question only by its id (whoever writes new questions must not read the held-out texts)."""
    tuning_text = TUNING2[0].text
    held_out = load("heldout")[0]
    draft = tmp_path / "draft.toml"
    draft.write_text(
        "[[question]]\n" + f'id = "x-001"\ntext = {tuning_text!r}\n'.replace("'", '"')
        + "[[question]]\n" + f'id = "x-002"\ntext = {held_out.text!r}\n'.replace("'", '"'),
        encoding="utf-8",
    )
    assert near_duplicates.main([str(draft)]) == 1
    out = capsys.readouterr().out
    assert f"tuning2:{TUNING2[0].id}" in out and repr(tuning_text) in out
    assert f"heldout:{held_out.id}" in out and held_out.text not in out.replace(f"{held_out.text!r} /", "")


def test_near_duplicate_report_names_a_validation_question_by_id_only(capsys, tmp_path: Path):
    """A draft repeating a validation question: the report names the pair by the validation question's id, and its
    text is printed nowhere but as the draft's own (compared by code; the test never shows it, even when red)."""
    counted = load("validation")[0]
    draft = tmp_path / "draft.toml"
    draft.write_text("[[question]]\n" + f'id = "x-003"\ntext = {counted.text!r}\n'.replace("'", '"'), encoding="utf-8")
    found = near_duplicates.main([str(draft)]) == 1
    out = capsys.readouterr().out
    named = f"validation:{counted.id} (100)" in out
    hidden = counted.text not in out.replace(f"{counted.text!r} /", "")
    assert (found, named, hidden) == (True, True, True)
