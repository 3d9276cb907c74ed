import { cleanup, configure } from '@testing-library/react';
import { applyZodLocale } from '@vendaval/core/zod-locale';
import { afterEach } from 'vitest';

applyZodLocale();

// Lazy routes load their modules on first visit, which takes longer than the default second, and on a 2-core
// machine at a load of 25 the first screen of a file took over 10 s. A cap, not a wait: conditions end it sooner.
configure({ asyncUtilTimeout: 25_000 });

// jsdom lacks the layout APIs Mantine reads.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
});
