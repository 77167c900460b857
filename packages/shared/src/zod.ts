import { z } from 'zod';

// Validation messages nobody wrote by hand still come out in Vietnamese, on the server and in the
// browser: every schema of this package takes zod from here, so the setting comes with the first.
z.config(z.locales.vi());

export { z };
