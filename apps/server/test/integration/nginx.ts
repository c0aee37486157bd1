/**
 * nginx as the load balancer of the integration tests, running docs/deploy/nginx.conf (the sample
 * shipped to customers) with its upstream servers and listen address replaced. Debian's nginx:
 * `.ci/run` installs it (`apt-get install nginx`).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../bench/support/bench-server.ts';

const SAMPLE = path.resolve(import.meta.dirname, '../../../../docs/deploy/nginx.conf');
/** Each answer names the instance that gave it, so a test can count who answered what. */
export const UPSTREAM_HEADER = 'x-test-upstream';

export function nginxBinary(): string {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  throw new Error("nginx is missing: install Debian's nginx (apt-get install nginx; .ci/run does)");
}

/** The sample with the test's instances and port in place of the sample's. */
export async function sampleConfig(upstreamPorts: number[], listenPort: number): Promise<string> {
  const sample = await fs.readFile(SAMPLE, 'utf8');
  const servers = upstreamPorts
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`)
    .join('\n');
  const replaced = sample
    .replace(/^ {4}server 10\.0\.0\.\d+:3000 .*\n(?: {4}server 10\.0\.0\.\d+:3000 .*\n)*/m, `${servers}\n`)
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${listenPort};`);
  if (!replaced.includes(`127.0.0.1:${listenPort}`) || !replaced.includes(`127.0.0.1:${upstreamPorts[0]}`))
    throw new Error(
      'docs/deploy/nginx.conf no longer has the upstream servers and listen line the test replaces',
    );
  return replaced;
}

export interface Balancer {
  port: number;
  stop(): Promise<void>;
}

export async function startNginx(upstreamPorts: number[]): Promise<Balancer> {
  const binary = nginxBinary();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-nginx-'));
  const port = await freePort();
  await fs.writeFile(path.join(dir, 'measure-cloud.conf'), await sampleConfig(upstreamPorts, port));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  await fs.writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      // As root (CI), the workers would be "nobody" and could not use the temp directory.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...temp.map((name) => `  ${name}_temp_path ${dir}/${name};`),
      `  add_header ${UPSTREAM_HEADER} $upstream_addr always;`,
      `  include ${dir}/measure-cloud.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(binary, ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    await exited;
    await fs.rm(dir, { recursive: true, force: true });
  };
  try {
    await Promise.race([
      waitListening(port),
      exited.then(async () => {
        const log = await fs.readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
        throw new Error(`nginx did not start:\n${stderr}\n${log}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, stop };
}

/** Resolves when something accepts connections on the port (checked every 50 ms, 20 s at most). */
async function waitListening(port: number): Promise<void> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx does not listen on ${port}`);
}
