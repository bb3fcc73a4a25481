import { createContext, useContext, type ComponentProps } from 'react';
import * as TabsPrimitive from 'radix-ui/tabs';
import { useLanguage } from '@/lib/use-translation';
import { directionOf } from '@/lib/language';
import { cn } from '@/lib/cn';

/**
 * Tabs on Radix (roles, arrows, Home/End, roving focus). `dir` is the page's language, so in Arabic
 * the arrow pointing toward the reading direction (left) opens the next tab.
 *   - 'segmented' (admin filters): the tabs sit in a grey well, the open one filled with the brand.
 *   - 'nav' (the account pages): a row on phones or a column beside the panel, the open one tinted.
 */
type TabsVariant = 'segmented' | 'nav';

const VariantContext = createContext<TabsVariant>('segmented');

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

// The layout (flex, wrap, grid, column) is the caller's: cn() does not resolve conflicting classes.
const listClasses: Record<TabsVariant, string> = {
  segmented: 'gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-900',
  nav: 'gap-1',
};

const triggerClasses: Record<TabsVariant, string> = {
  segmented:
    'inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-100 data-[state=active]:bg-brand-700 data-[state=active]:text-white dark:text-slate-300 dark:hover:bg-slate-800 dark:data-[state=active]:bg-brand-500 dark:data-[state=active]:text-slate-950',
  nav: 'flex h-11 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-semibold whitespace-nowrap text-slate-700 transition-colors hover:bg-slate-100 data-[state=active]:bg-brand-50 data-[state=active]:text-brand-800 dark:text-slate-300 dark:hover:bg-slate-800 dark:data-[state=active]:bg-brand-950 dark:data-[state=active]:text-brand-200',
};

export function Tabs({ dir, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  const lng = useLanguage();
  return <TabsPrimitive.Root dir={dir ?? directionOf(lng)} {...props} />;
}

export function TabsList({
  variant = 'segmented',
  className,
  ...props
}: ComponentProps<typeof TabsPrimitive.List> & { variant?: TabsVariant }) {
  return (
    <VariantContext value={variant}>
      <TabsPrimitive.List className={cn(listClasses[variant], className)} {...props} />
    </VariantContext>
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  const variant = useContext(VariantContext);
  return <TabsPrimitive.Trigger className={cn(triggerClasses[variant], focusRing, className)} {...props} />;
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn(focusRing, className)} {...props} />;
}
