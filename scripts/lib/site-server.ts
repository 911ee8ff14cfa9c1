// The Node server of the built site (npm start, the browser tests, the benches, self-hosting):
// Astro's Node adapter runs as middleware inside it, because the adapter's own server serves
// the prebuilt files without running any of our code. Here every request is checked first (a
// host this site serves, a body no larger than its route takes), every answer gets the security
// headers, and each prebuilt page its own Content-Security-Policy (Astro's hashes for that page,
// from _headers.json); then the file is sent, or the request goes to Astro.
import { readFileSync, rmdirSync, rmSync, statSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import send from 'send';
import { parseServerEnv, type ServerEnv } from '../../src/server/platform/config/env.ts';
import {
  bodyLimit,
  declaredTooLarge,
  tooLargeMessage,
} from '../../src/server/platform/security/body-limits.ts';
import {
  NON_PAGE_CSP,
  SERVICE_WORKER_CSP,
  SERVICE_WORKER_PATH,
  securityHeaders,
} from '../../src/server/platform/security/headers.ts';
import {
  hostPolicy,
  resolveSite,
  type RequestSite,
} from '../../src/server/platform/security/request-site.ts';
import { registerLocalSiteHost } from '../../src/server/platform/publish/local-site.ts';
import { createLocalRebuild } from './local-rebuild.ts';
import { trailingSlashLocation } from './trailing-slash.ts';

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: undefined,
  locals: Partial<App.Locals>,
) => Promise<void>;

/** How long the rest of a refused body is read and dropped before the connection is closed. */
const LINGER_MS = 2000;

/** Where Astro puts bundled assets (hashed names: cached for a year). */
const ASSETS = '/_astro/';

export interface SiteServer {
  server: http.Server;
  /** http://host:port */
  url: string;
  /** The folder whose files are served now (outDir, or the latest published build). */
  servedDir(): string;
  close(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Published builds kept on disk: the one served and the one before it. */
const KEEP_BUILDS = 2;

/**
 * One build's files as the server serves them. A request takes the current one when it arrives
 * and is answered wholly from it; a folder replaced by a newer build is deleted (past the last
 * KEEP_BUILDS) only once the requests it is answering have finished.
 */
interface SiteFiles {
  dir: string;
  client: string;
  policies: Map<string, string>;
  inFlight: number;
  /** Deleted as soon as nothing is read from it. */
  doomed: boolean;
}

const siteFiles = (dir: string): SiteFiles => ({
  dir,
  client: path.join(dir, 'client'),
  policies: pagePolicies(dir),
  inFlight: 0,
  doomed: false,
});

/** Each prebuilt page's Content-Security-Policy by path, as the Node adapter wrote it. */
function pagePolicies(outDir: string): Map<string, string> {
  const policies = new Map<string, string>();
  let entries: { pathname: string; headers: { key: string; value: string }[] }[];
  try {
    entries = JSON.parse(readFileSync(path.join(outDir, '_headers.json'), 'utf8')) as typeof entries;
  } catch {
    return policies;
  }
  for (const { pathname, headers } of entries) {
    const csp = headers.find((h) => h.key.toLowerCase() === 'content-security-policy');
    if (csp) policies.set(pagePath(pathname), csp.value);
  }
  return policies;
}

/** '/articles/' and '/articles' are one page. */
const pagePath = (pathname: string) => pathname.replace(/(.)\/$/, '$1');

export async function startSiteServer({
  outDir,
  host,
  port,
  env = parseServerEnv(process.env),
  rebuild = { command: path.join(ROOT, 'node_modules', '.bin', 'astro'), args: ['build'] },
}: {
  outDir: string;
  host: string;
  port: number;
  env?: ServerEnv;
  /** The command a publish rebuilds the site with (into ASTRO_OUT_DIR); tests give a small one. */
  rebuild?: { command: string; args: string[] };
}): Promise<SiteServer> {
  // The on-demand routes stay the first build's (the code does not change with a publish; one
  // copy of the server bundle keeps one database pool); the files come from the current build.
  const entry = pathToFileURL(path.join(outDir, 'server', 'entry.mjs')).href;
  const { handler } = (await import(entry)) as { handler: AstroHandler };
  const base = siteFiles(outDir);
  let current = base;
  /** Published builds, oldest first (not the first build, which is never deleted). */
  const builds: SiteFiles[] = [];
  const policy = hostPolicy(env);

  const release = (files: SiteFiles) => {
    files.inFlight -= 1;
    if (files.doomed && files.inFlight === 0) rmSync(files.dir, { recursive: true, force: true });
  };

  /** Serves `dir` from the next request on; builds past the last KEEP_BUILDS go once idle. */
  const activate = (dir: string) => {
    const next = siteFiles(dir);
    builds.push(next);
    current = next;
    while (builds.length > KEEP_BUILDS) {
      const old = builds.shift()!;
      old.doomed = true;
      if (old.inFlight === 0) rmSync(old.dir, { recursive: true, force: true });
    }
  };

  const buildsDir = `${outDir.replace(/[\\/]+$/, '')}-builds`;
  const localRebuild = createLocalRebuild({
    buildsDir,
    command: rebuild.command,
    args: rebuild.args,
    cwd: ROOT,
    env: process.env,
    inUse: () => [base.dir, ...builds.map((b) => b.dir)],
    activate,
  });
  registerLocalSiteHost({ rebuild: localRebuild.rebuild });

  const server = http.createServer((req, res) => {
    const decision = resolveSite(
      {
        host: req.headers.host ?? null,
        peer: req.socket.remoteAddress ?? null,
        encrypted: 'encrypted' in req.socket && req.socket.encrypted === true,
        forwardedHost: single(req.headers['x-forwarded-host']),
        forwardedProto: single(req.headers['x-forwarded-proto']),
        forwardedFor: single(req.headers['x-forwarded-for']),
      },
      policy,
    );
    for (const [name, value] of Object.entries(
      securityHeaders({ secure: decision.ok && decision.site.secure }),
    )) {
      res.setHeader(name, value);
    }
    // Answers without a policy of their own (files that are not pages, refusals) get the one
    // that lets nothing load; a page's own replaces it (Node lets writeHead's headers win).
    res.setHeader('content-security-policy', NON_PAGE_CSP);
    if (!decision.ok) return refuse(res, decision.status, decision.message);
    const { site } = decision;
    let pathname: string;
    try {
      pathname = decodeURI(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      return refuse(res, 400, 'Bad request.');
    }
    // Astro builds the request URL from the Host header: give it the name that was checked (a
    // trusted proxy's X-Forwarded-Host, or the Host itself).
    req.headers.host = new URL(site.origin).host;
    // This request is answered from the build served now, even if a newer one goes live meanwhile.
    const files = current;
    files.inFlight += 1;
    res.once('close', () => release(files));
    void (async () => {
      if (!(await bodyWithinLimit(req, res, pathname))) return;
      if (req.method === 'GET' || req.method === 'HEAD') {
        if (await serveFile(req, res, pathname, files)) return;
        // Pages rendered on demand (by the first build's routes) name its bundled assets.
        if (files !== base && pathname.startsWith(ASSETS) && (await serveFile(req, res, pathname, base)))
          return;
      }
      await handler(req, res, undefined, { site } satisfies { site: RequestSite });
    })().catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) refuse(res, 500, 'Internal Server Error');
      else res.destroy();
    });
  });

