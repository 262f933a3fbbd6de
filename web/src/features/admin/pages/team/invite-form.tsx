import { useState, type FormEvent } from 'react';
import { OPERATOR_ROLES, OPERATOR_ROLE_LABELS, type OperatorRole } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useInvite } from '../../api/team';
import { SelectField, TextField } from '../../components/fields';
import type { Notice } from '../../components/console-ui';

/** An owner invites a teammate: their address and role; a mail with a link (48 hours, once) goes out. */
export function InviteForm({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('member');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: (i) => {
          setEmail('');
          onNotice({ kind: 'success', text: `${i.email} is invited as ${i.role}: the mail with their link is on its way.` });
        },
      },
    );
  };
  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="invite-title">
      <h2 id="invite-title">Invite a teammate</h2>
      {invite.isError && (
        <p className="form-error" role="alert">
          {invite.error.message}
        </p>
      )}
      <div className="form-row">
        <TextField
          id="invite-email"
          label="Their work e-mail"
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SelectField id="invite-role" label="Role" options={OPERATOR_ROLES} value={role} onValue={(v) => setRole(v ?? 'member')} />
      </div>
      <p className="muted">{OPERATOR_ROLE_LABELS[role]}.</p>
      <Button type="submit" disabled={invite.isPending || !email}>
        {invite.isPending ? 'Inviting…' : 'Send the invitation'}
      </Button>
    </form>
  );
}
