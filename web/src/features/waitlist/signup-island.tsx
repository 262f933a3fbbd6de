import { ToastProvider } from '../../components/ui/toast';
import type { SiteCopy } from '../../config/site';
import SignupForm, { type SignupFormProps } from './signup-form';

export interface SignupIslandProps extends SignupFormProps {
  /** What the island shows if it fails (the error screen's words, and where "home" is in this language). */
  errorCopy: SiteCopy['error'];
  homeHref: string;
}

/**
 * Everything the sign-up island renders: the form and its toast region. The page's HTML holds both (the live
 * region exists before any toast is added to it, so additions are announced), and the island hydrates both.
 */
export function SignupIsland({ errorCopy: _errorCopy, homeHref: _homeHref, ...props }: SignupIslandProps) {
  return (
    <ToastProvider>
      <SignupForm {...props} />
    </ToastProvider>
  );
}
