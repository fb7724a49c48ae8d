import type {
  IBinaryData,
  IDataObject,
  IExecuteFunctions,
  IHookFunctions,
  INode,
  INodeExecutionData,
  INodeProperties,
  INodeType,
  IWebhookFunctions,
  NodeParameterValueType,
} from 'n8n-workflow';

/**
 * Test support: the part of n8n's host a node calls, as the objects n8n hands to `execute`,
 * the webhook lifecycle and `webhook`. Parameters resolve as n8n resolves them: the value set on
 * the node, else the default of the property the node's description shows for the current
 * resource and operation.
 */

export interface Credentials {
  apiKey: string;
  baseUrl: string;
}

/** A parameter value, or a function of the item index standing for an expression n8n resolves per item. */
export type Parameters = Record<string, unknown>;

export interface NodeSetup {
  type: INodeType;
  parameters: Parameters;
  credentials: Credentials;
  /** The node's "On Error: Continue" setting. */
  continueOnFail?: boolean;
}

/** The description's property `name` that is shown for these parameter values (first match). */
function shownProperty(properties: INodeProperties[], name: string, values: Parameters) {
  return properties.find((property) => {
    if (property.name !== name) return false;
    const show = property.displayOptions?.show ?? {};
    return Object.entries(show).every(([key, allowed]) => {
      const value = values[key] ?? properties.find((p) => p.name === key)?.default;
      return (allowed as unknown[]).includes(value);
    });
  });
}

