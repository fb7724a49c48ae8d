import { signDelivery } from '@formloom/contract';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { OutboxSender } from '../channel.js';
import { postDelivery } from '../send.js';

/**
 * The webhook channel (docs/webhooks.md): the event's JSON as is, signed with the endpoint's secret
 * (the target's `config_sealed`, sealed under the server key, the endpoint id as context), POSTed
 * to the endpoint's URL.
 */
export function createWebhookSender(box: SecretBox): OutboxSender {
  return {
    channel: 'webhook',
    async send(delivery, { timeoutMs, policy, clock }) {
      const target = delivery.target as { url: string; config_sealed: string };
      let headers: Record<string, string>;
      try {
        const secret = box.open(target.config_sealed, delivery.endpointId);
        headers = await signDelivery({
          id: delivery.id,
          timestamp: clock(),
          body: delivery.payload,
          secret,
          event: delivery.eventType,
        });
      } catch (error) {
        return { statusCode: null, durationMs: 0, error: (error as Error).message, responseBody: null };
      }
      return postDelivery(target.url, delivery.payload, headers, { timeoutMs, policy });
    },
  };
}
