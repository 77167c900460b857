// `npm run lint` runs this too: the boundary rule must refuse what it is there to refuse.
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import boundaries from './boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});
const rule = boundaries.rules['no-cross-boundary'];
const server = [{ zones: [{ dir: 'apps/server/src/modules', public: ['\\.service$'] }] }];
const web = [{ aliases: { '@': 'apps/web/src' }, zones: [{ dir: 'apps/web/src/features' }] }];
const seo = 'apps/server/src/modules/seo/seo.service.ts';
const blogPage = 'apps/web/src/features/blogs/blog-list-page.tsx';

tester.run('no-cross-boundary', rule, {
  valid: [
    { filename: seo, code: "import { listPublishedForSitemap } from '../blogs/blogs.service';", options: server },
    { filename: seo, code: "import { escapeXml } from '../../lib/text';", options: server },
    { filename: seo, code: "import { buildRobots } from './seo.helpers';", options: server },
    {
      filename: 'apps/server/src/app.ts',
      code: "import { blogsRoutes } from './modules/blogs/blogs.routes';",
      options: server,
    },
    { filename: blogPage, code: "import { BlogCard } from './public/blog-card';", options: web },
    { filename: blogPage, code: "import { Button } from '@/components/ui/button';", options: web },
    {
      filename: 'apps/web/src/app/routes/blog.tsx',
      code: "import { NewsletterBox } from '@/features/newsletter/components/newsletter-box';",
      options: web,
    },
  ],
  invalid: [
    { filename: seo, code: "import { listBlogs } from '../blogs/blogs.repository';", options: server, errors: 1 },
    { filename: seo, code: "import { blogsRoutes } from '../blogs/blogs.routes';", options: server, errors: 1 },
    { filename: seo, code: "export { toBlog } from '../blogs/blog-dto';", options: server, errors: 1 },
    {
      filename: blogPage,
      code: "import { NewsletterBox } from '@/features/newsletter/components/newsletter-box';",
      options: web,
      errors: 1,
    },
    {
      filename: blogPage,
      code: "import { CommentsSection } from '../comments/components/comments-section';",
      options: web,
      errors: 1,
    },
    { filename: blogPage, code: "const page = import('@/features/users/users-page');", options: web, errors: 1 },
  ],
});

const direction = boundaries.rules['import-direction'];
const layers = [
  {
    aliases: { '@': 'apps/web/src' },
    layers: [
      {
        name: 'Shared web code',
        dirs: ['apps/web/src/components', 'apps/web/src/hooks'],
        above: ['apps/web/src/features', 'apps/web/src/app', 'apps/web/src/layouts'],
      },
      { name: 'A feature', dirs: ['apps/web/src/features'], above: ['apps/web/src/app', 'apps/web/src/layouts'] },
    ],
  },
];
const button = 'apps/web/src/components/ui/button.tsx';

tester.run('import-direction', direction, {
  valid: [
    { filename: button, code: "import { cn } from '@/lib/cn';", options: layers },
    { filename: button, code: "import { Spinner } from './spinner';", options: layers },
    { filename: blogPage, code: "import { Button } from '@/components/ui/button';", options: layers },
    { filename: blogPage, code: "import { useAuth } from '../../hooks/use-auth';", options: layers },
    {
      filename: 'apps/web/src/app/router.tsx',
      code: "import { PublicLayout } from '@/layouts/public-layout';",
      options: layers,
    },
    {
      filename: 'apps/web/src/app/routes/blog.tsx',
      code: "const page = import('@/features/blogs/blog-list-page');",
      options: layers,
    },
  ],
  invalid: [
    { filename: button, code: "import { login } from '@/features/auth/api/login';", options: layers, errors: 1 },
    { filename: button, code: "import { routes } from '../../app/router';", options: layers, errors: 1 },
    {
      filename: 'apps/web/src/hooks/use-auth.ts',
      code: "export { AdminLayout } from '@/layouts/admin-layout';",
      options: layers,
      errors: 1,
    },
    { filename: blogPage, code: "import { routes } from '@/app/router';", options: layers, errors: 1 },
    { filename: blogPage, code: "const layout = import('../../layouts/admin-layout');", options: layers, errors: 1 },
  ],
});
