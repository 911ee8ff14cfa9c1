// A stand-in for an SMTP relay at the protocol boundary: a plain SMTP server on 127.0.0.1 that
// accepts (or, when told, refuses) messages and keeps what it received. nodemailer, the real
// client, talks to it exactly as it would to a provider. It can also be down (the port refuses
// connections until it is up again, on the same port), or drop a session right after a message's
// data arrived and was kept, before its '250' (the client cannot know the mail went through).
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpStandIn {
  url: string;
  received: ReceivedMail[];
  /** Refuse every recipient with this reply (e.g. '550 Mailbox unavailable') until null. */
  refuseWith: string | null;
  /** The next this many messages are kept, then the connection is dropped before the '250'. */
  dropAfterData: number;
  /** Stops listening: connections are refused (ECONNREFUSED) until up(). */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const sockets = new Set<Socket>();
  const state: SmtpStandIn = {
    url: '',
    received: [],
    refuseWith: null,
    dropAfterData: 0,
    down: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
    up: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 stand-in ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            state.received.push(current);
            current = { from: '', to: [], data: '' };
            if (state.dropAfterData > 0) {
              state.dropAfterData -= 1;
              socket.destroy();
              return;
            }
            reply('250 OK queued');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 stand-in');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 OK');
        } else if (verb === 'RCPT') {
          if (state.refuseWith) reply(state.refuseWith);
          else {
            current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 OK');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 OK');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  return state;
}
