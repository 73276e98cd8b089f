import type { ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';

const NEXT_LINE = new TextEncoder().encode('event: next\n');
const encoder = new TextEncoder();

function isAsyncIterable(value: unknown): value is AsyncIterable<ExecutionResult> {
  return typeof (value as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] === 'function';
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * Gives every SSE event of a subscription the `id:` of its resume cursor
 * (`extensions.cursor`, set by sharedSubscribe), so a browser EventSource
 * that reconnects sends it back as `Last-Event-ID` and resumes where it
 * stopped. yoga's own SSE writer stays in charge (pings, cancellation): its
 * stream is passed through and an `id:` line is put before each
 * `event: next` line, which yoga writes as a chunk of its own, one per
 * result, in the order the results were taken from the stream.
 */
export function sseEventIdPlugin(): Plugin {
  return {
    onResultProcess({ request, result, setResult, resultProcessor, setResultProcessor }) {
      if (!resultProcessor || !isAsyncIterable(result)) return;
      if (!(request.headers.get('accept') ?? '').includes('text/event-stream')) return;
      const cursors: (string | null)[] = [];
      const source = result[Symbol.asyncIterator]();
      setResult({
        [Symbol.asyncIterator]: () => ({
          next: async () => {
            const step = await source.next();
            if (!step.done) {
              const cursor = step.value.extensions?.cursor;
              cursors.push(typeof cursor === 'string' ? cursor : null);
            }
            return step;
          },
          return: (value?: unknown) => source.return?.(value) ?? Promise.resolve({ done: true, value: undefined }),
        }),
      } as AsyncIterable<ExecutionResult>);
      const inner = resultProcessor;
      setResultProcessor(async (processed, fetchAPI, mediaType) => {
        const response = await inner(processed, fetchAPI, mediaType);
        if (mediaType !== 'text/event-stream' || !response.body) return response;
        const withIds = response.body.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              if (sameBytes(chunk, NEXT_LINE)) {
                const cursor = cursors.shift();
                if (cursor) controller.enqueue(encoder.encode(`id: ${cursor}\n`));
              }
              controller.enqueue(chunk);
            },
          }),
        );
        return new fetchAPI.Response(withIds, { status: response.status, headers: response.headers });
      }, 'text/event-stream');
    },
  };
}
