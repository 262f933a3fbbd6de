column admin_audit_log | id | bigint | int8 | NO | null | YES | ALWAYS
column admin_audit_log | action | text | text | NO | null | NO | null
column admin_audit_log | operator_id | bigint | int8 | NO | null | NO | null
column admin_audit_log | signup_id | bigint | int8 | YES | null | NO | null
column admin_audit_log | fields | text | text | YES | null | NO | null
column admin_audit_log | created_at | timestamp with time zone | timestamptz | NO | now() | NO | null
column erased_signup_counts | day | text | text | NO | null | NO | null
column erased_signup_counts | dimension | text | text | NO | null | NO | null
column erased_signup_counts | value | text | text | NO | null | NO | null
column erased_signup_counts | count | integer | int4 | NO | null | NO | null
column idempotency_keys | key | text | text | NO | null | NO | null
column idempotency_keys | request_hash | text | text | NO | null | NO | null
column idempotency_keys | signup_id | bigint | int8 | YES | null | NO | null
column idempotency_keys | created_at | timestamp with time zone | timestamptz | NO | now() | NO | null
column operator_digests | day | text | text | NO | null | NO | null
column operator_digests | queued_at | timestamp with time zone | timestamptz | NO | now() | NO | null
column operator_login_throttle | account_key | text | text | NO | null | NO | null
column operator_login_throttle | failures | integer | int4 | NO | 0 | NO | null
column operator_login_throttle | locked_until | timestamp with time zone | timestamptz | YES | null | NO | null
column operator_login_throttle | updated_at | timestamp with time zone | timestamptz | NO | now() | NO | null
column operator_sessions | token_hash | text | text | NO | null | NO | null
column operator_sessions | operator_id | bigint | int8 | NO | null | NO | null
column operator_sessions | created_at | timestamp with time zone | timestamptz | NO | now() | NO | null
column operator_sessions | last_seen_at | timestamp with time zone | timestamptz | NO | now() | NO | null
column operator_sessions | expires_at | timestamp with time zone | timestamptz | NO | null | NO | null
column operators | id | bigint | int8 | NO | null | YES | ALWAYS
column operators | email | text | text | NO | null | NO | null
column operators | password_hash | text | text | NO | null | NO | null
column operators | created_at | timestamp with time zone | timestamptz | NO | now() | NO | null
column operators | notify_on_confirm | smallint | int2 | NO | 1 | NO | null
column operators | notify_digest | smallint | int2 | NO | 1 | NO | null
column outbox | id | bigint | int8 | NO | null | YES | ALWAYS
column outbox | kind | text | text | NO | null | NO | null
column outbox | topic | text | text | NO | null | NO | null
column outbox | signup_id | bigint | int8 | YES | null | NO | null
column outbox | payload | text | text | NO | '{}'::text | NO | null
column outbox | status | text | text | NO | 'pending'::text | NO | null
column outbox | attempts | integer | int4 | NO | 0 | NO | null
column outbox | next_attempt_at | timestamp with time zone | timestamptz | NO | now() | NO | null
column outbox | last_error | text | text | YES | null | NO | null
column outbox | locked_by | text | text | YES | null | NO | null
column outbox | locked_until | timestamp with time zone | timestamptz | YES | null | NO | null
column outbox | created_at | timestamp with time zone | timestamptz | NO | now() | NO | null
column outbox | sent_at | timestamp with time zone | timestamptz | YES | null | NO | null
column outbox | subject_id | bigint | int8 | YES | null | NO | null
column outbox | target | text | text | YES | null | NO | null
column person_audit_log | id | bigint | int8 | NO | null | YES | ALWAYS
column person_audit_log | action | text | text | NO | null | NO | null
column person_audit_log | actor | text | text | NO | null | NO | null
column person_audit_log | signup_id | bigint | int8 | YES | null | NO | null
column person_audit_log | fields | text | text | YES | null | NO | null
column person_audit_log | created_at | timestamp with time zone | timestamptz | NO | now() | NO | null
column person_tokens | hash | text | text | NO | null | NO | null
column person_tokens | purpose | text | text | NO | null | NO | null
column person_tokens | signup_id | bigint | int8 | NO | null | NO | null
column person_tokens | expires_at | timestamp with time zone | timestamptz | NO | null | NO | null
column person_tokens | used_at | timestamp with time zone | timestamptz | YES | null | NO | null
column person_tokens | created_at | timestamp with time zone | timestamptz | NO | now() | NO | null
column schema_migrations | version | integer | int4 | NO | null | NO | null
column schema_migrations | name | text | text | NO | null | NO | null
column schema_migrations | applied_at | timestamp with time zone | timestamptz | NO | now() | NO | null
column signup_notes | id | bigint | int8 | NO | null | YES | ALWAYS
column signup_notes | signup_id | bigint | int8 | NO | null | NO | null
column signup_notes | author | text | text | NO | null | NO | null
column signup_notes | body | text | text | NO | null | NO | null
column signup_notes | created_at | timestamp with time zone | timestamptz | NO | now() | NO | null
column signup_status_log | id | bigint | int8 | NO | null | YES | ALWAYS
column signup_status_log | signup_id | bigint | int8 | NO | null | NO | null
column signup_status_log | from_status | text | text | NO | null | NO | null
column signup_status_log | to_status | text | text | NO | null | NO | null
column signup_status_log | operator_id | bigint | int8 | NO | null | NO | null
column signup_status_log | created_at | timestamp with time zone | timestamptz | NO | now() | NO | null
column visit_counts | day | text | text | NO | null | NO | null
column visit_counts | dimension | text | text | NO | null | NO | null
column visit_counts | value | text | text | NO | null | NO | null
column visit_counts | views | integer | int4 | NO | 0 | NO | null
column visit_counts | visitors | integer | int4 | NO | 0 | NO | null
column visit_salts | day | text | text | NO | null | NO | null
column visit_salts | salt | text | text | NO | null | NO | null
column visit_seen | day | text | text | NO | null | NO | null
column visit_seen | visitor | text | text | NO | null | NO | null
column visit_seen | scope | text | text | NO | null | NO | null
column waitlist_signups | id | bigint | int8 | NO | null | YES | ALWAYS
column waitlist_signups | email | text | text | NO | null | NO | null
column waitlist_signups | role | text | text | NO | null | NO | null
column waitlist_signups | company_size | text | text | NO | null | NO | null
column waitlist_signups | desired_outcomes | ARRAY | _text | NO | null | NO | null
column waitlist_signups | other_outcome | text | text | YES | null | NO | null
column waitlist_signups | consented_at | timestamp with time zone | timestamptz | NO | now() | NO | null
column waitlist_signups | privacy_policy_version | text | text | NO | null | NO | null
column waitlist_signups | created_at | timestamp with time zone | timestamptz | NO | now() | NO | null
column waitlist_signups | confirmed_at | timestamp with time zone | timestamptz | YES | null | NO | null
column waitlist_signups | marketing_opt_out_at | timestamp with time zone | timestamptz | YES | null | NO | null
column waitlist_signups | locale | text | text | NO | 'en'::text | NO | null
column waitlist_signups | confirmation_sent_at | timestamp with time zone | timestamptz | YES | null | NO | null
column waitlist_signups | utm_source | text | text | YES | null | NO | null
column waitlist_signups | utm_medium | text | text | YES | null | NO | null
column waitlist_signups | utm_campaign | text | text | YES | null | NO | null
column waitlist_signups | utm_content | text | text | YES | null | NO | null
column waitlist_signups | utm_term | text | text | YES | null | NO | null
column waitlist_signups | referrer_origin | text | text | YES | null | NO | null
column waitlist_signups | landing_path | text | text | YES | null | NO | null
column waitlist_signups | company_domain | text | text | YES | null | NO | null
column waitlist_signups | free_mail | smallint | int2 | NO | 0 | NO | null
column waitlist_signups | status | text | text | NO | 'new'::text | NO | null
constraint admin_audit_log.admin_audit_log_action_check: CHECK ((action = ANY (ARRAY['erase'::text, 'correct'::text, 'export'::text])))
constraint admin_audit_log.admin_audit_log_pkey: PRIMARY KEY (id)
constraint erased_signup_counts.erased_signup_counts_pkey: PRIMARY KEY (day, dimension, value)
constraint idempotency_keys.idempotency_keys_pkey: PRIMARY KEY (key)
constraint idempotency_keys.idempotency_keys_signup_id_fkey: FOREIGN KEY (signup_id) REFERENCES waitlist_signups(id) ON DELETE CASCADE
constraint operator_digests.operator_digests_pkey: PRIMARY KEY (day)
constraint operator_login_throttle.operator_login_throttle_pkey: PRIMARY KEY (account_key)
constraint operator_sessions.operator_sessions_operator_id_fkey: FOREIGN KEY (operator_id) REFERENCES operators(id) ON DELETE CASCADE
constraint operator_sessions.operator_sessions_pkey: PRIMARY KEY (token_hash)
constraint operators.operators_email_check: CHECK ((email = lower(btrim(email))))
constraint operators.operators_email_key: UNIQUE (email)
constraint operators.operators_notify_digest_check: CHECK ((notify_digest = ANY (ARRAY[0, 1])))
constraint operators.operators_notify_on_confirm_check: CHECK ((notify_on_confirm = ANY (ARRAY[0, 1])))
constraint operators.operators_pkey: PRIMARY KEY (id)
constraint outbox.outbox_kind_check: CHECK ((kind = ANY (ARRAY['mail'::text, 'webhook'::text])))
constraint outbox.outbox_pkey: PRIMARY KEY (id)
constraint outbox.outbox_signup_id_fkey: FOREIGN KEY (signup_id) REFERENCES waitlist_signups(id) ON DELETE CASCADE
constraint outbox.outbox_status_check: CHECK ((status = ANY (ARRAY['pending'::text, 'sent'::text, 'failed'::text, 'cancelled'::text])))
constraint outbox.outbox_topic_check: CHECK (((char_length(topic) >= 1) AND (char_length(topic) <= 64)))
constraint person_audit_log.person_audit_log_action_check: CHECK ((action = ANY (ARRAY['confirm'::text, 'unsubscribe'::text, 'export'::text, 'correct'::text, 'erase'::text, 'expire'::text, 'data-link'::text])))
constraint person_audit_log.person_audit_log_actor_check: CHECK ((actor = ANY (ARRAY['person'::text, 'system'::text, 'operator'::text])))
constraint person_audit_log.person_audit_log_pkey: PRIMARY KEY (id)
constraint person_tokens.person_tokens_pkey: PRIMARY KEY (hash)
constraint person_tokens.person_tokens_purpose_check: CHECK ((purpose = ANY (ARRAY['confirm'::text, 'manage'::text, 'unsubscribe'::text])))
constraint person_tokens.person_tokens_signup_id_fkey: FOREIGN KEY (signup_id) REFERENCES waitlist_signups(id) ON DELETE CASCADE
constraint schema_migrations.schema_migrations_pkey: PRIMARY KEY (version)
constraint signup_notes.signup_notes_body_check: CHECK (((char_length(body) >= 1) AND (char_length(body) <= 2000)))
constraint signup_notes.signup_notes_pkey: PRIMARY KEY (id)
constraint signup_notes.signup_notes_signup_id_fkey: FOREIGN KEY (signup_id) REFERENCES waitlist_signups(id) ON DELETE CASCADE
constraint signup_status_log.signup_status_log_pkey: PRIMARY KEY (id)
constraint signup_status_log.signup_status_log_to_status_check: CHECK ((to_status = ANY (ARRAY['new'::text, 'contacted'::text, 'invited'::text, 'joined'::text, 'declined'::text])))
constraint visit_counts.visit_counts_dimension_check: CHECK ((dimension = ANY (ARRAY['all'::text, 'path'::text, 'source'::text, 'campaign'::text, 'referrer'::text])))
constraint visit_counts.visit_counts_pkey: PRIMARY KEY (day, dimension, value)
constraint visit_salts.visit_salts_pkey: PRIMARY KEY (day)
constraint visit_seen.visit_seen_pkey: PRIMARY KEY (day, visitor, scope)
constraint waitlist_signups.waitlist_signups_company_size_check: CHECK ((company_size = ANY (ARRAY['1-10 employees'::text, '11-50 employees'::text, '51-200 employees'::text, '201-500 employees'::text, '501-1000 employees'::text, '1000+ employees'::text])))
constraint waitlist_signups.waitlist_signups_desired_outcomes_check: CHECK (((cardinality(desired_outcomes) > 0) AND (desired_outcomes <@ ARRAY['Speed up time-to-market'::text, 'Reduce uncertainty systematically at scale'::text, 'Make innovation efforts more structured'::text, 'Improve cross-functional collaboration'::text, 'Reuse insights'::text, 'Improve productivity for innovation efforts'::text, 'Other'::text])))
constraint waitlist_signups.waitlist_signups_email_check: CHECK (((email = lower(btrim(email))) AND (char_length(email) <= 254) AND (email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'::text)))
constraint waitlist_signups.waitlist_signups_email_key: UNIQUE (email)
constraint waitlist_signups.waitlist_signups_free_mail_check: CHECK ((free_mail = ANY (ARRAY[0, 1])))
constraint waitlist_signups.waitlist_signups_landing_path_check: CHECK (((landing_path IS NULL) OR (char_length(landing_path) <= 200)))
constraint waitlist_signups.waitlist_signups_locale_check: CHECK ((locale = ANY (ARRAY['en'::text, 'sv'::text])))
constraint waitlist_signups.waitlist_signups_other_outcome_check: CHECK (((other_outcome IS NULL) OR (char_length(other_outcome) <= 500)))
constraint waitlist_signups.waitlist_signups_pkey: PRIMARY KEY (id)
constraint waitlist_signups.waitlist_signups_referrer_origin_check: CHECK (((referrer_origin IS NULL) OR (char_length(referrer_origin) <= 200)))
constraint waitlist_signups.waitlist_signups_role_check: CHECK ((role = ANY (ARRAY['Head of Innovation / Innovation Director'::text, 'Innovation Manager / Program Manager'::text, 'Digital Leader / Digital Transformation Lead'::text, 'Project Manager'::text, 'Product Manager'::text, 'R&D Manager / Lead'::text, 'Intrapreneur / Venture Team Member'::text, 'Strategy Lead / Transformation Manager'::text, 'HR / Learning & Development'::text, 'Operations / Process Excellence'::text, 'I''m exploring innovation in my org'::text, 'Consultant / Advisor'::text, 'Other'::text])))
constraint waitlist_signups.waitlist_signups_status_check: CHECK ((status = ANY (ARRAY['new'::text, 'contacted'::text, 'invited'::text, 'joined'::text, 'declined'::text])))
constraint waitlist_signups.waitlist_signups_utm_campaign_check: CHECK (((utm_campaign IS NULL) OR (char_length(utm_campaign) <= 200)))
constraint waitlist_signups.waitlist_signups_utm_content_check: CHECK (((utm_content IS NULL) OR (char_length(utm_content) <= 200)))
constraint waitlist_signups.waitlist_signups_utm_medium_check: CHECK (((utm_medium IS NULL) OR (char_length(utm_medium) <= 200)))
constraint waitlist_signups.waitlist_signups_utm_source_check: CHECK (((utm_source IS NULL) OR (char_length(utm_source) <= 200)))
constraint waitlist_signups.waitlist_signups_utm_term_check: CHECK (((utm_term IS NULL) OR (char_length(utm_term) <= 200)))
index admin_audit_log.admin_audit_log_pkey: CREATE UNIQUE INDEX admin_audit_log_pkey ON public.admin_audit_log USING btree (id)
index erased_signup_counts.erased_signup_counts_pkey: CREATE UNIQUE INDEX erased_signup_counts_pkey ON public.erased_signup_counts USING btree (day, dimension, value)
index idempotency_keys.idempotency_keys_created_at_idx: CREATE INDEX idempotency_keys_created_at_idx ON public.idempotency_keys USING btree (created_at)
index idempotency_keys.idempotency_keys_pkey: CREATE UNIQUE INDEX idempotency_keys_pkey ON public.idempotency_keys USING btree (key)
index operator_digests.operator_digests_pkey: CREATE UNIQUE INDEX operator_digests_pkey ON public.operator_digests USING btree (day)
index operator_login_throttle.operator_login_throttle_pkey: CREATE UNIQUE INDEX operator_login_throttle_pkey ON public.operator_login_throttle USING btree (account_key)
index operator_sessions.operator_sessions_expires_at_idx: CREATE INDEX operator_sessions_expires_at_idx ON public.operator_sessions USING btree (expires_at)
index operator_sessions.operator_sessions_pkey: CREATE UNIQUE INDEX operator_sessions_pkey ON public.operator_sessions USING btree (token_hash)
index operators.operators_email_key: CREATE UNIQUE INDEX operators_email_key ON public.operators USING btree (email)
index operators.operators_pkey: CREATE UNIQUE INDEX operators_pkey ON public.operators USING btree (id)
index outbox.outbox_due_idx: CREATE INDEX outbox_due_idx ON public.outbox USING btree (kind, next_attempt_at, id) WHERE (status = 'pending'::text)
index outbox.outbox_pkey: CREATE UNIQUE INDEX outbox_pkey ON public.outbox USING btree (id)
index outbox.outbox_signup_idx: CREATE INDEX outbox_signup_idx ON public.outbox USING btree (signup_id, id)
index outbox.outbox_subject_idx: CREATE INDEX outbox_subject_idx ON public.outbox USING btree (subject_id, id) WHERE (kind = 'webhook'::text)
index person_audit_log.person_audit_log_created_at_idx: CREATE INDEX person_audit_log_created_at_idx ON public.person_audit_log USING btree (created_at)
index person_audit_log.person_audit_log_pkey: CREATE UNIQUE INDEX person_audit_log_pkey ON public.person_audit_log USING btree (id)
index person_tokens.person_tokens_expires_at_idx: CREATE INDEX person_tokens_expires_at_idx ON public.person_tokens USING btree (expires_at)
index person_tokens.person_tokens_pkey: CREATE UNIQUE INDEX person_tokens_pkey ON public.person_tokens USING btree (hash)
index person_tokens.person_tokens_signup_idx: CREATE INDEX person_tokens_signup_idx ON public.person_tokens USING btree (signup_id)
index schema_migrations.schema_migrations_pkey: CREATE UNIQUE INDEX schema_migrations_pkey ON public.schema_migrations USING btree (version)
index signup_notes.signup_notes_pkey: CREATE UNIQUE INDEX signup_notes_pkey ON public.signup_notes USING btree (id)
index signup_notes.signup_notes_signup_idx: CREATE INDEX signup_notes_signup_idx ON public.signup_notes USING btree (signup_id, id)
index signup_status_log.signup_status_log_pkey: CREATE UNIQUE INDEX signup_status_log_pkey ON public.signup_status_log USING btree (id)
index signup_status_log.signup_status_log_signup_idx: CREATE INDEX signup_status_log_signup_idx ON public.signup_status_log USING btree (signup_id, id)
index visit_counts.visit_counts_pkey: CREATE UNIQUE INDEX visit_counts_pkey ON public.visit_counts USING btree (day, dimension, value)
index visit_salts.visit_salts_pkey: CREATE UNIQUE INDEX visit_salts_pkey ON public.visit_salts USING btree (day)
index visit_seen.visit_seen_pkey: CREATE UNIQUE INDEX visit_seen_pkey ON public.visit_seen USING btree (day, visitor, scope)
index waitlist_signups.waitlist_signups_company_idx: CREATE INDEX waitlist_signups_company_idx ON public.waitlist_signups USING btree (company_domain) WHERE (free_mail = 0)
index waitlist_signups.waitlist_signups_created_at_id_idx: CREATE INDEX waitlist_signups_created_at_id_idx ON public.waitlist_signups USING btree (created_at, id)
index waitlist_signups.waitlist_signups_email_id_idx: CREATE INDEX waitlist_signups_email_id_idx ON public.waitlist_signups USING btree (email, id)
index waitlist_signups.waitlist_signups_email_key: CREATE UNIQUE INDEX waitlist_signups_email_key ON public.waitlist_signups USING btree (email)
index waitlist_signups.waitlist_signups_pkey: CREATE UNIQUE INDEX waitlist_signups_pkey ON public.waitlist_signups USING btree (id)
index waitlist_signups.waitlist_signups_status_idx: CREATE INDEX waitlist_signups_status_idx ON public.waitlist_signups USING btree (status, id)
index waitlist_signups.waitlist_signups_unconfirmed_idx: CREATE INDEX waitlist_signups_unconfirmed_idx ON public.waitlist_signups USING btree (confirmation_sent_at) WHERE (confirmed_at IS NULL)
migration 1: create waitlist_signups and idempotency_keys
migration 2: create operators, operator_sessions, operator_login_throttle and admin_audit_log
migration 3: sign-up confirmation, opt-out and locale; outbox; person_tokens; erased_signup_counts; person_audit_log
migration 4: outbox: subject_id and target for webhook deliveries
migration 5: attribution, company, follow-up status and notes; visit counts; operator mail settings
