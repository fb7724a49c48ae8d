import {
  type IExecuteFunctions,
  type INodeExecutionData,
  type INodeType,
  type INodeTypeDescription,
  NodeConnectionTypes,
  NodeOperationError,
} from 'n8n-workflow';
import { ai } from './actions/ai';
import { analytics } from './actions/analytics';
import { field } from './actions/field';
import { form } from './actions/form';
import { response } from './actions/response';
import { smartForm } from './actions/smart-form';
import { CREDENTIAL_NAME, createClient } from './shared/client';
import { toNodeError } from './shared/errors';
import type { ResourceDefinition } from './shared/types';

const RESOURCES: Record<string, ResourceDefinition> = { form, field, response, smartForm, ai, analytics };

/** Formloom's API through @formloom/sdk: forms, fields, responses, smart forms, AI and analytics. */
export class Formloom implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Formloom',
    name: 'formloom',
    icon: { light: 'file:../../icons/formloom.svg', dark: 'file:../../icons/formloom.dark.svg' },
    group: ['transform'],
    version: 1,
    subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
    description: 'Manage Formloom forms, responses and smart forms, and ask its AI',
    defaults: { name: 'Formloom' },
    usableAsTool: true,
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: CREDENTIAL_NAME, required: true }],
    properties: [
      {
        displayName: 'Resource',
        name: 'resource',
        type: 'options',
        noDataExpression: true,
        options: [
          { name: 'AI', value: 'ai' },
          { name: 'Analytics', value: 'analytics' },
          { name: 'Field', value: 'field' },
          { name: 'Form', value: 'form' },
          { name: 'Response', value: 'response' },
          { name: 'Smart Form', value: 'smartForm' },
        ],
        default: 'form',
      },
      ...form.properties,
      ...field.properties,
      ...response.properties,
      ...smartForm.properties,
      ...ai.properties,
      ...analytics.properties,
    ],
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const items = this.getInputData();
    let client: Awaited<ReturnType<typeof createClient>>;
    try {
      client = await createClient(this);
    } catch (error) {
      throw toNodeError(this.getNode(), error, 0);
    }
    const output: INodeExecutionData[] = [];
    for (let i = 0; i < items.length; i++) {
      try {
        const resource = this.getNodeParameter('resource', i) as string;
        const operation = this.getNodeParameter('operation', i) as string;
        const handler = RESOURCES[resource]?.operations[operation];
        if (handler === undefined) {
          throw new NodeOperationError(this.getNode(), `Unknown operation "${operation}" of "${resource}"`, {
            itemIndex: i,
          });
        }
        for (const item of await handler(this, i, client)) output.push({ ...item, pairedItem: { item: i } });
      } catch (error) {
        const nodeError = toNodeError(this.getNode(), error, i);
        if (!this.continueOnFail()) throw nodeError;
        output.push({
          json: {
            error: nodeError.message,
            ...(nodeError.description ? { details: nodeError.description } : {}),
          },
          pairedItem: { item: i },
        });
      }
    }
    return [output];
  }
}
