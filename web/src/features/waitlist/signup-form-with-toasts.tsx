import { ToastProvider } from '../../components/ui/toast';
import SignupForm from './signup-form';

/**
 * The form and its toasts load together, after the first view (only the form raises toasts). The toast region
 * is fixed on screen by CSS, and mounts with the form, so it exists before any toast is added to it.
 */
export default function SignupFormWithToasts({ privacyHref }: { privacyHref: string }) {
  return (
    <ToastProvider>
      <SignupForm privacyHref={privacyHref} />
    </ToastProvider>
  );
}
