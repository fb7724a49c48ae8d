import type { Formloom } from '@formloom/sdk';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/** One operation: runs for input item `itemIndex` and answers the items it outputs. */
export type OperationHandler = (
  context: IExecuteFunctions,
  itemIndex: number,
  client: Formloom,
) => Promise<INodeExecutionData[]>;

/** A resource of the node: its parameters and an implementation per operation value. */
export interface ResourceDefinition {
  properties: INodeProperties[];
  operations: Record<string, OperationHandler>;
}

/** Output items from API results (plain JSON objects, so the cast only names n8n's type). */
export function toItems(data: unknown): INodeExecutionData[] {
  const list = Array.isArray(data) ? data : [data];
  return list.map((json) => ({ json: json as IDataObject }));
}
