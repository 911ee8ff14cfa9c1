// Speed to lead (issue 27): from a sale recorded to its alerts accepted, pushes and texts, with 20
// sales at once. The measuring runs in a child process (bench/alerts-child.ts), because it points
// the server's SMS port at a local stand-in of Twilio's API through the TWILIO_* variables, which
// a process reads once; the other benches keep the sandbox provider.
import { spawn } from 'node:child_process';
import type { Measurement } from './foundation.ts';

export async function alertsBench(): Promise<Measurement[]> {
  const child = spawn(process.execPath, [...process.execArgv, 'bench/alerts-child.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const last = out.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !last.startsWith('['))
    throw new Error(`alert bench failed (exit ${code}): ${out.slice(-2000)}`);
  return JSON.parse(last) as Measurement[];
}
