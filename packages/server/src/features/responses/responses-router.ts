import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { exportFileName, exportStream, sendExport } from '../../export/index.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { FiguresService } from '../analytics/index.js';
import { responsesExport } from './response-export.js';
import type { ResponsePdfs } from './response-pdf.js';
import type { ResponsesService } from './responses-service.js';

const s = initServer();

export function createResponsesRouter(
  responses: ResponsesService,
  clock: () => Date,
  figures: FiguresService,
  pdfs: ResponsePdfs,
): RouterImplementation<typeof contract.responses> {
  return s.router(contract.responses, {
    listResponses: async ({ params, query, req }) => ({
      status: 200,
      body: successBody(await responses.list(authOf(req).accountId, params.id, query), 'Responses'),
    }),
    countResponses: async ({ params, req }) => ({
      status: 200,
      body: successBody(await responses.count(authOf(req).accountId, params.id), 'Response count'),
    }),
    exportResponses: async ({ params, query, req, res }) => {
      const form = await responses.exportOf(authOf(req).accountId, params.id, query);
      const name = exportFileName(form.title, 'responses', query.format, clock(), 'form');
      const streams = await exportStream(
        form.responses,
        responsesExport(form.schema, query.format, query.bom === 'true'),
      );
      return sendExport(res, { name, format: query.format }, streams);
    },
    getResponse: async ({ params, req }) => ({
      status: 200,
      body: successBody(await responses.get(authOf(req).accountId, params.id, params.responseId), 'Response'),
    }),
    getResponsePdf: async ({ params, req, res }) => {
      const pdf = await pdfs.pdfOf(authOf(req).accountId, params.id, params.responseId);
      const name = exportFileName(
        pdf.title,
        `response-${params.responseId.slice(0, 8)}`,
        'pdf',
        clock(),
        'form',
      );
      res.setHeader('content-type', 'application/pdf');
      res.setHeader('content-disposition', contentDisposition(name));
      res.setHeader('cache-control', 'private, no-store');
      return { status: 200, body: pdf.body as never };
    },
    getResponseHistory: async ({ params, req }) => ({
      status: 200,
      body: successBody(
        await responses.history(authOf(req).accountId, params.id, params.responseId),
        'Earlier answers',
      ),
    }),
    deleteResponse: async ({ params, req }) => ({
      status: 200,
      body: successBody(
        await responses.remove(authOf(req).accountId, params.id, params.responseId),
        'Response deleted',
      ),
    }),
    getFormFigures: async ({ params, query, req }) => ({
      status: 200,
      body: successBody(await figures.of(authOf(req).accountId, params.id, query), 'Figures'),
    }),
  });
}
