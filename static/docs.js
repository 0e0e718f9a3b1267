// Swagger UI for /docs, from static/vendor/swagger-ui (no CDN, no inline script). The
// bundle is a plain script whose global, SwaggerUIBundle, is read here; nothing of this
// page's is put on `window` (Swagger's own docs keep it as window.ui: nothing reads it).
window.addEventListener("load", function () {
  SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    validatorUrl: null, // the default would fetch a badge from swagger.io
    deepLinking: true,
  });
});
