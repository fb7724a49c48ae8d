import { AI_JOB_POLLING, LANGUAGES, TEXT_LIMITS } from '@formloom/contract';
import { AIJobError } from '@formloom/sdk';
import { type INodeProperties, sleep } from 'n8n-workflow';
import { showFor } from '../shared/parameters';
import { type ResourceDefinition, toItems } from '../shared/types';

const RESOURCE = 'ai';

const properties: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    displayOptions: { show: { resource: [RESOURCE] } },
    options: [
      {
        name: 'Generate Form',
        value: 'generateForm',
        action: 'Generate a form with AI',
        description: 'Generate a draft form from a prompt and wait for it',
      },
    ],
    default: 'generateForm',
  },
  {
    displayName: 'Prompt',
    name: 'prompt',
    type: 'string',
    typeOptions: { rows: 3 },
    required: true,
    default: '',
    displayOptions: showFor(RESOURCE, ['generateForm']),
    description: `What the form is for, in plain words (at most ${TEXT_LIMITS.aiPrompt} characters)`,
  },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add Option',
    default: {},
    displayOptions: showFor(RESOURCE, ['generateForm']),
    options: [
      {
        displayName: 'Language',
        name: 'language',
        type: 'options',
        options: LANGUAGES.map((code) => ({ name: code, value: code })),
        default: 'en',
        description: 'Language of the generated form; default: the language of the prompt',
      },
      {
        displayName: 'Poll Interval (Seconds)',
        name: 'pollIntervalSeconds',
        type: 'number',
        typeOptions: { minValue: 0.1 },
        default: 3,
        description: 'Time between two looks at the job (the API recommends 3 s)',
      },
      {
        displayName: 'Timeout (Seconds)',
        name: 'timeoutSeconds',
        type: 'number',
        typeOptions: { minValue: 1 },
        default: 60,
        description: 'Give up when the job is not done after this long (the API recommends 60 s)',
      },
    ],
  },
];

export const ai: ResourceDefinition = {
  properties,
  operations: {
    /**
     * Queues the job, then polls it every 3 s for at most 60 s (the contract's AI_JOB_POLLING) with n8n's
     * `sleep`, so the wait is the workflow's and no timer outlives the execution.
     */
    async generateForm(context, i, client) {
      const options = context.getNodeParameter('options', i, {}) as {
        language?: (typeof LANGUAGES)[number];
        pollIntervalSeconds?: number;
        timeoutSeconds?: number;
      };
      const prompt = context.getNodeParameter('prompt', i) as string;
      const intervalMs = Math.round((options.pollIntervalSeconds ?? AI_JOB_POLLING.intervalMs / 1000) * 1000);
      const timeoutMs = Math.round((options.timeoutSeconds ?? AI_JOB_POLLING.timeoutMs / 1000) * 1000);
      const { jobId } = await client.ai.generateForm({
        prompt,
        ...(options.language === undefined ? {} : { language: options.language }),
      });
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const job = await client.ai.retrieveJob(jobId);
        if (job.status === 'DONE') {
          if (!job.form) throw new AIJobError(jobId, 'the job is DONE but carries no form', job);
          return toItems({ jobId, ...job.form, ai: job.ai });
        }
        if (job.status === 'FAILED') throw new AIJobError(jobId, job.error ?? 'the job failed', job);
        const left = deadline - Date.now();
        if (left <= 0)
          throw new AIJobError(jobId, `not done after ${timeoutMs} ms (status ${job.status})`, job);
        await sleep(Math.min(intervalMs, left));
      }
    },
  },
};
