/**
 * Named schemas of the OpenAPI document. The zod-to-OpenAPI step inlines every schema; models
 * worth a name are marked (through the `metaOpenApi` property it reads) while the document is
 * generated, and each marked occurrence then becomes a `$ref` to `components.schemas`, wrapped in
 * `allOf` where it adds a description, `nullable` or a default.
 */

import type { ZodTypeAny } from 'zod';
import { Account } from '../src/models/account.js';
import { AiJob } from '../src/models/ai-job.js';
import { SuggestedAction } from '../src/models/analytics.js';
import { AiProvenance } from '../src/models/common.js';
import { ConditionalLogic } from '../src/models/conditional-logic.js';
import { ConversationHistoryEntry } from '../src/models/conversation.js';
import { ErrorIssue } from '../src/models/envelope.js';
import { Field, FieldOption } from '../src/models/field.js';
import { Form, FormListItem } from '../src/models/form.js';
import { FormMeta, FormSchema, FormSettings } from '../src/models/form-schema.js';
import { IntegrationConnection } from '../src/models/integration.js';
import { RateLimitInfo } from '../src/models/rate-limit.js';
import { FileAnswer, FormResponse } from '../src/models/response.js';
import { Section } from '../src/models/section.js';
import { SmartForm, SmartFormStats } from '../src/models/smart-form.js';
import { InterviewQuestion } from '../src/models/smart-form-interview.js';
import { SessionAnalysis, SmartFormSession, TranscriptEntry } from '../src/models/smart-form-session.js';
import { ValidationRule } from '../src/models/validation-rule.js';
import { DeliveryAttempt, WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../src/models/webhook.js';
import type { Json, JsonObject } from './openapi-document.js';

const MARK = 'x-formloom-schema';
const OVERLAY_KEYS = ['description', 'nullable', 'default'] as const;

const NAMED_SCHEMAS: Readonly<Record<string, ZodTypeAny>> = {
  Account,
  AiJob,
  AiProvenance,
  ConditionalLogic,
  ConversationHistoryEntry,
  DeliveryAttempt,
  ErrorIssue,
  Field,
  FieldOption,
  FileAnswer,
  Form,
  FormListItem,
  FormMeta,
  FormResponse,
  FormSchema,
  FormSettings,
  IntegrationConnection,
  InterviewQuestion,
  RateLimitInfo,
  Section,
  SessionAnalysis,
  SmartForm,
  SmartFormSession,
  SmartFormStats,
  SuggestedAction,
  TranscriptEntry,
  ValidationRule,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEvent,
};

type Marked = ZodTypeAny & { metaOpenApi?: Record<string, unknown> };

export function withSchemaMarks<T>(generate: () => T): T {
  const saved = new Map<Marked, Record<string, unknown> | undefined>();
  for (const [name, schema] of Object.entries(NAMED_SCHEMAS) as [string, Marked][]) {
    saved.set(schema, schema.metaOpenApi);
    schema.metaOpenApi = { ...schema.metaOpenApi, [MARK]: name };
  }
  try {
    return generate();
  } finally {
    for (const [schema, previous] of saved) {
      if (previous === undefined) delete schema.metaOpenApi;
      else schema.metaOpenApi = previous;
    }
  }
}

export function extractNamedSchemas(document: JsonObject): { document: JsonObject; schemas: JsonObject } {
  const schemas: JsonObject = {};
  const visit = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const out: JsonObject = {};
    for (const [key, child] of Object.entries(node)) out[key] = visit(child);
    const name = out[MARK];
    if (typeof name !== 'string') return out;
    delete out[MARK];
    const core = withoutOverlays(out);
    const own = NAMED_SCHEMAS[name]?.description;
    if (!schemas[name]) schemas[name] = own === undefined ? core : { ...core, description: own };
    if (JSON.stringify(withoutOverlays(schemas[name] as JsonObject)) !== JSON.stringify(core)) return out;
    const ref = { $ref: `#/components/schemas/${name}` };
    const overlays: JsonObject = {};
    for (const key of OVERLAY_KEYS) {
      if (out[key] !== undefined && !(key === 'description' && out[key] === own)) overlays[key] = out[key];
    }
    return Object.keys(overlays).length === 0 ? ref : { allOf: [ref], ...overlays };
  };
  return { document: visit(document) as JsonObject, schemas };
}

function withoutOverlays(schema: JsonObject): JsonObject {
  const out = { ...schema };
  for (const key of OVERLAY_KEYS) delete out[key];
  return out;
}
