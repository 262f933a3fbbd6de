/**
 * Every word a person reads in English: the public site, the sign-up form's messages and option labels, the pages
 * behind the links in our mail, the mails themselves and the founders' mails. The spec's English texts are here
 * verbatim. Another language is one more file of this shape (sv.ts, typed by this one); catalogue.test.ts fails
 * when a key is in one and not the other. Names, addresses and numbers the words quote are in facts.ts.
 */
import {
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  DOCUMENT_REQUEST_RETENTION_DAYS,
  MANAGE_COOKIE,
  ROLE_OPTIONS,
} from '@waitlist/contract';
import { ACCESSIBILITY, LINK_LIFETIME_DAYS, MAIL_SUB_PROCESSOR, UNCONFIRMED_RETENTION_DAYS, type Brand } from './facts';
import type { CardIcon, FaqItem, OptionLabels, TextSection } from './types';

const icon = (name: CardIcon) => name;
const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
/** The spec's option values are their English labels. */
const asLabels = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, v])) as unknown as Record<T, string>;

/** The sign-up form's messages and toasts: the product specification's texts, verbatim. */
const form = {
  validation: {
    email: 'Please enter a valid email address',
    role: 'Please select your role',
    companySize: 'Please select your company size',
    desiredOutcomes: 'Please select at least one desired outcome',
    privacyConsent: 'You must agree to the privacy policy',
    otherOutcome: 'Please keep it to 500 characters or fewer',
    /** The server refused the address's domain (contract: emailDomainRefusalOf). */
    emailDisposable: "Please use your work e-mail address: temporary addresses can't receive our updates",
    emailBlocked: "Addresses at this domain can't join the waitlist. Please use another e-mail address",
    emailUndeliverable: "This address's domain can't receive e-mail. Please check it for typos",
    /** The join page's partner code: missing, or refused by the server (contract: partnerCodeProblemOf). */
    partnerCode: 'Please enter the code your partner gave you',
    partnerCodeUnknown: 'We do not know this code. Please check it against the invitation it came with',
    partnerCodeExpired: 'This code has expired. Please sign up with the form on our home page instead',
    partnerCodeFull: 'As many people have joined with this code as it allows. Please sign up with the form on our home page instead',
    partnerCodeWithdrawn: 'This code is no longer valid. Please sign up with the form on our home page instead',
  },
  otherOutcomePlaceholder: 'Please specify other desired outcome',
  toasts: {
    alreadyRegistered: {
      title: 'Already Registered',
      description: "This email is already on our waitlist. We'll keep you updated!",
    },
    invalidData: { title: 'Invalid Data', description: 'Please check your form data and try again.' },
    error: { title: 'Error', fallbackDescription: 'Something went wrong. Please try again.' },
    success: {
      title: 'Thank you for signing up!',
      description: "We'll reach out to you soon with early access details.",
    },
  },
  /**
   * What the error toast says for a refusal the server words itself (rate limit, outage): the server's own message
   * in English (the spec's "error.message"), these words in a language the server does not speak.
   */
  serverErrors: {
    useServerMessage: true,
    rateLimited: 'Too many sign-up attempts from your network. Please wait a minute and try again.',
    unavailable: 'The waitlist is temporarily unavailable. Please try again in a minute.',
  },
  notFoundTitle: 'Oops! Page not found',
  unexpectedErrorTitle: 'Unexpected Application Error!',
};

/** What each option is called on a page; stored values (and the API, exports, webhooks) stay the spec's English. */
const options: OptionLabels = {
  role: asLabels(ROLE_OPTIONS),
  companySize: asLabels(COMPANY_SIZE_OPTIONS),
  desiredOutcome: asLabels(DESIRED_OUTCOME_OPTIONS),
};

