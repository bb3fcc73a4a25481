import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { textContrast } from '@/test/contrast';
import { Gallery } from './gallery';

describe('Gallery', () => {
  it('says there are no pictures in text that meets WCAG AA contrast on its grey panel', () => {
    render(<Gallery pictures={[]} title="مقهى الواحة" />);
    const message = screen.getByText('لا توجد صور لهذه الفرصة');
    // 14 px normal text needs 4.5:1; slate-500 on slate-100 was 4.34 (axe, e2e offers-chat in English).
    expect(textContrast(message)).toBeGreaterThanOrEqual(4.5);
  });
});
