#!/usr/bin/env node
// Offline replacement for `prisma migrate diff --script` (PostgreSQL only).
//
// Drives @prisma/schema-engine-wasm directly through the @prisma/adapter-pg
// driver adapter, so no native schema-engine binary (and no internet) is needed.
//
// Usage:
//   node --experimental-wasm-modules scripts/migration-diff.mjs \
//     (--from-migrations <dir> | --from-empty | --from-schema <file>) \
//     (--to-schema <file> | --to-empty | --to-migrations <dir>) \
//     [--shadow-url <postgres-url> [--reset-shadow]] [--admin-url <postgres-url>] [--verbose]
//
// The SQL script is written to stdout; errors go to stderr (exit code 1,
// 2 for usage errors).
//
// Shadow database: a `migrations` target is materialised by replaying the
// migration files on a shadow database and introspecting it. With
// --shadow-url that database is used: it must be empty (checked; pass
// --reset-shadow to wipe it first) and it is reset again afterwards. Otherwise a temporary database
// `tmp_diff_<random>` is created through --admin-url (default
// postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end.
// (The engine opens a connection at start-up even for schema-only diffs, so a
// reachable PostgreSQL server is always required.)
// (--experimental-wasm-modules is accepted but not required: the wasm module
// is instantiated manually.)

import { createRequire } from 'node:module'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const require = createRequire(import.meta.url)
const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

class UsageError extends Error {}

const USAGE = `Usage: node --experimental-wasm-modules scripts/migration-diff.mjs
  (--from-migrations <dir> | --from-empty | --from-schema <file>)
  (--to-schema <file> | --to-empty | --to-migrations <dir>)
  [--shadow-url <postgres-url>]   empty throwaway database to replay migrations on; it is
                                  reset (schema "public" wiped) afterwards
  [--reset-shadow]                wipe a non-empty --shadow-url database first (DESTRUCTIVE)
  [--admin-url <postgres-url>]    used to CREATE/DROP a temporary tmp_diff_* shadow database
                                  when --shadow-url is not given (default ${DEFAULT_ADMIN_URL})
  [--verbose]                     forward schema engine logs to stderr`

