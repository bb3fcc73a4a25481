import type { ComponentProps, ElementType } from 'react';
import { cn } from '@/lib/cn';

/** The look of a card: a white (dark: slate) panel with a hairline border and round corners. */
const CARD = 'rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';

/** A card's classes, for an element that is not a plain box (a link, a list item styled elsewhere). */
export function cardClasses(className?: string) {
  return cn(CARD, className);
}

type CardProps<T extends ElementType> = { as?: T } & Omit<ComponentProps<T>, 'as'>;

/**
 * A card; padding and shadow come from `className` (`p-5 shadow-sm`), since cards differ in both.
 * `as` picks the element (`section`, `article`, `li`), so the page keeps its landmarks and lists.
 */
export function Card<T extends ElementType = 'div'>({ as, className, ...props }: CardProps<T>) {
  const Element: ElementType = as ?? 'div';
  return <Element className={cardClasses(className as string | undefined)} {...props} />;
}