/** The public site: every page, section and label. */
const site = {
  /** og:locale. */
  ogLocale: 'en_US',
  /** The language's own name, as the switcher offers it. */
  languageName: 'English',
  tagline: 'Simplifying and democratizing innovation management.',
  city: 'Gothenburg',
  country: 'Sweden',

  nav: {
    home: 'Home',
    solution: 'Solution',
    howItWorks: 'How It Works',
    faq: 'FAQ',
    privacy: 'Privacy Policy',
    accessibility: 'Accessibility',
    trust: 'Trust and security',
    about: 'About',
    signUp: 'Sign up',
    mainNav: 'Main',
    menu: 'Menu',
    skipLink: 'Skip to main content',
    /** The switcher's label (the list of languages). */
    language: 'Language',
  },

  pages: {
    home: {
      title: 'AI-assisted innovation management',
      description:
        'Go from problems to tested and prioritized concepts. An AI that asks the hard questions, spots gaps and suggests lean experiments. Join the waitlist.',
    },
    about: {
      title: 'About us',
      description:
        'Two co-founders, backed by a university innovation programme, building AI-assisted innovation management. Read our story and mission.',
    },
    privacy: {
      title: 'Privacy Policy',
      description:
        'How we collect, use and protect the information you give us when you join the waitlist, and the rights you have over it.',
    },
    accessibility: {
      title: 'Accessibility statement',
      description:
        'How accessible this site is (WCAG 2.2 AA, EN 301 549), what we know is not yet, how we test it and how to report a problem.',
    },
    trust: {
      title: 'Trust and security',
      description:
        'Where the waitlist’s data is kept, who processes it, how long we keep it, how we protect it, and how to report a vulnerability.',
    },
    dpa: {
      title: 'Data processing agreement',
      description:
        'Our data processing agreement (GDPR Article 28), with the sub-processors and security measures of the service as it runs, ready to print and sign.',
    },
    thankYou: {
      title: 'Thank you for signing up',
      description: "You are on the waitlist. We'll reach out to you soon with early access details.",
    },
    join: {
      title: 'Join with a partner code',
      description: "Got a code from one of our partners? Enter it to join the waitlist with your partner's invitation.",
    },
    documentsRequested: {
      title: 'Request sent',
      description: 'Your request for our security documents reached the founders.',
    },
    notFound: {
      title: 'Page not found',
      description: 'The page you are looking for does not exist.',
    },
  },

  hero: {
    eyebrow: 'Now in pre-launch, tested with large companies in Sweden',
    headlineLead: 'Make innovation management',
    /** Rotating words of the hero, in display order. */
    words: [
      'Transparent',
      'Systematic',
      'Engaging',
      'Collaborative',
      'Reflective',
      'Strategic',
      'Democratized',
      'Structured',
      'Inspectable',
      'Visible',
      'Manageable',
      'Insight-driven',
    ],
    /** What screen readers hear instead of the animation. */
    screenReaderHeadline:
      'Make innovation management transparent, systematic, engaging, collaborative, reflective, strategic, democratized, structured, inspectable, visible, manageable and insight-driven.',
    lead: 'An AI-assisted platform that helps innovation teams and leaders go from problems to tested and prioritized concepts — by asking the right questions instead of giving the answers.',
    cta: 'Sign-up for waitlist',
    secondaryCta: 'See how it works',
    /** Beside the headline: one innovation case as the platform carries it, stage by stage (an example, not a customer). */
    illustration: {
      label: 'An example of what the platform does, from focus area to prioritised concept',
      windowTitle: 'Innovation portfolio',
      stages: [
        { step: 'Focus area', text: 'Faster onboarding for new B2B customers' },
        { step: 'Challenge', text: 'How might we halve the time a new customer needs to see value?' },
        { step: 'Hypothesis', text: 'A guided first week raises activation by a fifth.' },
        { step: 'Lean experiment', text: 'Two-week concierge pilot with ten customers' },
        { step: 'Prioritised concept', text: 'Guided onboarding: next bet, 1 of 4' },
      ],
      /** The Socratic question the AI asks about the challenge: it asks, the team answers. */
      aiLabel: 'AI asks',
      aiQuestion: 'What would a new customer need to see in week one to call it value?',
      hypothesisStatus: 'Ready to test',
      /** {day} and {days}: the example experiment's progress. */
      experimentStatus: 'Running: day {day} of {days}',
    },
  },

  problem: {
    heading: 'An overlooked problem',
    paragraphs: [
      'Innovation work is spread across workshops, slide decks and inboxes. Learnings from one team rarely reach the next, the same ideas are explored twice, and leaders cannot see which bets rest on evidence and which on hope.',
      'The result is waste, duplication and slow decisions — and innovation that stays with a few people instead of engaging the whole organization.',
    ],
  },

  approach: {
    heading: 'Our Approach',
    intro:
      'The platform does not ideate or decide for you. Its AI takes a Socratic approach: it poses challenging questions so that you reflect and find the answers yourselves.',
    audiences: [
      {
        title: 'For innovation leaders',
        points: [
          'Inspect efforts from system level down to hypothesis level',
          'Collect and align knowledge around focus areas, problems and needs',
          'Reduce uncertainty across the organization',
          'Prioritize ideas with confidence',
        ],
      },
      {
        title: 'For innovation teams and employees',
        points: [
          'Break ideas into testable hypotheses',
          'Design lean experiments',
          'Share and reuse learnings',
          'Join innovation efforts across the organization',
        ],
      },
    ],
  },

  different: {
    heading: "How We're Different",
    intro: 'An AI that makes your people think better, not one that thinks for them.',
    points: [
      {
        icon: icon('question'),
        title: 'Questions, not answers',
        text: 'Socratic prompts challenge assumptions so teams own their conclusions.',
      },
      {
        icon: icon('overlap'),
        title: 'Gaps and overlaps spotted',
        text: 'The AI finds missing knowledge and ideas that overlap across teams.',
      },
      {
        icon: icon('flask'),
        title: 'From idea to experiment',
        text: 'It formulates hypotheses and suggests lean experiments to test them.',
      },
      {
        icon: icon('report'),
        title: 'Ready for the board',
        text: 'It helps prioritise the next bet and can draft a report for top management.',
      },
    ],
    benefitsHeading: 'What you gain',
    benefits: [
      'Fast reuse of learnings',
      'Less waste and duplication',
      'Broader engagement',
      'More synergies',
      'Evidence-based decisions',
      'Shorter time-to-insight and time-to-market',
    ],
  },

  howItWorks: {
    stepLabel: 'Step',
    heading: 'How It Works',
    intro: 'Four steps from strategic direction to prioritized concepts.',
    steps: [
      {
        title: 'Set strategic direction',
        text: 'Add your company mission and the focus areas that matter most.',
      },
      {
        title: 'Upload critical knowledge',
        text: "Add what you know about customers, users, strategy or business model, and frame innovation challenges as 'How might we' questions or problem statements.",
      },
      {
        title: 'Seed opportunities',
        text: 'Capture ideas and insights, and let the AI spot gaps and formulate hypotheses and lean experiments.',
      },
      {
        title: 'Prioritize and select',
        text: 'Choose the concepts to pursue, from portfolio level down to hypothesis level.',
      },
    ],
  },

  faq: {
    heading: 'Frequently asked questions',
    items: [
      {
        question: 'What knowledge can we upload?',
        answer: [
          'Customer and user research, innovation strategy and policy, business model, market and competitor analysis, and sustainability policy. The more context you add, the sharper the questions become.',
        ],
      },
      {
        question: 'How does the AI help us?',
        answer: [
          'It does not ideate or decide for you. It asks challenging questions so that you reflect and find answers yourselves, spots gaps and overlapping ideas, formulates hypotheses, suggests lean experiments, helps prioritise the next bet and can draft a report for top management.',
        ],
      },
      {
        question: 'Can we collaborate with others?',
        answer: ['Yes. People can collaborate inside their organisation, and you can invite others to join your innovation efforts.'],
      },
      {
        question: 'How is our data kept secure?',
        answer: ['Your data is protected by encryption, access policies, secure authentication and monitoring.'],
      },
    ] as FaqItem[],
  },

  signup: {
    messages: form,
    options,
    heading: 'Discuss this with your colleagues',
    subheading: 'and start innovate how you innovate',
    formTitle: 'Sign-up to the waitlist',
    /** Proof near the form: a fact from the product's own situation, no invented logos or quotes. */
    proof: 'Pilots are running now with large companies in Sweden.',
    formSubtitle: 'We will reach out shortly.',
    labels: {
      email: 'Work e-mail',
      role: 'Your role',
      rolePlaceholder: 'Select your role',
      companySize: 'Company size',
      companySizePlaceholder: 'Select your company size',
      desiredOutcomes: 'Desired outcomes',
      desiredOutcomesHint: 'Select all that apply.',
      otherOutcome: 'Other desired outcome',
      consentBefore: 'I agree to the ',
      consentLink: 'privacy policy',
      newTab: '(opens in a new tab)',
      honeypot: 'Leave this field empty',
      submit: 'Join the waitlist',
      submitting: 'Submitting...',
      partnerCode: 'Partner code',
      partnerCodeHint: 'The code on the invitation you got from our partner, for example 7K2M-QX4T-9BHD.',
    },
    /** Shown (never blocking) when the e-mail is at a consumer provider. */
    freeMailHint:
      'That looks like a personal address. A work address helps us see which organisations are interested, but you are welcome to use this one.',
    /** A likely typo in the address's domain (contract: suggestEmailCorrection): asked, never refused. Slots, not functions: the island gets these as JSON. */
    emailSuggestion: {
      question: 'Did you mean {address}?',
      use: 'Yes, use {address}',
      keep: 'No, keep {typed}',
    },
  },

  /** Beside the form: what a person can expect after signing up (true of the product as built; keep it so). */
  afterSignup: {
    heading: 'What happens next',
    steps: [
      'We e-mail you a link to confirm your address.',
      'One of the founders gets in touch to hear about your innovation work.',
      'As pilot places open, we invite you to early access.',
    ],
    privacy: 'Every e-mail from us has a link where you can see, correct or erase your data.',
  },

  about: {
    headline: 'We are on a mission to make innovation everybody’s business',
    intro: 'Two co-founders, backed by a university innovation programme, building the tool we wished we had.',
    story: {
      heading: 'Our story',
      paragraphs: [
        'We have spent years inside innovation programmes and seen the same pattern: great people, good ideas, and knowledge that disappears between projects. Decisions were made on gut feeling because the evidence was scattered or never collected.',
        'So we set out to build an assistant that does not replace human creativity but sharpens it — one that asks the questions a seasoned innovation coach would ask, at every step and for every team.',
        'Today we are testing the platform with large companies in Sweden, supported by a university innovation programme.',
      ],
    },
    mission: {
      heading: 'Our Mission',
      paragraphs: [
        'To simplify and democratize innovation management, so that every organization can go from problems to tested and prioritized concepts with less waste and more evidence.',
        'We want innovation to be transparent and inspectable, from portfolio level down to a single hypothesis, and open to everyone who has something to contribute.',
      ],
      /** What the mission image shows: the illustration, or the photo named in site.ts when there is one. */
      imageAlt: 'Illustration of a path from scattered problems, through questions and experiments, to a prioritized concept.',
      photoAlt: 'The founders at work with an innovation team.',
    },
    team: {
      heading: 'The Team',
      intro: 'Two co-founders with complementary backgrounds in innovation leadership and engineering.',
      founders: [
        {
          role: 'Co-founder & CEO',
          bio: 'Has led innovation programmes in large organizations and coached teams from first problem to launched concept.',
          portraitAlt: 'Illustrated portrait of Alex Lindqvist, co-founder and CEO.',
        },
        {
          role: 'Co-founder & CTO',
          bio: 'Builds secure cloud software and applied AI, with a focus on tools that help people think rather than think for them.',
          portraitAlt: 'Illustrated portrait of Sam Bergström, co-founder and CTO.',
        },
      ],
    },
  },

  privacy: {
    heading: 'Privacy Policy',
    lastUpdated: 'Last updated November 2026',
    intro: 'This policy explains what information we collect when you join our waitlist, how we use it and the choices you have.',
    sections: [
      {
        heading: 'Information We Collect',
        paragraphs: ['When you sign up for the waitlist we collect:'],
        list: [
          'Your email address',
          'Your professional role',
          'Your company size',
          'Your desired outcomes',
          'When you gave your consent, and the version of this policy you agreed to',
          'Whether and when you confirmed your address, and whether you opted out of updates',
          'The language of the pages you used, so our mails reach you in it',
          'Where you came to us from: the campaign tags of the link you followed (such as utm_source), the address of the site that linked to us (its domain only, never the page), the page you signed up on and, if you joined with a code from one of our partners, which code',
          'The domain of your e-mail address, so we can see which companies are interested; addresses at consumer providers such as Gmail are never grouped',
          'Your answers to the few optional questions we may ask after you confirm (for example when you would start a pilot), if you give any: they are part of your data, shown on your data page, where you can change or remove them, included in your download and erased with the rest',
        ],
      },
      {
        heading: 'How We Use Your Information',
        paragraphs: [
          'We use your information to contact you about early access, to understand who is interested in the platform and to shape the product around the outcomes you tell us matter.',
          'When you sign up we send you one mail asking you to confirm your address. Your sign-up is confirmed only when you press the button on the page that mail links to; opening the link alone changes nothing. If you sign up again before confirming, we send the confirmation again, at most once every 10 minutes and five times a day.',
          'The founders keep a follow-up status (for example contacted or invited) and short notes about your sign-up, to remember where the conversation with you stands. They are erased with your sign-up.',
          `If you do not confirm, we erase your sign-up automatically ${UNCONFIRMED_RETENTION_DAYS} days after the confirmation mail was sent. A confirmed sign-up is kept until you erase it or ask us to, or until the waitlist closes.`,
          `If you ask for our security documents on our trust page, we keep your name, work address, company and message only to answer you, and erase them ${DOCUMENT_REQUEST_RETENTION_DAYS} days after you asked.`,
          `If you were on a list we brought over (an earlier waitlist or an event's sign-up sheet), we hold only what that list held, often just your address, and send you one mail asking you to confirm. Where the list did not say your role, company size or desired outcomes, we store them as not known, and that mail and your data page let you add them. If you do not confirm, we erase you ${UNCONFIRMED_RETENTION_DAYS} days later like any unconfirmed sign-up.`,
        ],
      },
      {
        heading: 'Data Protection',
        paragraphs: [
          'We protect your information with encryption, access policies, secure authentication and monitoring. Only the people who need it to run the waitlist can access it.',
          `The links in our mails carry a random code that we store only in scrambled (hashed) form. Each link does one thing and stops working after a while: ${days(LINK_LIFETIME_DAYS.confirm)} for confirming and for your data, a year for unsubscribing.`,
        ],
      },
      {
        heading: 'Information Sharing',
        namesCrm: true,
        paragraphs: [
          'We do not sell your information. We share it only with service providers who help us operate the waitlist, under agreements that protect it, or when the law requires it.',
          ...(MAIL_SUB_PROCESSOR
            ? [
                `We send our mails through ${MAIL_SUB_PROCESSOR.name} (${MAIL_SUB_PROCESSOR.location}), which processes your address only to deliver them.`,
              ]
            : []),
          'If we keep track of the waitlist in a customer-relationship tool, your sign-up and its later changes are passed to it automatically; when you erase your data here, that tool is told to erase it too.',
          'If we offer you a call with a founder, the booking link leads to our scheduling service, where you enter your name and address yourself. The link carries only a random-looking reference, never your address; the service tells us the time you booked, or that you moved or cancelled it, and we keep that time with your sign-up until you erase it.',
        ],
      },
      {
        heading: 'Your Rights',
        paragraphs: ['You have the right to:'],
        list: [
          'Access the information we hold about you',
          'Correct inaccurate information',
          'Have your information deleted',
          'Opt out of marketing communications',
        ],
        after: [
          'Every mail we send carries two links. One opens a page that shows everything we store about you, where you can download it as a file, correct your role, company size and desired outcomes, or withdraw your consent and erase it. The other unsubscribes you from updates in one click; mails you ask for yourself, such as your data link, still reach you.',
        ],
        showDataLinkForm: true,
      },
      {
        heading: 'Cookies and Tracking',
        paragraphs: [
          'Our public pages set no cookies, store nothing in your browser and use no third-party tracking or analytics. Our mails contain no tracking pixels and load no remote images.',
          `One page is the exception: the page with your data. When you open its link from our mail, we move the link's code into one strictly necessary cookie, named ${MANAGE_COOKIE}, so that the code leaves your address bar and browser history. The cookie is sent only to that page and its forms, cannot be read by scripts or other sites, and ends when the link does (after ${days(LINK_LIFETIME_DAYS.manage)}) or when you erase your data.`,
          'We count visits ourselves, on our own server: per day, how often each page was viewed, which sites and campaigns visitors came from (domains and campaign tags only) and how many different visitors there were. To tell visitors apart within one day we use a scrambled code made from your IP address, your browser name and a random value that is replaced every day; at the end of the day the random value and the codes are deleted, so no visit can be linked to another day or to you. Search engines and other bots are not counted.',
        ],
      },
      {
        heading: 'Contact Us',
        paragraphs: ['If you have questions about this policy or want to exercise your rights, e-mail us at'],
        showContactEmail: true,
      },
      {
        heading: 'Updates to This Policy',
        paragraphs: [
          'We may update this policy from time to time. The date at the top of this page shows when it was last changed, and we keep with each sign-up the version its owner agreed to.',
        ],
      },
    ] as TextSection[],
    /** The CRM the founders connected, named in Information Sharing while it is connected (issue 49). */
    crm: (name: string, company: string) =>
      `We keep track of the waitlist in ${name} (${company}). When we follow up with you (for example once you have confirmed), your address, company, answers and fit score are passed to it and kept current there; when you unsubscribe, that is written there too; when you erase your data here, your record there is deleted as well.`,
    dataLinkForm: {
      heading: 'Get a link to your data',
      text: 'Enter the address you signed up with. If it is on our waitlist, we mail it a fresh link; the answer is the same either way.',
      label: 'Your e-mail address',
      button: 'Send me my link',
    },
  },

  /** The join page: someone with a partner's code joins with the partner's invitation, confirmed from the mail we send. */

  accessibility: {
    heading: 'Accessibility statement',
    lastReviewed: `Last reviewed ${ACCESSIBILITY.lastReviewed.en}`,
    intro:
      'We want everyone who is interested in our product to be able to read this site, sign up and manage their data. This statement describes how the site meets the accessibility requirements, what we know does not yet meet them, and how to tell us about a problem so that we can fix it. It follows the structure of the statements that the Swedish Agency for Digital Government (DIGG) asks of public services.',
    sections: [
      {
        heading: 'How accessible is this site?',
        paragraphs: [
          `We aim to meet ${ACCESSIBILITY.standards} in full: on the public pages in English and Swedish, on the pages behind the links in our mails (confirming, managing and erasing your data), in the sign-up form with and without scripts, and in the founders' console.`,
          'At our last review we found no content on these pages that fails the standard. Everything works with a keyboard alone, with scripts turned off, and without animation when your system asks for reduced motion.',
        ],
      },
      {
        heading: 'What we know is not accessible',
        paragraphs: [
          'After you confirm, we may offer you a call with a founder, booked on a scheduler’s page (Cal.com or Calendly). That page is theirs, not ours, and we cannot vouch for its accessibility. If it stops you, write to us and we will book the call with you by e-mail instead.',
        ],
      },
      {
        heading: 'What you can do if you cannot use part of the site',
        paragraphs: [
          'If something on this site does not work for you, or you need what it says in another form, write to us. A founder answers, and we can take your sign-up, a correction or an erasure by e-mail.',
        ],
        showContactEmail: true,
      },
      {
        heading: 'Report a problem with accessibility',
        paragraphs: [
          'We keep working on the site. If you find something that is hard to use or understand, or something we have not described here, please tell us: write to the address above with the page and what happened. The founders read every message.',
        ],
      },
      {
        heading: 'Enforcement',
        paragraphs: [
          'The Swedish Agency for Digital Government (DIGG) supervises the law on accessibility to digital public service. If you are not satisfied with how we handled your report, you can tell DIGG.',
        ],
        link: { href: ACCESSIBILITY.enforcementUrl, label: 'Report to DIGG (digg.se)' },
      },
      {
        heading: 'How we tested the site',
        paragraphs: ['We assess the site ourselves, with tests that run on every change before it is published:'],
        list: [
          'axe-core checks every public page in both languages, the pages behind the links in our mails and every screen of the console in a real browser, and fails the change at the first finding.',
          'Lighthouse rates every public page in both languages, under a simulated slow phone; anything below 100 for accessibility fails the change.',
          'Browser tests use the sign-up form, the menus, the data pages and the console by keyboard alone, and with scripts turned off.',
          'A browser test checks that the home page moves nothing when the system asks for reduced motion.',
        ],
        after: [`This statement was last reviewed on ${ACCESSIBILITY.lastReviewed.en}.`],
      },
    ] as TextSection[],
  },

  trust: {
    heading: 'Trust and security',
    intro:
      'What your procurement, security and IT colleagues ask before a pilot: where the data of this waitlist is kept, who processes it for us, how long we keep it, how we protect it, what we do if something goes wrong, and how to report a vulnerability. This page is built from the settings of the server that answers it, so it says what is running now.',
    where: {
      heading: 'Where the data is kept',
      hosted: (name: string, country: string | null) =>
        `The data is kept in one database on servers run by ${name}${country ? ` in ${country}` : ''}, and processed only there.`,
      ownServer: 'The data is kept in one database on a server we run ourselves, and processed only there.',
      database: (database: string) =>
        `The database is ${database}. Nothing is kept in the visitor’s browser: our public pages set no cookies and use no web storage.`,
    },
    processors: {
      heading: 'Who processes it for us',
      intro: 'These companies process personal data on our behalf, each only for what is named here:',
      none: 'No other company processes the data: mail is not yet sent through a relay, and nothing else leaves our server.',
      caption: 'Sub-processors',
      company: 'Company',
      country: 'Country',
      purpose: 'What they do',
      countryUnknown: 'Not stated',
      mail: 'Delivers our mail (the address it goes to and the mail itself)',
      hosting: 'Hosts the server and the database',
    },
    retention: {
      heading: 'How long we keep it',
      unconfirmed: (n: number) => `A sign-up that is never confirmed is erased ${days(n)} after its confirmation mail went out.`,
      confirmed:
        'A confirmed sign-up is kept until the person erases it (every mail from us has a link to do so) or we close the waitlist.',
      backups:
        'A restored backup never brings back someone who was erased after it was taken: every erasure is kept in a ledger of keyed hashes that a restore applies first.',
    },
    measures: {
      heading: 'How we protect it',
      https: 'Every page, form and link is served over HTTPS only, with strict transport security.',
      secondFactor: {
        all: 'Everyone on the console signs in with a password and a second factor (an authenticator app or a passkey).',
        owners:
          'The console’s owners sign in with a password and a second factor (an authenticator app or a passkey); every operator can add one.',
        off: 'Every operator of the console can protect their account with a second factor (an authenticator app or a passkey).',
      },
      audit:
        'Every operator action is written to an audit trail that nobody can change: who did what, when, to which sign-up, and whether it succeeded.',
      backups: 'Backups are taken on a schedule, each checked by its checksum before it is restored.',
      tokens:
        'Links in our mail carry random tokens that are stored only as hashes, work for one purpose and expire; a mail link never changes data by itself.',
      limits: 'Sign-ups and sign-ins are rate limited and protected against automated abuse without any third-party service.',
    },
    incidents: {
      heading: 'If something goes wrong',
      text: 'If we learn that personal data has been exposed, we tell the Swedish Authority for Privacy Protection (IMY) within 72 hours where the law requires it, and the people affected without undue delay when it puts them at high risk. We tell customers and pilots at once, with what happened, what it touched and what we did.',
    },
    disclosure: {
      heading: 'Reporting a vulnerability',
      paragraphs: [
        'If you believe you have found a security problem in this site, the sign-up API or the console, please tell us first, at the address below. Describe what you found and how to reproduce it; we confirm receipt and tell you what we will do.',
        'Please do not read, change or erase other people’s data, do not degrade the service for others, and give us 90 days to fix a problem before you make it public. We will not take legal action against research done in good faith within these rules.',
      ],
      securityTxt: 'The same, for tools: security.txt',
    },
    requestForm: {
      heading: 'Request our security documents',
      intro:
        'Our security overview, a signed data processing agreement, or answers to your own security questionnaire: tell us what your review needs and the founders answer by mail, usually within two working days.',
      labels: {
        name: 'Your name',
        email: 'Work e-mail',
        company: 'Company',
        documents: 'What do you need?',
        documentsHint: 'Choose one or more.',
        message: 'Anything we should know (optional)',
        messageHint: 'For example your deadline, or the name of the questionnaire you use.',
        honeypot: 'Leave this field empty',
        submit: 'Send the request',
      },
      kinds: {
        'security-overview': 'Our security overview',
        'signed-dpa': 'A signed data processing agreement',
        questionnaire: 'Answers to your security questionnaire',
        other: 'Something else (tell us below)',
      },
      errors: {
        name: 'Please enter your name (at most 100 characters)',
        email: 'Please enter a valid e-mail address',
        company: 'Please enter your company (at most 100 characters)',
        documents: 'Please choose at least one document',
        message: 'Please keep the message to 1,000 characters or fewer',
      },
      problems: 'The request was not sent. Please check the fields marked below.',
      tooMany: 'Too many requests came from your network. Please wait a few minutes and send it again.',
      unavailable: 'The request could not be stored just now. Please try again in a minute; nothing you typed is lost.',
      privacy: (days: number) => `We use what you send only to answer this request, and erase it ${days} days after it arrived.`,
      privacyLink: 'How we handle personal data',
      sent: {
        heading: 'Your request reached the founders',
        lead: 'Thank you. We answer at the address you gave, usually within two working days.',
        sooner: 'If your review has a deadline sooner than that, write to us at',
        back: 'Back to trust and security',
      },
    },
    contact: {
      heading: 'Contact',
      text: 'Questions about security or data protection, and reports of incidents:',
    },
  },

  dpa: {
    heading: 'Data processing agreement',
    intro: (processor: string) =>
      `This agreement is made under Article 28 of the General Data Protection Regulation (GDPR) between the customer named below (the controller) and ${processor} (the processor), for the personal data the processor handles for the customer in a pilot or subscription of the product. Annex 1 and Annex 2 are filled in from the settings of the service as it runs today.`,
    print: 'To keep a copy, print this page or save it as PDF from your browser; the site’s header and footer are left out of the print.',
    link: 'Our data processing agreement, ready to print and sign',
    parties: {
      heading: 'The parties',
      controller:
        'The controller: the customer named at the end of this agreement, who decides why and how personal data is processed in its use of the product.',
      processor: (legalName: string, city: string, country: string) =>
        `The processor: ${legalName}, ${city}, ${country}, which processes personal data only on the controller’s behalf and on its documented instructions.`,
    },
    sections: [
      {
        heading: '1. Subject matter, duration, nature and purpose',
        paragraphs: [
          'The processor hosts and runs the product for the controller, so that the controller’s people can capture, assess and follow up ideas and experiments. Processing lasts as long as the main agreement (the pilot or subscription) and ends as set out in section 8.',
        ],
      },
      {
        heading: '2. Personal data and data subjects',
        paragraphs: [
          'The data subjects are the controller’s employees and others the controller invites to the product. The personal data is:',
        ],
        list: [
          'Name, work e-mail address, role and the organisation’s name',
          'What they write in the product (ideas, assessments, comments), which may name other people',
          'Sign-in records and the audit trail of what was done in the product',
        ],
        after: ['The controller does not put special categories of personal data (GDPR Article 9) into the product.'],
      },
      {
        heading: '3. The processor’s obligations',
        paragraphs: ['The processor:'],
        list: [
          'processes the personal data only on the controller’s documented instructions, including for transfers outside the EU/EEA, and tells the controller if an instruction in its opinion breaks the law;',
          'makes sure that everyone who processes the data is bound by confidentiality;',
          'takes the technical and organisational measures of Annex 2 (GDPR Article 32);',
          'helps the controller, as far as it can, to answer requests from data subjects and to meet its obligations under GDPR Articles 32 to 36;',
          'gives the controller the information needed to show that this agreement is kept, and allows and contributes to audits by the controller or an auditor it mandates, with reasonable notice.',
        ],
      },
      {
        heading: '4. Sub-processors',
        paragraphs: [
          'The controller gives its general written authorisation to the sub-processors in Annex 1. The processor tells the controller at least 30 days before it adds or replaces one, and the controller may object on reasonable grounds; the processor binds each sub-processor to the same obligations as this agreement and remains responsible for it.',
        ],
      },
      {
        heading: '5. Transfers outside the EU/EEA',
        paragraphs: [
          'Where a sub-processor processes personal data in a country outside the EU/EEA without an adequacy decision, the transfer relies on the European Commission’s standard contractual clauses and the measures they require.',
        ],
      },
      {
        heading: '6. Personal data breaches',
        paragraphs: [
          'The processor tells the controller without undue delay, and no later than 48 hours after becoming aware, of a personal data breach that touches the controller’s data, with what is known of its nature, the data and people concerned, its likely consequences and the measures taken, so that the controller can notify the supervisory authority within 72 hours.',
        ],
      },
      {
        heading: '7. Liability',
        paragraphs: ['Each party is liable as set out in GDPR Article 82 and in the main agreement.'],
      },
      {
        heading: '8. When the agreement ends',
        paragraphs: [
          'When the main agreement ends, the processor returns the personal data to the controller on request, in a common machine-readable format, and then erases it, backups included, within 30 days, unless the law requires it to be kept.',
        ],
      },
    ] as TextSection[],
    annexProcessors: 'Annex 1: Sub-processors',
    annexMeasures: 'Annex 2: Technical and organisational measures',
    where: 'Where the data is kept',
    signatures: {
      heading: 'Signatures',
      controller: 'For the controller',
      processor: 'For the processor',
      company: 'Company and organisation number',
      name: 'Name and title',
      date: 'Place and date',
      signature: 'Signature',
    },
  },

  join: {
    heading: 'Join with a partner code',
    lead: "One of our partners gave you a code. Enter it with a few words about you, then confirm from the mail we send: you join with your partner's invitation.",
    formTitle: 'Your code and you',
    formSubtitle: 'One click in the mail we send confirms it is you.',
    done: {
      heading: 'Check your inbox',
      text: "We've sent a mail to the address you entered. One click in it confirms your place with your partner's invitation; nothing is kept for long unless you do.",
      backLink: 'Return to Home',
    },
  },

  thankYou: {
    heading: form.toasts.success.title,
    text: form.toasts.success.description,
    confirmHint: 'Confirm your address from the e-mail we are sending you, so that we can keep your place on the list.',
    backLink: 'Return to Home',
  },

  notFound: {
    heading: form.notFoundTitle,
    text: 'The page you are looking for does not exist or has moved.',
    backLink: 'Return to Home',
  },

  error: {
    heading: form.unexpectedErrorTitle,
    fallbackMessage: 'Unknown error',
    /** Shown when the server could not render a page (the error itself goes to the log, never to the visitor). */
    pageFailed: 'Something went wrong on our side while showing this page. Please try again in a moment.',
    backLink: 'Return to Home',
  },

  footer: {
    legalHeading: 'Legal',
    contactHeading: 'Contact',
    followHeading: 'Follow us',
    linkedInLabel: 'LinkedIn',
    /** After "© <year> <legal name>." (the year is the build's, the name is in site.ts). */
    rightsReserved: 'All rights reserved.',
  },

  /** Offered (never forced) on this language's pages to a visitor whose browser prefers another language. */
  languageOffer: {
    text: 'This page is also available in English.',
    link: 'Read it in English',
    dismiss: 'No thanks',
  },
};

