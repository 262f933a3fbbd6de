import { siteConfig } from '../config/site';

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string' && error) return error;
  return siteConfig.error.fallbackMessage;
}

/** "Unexpected Application Error!" and the message: in place of a page that failed to render, or of an island. */
export function ErrorMessage({ message, headingLevel = 1 }: { message: string; headingLevel?: 1 | 2 | 3 }) {
  const Heading = `h${headingLevel}` as 'h1';
  return (
    <div className="error-screen" role="alert">
      <Heading>{siteConfig.error.heading}</Heading>
      <pre className="error-message">{message}</pre>
      <a href="/" className="btn btn-primary">
        {siteConfig.error.backLink}
      </a>
    </div>
  );
}
