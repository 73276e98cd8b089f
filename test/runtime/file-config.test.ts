import { describe, expect, it, vi } from 'vitest';

// Test files share worker processes (vitest.config.ts); a file's own
// timeouts must still reach its tests whichever file its worker ran first
// (test/support/file-config.ts).
vi.setConfig({ testTimeout: 123_456, hookTimeout: 65_432 });

describe('vi.setConfig in a file sharing its worker', () => {
  it('sets the timeout of this file’s tests', ({ task }) => {
    expect(task.timeout).toBe(123_456);
  });
});
