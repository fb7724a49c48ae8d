import { AIJobError, APIError } from '@formloom/sdk';
import { type INode, type JsonObject, NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * An error of a call as n8n shows it: an answer of the API becomes a `NodeApiError` carrying the
 * API's own message, status, error code and request id; anything else a `NodeOperationError`.
 */
export function toNodeError(
  node: INode,
  error: unknown,
  itemIndex: number,
): NodeApiError | NodeOperationError {
  if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
  if (error instanceof APIError) {
    const body = error.body as { message?: unknown } | undefined;
    const apiMessage = typeof body?.message === 'string' ? body.message : error.message;
    const details = [
      error.code,
      error.issues?.map((issue) => `${issue.path}: ${issue.message}`).join('; '),
      error.requestId === undefined ? undefined : `request id ${error.requestId}`,
    ].filter((part): part is string => typeof part === 'string' && part !== '');
    return new NodeApiError(node, (error.body ?? { message: error.message }) as JsonObject, {
      message: apiMessage,
      description: details.join(' · ') || undefined,
      ...(error.status === undefined ? {} : { httpCode: String(error.status) }),
      itemIndex,
    });
  }
  if (error instanceof AIJobError) {
    return new NodeApiError(node, { message: error.message, jobId: error.jobId } as JsonObject, {
      message: error.message,
      itemIndex,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new NodeOperationError(node, message, { itemIndex });
}
