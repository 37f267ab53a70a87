"""The command-line contract of DESIGN.md, run as a new user would: as new processes where the process is what is
tested (exit codes of the launcher, a button printed by this process pressed in a new one, where nothing but its
custom_id carries the state), otherwise in process (``call_cli``: the same ``main`` with the same arguments and
environment, without the start-up)."""

from __future__ import annotations

import json

from bot.__main__ import dashed_ids, make_parser, press_options
from tests.conftest import call_cli, run_cli


def test_call_card_json(built_db):
    proc = call_cli("call", "/karte name: Feld der Unterdrückung", "--json", db=built_db)
    assert proc.returncode == 0, proc.stderr
    message = json.loads(proc.stdout)
    embed = message["embeds"][0]
    assert embed["title"] == "Feld der Unterdrückung"
    assert "{1}{W}" in embed["description"] and "Verzauberung" in embed["description"]
    assert message["flags"] == 0  # public
    assert message["allowed_mentions"] == {"parse": []}
    (row,) = message["components"]
    assert row == {"type": 1, "components": [
        {"type": 2, "style": 2, "label": "Rulings anzeigen (1)", "custom_id": row["components"][0]["custom_id"]}]}
    assert row["components"][0]["custom_id"].startswith("rb:rulings:")


def test_english_names_and_positional_option(built_db):
    proc = call_cli("call", "/card Boros-Rekrut", db=built_db)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("== Boros-Rekrut ==")
    assert "{R/W}" in proc.stdout


def test_complete_json(built_db):
    proc = call_cli("complete", "/karte name", "chor", "--json", db=built_db)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)[0] == {"name": "Chor des Konklave", "value": "Chor des Konklave"}


def test_unknown_card_is_a_reply_exit_0(built_db):
    proc = call_cli("call", "/karte name: Gibtsnicht", "--json", db=built_db)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["flags"] == 64  # EPHEMERAL


def test_unknown_command_exit_2_german(built_db):
    proc = run_cli("call", "/zauberei foo", db=built_db)
    assert proc.returncode == 2
    assert "Unbekannter Befehl" in proc.stderr and "Traceback" not in proc.stderr


def test_press_button(built_db):
    proc = call_cli("call", "/karte name: Circu, Dimir-Lobotomist", "--json", db=built_db)  # printed here,
    custom_id = json.loads(proc.stdout)["components"][0]["components"][0]["custom_id"]
    pressed = run_cli("press", custom_id, db=built_db)  # pressed in a new process
    assert pressed.returncode == 0
    assert pressed.stdout.count("• ") == 5


def test_paging_button_from_json_is_pressed_in_a_new_process(built_db):
    # 002_6d34ad434ad7e3d9.txt: 13 dated rulings on Getrieben // Verzweiflung → 3 pages; the "Weiter" id
    # of page 1, printed by one process, shows page 2 in another (no state but the custom_id)
    first = json.loads(call_cli("call", "/ruling karte: Getrieben // Verzweiflung", "--json", db=built_db).stdout)
    back, forward = first["components"][0]["components"]
    assert (back["label"], back["disabled"], forward["label"]) == ("Zurück", True, "Weiter")
    assert forward["custom_id"].startswith("rb:pg:2:") and forward["custom_id"].endswith(
        ":/ruling:Getrieben // Verzweiflung")
    second = json.loads(run_cli("press", forward["custom_id"], "--json", db=built_db).stdout)
    assert second["embeds"][0]["footer"]["text"].endswith("Seite 2/3")
    assert second["embeds"][0]["description"] != first["embeds"][0]["description"]
    assert second["components"][0]["components"][0]["custom_id"].startswith("rb:pg:1:")
    # a page the button was not made for (wrong fingerprint) is refused in German, never shown
    forged = forward["custom_id"].replace(":rb", ":rb").split(":")
    forged[3] = "AAAAAA" if forged[3] != "AAAAAA" else "BBBBBB"
    refused = call_cli("press", ":".join(forged), db=built_db)  # the refusal needs no second process
    assert refused.returncode == 0 and refused.stdout.startswith("== Antwort hat sich geändert ==")


