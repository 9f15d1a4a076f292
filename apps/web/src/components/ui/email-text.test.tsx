// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailText } from './email-text.tsx';

afterEach(cleanup);

describe('EmailText', () => {
  it('may wrap only before the @ and the dots, and reads (and copies) as the address', () => {
    const { container } = render(<EmailText email="maria.santos@cibao.com.do" />);
    const span = container.firstElementChild!;
    expect(span.textContent).toBe('maria.santos@cibao.com.do');
    expect(span.innerHTML).toBe('maria<wbr>.santos<wbr>@cibao<wbr>.com<wbr>.do');
    expect(span.className).not.toContain('break-all');
  });
});