  /** A prebuilt file, if there is one at this path: true when it was sent. */
  function serveFile(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    { client, policies }: SiteFiles,
  ): Promise<boolean> {
    let file = pathname;
    let isDirectory = false;
    try {
      isDirectory = statSync(path.join(client, path.normalize(pathname))).isDirectory();
    } catch {
      // no such file or folder
    }
    if (isDirectory && pathname !== '/' && pathname.endsWith('/')) {
      // trailingSlash 'never': /articles/ is /articles (a normalised path of this site).
      res.writeHead(301, { location: trailingSlashLocation(req.url ?? '/') }).end();
      return Promise.resolve(true);
    }
    if (isDirectory) file = `${pathname.replace(/\/$/, '')}/index.html`;
    return new Promise((resolve) => {
      let found = false;
      const stream = send(req, path.posix.normalize(file), {
        root: client,
        dotfiles: file.startsWith('/.well-known/') ? 'allow' : 'deny',
        // build.format 'preserve': /services/plumbing is services/plumbing.html.
        extensions: ['html'],
      });
      stream.on('file', () => (found = true));
      stream.on('headers', (_res: ServerResponse, filePath: string) => {
        if (filePath.endsWith('.html')) {
          const csp = policies.get(pagePath(pathname));
          if (csp) res.setHeader('content-security-policy', csp);
        }
        if (pathname.startsWith(ASSETS))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        // The service worker fetches this site's pages for the page it serves.
        if (pathname === SERVICE_WORKER_PATH) res.setHeader('content-security-policy', SERVICE_WORKER_CSP);
      });
      stream.on('error', (error: { status?: number }) => {
        if (!found) return resolve(false);
        refuse(res, error.status ?? 500, error.status && error.status < 500 ? '' : 'Internal server error');
        resolve(true);
      });
      stream.on('end', () => resolve(true));
      stream.pipe(res);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${address.address}:${address.port}`;
  return {
    server,
    url,
    servedDir: () => current.dir,
    close: () =>
      new Promise((resolve) => {
        registerLocalSiteHost(null);
        localRebuild.stop();
        server.close(() => {
          // Published builds live as long as the server: the next start serves outDir again.
          for (const build of builds) rmSync(build.dir, { recursive: true, force: true });
          try {
            rmdirSync(buildsDir); // only if empty: another server may share it
          } catch {
            // not empty, or never made
          }
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

const single = (value: string | string[] | undefined): string | null =>
  (Array.isArray(value) ? value.join(',') : value) ?? null;

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(message);
}

/**
 * The body within the route's allowance, or a 413 and the connection closed. A declared
 * Content-Length over it is refused unread; a chunked body (no length) is read here, up to the
 * allowance, and handed to Astro whole, so no route ever holds more than its allowance.
 */
async function bodyWithinLimit(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
): Promise<boolean> {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  const limit = bodyLimit(pathname);
  const tooLarge = () => {
    res.writeHead(413, { 'content-type': 'application/json', 'cache-control': 'private, no-store' });
    res.end(JSON.stringify({ error: tooLargeMessage(pathname), code: 'PAYLOAD_TOO_LARGE' }));
    // A client still sending would get a reset, not this answer, if the connection closed now:
    // the rest is read and dropped (nothing kept) for a moment, then the connection goes.
    req.resume();
    const linger = setTimeout(() => req.socket.destroy(), LINGER_MS);
    req.once('end', () => clearTimeout(linger));
    return false;
  };
  const length = req.headers['content-length'];
  if (declaredTooLarge(length ?? null, limit)) return tooLarge();
  if (length !== undefined || req.headers['transfer-encoding'] === undefined) return true;
  const body = await readUpTo(req, limit);
  if (!body) return tooLarge();
  Object.assign(req, { body });
  return true;
}

/** The request's body, or null as soon as it passes `limit` bytes (reading then stops). */
function readUpTo(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done();
        req.pause();
        resolve(null);
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
