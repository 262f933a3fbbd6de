import { describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { DIALECTS } from '../../test/databases';
import { useTestApp } from '../../test/app';
import { apiHeaders, validSignup } from '../../test/fixtures';

describe.each(DIALECTS)('campaign tags sent to the API on %s', (dialect) => {
  const suite = useTestApp(dialect);

  it('lose their control characters, as the form’s do', async () => {
    const body = validSignup({ utm_source: 'link\u0001ed\nin\u007f', utm_campaign: '\tlaunch\r', utm_term: '\u001b[31mred' });
    expect((await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: body })).statusCode).toBe(201);
    const row = await suite.app.stores.signups.findByEmail(suite.app.database.db, body.email);
    expect(row).toMatchObject({ utm_source: 'linkedin', utm_campaign: 'launch', utm_term: '[31mred' });
  });
});
