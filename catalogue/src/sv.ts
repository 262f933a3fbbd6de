/**
 * Allt en person läser, på svenska: webbplatsen, formulärets meddelanden och alternativ, sidorna bakom länkarna
 * i våra mejl, mejlen och grundarnas mejl. Skrivet för svenska läsare (du-form, korta meningar), inte översatt ord
 * för ord. Samma nycklar som en.ts (catalogue.test.ts fäller bygget annars). Lagrade värden (roll, storlek,
 * resultat) är alltid specens engelska; här står bara vad en läsare ser.
 */
import { DOCUMENT_REQUEST_RETENTION_DAYS, MANAGE_COOKIE } from '@waitlist/contract';
import { ACCESSIBILITY, LINK_LIFETIME_DAYS, MAIL_SUB_PROCESSOR, UNCONFIRMED_RETENTION_DAYS, type Brand } from './facts';
import type { Catalogue } from './en';
import type { OptionLabels } from './types';

const dagar = (n: number) => (n === 1 ? '1 dag' : `${n} dagar`);

const form: Catalogue['form'] = {
  validation: {
    email: 'Skriv en giltig e-postadress',
    role: 'Välj en roll i listan',
    companySize: 'Välj en storlek i listan',
    desiredOutcomes: 'Välj minst ett alternativ',
    privacyConsent: 'Du behöver godkänna integritetspolicyn',
    otherOutcome: 'Håll dig till högst 500 tecken',
    emailDisposable: 'Använd din e-postadress på jobbet: tillfälliga adresser kan inte ta emot våra uppdateringar',
    emailBlocked: 'Adresser på den här domänen kan inte gå med i väntelistan. Använd en annan e-postadress',
    emailUndeliverable: 'Domänen i adressen kan inte ta emot e-post. Kontrollera att den är rätt stavad',
    partnerCode: 'Ange koden du har fått av vår partner',
    partnerCodeUnknown: 'Vi känner inte igen koden. Jämför den med inbjudan den kom med',
    partnerCodeExpired: 'Koden har gått ut. Anmäl dig i stället med formuläret på vår startsida',
    partnerCodeFull: 'Så många har anmält sig med koden som den räcker till. Anmäl dig i stället med formuläret på vår startsida',
    partnerCodeWithdrawn: 'Koden gäller inte längre. Anmäl dig i stället med formuläret på vår startsida',
  },
  otherOutcomePlaceholder: 'Beskriv vad ni vill uppnå',
  toasts: {
    alreadyRegistered: { title: 'Redan anmäld', description: 'Den här adressen finns redan på väntelistan. Vi håller dig uppdaterad!' },
    invalidData: { title: 'Något stämmer inte', description: 'Kontrollera uppgifterna i formuläret och försök igen.' },
    error: { title: 'Något gick fel', fallbackDescription: 'Något gick fel. Försök igen.' },
    success: { title: 'Tack för din anmälan!', description: 'Vi hör av oss snart med information om tidig tillgång.' },
  },
  serverErrors: {
    useServerMessage: false,
    rateLimited: 'Vi har fått för många anmälningar från ditt nätverk. Vänta en minut och försök igen.',
    unavailable: 'Väntelistan går inte att nå just nu. Försök igen om en minut.',
  },
  notFoundTitle: 'Hoppsan! Sidan finns inte',
  unexpectedErrorTitle: 'Ett oväntat fel uppstod',
};

const options: OptionLabels = {
  role: {
    'Head of Innovation / Innovation Director': 'Innovationschef / innovationsdirektör',
    'Innovation Manager / Program Manager': 'Innovationsledare / programledare',
    'Digital Leader / Digital Transformation Lead': 'Digital ledare / ansvarig för digital transformation',
    'Project Manager': 'Projektledare',
    'Product Manager': 'Produktchef / produktägare',
    'R&D Manager / Lead': 'FoU-chef / FoU-ledare',
    'Intrapreneur / Venture Team Member': 'Intraprenör / del av ett venture-team',
    'Strategy Lead / Transformation Manager': 'Strategiansvarig / transformationsledare',
    'HR / Learning & Development': 'HR / lärande och utveckling',
    'Operations / Process Excellence': 'Verksamhetsutveckling / processförbättring',
    "I'm exploring innovation in my org": 'Jag utforskar innovation i min organisation',
    'Consultant / Advisor': 'Konsult / rådgivare',
    Other: 'Annan roll',
  },
  companySize: {
    '1-10 employees': '1–10 anställda',
    '11-50 employees': '11–50 anställda',
    '51-200 employees': '51–200 anställda',
    '201-500 employees': '201–500 anställda',
    '501-1000 employees': '501–1 000 anställda',
    '1000+ employees': 'Fler än 1 000 anställda',
  },
  desiredOutcome: {
    'Speed up time-to-market': 'Kortare tid till marknad',
    'Reduce uncertainty systematically at scale': 'Minska osäkerheten systematiskt, i stor skala',
    'Make innovation efforts more structured': 'Mer struktur i innovationsarbetet',
    'Improve cross-functional collaboration': 'Bättre samarbete över funktionsgränser',
    'Reuse insights': 'Återanvända insikter',
    'Improve productivity for innovation efforts': 'Högre produktivitet i innovationsarbetet',
    Other: 'Något annat',
  },
};

