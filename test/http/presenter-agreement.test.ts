import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeExecutableSchema } from '@graphql-tools/schema';
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  Kind,
  type SelectionSetNode,
  execute,
  isObjectType,
  parse,
  print,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { PRESENTERS } from '../../src/http/presenter.ts';
import { COMMITTED_SDL, mockedSchema } from '../../src/mock/schema.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';

// Each presenter against its own fragment, on realistic data: `tasksvc
// mock`'s seeded values over the committed SDL, answered to a query that
// spreads the fragment. The mapping runs on that answer through a proxy
// that records every field it reads (a field passed through as a whole is
// read by the serialisation that follows, as on the wire), and fails naming
// the field when (a) the fragment selects a field the presenter never reads
// (an over-fetch every route pays for), (b) the presenter reads a field the
// fragment does not select (undefined at run time), or (c) the answer does
// not parse with the derived schema, or carries a key the schema does not
// declare. Every file of src/http/presenters/ is loaded, so a new presenter
// is checked without editing this test.

const FOLDER = join(PROJECT_ROOT, 'src/http/presenters');
const FILES = readdirSync(FOLDER).filter((f) => f.endsWith('.ts'));

/** Each presenter's export name (`task.ts: restTask`), and the files that export none. */
const names = new Map<object, string>();
const filesWithoutPresenter: string[] = [];
for (const file of FILES) {
  const exports = (await import(pathToFileURL(join(FOLDER, file)).href)) as Record<string, unknown>;
  const found = Object.entries(exports).filter(([, value]) => PRESENTERS.includes(value as never));
  for (const [name, value] of found) names.set(value as object, `${file}: ${name}`);
  if (!found.length) filesWithoutPresenter.push(file);
}

/**
 * Values the SDL cannot describe, by `Type.field`: a JSON scalar's shape, a
 * Float's documented range. The mock answers these; a new presenter whose
 * schema holds such a field to a shape adds its value here.
 */
const SDL_GAPS: Record<string, () => unknown> = {
  'WebhookSubscription.metadata': () => ({ 'X-Event-Type': ['task.created', 'task.updated'] }),
  'SearchResult.score': () => 0.42,
};

/** The selection as a tree of response keys: a leaf (a scalar or a JSON value) is null. */
type Tree = Map<string, Tree | null>;

/** The fragment's selection with its spreads and inline fragments merged in. */
function selectionTree(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, into: Tree = new Map()): Tree {
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) {
      const key = s.alias?.value ?? s.name.value;
      if (!s.selectionSet) into.set(key, null);
      else into.set(key, selectionTree(s.selectionSet, fragments, (into.get(key) as Tree | undefined) ?? new Map()));
    } else if (s.kind === Kind.INLINE_FRAGMENT) selectionTree(s.selectionSet, fragments, into);
    else selectionTree(fragments.get(s.name.value)!.selectionSet, fragments, into);
  }
  return into;
}

/** Every path of a tree (`section`, `section.title`), and its leaves. */
function paths(tree: Tree, prefix = ''): { all: string[]; leaves: string[] } {
  const all: string[] = [];
  const leaves: string[] = [];
  for (const [key, sub] of tree) {
    const at = prefix + key;
    all.push(at);
    if (!sub) leaves.push(at);
    else {
      const inner = paths(sub, `${at}.`);
      all.push(...inner.all);
      leaves.push(...inner.leaves);
    }
  }
  return { all, leaves };
}

/** `value` seen through a proxy that adds every field path read to `reads` (list items share their list's path). */
function recording(value: unknown, tree: Tree | null, path: string, reads: Set<string>): unknown {
  if (value === null || typeof value !== 'object' || tree === null) return value;
  return new Proxy(value, {
    get(target, key, receiver) {
      const v = Reflect.get(target, key, receiver);
      if (typeof key === 'symbol') return v;
      if (Array.isArray(target)) return /^\d+$/.test(key) ? recording(v, tree, path, reads) : v;
      // `toJSON` is JSON.stringify asking, and inherited members are not fields.
      if (key === 'toJSON' || (!Object.hasOwn(target, key) && key in target)) return v;
      const at = path + key;
      reads.add(at);
      return tree.has(key) ? recording(v, tree.get(key)!, `${at}.`, reads) : v;
    },
  });
}

