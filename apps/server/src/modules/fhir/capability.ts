import { CLINIC } from '@clinic/shared';
import type { Config } from '../../config';
import { fhirBase, tokenUrl } from './fhir-clients.service';
import { NEEDS, RESOURCES } from './resources';
import { OPERATIONS } from './appointment-operations';

/** The interactions beyond read and search a resource serves: the Appointment's cancel (fhir.routes.ts). */
export const UPDATES: Record<string, string[]> = { Appointment: ['update', 'patch'] };

/** The interactions every resource of the table serves (routes: fhir.routes.ts, from the same list). */
export const INTERACTIONS = Object.keys(NEEDS) as (keyof typeof NEEDS)[];
/** The search parameters every search takes besides its own. */
export const COMMON_SEARCH_PARAMS = [
  { name: '_count', type: 'number', documentation: 'Entries per page: 0 to 100, 20 by default.' },
  {
    name: '_offset',
    type: 'number',
    documentation: 'Entries to skip (the Bundle’s next and previous links carry it).',
  },
] as const;

/** GET /fhir/metadata: made from the resource table, so it names exactly what the routes serve. */
export function capabilityStatement(config: Config, date: string) {
  const base = fhirBase(config);
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date,
    publisher: CLINIC.name,
    kind: 'instance',
    software: { name: `${CLINIC.shortName} FHIR` },
    implementation: { description: `${CLINIC.name}: FHIR R4`, url: base },
    fhirVersion: '4.0.1',
    format: ['json'],
    rest: [
      {
        mode: 'server',
        documentation:
          'SMART Backend Services (client credentials with a signed JWT assertion); a signed-in patient’s own session token reads her own Patient, Appointments, Encounters and CarePlans: docs/FHIR.md.',
        security: {
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [{ url: 'token', valueUri: tokenUrl(config) }],
            },
          ],
        },
        resource: RESOURCES.map((r) => ({
          type: r.type,
          documentation: r.documentation,
          interaction: [...INTERACTIONS, ...(UPDATES[r.type] ?? [])].map((code) => ({ code })),
          searchParam: r.searchParams.map((p) => ({ name: p.name, type: p.type, documentation: p.documentation })),
          ...(OPERATIONS.some((o) => o.type === r.type)
            ? {
                operation: OPERATIONS.filter((o) => o.type === r.type).map((o) => ({
                  name: o.name,
                  definition: o.definition,
                  documentation: o.documentation,
                })),
              }
            : {}),
        })),
        searchParam: COMMON_SEARCH_PARAMS.map((p) => ({ ...p })),
      },
    ],
  };
}

/** GET /fhir/.well-known/smart-configuration (SMART App Launch 2.0, backend services). */
export function smartConfiguration(config: Config) {
  return {
    token_endpoint: tokenUrl(config),
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
    grant_types_supported: ['client_credentials'],
    scopes_supported: [
      ...RESOURCES.flatMap((r) => [`system/${r.type}.read`, `system/${r.type}.rs`]),
      ...Object.keys(UPDATES).flatMap((type) => [`system/${type}.write`, `system/${type}.cu`]),
      'system/*.read',
    ],
    capabilities: ['client-confidential-asymmetric'],
  };
}
