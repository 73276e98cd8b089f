// CPU per request of the bench's task list as document text and as a trusted
// document id, in this process (no HTTP, no load generator), in interleaved
// blocks so both see the same machine state. On a kept benchmark database:
//   npm run bench -- --quick --pg-only --only list-trusted --keep
//   DATABASE_URL=<the kept URL> GRAPHQL_TRUSTED_DOCUMENTS_FILES=<any> npx tsx scripts/perf/trusted-documents-cpu.ts [blocks] [per block]
// (GRAPHQL_TRUSTED_DOCUMENTS_FILES is set here to the bench's manifest.)

import { loadavg } from 'node:os';
import { LIST_DOCUMENT_ID, LIST_SOURCE, benchTrustedDocumentsFile } from '../../bench/trusted-documents.ts';
import { inProcessApp } from './in-process-app.ts';

async function main() {
  const blocks = Number(process.argv[2] ?? 10);
  const perBlock = Number(process.argv[3] ?? 200);
  process.env.GRAPHQL_TRUSTED_DOCUMENTS_FILES = benchTrustedDocumentsFile();
  const { services, send } = await inProcessApp('trusted-documents-cpu');
  try {
    const project = await services.database.prisma.projectMember.findFirstOrThrow({
      where: { user: { email: 'bench-0@example.com' } },
    });
    const variables = { filter: { projectId: project.projectId }, limit: 50, offset: 0 };
    const bodies = {
      text: JSON.stringify({ query: LIST_SOURCE, variables }),
      id: JSON.stringify({ documentId: LIST_DOCUMENT_ID, variables }),
    };
    const once = async (body: string) => {
      const res = await send('POST', '/graphql', body);
      const json = (await res.json()) as { errors?: unknown };
      if (res.status !== 200 || json.errors)
        throw new Error(`list → ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    };
    for (let i = 0; i < 200; i++) await once(i % 2 ? bodies.text : bodies.id);
    const micros = { text: [] as number[], id: [] as number[] };
    const load = [loadavg()[0]];
    for (let b = 0; b < blocks; b++) {
      for (const kind of (b % 2 ? ['text', 'id'] : ['id', 'text']) as ('text' | 'id')[]) {
        const start = process.cpuUsage();
        for (let i = 0; i < perBlock; i++) await once(bodies[kind]);
        const used = process.cpuUsage(start);
        micros[kind].push((used.user + used.system) / perBlock);
      }
      load.push(loadavg()[0]);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
    const ratios = micros.id.map((v, i) => v / micros.text[i]);
    process.stdout.write(
      JSON.stringify(
        {
          requestsPerBlock: perBlock,
          blocks,
          textUsPerRequest: Math.round(median(micros.text)),
          idUsPerRequest: Math.round(median(micros.id)),
          savedUsPerRequest: Math.round(median(micros.text) - median(micros.id)),
          medianRatioIdOverText: Math.round(median(ratios) * 1000) / 1000,
          bodyBytes: { text: bodies.text.length, id: bodies.id.length },
          loadAverage1m: { min: Math.min(...load), max: Math.max(...load) },
        },
        null,
        2,
      ) + '\n',
    );
  } finally {
    await services.close();
  }
}

await main();
