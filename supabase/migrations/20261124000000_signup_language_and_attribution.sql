-- The columns the site's form sends besides the answers (server/src/db/migrations.ts, versions 3 and 5): the
-- language the person signed up in, and where the sign-up came from. Same names and checks as our own schema;
-- anon may insert them and still read nothing.

alter table public.waitlist_signups add column if not exists locale text not null default 'en';
alter table public.waitlist_signups add column if not exists utm_source text;
alter table public.waitlist_signups add column if not exists utm_medium text;
alter table public.waitlist_signups add column if not exists utm_campaign text;
alter table public.waitlist_signups add column if not exists utm_content text;
alter table public.waitlist_signups add column if not exists utm_term text;
alter table public.waitlist_signups add column if not exists referrer_origin text;
alter table public.waitlist_signups add column if not exists landing_path text;

do $$
begin
  alter table public.waitlist_signups add constraint waitlist_signups_locale_check check (locale in ('en', 'sv'));
  alter table public.waitlist_signups add constraint waitlist_signups_attribution_check check (
    coalesce(char_length(utm_source), 0) <= 200 and coalesce(char_length(utm_medium), 0) <= 200
    and coalesce(char_length(utm_campaign), 0) <= 200 and coalesce(char_length(utm_content), 0) <= 200
    and coalesce(char_length(utm_term), 0) <= 200 and coalesce(char_length(referrer_origin), 0) <= 200
    and coalesce(char_length(landing_path), 0) <= 200
  );
exception when duplicate_object then null;
end $$;

grant insert (locale, utm_source, utm_medium, utm_campaign, utm_content, utm_term, referrer_origin, landing_path)
  on public.waitlist_signups to anon;
