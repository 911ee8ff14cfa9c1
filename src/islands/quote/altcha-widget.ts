// Loads the ALTCHA proof-of-work widget (the web component <altcha-widget>) on demand: its script,
// its stylesheet and its SHA-256 worker are our own bundled files, so nothing comes from a third
// party and the page's CSP needs no inline code or blob: workers.
import 'altcha/external';
import 'altcha/altcha.css';
import type { AltchaGlobal } from 'altcha/types';
import ShaWorker from 'altcha/workers/sha?worker';

// The widget's global registry of solvers: ours for SHA-256, the only algorithm we issue.
const altcha = (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha;
altcha.algorithms.set('SHA-256', () => new ShaWorker());
