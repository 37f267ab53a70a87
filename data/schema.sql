-- Regelbot store schema. Built by `python -m bot build` (bot/importer); read-only at run time.
-- The version below must equal bot.store.SCHEMA_VERSION; the store refuses other versions.
PRAGMA user_version = 7;

-- One row per document (one per FAQ for file 001, which holds four FAQs).
CREATE TABLE documents (
    id        INTEGER PRIMARY KEY,
    file      TEXT NOT NULL,            -- file name in data/sources/ (or the imported file's name)
    part      INTEGER NOT NULL DEFAULT 1, -- position of this document inside its file (FAQs of 001: 1..4)
    kind      TEXT NOT NULL,            -- parser: clash_article | faq | rulings_list | rules_explained | cr | mtgjson
    title     TEXT NOT NULL,            -- human title, e.g. "Ravnica: Stadt der Gilden – Häufig gestellte Fragen"
    set_name  TEXT,                     -- for FAQs: "Ravnica: Stadt der Gilden"
    language  TEXT NOT NULL,            -- de | en | de+en
    date      TEXT,                     -- ISO date (YYYY-MM-DD, or YYYY when only the year is known)
    line      INTEGER NOT NULL DEFAULT 1, -- first line of this document in its file
    UNIQUE (file, part)
);

-- Cards. A split card is one row with two faces; name is "A // B".
CREATE TABLE cards (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL UNIQUE,  -- German printed name ("Boros-Rekrut", "Forschung // Entwicklung")
    document_id  INTEGER NOT NULL REFERENCES documents(id), -- first document that prints it
    line         INTEGER NOT NULL,      -- line of its first block in that file (card file: 1-based index in cards[])
    mana_cost    TEXT,                  -- as printed, e.g. "{4}{W}{W}"; NULL for lands / unknown; split: "{a} // {b}"
    type_line    TEXT,                  -- normalised to the em dash: "Kreatur — Mensch, Soldat"
    power_toughness TEXT,               -- "1/1", "*/*"; NULL when not a creature
    text         TEXT NOT NULL DEFAULT '', -- rules text lines joined by "\n" (split: faces joined by "\n//\n")
    is_split     INTEGER NOT NULL DEFAULT 0,
    origin       TEXT NOT NULL,         -- faq | rulings_list | mtgjson (only in an imported card file)
    mechanic_id  INTEGER REFERENCES mechanics(id), -- set when the card is an example in a mechanics section
    english_name TEXT,                  -- from an MTGJSON import (issue 6)
    english_text TEXT,
    english_match TEXT,                 -- how it was matched: german-name | german-faces | face-costs (+ ' uncertain')
    multiverse_id INTEGER,              -- Gatherer id of the German printing (from a card file), NULL when unknown
    scryfall_id  TEXT                   -- Scryfall id of the printing (German when the file names it), NULL when unknown
);

CREATE TABLE card_faces (
    card_id      INTEGER NOT NULL REFERENCES cards(id),
    face         INTEGER NOT NULL,      -- 0, 1
    name         TEXT NOT NULL,
    mana_cost    TEXT,
    type_line    TEXT,
    power_toughness TEXT,
    text         TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (card_id, face)
);

-- Other names a card is found by (English name, old spellings); kind says where it comes from.
CREATE TABLE card_aliases (
    card_id INTEGER NOT NULL REFERENCES cards(id),
    alias   TEXT NOT NULL,
    kind    TEXT NOT NULL,              -- english | face | ...
    PRIMARY KEY (card_id, alias)
);

-- The card-name index, prepared by the build from the three tables above (bot/importer/names.py: what
-- bot.namedata.index_parts and bot.mentions.scan_rows compute), so a process starts without folding every name.
CREATE TABLE name_entries (
    entry     INTEGER PRIMARY KEY,      -- position in store order (bot.store.cards.NAME_ENTRIES_SQL), from 0
    card_id   INTEGER NOT NULL REFERENCES cards(id),
    card_name TEXT NOT NULL,            -- the card's German name
    name      TEXT NOT NULL,            -- the name it is found by (its own, a face's, an alias)
    kind      TEXT NOT NULL,            -- name | face | english | ...
    words     TEXT NOT NULL             -- its distinct folded words (bot.text.name_words), sorted, space-separated
);
CREATE INDEX name_entries_card ON name_entries (card_id);
-- Sorted strings with their entries: kind 0 compact keys (bot.text.name_keys), 1 the keys reversed, 2 words,
-- 3 the stems by which a question names a card (bot.namedata.name_stems; only stems of at most two cards,
-- written when meta has 'name_stems'), 4 per such stem the summed vocabulary counts of its words in entry
-- (written when meta has 'name_stem_words').
CREATE TABLE name_keys (
    kind  INTEGER NOT NULL,
    key   TEXT NOT NULL,
    entry INTEGER NOT NULL,
    PRIMARY KEY (kind, key, entry)
) WITHOUT ROWID;
-- The distinct folded words and how many entries have each (the fuzzy tier's vocabulary).
CREATE TABLE name_vocab (
    word    TEXT PRIMARY KEY,
    entries INTEGER NOT NULL
) WITHOUT ROWID;
-- The chat scanner's keys (bot.mentions.scan_rows): a name's key and the keys of its first tokens.
CREATE TABLE name_scan (
    key     TEXT PRIMARY KEY,
    card_id INTEGER,                    -- the first card whose name has this key; NULL: only a start of names
    prefix  INTEGER NOT NULL,           -- 1: longer names start with it
    plain   INTEGER NOT NULL            -- 1: a one-word name found only with its capital letter
) WITHOUT ROWID;

-- Every document a card appears in (a card printed in two FAQs, or in a FAQ and a rulings list).
CREATE TABLE card_appearances (
    card_id     INTEGER NOT NULL REFERENCES cards(id),
    document_id INTEGER NOT NULL REFERENCES documents(id),
    line        INTEGER NOT NULL,
    PRIMARY KEY (card_id, document_id, line)
);

-- Mechanics sections (ALLGEMEINES of the FAQs; the clash article is one mechanic "Fehde").
CREATE TABLE mechanics (
    id          INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES documents(id),
    title       TEXT NOT NULL,          -- as printed: "Hybrid-Karten und Halbe-Halbe-Manasymbole"
    body        TEXT NOT NULL,          -- prose paragraphs joined by "\n\n"
    line        INTEGER NOT NULL,
    position    INTEGER NOT NULL        -- order within its document
);

-- Every ruling: FAQ "* " bullets, clash article "•" bullets, dated rulings list paragraphs.
CREATE TABLE rulings (
    id          INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES documents(id),
    card_id     INTEGER REFERENCES cards(id),      -- exactly one of card_id / mechanic_id is set
    mechanic_id INTEGER REFERENCES mechanics(id),
    position    INTEGER NOT NULL,       -- order within its document
    line        INTEGER NOT NULL,
    date        TEXT,                   -- ISO; the ruling's own date, else NULL (use the document's)
    language    TEXT NOT NULL,          -- de | en
    text        TEXT NOT NULL,
    see_mechanic TEXT                   -- title quoted in "Siehe auch „…“ im Abschnitt ALLGEMEINES"
);

-- Rules quoted with a number in the documents, as printed (old numbering and typos kept).
CREATE TABLE quoted_rules (
    id          INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES documents(id),
    mechanic_id INTEGER REFERENCES mechanics(id),
    number      TEXT NOT NULL,          -- "502.46b", "701.19", "104.3f" (no trailing dot)
    title       TEXT,                   -- heading lines like "502.46. Einberufen" → "Einberufen"
    text        TEXT NOT NULL,          -- '' for a pure heading
    examples    TEXT NOT NULL DEFAULT '[]', -- JSON list of "Beispiel:"/"Example:" texts
    language    TEXT NOT NULL,
    line        INTEGER NOT NULL,
    position    INTEGER NOT NULL
);

-- Entries of the German rules explanation (document 003), in rule order, mostly without numbers.
CREATE TABLE rule_explanations (
    id          INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES documents(id),
    position    INTEGER NOT NULL,       -- 1.. in document order
    text        TEXT NOT NULL,          -- paragraphs joined by "\n"
    examples    TEXT NOT NULL DEFAULT '[]', -- JSON list of "Beispiel:" texts (without the label)
    see_also    TEXT NOT NULL DEFAULT '[]', -- JSON list of rule numbers from "Siehe auch…" trailers
    terms       TEXT NOT NULL DEFAULT '[]', -- JSON list of English glossary terms from "Begriffe…" trailers
    line        INTEGER NOT NULL,
    number      TEXT,                   -- CR number when aligned with certainty (issue 6, build --cr), else NULL
    number_status TEXT,                 -- aligned | uncertain | unaligned (NULL without --cr)
    number_guess TEXT,                  -- best guess of an uncertain alignment: never shown as fact
    number_evidence TEXT                -- why, e.g. "cites 201.3 like the rule; margin 6.1"
);

CREATE INDEX rulings_card ON rulings(card_id, position);
CREATE INDEX rulings_mechanic ON rulings(mechanic_id, position);
CREATE INDEX quoted_rules_number ON quoted_rules(number);
CREATE INDEX card_aliases_alias ON card_aliases(alias);

-- ---- Official sources (issue 6): `python -m bot build --cr FILE … --cards FILE …` ----

-- One row per imported Comprehensive Rules file (`build --cr FILE`, repeatable).
CREATE TABLE cr_versions (
    id         INTEGER PRIMARY KEY,
    effective  TEXT NOT NULL UNIQUE,    -- ISO date of "These rules are effective as of …", e.g. 2026-04-17
    file       TEXT NOT NULL,           -- file name as given on the command line
    encoding   TEXT NOT NULL,           -- utf-8-sig | utf-8 | cp1252 | latin-1 | utf-16
    is_current INTEGER NOT NULL DEFAULT 0 -- 1 for the newest version (answers use it by default)
);

-- Every chapter, section, rule and subrule (CRRule).
CREATE TABLE cr_rules (
    id         INTEGER PRIMARY KEY,
    version_id INTEGER NOT NULL REFERENCES cr_versions(id),
    number     TEXT NOT NULL,           -- "1", "100", "100.1", "100.1a" (no trailing dot)
    kind       TEXT NOT NULL,           -- chapter | section | rule | subrule
    parent     TEXT,                    -- number one level up ("701.30c" → "701.30"), NULL for chapters
    title      TEXT,                    -- section/chapter titles and heading-only rules ("Clash")
    text       TEXT NOT NULL,           -- official English text, curly quotes kept; paragraphs joined by "\n"
    examples   TEXT NOT NULL DEFAULT '[]', -- JSON list of "Example:" texts without the label
    line       INTEGER NOT NULL,        -- 1-based line in the imported file
    position   INTEGER NOT NULL,        -- order in the document
    UNIQUE (version_id, number)
);
CREATE INDEX cr_rules_parent ON cr_rules(version_id, parent, position);
CREATE INDEX cr_rules_number ON cr_rules(number);

-- Glossary (GlossaryEntry); rules = JSON list of cited numbers ("Mana Value" → ["202.3"]).
CREATE TABLE cr_glossary (
    id         INTEGER PRIMARY KEY,
    version_id INTEGER NOT NULL REFERENCES cr_versions(id),
    term       TEXT NOT NULL,
    term_key   TEXT NOT NULL,           -- normalise_for_search(term): "mana value"
    text       TEXT NOT NULL,
    rules      TEXT NOT NULL DEFAULT '[]',
    line       INTEGER NOT NULL,
    UNIQUE (version_id, term)
);
CREATE INDEX cr_glossary_key ON cr_glossary(term_key);

-- Old number → number in a newer version (RuleMatch). new_number NULL = no counterpart found.
CREATE TABLE cr_rule_map (
    old_version_id INTEGER NOT NULL REFERENCES cr_versions(id),
    old_number     TEXT NOT NULL,
    new_version_id INTEGER NOT NULL REFERENCES cr_versions(id),
    new_number     TEXT,
    score          REAL NOT NULL,       -- 0..100 (100 for title matches)
    method         TEXT NOT NULL,       -- section-title | rule-title | text | text-section | keyword-table | none
    certain        INTEGER NOT NULL,    -- 0 → answers say "vermutlich" and show the runner-up
    runner_up      TEXT,
    PRIMARY KEY (old_version_id, old_number, new_version_id)
);

-- data/keywords_de_en.tsv (German ↔ English terms, old FAQ numbers, today's rule).
CREATE TABLE keywords (
    german      TEXT NOT NULL,
    english     TEXT NOT NULL,
    german_key  TEXT NOT NULL,          -- normalise_for_search(german): "einberufen"
    english_key TEXT NOT NULL,          -- normalise_for_search(english): "convoke"
    kind        TEXT NOT NULL,          -- keyword_ability | keyword_action | ability_word | term | ...
    old_number  TEXT,                   -- as printed in the document (502.46)
    source      TEXT NOT NULL,          -- file prefix of data/sources (001)
    cr_number   TEXT,                   -- 2026 rule (702.51), NULL when there is none
    note        TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (german, english)
);
CREATE INDEX keywords_old ON keywords(old_number);
CREATE INDEX keywords_german ON keywords(german_key);
CREATE INDEX keywords_english ON keywords(english_key);
CREATE INDEX cr_rule_map_old ON cr_rule_map(old_number);

-- ---- Time (issue 9): the change register data/changes.toml + data/terms.tsv, checked against the rows above ----

-- One reviewed row per change (kind changed | wording | unchanged); evidence = JSON list of "CR 709.4a" or
-- entry references "002:29 Jede geteilte Karte …" (file prefix : line, text start).
CREATE TABLE changes (
    key      TEXT PRIMARY KEY,
    kind     TEXT NOT NULL,
    since    TEXT NOT NULL DEFAULT '',   -- ISO date or year of the change ('' = not dated)
    what     TEXT NOT NULL,
    today    TEXT NOT NULL,              -- today's statement (German)
    evidence TEXT NOT NULL DEFAULT '[]'
);
-- The entries each change names (entry_kind ruling → rulings.id, mechanic → mechanics.id).
CREATE TABLE change_entries (
    key        TEXT NOT NULL REFERENCES changes(key),
    entry_kind TEXT NOT NULL,
    entry_id   INTEGER NOT NULL,
    PRIMARY KEY (key, entry_kind, entry_id)
);
CREATE INDEX change_entries_entry ON change_entries(entry_kind, entry_id);
-- Renamed terms ([[term]]: spielen → wirken …) and which German entries use the old term (terms.tsv).
CREATE TABLE change_terms (
    key      TEXT PRIMARY KEY,
    old      TEXT NOT NULL,
    new      TEXT NOT NULL,
    scope    TEXT NOT NULL DEFAULT '',
    since    TEXT NOT NULL DEFAULT '',
    evidence TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE entry_terms (
    entry_kind TEXT NOT NULL,
    entry_id   INTEGER NOT NULL,
    term       TEXT NOT NULL REFERENCES change_terms(key),
    PRIMARY KEY (entry_kind, entry_id, term)
);
-- Today's rules the register cites, with their text (so answers need no --cr).
CREATE TABLE today_cr (
    number    TEXT PRIMARY KEY,
    text      TEXT NOT NULL,
    effective TEXT NOT NULL
);
-- Register rows whose evidence changed under them ("zu prüfen", bot/importer/review.py): per row and cited rule,
-- the register's quote (rules of `basis`) and the newest rules of the build (`checked`). Empty when nothing changed.
CREATE TABLE register_review (
    row_kind   TEXT NOT NULL,           -- change | term | number | rule
    row_key    TEXT NOT NULL,           -- changes.key, change_terms.key, "001:502.46" (old_numbers), or the number
    number     TEXT NOT NULL,           -- the rule as the register cites it
    state      TEXT NOT NULL,           -- changed | renumbered | gone
    new_number TEXT,                    -- its number in the newest rules, NULL when gone
    old_text   TEXT NOT NULL,           -- the register's quote ([cr])
    new_text   TEXT NOT NULL DEFAULT '', -- the official text now ('' when gone)
    basis      TEXT NOT NULL,           -- ISO date of the rules the quote rests on
    checked    TEXT NOT NULL,           -- ISO date of the newest rules of the build
    PRIMARY KEY (row_kind, row_key, number)
);
-- Rule numbers as the documents print them (old numbering) and today's rule for each ([[number]]).
CREATE TABLE old_numbers (
    document TEXT NOT NULL,             -- file prefix of data/sources ("001")
    number   TEXT NOT NULL,             -- as printed ("104.3f", "502.32a")
    today    TEXT,                      -- rule of the Comprehensive Rules of the register's date, NULL = none
    relation TEXT NOT NULL,             -- same | changed | none
    note     TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (document, number)
);

-- Every ruling and mechanics section: changed | wording | unchanged | current | unreviewed.
CREATE TABLE today_status (
    entry_kind  TEXT NOT NULL,
    entry_id    INTEGER NOT NULL,
    document_id INTEGER NOT NULL REFERENCES documents(id),
    status      TEXT NOT NULL,
    PRIMARY KEY (entry_kind, entry_id)
);

-- Counts the importer wrote, per document and kind, so `build` and tests can check completeness.
CREATE TABLE import_counts (
    file  TEXT NOT NULL,
    kind  TEXT NOT NULL,                -- card | ruling | mechanic | quoted_rule | rule_explanation | ...
    count INTEGER NOT NULL,
    PRIMARY KEY (file, kind)
);

-- What the build recorded: built_at, sources_sha256, cr_files, card_files (bot.store.Store.build_info), the name
-- index's flags and tables (bot/store/names.py), review_checked, and 'translation_table': the ranker's translation
-- table learned from data/prior_questions.tsv and this store's passages, JSON {"format", "key", "table"} (written by
-- bot/importer/transl_table.py; read at start only when its key is bot.translation.table_key of the running bot's
-- earlier questions and settings, else learned again: bot.translation.read_table).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- Read views for the store (bot/store.py): the document columns come first, in DocumentRecord order.
CREATE VIEW card_rows AS
SELECT d.id AS d_id, d.file, d.part, d.kind, d.title, d.set_name, d.language, d.date AS d_date,
       c.id, c.name, c.mana_cost, c.type_line, c.power_toughness, c.text, c.is_split, c.origin,
       c.english_name, c.english_text, c.mechanic_id,
       (SELECT count(*) FROM rulings r WHERE r.card_id = c.id) AS ruling_count
FROM cards c JOIN documents d ON d.id = c.document_id;

CREATE VIEW ruling_rows AS
SELECT d.id AS d_id, d.file, d.part, d.kind, d.title, d.set_name, d.language, d.date AS d_date,
       r.id, r.text, coalesce(r.date, d.date) AS date, r.date IS NOT NULL AS own_date, r.position,
       r.language AS r_language, r.card_id, r.mechanic_id, r.see_mechanic
FROM rulings r JOIN documents d ON d.id = r.document_id;

CREATE VIEW document_rows AS
SELECT d.id AS d_id, d.file, d.part, d.kind, d.title, d.set_name, d.language, d.date AS d_date
FROM documents d;

-- Passages: every unit the question search (/frage, /regel suche, /ruling suche) returns, whole, with its key
-- "<file prefix>:<first line>" ("001:1246"; "cr:702.51a" for an official rule, "glossary:Mana Value",
-- "term:Trampelschaden" for a row of the term table). Written by bot/importer/passages.py after everything else;
-- `terms` holds the analysed text (bot/analysis.py: stems, compound parts, concept ids), since FTS5 has no German
-- stemmer: the same analyser turns the question into the same kind of terms.
CREATE TABLE passages (
    id          INTEGER PRIMARY KEY,
    key         TEXT NOT NULL UNIQUE,
    kind        TEXT NOT NULL,           -- ruling | mechanic | quoted_rule | explanation | card | term | cr_rule | glossary
    ref_id      INTEGER,                 -- id in its own table (rulings, mechanics, quoted_rules, …); NULL for terms
    document_id INTEGER REFERENCES documents(id),
    card_id     INTEGER REFERENCES cards(id),
    mechanic_id INTEGER REFERENCES mechanics(id),
    number      TEXT,                    -- rule number: as printed (quoted rule), aligned (003), official (CR)
    title       TEXT NOT NULL,           -- card name, section title, "Regel 502.46b", term, …
    text        TEXT NOT NULL,           -- the whole passage as shown
    date        TEXT,                    -- ISO date of the ruling or document
    source      TEXT NOT NULL,           -- the document's title
    status      TEXT NOT NULL,           -- today_status for rulings and sections; else current | history
    concepts    TEXT NOT NULL DEFAULT '', -- concept ids of the passage, space-separated
    names       TEXT NOT NULL DEFAULT '', -- the analysed title (card, section), terms space-separated
    terms       TEXT NOT NULL DEFAULT ''  -- the analysed text, each term once, space-separated
);
CREATE INDEX passages_card ON passages(card_id);
-- What the full-text index indexes, one row per passage: names and terms as above; raw: title and text as written
-- (folded by the tokenizer), so a word form the analysis does not join still counts as typed.
CREATE VIEW passage_index AS SELECT id, names, terms, title || char(10) || text AS raw FROM passages;
-- The full-text index of passage_index (external content: the texts are stored once, in passages; a reader of
-- passages_fts's columns gets them from the view). bm25() needs only the index. Built from the view ('rebuild') once
-- the passages are written, in the same transaction, and never changed after; a delete would have to give the old
-- values ('delete' command).
CREATE VIRTUAL TABLE passages_fts USING fts5(names, terms, raw, content = 'passage_index', content_rowid = 'id',
                                             tokenize = 'unicode61 remove_diacritics 2');
-- How many passages carry each analysed term (kind 'term': the terms column above, each passage once) and each
-- concept id (kind 'concept'): the question ranker's weights, counted by the build (bot/importer/prepared.py).
CREATE TABLE passage_counts (
    kind     TEXT NOT NULL,
    name     TEXT NOT NULL,
    passages INTEGER NOT NULL,
    PRIMARY KEY (kind, name)
) WITHOUT ROWID;
-- The documents' words (lower case) with their counts and lemmas: the analyser's vocabulary at query time.
CREATE TABLE vocabulary (
    word  TEXT PRIMARY KEY,
    count INTEGER NOT NULL,
    lemma TEXT                           -- NULL when the lemma is the word itself
) WITHOUT ROWID;

-- Official sources (issue 6): the version columns come first, in CRVersionRecord order.
CREATE VIEW cr_rule_rows AS
SELECT v.id AS v_id, v.effective, v.file AS v_file, v.is_current,
       r.id, r.number, r.kind, r.parent, r.title, r.text, r.examples, r.version_id, r.position
FROM cr_rules r JOIN cr_versions v ON v.id = r.version_id;

CREATE VIEW cr_glossary_rows AS
SELECT v.id AS v_id, v.effective, v.file AS v_file, v.is_current,
       g.id, g.term, g.text, g.rules, g.term_key
FROM cr_glossary g JOIN cr_versions v ON v.id = g.version_id;
