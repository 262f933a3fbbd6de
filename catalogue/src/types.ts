import type { CompanySize, DesiredOutcome, Role } from '@waitlist/contract';

/** A section of prose (the privacy policy's sections). */
export interface TextSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
  /** Paragraphs after the list. */
  after?: string[];
  /** Shows the contact e-mail after the paragraphs. */
  showContactEmail?: boolean;
  /** Shows the "send me my link" form (privacy page, Your Rights). */
  showDataLinkForm?: boolean;
  /** Names the CRM the founders connected, when one is (privacy page, Information Sharing; issue 49). */
  namesCrm?: boolean;
  /** A link after the paragraphs (the accessibility statement's enforcement body). */
  link?: { href: string; label: string };
}

export interface FaqItem {
  question: string;
  answer: string[];
}

/** The icons a card may carry (web/src/components/ui/icon.tsx draws them). */
export type CardIcon = 'question' | 'overlap' | 'flask' | 'report';

/** What each option of the form is called in a language. */
export interface OptionLabels {
  role: Record<Role, string>;
  companySize: Record<CompanySize, string>;
  desiredOutcome: Record<DesiredOutcome, string>;
}
