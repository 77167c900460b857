import { BLOG_CATEGORY_CHIPS, blogCategoryKey, type BlogCategory, type BlogCategoryKey } from '@clinic/shared';

/** The public name of a stored category ('Tâm thần' → 'Sức khỏe tâm thần'). */
export function publicCategoryLabel(category: BlogCategory): string {
  const key = blogCategoryKey(category);
  return BLOG_CATEGORY_CHIPS.find((c) => c.key === key)?.label ?? category;
}

/** A chip key read from the address; anything unknown means every category. */
export function chipKeyFromParam(value: string | null): BlogCategoryKey {
  return BLOG_CATEGORY_CHIPS.find((c) => c.key === value)?.key ?? 'all';
}
