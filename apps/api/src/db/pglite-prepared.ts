import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';

/**
 * PGlite parses and plans every query anew: its `query()` always uses the unnamed statement, and
 * drizzle's `.prepare(name)` changes nothing on this driver. Planning in WebAssembly is slow: of the
 * 3 ms a listing's detail select takes, 2.3 ms are planning (issue 20). So a select seen a second
 * time is PREPAREd once for the session and then run as EXECUTE, its parameters written as quoted
 * literals of the text PGlite would have bound (its own serializer for the parameter's type):
 * PostgreSQL reads an untyped literal with the type's input function, exactly as it reads a
 * text-format bind parameter, so rows, types and errors are the same. Only top-level selects: a
 * transaction's queries go through PGlite's transaction object, untouched.
 */

/** Prepared statements kept per process (least recently used ones are deallocated). */
const MAX_PREPARED = 200;
const SELECT = /^\s*select\b/i;

interface Statement {
  name: string;
  paramTypes: number[];
}

type Query = PGlite['query'];

export function withPreparedSelects(client: PGlite, options: { max?: number } = {}): PGlite {
  let counter = 0;
  let literalsSafe: Promise<boolean> | undefined;
  const seen = new LRUCache<string, true>({ max: 2_000 });
  const unpreparable = new LRUCache<string, true>({ max: 2_000 });
  const statements = new LRUCache<string, Promise<Statement | null>>({
    max: options.max ?? MAX_PREPARED,
    dispose: (statement) => {
      void statement
        .then((prepared) => prepared && client.query(`DEALLOCATE ${prepared.name}`))
        .catch(() => {});
    },
  });

  /** Quoting by doubling `'` is exact only while backslashes are not escapes (PostgreSQL's default). */
  function checkLiterals(): Promise<boolean> {
    literalsSafe ??= client
      .query<{ standard_conforming_strings: string }>('SHOW standard_conforming_strings')
      .then((result) => result.rows[0]?.standard_conforming_strings === 'on')
      .catch(() => false);
    return literalsSafe;
  }

  async function prepare(text: string): Promise<Statement | null> {
    const name = `pglite_select_${++counter}`;
    try {
      if (!(await checkLiterals())) throw new Error('backslashes are escapes: literals would differ');
      const { queryParams } = await client.describeQuery(text);
      await client.query(`PREPARE ${name} AS ${text}`);
      return { name, paramTypes: queryParams.map((param) => param.dataTypeID) };
    } catch {
      unpreparable.set(text, true);
      return null;
    }
  }

  /** The literal of one parameter, or undefined when it cannot be written as one (a NUL byte). */
  function literal(value: unknown, type: number): string | undefined {
    if (value === null || value === undefined) return 'NULL';
    const serialize = client.serializers[type];
    const text = serialize ? serialize(value) : String(value);
    if (text.includes('\0')) return undefined;
    return `'${text.replaceAll("'", "''")}'`;
  }

  const query = async <T>(text: string, params: unknown[] = [], queryOptions?: QueryOptions) => {
    const plain = () => client.query<T>(text, params, queryOptions);
    const custom = queryOptions?.paramTypes || queryOptions?.serializers || queryOptions?.blob;
    if (custom || !SELECT.test(text) || text.includes(';') || unpreparable.has(text)) return plain();
    let entry = statements.get(text);
    if (!entry) {
      // A query run once (a one-off report, a rare filter combination) is not worth a statement.
      if (!seen.has(text)) {
        seen.set(text, true);
        return plain();
      }
      entry = prepare(text);
      statements.set(text, entry);
    }
    const statement = await entry;
    if (!statement || statement.paramTypes.length !== params.length) return plain();
    const literals = params.map((value, index) => literal(value, statement.paramTypes[index]!));
    if (literals.includes(undefined)) return plain();
    const execute = literals.length
      ? `EXECUTE ${statement.name}(${literals.join(', ')})`
      : `EXECUTE ${statement.name}`;
    try {
      return (await client.query<T>(execute, [], queryOptions)) as Results<T>;
    } catch (error) {
      // Deallocated behind our back (DEALLOCATE ALL, DISCARD ALL): prepare it again next time.
      if ((error as { code?: string }).code === '26000') {
        statements.delete(text);
        return plain();
      }
      throw error;
    }
  };

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query as Query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
