import { useState, type FormEvent } from 'react';
import { OPERATOR_ROLES, type OperatorRole } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useInvite } from '../../api/team';
import { SelectField, TextField } from '../../components/fields';
import type { Notice } from '../../components/console-ui';
import { useConsoleWords } from '../../app/console-language';
import { ActionForm } from '../../components/action-form';

/** An owner invites a teammate: their address and role; a mail with a link (48 hours, once) goes out. */
export function InviteForm({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const words = useConsoleWords();
  const w = words.invite;
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
          onNotice({ kind: 'success', text: w.invited(i.email, words.roles[i.role]) });
        },
      },
    );
  };
  return (
    <ActionForm
      titleId="invite-title"
      title={w.title}
      heading="h2"
      onSubmit={submit}
      actions={
        <Button type="submit" disabled={invite.isPending || !email}>
          {invite.isPending ? w.sending : w.submit}
        </Button>
      }
    >
      {invite.isError && (
        <p className="form-error" role="alert">
          {invite.error.message}
        </p>
      )}
      <div className="form-row">
        <TextField
          id="invite-email"
          label={w.email}
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SelectField
          id="invite-role"
          label={w.role}
          options={OPERATOR_ROLES}
          labels={words.roles}
          value={role}
          onValue={(v) => setRole(v ?? 'member')}
        />
      </div>
      <p className="muted">{words.roleDescriptions[role]}.</p>
    </ActionForm>
  );
}
