"""Forged custom_ids: every ``rb:`` id either decodes to arguments its answer or action accepts, or raises
``BadCustomId`` (bot/custom_id.py), and no forged argument renders as markup.

Hypothesis forges ids of every family — open actions ``rb:<action>:<arg>``, paging and sharing ids of
answers ``rb:pg|sh:<page>:<check>:/<answer>:<values>`` and of actions — with values missing, extra,
wrong-typed (numbers, booleans, None where text belongs and back), oversized (past 100 characters, numbers of
20 digits) and carrying markup (mentions, masked links, @everyone, NUL, RTL override) both percent-encoded
and raw. Each id is pressed as a click would (:func:`bot.commands.buttons.press` on the core) and rendered
(:func:`bot.render.message_payload`): no exception, no markup. The same ids go through ``python -m bot press``.
"""

from __future__ import annotations

import asyncio
import inspect
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.answers.registry import ACTIONS, ANSWERS
from bot.commands import TABLE
from bot.commands.buttons import CHANGED, UNKNOWN_BUTTON, press
from bot.config import Settings
from bot.core import Core
from bot.custom_id import OPEN, UNFIT, decode, encode_target
from bot.id_values import BadCustomId, escape
from bot.render import buttons, message_payload
from tests.conftest import ROOT, call_cli
from tests.fuzz.test_fuzz_escaping import FRAGMENTS, problems

MARKUP = [*FRAGMENTS, "<@&1>", "[x](https://e.example)", "@everyone @here", "\x00\u202e\u2066", "%00", "%E2%80%AE"]
#: One value as it stands in an id: tagged values, markup percent-encoded as the encoder writes it, raw text.
TOKEN = st.one_of(
    st.sampled_from(["~", "#1", "#0", "#-3", "#1.5", "#" + "9" * 20, "!1", "!0", "", "Boros-Rekrut", "702.19",
                     "26", "{2}{G/W}", "0%3A24 2%3A36", "heute", "2007"]),
    st.sampled_from(MARKUP).map(escape),
    st.sampled_from(MARKUP),
    st.text(max_size=12),
)
ANSWER_KEYS = sorted(ANSWERS)
ACTION_KEYS = [*sorted(ACTIONS), "nosuch", "pg", "Card"]


def answer_ids() -> st.SearchStrategy[str]:
    """``rb:pg|sh:<page>:<check>:/<answer>[:<v1>,…]`` with 0 to (parameters + 2) values."""
    def build(key: str) -> st.SearchStrategy[str]:
        n = len(inspect.signature(ANSWERS[key]).parameters) - 1
        values = st.lists(TOKEN, min_size=0, max_size=n + 2)
        head = st.tuples(st.sampled_from(["pg", "sh"]), st.sampled_from(["1", "2", "0", "99999"]),
                         st.sampled_from(["-", "abcdef"]))
        return st.tuples(head, values).map(
            lambda hv: f"rb:{hv[0][0]}:{hv[0][1]}:{hv[0][2]}:/{key}" + (":" + ",".join(hv[1]) if hv[1] else ""))
    return st.sampled_from(ANSWER_KEYS).flatmap(build)


def action_ids() -> st.SearchStrategy[str]:
    """``rb:<action>:<arg>`` and the paging form ``rb:pg:1:-:<action>:<arg>``, extra parts included."""
    arg = st.lists(TOKEN, min_size=1, max_size=3).map(":".join)
    return st.tuples(st.sampled_from(["", "rb:pg:1:-:", "rb:sh:1:-:"]), st.sampled_from(ACTION_KEYS), arg).map(
        lambda t: (t[0] or "rb:") + f"{t[1]}:{t[2]}")


FORGED = st.one_of(answer_ids(), action_ids(), st.tuples(st.one_of(answer_ids(), action_ids()),
                                                         st.integers(1, 120)).map(lambda t: t[0] + "x" * t[1]))


