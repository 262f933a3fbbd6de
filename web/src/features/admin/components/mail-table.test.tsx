import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOutboxEntry } from '@waitlist/contract';
import { renderConsole } from '../../../test/console-harness';
import { CONSOLE_WORDS } from '@waitlist/catalogue/console';
import { MailTable, mailStatus } from './mail-table';

const en = CONSOLE_WORDS.en;

const entry = (overrides: Partial<AdminOutboxEntry> = {}): AdminOutboxEntry => ({
  id: 1,
  kind: 'mail',
  topic: 'confirmation',
  signup_id: 7,
  status: 'pending',
  attempts: 0,
  next_attempt_at: '2026-11-22T08:00:00.000Z',
  last_error: null,
  created_at: '2026-11-22T08:00:00.000Z',
  sent_at: null,
  feedback: null,
  feedback_reason: null,
  ...overrides,
});

describe('mailStatus', () => {
  it('says why pending mail has not gone out', () => {
    expect(mailStatus(entry(), false, en)).toBe('Not sent: no SMTP configured');
    expect(mailStatus(entry(), true, en)).toBe('Pending');
    expect(mailStatus(entry({ attempts: 3 }), true, en)).toBe('Retrying (3 failed attempts)');
    expect(mailStatus(entry({ status: 'sent', sent_at: '2026-11-22T08:01:00.000Z' }), true, en)).toBe('Sent');
    expect(mailStatus(entry({ status: 'failed', attempts: 1 }), true, en)).toBe('Failed');
    expect(mailStatus(entry({ status: 'cancelled' }), true, en)).toBe('Not sent (no longer wanted)');
  });

  it('says what came back of a sent mail, and why (issue 45)', () => {
    const sent = { status: 'sent' as const, sent_at: '2026-11-22T08:01:00.000Z' };
    expect(mailStatus(entry({ ...sent, feedback: 'soft-bounce', feedback_reason: 'mailbox-full' }), true, en)).toBe(
      'Sent, bounced: Mailbox full',
    );
    expect(mailStatus(entry({ ...sent, feedback: 'hard-bounce', feedback_reason: 'user-unknown' }), true, en)).toBe(
      'Sent, bounced for good: Mailbox does not exist',
    );
    expect(mailStatus(entry({ ...sent, feedback: 'refused', feedback_reason: 'auth-failure' }), true, en)).toBe(
      'Sent, refused as our mail: SPF, DKIM or DMARC failed',
    );
    expect(mailStatus(entry({ ...sent, feedback: 'complaint' }), true, en)).toBe('Sent, reported as spam');
    expect(mailStatus(entry({ status: 'failed', attempts: 1, feedback: 'hard-bounce', feedback_reason: 'user-unknown' }), true, en)).toBe(
      'Failed, bounced for good: Mailbox does not exist',
    );
  });
});

describe('MailTable', () => {
  it('shows each mail with its status and last error, and links to the person by id', async () => {
    await renderConsole(
      <MailTable
        items={[entry({ attempts: 1, last_error: 'ECONNECTION: connect ECONNREFUSED' })]}
        smtpConfigured
        caption="Mail"
        showPerson
      />,
    );
    expect(screen.getByRole('cell', { name: 'Confirmation' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Retrying (1 failed attempt)' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'ECONNECTION: connect ECONNREFUSED' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#7' })).toHaveAttribute('href', '/admin/signups/7');
  });
});
