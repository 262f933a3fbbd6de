import { describe, expect, it } from 'vitest';
import { BOUNCE_FAMILIES } from '../../test/bounce-families';
import { complaintReport, deliveryStatusNotification } from '../../test/delivery-reports';
import { readDeliveryReport } from './read';

const RECIPIENT = 'ada@receiver.example';
const RETURN_PATH = 'b12-0123456789abcdef0123@bounces.acme.example';
const read = (raw: string, hint: string | undefined = RECIPIENT) => readDeliveryReport(Buffer.from(raw), hint);

/** What a report comes to, in the words of the families' `effect`. */
const effectOf = async (raw: string) => {
  const report = await read(raw);
  if (report.kind === 'complaint') return { effect: 'complaint', reason: 'complaint', recipient: report.recipient };
  if (report.kind === 'none') return { effect: 'nothing', reason: report.reason ?? report.why };
  const effect = report.effect === 'gone' && report.permanent ? 'suppressed' : report.effect === 'refusal' ? 'refusal' : 'counted';
  return { effect, reason: report.reason, recipient: report.facts.recipient };
};

/** Issue 45 items 1-3: each family of sender read by its reason, whatever shape its report has. */
describe('reading a bounce by its reason', () => {
  it.each(BOUNCE_FAMILIES.map((f) => [f.name, f] as const))('%s', async (_, family) => {
    const result = await effectOf(family.raw(RETURN_PATH, RECIPIENT));
    expect(result).toMatchObject({ effect: family.effect, reason: family.reason });
    if (family.effect !== 'nothing') expect(result.recipient).toBe(RECIPIENT);
  });

  it('never suppresses for good on a 4xx, whatever its words: "user unknown" said with 450 is counted', async () => {
    const raw = deliveryStatusNotification({ to: RETURN_PATH, recipient: RECIPIENT, action: 'failed', status: '4.1.1' });
    const report = await read(raw);
    expect(report).toMatchObject({ kind: 'bounce', permanent: false });
  });

  it('reads the recipient our mail went to when a report names several', async () => {
    const other = 'bo@receiver.example';
    const raw = BOUNCE_FAMILIES[0]!
      .raw(RETURN_PATH, other)
      .replace(
        'Content-Type: message/delivery-status\r\n\r\n',
        [
          'Content-Type: message/delivery-status',
          '',
          'Reporting-MTA: dns; mail.receiver.example',
          '',
          `Final-Recipient: rfc822; ${RECIPIENT}`,
          'Action: failed',
          'Status: 5.2.2',
          'Diagnostic-Code: smtp; 552 5.2.2 Mailbox full',
          '',
          '',
        ].join('\r\n'),
      );
    expect(await read(raw, RECIPIENT)).toMatchObject({ kind: 'bounce', reason: 'mailbox-full', facts: { recipient: RECIPIENT } });
    expect(await read(raw, other)).toMatchObject({ kind: 'bounce', reason: 'user-unknown', facts: { recipient: other } });
  });

  it('takes an ARF abuse report as a complaint, and its other feedback types as nothing', async () => {
    expect(await read(complaintReport({ to: RETURN_PATH, recipient: RECIPIENT }))).toMatchObject({
      kind: 'complaint',
      recipient: RECIPIENT,
    });
    expect(await read(complaintReport({ to: RETURN_PATH, recipient: RECIPIENT, feedbackType: 'not-spam' }))).toMatchObject({
      kind: 'none',
    });
  });

  it('changes nothing for a message that is not a report', async () => {
    const letter = ['From: Bo <bo@example.com>', 'To: someone@acme.example', 'Subject: Hello', '', 'Can we talk next week?', ''].join(
      '\r\n',
    );
    expect(await read(letter)).toMatchObject({ kind: 'none' });
    expect(await read('')).toMatchObject({ kind: 'none' });
  });
});
