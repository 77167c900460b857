interface SectionHeadingProps {
  /** Used as the heading's id, so the section can point at it with aria-labelledby. */
  id: string;
  title: string;
  eyebrow?: string;
  description?: string;
  align?: 'center' | 'left';
}

/** The h2 that opens a marketing section, with an optional small label above and a lead below. */
export function SectionHeading({ id, title, eyebrow, description, align = 'center' }: SectionHeadingProps) {
  const centered = align === 'center';
  return (
    <div className={centered ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-teal-700 uppercase">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {description ? <p className="mt-4 text-lg leading-relaxed text-slate-600">{description}</p> : null}
    </div>
  );
}
