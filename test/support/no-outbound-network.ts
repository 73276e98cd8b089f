// Tests may talk to loopback only (their own servers, PostgreSQL, Redis):
// any other outbound connection fails the test that made it.
import net from 'node:net';

// A setup file runs before every test file, and test files share a process
// (vitest.config.ts): the guard is installed once per process, not wrapped
// around itself once per file.
const INSTALLED = Symbol.for('tasksvc.noOutboundNetwork');
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const original = net.Socket.prototype.connect;
const proto = net.Socket.prototype as typeof net.Socket.prototype & { [INSTALLED]?: true };

if (!proto[INSTALLED]) {
  proto[INSTALLED] = true;
  net.Socket.prototype.connect = guardedConnect as typeof net.Socket.prototype.connect;
}

function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const first = args[0];
  const opts = (Array.isArray(first) ? first[0] : first) as { host?: string; path?: string } | number | string;
  let host: string | undefined;
  if (typeof opts === 'object' && opts !== null) {
    if (opts.path) return original.apply(this, args as never); // unix socket
    host = opts.host ?? 'localhost';
  } else if (typeof opts === 'number') {
    host = typeof args[1] === 'string' ? (args[1] as string) : 'localhost';
  } else if (typeof opts === 'string' && !/^\d+$/.test(opts)) {
    return original.apply(this, args as never); // unix socket path
  }
  if (host !== undefined && !LOOPBACK.test(host)) {
    throw new Error(`Test tried to connect to ${host}: only loopback is allowed in tests.`);
  }
  return original.apply(this, args as never);
}
