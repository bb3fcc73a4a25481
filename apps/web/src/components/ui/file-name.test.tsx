import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { FileName } from './file-name';

/**
 * The DOM that keeps "القوائم المالية 2025.pdf" in its order on either page direction: the whole name
 * isolated (bdi, its own direction), the extension a left-to-right embedding after the base. The
 * rendered order itself is checked in Chromium (e2e/tests/document-names.spec.ts).
 */
describe('FileName', () => {
  it('isolates the name and keeps its extension as left-to-right text after the base', () => {
    const { container } = render(
      <FileName name="القوائم المالية 2025.pdf" id="doc-1" className="truncate" />,
    );
    const name = container.firstElementChild!;
    expect(name.tagName).toBe('BDI');
    expect(name.id).toBe('doc-1');
    expect(name.className).toBe('truncate');
    expect(name.hasAttribute('dir')).toBe(false);
    expect(name.textContent).toBe('القوائم المالية 2025.pdf');
    const [base, extension] = Array.from(name.childNodes);
    expect(base?.nodeType).toBe(Node.TEXT_NODE);
    expect(base?.textContent).toBe('القوائم المالية 2025');
    expect(extension).toBeInstanceOf(HTMLSpanElement);
    expect((extension as HTMLElement).getAttribute('dir')).toBe('ltr');
    // An embedding, not an isolate: the digits ending the base join the extension in one run.
    expect((extension as HTMLElement).className).toBe('[unicode-bidi:embed]');
    expect(extension?.textContent).toBe('.pdf');
  });

  it.each(['README', '.hidden', 'report.final-version'])(
    'a name without a plain extension (%s) stays whole',
    (n) => {
      const { container } = render(<FileName name={n} />);
      const name = container.firstElementChild!;
      expect(name.tagName).toBe('BDI');
      expect(name.childNodes).toHaveLength(1);
      expect(name.textContent).toBe(n);
    },
  );
});
