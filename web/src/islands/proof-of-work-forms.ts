import { PROOF_OF_WORK_FIELD } from '@waitlist/contract/limits';

/** How long a send waits for a solution still being found: a fast typist is not held up longer (the post goes without). */
const DEADLINE_MS = 3000;

/**
 * A plain form that posts without script and carries a proof of work when script runs (the trust page's request for our
 * security documents): loaded by the first-view script when the visitor first touches the form, it fetches a challenge
 * and solves it in a worker (features/waitlist/proof-of-work.ts) while they type, and the solution goes with the post as
 * `altcha`. Anything that goes wrong sends the form without one: it is stored all the same (docs/decisions/0038).
 */
export function proveOnSubmit(form: HTMLFormElement): void {
  const field = form.querySelector<HTMLInputElement>(`input[name="${PROOF_OF_WORK_FIELD}"]`);
  if (!field) return;
  const proof = import('../features/waitlist/proof-of-work').then(
    ({ solveProofOfWork }) => solveProofOfWork(),
    () => null,
  );
  let sending = false;
  form.addEventListener('submit', (event) => {
    if (field.value !== '') return;
    event.preventDefault();
    // A second press while the proof is being found sends nothing twice.
    if (sending) return;
    sending = true;
    const solution = Promise.race([proof, new Promise<null>((resolve) => setTimeout(() => resolve(null), DEADLINE_MS))]);
    void solution.then((payload) => {
      field.value = payload ?? '';
      // submit() sends the form as it is, without this listener again.
      form.submit();
    });
  });
}
