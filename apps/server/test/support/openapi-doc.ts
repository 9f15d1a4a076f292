// The OpenAPI document as the API tests read it (api-hostile-input.test.ts, api-robustness.test.ts).

export interface MediaType {
  schema?: { type?: string; required?: string[]; properties?: Record<string, { type?: string; format?: string; maxLength?: number; description?: string }> };
  encoding?: Record<string, { contentType?: string }>;
}

export interface OpenApiOperation {
  summary?: string;
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  security?: { sessionCookie?: string[] }[];
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** The methods of a write route. */
export const WRITE = ['post', 'put', 'patch', 'delete'];