def test_calculator_card_choice_is_pressed_in_a_new_process(built_db):
    # "Orzho" is no cost and no card: the calculator offers the cards it may mean as buttons, and the button printed
    # by one process runs the same calculator with the chosen card in another. Orzhov-Hohepriester costs {1}{W}{B}
    # (001_d6ee154855c71d75.txt, line 1588): mana value 3.
    first = json.loads(call_cli("call", "/mana info kosten: Orzho", "--json", db=built_db).stdout)
    assert first["embeds"][0]["title"] == "„Orzho“ ist weder Manakosten noch eine bekannte Karte"
    buttons = {b["label"]: b["custom_id"] for row in first["components"] for b in row["components"]}
    assert buttons["Orzhov-Hohepriester"] == "rb:calc:/mana_info%3AOrzhov-Hohepriester"
    second = run_cli("press", buttons["Orzhov-Hohepriester"], db=built_db)
    assert second.returncode == 0
    assert second.stdout.startswith("== Orzhov-Hohepriester ==") and "**Manawert:** 3" in second.stdout
    # an rb:calc id naming anything but a calculator, or carrying markup, is refused, never run or shown
    for forged in ("rb:calc:/card:Boros-Rekrut", "rb:calc:/mana_info:<@123>%0A@everyone"):
        refused = call_cli("press", forged, db=built_db)
        assert refused.returncode == 0 and refused.stdout.startswith("== Unbekannte Schaltfläche =="), forged


def test_page_outside_the_answer_is_a_usage_error(built_db):
    # 13 rulings on Getrieben // Verzweiflung (002) fill 3 pages: page 3 exists, 0 and 4 do not (exit 2)
    assert call_cli("call", "/ruling karte: Getrieben // Verzweiflung", "--page", "3", db=built_db).returncode == 0
    for page in ("0", "-1", "4", "99"):  # one German line as argparse's usage errors: the program, the help
        proc = call_cli("call", "/ruling karte: Getrieben // Verzweiflung", "--page", page, db=built_db)
        assert (proc.returncode, proc.stdout) == (2, "")
        assert proc.stderr == (f"python -m bot call: --page: Seite {page} gibt es nicht, die Antwort hat 3 Seiten "
                               "(1 bis 3) (Hilfe: python -m bot call --help)\n")
    pressed = call_cli("press", "rb:rulings:20", "--page", "0", db=built_db)
    assert pressed.returncode == 2 and pressed.stderr.startswith("python -m bot press: --page: Seite 0 gibt es nicht")
    assert pressed.stderr.endswith(" (Hilfe: python -m bot press --help)\n")
    # a bad option value is the German error reply Discord users get too: exit 0
    bad = call_cli("call", "/karte name: Boros-Rekrut privat: vielleicht", db=built_db)
    assert bad.returncode == 0 and bad.stdout.startswith("== Ungültige Eingabe ==")


def test_run_without_token_one_german_line(built_db):
    proc = run_cli("run", db=built_db)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "DISCORD_TOKEN fehlt: in .env eintragen (siehe .env.example) oder als Umgebungsvariable setzen."
    ]


def test_missing_store_is_built_on_first_call(tmp_path, cached_builds):
    # the build through the run's build cache (what is tested is the call building first, not the build, which
    # tests/importer/ and test_build_prints_counts below run for real): one real build for both tests of it here
    db = tmp_path / "neu.sqlite3"
    proc = call_cli("call", "/karte name: Boros-Rekrut", db=db)  # the exit code of a new process: the tests above
    assert proc.returncode == 0, proc.stderr
    assert db.is_file()
    assert "Boros-Rekrut" in proc.stdout


def test_corrupt_store_clear_message(tmp_path):
    db = tmp_path / "kaputt.sqlite3"
    db.write_bytes(b"kaputt" * 1000)
    proc = call_cli("call", "/karte name: Boros-Rekrut", db=db)
    assert proc.returncode == 1
    assert "beschädigt" in proc.stderr and "Traceback" not in proc.stderr


def test_build_prints_counts(tmp_path):
    proc = call_cli("build", "--db", str(tmp_path / "x.sqlite3"))
    assert proc.returncode == 0, proc.stderr
    assert "001_d6ee154855c71d75.txt" in proc.stdout and "Datenbank geschrieben" in proc.stdout


