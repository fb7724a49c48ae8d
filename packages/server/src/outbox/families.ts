import {
  IdentifierNode,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SchemableIdentifierNode,
  type UnknownRow,
} from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Where a group of outbox targets keeps its rows. Every family has the same three tables, column
 * for column: targets (with the delivery state: active, failures in a row, lease), deliveries and
 * attempts. The store is written once against the `outbox_*` tables; a family stored elsewhere
 * (webhook endpoints, whose tables predate the other channels and which the webhooks API reads)
 * gets the same queries with its table names swapped in.
 */
export interface TargetFamily {
  name: string;
  tables: { targets: string; deliveries: string; attempts: string };
  /**
   * The channel of every target of the family, when it has one channel; otherwise the targets
   * name theirs in a `channel` column.
   */
  channel?: string;
  /**
   * Whether a disabled target still gets new events queued. Webhook endpoints keep theirs until
   * they are enabled again (spec 6.5); a chat connection in ERROR gets none (spec 3.6).
   */
  queueWhileDisabled: boolean;
}

/** Slack, Discord and any later channel: one `outbox_targets` row per target, `channel` names the sender. */
export const CHANNEL_TARGETS: TargetFamily = {
  name: 'targets',
  tables: {
    targets: 'outbox_targets',
    deliveries: 'outbox_deliveries',
    attempts: 'outbox_delivery_attempts',
  },
  queueWhileDisabled: false,
};

/** Webhook endpoints (spec 2.8), in the tables the webhooks API reads. */
export const WEBHOOK_ENDPOINTS: TargetFamily = {
  name: 'webhooks',
  tables: {
    targets: 'webhook_endpoints',
    deliveries: 'webhook_deliveries',
    attempts: 'webhook_delivery_attempts',
  },
  channel: 'webhook',
  queueWhileDisabled: true,
};

export const TARGET_FAMILIES: readonly TargetFamily[] = [WEBHOOK_ENDPOINTS, CHANNEL_TARGETS];

class RenameTables extends OperationNodeTransformer {
  constructor(private readonly names: ReadonlyMap<string, string>) {
    super();
  }

  protected override transformSchemableIdentifier(node: SchemableIdentifierNode): SchemableIdentifierNode {
    const transformed = super.transformSchemableIdentifier(node);
    const renamed = this.names.get(transformed.identifier.name);
    return renamed === undefined
      ? transformed
      : { ...transformed, identifier: IdentifierNode.create(renamed) };
  }
}

class RenameTablesPlugin implements KyselyPlugin {
  private readonly transformer: RenameTables;
  constructor(names: ReadonlyMap<string, string>) {
    this.transformer = new RenameTables(names);
  }
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** The database as the family sees it: queries on the `outbox_*` tables reach the family's own. */
export function familyDb(db: Db, family: TargetFamily): Db {
  const names = new Map<string, string>();
  const own = CHANNEL_TARGETS.tables;
  for (const key of ['targets', 'deliveries', 'attempts'] as const) {
    if (family.tables[key] !== own[key]) names.set(own[key], family.tables[key]);
  }
  return names.size === 0 ? db : db.withPlugin(new RenameTablesPlugin(names));
}
