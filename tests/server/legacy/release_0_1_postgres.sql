CREATE TABLE actions (
    match_id character varying(32) NOT NULL,
    idx integer NOT NULL,
    seat integer NOT NULL,
    action integer NOT NULL
);

CREATE TABLE cluster_identity (
    name character varying(16) NOT NULL,
    value character varying(64) NOT NULL
);

CREATE TABLE match_clocks (
    match_id character varying(32) NOT NULL,
    clock json NOT NULL,
    version integer NOT NULL,
    deadlines json NOT NULL,
    next_deadline double precision,
    timeouts json NOT NULL
);

CREATE TABLE match_reviews (
    match_id character varying(32) NOT NULL,
    seat integer NOT NULL,
    status character varying(16) NOT NULL,
    owner character varying(64) NOT NULL,
    updated_at double precision NOT NULL,
    done integer NOT NULL,
    total integer,
    review json
);

CREATE TABLE match_settings (
    match_id character varying(32) NOT NULL,
    advice boolean
);

CREATE TABLE matches (
    id character varying(32) NOT NULL,
    game character varying(64) NOT NULL,
    options json NOT NULL,
    seed bigint NOT NULL,
    seats json NOT NULL,
    hotseat boolean NOT NULL,
    finished boolean NOT NULL,
    returns json,
    created_at double precision NOT NULL,
    action_count integer NOT NULL
);

CREATE TABLE tokens (
    token_hash character varying(64) NOT NULL,
    match_id character varying(32) NOT NULL,
    seats json NOT NULL
);

INSERT INTO actions VALUES ('qXCmRpfJOCuD', 0, -1, 11);
INSERT INTO actions VALUES ('qXCmRpfJOCuD', 1, 0, 2);
INSERT INTO actions VALUES ('qXCmRpfJOCuD', 2, 0, 39);
INSERT INTO actions VALUES ('qXCmRpfJOCuD', 3, 1, 2);
INSERT INTO actions VALUES ('qXCmRpfJOCuD', 4, 1, 39);
INSERT INTO actions VALUES ('qXCmRpfJOCuD', 5, -1, 28);
INSERT INTO actions VALUES ('qXCmRpfJOCuD', 6, 0, 8);
INSERT INTO actions VALUES ('qXCmRpfJOCuD', 7, 0, 40);
INSERT INTO actions VALUES ('qXCmRpfJOCuD', 8, 1, 8);
INSERT INTO actions VALUES ('qXCmRpfJOCuD', 9, 1, 40);
INSERT INTO actions VALUES ('qXCmRpfJOCuD', 10, -1, 31);
INSERT INTO actions VALUES ('qXCmRpfJOCuD', 11, 0, 9);
INSERT INTO actions VALUES ('qXCmRpfJOCuD', 12, 0, 41);
INSERT INTO actions VALUES ('qXCmRpfJOCuD', 13, 1, 9);
INSERT INTO actions VALUES ('qXCmRpfJOCuD', 14, 1, 41);
INSERT INTO actions VALUES ('qXCmRpfJOCuD', 15, -1, 20);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 0, -1, 35);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 1, 0, 11);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 2, 0, 36);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 3, -1, 47);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 4, 0, 21);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 5, 0, 37);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 6, -1, 0);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 7, -1, 13);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 8, 0, 2);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 9, 0, 40);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 10, -1, 13);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 11, 0, 12);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 12, 0, 39);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 13, -1, 26);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 14, 0, 8);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 15, 0, 50);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 16, -1, 19);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 17, 0, 5);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 18, 0, 42);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 19, -1, 50);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 20, 0, 22);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 21, 0, 54);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 22, -1, 18);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 23, 0, 24);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 24, 0, 62);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 25, -1, 44);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 26, 0, 16);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 27, 0, 43);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 28, -1, 22);
INSERT INTO actions VALUES ('QjaPRXmusZTh', 29, 0, 13);

INSERT INTO cluster_identity VALUES ('cluster', '0a43d7e6b681f05e');

INSERT INTO match_clocks VALUES ('qXCmRpfJOCuD', '{"seconds": 86400.0, "on_expiry": "bot", "bot": "greedy"}', 16, '{"0": [1796736663.5724564, 6], "1": [1796736663.5724564, 6]}', 1796736663.5724564, '[]');