/** The pages behind the links in our mail (confirm, your data, unsubscribe) and their answers. */
const selfService = {
  home: 'Return to Home',
  confirm: {
    title: 'Confirm your sign-up',
    lead: 'Press the button to confirm that this address is yours and that you want to hear from us about early access.',
    button: 'Confirm my sign-up',
    doneTitle: 'Thank you, you are confirmed',
    doneText: 'Your place on the waitlist is confirmed. We will reach out with early access details.',

    /** A confirmed person whose answers fit a pilot well is offered a call (BOOKING_URL, issue 36 item 3). */
    bookingTitle: 'Talk to a founder',
    bookingText:
      'Your answers suggest the pilot could fit your organisation well. If you like, pick a time for a short call: we listen more than we talk.',
    bookingLink: 'Book a 20-minute call with a founder',
    bookingNote: 'Opens our booking page at the scheduling service; it asks for your name and address there.',
  },
  /** The questions an owner asks after confirming (issue 36 item 1): on the page after confirming and the data page. */
  questions: {
    heading: 'A few questions, if you have a minute',
    lead: 'Every answer is optional and helps us prepare the pilot for teams like yours. You can change or remove your answers later on your data page.',
    manageHeading: 'Your answers to our questions',
    manageLead: 'Optional. Change them whenever you like; an answer you clear is removed.',
    noAnswer: 'No answer',
    button: 'Save my answers',
    saved: 'Thank you, your answers are saved.',
    invalid: 'Some answers were not among the choices offered, so nothing was saved. Please choose again.',
    shortAnswerHint: (n: number) => `At most ${n} characters.`,
  },
  invitation: {
    title: 'Your invitation to the pilot',
    lead: (wave: string, until: string) =>
      `You are invited (${wave}). Accept it and you get a personal access code for the product, for your address only. The invitation works until ${until}.`,
    button: 'Accept my invitation',
    acceptedTitle: 'Welcome to the pilot',
    acceptedText: (until: string) =>
      `Here is your personal access code. Use it with this address when you create your account in the product; it works once, until ${until}. We will also be in touch with what happens next.`,
    codeLabel: 'Your access code',
  },
  manage: {
    title: 'Your data',
    lead: 'This is everything we store about you. You can download it, correct it, or withdraw your consent and erase it.',
    storedHeading: 'What we store',
    fields: {
      email: 'E-mail',
      role: 'Role',
      companySize: 'Company size',
      outcomes: 'Desired outcomes',
      otherOutcome: 'Other outcome',
      signedUp: 'Signed up',
      consent: 'Consent given',
      policyVersion: 'Privacy policy version',
      confirmed: 'Address confirmed',
      optOut: 'Opted out of updates',
      language: 'Language',
      company: 'Company (from your address)',
      cameFrom: 'Where you came from',
      partnerCode: 'Partner code you joined with',
      followUp: 'Our follow-up',
      invitation: 'Invitation to the pilot',
    },
    invitationSummary: (wave: string, at: { invited: string; accepted: string; redeemed: string }) =>
      `${wave}: invited ${at.invited}; accepted ${at.accepted}; access code used ${at.redeemed}`,
    notGiven: 'Not given yet',
    answersUnknown:
      'You joined from a list we brought over, so we do not know your role, your company’s size or what you hope to get from us yet. Telling us takes a minute and helps us offer you the right things.',
    answersUnknownLink: 'Add your answers',
    notYet: 'Not yet',
    none: '—',
    languageNames: { en: 'English', sv: 'Swedish' },
    followUpStatuses: { new: 'New', contacted: 'Contacted', invited: 'Invited to early access', joined: 'Joined', declined: 'Declined' },
    attributionFields: {
      utm_source: 'Source',
      utm_medium: 'Medium',
      utm_campaign: 'Campaign',
      utm_content: 'Campaign content',
      utm_term: 'Campaign term',
      referrer_origin: 'Linked from',
      landing_path: 'Signed up on',
    },
    downloadHeading: 'Download',
    downloadText: 'A JSON file with everything listed above.',
    downloadButton: 'Download my data (JSON)',
    correctHeading: 'Correct',
    correctButton: 'Save changes',
    saved: 'Your changes are saved.',
    eraseHeading: 'Withdraw and erase',
    eraseText: 'This removes your sign-up and every mail queued for you. It cannot be undone; you are welcome to sign up again later.',
    eraseConfirm: 'Yes, erase my data',
    eraseButton: 'Erase my data',
    erasedTitle: 'Your data is erased',
    erasedText:
      'We have removed your sign-up and everything queued for you. Our records keep only that an erasure happened, without your address.',
    unsubscribeHeading: 'Updates by mail',
    unsubscribeText: 'Every mail we send has a one-click unsubscribe link.',
  },
  unsubscribe: {
    title: 'Unsubscribe from updates',
    lead: 'Press the button and we will send you no more updates. You stay on the waitlist, and can still ask for your data link.',
    button: 'Unsubscribe',
    doneTitle: 'You are unsubscribed',
    doneText: 'We will send you no more updates. Mails you ask for yourself, such as a link to your data, still reach you.',
  },
  dataLink: {
    title: 'Check your inbox',
    text: `If that address is on our waitlist, we have sent it a link to see, download, correct or erase your data. The link works for ${days(LINK_LIFETIME_DAYS.manage)}.`,
  },
  opening: {
    title: 'Opening your data',
    text: 'One moment while the page with your data opens.',
    continueLink: 'Continue to your data',
  },
  tooMany: { title: 'Please wait a moment', text: 'Too many requests came from your network. Please try again in a few minutes.' },
  problems: {
    malformed: {
      title: 'This link is incomplete',
      text: 'The link seems to have been cut off. Open it straight from the mail, or copy all of it.',
    },
    unknown: { title: 'This link does not work', text: 'We do not recognise this link. It may belong to data that has been erased.' },
    'wrong-purpose': {
      title: 'This link does not work here',
      text: 'This link is meant for another page. Use the matching link from the mail.',
    },
    expired: { title: 'This link has expired', text: 'For your safety, links in our mail stop working after a while.' },
    used: { title: 'This link has already been used', text: 'Nothing more is needed: this confirmation link was used before.' },
    missing: {
      title: 'Open this page from your mail',
      text: 'This page opens from the link in our mail: please open the link again. Your browser needs to accept the one cookie this page uses; it holds only your link.',
    },
  },
  newLinkHint: 'You can ask for a fresh link to your data on our privacy page.',
  privacyLink: 'Privacy policy',
};