@pytest.fixture(scope="module")
def pressing(built_db, tmp_path_factory):
    """``press(custom_id)`` on an open core (its own event loop, no Discord)."""
    loop = asyncio.new_event_loop()
    settings_ = Settings(token="", dev_guild_id=None, db_path=built_db, state_dir=tmp_path_factory.mktemp("st"),
                         log_level="INFO")
    core = Core(settings_)
    loop.run_until_complete(core.open(TABLE.warm))
    yield lambda cid: loop.run_until_complete(press(cid, core.run))
    loop.run_until_complete(core.close())
    loop.close()


def rendered(message: dict) -> list[str]:
    """Every text a user sees in ``message``: embed title, description, footer, fields, button labels."""
    out = []
    for embed in message.get("embeds") or []:
        out += [embed.get("title") or "", embed.get("description") or "", (embed.get("footer") or {}).get("text", "")]
        out += [s for f in embed.get("fields") or [] for s in (f["name"], f["value"])]
    return out + [c["label"] for c in buttons(message)]


def test_a_forged_id_decodes_to_accepted_arguments_or_is_refused(pressing, request):
    examples = request.config.getoption("--fuzz-examples")

    @settings(max_examples=examples + examples // 5, deadline=None, suppress_health_check=list(HealthCheck))
    @given(cid=FORGED)
    @example("rb:pg:1:-:/card").via("a paging id missing its required argument")
    @example("rb:pg:1:-:/ruling:#1").via("a number where text belongs")
    @example("rb:pg:1:-:/mana_upkeep:{W},hundert").via("text where a count belongs")
    @example("rb:pg:1:-:/mana_pay:{W},W,!1").via("a boolean where an integer belongs")
    @example("rb:cr_rule:<@123456789012345678>").via("a mention in the rule number")
    @example("rb:cr_rule:[x](https://evil.example)").via("a masked link")
    @example("rb:cr_rule:@everyone").via("@everyone")
    @example("rb:cr_rule:%00%E2%80%AE1").via("NUL and the RTL override")
    def run(cid):
        try:
            bid = decode(cid)
        except BadCustomId:
            refused = True
        else:
            refused = False
            assert spelled(bid) == cid  # an accepted id is the one the bot writes for what it decodes to
        pressed = pressing(cid)  # must not raise: an unknown id is a German error reply
        if refused:
            assert pressed.reply is UNKNOWN_BUTTON
        message = message_payload(pressed.reply, pressed.page, pressed.origin)
        assert problems(rendered(message)) == []

    run()


def spelled(bid) -> str:
    """The custom_id the bot writes for the decoded ``bid``."""
    target = UNFIT if bid.target is None else encode_target(bid.target)
    return f"rb:{target}" if bid.verb == OPEN else f"rb:{bid.verb}:{bid.page}:{bid.check}:{target}"


#: Ids the bot makes, one of every kind: actions with a row id, a name, a rule number, no argument; paging and
#: sharing of answers with text, None, numbers and a trailing default left out.
MADE = ("rb:mechanic_pick:14", "rb:mechanic_pick:Aufstacheln", "rb:card:12", "rb:rulings:26", "rb:split:",
        "rb:cr_rule:702.19b", "rb:pg:2:abcdef:/ruling:~,kreatur", "rb:pg:2:abcdef:/mana_pay:{2}{G/W},GGW,#2",
        "rb:sh:1:abcdef:/clash_odds:0%3A24,0%3A20,heute,#5", "rb:pg:1:abcdef:/mana_info:{X}")


def variants(cid: str) -> list[str]:
    """Other spellings of the made ``cid`` that name the same thing to a lenient reader: a zero before a number,
    white space around the last value, a letter percent-encoded, a default or an empty value written out."""
    head, _, last = cid.rpartition(":")
    out = [cid + " ", " " + cid, f"{head}: {last}", cid + ",~", cid + ","]
    out += [cid[:i] + "0" + cid[i:] for i in range(len(cid)) if cid[i].isdigit() and not cid[i - 1].isdigit()]
    out += [cid[:i] + f"%{ord(cid[i]):02X}" + cid[i + 1 :] for i in range(len(head) + 1, len(cid))
            if cid[i].isalpha() and cid[i].isascii()][:1]
    return out


@pytest.mark.parametrize("made", MADE)
def test_only_the_bots_own_spelling_of_an_id_is_accepted(made, pressing):
    assert spelled(decode(made)) == made
    # refused by the codec, or (a text argument, „014“ for a section) by the action that reads it; a paging id's
    # option text with a space more is an answer's free text, which the page's fingerprint binds: changed (or no
    # such page), never another answer
    paged = {CHANGED.pages[0].title, "Seite nicht vorhanden"} if made.startswith(("rb:pg:", "rb:sh:")) else set()
    titles = {UNKNOWN_BUTTON.pages[0].title, *paged}
    for cid in variants(made):
        reply = pressing(cid).reply
        assert reply.error and reply.pages[0].title in titles, (cid, reply.pages[0].title)


@pytest.mark.parametrize(("cid", "reason"), [
    ("rb:pg:1:-:/card", "missing"), ("rb:pg:1:-:/rule", "missing"), ("rb:pg:1:-:/mana_upkeep:{W}", "missing"),
    ("rb:pg:1:-:/explain_cards", "missing"), ("rb:pg:1:-:/ruling:#1", "int"), ("rb:pg:1:-:/mana_info:#1", "int"),
    ("rb:pg:1:-:/clash_reveal:a,#1", "int"), ("rb:pg:1:-:/explain_cards:~,~", "NoneType"),
    ("rb:pg:1:-:/mana_upkeep:{W},abc", "str"), ("rb:pg:1:-:/mana_pay:{W},W,!1", "bool"),
    ("rb:pg:1:-:/mana_info:{X},#1.5", "float"), ("rb:cr_rule:<@1>", "pattern"), ("rb:cr_rule:@everyone", "pattern"),
    ("rb:cr_rule:[x](https%3A//e)", "pattern"), ("rb:cr_rule:%00", "pattern"), ("rb:rule:%E2%80%AE1", "pattern"),
    ("rb:card:a_b_", "pattern"), ("rb:nosuch:1", "unknown action"),
])
def test_the_sites_that_raised_type_errors_are_refused_by_the_codec(cid, reason):
    with pytest.raises(BadCustomId, match=reason):
        decode(cid)


def test_what_the_bot_makes_still_decodes():
    # the arguments the answers make: row ids, rule numbers (also old ones), an empty argument, passage keys
    for cid in ("rb:card:12", "rb:cr_rule:702.19b", "rb:rule:212.1b", "rb:split:", "rb:rulings:26",
                "rb:pg:2:abcdef:/mana_pay:{2}{G/W},GGW,#2", "rb:pg:1:-:/ruling:~,Bibliothek%3A leer%2C 3 Karten",
                "rb:sh:1:-:/clash_odds:0%3A24,0%3A20,heute,#5", "rb:pg:1:-:/mana_info:{X}"):
        assert decode(cid).target is not None


def test_forged_ids_through_python_m_bot_press(built_db):
    # the console door: the same ids through `python -m bot press`, German error reply, exit 0, no traceback; the
    # first two as new processes (the launcher's exit status and stderr), the rest through the same main in process
    cids = ("rb:pg:1:-:/card", "rb:cr_rule:%00%E2%80%AE", "rb:pg:1:-:/ruling:#1", "rb:cr_rule:<@123>",
            "rb:pg:1:-:/mana_upkeep:{W},abc", "rb:pg:1:-:/explain_cards:~,~")
    for i, cid in enumerate(cids):
        if i < 2:
            proc = subprocess.run([sys.executable, "-m", "bot", "press", cid, "--json"], cwd=ROOT,
                                  capture_output=True, text=True, timeout=120,
                                  env={"REGELBOT_DB": str(built_db), "PATH": "/usr/bin:/bin", "DISCORD_TOKEN": ""})
        else:
            proc = call_cli("press", cid, "--json", db=built_db)
        assert proc.returncode == 0, proc.stderr
        assert "Traceback" not in proc.stderr and "Unbekannte Schaltfläche" in proc.stdout, (cid, proc.stdout)
