-- Proposed additions for issue 6 (official sources), for the lead to merge into data/schema.sql
-- (bump PRAGMA user_version to 2 when merged). Filled from bot/importer/cr.py (CRDocument),
-- bot/importer/align.py (RuleMatch, Alignment, keyword table) and bot/importer/mtgjson.py (CardRecord).

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

-- Glossary (GlossaryEntry); rules = JSON list of cited numbers ("Mana Value" → ["202.3"]).
CREATE TABLE cr_glossary (
    id         INTEGER PRIMARY KEY,
    version_id INTEGER NOT NULL REFERENCES cr_versions(id),
    term       TEXT NOT NULL,
    text       TEXT NOT NULL,
    rules      TEXT NOT NULL DEFAULT '[]',
    line       INTEGER NOT NULL,
    UNIQUE (version_id, term)
);

-- Full-text search over rules and glossary of all versions (folded quotes via the importer's
-- normalise_for_search are stored in `search`; the FTS index reads that column).
CREATE VIRTUAL TABLE cr_rules_fts USING fts5(
    number, title, search,
    tokenize = 'unicode61 remove_diacritics 2'
);

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
    kind        TEXT NOT NULL,          -- keyword_ability | keyword_action | ability_word | term | ...
    old_number  TEXT,                   -- as printed in the document (502.46)
    source      TEXT NOT NULL,          -- file prefix of data/sources (001)
    cr_number   TEXT,                   -- 2026 rule (702.51), NULL when there is none
    note        TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (german, english)
);
CREATE INDEX keywords_old ON keywords(old_number);

-- Alignment of the German explanations (Alignment): rule_explanations.number already exists;
-- add the status and the evidence so answers never show an uncertain alignment as fact.
ALTER TABLE rule_explanations ADD COLUMN number_status TEXT;   -- aligned | uncertain | unaligned
ALTER TABLE rule_explanations ADD COLUMN number_evidence TEXT; -- e.g. "cites 201.3 like the rule; margin 30.0"

-- MTGJSON (CardRecord): cards.english_name / english_text exist; English names of split halves go to
-- card_aliases (kind 'english' / 'english-face'); English rulings go to rulings (language 'en',
-- document_id of a documents row with kind 'mtgjson'); cards only in the file get origin 'mtgjson'.
-- One addition: how the card was matched, so a doubtful match can be shown as such.
ALTER TABLE cards ADD COLUMN english_match TEXT;  -- german-name | german-faces | face-costs (+ ' uncertain')
