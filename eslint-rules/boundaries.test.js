// `npm run lint` runs this too: the boundary rule must refuse what it is there to refuse.
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import boundaries from './boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });
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
    { filename: 'apps/server/src/app.ts', code: "import { blogsRoutes } from './modules/blogs/blogs.routes';", options: server },
    { filename: blogPage, code: "import { BlogCard } from './public/blog-card';", options: web },
    { filename: blogPage, code: "import { Button } from '@/components/ui/button';", options: web },
    { filename: 'apps/web/src/app/routes/blog.tsx', code: "import { NewsletterBox } from '@/features/newsletter/components/newsletter-box';", options: web },
  ],
  invalid: [
    { filename: seo, code: "import { listBlogs } from '../blogs/blogs.repository';", options: server, errors: 1 },
    { filename: seo, code: "import { blogsRoutes } from '../blogs/blogs.routes';", options: server, errors: 1 },
    { filename: seo, code: "export { toBlog } from '../blogs/blog-dto';", options: server, errors: 1 },
    { filename: blogPage, code: "import { NewsletterBox } from '@/features/newsletter/components/newsletter-box';", options: web, errors: 1 },
    { filename: blogPage, code: "import { CommentsSection } from '../comments/components/comments-section';", options: web, errors: 1 },
    { filename: blogPage, code: "const page = import('@/features/users/users-page');", options: web, errors: 1 },
  ],
});
