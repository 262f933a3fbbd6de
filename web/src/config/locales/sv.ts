/**
 * Den svenska texten på den publika webbplatsen: skriven för svenska läsare, inte översatt ord för ord. Samma
 * nycklar som en.ts (locales.test.ts fäller bygget annars). Lagrade värden (roll, storlek, resultat) är alltid
 * specens engelska; här står bara vad en besökare läser.
 */
import { MESSAGES, OPTION_LABELS } from '@waitlist/contract';
import { MAIL_SUB_PROCESSOR, UNCONFIRMED_RETENTION_DAYS } from '../data-facts';
import type { SiteCopy } from './en';

export const sv: SiteCopy = {
  lang: 'sv',
  ogLocale: 'sv_SE',
  languageName: 'Svenska',
  tagline: 'Vi gör innovationsledning enklare och öppen för alla.',
  city: 'Göteborg',
  country: 'Sverige',

  nav: {
    home: 'Start',
    solution: 'Lösningen',
    howItWorks: 'Så fungerar det',
    faq: 'Vanliga frågor',
    privacy: 'Integritetspolicy',
    about: 'Om oss',
    signUp: 'Anmäl dig',
    mainNav: 'Huvudmeny',
    menu: 'Meny',
    skipLink: 'Hoppa till huvudinnehållet',
    language: 'Språk',
  },

  pages: {
    home: {
      title: 'AI-stödd innovationsledning',
      description:
        'Från problem till testade och prioriterade koncept. En AI som ställer de svåra frågorna, hittar luckorna och föreslår lean-experiment. Skriv upp dig på väntelistan.',
    },
    about: {
      title: 'Om oss',
      description:
        'Två grundare med stöd från ett universitets innovationsprogram bygger AI-stödd innovationsledning. Läs om hur det började och vart vi är på väg.',
    },
    privacy: {
      title: 'Integritetspolicy',
      description:
        'Vilka uppgifter vi samlar in när du skriver upp dig på väntelistan, hur vi använder och skyddar dem och vilka rättigheter du har.',
    },
    thankYou: {
      title: 'Tack för din anmälan',
      description: 'Du står på väntelistan. Vi hör av oss snart med information om tidig tillgång.',
    },
    notFound: {
      title: 'Sidan finns inte',
      description: 'Sidan du letar efter finns inte.',
    },
  },

  hero: {
    eyebrow: 'Inför lansering – testas nu med stora företag i Sverige',
    /** A soft hyphen: on a phone the compound breaks as "innovations-/arbetet", never mid-syllable. */
    headlineLead: 'Gör innovations\u00ADarbetet',
    /** Lower case: in Swedish the word continues the sentence. */
    words: [
      'transparent',
      'systematiskt',
      'engagerande',
      'gemensamt',
      'reflekterande',
      'strategiskt',
      'öppet för alla',
      'strukturerat',
      'granskbart',
      'synligt',
      'hanterbart',
      'insiktsdrivet',
    ],
    screenReaderHeadline:
      'Gör innovationsarbetet transparent, systematiskt, engagerande, gemensamt, reflekterande, strategiskt, öppet för alla, strukturerat, granskbart, synligt, hanterbart och insiktsdrivet.',
    lead: 'En AI-stödd plattform som tar innovationsteam och deras ledare från problem till testade och prioriterade koncept – genom att ställa rätt frågor i stället för att ge svaren.',
    cta: 'Skriv upp dig på väntelistan',
    secondaryCta: 'Se hur det fungerar',
    illustration: {
      label: 'Ett exempel på vad plattformen gör, från fokusområde till prioriterat koncept',
      windowTitle: 'Innovationsportfölj',
      stages: [
        { step: 'Fokusområde', text: 'Snabbare uppstart för nya B2B-kunder' },
        { step: 'Utmaning', text: 'Hur skulle vi kunna halvera tiden innan en ny kund ser nyttan?' },
        { step: 'Hypotes', text: 'En guidad första vecka höjer aktiveringen med en femtedel.' },
        { step: 'Lean-experiment', text: 'Två veckors manuell pilot med tio kunder' },
        { step: 'Prioriterat koncept', text: 'Guidad uppstart: nästa satsning, 1 av 4' },
      ],
      aiLabel: 'AI:n frågar',
      aiQuestion: 'Vad behöver en ny kund se under första veckan för att uppleva nyttan?',
      hypothesisStatus: 'Redo att testas',
      experimentStatus: 'Pågår: dag {day} av {days}',
    },
  },

  problem: {
    heading: 'Ett problem som sällan syns',
    paragraphs: [
      'Innovationsarbetet ligger utspritt i workshoppar, presentationer och mejlkorgar. Det ett team lär sig når sällan nästa, samma idéer utreds två gånger och ledningen kan inte se vilka satsningar som vilar på belägg och vilka som vilar på förhoppningar.',
      'Resultatet blir slöseri, dubbelarbete och sega beslut – och en innovation som stannar hos några få i stället för att engagera hela organisationen.',
    ],
  },

  approach: {
    heading: 'Så tänker vi',
    intro:
      'Plattformen tar inte fram idéerna och fattar inte besluten åt er. Dess AI arbetar sokratiskt: den ställer utmanande frågor så att ni reflekterar och hittar svaren själva.',
    audiences: [
      {
        title: 'För dig som leder innovation',
        points: [
          'Följ arbetet från portföljnivå ner till enskilda hypoteser',
          'Samla kunskapen kring fokusområden, problem och behov',
          'Minska osäkerheten i hela organisationen',
          'Prioritera idéer med gott underlag',
        ],
      },
      {
        title: 'För innovationsteam och medarbetare',
        points: [
          'Bryt ner idéer i hypoteser som går att testa',
          'Utforma lean-experiment',
          'Dela och återanvänd lärdomar',
          'Bidra till innovationsarbete i hela organisationen',
        ],
      },
    ],
  },

  different: {
    heading: 'Det här gör oss annorlunda',
    intro: 'En AI som får era medarbetare att tänka skarpare – inte en som tänker åt dem.',
    points: [
      {
        icon: 'question',
        title: 'Frågor, inte färdiga svar',
        text: 'Sokratiska frågor utmanar antaganden, så att teamen äger sina slutsatser.',
      },
      { icon: 'overlap', title: 'Luckor och överlapp syns', text: 'AI:n hittar kunskap som saknas och idéer som överlappar mellan team.' },
      {
        icon: 'flask',
        title: 'Från idé till experiment',
        text: 'Den formulerar hypoteser och föreslår lean-experiment för att testa dem.',
      },
      {
        icon: 'report',
        title: 'Redo för ledningsgruppen',
        text: 'Den hjälper er välja nästa satsning och kan skissa en rapport till högsta ledningen.',
      },
    ],
    benefitsHeading: 'Det här vinner ni',
    benefits: [
      'Lärdomar som återanvänds direkt',
      'Mindre slöseri och dubbelarbete',
      'Fler som engagerar sig',
      'Fler synergier',
      'Beslut som vilar på belägg',
      'Kortare tid till insikt och till marknad',
    ],
  },

  howItWorks: {
    stepLabel: 'Steg',
    heading: 'Så fungerar det',
    intro: 'Fyra steg från strategisk riktning till prioriterade koncept.',
    steps: [
      {
        title: 'Sätt den strategiska riktningen',
        text: 'Lägg in företagets uppdrag och de fokusområden som betyder mest.',
      },
      {
        title: 'Ladda upp den viktiga kunskapen',
        text: 'Lägg in det ni vet om kunder, användare, strategi eller affärsmodell, och formulera utmaningarna som ”Hur skulle vi kunna …”-frågor eller problembeskrivningar.',
      },
      {
        title: 'Odla fram möjligheter',
        text: 'Samla idéer och insikter, och låt AI:n hitta luckorna och formulera hypoteser och lean-experiment.',
      },
      {
        title: 'Prioritera och välj',
        text: 'Välj vilka koncept ni ska driva vidare, från portföljnivå ner till hypotesnivå.',
      },
    ],
  },

  faq: {
    heading: 'Vanliga frågor',
    items: [
      {
        question: 'Vilken kunskap kan vi ladda upp?',
        answer: [
          'Kund- och användarstudier, innovationsstrategi och riktlinjer, affärsmodell, marknads- och konkurrensanalyser samt hållbarhetspolicy. Ju mer sammanhang ni ger, desto skarpare blir frågorna.',
        ],
      },
      {
        question: 'Hur hjälper AI:n oss?',
        answer: [
          'Den tar inte fram idéer och fattar inga beslut åt er. Den ställer utmanande frågor så att ni reflekterar och hittar svaren själva, hittar luckor och idéer som överlappar, formulerar hypoteser, föreslår lean-experiment, hjälper er välja nästa satsning och kan skissa en rapport till högsta ledningen.',
        ],
      },
      {
        question: 'Kan vi samarbeta med andra?',
        answer: ['Ja. Medarbetare kan samarbeta inom organisationen, och ni kan bjuda in andra att delta i ert innovationsarbete.'],
      },
      {
        question: 'Hur skyddas vår data?',
        answer: ['Er data skyddas med kryptering, behörighetsregler, säker inloggning och övervakning.'],
      },
    ],
  },

  signup: {
    messages: MESSAGES.sv,
    options: OPTION_LABELS.sv,
    heading: 'Ta upp det här med dina kollegor',
    subheading: 'och börja förnya hur ni förnyar',
    formTitle: 'Skriv upp dig på väntelistan',
    proof: 'Piloter pågår just nu med stora företag i Sverige.',
    formSubtitle: 'Vi hör av oss inom kort.',
    labels: {
      email: 'E-post i jobbet',
      role: 'Din roll',
      rolePlaceholder: 'Välj din roll',
      companySize: 'Företagets storlek',
      companySizePlaceholder: 'Välj företagets storlek',
      desiredOutcomes: 'Vad vill ni uppnå?',
      desiredOutcomesHint: 'Välj allt som stämmer.',
      otherOutcome: 'Annat ni vill uppnå',
      consentBefore: 'Jag godkänner ',
      consentLink: 'integritetspolicyn',
      newTab: '(öppnas i en ny flik)',
      honeypot: 'Lämna det här fältet tomt',
      submit: 'Skriv upp mig',
      submitting: 'Skickar …',
    },
    freeMailHint:
      'Det ser ut som en privat adress. Med jobbadressen ser vi vilka organisationer som är intresserade, men du får gärna använda den här.',
  },

  afterSignup: {
    heading: 'Så går det till sedan',
    steps: [
      'Vi mejlar dig en länk så att du kan bekräfta din adress.',
      'En av grundarna hör av sig för att höra mer om ert innovationsarbete.',
      'När det finns plats i piloterna bjuder vi in dig till tidig tillgång.',
    ],
    privacy: 'I varje mejl från oss finns en länk där du kan se, rätta eller radera dina uppgifter.',
  },

  about: {
    headline: 'Vi vill göra innovation till allas angelägenhet',
    intro: 'Två grundare, med stöd från ett universitets innovationsprogram, som bygger verktyget vi själva saknade.',
    story: {
      heading: 'Så började det',
      paragraphs: [
        'Vi har arbetat i innovationsprogram i många år och sett samma mönster gång på gång: kunniga människor, bra idéer och kunskap som försvinner mellan projekten. Beslut fattades på magkänsla eftersom underlaget var utspritt eller aldrig samlades in.',
        'Därför bestämde vi oss för att bygga en assistent som inte ersätter mänsklig kreativitet utan skärper den – en som ställer de frågor en erfaren innovationscoach skulle ställa, i varje steg och för varje team.',
        'I dag testar vi plattformen med stora företag i Sverige, med stöd från ett universitets innovationsprogram.',
      ],
    },
    mission: {
      heading: 'Vårt uppdrag',
      paragraphs: [
        'Att göra innovationsledning enklare och öppen för alla, så att varje organisation kan gå från problem till testade och prioriterade koncept med mindre slöseri och bättre underlag.',
        'Vi vill att innovationsarbetet ska vara öppet och gå att granska, från portföljen ner till en enskild hypotes, och att alla som har något att bidra med ska kunna vara med.',
      ],
      imageAlt: 'Illustration av en väg från utspridda problem, via frågor och experiment, till ett prioriterat koncept.',
      photoAlt: 'Grundarna i arbete med ett innovationsteam.',
    },
    team: {
      heading: 'Teamet',
      intro: 'Två grundare som kompletterar varandra: den ena med bakgrund i att leda innovation, den andra i teknik.',
      founders: [
        {
          role: 'Medgrundare och vd',
          bio: 'Har lett innovationsprogram i stora organisationer och coachat team från första problem till lanserat koncept.',
          portraitAlt: 'Illustrerat porträtt av Alex Lindqvist, medgrundare och vd.',
        },
        {
          role: 'Medgrundare och teknikchef',
          bio: 'Bygger säker molnprogramvara och tillämpad AI, med fokus på verktyg som hjälper människor att tänka i stället för att tänka åt dem.',
          portraitAlt: 'Illustrerat porträtt av Sam Bergström, medgrundare och teknikchef.',
        },
      ],
    },
  },

  privacy: {
    heading: 'Integritetspolicy',
    lastUpdated: 'Senast uppdaterad i november 2026',
    intro: 'Här förklarar vi vilka uppgifter vi samlar in när du skriver upp dig på väntelistan, hur vi använder dem och vilka val du har.',
    sections: [
      {
        heading: 'Uppgifter vi samlar in',
        paragraphs: ['När du skriver upp dig på väntelistan sparar vi:'],
        list: [
          'Din e-postadress',
          'Din yrkesroll',
          'Hur stort ditt företag är',
          'Vad ni vill uppnå',
          'När du gav ditt samtycke och vilken version av policyn du godkände',
          'Om och när du bekräftade din adress, och om du har tackat nej till nyheter',
          'Språket på sidorna du använde, så att våra mejl når dig på det språket',
          'Var du kom ifrån: kampanjtaggarna i länken du följde (till exempel utm_source), adressen till webbplatsen som länkade hit (bara domänen, aldrig sidan) och sidan där du anmälde dig',
          'Domänen i din e-postadress, så att vi ser vilka företag som är intresserade; adresser hos privata e-posttjänster som Gmail grupperas aldrig',
        ],
      },
      {
        heading: 'Så använder vi uppgifterna',
        paragraphs: [
          'Vi använder uppgifterna för att kontakta dig om tidig tillgång, för att förstå vilka som är intresserade av plattformen och för att forma produkten efter det du säger att ni vill uppnå.',
          'När du anmäler dig skickar vi ett mejl där vi ber dig bekräfta adressen. Anmälan är bekräftad först när du trycker på knappen på sidan som mejlet länkar till; att bara öppna länken ändrar ingenting. Anmäler du dig igen innan du har bekräftat skickar vi bekräftelsen på nytt, högst en gång var tionde minut och fem gånger per dygn.',
          'Grundarna för en uppföljningsstatus (till exempel kontaktad eller inbjuden) och korta anteckningar om din anmälan, för att komma ihåg var samtalet med dig står. De raderas tillsammans med anmälan.',
          `Bekräftar du inte raderar vi anmälan automatiskt ${UNCONFIRMED_RETENTION_DAYS} dagar efter att bekräftelsemejlet skickades. En bekräftad anmälan sparas tills du raderar den eller ber oss göra det, eller tills väntelistan stängs.`,
        ],
      },
      {
        heading: 'Så skyddar vi uppgifterna',
        paragraphs: [
          'Vi skyddar uppgifterna med kryptering, behörighetsregler, säker inloggning och övervakning. Bara de som behöver uppgifterna för att sköta väntelistan kommer åt dem.',
          'Länkarna i våra mejl innehåller en slumpad kod som vi bara sparar i förvrängd (hashad) form. Varje länk gör en enda sak och slutar fungera efter en tid: 7 dagar för att bekräfta och för dina uppgifter, ett år för att avregistrera dig.',
        ],
      },
      {
        heading: 'När vi delar uppgifter',
        paragraphs: [
          'Vi säljer aldrig dina uppgifter. Vi delar dem bara med leverantörer som hjälper oss att driva väntelistan, under avtal som skyddar dem, eller när lagen kräver det.',
          ...(MAIL_SUB_PROCESSOR
            ? [
                `Våra mejl skickas via ${MAIL_SUB_PROCESSOR.name} (${MAIL_SUB_PROCESSOR.location}), som behandlar din adress enbart för att leverera dem.`,
              ]
            : []),
          'Om vi följer väntelistan i ett kundregister (CRM) förs din anmälan och senare ändringar över dit automatiskt; när du raderar dina uppgifter här får det verktyget besked om att radera dem också.',
        ],
      },
      {
        heading: 'Dina rättigheter',
        paragraphs: ['Du har rätt att:'],
        list: [
          'Få veta vilka uppgifter vi har om dig',
          'Få felaktiga uppgifter rättade',
          'Få dina uppgifter raderade',
          'Tacka nej till marknadsföring',
        ],
        after: [
          'Varje mejl vi skickar har två länkar. Den ena öppnar en sida som visar allt vi sparar om dig; där kan du ladda ner det som en fil, rätta roll, företagsstorlek och vad ni vill uppnå, eller återkalla ditt samtycke och radera allt. Den andra avregistrerar dig från nyheter med ett klick; mejl som du själv ber om, som länken till dina uppgifter, kommer ändå fram.',
        ],
        showDataLinkForm: true,
      },
      {
        heading: 'Kakor och spårning',
        paragraphs: [
          'Våra publika sidor, också sidorna bakom länkarna i våra mejl, sätter inga kakor (cookies), sparar ingenting i din webbläsare och använder ingen spårning eller analys från tredje part. Våra mejl innehåller inga spårningspixlar och laddar inga bilder utifrån.',
          'Vi räknar besök själva, på vår egen server: per dag hur ofta varje sida visades, vilka webbplatser och kampanjer besökarna kom från (bara domäner och kampanjtaggar) och hur många olika besökare det var. För att skilja besökare åt under ett dygn använder vi en förvrängd kod av din IP-adress, din webbläsares namn och ett slumpvärde som byts ut varje dag; när dygnet är slut raderas slumpvärdet och koderna, så att inget besök kan kopplas till en annan dag eller till dig. Sökmotorer och andra robotar räknas inte.',
        ],
      },
      {
        heading: 'Kontakta oss',
        paragraphs: ['Har du frågor om policyn eller vill använda dina rättigheter? Mejla oss på'],
        showContactEmail: true,
      },
      {
        heading: 'Ändringar i policyn',
        paragraphs: [
          'Vi kan komma att uppdatera policyn. Datumet överst på sidan visar när den senast ändrades, och för varje anmälan sparar vi vilken version personen godkände.',
        ],
      },
    ],
    dataLinkForm: {
      heading: 'Få en länk till dina uppgifter',
      text: 'Skriv adressen du anmälde dig med. Finns den på väntelistan mejlar vi en ny länk till den; svaret här är detsamma oavsett.',
      label: 'Din e-postadress',
      button: 'Skicka min länk',
    },
  },

  thankYou: {
    heading: MESSAGES.sv.toasts.success.title,
    text: MESSAGES.sv.toasts.success.description,
    confirmHint: 'Bekräfta din adress via mejlet vi skickar till dig, så att vi kan behålla din plats på listan.',
    backLink: 'Till startsidan',
  },

  notFound: {
    heading: MESSAGES.sv.notFoundTitle,
    text: 'Sidan du letar efter finns inte eller har flyttat.',
    backLink: 'Till startsidan',
  },

  error: {
    heading: MESSAGES.sv.unexpectedErrorTitle,
    fallbackMessage: 'Okänt fel',
    backLink: 'Till startsidan',
  },

  footer: {
    legalHeading: 'Juridik',
    contactHeading: 'Kontakt',
    followHeading: 'Följ oss',
    linkedInLabel: 'LinkedIn',
    rightsReserved: 'Alla rättigheter förbehållna.',
  },

  languageOffer: {
    text: 'Den här sidan finns också på svenska.',
    link: 'Läs på svenska',
    dismiss: 'Nej tack',
  },
};
