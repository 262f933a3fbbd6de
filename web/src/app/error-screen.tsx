import type { SiteCopy } from '../config/site';

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/** "Unexpected Application Error!" and the message: in place of a page that failed to render, or of an island. */
export function ErrorMessage({
  message,
  copy,
  homeHref,
  headingLevel = 1,
}: {
  message: string;
  copy: SiteCopy['error'];
  homeHref: string;
  headingLevel?: 1 | 2 | 3;
}) {
  const Heading = `h${headingLevel}` as 'h1';
  return (
    <div className="error-screen" role="alert">
      <Heading>{copy.heading}</Heading>
      <pre className="error-message">{message}</pre>
      <a href={homeHref} className="btn btn-primary">
        {copy.backLink}
      </a>
    </div>
  );
}
