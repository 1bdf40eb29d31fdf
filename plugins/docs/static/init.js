// Starts Swagger UI on this server's own document. validatorUrl null: no badge fetched from
// validator.swagger.io; no top bar, so the page never loads a document from elsewhere.
window.addEventListener('DOMContentLoaded', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/v1/openapi.json',
    dom_id: '#swagger-ui',
    validatorUrl: null,
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    tryItOutEnabled: false,
    persistAuthorization: false,
  });
});
