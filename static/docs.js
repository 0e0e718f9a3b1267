// Swagger UI for /docs, from static/vendor/swagger-ui (no CDN, no inline script).
window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    validatorUrl: null, // the default would fetch a badge from swagger.io
    deepLinking: true,
  });
});
