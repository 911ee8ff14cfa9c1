// npm run demo:code: the demo admin's current authenticator code (admin@example.com's second
// factor, scripts/lib/seed-demo-admin-factor.ts), and how long it is good for.
import { currentTotpCode, TOTP_PERIOD_SECONDS } from '../src/server/accounts/auth/second-factor/totp.ts';
import { DEMO_ADMIN_TOTP_SECRET } from './lib/seed-demo-admin-factor.ts';

const left = TOTP_PERIOD_SECONDS - (Math.floor(Date.now() / 1000) % TOTP_PERIOD_SECONDS);
console.log(
  `${currentTotpCode(DEMO_ADMIN_TOTP_SECRET)}  (admin@example.com's code, good for ${left} more seconds)`,
);
