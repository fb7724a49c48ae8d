import { AI_JOB_POLLING, type Contract, contract } from '@formloom/contract';
import { APIPromise } from '../core/api-promise.js';
import { APIUserAbortError, FormloomError } from '../core/error.js';
import type { BodyOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.ai;
type R = Contract['ai'];
type AiJob = ResultOf<R['getAiJob']>;
type GeneratedForm = NonNullable<AiJob['form']>;

export interface WaitOptions {
  /** Milliseconds between polls. Default 3,000 (the contract's AI_JOB_POLLING). */
  intervalMs?: number;
  /** Give up after this many milliseconds. Default 60,000. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** An AI job failed (`reason` is the job's failure reason) or did not finish in time. */
export class AIJobError extends FormloomError {
  override name = 'AIJobError';
  constructor(
    readonly jobId: string,
    readonly reason: string,
    /** The job as last seen. */
    readonly job: AiJob | undefined,
  ) {
    super(`AI job ${jobId}: ${reason}`);
  }
}

/**
 * What `generateForm` and `translateForm` return: await it for `{jobId, status}`, or `.wait()` for
 * the form (generated, or translated).
 */
export class GenerateFormPromise extends APIPromise<ResultOf<R['generateForm']>> {
  constructor(
    inner: APIPromise<ResultOf<R['generateForm']>>,
    private readonly ai: AI,
  ) {
    super(
      () => inner.asResponse(),
      (response) => inner._parse(response),
    );
  }

  /**
   * Polls the job until it is DONE and returns the created (DRAFT) form; throws
   * {@link AIJobError} with the job's failure reason when it FAILED, or when it is not done in time.
   *
   * ```ts
   * const form = await client.ai.generateForm({ prompt: 'A customer feedback survey' }).wait();
   * ```
   */
  async wait(options: WaitOptions = {}): Promise<GeneratedForm> {
    const intervalMs = options.intervalMs ?? AI_JOB_POLLING.intervalMs;
    const timeoutMs = options.timeoutMs ?? AI_JOB_POLLING.timeoutMs;
    const deadline = Date.now() + timeoutMs;
    const { jobId } = await this;
    let job: AiJob | undefined;
    for (;;) {
      job = await this.ai.retrieveJob(jobId, options.signal ? { signal: options.signal } : undefined);
      if (job.status === 'DONE') {
        if (job.form) return job.form;
        throw new AIJobError(jobId, 'the job is DONE but carries no form', job);
      }
      if (job.status === 'FAILED') throw new AIJobError(jobId, job.error ?? 'the job failed', job);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new AIJobError(jobId, `not done after ${timeoutMs} ms (status ${job.status})`, job);
      await sleep(Math.min(intervalMs, left), options.signal);
    }
  }
}

/** AI form generation (an asynchronous job). */
export class AI extends APIResource {
  /** Queues a job that generates a form from a prompt; `.wait()` on the result for the form. */
  generateForm(body: BodyOf<R['generateForm']>, options?: RequestOptions): GenerateFormPromise {
    return new GenerateFormPromise(this._client._call(routes.generateForm, { body }, options), this);
  }

  /**
   * Queues a job that writes a form's texts in `language` into `schema.translations.<language>`
   * (costs credits as a chat); `.wait()` on the result for the form with its new translations.
   * Only texts the language lacks are translated; `overwrite: true` replaces the ones it has too.
   *
   * ```ts
   * const form = await client.ai.translateForm(formId, { language: 'de' }).wait();
   * form.schema.translations?.de?.['meta.title'];
   * ```
   */
  translateForm(
    formId: string,
    body: BodyOf<R['translateForm']>,
    options?: RequestOptions,
  ): GenerateFormPromise {
    return new GenerateFormPromise(
      this._client._call(routes.translateForm, { params: { id: formId }, body }, options),
      this,
    );
  }

  /** The job: PENDING, PROCESSING, DONE (with `form`) or FAILED (with `error`). */
  retrieveJob(jobId: string, options?: RequestOptions): APIPromise<AiJob> {
    return this._client._call(routes.getAiJob, { params: { jobId } }, options);
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => new APIUserAbortError({ cause: signal?.reason });
    if (signal?.aborted) return reject(aborted());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
