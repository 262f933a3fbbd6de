import { PROOF_OF_WORK_FIELD } from '@waitlist/contract/limits';
import { PROOF_OF_WORK_FORM_ATTRIBUTE } from '../app/page-markers';

/** How long a send waits for a solution still being found: a fast typist is not held up longer (the post goes without). */
const DEADLINE_MS = 3000;

/**
 * Plain forms that post without script and carry a proof of work when script runs (the trust page's request for our
 * security documents): the challenge is fetched and solved in a worker from the first touch of the form
 * (features/waitlist/proof-of-work.ts, loaded only then), and the solution goes with the post as `altcha`. Anything
 * that goes wrong sends the form without one: it is stored all the same (docs/decisions/0017).
 */
export function solveProofOfWorkOnForms(root: Document = document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>(`form[${PROOF_OF_WORK_FORM_ATTRIBUTE}]`)) {
    const field = form.querySelector<HTMLInputElement>(`input[name="${PROOF_OF_WORK_FIELD}"]`);
    if (!field) continue;
    let proof: Promise<string | null> | undefined;
    let sending = false;
    const start = () => {
      proof ??= import('../features/waitlist/proof-of-work').then(
        ({ solveProofOfWork }) => solveProofOfWork(),
        () => null,
      );
      return proof;
    };
    form.addEventListener('focusin', () => void start(), { once: true });
    form.addEventListener('submit', (event) => {
      if (field.value !== '') return;
      event.preventDefault();
      // A second press while the proof is being found sends nothing twice.
      if (sending) return;
      sending = true;
      const solution = Promise.race([start(), new Promise<null>((resolve) => setTimeout(() => resolve(null), DEADLINE_MS))]);
      void solution.then((payload) => {
        field.value = payload ?? '';
        // submit() sends the form as it is, without this listener again.
        form.submit();
      });
    });
  }
}
