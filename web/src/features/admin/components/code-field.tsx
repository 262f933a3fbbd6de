import type { Ref } from 'react';
import { TextField } from './fields';

/**
 * The second factor's field wherever an operator gives it (after the password, after the identity provider): the code
 * of their authenticator app, or one of their recovery codes, with the switch between the two.
 */
export function SecondFactorCodeField({
  id,
  recovery,
  onRecovery,
  value,
  onValue,
  fieldRef,
}: {
  id: string;
  recovery: boolean;
  onRecovery: (recovery: boolean) => void;
  value: string;
  onValue: (value: string) => void;
  fieldRef: Ref<HTMLInputElement>;
}) {
  return (
    <>
      <TextField
        id={id}
        label={recovery ? 'Recovery code' : 'Code from your app'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        ref={fieldRef}
        required
        value={value}
        onChange={(e) => onValue(e.target.value)}
      />
      <button type="button" className="link-button" onClick={() => onRecovery(!recovery)}>
        {recovery ? 'Use the code from my app instead' : 'I lost my phone: use a recovery code'}
      </button>
    </>
  );
}
