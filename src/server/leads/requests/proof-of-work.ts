// The quote form's proof-of-work (ALTCHA, self-hosted: our server makes and checks the challenge,
// the browser solves it in a worker; no third party, works offline). It makes each request cost a
// browser a moment of hashing, so sending requests in bulk costs a sender real time. Each
// solution is accepted once.
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { QUOTE_MESSAGES } from '../../../domain/quote-rules.ts';
import { quoteProofOfWork } from '../../platform/config/security.ts';
import type { Db, Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { CHALLENGE_MINUTES } from '../leads-rules.ts';

/** SHA-256 rounds: cheap to check, a second or less of a phone's time to solve. */
const ALGORITHM = 'SHA-256';
const PROOF_MESSAGE = QUOTE_MESSAGES.proof;

/** Two secrets from one key: one signs the challenge, one its expected answer. */
function secrets(): { challenge: string; key: string } {
  const { hmacKey } = quoteProofOfWork();
  const derive = (label: string) => createHmac('sha256', hmacKey).update(label).digest('hex');
  return { challenge: derive('altcha challenge'), key: derive('altcha key') };
}

export async function createQuoteChallenge(): Promise<Challenge> {
  const { maxCounter } = quoteProofOfWork();
  const { challenge, key } = secrets();
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(maxCounter, Math.ceil(maxCounter / 5)),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
    hmacSignatureSecret: challenge,
    hmacKeySignatureSecret: key,
  });
}

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

/** The widget's payload (base64 of JSON) when it has the right shape, else null. */
function decode(payload: string): Payload | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<Payload> | null;
    const parameters = value?.challenge?.parameters;
    const solution = value?.solution;
    if (!parameters || typeof value.challenge?.signature !== 'string' || !solution) return null;
    if (typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
    return { challenge: value.challenge, solution };
  } catch {
    return null;
  }
}

/** Checks a solution (signature, not expired, the right answer); the challenge's signature. */
export async function checkProof(payload: string): Promise<{ signature: string; expiresAt: Date }> {
  const decoded = decode(payload);
  if (!decoded) throw proofError();
  const { challenge, key } = secrets();
  const result = await verifySolution({
    challenge: decoded.challenge,
    solution: decoded.solution,
    deriveKey,
    hmacSignatureSecret: challenge,
    hmacKeySignatureSecret: key,
  }).catch(() => null);
  const expires = decoded.challenge.parameters.expiresAt;
  if (!result?.verified || !decoded.challenge.signature || typeof expires !== 'number') throw proofError();
  return { signature: decoded.challenge.signature, expiresAt: new Date(expires * 1000) };
}

/** Spends a checked solution, in the transaction that stores the request: once only. */
export async function spendProof(tx: Db, proof: { signature: string; expiresAt: Date }): Promise<void> {
  const [spent] = await tx`
    insert into used_challenges (signature, expires_at) values (${proof.signature}, ${proof.expiresAt})
    on conflict (signature) do nothing returning signature`;
  if (!spent) throw proofError();
}

/** Forget spent solutions whose challenges have expired anyway. */
export async function purgeSpentProofs(sql: Sql): Promise<number> {
  const rows = await sql`delete from used_challenges where expires_at < now() returning signature`;
  return rows.length;
}

function proofError(): AppError {
  return new AppError('BAD_REQUEST', PROOF_MESSAGE, { altcha: [PROOF_MESSAGE] });
}