/** The keys of `wire` the parsed value lost (zod drops keys an object schema does not declare), by path. */
function undeclaredKeys(wire: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(wire)) return wire.flatMap((item, i) => undeclaredKeys(item, (parsed as unknown[])[i], `${path}[${i}].`));
  if (wire === null || typeof wire !== 'object' || parsed === null || typeof parsed !== 'object') return [];
  return Object.entries(wire).flatMap(([key, v]) =>
    key in parsed ? undeclaredKeys(v, (parsed as Record<string, unknown>)[key], `${path}${key}.`) : [`${path}${key}`],
  );
}

type Checked = (typeof PRESENTERS)[number];

/** The committed SDL with one root field per type the presenters' fragments are on, to spread each fragment under. */
function subjectSchema(): GraphQLSchema {
  const types = [...new Set(PRESENTERS.map((p) => fragmentOf(p).typeCondition.name.value))].filter((t) => t !== 'Query');
  const extension = `extend type Query {\n${types.map((t) => `  presenterSubject${t}: ${t}!`).join('\n')}\n}`;
  return makeExecutableSchema({ typeDefs: [readFileSync(COMMITTED_SDL, 'utf8'), extension] });
}

/** The presenter's own fragment: the first definition of its document (the spread ones follow). */
function fragmentOf(p: Checked): FragmentDefinitionNode {
  const first = (p.document as DocumentNode).definitions[0];
  if (first?.kind !== Kind.FRAGMENT_DEFINITION) throw new Error(`${nameOf(p)}: its document is not a fragment`);
  return first;
}

/** The presenter's file and export name, for the messages. */
function nameOf(p: Checked): string {
  return names.get(p) ?? 'a presenter no file exports';
}

/** A mock answer of the fragment for a seed: the fragment result the mapping receives. */
async function fragmentResult(base: GraphQLSchema, p: Checked, seed: number): Promise<Record<string, unknown>> {
  const fragment = fragmentOf(p);
  const on = fragment.typeCondition.name.value;
  const spread = on === 'Query' ? `...${fragment.name.value}` : `presenterSubject${on} { ...${fragment.name.value} }`;
  const document = parse(`query PresenterSubject { ${spread} }\n${(p.document as DocumentNode).definitions.map((d) => print(d)).join('\n')}`);
  const schema = mockedSchema(base, { seed, scenario: 'normal', errorCode: 'INTERNAL' });
  for (const [at, value] of Object.entries(SDL_GAPS)) {
    const [typeName, fieldName] = at.split('.');
    const type = schema.getType(typeName);
    if (isObjectType(type)) type.getFields()[fieldName].resolve = value;
  }
  const result = await execute({ schema, document });
  if (result.errors?.length) throw new Error(`${nameOf(p)}: the mock answered ${result.errors.map((e) => e.message).join('; ')}`);
  const data = result.data as Record<string, unknown>;
  return (on === 'Query' ? data : data[`presenterSubject${on}`]) as Record<string, unknown>;
}

/** What is wrong between a presenter, its fragment and its schema, one line per field. */
async function disagreements(p: Checked, seeds = [1, 2, 3, 4, 5]): Promise<string[]> {
  const fragments = new Map(
    (p.document as DocumentNode).definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])),
  );
  const tree = selectionTree(fragmentOf(p).selectionSet, fragments);
  const selected = paths(tree);
  const reads = new Set<string>();
  const problems = new Set<string>();
  const base = subjectSchema();
  for (const seed of seeds) {
    const source = await fragmentResult(base, p, seed);
    const wire: unknown = JSON.parse(JSON.stringify((p as (s: unknown) => unknown)(recording(source, tree, '', reads))));
    const parsed = p.schema.safeParse(wire);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.add(`the answer's "${issue.path.join('.')}" does not parse with the schema: ${issue.message}`);
    } else {
      for (const key of undeclaredKeys(wire, parsed.data)) problems.add(`the answer carries "${key}", which the schema does not declare`);
    }
  }
  for (const leaf of selected.leaves) if (!reads.has(leaf)) problems.add(`the fragment selects "${leaf}", which the presenter never reads`);
  for (const read of reads) if (!selected.all.includes(read)) problems.add(`the presenter reads "${read}", which the fragment does not select`);
  return [...problems];
}

describe('presenters: fragment, mapping and schema agree', () => {
  it('every file of src/http/presenters exports a presenter made by presenter()', () => {
    expect(filesWithoutPresenter).toEqual([]);
    expect(names.size).toBeGreaterThanOrEqual(FILES.length);
  });

  for (const p of PRESENTERS) {
    it(`${nameOf(p)} (fragment ${fragmentOf(p).name.value})`, async () => {
      const problems = await disagreements(p);
      expect(problems, `${nameOf(p)}:\n${problems.join('\n')}`).toEqual([]);
    });
  }
});
