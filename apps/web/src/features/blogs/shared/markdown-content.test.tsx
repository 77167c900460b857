import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownContent } from './markdown-content';
import { safeUrlTransform } from './markdown-renderer';

const node = {} as Parameters<typeof safeUrlTransform>[2];

describe('safeUrlTransform', () => {
  it('keeps web, mail, phone and same-site addresses', () => {
    for (const url of [
      'https://who.int/a',
      'http://x.vn',
      'mailto:a@b.vn',
      'tel:115',
      '/blog/2',
      '#muc-1',
      'bai-viet',
    ]) {
      expect(safeUrlTransform(url, 'href', node), url).toBe(url);
    }
    expect(safeUrlTransform('/api/images/3', 'src', node)).toBe('/api/images/3');
  });

  it('drops script, data and protocol-relative addresses, and non-web images', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
    ]) {
      expect(safeUrlTransform(url, 'href', node), url).toBe('');
    }
    expect(safeUrlTransform('mailto:a@b.vn', 'src', node)).toBe('');
  });
});

describe('MarkdownContent', () => {
  it('renders Markdown and leaves raw HTML out', async () => {
    const { container } = render(
      <MarkdownContent>{'# Tiêu đề\n\n<script>alert(1)</script>\n\n<b onclick="x()">đậm</b> ~~cũ~~'}</MarkdownContent>,
    );
    // The page keeps its one h1: a Markdown h1 becomes an h2.
    // The renderer loads on demand (its first import is slow on a busy machine).
    expect(await screen.findByRole('heading', { level: 2, name: 'Tiêu đề' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(container.querySelector('script, b, h1')).toBeNull();
    expect(container.querySelector('del')).toHaveTextContent('cũ');
  });

  it('opens links to other sites in a new tab without giving them this page', async () => {
    render(<MarkdownContent>{'[WHO](https://who.int)'}</MarkdownContent>);
    const link = await screen.findByRole('link', { name: 'WHO' }, { timeout: 10_000 });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });
});
