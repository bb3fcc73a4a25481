import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { mockApi } from '@/test/api-mock';
import { renderWithProviders, setLanguage } from '@/test/utils';
import { ReviewStep } from './review-step';

const values = {
  nameAr: 'مقهى الحي',
  name: 'Corner café',
  descriptionAr: 'مقهى قرب الحديقة، ونخطط لفرعين في 2027.',
  description: 'A café by the park; two new branches in 2027.',
  contactMemberName: 'Sara',
  extraDetails: 'الإيجار مدفوع حتى 2027.',
  businessTypeId: 8,
};

beforeEach(() => mockApi());
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('ar');
});

/** The description list entry (dd) that follows the term `label`. */
function valueOf(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe("ReviewStep: the owner's texts keep their own direction", () => {
  it('lays out an English description in the Arabic review by its own text (dir=auto), the labels and facts by the page', async () => {
    await setLanguage('ar');
    renderWithProviders(
      <ReviewStep values={values} meta={{ images: {}, documents: {} }} onEdit={() => undefined} />,
    );
    const description = valueOf('الوصف بالإنجليزية');
    expect(description).toHaveTextContent(values.description);
    expect(description).toHaveAttribute('dir', 'auto');
    expect(valueOf('اسم المشروع بالإنجليزية')).toHaveAttribute('dir', 'auto');
    expect(valueOf('اسم المشروع بالعربية')).toHaveAttribute('dir', 'auto');
    expect(valueOf('اسم المسؤول عن التواصل')).toHaveAttribute('dir', 'auto');
    // Not user text: an empty value's dash and the step's own values follow the page.
    expect(valueOf('عدد الموظفين')).not.toHaveAttribute('dir');
    expect(await screen.findByText('أغذية ومشروبات')).not.toHaveAttribute('dir');
  });

  it('lays out Arabic extra details in the English review by their own text', async () => {
    await setLanguage('en');
    renderWithProviders(
      <ReviewStep values={values} meta={{ images: {}, documents: {} }} onEdit={() => undefined} />,
    );
    const details = valueOf('Extra details');
    expect(details).toHaveTextContent(values.extraDetails);
    expect(details).toHaveAttribute('dir', 'auto');
  });
});