def test_unknown_and_duplicate_options_are_named_in_german(built_db):
    proc = call_cli("call", "/regel nummer: 701.19", db=built_db)
    assert proc.returncode == 2
    # a usage error of the typed command as argparse reports every usage error: the subcommand, the line, the help
    assert proc.stderr == ("python -m bot call: Unbekannte Option „nummer“ für /regel – erlaubt: suche, privat "
                           "(Hilfe: python -m bot call --help)\n")
    proc = call_cli("complete", "/karte xyz", "bo", db=built_db)
    assert (proc.returncode, proc.stderr) == (2, "python -m bot complete: /karte: Option „xyz“ – Autovervollständigung "
                                                 "gibt es für: name. (Hilfe: python -m bot complete --help)\n")
    proc = call_cli("call", "/card name: Circu name: Boros-Rekrut", db=built_db)
    assert proc.returncode == 2 and "„name“ ist doppelt angegeben" in proc.stderr
    # a colon inside a value is no option: "0:24" in a library, "{2}:" in a cost
    proc = call_cli("call", "/fehde chancen bibliothek1: 0:24 2:36 bibliothek2: 0:20 3:40", db=built_db)
    assert proc.returncode == 0, proc.stderr


def test_missing_option_uses_the_german_name(built_db):
    proc = call_cli("call", "/mana bezahlen kosten: {G}", "--json", db=built_db)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["embeds"][0]["description"] == "/mana bezahlen braucht die Option „vorrat“."


def test_json_stays_clean_when_the_store_is_built_first(tmp_path, cached_builds):
    proc = call_cli("complete", "/karte name", "Ci", "--json", db=tmp_path / "neu.sqlite3")
    assert proc.returncode == 0
    assert json.loads(proc.stdout)[0]["name"] == "Circu, Dimir-Lobotomist"
    assert "Datenbank fehlt" in proc.stderr


def test_huge_button_id_is_a_german_reply(built_db):
    # a card id has at most 12 digits (bot.declared_args.RowId): a longer one is no button the bot made
    proc = call_cli("press", "rb:card:99999999999999999999999999", db=built_db)
    assert proc.returncode == 0
    assert proc.stdout.startswith("== Unbekannte Schaltfläche ==")
    missing = call_cli("press", "rb:card:999999999999", db=built_db)  # 12 digits, but no such card
    assert missing.returncode == 0 and missing.stdout.startswith("== Karte nicht gefunden ==")


def test_an_id_beginning_with_a_dash_is_pressed_as_the_id(built_db):
    # argparse reads a word beginning with "-" as an option: any id Discord could send is an id of `press` all the
    # same, an option's own name after `--`, as `press --help` says
    for given in (["-x"], ["--page", "1", "-x"], ["--", "--json"], ["-"], ["-h1"]):
        proc = call_cli("press", *given, db=built_db)
        assert (proc.returncode, proc.stdout.splitlines()[0]) == (0, "== Unbekannte Schaltfläche =="), given
    as_json = call_cli("press", "-x", "--json", db=built_db)
    assert json.loads(as_json.stdout)["embeds"][0]["title"] == "Unbekannte Schaltfläche"
    missing = call_cli("press", "--json", db=built_db)  # the option, no id
    assert missing.returncode == 2 and missing.stderr.startswith("python -m bot press: Es fehlt: KNOPF")
    assert "press -- --json" in call_cli("press", "--help", db=built_db).stdout


def test_dashed_ids_in_a_new_process(built_db):
    # the launcher as a new process: an id named like an option after `--`, an id beginning with "-", and one after
    # a valued option and before a flag (press's options as argparse made them decide which words are options)
    for given in (["--", "--json"], ["-x"]):
        proc = run_cli("press", *given, db=built_db)
        assert (proc.returncode, proc.stdout.splitlines()[0]) == (0, "== Unbekannte Schaltfläche =="), proc.stderr
        assert "Traceback" not in proc.stderr
    proc = run_cli("press", "--page", "1", "-x", "--json", db=built_db)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["embeds"][0]["title"] == "Unbekannte Schaltfläche"


def test_an_option_added_to_press_is_read_as_an_option():
    # press's options are read from its parser: one added there is an option (its value skipped), not the KNOPF
    parser = make_parser()
    press = parser.parse_known_args(["press", "--", "KNOPF"])[0].usage_parser
    press.add_argument("--tiefe", metavar="N")
    press.add_argument("--still", action="store_true")
    assert press_options(parser) == {"-h": False, "--help": False, "--env-file": True, "--json": False,
                                     "--page": True, "--tiefe": True, "--still": False}
    assert dashed_ids(["press", "--tiefe", "3", "--still", "-x"], parser) == \
        ["press", "--tiefe", "3", "--still", "--", "-x"]
    assert dashed_ids(["press", "--ti", "-3", "-x"], parser) == ["press", "--ti", "-3", "--", "-x"]
    assert dashed_ids(["press", "-x", "--still"], parser) == ["press", "--still", "--", "-x"]
    assert dashed_ids(["call", "-x"], parser) == ["call", "-x"]


