import type { Express } from 'express';

/** Publishes the service's OpenAPI document at GET /openapi.json. */
export function serveOpenApi(app: Express, document: object): void {
  app.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
}
