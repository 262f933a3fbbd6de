import fs from 'node:fs';

/*
 * Server layers (docs/architecture.md): imports flow down only. Who may import whom, exactly as the zones below say:
 *   the root files (server.ts, app.ts, env.ts,     anything (they wire the layers together)
 *   the *-cli.ts, migrate.ts) and settings/
 *   routes/<feature>/                             http/, services/, db/, lib/ (never another feature, env.ts, app.ts)
 *   cli/, delivery/                               services/, io/, db/, lib/
 *   services/                                     io/, db/, lib/
 *   http/                                         db/, lib/
 *   db/, io/                                      lib/
 *   lib/                                          no folder of server/src (packages: only pure ones, no file, DNS,
 *                                                 socket or driver: the lib/ block of eslint.config.js)
 * Each zone lists the folders of server/src a layer may import; everything else in server/src is refused. Every
 * folder of server/src/routes is a feature: features never import each other. Tests and test helpers may import anything.
 */
const SERVER = 'server/src';
const ROUTE_FEATURES = fs
  .readdirSync(new URL(`../${SERVER}/routes`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverLayer = (target, allowed, message) => ({
  target: `${SERVER}/${target}`,
  from: SERVER,
  except: [`./${target}`, ...allowed.map((dir) => `./${dir}`)],
  message: `${message} (docs/architecture.md)`,
});
export const SERVER_LAYER_ZONES = [
  serverLayer('lib', [], 'lib/ holds pure helpers: it imports only the contract and the catalogue'),
  serverLayer('io', ['lib'], 'io/ reads and writes outside the database (files, DNS): it imports only lib/'),
  serverLayer('db', ['lib'], 'db/ (connection, migrations, stores) imports only lib/: no service, no route, no http/'),
  serverLayer('http', ['db', 'lib'], 'http/ is shared plumbing: it imports db/ and lib/, never a service, a route or the app'),
  serverLayer(
    'services',
    ['io', 'db', 'lib'],
    'services/ hold the rules of each use case over the stores: they know nothing of HTTP or routes',
  ),
  serverLayer(
    'delivery',
    ['services', 'io', 'db', 'lib'],
    'delivery/ sends what the outbox holds: it imports services/, io/, db/ and lib/',
  ),
  serverLayer('cli', ['services', 'io', 'db', 'lib'], 'cli/ is a way in beside the routes: it imports services/, io/, db/ and lib/'),
  ...ROUTE_FEATURES.map((feature) =>
    serverLayer(
      `routes/${feature}`,
      ['http', 'services', 'db', 'lib'],
      'A route feature imports http/, services/, db/ and lib/: never another feature, env.ts or app.ts',
    ),
  ),
  {
    target: 'contract/src',
    from: ['server', 'web', 'e2e', 'catalogue'],
    message: 'The contract is the bottom layer: it imports nothing of ours (docs/architecture.md)',
  },
  {
    target: 'catalogue/src',
    from: ['server', 'web', 'e2e'],
    message: 'The catalogue holds words and facts: it imports only the contract (docs/architecture.md)',
  },
];

/*
 * Web layers (docs/architecture.md): entries (entry-*.ts(x), islands/) → app/ → features/ (each on its own) →
 * shared (components/ui, lib, config) → @waitlist/contract. Every folder of web/src/features is a feature.
 */
const WEB = 'web/src';
const WEB_ENTRIES = [`${WEB}/islands`, `${WEB}/entry-client.ts`, `${WEB}/entry-server.tsx`];
const WEB_FEATURES = fs
  .readdirSync(new URL(`../${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
export const WEB_LAYER_ZONES = [
  ...['components', 'lib', 'config'].map((shared) => ({
    target: `${WEB}/${shared}`,
    from: [`${WEB}/app`, `${WEB}/features`, ...WEB_ENTRIES],
    message: `${shared}/ is shared by every page and feature: it imports no feature, no app/ and no entry (docs/architecture.md)`,
  })),
  {
    target: `${WEB}/app`,
    from: WEB_ENTRIES,
    message: 'app/ is what a page is made of: the entries and islands import it, not the other way (docs/architecture.md)',
  },
  ...WEB_FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: [`${WEB}/app`, ...WEB_ENTRIES, ...WEB_FEATURES.filter((other) => other !== feature).map((other) => `${WEB}/features/${other}`)],
    message:
      'A feature imports components/ui, lib, config and the contract: never app/, an entry or another feature (docs/architecture.md)',
  })),
];
