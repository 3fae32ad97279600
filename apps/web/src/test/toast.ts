import { screen, waitFor, type Matcher, type waitForOptions } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The notice with this text, once it shows. A toast fades in: it is in the page a moment
 * before it is mounted and visible, so finding its text is not yet seeing it.
 */
export function findToast(text: Matcher, options?: waitForOptions): Promise<HTMLElement> {
  return waitFor(() => {
    const notice = screen.getByText(text);
    expect(notice).toBeVisible();
    return notice;
  }, options);
}
