// Above Submit on the wizard's last step: who may contact the homeowner once the request is sent,
// and how, with the Privacy page (issue 25). The number is the one the matcher sells a lead to.
import { CONTRACTORS_PER_LEAD_WORD } from '../../domain/quote-rules.ts';
import { PRIVACY_PATH } from '../../domain/site-pages.ts';

export const CONSENT_ID = 'quote-consent';

export default function ConsentLine() {
  return (
    <p id={CONSENT_ID} className="consent">
      By sending this request you agree that up to {CONTRACTORS_PER_LEAD_WORD} matched contractors may call,
      text or e-mail you about this project at the details above, once your phone is proven. Nobody else gets
      your details. <a href={PRIVACY_PATH}>Privacy Policy</a>
    </p>
  );
}