function parseArgs(argv) {
  const opts = { from: null, to: null, shadowUrl: null, resetShadow: false, adminUrl: DEFAULT_ADMIN_URL, verbose: false }
  const setSide = (side, value) => {
    if (opts[side]) throw new UsageError(`only one --${side}-* option may be given`)
    opts[side] = value
  }
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i]
    let inlineValue
    const eq = arg.indexOf('=')
    if (arg.startsWith('--') && eq !== -1) {
      inlineValue = arg.slice(eq + 1)
      arg = arg.slice(0, eq)
    }
    const value = () => {
      if (inlineValue !== undefined) return inlineValue
      const v = argv[++i]
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${arg} requires a value`)
      return v
    }
    switch (arg) {
      case '--from-migrations': setSide('from', { kind: 'migrations', path: value() }); break
      case '--from-schema': setSide('from', { kind: 'schema', path: value() }); break
      case '--from-empty': setSide('from', { kind: 'empty' }); break
      case '--to-migrations': setSide('to', { kind: 'migrations', path: value() }); break
      case '--to-schema': setSide('to', { kind: 'schema', path: value() }); break
      case '--to-empty': setSide('to', { kind: 'empty' }); break
      case '--shadow-url': opts.shadowUrl = value(); break
      case '--reset-shadow': opts.resetShadow = true; break
      case '--admin-url': opts.adminUrl = value(); break
      case '--verbose': opts.verbose = true; break
      case '-h':
      case '--help':
        process.stdout.write(USAGE + '\n')
        process.exit(0)
        break
      default:
        throw new UsageError(`unknown argument: ${argv[i]}`)
    }
  }
  if (!opts.from) throw new UsageError('missing --from-migrations <dir>, --from-empty or --from-schema <file>')
  if (!opts.to) throw new UsageError('missing --to-schema <file>, --to-empty or --to-migrations <dir>')
  return opts
}

// Same shape as the prisma CLI builds it (see `listMigrations` in node_modules/prisma/build/cli.js).
async function loadMigrationsList(dir) {
  const baseDir = path.resolve(dir)
  const stat = await fs.stat(baseDir).catch(() => null)
  if (!stat?.isDirectory()) throw new Error(`migrations directory not found: ${baseDir}`)
  const lockPath = 'migration_lock.toml'
  // The engine needs the lockfile to know the connector; this tool is PostgreSQL-only,
  // so synthesise it when missing (e.g. a hand-written migrations directory).
  const lockContent =
    (await fs.readFile(path.join(baseDir, lockPath), 'utf8').catch(() => null)) ?? 'provider = "postgresql"\n'
  const entries = await fs.readdir(baseDir, { withFileTypes: true })
  const migrationDirectories = []
  for (const entry of entries.filter((e) => e.isDirectory())) {
    const file = 'migration.sql'
    const content = await fs
      .readFile(path.join(baseDir, entry.name, file), 'utf8')
      .then((value) => ({ tag: 'ok', value }))
      .catch((err) => ({ tag: 'error', value: err.message }))
    migrationDirectories.push({ path: entry.name, migrationFile: { path: file, content } })
  }
  migrationDirectories.sort((a, b) => a.path.localeCompare(b.path))
  return { baseDir, lockfile: { path: lockPath, content: lockContent }, migrationDirectories, shadowDbInitScript: '' }
}

async function loadSchemaFiles(file) {
  const abs = path.resolve(file)
  const stat = await fs.stat(abs).catch(() => null)
  if (!stat) throw new Error(`schema not found: ${abs}`)
  // A directory is treated as a multi-file schema (all *.prisma files, recursively).
  const paths = stat.isDirectory()
    ? (await fs.readdir(abs, { recursive: true })).filter((p) => p.endsWith('.prisma')).sort().map((p) => path.join(abs, p))
    : [abs]
  if (paths.length === 0) throw new Error(`no .prisma files in ${abs}`)
  return Promise.all(paths.map(async (p) => ({ path: p, content: await fs.readFile(p, 'utf8') })))
}

async function toDiffTarget(target) {
  switch (target.kind) {
    case 'empty': return { tag: 'empty' }
    case 'schema': return { tag: 'schemaDatamodel', files: await loadSchemaFiles(target.path) }
    case 'migrations': return { tag: 'migrations', ...(await loadMigrationsList(target.path)) }
  }
}

// Instantiate the wasm by hand so that --experimental-wasm-modules is optional.
async function loadSchemaEngine() {
  const bgPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')
  const bg = await import(pathToFileURL(bgPath).href)
  const bytes = await fs.readFile(path.join(path.dirname(bgPath), 'schema_engine_bg.wasm'))
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bg })
  bg.__wbg_set_wasm(instance.exports)
  instance.exports.__wbindgen_start()
  return bg
}

function quoteIdent(name) {
  return '"' + name.replace(/"/g, '""') + '"'
}

function redactUrl(url) {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return '<invalid url>'
  }
}

// Tables/views/sequences, enums/domains and non-default schemas that do not
// belong to an extension.
async function countUserObjects(pg, url) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query(`
      WITH sys AS (
        SELECT oid FROM pg_namespace
        WHERE nspname IN ('pg_catalog', 'information_schema') OR nspname LIKE 'pg\\_toast%' OR nspname LIKE 'pg\\_temp%'
      ), ext AS (
        SELECT objid FROM pg_depend WHERE deptype = 'e'
      )
      SELECT
        (SELECT count(*) FROM pg_class c
          WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
            AND c.relnamespace NOT IN (SELECT oid FROM sys) AND c.oid NOT IN (SELECT objid FROM ext))
      + (SELECT count(*) FROM pg_type t
          WHERE t.typtype IN ('e', 'd')
            AND t.typnamespace NOT IN (SELECT oid FROM sys) AND t.oid NOT IN (SELECT objid FROM ext))
      + (SELECT count(*) FROM pg_namespace n
          WHERE n.nspname <> 'public' AND n.oid NOT IN (SELECT oid FROM sys) AND n.oid NOT IN (SELECT objid FROM ext))
        AS n`)
    return Number(rows[0].n)
  } finally {
    await client.end()
  }
}

let interruptedBy = null

async function main() {
  const opts = parseArgs(process.argv.slice(2))
  const [from, to] = [await toDiffTarget(opts.from), await toDiffTarget(opts.to)]

  const pg = (await import('pg')).default
  const { PrismaPg } = await import('@prisma/adapter-pg')
  const { bindMigrationAwareSqlAdapterFactory } = await import('@prisma/driver-adapter-utils')
  const { SchemaEngine } = await loadSchemaEngine()

  // Provisioned on the engine's first connection request (it connects at start-up).
  let tempDb = null
  let shadowUrlPromise = null
  const getShadowUrl = () =>
    (shadowUrlPromise ??= (async () => {
      if (opts.shadowUrl) return opts.shadowUrl
      const name = `tmp_diff_${randomBytes(6).toString('hex')}`
      const admin = new pg.Client({ connectionString: opts.adminUrl })
      await admin.connect()
      try {
        tempDb = name // set first so an interrupt during CREATE still cleans up
        await admin.query(`CREATE DATABASE ${quoteIdent(name)}`)
      } finally {
        await admin.end()
      }
      const url = new URL(opts.adminUrl)
      url.pathname = '/' + name
      return url.toString()
    })())

  // Memoised so that the signal handler and the normal cleanup share one DROP.
  let dropPromise = null
  const dropTempDb = () =>
    (dropPromise ??= (async () => {
      if (!tempDb) return
      const admin = new pg.Client({ connectionString: opts.adminUrl })
      await admin.connect()
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(tempDb)} WITH (FORCE)`)
      } finally {
        await admin.end()
      }
    })())

  const onSignal = (sig) => {
    interruptedBy = sig
    dropTempDb()
      .catch((e) => process.stderr.write(`migration-diff: could not drop ${tempDb}: ${formatError(e)}\n`))
      .finally(() => process.exit(sig === 'SIGINT' ? 130 : 143))
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)

  // @prisma/adapter-pg 7.10 rejects result columns of PostgreSQL's internal
  // single-byte "char" type (oid 18) with UnsupportedNativeDataType, but the
  // engine's catalog queries (pg_class.relkind, pg_constraint.contype, ...)
  // return such columns. Rows are already parsed to strings by pg, so just
  // report those columns as TEXT (oid 25) to the adapter.
  const fixFields = (res) => {
    for (const r of Array.isArray(res) ? res : [res]) {
      for (const f of r?.fields ?? []) if (f.dataTypeID === 18) f.dataTypeID = 25
    }
    return res
  }
  class CharAsTextClient extends pg.Client {
    query(config, values, callback) {
      if (typeof values === 'function') {
        callback = values
        values = undefined
      }
      if (typeof callback === 'function') {
        return super.query(config, values, (err, res) => callback(err, err ? res : fixFields(res)))
      }
      const ret = super.query(config, values)
      return ret && typeof ret.then === 'function' ? ret.then(fixFields) : ret
    }
  }

  const connectTo = async () =>
    new PrismaPg({ connectionString: await getShadowUrl(), Client: CharAsTextClient }).connect()
  // Both the "main" and the shadow connection point at the throwaway database:
  // diff never needs a real development database.
  const factory = bindMigrationAwareSqlAdapterFactory({
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    connect: connectTo,
    connectToShadowDb: connectTo,
  })

  const schemaForCtor = (to.tag === 'schemaDatamodel' ? to : from.tag === 'schemaDatamodel' ? from : null)?.files
  const log = (msg) => {
    if (!opts.verbose) return
    const line = (typeof msg === 'string' ? msg : JSON.stringify(msg)).trimEnd()
    process.stderr.write(`[schema-engine] ${line}\n`)
  }

  const filters = { externalTables: [], externalEnums: [] }
  const usesShadow = from.tag === 'migrations' || to.tag === 'migrations'
  // The wasm engine does NOT reset an externally provided shadow database
  // before replaying migrations, so leftovers would leak into the diff.
  let resetShadowAfter = false
  if (opts.shadowUrl && usesShadow) {
    const objects = await countUserObjects(pg, opts.shadowUrl)
    if (objects > 0 && !opts.resetShadow) {
      throw new Error(
        `shadow database ${redactUrl(opts.shadowUrl)} is not empty (${objects} user objects); ` +
          'pass --reset-shadow to wipe it first (DESTRUCTIVE), or omit --shadow-url to use a temporary database',
      )
    }
    resetShadowAfter = true
  }

  let engine
  try {
    engine = await SchemaEngine.new(
      { datamodels: schemaForCtor ? schemaForCtor.map((f) => [f.path, f.content]) : undefined },
      log,
      factory,
    )
    if (resetShadowAfter && opts.resetShadow) await engine.reset({ filter: filters })
    const result = await engine.diff({
      from,
      to,
      script: true,
      exitCode: null,
      filters,
    })
    const sql = result.stdout ?? ''
    process.stdout.write(sql && !sql.endsWith('\n') ? sql + '\n' : sql)
  } catch (err) {
    // Errors thrown on the JS side (adapter/pg) reach the engine as "External error id#N";
    // resolve them through the adapter factory's error registry.
    const msg = formatError(err)
    const resolved = msg.replace(/External error id#(\d+)/g, (m, id) => {
      const e = factory.errorRegistry?.consumeError(Number(id))?.error
      return e ? `${m}: ${formatError(e)}` : m
    })
    throw resolved === msg ? err : new Error(resolved)
  } finally {
    // Leave a user-provided shadow database empty again (only the schemas the
    // engine knows about, i.e. "public" unless multiSchema is used).
    if (engine && resetShadowAfter) {
      await engine.reset({ filter: filters }).catch((e) => {
        process.stderr.write(`migration-diff: warning: could not reset shadow database: ${formatError(e)}\n`)
      })
    }
    try {
      engine?.free()
    } catch {
      // the engine may already be gone; nothing to free
    }
    await dropTempDb()
  }
}

function formatError(err) {
  if (err instanceof Error) {
    const base = err.stack && process.env.DEBUG ? err.stack : err.message || String(err)
    // pg connection errors (e.g. AggregateError for ECONNREFUSED) may have an empty message.
    return base || err.code || err.cause?.message || err.constructor.name
  }
  if (err && typeof err === 'object') {
    // Errors from the wasm engine are plain objects ({ message, error_code, meta, ... }).
    const msg = err.message ?? err.error ?? JSON.stringify(err)
    return err.error_code ? `${err.error_code}: ${msg}` : String(msg)
  }
  return String(err)
}

main().then(
  () => {
    if (!interruptedBy) process.exit(0)
  },
  (err) => {
    if (interruptedBy) return // the signal handler exits once cleanup is done
    if (err instanceof UsageError) {
      process.stderr.write(`migration-diff: ${err.message}\n\n${USAGE}\n`)
      process.exit(2)
    }
    process.stderr.write(`migration-diff: ${formatError(err)}\n`)
    process.exit(1)
  },
)
