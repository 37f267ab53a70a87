"""Every autocomplete source gives the choices recorded before its data was prepared once per store
(``tests/choices/documents.json.gz``, see :mod:`tests.choices`): card names, ``/ruling suche``, ``/regel
suche``, ``/mechanik`` and the Comprehensive Rules' numbers and terms, over every prefix of a sample of names
and terms, blank input, typos, umlauts and 6 000 characters."""

from __future__ import annotations

from bot.answers import COMPLETERS, AnswerContext, load_all
from bot.core import Core
from tests.choices import HERE, load, record


def differences(queries: list[str], want: dict, got: dict, shown: int = 5) -> list[str]:
    """Readable lines for the first ``shown`` queries per source whose choices differ from the recording."""
    lines = []
    for key in sorted(set(want) | set(got)):
        if key not in want or key not in got:
            lines.append(f"{key}: {'not recorded' if key not in want else 'no longer a completer'}")
            continue
        bad = [i for i, (w, g) in enumerate(zip(want[key], got[key], strict=True)) if w != g]
        for i in bad[:shown]:
            lines.append(f"{key} {queries[i][:60]!r}:\n  recorded {want[key][i][:4]}\n  now      {got[key][i][:4]}")
        if len(bad) > shown:
            lines.append(f"{key}: {len(bad) - shown} more queries differ")
    return lines


async def compare(ctx: AnswerContext, name: str) -> None:
    """Assert that every completer answers the recorded queries of ``tests/choices/<name>.json.gz`` as recorded."""
    queries, want = load(HERE / f"{name}.json.gz")
    load_all()  # every source registered, also when this test runs alone (the answer modules load lazily)
    assert sorted(want) == sorted(COMPLETERS)
    got = await record(ctx, queries)
    problems = differences(queries, want, got)
    assert not problems, "autocomplete choices changed:\n" + "\n".join(problems)


async def test_choices_as_recorded(core: Core) -> None:
    await compare(core.context, "documents")


async def test_choices_as_recorded_twice(ctx: AnswerContext) -> None:
    """The second pass answers from the prepared data the first one left (and without the table's warm-ups)."""
    await compare(ctx, "documents")
    await compare(ctx, "documents")
