import type { OpenApiDocument } from "./openapi";

// The reference page of /api/v1: the OpenAPI document as plain HTML, no script and no style
// (API answers carry a closed Content-Security-Policy), readable in any browser or printed.

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!,
  );
}

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;
const pre = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;
/** Inline code spans of the descriptions (`like this`) as <code>. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");

type Operation = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: {
    name: string;
    in: string;
    required: boolean;
    description: string;
    schema: unknown;
  }[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<
    string,
    {
      description: string;
      content?: Record<
        string,
        {
          schema: unknown;
          example?: unknown;
          examples?: Record<string, { summary: string; value: unknown }>;
        }
      >;
    }
  >;
};

export function renderReferenceHtml(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      path,
      method,
      operation: operation as Operation,
    })),
  );
  const sections = document.tags.map(({ name }) => {
    const inTag = operations.filter(({ operation }) => operation.tags.includes(name));
    return `<section><h2>${escapeHtml(name)}</h2>${inTag.map(renderOperation).join("\n")}</section>`;
  });
  const contents = operations
    .map(
      ({ path, method, operation }) =>
        `<li><a href="#${operation.operationId}">${method.toUpperCase()} ${escapeHtml(path)}</a>: ${escapeHtml(operation.summary)}</li>`,
    )
    .join("");
  const schemas = Object.entries(document.components.schemas)
    .map(
      ([name, schema]) =>
        `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>${pre(schema)}</section>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(document.info.title)} reference</title></head>
<body>
<header><h1>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</h1><p>${prose(document.info.description)}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
<p>Authentication: ${code("Authorization: Bearer <token>")} with a token made on your account page, or the signed-in session. Reads of published tournaments need neither.</p></header>
<nav aria-label="Operations"><h2>Operations</h2><ul>${contents}</ul></nav>
<main>${sections.join("\n")}
<section><h2>Schemas</h2>${schemas}</section></main>
</body></html>`;
}

function renderOperation({
  path,
  method,
  operation,
}: {
  path: string;
  method: string;
  operation: Operation;
}): string {
  const parameters = operation.parameters.length
    ? `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th><th scope="col">Description</th></tr></thead><tbody>${operation.parameters
        .map(
          (parameter) =>
            `<tr><td>${code(parameter.name)}</td><td>${escapeHtml(parameter.in)}</td><td>${parameter.required ? "yes" : "no"}</td><td>${code(JSON.stringify(parameter.schema))}</td><td>${prose(parameter.description)}</td></tr>`,
        )
        .join("")}</tbody></table>`
    : "";
  const body = operation.requestBody?.content["application/json"];
  const requestBody = body
    ? `<h4>Request body (application/json)</h4>${pre(body.schema)}${body.example ? `<p>Example:</p>${pre(body.example)}` : ""}`
    : "";
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => {
      const json = response.content?.["application/json"];
      // Several examples share one disclosure: adjacent summaries would be touch targets too close together.
      const examples = json?.examples
        ? `<details><summary>Examples</summary>${Object.values(json.examples)
            .map(({ summary, value }) => `<p>${escapeHtml(summary)}:</p>${pre(value)}`)
            .join("")}</details>`
        : "";
      const example = json?.example
        ? `<details><summary>Example</summary>${pre(json.example)}</details>`
        : examples;
      return `<li><strong>${escapeHtml(status)}</strong>: ${prose(response.description)}${json && Number(status) < 300 ? pre(json.schema) : ""}${example}</li>`;
    })
    .join("");
  return `<article id="${escapeHtml(operation.operationId)}"><h3>${method.toUpperCase()} ${escapeHtml(path)}</h3><p><strong>${escapeHtml(operation.summary)}.</strong> ${prose(operation.description)}</p>${parameters}${requestBody}<h4>Responses</h4><ul>${responses}</ul></article>`;
}