def test_a_passage_id_in_another_spelling_than_the_bot_s_is_an_unknown_button(built_db):
    # 001:78 is the ruling of Einberufen (data/sources/001, line 78); the bot writes its key only so
    # (bot.button_args.PASSAGE_KEY): every other spelling is no button it made, not a passage gone from the store
    assert call_cli("press", "rb:passage:001%3A78", db=built_db).stdout.startswith("== Einberufen")
    for arg in ("001%3A00078", "001%3Axyz", "001%3A-1", "001%3A1e9", "001%3A+78", "001%3A٧٨", "001%3A", "1%3A78",
                "001%253A78", "001%3a78", "001%3A78.1"):
        proc = call_cli("press", f"rb:passage:{arg}", db=built_db)
        assert (proc.returncode, proc.stdout.splitlines()[0]) == (0, "== Unbekannte Schaltfläche =="), arg
    gone = call_cli("press", "rb:passage:001%3A99999", db=built_db)  # the bot's spelling, but no such line
    assert gone.stdout.startswith("== Stelle nicht gefunden ==")


def test_serve_without_public_key_one_german_line(built_db):
    proc = run_cli("serve", "--port", "0", db=built_db, env={"DISCORD_PUBLIC_KEY": ""})
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "DISCORD_PUBLIC_KEY fehlt: den Public Key der Anwendung (Developer Portal → General Information) "
        "in .env eintragen."
    ]


def test_bad_shard_settings_are_a_german_usage_error(built_db):
    # in process: `run`'s exit 2 as a new process is test_run_without_token_one_german_line's
    proc = call_cli("run", db=built_db, env={"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "2"})
    assert proc.returncode == 2
    assert "SHARD_IDS '2': jede Nummer nur einmal und kleiner als SHARD_COUNT (2)." in proc.stderr
    assert "Traceback" not in proc.stderr


def test_serve_options_are_checked_in_german(built_db):
    key = {"DISCORD_PUBLIC_KEY": "ab" * 32}
    port = call_cli("serve", "--port", "70000", db=built_db, env=key)
    assert port.returncode == 2 and "Port muss eine Zahl von 0 bis 65535 sein" in port.stderr
    defer = call_cli("serve", "--defer-after", "nan", db=built_db, env=key)
    assert defer.returncode == 2 and "Sekunden von 0 bis 2,5" in defer.stderr


def test_private_clash_odds_shared_from_a_new_process_give_the_same_answer(built_db):
    # `call` passes no seed, so the random reveal of /fehde chancen must be pinned in the share
    # button's custom_id; pressed in another process it gives the same embed, public, not "Antwort hat sich geändert".
    first = json.loads(call_cli("call", "/fehde chancen bibliothek1: 0:1 2:1 bibliothek2: 1:2 privat: ja", "--json",
                                db=built_db).stdout)
    assert first["flags"] & 64 and "50,00 %" in first["embeds"][0]["description"]
    share = next(c for row in first["components"] for c in row["components"] if c.get("label") == "Im Kanal teilen")
    shared = json.loads(run_cli("press", share["custom_id"], "--json", db=built_db).stdout)
    assert shared["embeds"] == first["embeds"] and not (shared.get("flags") or 0) & 64


def test_unknown_subcommand_is_named_in_a_new_process(built_db):
    # the launcher's usage error for a group's unknown subcommand: exit 2, one German line naming the valid ones
    proc = run_cli("call", "/mana foo kosten: 1", db=built_db)
    assert proc.returncode == 2
    assert "Unbekannter Unterbefehl „foo“ für /mana. Gültig sind: /mana info, /mana bezahlen (pay)" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_upkeep_completion_offers_only_cumulative_upkeep_cards_in_a_new_process(built_db):
    # the Kälteeinbruch FAQ's cards with „Kumulative Versorgung“ (Tressen aus Feuer: „Kumulative Versorgung {R}“);
    # Boros-Rekrut, the first card name of the store, has none
    proc = run_cli("complete", "/mana versorgung kosten", "", db=built_db)
    assert proc.returncode == 0, proc.stderr
    offered = proc.stdout.splitlines()
    assert "Tressen aus Feuer" in offered and "Boros-Rekrut" not in offered
    assert len(offered) == 14