const site: Catalogue['site'] = {
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
    accessibility: 'Tillgänglighet',
    trust: 'Förtroende och säkerhet',
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
    join: {
      title: 'Anmäl dig med en partnerkod',
      description: 'Har du fått en kod av en av våra partner? Ange den så skriver du upp dig på väntelistan med din partners inbjudan.',
    },
    accessibility: {
      title: 'Tillgänglighetsredogörelse',
      description:
        'Hur tillgänglig webbplatsen är (WCAG 2.2 AA, EN 301 549), vad som ännu inte är det, hur vi testar den och hur du rapporterar brister.',
    },
    trust: {
      title: 'Förtroende och säkerhet',
      description:
        'Var väntelistans uppgifter förvaras, vem som behandlar dem, hur länge vi sparar dem, hur vi skyddar dem och hur du rapporterar en sårbarhet.',
    },
    dpa: {
      title: 'Personuppgiftsbiträdesavtal',
      description:
        'Vårt personuppgiftsbiträdesavtal (artikel 28 i GDPR), med underbiträden och säkerhetsåtgärder i tjänsten så som den körs, klart att skriva ut och skriva under.',
    },
    thankYou: {
      title: 'Tack för din anmälan',
      description: 'Du står på väntelistan. Vi hör av oss snart med information om tidig tillgång.',
    },
    documentsRequested: {
      title: 'Begäran skickad',
      description: 'Din begäran om våra säkerhetsdokument har nått grundarna.',
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
    messages: form,
    options,
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
      partnerCode: 'Partnerkod',
      partnerCodeHint: 'Koden i inbjudan du fick av vår partner, till exempel 7K2M-QX4T-9BHD.',
    },
    freeMailHint:
      'Det ser ut som en privat adress. Med jobbadressen ser vi vilka organisationer som är intresserade, men du får gärna använda den här.',
    emailSuggestion: {
      question: 'Menade du {address}?',
      use: 'Ja, använd {address}',
      keep: 'Nej, behåll {typed}',
    },
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
          'Var du kom ifrån: kampanjtaggarna i länken du följde (till exempel utm_source), adressen till webbplatsen som länkade hit (bara domänen, aldrig sidan), sidan där du anmälde dig och, om du anmälde dig med en kod från någon av våra partner, vilken kod',
          'Domänen i din e-postadress, så att vi ser vilka företag som är intresserade; adresser hos privata e-posttjänster som Gmail grupperas aldrig',
          'Dina svar på de få frivilliga frågor vi kan ställa när du har bekräftat (till exempel när ni skulle kunna börja en pilot), om du svarar: de hör till dina uppgifter, visas på sidan med dina uppgifter där du kan ändra eller ta bort dem, finns med när du laddar ner dina uppgifter och raderas med resten',
        ],
      },
      {
        heading: 'Så använder vi uppgifterna',
        paragraphs: [
          'Vi använder uppgifterna för att kontakta dig om tidig tillgång, för att förstå vilka som är intresserade av plattformen och för att forma produkten efter det du säger att ni vill uppnå.',
          'När du anmäler dig skickar vi ett mejl där vi ber dig bekräfta adressen. Anmälan är bekräftad först när du trycker på knappen på sidan som mejlet länkar till; att bara öppna länken ändrar ingenting. Anmäler du dig igen innan du har bekräftat skickar vi bekräftelsen på nytt, högst en gång var tionde minut och fem gånger per dygn.',
          'Grundarna för en uppföljningsstatus (till exempel kontaktad eller inbjuden) och korta anteckningar om din anmälan, för att komma ihåg var samtalet med dig står. De raderas tillsammans med anmälan.',
          `Bekräftar du inte raderar vi anmälan automatiskt ${UNCONFIRMED_RETENTION_DAYS} dagar efter att bekräftelsemejlet skickades. En bekräftad anmälan sparas tills du raderar den eller ber oss göra det, eller tills väntelistan stängs.`,
          `Om du begär våra säkerhetsdokument på vår förtroendesida sparar vi ditt namn, din jobbadress, ditt företag och ditt meddelande bara för att svara dig, och raderar dem ${DOCUMENT_REQUEST_RETENTION_DAYS} dagar efter att du frågade.`,
          `Om du fanns på en lista som vi tog över (en tidigare väntelista eller ett evenemangs anmälningslista) har vi bara det som listan innehöll, ofta bara din adress, och skickar dig ett mejl där vi ber dig bekräfta. Om listan saknade din roll, ditt företags storlek eller vad du vill uppnå sparar vi dem som okända, och det mejlet och din datasida låter dig fylla i dem. Bekräftar du inte raderar vi dig ${UNCONFIRMED_RETENTION_DAYS} dagar senare, som alla obekräftade anmälningar.`,
        ],
      },
      {
        heading: 'Så skyddar vi uppgifterna',
        paragraphs: [
          'Vi skyddar uppgifterna med kryptering, behörighetsregler, säker inloggning och övervakning. Bara de som behöver uppgifterna för att sköta väntelistan kommer åt dem.',
          `Länkarna i våra mejl innehåller en slumpad kod som vi bara sparar i förvrängd (hashad) form. Varje länk gör en enda sak och slutar fungera efter en tid: ${dagar(LINK_LIFETIME_DAYS.confirm)} för att bekräfta och för dina uppgifter, ett år för att avregistrera dig.`,
        ],
      },
      {
        heading: 'När vi delar uppgifter',
        namesCrm: true,
        paragraphs: [
          'Vi säljer aldrig dina uppgifter. Vi delar dem bara med leverantörer som hjälper oss att driva väntelistan, under avtal som skyddar dem, eller när lagen kräver det.',
          ...(MAIL_SUB_PROCESSOR
            ? [
                `Våra mejl skickas via ${MAIL_SUB_PROCESSOR.name} (${MAIL_SUB_PROCESSOR.location}), som behandlar din adress enbart för att leverera dem.`,
              ]
            : []),
          'Om vi följer väntelistan i ett kundregister (CRM) förs din anmälan och senare ändringar över dit automatiskt; när du raderar dina uppgifter här får det verktyget besked om att radera dem också.',
          'Om vi erbjuder dig ett samtal med en grundare leder bokningslänken till vår schematjänst, där du själv anger namn och adress. Länken innehåller bara en slumpmässig referens, aldrig din adress; tjänsten meddelar oss tiden du bokade, eller att du flyttade eller avbokade den, och vi sparar tiden med din anmälan tills du raderar den.',
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
          'Våra publika sidor sätter inga kakor (cookies), sparar ingenting i din webbläsare och använder ingen spårning eller analys från tredje part. Våra mejl innehåller inga spårningspixlar och laddar inga bilder utifrån.',
          `En sida är undantaget: sidan med dina uppgifter. När du öppnar dess länk från vårt mejl flyttar vi länkens kod till en enda nödvändig kaka, ${MANAGE_COOKIE}, så att koden försvinner ur adressfältet och webbläsarens historik. Kakan skickas bara till den sidan och dess formulär, kan inte läsas av skript eller andra webbplatser och upphör när länken gör det (efter ${dagar(LINK_LIFETIME_DAYS.manage)}) eller när du raderar dina uppgifter.`,
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
    crm: (name: string, company: string) =>
      `Vi håller ordning på väntelistan i ${name} (${company}). När vi följer upp med dig (till exempel när du har bekräftat) förs din adress, ditt företag, dina svar och din matchningspoäng över dit och hålls aktuella där; avregistrerar du dig skrivs det in där också, och raderar du dina uppgifter här raderas de även där.`,
    dataLinkForm: {
      heading: 'Få en länk till dina uppgifter',
      text: 'Skriv adressen du anmälde dig med. Finns den på väntelistan mejlar vi en ny länk till den; svaret här är detsamma oavsett.',
      label: 'Din e-postadress',
      button: 'Skicka min länk',
    },
  },

  accessibility: {
    heading: 'Tillgänglighetsredogörelse',
    lastReviewed: `Senast granskad ${ACCESSIBILITY.lastReviewed.sv}`,
    intro:
      'Vi vill att alla som är intresserade av vår produkt ska kunna läsa den här webbplatsen, skriva upp sig och hantera sina uppgifter. Här beskriver vi hur webbplatsen uppfyller kraven på tillgänglighet, vad vi vet ännu inte gör det och hur du berättar för oss om ett problem så att vi kan åtgärda det. Redogörelsen följer den struktur som Myndigheten för digital förvaltning (DIGG) begär av offentlig service.',
    sections: [
      {
        heading: 'Hur tillgänglig är webbplatsen?',
        paragraphs: [
          `Vi strävar efter att helt uppfylla ${ACCESSIBILITY.standards}: på de publika sidorna på svenska och engelska, på sidorna bakom länkarna i våra mejl (bekräfta, hantera och radera dina uppgifter), i anmälningsformuläret med och utan skript och i grundarnas konsol.`,
          'Vid vår senaste granskning hittade vi inget innehåll på de här sidorna som inte uppfyller standarden. Allt fungerar med enbart tangentbord, med skript avstängda och utan animationer när ditt system ber om mindre rörelse.',
        ],
      },
      {
        heading: 'Innehåll som inte är tillgängligt',
        paragraphs: [
          'När du har bekräftat kan vi erbjuda dig ett samtal med en grundare, bokat på en bokningstjänsts sida (Cal.com eller Calendly). Den sidan är deras, inte vår, och vi kan inte gå i god för dess tillgänglighet. Om den hindrar dig, skriv till oss så bokar vi samtalet med dig via mejl i stället.',
        ],
      },
      {
        heading: 'Vad kan du göra om du inte kan använda delar av webbplatsen?',
        paragraphs: [
          'Om något på webbplatsen inte fungerar för dig, eller om du behöver innehållet i en annan form, skriv till oss. En grundare svarar, och vi kan ta emot din anmälan, en rättelse eller en radering via mejl.',
        ],
        showContactEmail: true,
      },
      {
        heading: 'Rapportera brister i webbplatsens tillgänglighet',
        paragraphs: [
          'Vi arbetar hela tiden med webbplatsen. Om du hittar något som är svårt att använda eller förstå, eller något vi inte har beskrivit här, berätta gärna: skriv till adressen ovan och ange sidan och vad som hände. Grundarna läser varje meddelande.',
        ],
      },
      {
        heading: 'Tillsyn',
        paragraphs: [
          'Myndigheten för digital förvaltning (DIGG) har tillsyn över lagen om tillgänglighet till digital offentlig service. Om du inte är nöjd med hur vi har hanterat dina synpunkter kan du kontakta DIGG och påtala det.',
        ],
        link: { href: ACCESSIBILITY.enforcementUrl, label: 'Anmäl till DIGG (digg.se)' },
      },
      {
        heading: 'Hur vi testat webbplatsen',
        paragraphs: ['Vi gör en självskattning av webbplatsen, med tester som körs vid varje ändring innan den publiceras:'],
        list: [
          'axe-core granskar varje publik sida på båda språken, sidorna bakom länkarna i våra mejl och varje vy i konsolen i en riktig webbläsare, och stoppar ändringen vid första anmärkning.',
          'Lighthouse bedömer varje publik sida på båda språken som på en långsam mobil; allt under 100 för tillgänglighet stoppar ändringen.',
          'Webbläsartester använder anmälningsformuläret, menyerna, sidorna för dina uppgifter och konsolen med enbart tangentbord, och med skript avstängda.',
          'Ett webbläsartest kontrollerar att startsidan inte rör sig när systemet ber om mindre rörelse.',
        ],
        after: [`Redogörelsen granskades senast den ${ACCESSIBILITY.lastReviewed.sv}.`],
      },
    ],
  },

  trust: {
    heading: 'Förtroende och säkerhet',
    intro:
      'Det som inköp, säkerhet och IT brukar fråga om före en pilot: var väntelistans uppgifter förvaras, vem som behandlar dem åt oss, hur länge vi sparar dem, hur vi skyddar dem, vad vi gör om något går fel och hur du rapporterar en sårbarhet. Sidan byggs från inställningarna i servern som svarar, så den beskriver det som körs just nu.',
    where: {
      heading: 'Var uppgifterna förvaras',
      hosted: (name: string, country: string | null) =>
        `Uppgifterna förvaras i en databas på servrar som drivs av ${name}${country ? ` i ${country}` : ''} och behandlas bara där.`,
      ownServer: 'Uppgifterna förvaras i en databas på en server som vi själva driver och behandlas bara där.',
      database: (database: string) =>
        `Databasen är ${database}. Ingenting sparas i besökarens webbläsare: våra publika sidor sätter inga kakor och använder ingen webblagring.`,
    },
    processors: {
      heading: 'Vem som behandlar dem åt oss',
      intro: 'De här företagen behandlar personuppgifter för vår räkning, vart och ett bara för det som står här:',
      none: 'Inget annat företag behandlar uppgifterna: mejl skickas ännu inte via ett relä, och inget annat lämnar vår server.',
      caption: 'Underbiträden',
      company: 'Företag',
      country: 'Land',
      purpose: 'Vad de gör',
      countryUnknown: 'Ej angivet',
      mail: 'Levererar våra mejl (adressen de går till och själva mejlet)',
      hosting: 'Driver servern och databasen',
    },
    retention: {
      heading: 'Hur länge vi sparar dem',
      unconfirmed: (n: number) =>
        `En anmälan som aldrig bekräftas raderas ${n === 1 ? '1 dag' : `${n} dagar`} efter att bekräftelsemejlet skickades.`,
      confirmed:
        'En bekräftad anmälan sparas tills personen raderar den (varje mejl från oss har en länk för det) eller tills vi stänger väntelistan.',
      backups:
        'En återställd säkerhetskopia tar aldrig tillbaka någon som raderades efter att kopian togs: varje radering sparas i en logg av nyckelade hashvärden som återställningen tillämpar först.',
    },
    measures: {
      heading: 'Hur vi skyddar dem',
      https: 'Varje sida, formulär och länk skickas bara över HTTPS, med strikt transportsäkerhet.',
      secondFactor: {
        all: 'Alla i konsolen loggar in med lösenord och en andra faktor (en autentiseringsapp eller en passkey).',
        owners:
          'Konsolens ägare loggar in med lösenord och en andra faktor (en autentiseringsapp eller en passkey); alla användare kan lägga till en.',
        off: 'Alla användare av konsolen kan skydda sitt konto med en andra faktor (en autentiseringsapp eller en passkey).',
      },
      audit:
        'Varje åtgärd i konsolen skrivs till en granskningslogg som ingen kan ändra: vem som gjorde vad, när, med vilken anmälan och om det lyckades.',
      backups: 'Säkerhetskopior tas enligt ett schema, och var och en kontrolleras mot sin kontrollsumma innan den återställs.',
      tokens:
        'Länkarna i våra mejl bär slumpmässiga nycklar som bara sparas som hashvärden, gäller för ett syfte och upphör; en mejllänk ändrar aldrig uppgifter av sig själv.',
      limits: 'Anmälningar och inloggningar är begränsade i takt och skyddade mot automatiserat missbruk, utan tjänster från tredje part.',
    },
    incidents: {
      heading: 'Om något går fel',
      text: 'Om vi får veta att personuppgifter har röjts anmäler vi det till Integritetsskyddsmyndigheten (IMY) inom 72 timmar när lagen kräver det, och till de berörda utan onödigt dröjsmål när det innebär en hög risk för dem. Kunder och piloter får veta direkt: vad som hände, vad det berörde och vad vi gjorde.',
    },
    disclosure: {
      heading: 'Rapportera en sårbarhet',
      paragraphs: [
        'Om du tror att du har hittat ett säkerhetsproblem på webbplatsen, i anmälnings-API:t eller i konsolen, berätta för oss först, på adressen nedan. Beskriv vad du hittade och hur det går att upprepa; vi bekräftar att vi fått det och berättar vad vi gör.',
        'Läs, ändra eller radera inte andras uppgifter, försämra inte tjänsten för andra och ge oss 90 dagar att åtgärda ett problem innan du offentliggör det. Vi vidtar inga rättsliga åtgärder mot forskning i god tro inom de här reglerna.',
      ],
      securityTxt: 'Samma sak för verktyg: security.txt',
    },
    requestForm: {
      heading: 'Begär våra säkerhetsdokument',
      intro:
        'Vår säkerhetsöversikt, ett undertecknat personuppgiftsbiträdesavtal eller svar på ert eget säkerhetsformulär: berätta vad er granskning behöver så svarar grundarna per mejl, oftast inom två arbetsdagar.',
      labels: {
        name: 'Ditt namn',
        email: 'E-post i jobbet',
        company: 'Företag',
        documents: 'Vad behöver du?',
        documentsHint: 'Välj ett eller flera.',
        message: 'Något vi bör veta (valfritt)',
        messageHint: 'Till exempel er tidsgräns, eller namnet på formuläret ni använder.',
        honeypot: 'Lämna det här fältet tomt',
        submit: 'Skicka begäran',
      },
      kinds: {
        'security-overview': 'Vår säkerhetsöversikt',
        'signed-dpa': 'Ett undertecknat personuppgiftsbiträdesavtal',
        questionnaire: 'Svar på ert säkerhetsformulär',
        other: 'Något annat (berätta nedan)',
      },
      errors: {
        name: 'Fyll i ditt namn (högst 100 tecken)',
        email: 'Fyll i en giltig e-postadress',
        company: 'Fyll i ditt företag (högst 100 tecken)',
        documents: 'Välj minst ett dokument',
        message: 'Håll meddelandet till högst 1 000 tecken',
      },
      problems: 'Begäran skickades inte. Kontrollera fälten som är markerade nedan.',
      tooMany: 'För många förfrågningar kom från ditt nätverk. Vänta några minuter och skicka den igen.',
      unavailable: 'Begäran kunde inte sparas just nu. Försök igen om en minut; inget du skrev har försvunnit.',
      privacy: (days: number) =>
        `Vi använder det du skickar bara för att svara på den här begäran och raderar det ${days} dagar efter att det kom in.`,
      privacyLink: 'Hur vi hanterar personuppgifter',
      sent: {
        heading: 'Din begäran har nått grundarna',
        lead: 'Tack. Vi svarar till adressen du angav, oftast inom två arbetsdagar.',
        sooner: 'Om er granskning har en tidsgräns som är tidigare än så, skriv till oss på',
        back: 'Tillbaka till förtroende och säkerhet',
      },
    },
    contact: {
      heading: 'Kontakt',
      text: 'Frågor om säkerhet eller dataskydd, och rapporter om incidenter:',
    },
  },

  dpa: {
    heading: 'Personuppgiftsbiträdesavtal',
    intro: (processor: string) =>
      `Det här avtalet ingås enligt artikel 28 i dataskyddsförordningen (GDPR) mellan kunden som anges nedan (personuppgiftsansvarig) och ${processor} (personuppgiftsbiträde), för de personuppgifter som biträdet behandlar åt kunden i en pilot eller ett abonnemang av produkten. Bilaga 1 och bilaga 2 fylls i från inställningarna i tjänsten så som den körs i dag.`,
    print:
      'Skriv ut sidan eller spara den som PDF från din webbläsare för att behålla en kopia; webbplatsens sidhuvud och sidfot tas inte med i utskriften.',
    link: 'Vårt personuppgiftsbiträdesavtal, klart att skriva ut och skriva under',
    parties: {
      heading: 'Parterna',
      controller:
        'Personuppgiftsansvarig: kunden som anges i slutet av avtalet, som bestämmer varför och hur personuppgifter behandlas när kunden använder produkten.',
      processor: (legalName: string, city: string, country: string) =>
        `Personuppgiftsbiträde: ${legalName}, ${city}, ${country}, som behandlar personuppgifter enbart för den personuppgiftsansvariges räkning och enligt dennes dokumenterade instruktioner.`,
    },
    sections: [
      {
        heading: '1. Föremål, varaktighet, art och ändamål',
        paragraphs: [
          'Biträdet driver produkten åt den personuppgiftsansvarige, så att dennes medarbetare kan samla in, bedöma och följa upp idéer och experiment. Behandlingen pågår lika länge som huvudavtalet (piloten eller abonnemanget) och upphör enligt punkt 8.',
        ],
      },
      {
        heading: '2. Personuppgifter och registrerade',
        paragraphs: [
          'De registrerade är den personuppgiftsansvariges anställda och andra som denne bjuder in till produkten. Personuppgifterna är:',
        ],
        list: [
          'Namn, e-postadress i arbetet, roll och organisationens namn',
          'Det de skriver i produkten (idéer, bedömningar, kommentarer), som kan nämna andra personer',
          'Inloggningar och granskningsloggen över vad som gjorts i produkten',
        ],
        after: ['Den personuppgiftsansvarige för inte in särskilda kategorier av personuppgifter (artikel 9 i GDPR) i produkten.'],
      },
      {
        heading: '3. Biträdets skyldigheter',
        paragraphs: ['Biträdet:'],
        list: [
          'behandlar personuppgifterna enbart enligt den personuppgiftsansvariges dokumenterade instruktioner, även vid överföringar utanför EU/EES, och meddelar om en instruktion enligt biträdets mening strider mot lag;',
          'ser till att alla som behandlar uppgifterna omfattas av sekretess;',
          'vidtar de tekniska och organisatoriska åtgärderna i bilaga 2 (artikel 32 i GDPR);',
          'hjälper den personuppgiftsansvarige, så långt det går, att besvara begäranden från registrerade och att fullgöra sina skyldigheter enligt artiklarna 32–36 i GDPR;',
          'ger den personuppgiftsansvarige den information som behövs för att visa att avtalet följs, och möjliggör och bidrar till granskningar som utförs av den personuppgiftsansvarige eller en revisor som denne utsett, med rimligt varsel.',
        ],
      },
      {
        heading: '4. Underbiträden',
        paragraphs: [
          'Den personuppgiftsansvarige ger sitt allmänna skriftliga förhandstillstånd till underbiträdena i bilaga 1. Biträdet meddelar minst 30 dagar innan ett underbiträde läggs till eller byts ut, och den personuppgiftsansvarige kan invända på rimliga grunder; biträdet binder varje underbiträde till samma skyldigheter som i detta avtal och ansvarar för det.',
        ],
      },
      {
        heading: '5. Överföringar utanför EU/EES',
        paragraphs: [
          'När ett underbiträde behandlar personuppgifter i ett land utanför EU/EES som saknar beslut om adekvat skyddsnivå, sker överföringen med stöd av Europeiska kommissionens standardavtalsklausuler och de åtgärder de kräver.',
        ],
      },
      {
        heading: '6. Personuppgiftsincidenter',
        paragraphs: [
          'Biträdet underrättar den personuppgiftsansvarige utan onödigt dröjsmål, och senast 48 timmar efter att ha fått kännedom om den, om en personuppgiftsincident som rör dennes uppgifter, med det som är känt om incidentens art, de uppgifter och personer som berörs, de sannolika följderna och de åtgärder som vidtagits, så att den personuppgiftsansvarige kan anmäla den till tillsynsmyndigheten inom 72 timmar.',
        ],
      },
      {
        heading: '7. Ansvar',
        paragraphs: ['Var och en av parterna ansvarar enligt artikel 82 i GDPR och enligt huvudavtalet.'],
      },
      {
        heading: '8. När avtalet upphör',
        paragraphs: [
          'När huvudavtalet upphör lämnar biträdet på begäran tillbaka personuppgifterna till den personuppgiftsansvarige i ett vanligt maskinläsbart format, och raderar dem därefter, säkerhetskopior inräknade, inom 30 dagar, om inte lag kräver att de sparas.',
        ],
      },
    ],
    annexProcessors: 'Bilaga 1: Underbiträden',
    annexMeasures: 'Bilaga 2: Tekniska och organisatoriska åtgärder',
    where: 'Var uppgifterna förvaras',
    signatures: {
      heading: 'Underskrifter',
      controller: 'För den personuppgiftsansvarige',
      processor: 'För personuppgiftsbiträdet',
      company: 'Företag och organisationsnummer',
      name: 'Namn och befattning',
      date: 'Ort och datum',
      signature: 'Underskrift',
    },
  },

  join: {
    heading: 'Anmäl dig med en partnerkod',
    lead: 'En av våra partner har gett dig en kod. Ange den och berätta lite om dig själv, och bekräfta sedan i mejlet vi skickar: då går du med på din partners inbjudan.',
    formTitle: 'Din kod och du',
    formSubtitle: 'Ett klick i mejlet vi skickar bekräftar att det är du.',
    done: {
      heading: 'Titta i din inkorg',
      text: 'Vi har skickat ett mejl till adressen du angav. Ett klick i det bekräftar din plats med din partners inbjudan; inget sparas länge om du inte gör det.',
      backLink: 'Till startsidan',
    },
  },

  thankYou: {
    heading: form.toasts.success.title,
    text: form.toasts.success.description,
    confirmHint: 'Bekräfta din adress via mejlet vi skickar till dig, så att vi kan behålla din plats på listan.',
    backLink: 'Till startsidan',
  },

  notFound: {
    heading: form.notFoundTitle,
    text: 'Sidan du letar efter finns inte eller har flyttat.',
    backLink: 'Till startsidan',
  },

  error: {
    heading: form.unexpectedErrorTitle,
    fallbackMessage: 'Okänt fel',
    pageFailed: 'Något gick fel hos oss när sidan skulle visas. Försök igen om en stund.',
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

const selfService: Catalogue['selfService'] = {
  home: 'Till startsidan',
  confirm: {
    title: 'Bekräfta din anmälan',
    lead: 'Tryck på knappen för att bekräfta att adressen är din och att du vill att vi hör av oss om tidig tillgång.',
    button: 'Bekräfta min anmälan',
    doneTitle: 'Tack, nu är du bekräftad',
    doneText: 'Din plats på väntelistan är bekräftad. Vi hör av oss med information om tidig tillgång.',

    bookingTitle: 'Prata med en grundare',
    bookingText:
      'Dina svar tyder på att piloten kan passa din organisation väl. Om du vill kan du välja en tid för ett kort samtal: vi lyssnar mer än vi pratar.',
    bookingLink: 'Boka ett 20 minuters samtal med en grundare',
    bookingNote: 'Öppnar vår bokningssida hos schematjänsten; där anger du namn och adress.',
  },
  questions: {
    heading: 'Några frågor, om du har en minut',
    lead: 'Alla svar är frivilliga och hjälper oss att förbereda piloten för team som ditt. Du kan ändra eller ta bort dina svar senare på sidan med dina uppgifter.',
    manageHeading: 'Dina svar på våra frågor',
    manageLead: 'Frivilligt. Ändra dem när du vill; ett svar du tömmer tas bort.',
    noAnswer: 'Inget svar',
    button: 'Spara mina svar',
    saved: 'Tack, dina svar är sparade.',
    invalid: 'Några svar fanns inte bland valen, så ingenting sparades. Välj gärna igen.',
    shortAnswerHint: (n: number) => `Högst ${n} tecken.`,
  },
  invitation: {
    title: 'Din inbjudan till piloten',
    lead: (wave: string, until: string) =>
      `Du är inbjuden (${wave}). Tacka ja så får du en personlig åtkomstkod till produkten, bara för din adress. Inbjudan gäller till och med ${until}.`,
    button: 'Tacka ja till inbjudan',
    acceptedTitle: 'Välkommen till piloten',
    acceptedText: (until: string) =>
      `Här är din personliga åtkomstkod. Använd den med den här adressen när du skapar ditt konto i produkten; den fungerar en gång, till och med ${until}. Vi hör också av oss om vad som händer härnäst.`,
    codeLabel: 'Din åtkomstkod',
  },
  manage: {
    title: 'Dina uppgifter',
    lead: 'Här är allt vi sparar om dig. Du kan ladda ner det, rätta det eller återkalla ditt samtycke och radera det.',
    storedHeading: 'Det här sparar vi',
    fields: {
      email: 'E-post',
      role: 'Roll',
      companySize: 'Företagets storlek',
      outcomes: 'Vad ni vill uppnå',
      otherOutcome: 'Annat ni vill uppnå',
      signedUp: 'Anmäld',
      consent: 'Samtycke lämnat',
      policyVersion: 'Version av integritetspolicyn',
      confirmed: 'Adressen bekräftad',
      optOut: 'Tackat nej till nyheter',
      language: 'Språk',
      company: 'Företag (från din adress)',
      cameFrom: 'Var du kom ifrån',
      partnerCode: 'Partnerkod du anmälde dig med',
      followUp: 'Vår uppföljning',
      invitation: 'Inbjudan till piloten',
    },
    invitationSummary: (wave: string, at: { invited: string; accepted: string; redeemed: string }) =>
      `${wave}: inbjuden ${at.invited}; tackade ja ${at.accepted}; åtkomstkoden använd ${at.redeemed}`,
    notGiven: 'Inte angivet än',
    answersUnknown:
      'Du kom med från en lista vi tog över, så vi vet ännu inte din roll, hur stort ditt företag är eller vad du hoppas få ut av oss. Det tar en minut att berätta och hjälper oss att erbjuda dig rätt saker.',
    answersUnknownLink: 'Lägg till dina svar',
    notYet: 'Inte än',
    none: '—',
    languageNames: { en: 'Engelska', sv: 'Svenska' },
    followUpStatuses: {
      new: 'Ny',
      contacted: 'Kontaktad',
      invited: 'Inbjuden till tidig tillgång',
      joined: 'Med i piloten',
      declined: 'Tackat nej',
    },
    attributionFields: {
      utm_source: 'Källa',
      utm_medium: 'Kanal',
      utm_campaign: 'Kampanj',
      utm_content: 'Kampanjinnehåll',
      utm_term: 'Sökord',
      referrer_origin: 'Länkad från',
      landing_path: 'Anmäld på sidan',
    },
    downloadHeading: 'Ladda ner',
    downloadText: 'En JSON-fil med allt som står ovan.',
    downloadButton: 'Ladda ner mina uppgifter (JSON)',
    correctHeading: 'Rätta',
    correctButton: 'Spara ändringarna',
    saved: 'Dina ändringar är sparade.',
    eraseHeading: 'Återkalla och radera',
    eraseText:
      'Det här tar bort din anmälan och alla mejl som väntar på att skickas till dig. Det går inte att ångra, men du är välkommen att anmäla dig igen senare.',
    eraseConfirm: 'Ja, radera mina uppgifter',
    eraseButton: 'Radera mina uppgifter',
    erasedTitle: 'Dina uppgifter är raderade',
    erasedText:
      'Vi har tagit bort din anmälan och allt som väntade på att skickas till dig. Vi sparar bara att en radering har skett, utan din adress.',
    unsubscribeHeading: 'Nyheter via mejl',
    unsubscribeText: 'Varje mejl vi skickar har en länk som avregistrerar dig med ett klick.',
  },
  unsubscribe: {
    title: 'Avregistrera dig från nyheter',
    lead: 'Tryck på knappen så skickar vi inga fler nyheter. Du står kvar på väntelistan och kan fortfarande be om länken till dina uppgifter.',
    button: 'Avregistrera mig',
    doneTitle: 'Du är avregistrerad',
    doneText: 'Vi skickar inga fler nyheter. Mejl som du själv ber om, som en länk till dina uppgifter, kommer ändå fram.',
  },
  dataLink: {
    title: 'Titta i din inkorg',
    text: `Om adressen finns på väntelistan har vi skickat en länk dit där du kan se, ladda ner, rätta eller radera dina uppgifter. Länken fungerar i ${dagar(LINK_LIFETIME_DAYS.manage)}.`,
  },
  opening: {
    title: 'Öppnar dina uppgifter',
    text: 'Ett ögonblick medan sidan med dina uppgifter öppnas.',
    continueLink: 'Fortsätt till dina uppgifter',
  },
  tooMany: { title: 'Vänta en stund', text: 'Vi har fått för många förfrågningar från ditt nätverk. Försök igen om några minuter.' },
  problems: {
    malformed: {
      title: 'Länken är ofullständig',
      text: 'Det verkar som att länken har klippts av. Öppna den direkt från mejlet, eller kopiera hela.',
    },
    unknown: { title: 'Länken fungerar inte', text: 'Vi känner inte igen länken. Den kan höra till uppgifter som redan har raderats.' },
    'wrong-purpose': { title: 'Länken fungerar inte här', text: 'Länken är avsedd för en annan sida. Använd motsvarande länk i mejlet.' },
    expired: { title: 'Länken har gått ut', text: 'Av säkerhetsskäl slutar länkarna i våra mejl att fungera efter en tid.' },
    used: { title: 'Länken är redan använd', text: 'Du behöver inte göra något mer: bekräftelselänken har redan använts.' },
    missing: {
      title: 'Öppna sidan från mejlet',
      text: 'Den här sidan öppnas från länken i vårt mejl: öppna länken igen. Din webbläsare behöver ta emot den enda kaka som sidan använder; den innehåller bara din länk.',
    },
  },
  newLinkHint: 'Du kan be om en ny länk till dina uppgifter på vår integritetssida.',
  privacyLink: 'Integritetspolicy',
};

const mails: Catalogue['mails'] = {
  footer: {
    manageLabel: 'Se, ladda ner, rätta eller radera dina uppgifter',
    unsubscribeLabel: 'Avregistrera dig från nyheter',
    reason: (brand: Brand) => `Du får det här mejlet eftersom adressen skrevs in på väntelistan hos ${brand.name}.`,
    sender: (brand: Brand, place: string) => `${brand.legalName} · ${place} · ${brand.contactEmail}`,
  },
  confirmation: {
    subject: (brand: Brand) => `Bekräfta din plats på väntelistan hos ${brand.name}`,
    preview: 'Ett klick bekräftar att adressen är din.',
    heading: 'Bekräfta din anmälan',
    intro: (brand: Brand) =>
      `Tack för att du skrev upp dig på väntelistan hos ${brand.name}. Vi hör av oss med information om tidig tillgång när plattformen öppnar för fler organisationer.`,
    action: 'Bekräfta att adressen är din och att du vill att vi hör av oss:',
    button: 'Bekräfta min anmälan',
    invitedBy: (partner: string, brand: Brand) =>
      `Den här adressen angavs på väntelistan hos ${brand.name} med en inbjudningskod från ${partner}. Inget händer om du inte bekräftar: då går du med på ${partner}s inbjudan.`,
    validity: (n: number) => `Knappen öppnar en sida där ett klick till bekräftar. Länken fungerar i ${dagar(n)}.`,
    /** Importerad från en lista med adresser: vi vet inte deras svar än. */
    answersUnknown: (brand: Brand) =>
      `En sak till: vi vet ännu inte din roll, hur stort ditt företag är eller vad du hoppas få ut av ${brand.name}. Det tar en minut att berätta:`,
    answersLink: 'Lägg till dina svar',
    notYou: (n: number) =>
      `Har du inte anmält dig? Då kan du bortse från mejlet: obekräftade anmälningar raderas efter ${dagar(n)}, och vi skriver inte igen.`,
  },
  dataLink: {
    subject: (brand: Brand) => `Din länk till dina uppgifter hos ${brand.name}`,
    preview: 'Se, ladda ner, rätta eller radera det vi har sparat om dig.',
    heading: 'Dina uppgifter, i dina händer',
    intro:
      'Någon – förhoppningsvis du – har bett om en länk till uppgifterna vi har om den här adressen. På sidan ser du allt vi sparar och kan ladda ner det, rätta det eller återkalla ditt samtycke och radera det.',
    button: 'Hantera mina uppgifter',
    validity: (n: number) => `Länken fungerar i ${dagar(n)}. Du kan när som helst be om en ny på vår integritetssida.`,
    notYou: 'Har du inte bett om det här? Då kan du bortse från mejlet: ingenting har ändrats.',
  },
  welcome: {
    subject: (brand: Brand) => `Välkommen till väntelistan för ${brand.name}`,
    preview: 'Din plats är bekräftad; här finns dina uppgifter.',
    heading: 'Du står på väntelistan',
    intro: (brand: Brand) =>
      `Du har anmält dig till väntelistan för ${brand.name} med en partnerkod, så din plats är bekräftad och du behöver inte göra något mer. Vi hör av oss med information om tidig åtkomst när plattformen öppnar för fler organisationer.`,
    button: 'Se mina uppgifter',
    validity: (n: number) =>
      `Knappen öppnar sidan med det vi har om dig, där du också kan rätta eller radera det. Länken fungerar i ${dagar(n)}.`,
    notYou:
      'Har du inte anmält dig? Då har någon använt din adress: radera den på sidan, eller avregistrera dig nedan, så skriver vi inte igen.',
  },
  booking: {
    subject: (brand: Brand) => `Ett 20 minuters samtal om piloten av ${brand.name}?`,
    preview: 'Välj en tid som passar dig, om du vill.',
    heading: 'Vill du prata med en grundare?',
    intro: (brand: Brand) =>
      `Tack för att du har bekräftat din plats på väntelistan för ${brand.name}. Utifrån det du har berättat kan piloten passa din organisation väl, och vi vill gärna höra hur ditt team arbetar med idéer i dag.`,
    button: 'Boka ett 20 minuters samtal med en grundare',
    note: 'Knappen öppnar vår bokningssida hos schematjänsten. Inget samtal? Då kan du bortse från mejlet; din plats på listan är densamma.',
  },
  invitation: {
    subject: (brand: Brand) => `Din inbjudan till piloten av ${brand.name}`,
    preview: 'En plats i piloten väntar på dig.',
    heading: (brand: Brand) => `Du är inbjuden till piloten av ${brand.name}`,
    intro: (brand: Brand) =>
      `Tack för att du har väntat. Vi öppnar ${brand.name} för en liten grupp innovationsteam och vill gärna att ditt är ett av dem. Länken nedan visar din inbjudan; när du tackar ja får du en personlig åtkomstkod till produkten.`,
    button: 'Visa min inbjudan',
    validity: (until: string) => `Inbjudan är personlig och gäller till och med ${until}.`,
  },
  campaign: {
    testPrefix: '[Test]',
    testNotice: 'Det här är ett testexemplar. Länkarna nedan är exempel och leder ingenstans.',
  },
};

const operatorMails: Catalogue['operatorMails'] = {
  settingsLink: 'Mejlinställningar',
  reason: (brand: Brand) =>
    `Du får det här eftersom du är operatör i ${brand.name}s väntelistekonsol och har valt det i dina mejlinställningar.`,
  none: 'inga',
  confirmed: {
    subject: (email: string, company: string) => `Bekräftad: ${email} (${company})`,
    preview: (role: string, size: string) => `${role}, ${size}`,
    heading: 'En anmälan har bekräftats',
    labels: { email: 'E-post', company: 'Företag', role: 'Roll', companySize: 'Företagets storlek', source: 'Källa' },
    personalAddress: 'privat adress',
    unknownCompany: 'okänt',
    unknownSource: 'direkt eller okänd',
    unknownAnswer: 'inte känt än (importerad)',
    button: 'Öppna i konsolen',
  },
  digest: {
    subject: (day: string, signups: number, confirmed: number) => `Väntelistan ${day}: ${signups} nya, ${confirmed} bekräftade`,
    preview: (companies: number) => `${companies} nya företag`,
    heading: (day: string) => `Väntelistan, de senaste 24 timmarna (${day})`,
    labels: {
      signups: 'Nya anmälningar',
      confirmed: 'Bekräftelser',
      newCompanies: 'Nya företag',
      returningCompanies: 'Ännu en person från ett företag som redan finns på listan',
      topSources: 'Största källorna',
    },
    button: 'Öppna tratten',
  },
  invitation: {
    subject: (brand: Brand) => `Du är inbjuden till ${brand.name}s väntelistekonsol`,
    preview: (role: string) => `Din roll: ${role}. Välj ditt lösenord inom 48 timmar.`,
    heading: 'Gå med i teamet i konsolen',
    body: (inviter: string, role: string, brand: Brand) =>
      `${inviter} har bjudit in dig till ${brand.name}s väntelistekonsol som ${role}. Välj ditt lösenord med knappen nedan; länken fungerar en gång, i 48 timmar.`,
    roles: { owner: 'ägare', member: 'medlem', viewer: 'läsare' },
    button: 'Välj mitt lösenord',
    ignore: 'Om du inte väntade dig detta kan du strunta i mejlet: inget händer utan länken.',
    reason: (brand: Brand) => `Du får det här eftersom en ägare av ${brand.name}s väntelistekonsol bjöd in den här adressen.`,
  },
  signInChanged: {
    subject: (brand: Brand) => `Sättet du loggar in i ${brand.name}s konsol har ändrats`,
    what: {
      'passkey-added': 'En nyckel (passkey) lades till på ditt konto.',
      'passkey-removed': 'En nyckel (passkey) togs bort från ditt konto.',
      'authenticator-on': 'En autentiseringsapp kopplades till ditt konto (en tidigare slutade gälla).',
      'authenticator-off': 'Autentiseringsappen för ditt konto stängdes av, och reservkoderna med den.',
      'recovery-codes': 'Nya reservkoder skapades för ditt konto; de tidigare slutade gälla.',
      password: 'Lösenordet för ditt konto byttes, och dina andra sessioner avslutades.',
    },
    heading: 'Sättet du loggar in har ändrats',
    ifYou: 'Om det var du behöver du inte göra något.',
    ifNotYou: (owners: string) =>
      `Om det inte var du använder någon ditt konto: säg till en ägare av konsolen direkt (${owners}), så att de kan avsluta dina sessioner och återställa dina faktorer.`,
    noOtherOwner:
      'Om det inte var du använder någon ditt konto: avsluta dina andra sessioner på din säkerhetssida, byt lösenord och gå igenom granskningsloggen.',
    button: 'Öppna min säkerhetssida',
    reason: (brand: Brand) => `Du får det här eftersom du är operatör i ${brand.name}s väntelistekonsol: det gäller ditt eget konto.`,
  },
  documentRequest: {
    subject: (company: string) => `${company} ber om våra säkerhetsdokument`,
    preview: (documents: string) => `De ber om: ${documents}`,
    heading: 'En begäran om våra säkerhetsdokument',
    body: (name: string, company: string) =>
      `${name} på ${company} bad på förtroendesidan om dokumenten nedan. Svara genom att svara på det här mejlet (svaret går till dem) och markera sedan begäran som besvarad i konsolen.`,
    labels: { name: 'Namn', email: 'E-post', company: 'Företag', documents: 'Dokument', message: 'Meddelande', language: 'Språk' },
    noMessage: '(inget)',
    unproven:
      'Begäran kom utan ett löst arbetsbevis (besökaren hade inget skript, eller så skickade en bot den), så det här mejlet väntade på timbudgeten för obevisad e-post.',
    button: 'Öppna förfrågningarna',
    reason: (brand: Brand) => `Du får det här eftersom du är ägare av ${brand.name}s väntelistekonsol.`,
  },
  mailRefused: {
    subject: (brand: Brand, domain: string, why: string) => `${domain} tar inte emot mejl från ${brand.name}s väntelista: ${why}`,
    preview: (domain: string) => `Varje mejl till ${domain} kan nekas tills det här är åtgärdat`,
    heading: 'En mottagare nekar våra mejl',
    body: (domain: string, why: string) =>
      `${domain} nekade ett mejl från oss och angav varför: ${why}. Det gäller vårt sätt att skicka (våra DNS-poster, vår server, vårt innehåll), inte personen mejlet gick till: ingen har spärrats, och nästa mejl till ${domain} nekas på samma sätt tills felet är åtgärdat. Ett pågående utskick eller en inbjudningsvåg pausar sig själv när mer än 2 % av det den försökt skicka nekas.`,
    advice:
      'Öppna Leveransbarhet i konsolen: där står varje domän som nekat oss och varför, och våra SPF-, DKIM- och DMARC-poster kontrolleras (npm run mail:check skriver ut posterna att publicera). Du får det här högst en gång i veckan för varje domän och orsak.',
    button: 'Öppna Leveransbarhet',
    reason: (brand: Brand) => `Du får det här eftersom du är ägare av ${brand.name}s väntelistekonsol.`,
  },
  sendPaused: {
    subject: (brand: Brand, send: string) => `${send} från ${brand.name}s väntelista pausade sig själv: för många studsar eller klagomål`,
    preview: (waiting: number) => `${waiting} mejl väntar tills en ägare återupptar utskicket`,
    heading: 'Ett utskick pausade sig själv',
    body: (send: string, reason: string, waiting: number) =>
      `${send} slutade skicka: ${reason}. ${waiting} mejl väntar. Mejlleverantörerna bedömer vår avsändardomän efter studsar och spamanmälningar; över de här nivåerna riskerar varje senare mejl, bekräftelser inräknade, att hamna i skräpposten.`,
    advice:
      'Se efter var listan kom ifrån (en gammal import, köpta adresser, ett fält fullt av stavfel). Adresserna som studsade eller klagade är redan spärrade; återuppta utskicket i konsolen när resten går att lita på, eller avbryt det.',
    button: 'Öppna konsolen',
    campaign: (name: string) => `Utskicket "${name}"`,
    wave: (name: string) => `Inbjudningsvågen "${name}"`,
    reason: (brand: Brand) => `Du får det här eftersom du är ägare av ${brand.name}s väntelistekonsol.`,
  },
  readBudget: {
    subject: (brand: Brand) => `En operatör i ${brand.name}s konsol har läst många personers uppgifter inom en timme`,
    preview: (people: number) => `${people} personer lästa inom en timme`,
    heading: 'Läsningen pausad för en operatör',
    body: (reader: string, people: number, budget: number) =>
      `${reader} läste ${people} personers uppgifter i konsolen inom en timme, vilket är budgeten för en operatör (${budget}). Deras läsningar är pausade tills timmen är slut; inget har ändrats.`,
    advice:
      'Om det var väntat (en lång genomgång) behöver du inte göra något; höj ADMIN_READ_BUDGET_PER_HOUR om det händer ofta. Om inte: avsluta deras sessioner eller ändra deras roll på sidan Team och läs granskningsloggen (signups.read).',
    button: 'Öppna granskningsloggen',
    reason: (brand: Brand) => `Du får det här eftersom du är ägare av ${brand.name}s väntelistekonsol.`,
  },
  credentialMade: {
    subject: (brand: Brand, what: string) => `${what} i ${brand.name}s konsol`,
    preview: (actor: string) => `Gjort av ${actor}`,
    heading: 'En varaktig väg in i konsolen har ändrats',
    apiKey: 'En API-nyckel har skapats',
    ssoPolicy: 'Reglerna för inloggning via organisationen har ändrats',
    body: (actor: string, what: string, detail: string) =>
      `${actor} gjorde det nyss, efter att ha bevisat att det var hen: ${what.toLowerCase()} (${detail}).`,
    advice:
      'Om du väntade dig det behöver du inte göra något. Om inte: återkalla nyckeln på sidan API-nycklar eller ändra tillbaka reglerna under Team → Inloggning via organisationen, avsluta hens sessioner och läs granskningsloggen.',
    button: 'Öppna granskningsloggen',
    reason: (brand: Brand) => `Du får det här eftersom du är ägare av ${brand.name}s väntelistekonsol.`,
  },
  factorGuessing: {
    subject: (brand: Brand) => `Någon med ditt lösenord provar koder på ditt konto i ${brand.name}s konsol`,
    preview: (wrong: number) => `${wrong} felaktiga koder inom en timme`,
    heading: 'Någon provar koder på ditt konto',
    body: (wrong: number) =>
      `Ditt lösenord angavs rätt och sedan ${wrong} felaktiga koder för andra faktorn inom en timme, från ett eller flera nätverk. Tills timmen är slut tar ditt konto bara en nyckel (passkey) eller en reservkod.`,
    advice:
      'Om det inte var du känner någon till ditt lösenord: logga in, byt det och be en ägare avsluta dina sessioner. Om det var du behöver du inte göra något.',
    button: 'Öppna min säkerhetssida',
    reason: (brand: Brand) => `Du får det här eftersom du är operatör i ${brand.name}s väntelistekonsol: det gäller ditt eget konto.`,
  },
};

export const sv: Catalogue = { lang: 'sv', site, form, options, selfService, mails, operatorMails };
