-- For operators who host the waitlist table on Supabase instead of our server.
-- Same table, same named constraints and option lists as server/src/db/migrations.ts (version 1).
-- Row-level security is on; the anon role may INSERT only (no SELECT, UPDATE or DELETE).

create table if not exists public.waitlist_signups (
  id bigint generated always as identity primary key,
  email text not null,
  role text not null,
  company_size text not null,
  desired_outcomes text[] not null,
  other_outcome text,
  consented_at timestamptz not null default now(),
  privacy_policy_version text not null default '2025-01',
  created_at timestamptz not null default now(),
  constraint waitlist_signups_email_key unique (email),
  constraint waitlist_signups_email_check check (
    email = lower(btrim(email)) and char_length(email) <= 254
    and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'
  ),
  constraint waitlist_signups_role_check check (role in (
    'Head of Innovation / Innovation Director', 'Innovation Manager / Program Manager',
    'Digital Leader / Digital Transformation Lead', 'Project Manager', 'Product Manager', 'R&D Manager / Lead',
    'Intrapreneur / Venture Team Member', 'Strategy Lead / Transformation Manager', 'HR / Learning & Development',
    'Operations / Process Excellence', 'I''m exploring innovation in my org', 'Consultant / Advisor', 'Other'
  )),
  constraint waitlist_signups_company_size_check check (company_size in (
    '1-10 employees', '11-50 employees', '51-200 employees', '201-500 employees', '501-1000 employees',
    '1000+ employees'
  )),
  constraint waitlist_signups_desired_outcomes_check check (
    cardinality(desired_outcomes) > 0 and desired_outcomes <@ array[
      'Speed up time-to-market', 'Reduce uncertainty systematically at scale',
      'Make innovation efforts more structured', 'Improve cross-functional collaboration', 'Reuse insights',
      'Improve productivity for innovation efforts', 'Other'
    ]::text[]
  ),
  constraint waitlist_signups_other_outcome_check check (
    other_outcome is null or char_length(other_outcome) <= 500
  )
);

create index if not exists waitlist_signups_created_at_id_idx on public.waitlist_signups (created_at, id);

-- Supabase sends e-mails as typed; normalise them before the checks so "Ada@X.se " and "ada@x.se" collide.
create or replace function public.waitlist_signups_normalise() returns trigger
language plpgsql as $$
begin
  new.email := lower(btrim(new.email));
  new.consented_at := now();
  new.created_at := now();
  return new;
end $$;

drop trigger if exists waitlist_signups_normalise on public.waitlist_signups;
create trigger waitlist_signups_normalise before insert on public.waitlist_signups
  for each row execute function public.waitlist_signups_normalise();

alter table public.waitlist_signups enable row level security;

revoke all on public.waitlist_signups from anon, authenticated;
grant insert (email, role, company_size, desired_outcomes, other_outcome) on public.waitlist_signups to anon;

drop policy if exists "anon may join the waitlist" on public.waitlist_signups;
create policy "anon may join the waitlist" on public.waitlist_signups
  for insert to anon with check (true);
