import { BOUNCE_REASONS, type BounceReason } from '@waitlist/contract';

export { BOUNCE_REASONS, effectOf, type BounceEffect, type BounceReason } from '@waitlist/contract';

/**
 * The words servers use for each reason, tried in this order on what the server said (the first that matches wins):
 * the more specific before the more general (a DMARC refusal says "rejected" too; a full mailbox names the user).
 */
export const REASON_WORDS: [BounceReason, RegExp][] = [
  ['vacation', /\b(out of (the )?office|on vacation|auto(matic)?[ -]?repl(y|ied)|away from (the )?office|i am (currently )?away)\b/],
  [
    'auth-failure',
    /\b(dmarc|spf|dkim)\b[^.]{0,80}\b(fail|policy|reject|not (pass|accepted|aligned)|did not pass|check failed|hard ?fail|invalid|missing|unauthenticated)|bad spf records?|\b(dmarc|spf)[ -](check|verification|validation|fail)|unauthenticated (e-?mail|mail|message)|sender is unauthenticated|multiple authentication checks failed|does not have authentication information|authentication (checks? )?failed[^.]{0,40}(spf|dkim|dmarc)|\b5\.7\.(2[3-7]|509|515)\b/,
  ],
  [
    'require-ptr',
    /reverse dns|\bptr\b|\brdns\b|ip name lookup failed|mismatches client ip|no (valid )?reverse|unverifyable sending ips?|without a valid sender domain|\b5\.7\.25\b|cannot find your hostname|client host [^ ]* ?rejected: cannot find/,
  ],
  [
    'bad-reputation',
    /reputation|unexpected volume or user complaints|\[tss0[49]\]|rate limited due to ip reputation|sender score|senderscore|low (sending )?score/,
  ],
  [
    'not-rfc-compliant',
    /rfc ?(5322|2822|822)|not (rfc|standards?)[ -]compliant|multiple (addresses in from|subject|from|to|date|message-id)[^.]{0,20}headers?|duplicate header|messages? with multiple addresses|missing (a )?(date|message-id|from) header|(bare|naked) (lf|cr)/,
  ],
  ['virus-detected', /virus|malware|infected|\bworm\b|trojan/],
  [
    'spam-detected',
    /\bspam\b|\bube\b|unsolicited|junk mail|scored as|bulk mail|blacklisted url|message content rejected|content rejected|mail rejete\. mail rejected|spamhaus dbl|phish/,
  ],
  [
    'no-relaying',
    /relay(ing)? (access )?(denied|not (allowed|permitted))|not (configured|permitted|allowed) to relay|unable to relay|relay not permitted|we do not relay|no relaying|email address is not verified|relaying denied|relay access/,
  ],
  [
    'too-many-connections',
    /too many (connections|recipients(?! this hour)|concurrent|simultaneous)|connection (rate|limit|frequency)|ip frequency limited|(connection|session) limit/,
  ],
  // Refusals of our sender address that also say "blacklisted" or "denied": the address, not our server, is refused.
  ['sender-rejected', /sending to\/from an address|all recipient addresses rejected/],
  [
    'blocked',
    /block ?list|black ?list(ed)?|\bdnsbl\b|\brbl\b|spamhaus|spamcop|sorbs|barracuda ?central|banned sending ip|client host [^ ]* ?(rejected|blocked)|blocked (by|for|using|ip)|ip (address )?(is )?(blocked|banned|blacklisted|listed)|(your|the sending|sender) ip|aup#\w*rbl|part of their network is on our block|messages from [\d.]+ weren't sent|too many unwanted messages|access denied, banned|please use the smtp server of your isp|refused to talk to me|not accepting connections|adresse ip source bloquee|service refuse|invalid ip for sending|\(bl\)|^blocked|not allowed to send from|relay quota/,
  ],
  [
    'policy-violation',
    /polic(y|ies)|content presents a potential|host network not allowed|protocol violation|not allowed - |header error|header(s)? (is )?invalid|denied by polic|security polic/,
  ],
  ['content-error', /content|8-?bit data|headers? too (large|long)|media (error|not supported)|mime|attachment|encoding|illegal character/],
  [
    'sender-rejected',
    /sender (address )?(rejected|denied|refused|verify failed|not (allowed|authorized|permitted))|domain of sender|sender domain|(unroutable|invalid|unknown|bad) sender|envelope sender|mail from[^.]{0,30}(rejected|refused|not accepted)|address (of the )?sender|from: domain is invalid|purported responsible address|you are sending to\/from an address|return path|send mail as|may not exist, or you may not have permission|sending to\/from/,
  ],
  [
    'mailbox-full',
    /mailbox (is )?(full|over ?quota|size limit exceeded|exceeds)|(over|exceeded|exceeds) (the )?(quota|storage|disk quota)|quota (exceeded|full|violation)|(disk|storage) (quota|space) (exceeded|full)|inbox is (out of storage|full)|user'?s? (mailbox|mail ?folder|disk) (is )?(full|over)|mailfolder is full|insufficient (user )?(storage|quota)|account is (over quota|full)|is over quota|over (the )?(allowed )?quota|storage quota|mailbox exceeds|exceeds allowed size|mail ?box full|user is over|boite (aux lettres )?pleine|postfach voll|not enough (disk )?space in the mailbox|exceeded storage allocation|number of messages in recipient'?s mailbox exceeded/,
  ],
  [
    'exceeds-limit',
    /message length exceeds|exceeds (the )?(administrative|recipient|per-message)? ?limit|recipsizelimit|size exceeds (fixed )?maximum|message (is )?too large for this recipient|length exceeds limit set by recipient/,
  ],
  [
    'message-too-big',
    /message (is )?too (big|large)|message size|too big for|size limit|line limit exceeded|exceeds? (the )?maximum (allowed )?size|message exceeds/,
  ],
  [
    'disabled',
    /(account|mailbox|user|address|recipient)[^.]{0,30}(is )?(disabled|suspended|inactive|locked|frozen|deactivated|discontinued|blocked|expired|closed|not active)|disabled (recipient|user|mailbox|account)|temporar(il)?y locked|compte du destinataire est bloque|mailbox is frozen|has been disabled/,
  ],
  [
    'rate-limited',
    /receiving mail (at a rate|too fast)|rate (limit|that prevents)|too many (messages|mails|recipients this hour)|sent to too many recipients|daily sending quota|(frequency|rate) limited|try again later[^.]{0,20}rate|too (much|many) mail|exceeded (the )?(hourly|daily) (limit|quota)|sending (rate|limit)/,
  ],
  [
    'has-moved',
    /(recipient|user|address)[^.]{0,20}(no longer (on|at|with|valid)|has moved|has changed)|no longer on server|mailbox has moved|moved[^.]{0,20}no forwarding|not our (user|customer)|changed (his|her|their) (e-?mail )?address/,
  ],
  [
    'user-unknown',
    /(user|mailbox|recipient|address|account|addressee|local part|e-?mail account|alias)[^.<>]{0,30}(unknown|not found|does ?n[o']t exist|not exist|invalid|not known|no such|is not (valid|recognized)|unavailable|not available|unrouteable|not listed|doesn'?t have)|(unknown|invalid|no such|non-?existent|bad|unrecognized) (user|mailbox|recipient|address|account|local|addressee|destination address)|no mailbox here|not (a )?valid (mailbox|recipient|user)|invalid final delivery userid|not a registered gateway user|user not exist|could not be reached|recipient not found|no such (person|user|mailbox|address)|not recognized|doesn'?t have an? [^ ]+ account|unknown or illegal alias|unknown local part|undeliverable address|(dosn't|does not) exist here|the email account that you tried to reach does not exist|no account by that name|mailbox unavailable|directory lookup failed|resolver\.adr\.recipnotfound|not in (the )?(directory|local recipient table)|not listed in (the )?(domino )?directory|no valid recipients|check if (the )?address is correct|bad destination mailbox|address unknown|user doesn'?t exist|ユーザーが見つかりません/,
  ],
  [
    'no-mail-host',
    /null mx|no mx (record )?(found|for)|does not accept mail|doesn'?t receive email|an mx or srv record indicated no smtp service|(couldn'?t|could not) find a mail exchanger|not accepting (network )?messages|accepts no mail|domain does not accept/,
  ],
  // Google's own DNS failures name the domain ("NXDOMAIN Domain name not found") but are a look-up that failed.
  ['network-error', /dns error: |no relevant answers|host (is )?(not reachable|unreachable)|host not found, try again/],
  [
    'host-unknown',
    /(host|domain)(?! said)[^.:]{0,20}(unknown|not found|does ?n[o']t exist|not exist|invalid|unreachable|not reachable|no such)|no such domain|unrouteable (mail )?(address|domain)|unroutable address|(couldn'?t|could not|cannot|can'?t) find any host|illegal host|bad destination (system|host)|domain (name )?not found|name or service not known|nxdomain|host not found|unknown host|domain is not reachable|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,} does not exist/,
  ],
  [
    'network-error',
    /network|dns (error|lookup|type)|name service error|lookup failure|no route to host|lost connection|connection (reset|closed|dropped)|hop count|too many hops|routing loop|loop detected|mail loop|could not connect|unable to connect|wasn'?t able to establish|connection refused|malformed or unexpected name server reply|broken pipe/,
  ],
  [
    'expired',
    /did not accept our requests to connect|expired|retry timeout exceeded|queue too long|failing for a long time|will be retried|giving up|timed? out|delivery failed \d+ attempts|aborted after|unable to deliver (this message )?after|retries exceeded|could not be delivered for \d+/,
  ],
  ['system-full', /insufficient (disk|system) (space|storage)|system (storage|disk) full|out of (disk )?space|no space left/],
  [
    'system-error',
    /system (error|problem|failure)|internal (server |system )?error|server (error|failure|busy)|service (currently )?unavailable|temporar(il)?y unavailable|local error|resources temporarily unavailable|could not load|unable to contact|server configuration|transaction failed|mail system problem/,
  ],
  ['mailer-error', /mailer|procmail|\bexit (code|status)\b|command (died|failed)|generated by|pipe to|child status|program/],
  [
    'security-error',
    /delivery not authori[sz]ed|authentication required|smtp auth|not authorized|unauthenticated senders|authentication|access denied|security/,
  ],
  [
    'syntax-error',
    /syntax error|command (parameter )?not (implemented|recognized)|improper sequence|bad sequence|malformed address|unrecognized command/,
  ],
  ['starttls-failed', /starttls|tls (is )?required|(does not|doesn'?t) support tls|encryption required|must issue a starttls/],
  ['filtered', /filter|refused due to recipient preferences|rejected by (the )?recipient|user reject|not accepted by the recipient/],
  ['suppressed', /suppression list|on (the|our|a) suppress|recipient is suppressed/],
];

/**
 * The enhanced status codes (RFC 3463, and the IANA registry's additions) that say the reason on their own: read when
 * the server's words match none above.
 */
export const STATUS_REASONS: Record<string, BounceReason> = {
  '1.1': 'user-unknown',
  '1.2': 'host-unknown',
  '1.3': 'syntax-error',
  '1.4': 'user-unknown',
  '1.5': 'delivered',
  '1.6': 'has-moved',
  '1.7': 'sender-rejected',
  '1.8': 'sender-rejected',
  '1.9': 'user-unknown',
  '1.10': 'user-unknown',
  '2.0': 'on-hold',
  '2.1': 'disabled',
  '2.2': 'mailbox-full',
  '2.3': 'exceeds-limit',
  '2.4': 'mailer-error',
  '3.0': 'system-error',
  '3.1': 'system-full',
  '3.2': 'no-mail-host',
  '3.3': 'system-error',
  '3.4': 'message-too-big',
  '3.5': 'system-error',
  '4.0': 'network-error',
  '4.1': 'expired',
  '4.2': 'network-error',
  '4.3': 'system-error',
  '4.4': 'host-unknown',
  '4.5': 'system-error',
  '4.6': 'network-error',
  '4.7': 'expired',
  '5.0': 'syntax-error',
  '5.1': 'syntax-error',
  '5.2': 'syntax-error',
  '5.3': 'too-many-connections',
  '5.4': 'syntax-error',
  '5.5': 'syntax-error',
  '5.6': 'syntax-error',
  '6.0': 'content-error',
  '6.1': 'content-error',
  '6.2': 'content-error',
  '6.3': 'content-error',
  '6.4': 'content-error',
  '6.5': 'content-error',
  '6.6': 'content-error',
  '6.7': 'content-error',
  '6.8': 'content-error',
  '6.9': 'content-error',
  '6.10': 'content-error',
  '7.0': 'security-error',
  '7.1': 'security-error',
  '7.2': 'security-error',
  '7.3': 'security-error',
  '7.4': 'security-error',
  '7.5': 'security-error',
  '7.6': 'security-error',
  '7.7': 'security-error',
  '7.8': 'security-error',
  '7.9': 'security-error',
  '7.10': 'security-error',
  '7.11': 'starttls-failed',
  '7.12': 'security-error',
  '7.13': 'disabled',
  '7.14': 'security-error',
  '7.15': 'security-error',
  '7.16': 'security-error',
  '7.17': 'disabled',
  '7.18': 'disabled',
  '7.19': 'security-error',
  '7.20': 'auth-failure',
  '7.21': 'auth-failure',
  '7.22': 'auth-failure',
  '7.23': 'auth-failure',
  '7.24': 'auth-failure',
  '7.25': 'require-ptr',
  '7.26': 'auth-failure',
  '7.27': 'no-mail-host',
  '7.30': 'security-error',
  '7.509': 'auth-failure',
  '7.606': 'blocked',
};

/** Status codes that name the reason more exactly than most servers' words do: they win over the words. */
export const EXPLICIT_STATUSES = new Set([
  '1.6',
  '1.7',
  '1.8',
  '2.2',
  '2.3',
  '3.4',
  '4.6',
  '7.13',
  '7.25',
  '7.26',
  '7.27',
  '7.509',
  '7.606',
]);

/** The reasons that are a refusal of our mail (a Prometheus label set, the Deliverability page's rows). */
export const REFUSAL_REASONS = (Object.keys(BOUNCE_REASONS) as BounceReason[]).filter((r) => BOUNCE_REASONS[r].effect === 'refusal');
