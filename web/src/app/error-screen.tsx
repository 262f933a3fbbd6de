import { isRouteErrorResponse, useRouteError } from 'react-router';
import { siteConfig } from '../config/site';

export function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    if (data instanceof Error) return data.message;
    return typeof data === 'string' && data ? data : `${error.status} ${error.statusText}`;
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return siteConfig.error.fallbackMessage;
}

/** The root errorElement: an unhandled routing or render error, with its message. */
export function ErrorScreen() {
  const error = useRouteError();
  return (
    <main id="main" className="error-screen">
      <div className="container narrow">
        <h1>{siteConfig.error.heading}</h1>
        <pre className="error-message">{errorMessage(error)}</pre>
        <a href="/" className="btn btn-primary">
          {siteConfig.error.backLink}
        </a>
      </div>
    </main>
  );
}