function nodeOf(setup: NodeSetup): INode {
  return {
    id: 'node-under-test',
    name: setup.type.description.defaults.name ?? setup.type.description.displayName,
    type: `n8n-nodes-formloom.${setup.type.description.name}`,
    typeVersion: 1,
    position: [0, 0],
    parameters: setup.parameters as INode['parameters'],
    ...(setup.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
  };
}

function parameterGetter(setup: NodeSetup) {
  return (name: string, itemIndex = 0, fallback?: unknown): NodeParameterValueType | object => {
    if (Object.hasOwn(setup.parameters, name)) {
      const value = setup.parameters[name];
      return (typeof value === 'function' ? value(itemIndex) : value) as NodeParameterValueType;
    }
    const property = shownProperty(setup.type.description.properties, name, setup.parameters);
    if (property !== undefined) return property.default as NodeParameterValueType;
    if (fallback !== undefined) return fallback as NodeParameterValueType;
    throw new Error(`Could not get parameter "${name}"`);
  };
}

/** n8n-core's prepareBinaryData for an in-memory file (the default binary mode). */
async function prepareBinaryData(data: Buffer, fileName?: string, mimeType?: string): Promise<IBinaryData> {
  const extension = fileName?.includes('.') ? fileName.split('.').pop() : undefined;
  return {
    data: data.toString('base64'),
    mimeType: mimeType ?? 'application/octet-stream',
    fileSize: `${data.length} B`,
    ...(fileName === undefined ? {} : { fileName }),
    ...(extension === undefined ? {} : { fileExtension: extension }),
  };
}

function returnJsonArray(data: IDataObject | IDataObject[]): INodeExecutionData[] {
  return (Array.isArray(data) ? data : [data]).map((json) => ({ json }));
}

type ExecuteParts = Pick<
  IExecuteFunctions,
  'getInputData' | 'getNodeParameter' | 'getNode' | 'continueOnFail' | 'getCredentials'
> & { helpers: Pick<IExecuteFunctions['helpers'], 'prepareBinaryData' | 'returnJsonArray'> };

/** Runs the node's `execute` over `items` (one empty item by default), as n8n runs one node. */
export async function runNode(setup: NodeSetup, items: INodeExecutionData[] = [{ json: {} }]) {
  const context: ExecuteParts = {
    getInputData: () => items,
    getNodeParameter: parameterGetter(setup) as IExecuteFunctions['getNodeParameter'],
    getNode: () => nodeOf(setup),
    continueOnFail: () => setup.continueOnFail === true,
    getCredentials: (async () => ({ ...setup.credentials })) as IExecuteFunctions['getCredentials'],
    helpers: { prepareBinaryData, returnJsonArray },
  };
  const execute = setup.type.execute;
  if (execute === undefined) throw new Error('the node has no execute');
  // A node that asks n8n for an engine request returns one; these nodes return output items.
  const output = (await execute.call(context as unknown as IExecuteFunctions)) as
    | INodeExecutionData[][]
    | null;
  return (output ?? [[]])[0] ?? [];
}

/** The JSON of each output item of `runNode`. */
export async function runNodeJson(setup: NodeSetup, items?: INodeExecutionData[]) {
  // biome-ignore lint/suspicious/noExplicitAny: tests read API answers loosely
  return (await runNode(setup, items)).map((item) => item.json as any);
}

export interface TriggerSetup {
  type: INodeType;
  parameters: Parameters;
  credentials: Credentials;
  /** The production webhook URL n8n would give this node. */
  webhookUrl: string;
  /** The node's static data, kept by n8n with the workflow; shared by the hooks and `webhook`. */
  staticData: IDataObject;
}

type HookParts = Pick<
  IHookFunctions,
  | 'getNodeParameter'
  | 'getNode'
  | 'getCredentials'
  | 'getNodeWebhookUrl'
  | 'getWorkflowStaticData'
  | 'getWorkflow'
>;

/** What the lifecycle hooks and `webhook` share: parameters without items, the node, credentials, static data. */
function triggerBase(setup: TriggerSetup) {
  return {
    // Hooks and webhooks have no items: their second argument is the fallback.
    getNodeParameter: ((name: string, fallback?: unknown) =>
      parameterGetter({ ...setup })(name, 0, fallback)) as IHookFunctions['getNodeParameter'] &
      IWebhookFunctions['getNodeParameter'],
    getNode: () => nodeOf({ ...setup }),
    getCredentials: (async () => ({ ...setup.credentials })) as IHookFunctions['getCredentials'] &
      IWebhookFunctions['getCredentials'],
    getWorkflowStaticData: () => setup.staticData,
  };
}

/** Calls `webhookMethods.default[method]` as n8n does on activation (checkExists, create) and deactivation (delete). */
export async function runHook(
  setup: TriggerSetup,
  method: 'checkExists' | 'create' | 'delete',
): Promise<boolean> {
  const context: HookParts = {
    ...triggerBase(setup),
    getNodeWebhookUrl: () => setup.webhookUrl,
    getWorkflow: () => ({ id: 'wf-1', name: 'Formloom test', active: true }),
  };
  const hook = setup.type.webhookMethods?.default?.[method];
  if (hook === undefined) throw new Error(`the node has no webhookMethods.default.${method}`);
  return hook.call(context as unknown as IHookFunctions);
}

type WebhookParts = Pick<
  IWebhookFunctions,
  | 'getNodeParameter'
  | 'getNode'
  | 'getCredentials'
  | 'getWorkflowStaticData'
  | 'getHeaderData'
  | 'getBodyData'
> & {
  getRequestObject(): unknown;
  getResponseObject(): unknown;
  helpers: Pick<IWebhookFunctions['helpers'], 'returnJsonArray'>;
};

/** What n8n's webhook server gives `webhook`: the request with its raw body, and the response. */
export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  /** Express's response methods the node may use, writing to a real HTTP response. */
  response: { status(code: number): { json(body: unknown): void } };
}

export async function runWebhook(setup: TriggerSetup, request: WebhookRequest) {
  const context: WebhookParts = {
    ...triggerBase(setup),
    getHeaderData: () => request.headers,
    getBodyData: () => JSON.parse(request.rawBody.toString('utf8')) as IDataObject,
    getRequestObject: () => ({
      headers: request.headers,
      rawBody: request.rawBody,
      readRawBody: async () => {},
    }),
    getResponseObject: () => request.response,
    helpers: { returnJsonArray },
  };
  const webhook = setup.type.webhook;
  if (webhook === undefined) throw new Error('the node has no webhook');
  return webhook.call(context as unknown as IWebhookFunctions);
}
