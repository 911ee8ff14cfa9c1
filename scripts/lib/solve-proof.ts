// What the quote form's widget does in the browser, done in Node: take a challenge from the
// server's own code and solve it with altcha-lib, giving the payload the form sends. For the
// demo data, the tests and the benches, which send quote requests as a browser would.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createQuoteChallenge } from '../../src/server/leads/requests/proof-of-work.ts';

export async function solvedProof(): Promise<string> {
  return solvedPayload(await createQuoteChallenge());
}

/** The same for a challenge fetched from a running server's GET /api/quotes/challenge. */
export async function solvedServerProof(origin: string): Promise<string> {
  const answer = await fetch(`${origin}/api/quotes/challenge`);
  if (!answer.ok) throw new Error(`GET /api/quotes/challenge answered ${answer.status}`);
  return solvedPayload((await answer.json()) as Challenge);
}

type Challenge = Parameters<typeof solveChallenge>[0]['challenge'];

/** A challenge solved, as the widget sends it: base64 JSON of the challenge and its solution. */
async function solvedPayload(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
