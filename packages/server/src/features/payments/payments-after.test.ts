import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { publishForm } from '../../../test/support/page-fixtures.js';
import { paymentsKit, ticketSchema } from '../../../test/support/payments-kit.js';
import { type StripeStandIn, startStripeStandIn } from '../../../test/support/stripe-stand-in.js';
import { describeDialects } from '../../../test/support/test-database.js';
import { type TestServer, useTestServer } from '../../../test/support/test-server.js';

const PAYMENT_COLUMNS = ['paymentStatus', 'paymentAmount', 'paymentCurrency', 'paymentIntentId'];

describeDialects("a payment's life after it is paid", (dialect) => {
  let stand: StripeStandIn;
  beforeAll(async () => {
    stand = await startStripeStandIn();
    return () => stand.close();
  });
  const t: TestServer = useTestServer(dialect, { appConfig: () => ({ stripeApiBase: stand.url }) });
  const { shop, start, paid } = paymentsKit(t, () => stand);
  const refund = (s: { id: string; key: string }, responseId: string, json: unknown = {}) =>
    t.request(`/v1/forms/${s.id}/responses/${responseId}/refund`, { method: 'POST', key: s.key, json });
  const download = async (s: { id: string; key: string }, format: string) => {
    const res = await fetch(`${t.url}/v1/forms/${s.id}/responses/export?format=${format}`, {
      headers: { authorization: `Bearer ${s.key}` },
    });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  it('exports each payment (status, amount in major units, currency, PaymentIntent) in csv, xlsx and json', async () => {
    const s = await shop();
    const first = await paid(s.code, { name: 'Ada', qty: 3 });
    const second = await paid(s.code, { name: 'Bo', qty: 1 });
    expect((await refund(s, second.responseId, { amount: 250 })).status).toBe(200);

    const csv = parse(await download(s, 'csv'), { columns: true }) as Record<string, string>[];
    expect(Object.keys(csv[0]!).slice(-4)).toEqual(PAYMENT_COLUMNS);
    const byId = new Map(csv.map((row) => [row.id, row]));
    expect(byId.get(first.responseId)).toMatchObject({
      paymentStatus: 'succeeded',
      paymentAmount: '37.5',
      paymentCurrency: 'EUR',
      paymentIntentId: first.intent,
    });
    expect(byId.get(second.responseId)).toMatchObject({
      paymentStatus: 'partially_refunded',
      paymentAmount: '12.5',
      paymentIntentId: second.intent,
    });

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(s, 'xlsx')) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const heads = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(heads.slice(-4)).toEqual(PAYMENT_COLUMNS);
    const rows = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    const amounts = rows.map((r) => r[heads.indexOf('paymentAmount')]).sort();
    // Numbers, so a spreadsheet sums them.
    expect(amounts).toEqual([12.5, 37.5]);

    const json = JSON.parse((await download(s, 'json')).toString('utf8')) as {
      id: string;
      payment: unknown;
    }[];
    expect(json.find((r) => r.id === first.responseId)!.payment).toMatchObject({
      status: 'succeeded',
      amount: 3750,
      currency: 'EUR',
      paymentIntentId: first.intent,
    });

    // A form without a payment field has no payment columns.
    const plain = ticketSchema();
    plain.fields = plain.fields.filter((f) => f.type !== 'payment');
    const free = await publishForm(t, s.key, plain);
    const header = (await download({ id: free.id, key: s.key }, 'csv')).toString('utf8').split('\n')[0]!;
    expect(header).not.toContain('payment');
  });

  it('sums the revenue per currency in the figures, less refunds, after the currency changed', async () => {
    const s = await shop(ticketSchema({ amountVariable: 'total', currency: 'JPY' }));
    await paid(s.code, { name: 'Ada', qty: 2 });
    const refunded = await paid(s.code, { name: 'Bo', qty: 4 });
    expect((await refund(s, refunded.responseId, { amount: 20 })).status).toBe(200);
    // An unpaid start counts for nothing.
    expect((await start(s.code, { name: 'Cy', qty: 9 })).status).toBe(201);
    // The form now sells in KWD (three decimals) and EUR never again: each currency apart.
    const put = await t.request(`/v1/forms/${s.id}`, {
      method: 'PATCH',
      key: s.key,
      json: { schema: ticketSchema({ amountVariable: 'total', currency: 'KWD' }) },
    });
    expect(put.status, put.text).toBe(200);
    const publish = await t.request(`/v1/forms/${s.id}/publish`, { method: 'POST', key: s.key });
    expect(publish.status, publish.text).toBe(200);
    const kwd = await paid(s.code, { name: 'Di', qty: 1 });
    expect((await refund(s, kwd.responseId)).body.data.status).toBe('refunded');
    await paid(s.code, { name: 'Ed', qty: 2 });

    const figures = await t.request(`/v1/forms/${s.id}/figures`, { key: s.key });
    expect(figures.status, figures.text).toBe(200);
    expect(figures.body.data.revenue).toEqual([
      // Yen have no minor units: 2 × 12.5 = 25 and 4 × 12.5 = 50, 20 of it refunded.
      { currency: 'JPY', amount: 25 + 50 - 20, refunded: 20, payments: 2 },
      { currency: 'KWD', amount: 25_000, refunded: 12_500, payments: 2 },
    ]);
    // A form without a payment field has no revenue.
    const plain = ticketSchema();
    plain.fields = plain.fields.filter((f) => f.type !== 'payment');
    const free = await publishForm(t, s.key, plain);
    const none = await t.request(`/v1/forms/${free.id}/figures`, { key: s.key });
    expect(none.body.data).not.toHaveProperty('revenue');
  });

  it('passes the e-mail answered to Stripe for its receipt, and no address when none is answered', async () => {
    const s = await shop();
    const withMail = await start(s.code, { name: 'Ada', email: 'ada@example.com', qty: 1 });
    expect(stand.session(withMail.body.data.sessionId)!.customer_email).toBe('ada@example.com');
    const sent = stand.requests.findLast((r) => r.path === '/v1/checkout/sessions')!;
    expect(sent.body.customer_email).toBe('ada@example.com');
    const without = await start(s.code, { name: 'Bo', qty: 1 });
    expect(stand.session(without.body.data.sessionId)!.customer_email).toBeNull();
    expect(stand.requests.findLast((r) => r.path === '/v1/checkout/sessions')!.body).not.toHaveProperty(
      'customer_email',
    );
  });
});
