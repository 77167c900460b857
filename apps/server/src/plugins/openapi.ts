import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { CLINIC } from '@clinic/shared';

/** The OpenAPI document comes from the route schemas; it is served at /api/docs. */
export const openApiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${CLINIC.shortName} API`,
        description: `API của ${CLINIC.name}: đặt lịch, quản lý lịch hẹn, người dùng và blog.`,
        version: '1.0.0',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    // Schemas registered with an id (z.globalRegistry) become named components the routes refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });
});
