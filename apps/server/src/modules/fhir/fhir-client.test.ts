import type { AddressInfo } from 'node:net';
import { Client } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fixedClock, type TestContext } from '../../../test/build-app';
import { call, DAYS, MONDAY_9AM, signInAll, type Sessions } from '../../../test/appointments';
import { clientToken, validate } from '../../../test/fhir';

type Res = Record<string, unknown> & { id: string; status: string; start?: string };

/**
 * The booking round trip through a standard FHIR client from npm (fhir-kit-client) against the app
 * listening on a port (issue 38): metadata, $find, $hold, $book, read back, cancel.
 */
describe('a standard FHIR client books through the IHE ITI Scheduling operations', () => {
  let t: TestContext;
  let s: Sessions;
  let client: Client;
  const clock = fixedClock(MONDAY_9AM);

  beforeAll(async () => {
    t = await buildTestApp('pglite', { clock });
    s = await signInAll(t.app);
    const token = await clientToken(t, s.admin, {
      clientId: 'booking-app.example.vn',
      name: 'Ứng dụng đặt lịch',
      scopes: ['system/Appointment.read', 'system/Appointment.write', 'system/HealthcareService.read'],
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    client = new Client({ baseUrl: `http://127.0.0.1:${port}/fhir`, bearerToken: token });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('metadata, $find, $hold, $book, read back, cancel: a real appointment staff see, then cancelled', async () => {
    const cs = (await client.capabilityStatement()) as unknown as {
      rest: { resource: { type: string; operation?: { name: string }[] }[] }[];
    };
    validate(cs);
    const row = cs.rest[0]!.resource.find((r) => r.type === 'Appointment')!;
    expect(row.operation!.map((o) => o.name)).toEqual(['find', 'hold', 'book']);

    const found = (await client.operation({
      resourceType: 'Appointment',
      name: '$find',
      input: {
        resourceType: 'Parameters',
        parameter: [
          { name: 'service-type', valueCode: 'GENERAL_PRACTICE' },
          { name: 'start', valueDate: DAYS.wed },
          { name: 'end', valueDate: DAYS.wed },
        ],
      },
    })) as unknown as { entry: { resource: Res }[] };
    validate(found);
    const proposed = found.entry.find((e) => e.resource.start === `${DAYS.wed}T16:00:00+07:00`)!.resource;
    expect(proposed.status).toBe('proposed');

    const held = (await client.operation({
      resourceType: 'Appointment',
      name: '$hold',
      input: {
        resourceType: 'Parameters',
        parameter: [
          {
            name: 'appointment-resource',
            resource: {
              ...proposed,
              status: 'pending',
              contained: [
                {
                  resourceType: 'Patient',
                  id: 'p',
                  name: [{ family: 'Lê', given: ['Thị', 'Hoa'] }],
                  telecom: [{ system: 'phone', value: '0987 654 321' }],
                },
              ],
              participant: [
                ...(proposed.participant as unknown[]),
                { actor: { reference: '#p' }, required: 'required', status: 'accepted' },
              ],
            },
          },
        ],
      },
    })) as unknown as Res;
    validate(held);
    expect(held.status).toBe('pending');

    const booked = (await client.operation({
      resourceType: 'Appointment',
      name: '$book',
      input: {
        resourceType: 'Parameters',
        parameter: [{ name: 'appointment-reference', valueReference: { reference: `Appointment/${held.id}` } }],
      },
    })) as unknown as Res;
    validate(booked);
    expect(booked.id).toBe(held.id);

    const read = (await client.read({ resourceType: 'Appointment', id: held.id })) as unknown as Res;
    expect(read).toEqual(booked);
    // What staff see in Booking Manager.
    const staff = await call(t.app, s.staff, 'GET', `/api/appointments/${held.id}`);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json()).toMatchObject({
      fullName: 'Lê Thị Hoa',
      appointmentDate: DAYS.wed,
      appointmentTime: '16:00',
      department: 'GENERAL_PRACTICE',
      status: 'PENDING',
    });

    const cancelled = (await client.patch({
      resourceType: 'Appointment',
      id: held.id,
      jsonPatch: [{ op: 'replace', path: '/status', value: 'cancelled' }],
    })) as unknown as Res;
    validate(cancelled);
    expect(cancelled.status).toBe('cancelled');
    expect((await call(t.app, s.staff, 'GET', `/api/appointments/${held.id}`)).json().status).toBe('CANCELLED');
  });
});
