import pg from 'pg';

/** One statement as a client sent it to PostgreSQL. */
export interface Statement {
  text: string;
  values: unknown[];
}

/** A node of PostgreSQL's plan, as `explain (format json)` writes it. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

interface Submittable {
  text: string;
  values?: unknown[];
  submit: (...args: unknown[]) => unknown;
}

/**
 * The statements `work` sends to PostgreSQL, whichever connection of the pool sends them:
 * every statement of every client is a `pg.Query` submitted to its connection.
 */
export async function statementsOf(work: () => Promise<unknown>): Promise<Statement[]> {
  const sent: Statement[] = [];
  const query = (pg as unknown as { Query: { prototype: Submittable } }).Query.prototype;
  const original = query.submit;
  query.submit = function (this: Submittable, ...args: unknown[]) {
    sent.push({ text: this.text, values: this.values ?? [] });
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    query.submit = original;
  }
  return sent;
}

/** The reads among `statements`: what starts with `select` or `with`. */
export function readsOf(statements: Statement[]): Statement[] {
  return statements.filter((statement) => /^\s*(select|with)\b/i.test(statement.text));
}

/** Every node of the plan PostgreSQL makes for `statement`, the top one first. */
export async function planNodes(client: pg.Client, statement: Statement): Promise<PlanNode[]> {
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `explain (format json) ${statement.text}`,
    statement.values,
  );
  const plan = rows[0]?.['QUERY PLAN'][0].Plan;
  if (!plan) throw new Error(`no plan for ${statement.text}`);
  const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
  return nodesOf(plan);
}

/** The tables a plan reads sequentially. */
export function sequentialScans(nodes: PlanNode[]): string[] {
  return nodes
    .filter((node) => node['Node Type'] === 'Seq Scan')
    .map((node) => node['Relation Name'] ?? '?');
}