/** The mails to a person. Sentences that carry numbers or names are functions, so each language orders them its own way. */
const mails = {
  footer: {
    manageLabel: 'See, download, correct or erase your data',
    unsubscribeLabel: 'Unsubscribe from updates',
    reason: (brand: Brand) => `You get this mail because this address was entered on the ${brand.name} waitlist.`,
    sender: (brand: Brand, place: string) => `${brand.legalName} · ${place} · ${brand.contactEmail}`,
  },
  confirmation: {
    subject: (brand: Brand) => `Confirm your place on the ${brand.name} waitlist`,
    preview: 'One click confirms that this address is yours.',
    heading: 'Please confirm your sign-up',
    intro: (brand: Brand) =>
      `Thank you for joining the ${brand.name} waitlist. We will reach out with early access details as the platform opens to more organisations.`,
    action: 'Please confirm that this address is yours and that you want to hear from us:',
    button: 'Confirm my sign-up',
    /** Someone entered this address with a partner's code (the join page): who, and why this mail. */
    invitedBy: (partner: string, brand: Brand) =>
      `This address was entered on the ${brand.name} waitlist with an invitation code from ${partner}. Nothing happens unless you confirm: then you join with ${partner}'s invitation.`,
    validity: (n: number) => `The button opens a page where one more click confirms. The link works for ${days(n)}.`,
    /** Imported from a list of addresses: we do not know their answers yet. */
    answersUnknown: (brand: Brand) =>
      `One more thing: we do not know your role, your company's size or what you hope to get from ${brand.name} yet. Telling us takes a minute:`,
    answersLink: 'Add your answers',
    notYou: (n: number) =>
      `Did not sign up? Then ignore this mail: unconfirmed sign-ups are erased after ${days(n)}, and we will not write again.`,
  },
  dataLink: {
    subject: (brand: Brand) => `Your link to your ${brand.name} waitlist data`,
    preview: 'See, download, correct or erase what we hold about you.',
    heading: 'Your data, in your hands',
    intro:
      'Someone — hopefully you — asked for a link to the data we hold about this address. On that page you can see everything we store, download it, correct it, or withdraw and erase it.',
    button: 'Manage my data',
    validity: (n: number) => `The link works for ${days(n)}. You can ask for a new one on our privacy page at any time.`,
    notYou: 'Did not ask for this? Then ignore this mail: nothing has changed.',
  },
  /** The welcome of people who joined with a partner code before its address needed confirming (mails still queued then). */
  welcome: {
    subject: (brand: Brand) => `Welcome to the ${brand.name} waitlist`,
    preview: 'Your place is confirmed; here is where your data lives.',
    heading: 'You are on the waitlist',
    intro: (brand: Brand) =>
      `You joined the ${brand.name} waitlist with a partner code, so your place is confirmed and there is nothing more to do. We will reach out with early access details as the platform opens to more organisations.`,
    button: 'See my data',
    validity: (n: number) =>
      `The button opens the page with what we hold about you, where you can also correct or erase it. The link works for ${days(n)}.`,
    notYou: 'Did not join? Then someone used your address: erase it on that page, or unsubscribe below, and we will not write again.',
  },
  /** A confirmed person who fits a pilot well is offered a call with a founder (BOOKING_URL, issue 36 item 3). */
  booking: {
    subject: (brand: Brand) => `A 20-minute call about the ${brand.name} pilot?`,
    preview: 'Pick a time that suits you, if you like.',
    heading: 'Would you like to talk to a founder?',
    intro: (brand: Brand) =>
      `Thank you for confirming your place on the ${brand.name} waitlist. From what you told us, the pilot could fit your organisation well, and we would like to hear how your team works with ideas today.`,
    button: 'Book a 20-minute call with a founder',
    note: 'The button opens our booking page at the scheduling service. No call? Then ignore this mail; your place on the list stays the same.',
  },
  /** An update to the list: the founders write the subject and body; these words frame it. */
  invitation: {
    subject: (brand: Brand) => `Your invitation to the ${brand.name} pilot`,
    preview: 'A place in the pilot is waiting for you.',
    heading: (brand: Brand) => `You are invited to the ${brand.name} pilot`,
    intro: (brand: Brand) =>
      `Thank you for waiting. We are opening ${brand.name} to a small group of innovation teams, and we would like yours to be one of them. The link below shows your invitation; accepting it gives you a personal access code for the product.`,
    button: 'See my invitation',
    validity: (until: string) => `The invitation is personal and works until ${until}.`,
  },
  campaign: {
    /** Before the subject of the copy an operator sends themselves. */
    testPrefix: '[Test]',
    testNotice: 'This is a test copy. The links below are examples and lead nowhere.',
  },
};

