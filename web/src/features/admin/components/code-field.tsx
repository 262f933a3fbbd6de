import type { Ref } from 'react';
import { useConsoleWords } from '../app/console-language';
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
  const words = useConsoleWords();
  return (
    <>
      <TextField
        id={id}
        label={recovery ? words.common.recoveryCode : words.common.appCode}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        ref={fieldRef}
        required
        value={value}
        onChange={(e) => onValue(e.target.value)}
      />
      <button type="button" className="link-button" onClick={() => onRecovery(!recovery)}>
        {recovery ? words.common.useAppCode : words.common.useRecoveryCode}
      </button>
    </>
  );
}
