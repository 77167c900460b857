import { describe, expect, it } from 'vitest';
import { publicAppointmentResponseSchema } from './index';
import { z } from './zod';

describe("the package's zod", () => {
  it('answers in Vietnamese where no message was written, on the server and in the browser', () => {
    const result = z.object({ n: z.number() }).safeParse({ n: 'x' });
    expect(result.error?.issues[0]?.message).toMatch(/không hợp lệ/);
    // A schema of the package, loaded however a bundler picks its modules, gets the same setting.
    const response = publicAppointmentResponseSchema.safeParse({ message: 1, appointmentId: 1 });
    expect(response.error?.issues[0]?.message).toMatch(/không hợp lệ/);
  });
});