/** The founders' mails (in the console's language; operators have no language of their own yet). */
const operatorMails = {
  settingsLink: 'Mail settings',
  reason: (brand: Brand) =>
    `You get this because you are an operator of the ${brand.name} waitlist console and chose to in your mail settings.`,
  none: 'none',
  confirmed: {
    subject: (email: string, company: string) => `Confirmed: ${email} (${company})`,
    preview: (role: string, size: string) => `${role}, ${size}`,
    heading: 'A sign-up was confirmed',
    labels: { email: 'E-mail', company: 'Company', role: 'Role', companySize: 'Company size', source: 'Source' },
    personalAddress: 'personal address',
    unknownCompany: 'unknown',
    unknownSource: 'direct or unknown',
    unknownAnswer: 'not known yet (imported)',
    button: 'Open in the console',
  },
  digest: {
    subject: (day: string, signups: number, confirmed: number) => `Waitlist digest ${day}: ${signups} new, ${confirmed} confirmed`,
    preview: (companies: number) => `${companies} new companies`,
    heading: (day: string) => `The waitlist, the last 24 hours (${day})`,
    labels: {
      signups: 'New sign-ups',
      confirmed: 'Confirmations',
      newCompanies: 'New companies',
      returningCompanies: 'Another person from a company already on the list',
      topSources: 'Top sources',
    },
    button: 'Open the funnel',
  },
  invitation: {
    subject: (brand: Brand) => `You are invited to the ${brand.name} waitlist console`,
    preview: (role: string) => `Your role: ${role}. Set your password within 48 hours.`,
    heading: 'Join the team in the console',
    body: (inviter: string, role: string, brand: Brand) =>
      `${inviter} invited you to the ${brand.name} waitlist console as ${role}. Choose your password with the button below; the link works once, for 48 hours.`,
    roles: { owner: 'an owner', member: 'a member', viewer: 'a viewer' },
    button: 'Set my password',
    ignore: 'If you did not expect this, ignore the mail: nothing happens without the link.',
    reason: (brand: Brand) => `You get this because an owner of the ${brand.name} waitlist console invited this address.`,
  },
  signInChanged: {
    subject: (brand: Brand) => `How you sign in to the ${brand.name} console changed`,
    what: {
      'passkey-added': 'A passkey was added to your account.',
      'passkey-removed': 'A passkey was removed from your account.',
      'authenticator-on': 'An authenticator app was set up for your account (any earlier one stopped working).',
      'authenticator-off': 'The authenticator app of your account was turned off, and its recovery codes with it.',
      'recovery-codes': 'New recovery codes were made for your account; the earlier ones stopped working.',
      password: 'The password of your account was changed, and your other sessions were ended.',
    },
    heading: 'How you sign in changed',
    ifYou: 'If this was you, nothing needs doing.',
    ifNotYou: (owners: string) =>
      `If it was not you, someone is using your account: tell an owner of the console at once (${owners}), so they can end your sessions and reset your second factors.`,
    noOtherOwner:
      'If it was not you, someone is using your account: end your other sessions on your security page, change your password, and check the audit trail.',
    button: 'Open my security page',
    reason: (brand: Brand) =>
      `You get this because you are an operator of the ${brand.name} waitlist console: it is about your own account.`,
  },
  documentRequest: {
    subject: (company: string) => `${company} asks for our security documents`,
    preview: (documents: string) => `They ask for: ${documents}`,
    heading: 'A request for our security documents',
    body: (name: string, company: string) =>
      `${name} of ${company} asked on the trust page for the documents below. Answer them by replying to this mail (it goes to them), then mark the request answered in the console.`,
    labels: { name: 'Name', email: 'E-mail', company: 'Company', documents: 'Documents', message: 'Message', language: 'Language' },
    noMessage: '(none)',
    unproven:
      'This request came without a solved proof of work (the visitor had no script, or a bot sent it), so this mail waited for the hourly budget of unproven mail.',
    button: 'Open the requests',
    reason: (brand: Brand) => `You get this because you are an owner of the ${brand.name} waitlist console.`,
  },
  mailRefused: {
    subject: (brand: Brand, domain: string, why: string) => `${domain} refuses mail from the ${brand.name} waitlist: ${why}`,
    preview: (domain: string) => `Every mail to ${domain} may be refused until this is fixed`,
    heading: 'A receiver refuses our mail',
    body: (domain: string, why: string) =>
      `${domain} refused a mail of ours and said why: ${why}. This is about our sending (our DNS records, our server, our content), not about the person it was for: nobody was suppressed, and the next mails to ${domain} will be refused in the same way until it is fixed. A running update or wave pauses itself when more than 2 % of what it tried is refused.`,
    advice:
      'Open Deliverability in the console: it lists each domain that refused us and why, and checks our SPF, DKIM and DMARC records (npm run mail:check prints the records to publish). You get this at most once a week for each domain and reason.',
    button: 'Open Deliverability',
    reason: (brand: Brand) => `You get this because you are an owner of the ${brand.name} waitlist console.`,
  },
  sendPaused: {
    subject: (brand: Brand, send: string) => `${send} from the ${brand.name} waitlist paused itself: too many bounces or complaints`,
    preview: (waiting: number) => `${waiting} mails wait until an owner resumes it`,
    heading: 'A send paused itself',
    body: (send: string, reason: string, waiting: number) =>
      `${send} stopped sending: ${reason}. ${waiting} mails wait. Mailbox providers judge our sending domain by bounces and spam reports; past these rates every later mail, confirmations included, risks the spam folder.`,
    advice:
      'Look at where the list came from (an old import, bought addresses, a typo-ridden field). The addresses that bounced or complained are suppressed already; resume the send from the console when the rest can be trusted, or cancel it.',
    button: 'Open the console',
    campaign: (name: string) => `The update "${name}"`,
    wave: (name: string) => `The invitation wave "${name}"`,
    reason: (brand: Brand) => `You get this because you are an owner of the ${brand.name} waitlist console.`,
  },
  readBudget: {
    subject: (brand: Brand) => `An operator of the ${brand.name} console read many people's data within an hour`,
    preview: (people: number) => `${people} people read within an hour`,
    heading: 'Reading paused for an operator',
    body: (reader: string, people: number, budget: number) =>
      `${reader} read ${people} people's data in the console within an hour, which is the budget set for one operator (${budget}). Their reads are paused until the hour ends; nothing was changed.`,
    advice:
      'If this was expected (a long review), nothing needs doing; raise ADMIN_READ_BUDGET_PER_HOUR if it happens often. If not, end their sessions or change their role on the Team page, and read the audit trail (signups.read).',
    button: 'Open the audit trail',
    reason: (brand: Brand) => `You get this because you are an owner of the ${brand.name} waitlist console.`,
  },
  credentialMade: {
    subject: (brand: Brand, what: string) => `${what} on the ${brand.name} console`,
    preview: (actor: string) => `Made by ${actor}`,
    heading: 'A lasting way into the console changed',
    apiKey: 'An API key was made',
    ssoPolicy: 'The single sign-on policy changed',
    body: (actor: string, what: string, detail: string) =>
      `${actor} did this just now, after proving it was them: ${what.toLowerCase()} (${detail}).`,
    advice:
      'If you expected it, nothing needs doing. If not: revoke the key on the API keys page or set the policy back on Team → Single sign-on, end their sessions, and read the audit trail.',
    button: 'Open the audit trail',
    reason: (brand: Brand) => `You get this because you are an owner of the ${brand.name} waitlist console.`,
  },
  factorGuessing: {
    subject: (brand: Brand) => `Someone with your password is trying codes on your ${brand.name} console account`,
    preview: (wrong: number) => `${wrong} wrong codes within an hour`,
    heading: 'Someone is trying codes on your account',
    body: (wrong: number) =>
      `Your password was given right, then ${wrong} wrong second-factor codes within an hour, from one or more networks. Until the hour ends, your account takes only a passkey or a recovery code.`,
    advice:
      'If this was not you, someone knows your password: sign in, change it, and ask an owner to end your sessions. If it was you, nothing needs doing.',
    button: 'Open my security page',
    reason: (brand: Brand) =>
      `You get this because you are an operator of the ${brand.name} waitlist console: it is about your own account.`,
  },
};

export const en = { lang: 'en', site, form, options, selfService, mails, operatorMails };

/** The shape every language's catalogue has (sv.ts is typed by it). */
export type Catalogue = typeof en;
