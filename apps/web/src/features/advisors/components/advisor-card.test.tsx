import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdvisorCard } from './advisor-card';

describe('AdvisorCard', () => {
  it("lays out an advisor's name and bio by their own direction, not the page's", () => {
    render(
      <AdvisorCard
        advisor={{
          id: 1,
          username: 'Omar Haddad',
          bio: 'CFA; ten years of due diligence for cafés in 2016-2026.',
          experienceYears: 10,
          businessTypes: [{ id: 8, nameAR: 'أغذية ومشروبات', nameEN: 'Food & Beverage' }],
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Omar Haddad' })).toHaveAttribute('dir', 'auto');
    expect(screen.getByText(/ten years of due diligence/)).toHaveAttribute('dir', 'auto');
    // Sector names are ours, in the page's language and direction.
    expect(screen.getByText('أغذية ومشروبات')).not.toHaveAttribute('dir');
  });
});
