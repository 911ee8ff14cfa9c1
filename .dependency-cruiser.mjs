// dependency-cruiser (in `npm run lint`): the shape of src/server. Eight areas, each a folder:
// platform (the toolbox every area uses), then accounts, site, money, leads, stripe-events, admin
// and jobs, in that order. An area may import the areas before it, never one after it; another
// area's files are reached through its front door (its index.ts) only; platform is open (any of
// its files may be imported) but imports no area. docs/architecture.md, "Areas", says why.
// Tests, scripts and benches are not cruised: they reach into an area's files on purpose.
const ORDER = ['platform', 'accounts', 'site', 'money', 'leads', 'stripe-events', 'admin', 'jobs'];
const AREA = ORDER.join('|');

/** @type {import('dependency-cruiser').IConfiguration['forbidden']} */
const upward = ORDER.slice(0, -1).map((area, i) => ({
  name: 'no-upward-import',
  comment: `${area} sits below ${ORDER.slice(i + 1).join(', ')}: it may not import them.`,
  severity: 'error',
  from: { path: `^src/server/${area}/` },
  to: { path: `^src/server/(${ORDER.slice(i + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...upward,
    {
      name: 'front-door',
      comment:
        "Another area's files are reached through its index.ts: add the use-case to that area's front door and import it from there.",
      severity: 'error',
      from: { path: `^src/server/(${AREA})/` },
      to: {
        path: `^src/server/(${AREA})/`,
        pathNot: [`^src/server/$1/`, '^src/server/platform/', `^src/server/(${AREA})/index[.]ts$`],
      },
    },
    {
      name: 'front-door',
      comment:
        "Pages, the middleware and Netlify's functions reach an area through its index.ts (platform's files are open).",
      severity: 'error',
      from: { path: '^(src/(pages|middleware|layouts|components)|netlify/functions)' },
      to: {
        path: '^src/server/',
        pathNot: ['^src/server/platform/', `^src/server/(${AREA})/index[.]ts$`],
      },
    },
    {
      name: 'not-own-front-door',
      comment: "Inside an area, import the file itself: the area's own index.ts would make a circle.",
      severity: 'error',
      from: { path: `^src/server/(${AREA})/`, pathNot: `^src/server/(${AREA})/index[.]ts$` },
      to: { path: '^src/server/$1/index[.]ts$' },
    },
    {
      name: 'no-loose-server-file',
      comment: 'Every server file belongs to an area.',
      severity: 'error',
      from: {},
      to: { path: '^src/server/[^/]+$' },
    },
    {
      name: 'no-circular',
      comment: 'No file circles in the server.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^(src|netlify)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs'] },
  },
};