INSERT INTO match_reviews VALUES ('QjaPRXmusZTh', 0, 'done', 'maker', 1, 0, NULL, '{"seat": 0, "decisions": []}');

INSERT INTO match_settings VALUES ('qXCmRpfJOCuD', false);
INSERT INTO match_settings VALUES ('QjaPRXmusZTh', true);

INSERT INTO matches VALUES ('QjaPRXmusZTh', 'road-to-300', '{"players": 1, "cross_standing": false, "first_move": "corner_step", "no_cross": "reroll", "final_field": "rulebook", "target": 300, "max_rounds": 0}', 243411343895438595, '[{"name": "Cy", "bot": null}]', false, true, '[0.0]', 1796650263.5751398, 30);
INSERT INTO matches VALUES ('qXCmRpfJOCuD', 'road-to-300', '{"players": 2, "cross_standing": false, "first_move": "corner_step", "no_cross": "reroll", "final_field": "rulebook", "target": 300, "max_rounds": 0}', 2293923924865837753, '[{"name": "Ann", "bot": null}, {"name": "Ben", "bot": null}]', false, false, 'null', 1796650263.4758224, 16);

INSERT INTO tokens VALUES ('58bb85c9a714ff51d61d63d407d9a02f535517aa294fb684d26bc9d5b491335a', 'qXCmRpfJOCuD', '[0]');
INSERT INTO tokens VALUES ('1cd620472a868a5f1b00bb884a667b1ca2ad1abbccee57dec192b12a8e298ac2', 'qXCmRpfJOCuD', '[1]');
INSERT INTO tokens VALUES ('b213b638475c2661f3515feadb78a7781ad6b10247b9bcc93f79dd2a02c8a28a', 'qXCmRpfJOCuD', '[]');
INSERT INTO tokens VALUES ('906c78dc51dade8315f7dad5999e3f3d3aca089fb750645b5c52101e918a730b', 'QjaPRXmusZTh', '[0]');
INSERT INTO tokens VALUES ('05dd79b3ee75adbe43422ec99dbeba20d009a80050a18f5fff904a9d6dca36b7', 'QjaPRXmusZTh', '[]');

ALTER TABLE ONLY actions
    ADD CONSTRAINT actions_pkey PRIMARY KEY (match_id, idx);

ALTER TABLE ONLY cluster_identity
    ADD CONSTRAINT cluster_identity_pkey PRIMARY KEY (name);

ALTER TABLE ONLY match_clocks
    ADD CONSTRAINT match_clocks_pkey PRIMARY KEY (match_id);

ALTER TABLE ONLY match_reviews
    ADD CONSTRAINT match_reviews_pkey PRIMARY KEY (match_id, seat);

ALTER TABLE ONLY match_settings
    ADD CONSTRAINT match_settings_pkey PRIMARY KEY (match_id);

ALTER TABLE ONLY matches
    ADD CONSTRAINT matches_pkey PRIMARY KEY (id);

ALTER TABLE ONLY tokens
    ADD CONSTRAINT tokens_pkey PRIMARY KEY (token_hash);

CREATE INDEX ix_match_clocks_next_deadline ON match_clocks USING btree (next_deadline);

CREATE INDEX ix_matches_finished ON matches USING btree (finished);

CREATE INDEX ix_tokens_match_id ON tokens USING btree (match_id);

ALTER TABLE ONLY actions
    ADD CONSTRAINT actions_match_id_fkey FOREIGN KEY (match_id) REFERENCES matches(id);

ALTER TABLE ONLY match_clocks
    ADD CONSTRAINT match_clocks_match_id_fkey FOREIGN KEY (match_id) REFERENCES matches(id);

ALTER TABLE ONLY match_reviews
    ADD CONSTRAINT match_reviews_match_id_fkey FOREIGN KEY (match_id) REFERENCES matches(id);

ALTER TABLE ONLY match_settings
    ADD CONSTRAINT match_settings_match_id_fkey FOREIGN KEY (match_id) REFERENCES matches(id);

ALTER TABLE ONLY tokens
    ADD CONSTRAINT tokens_match_id_fkey FOREIGN KEY (match_id) REFERENCES matches(id);
