import { ToastProvider } from '../../components/ui/toast';
import SignupForm, { type SignupFormProps } from './signup-form';

/**
 * Everything the sign-up island renders: the form and its toast region. The page's HTML holds both (the live
 * region exists before any toast is added to it, so additions are announced), and the island hydrates both.
 */
export function SignupIsland(props: SignupFormProps) {
  return (
    <ToastProvider>
      <SignupForm {...props} />
    </ToastProvider>
  );
}
