import type { AppRouter } from '@ts-rest/core';
import type { createExpressEndpoints } from '@ts-rest/express';

/** ts-rest's express adapter uses this type but does not export it. */
export type RouterImplementation<T extends AppRouter> = Parameters<typeof createExpressEndpoints<T>>[1];
