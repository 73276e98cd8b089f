import { readFileSync, readlinkSync } from 'node:fs';

/**
 * Where the kernel keeps the CPU time of the calling thread, as a path any
 * thread of the process can read: `/proc/<pid>/task/<tid>/schedstat` (its
 * first number is nanoseconds on a CPU). Null where there is no such file
 * (not Linux, /proc not mounted). Node 20 has no per-thread CPU clock
 * (`process.cpuUsage()` in a worker counts the whole process), and a worker
 * busy in synchronous code cannot measure itself, so the thread that
 * watches it reads this file.
 */
export function threadCpuClock(): string | null {
  try {
    const path = `/proc/${readlinkSync('/proc/thread-self')}/schedstat`;
    return readCpuNs(path) === null ? null : path;
  } catch {
    return null;
  }
}

/** Nanoseconds of CPU the thread of `clock` (from {@link threadCpuClock}) has used; null when unreadable (it exited). */
export function readCpuNs(clock: string): number | null {
  try {
    const ns = Number(readFileSync(clock, 'latin1').split(' ', 1)[0]);
    return Number.isFinite(ns) ? ns : null;
  } catch {
    return null;
  }
}
