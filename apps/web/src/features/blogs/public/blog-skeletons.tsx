/** Grey shapes where posts will appear; announced once as loading. */
export function BlogCardSkeletons({ count = 6, label = 'Đang tải bài viết...' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <ul aria-hidden="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
            <div className="aspect-[40/21] w-full animate-pulse bg-slate-200" />
            <div className="space-y-3 p-5">
              <div className="h-5 w-24 animate-pulse rounded-full bg-slate-200" />
              <div className="h-5 w-11/12 animate-pulse rounded bg-slate-200" />
              <div className="h-4 w-full animate-pulse rounded bg-slate-100" />
              <div className="h-4 w-4/5 animate-pulse rounded bg-slate-100" />
              <div className="h-4 w-1/2 animate-pulse rounded bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FeaturedSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-6 lg:grid-cols-3">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white lg:col-span-2">
        <div className="aspect-[40/21] w-full animate-pulse bg-slate-200" />
      </div>
      <div className="hidden space-y-6 lg:block">
        <div className="h-40 animate-pulse rounded-2xl bg-slate-200" />
        <div className="h-40 animate-pulse rounded-2xl bg-slate-200" />
      </div>
    </div>
  );
}

export function BlogPostSkeleton() {
  return (
    // A screen tall at least, so the footer is not painted under it and pushed down (CLS).
    <div role="status" aria-live="polite" className="mx-auto min-h-dvh max-w-3xl">
      <span className="sr-only">Đang tải bài viết...</span>
      <div aria-hidden="true" className="space-y-4">
        <div className="h-5 w-28 animate-pulse rounded-full bg-slate-200" />
        <div className="h-10 w-full animate-pulse rounded bg-slate-200" />
        <div className="h-10 w-2/3 animate-pulse rounded bg-slate-200" />
        <div className="h-5 w-1/2 animate-pulse rounded bg-slate-100" />
        <div className="aspect-[40/21] w-full animate-pulse rounded-2xl bg-slate-200" />
        <div className="h-4 w-full animate-pulse rounded bg-slate-100" />
        <div className="h-4 w-11/12 animate-pulse rounded bg-slate-100" />
        <div className="h-4 w-4/5 animate-pulse rounded bg-slate-100" />
      </div>
    </div>
  );
}
