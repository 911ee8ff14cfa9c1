// Requests sent exactly as written, with node:http: fetch will not send a Host header of the
// caller's choosing, connect from another loopback address, or keep streaming a body after the
// server has answered, and the security tests must.
import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The address to connect from (127.0.0.2 plays the trusted proxy). */
  localAddress?: string;
}

export function rawRequest(
  url: string,
  { method = 'GET', headers = {}, body, localAddress }: RawOptions = {},
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers, ...(localAddress ? { localAddress } : {}) },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

/**
 * POSTs a body of `bytes` bytes, chunked or with its Content-Length declared, and stops sending
 * as soon as the server answers; resolves with the status and how much had been sent by then.
 */
export function sendLargeBody(
  url: string,
  { bytes, chunked, headers = {} }: { bytes: number; chunked: boolean; headers?: Record<string, string> },
): Promise<{ status: number; sentBytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { ...headers, ...(chunked ? {} : { 'content-length': String(bytes) }) },
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    let answered = false;
    request.once('response', (response) => {
      answered = true;
      response.resume();
      resolve({ status: response.statusCode ?? 0, sentBytes: sent });
      request.destroy();
    });
    request.once('error', (error: NodeJS.ErrnoException) => {
      // The server may close the connection once it has answered; the answer is what counts.
      if (!answered) reject(error);
    });
    const write = () => {
      while (!answered && sent < bytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      if (!answered) request.end();
    };
    write();
  });
}
