// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Result {
    latency: { mean: number; max: number; p50: number; p99: number };
    duration: number;
    errors: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }
  type Options = { url: string; connections: number; duration: number; timeout: number; requests: (RawRequest & { setupRequest?: (req: RawRequest) => RawRequest })[] };
  export default function autocannon(opts: Options): Promise<Result>;
}
